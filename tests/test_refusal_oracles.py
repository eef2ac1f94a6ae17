"""Refusals are no oracles (R-ALL-6): "What a seat may not see is, in every answer it is
given, exactly what does not exist: an order naming another player's hidden army (an ambush
waiting off the map), another player's secret purchase or a battle the seat may not read is
refused word for word as an order naming an id nobody has used."

Every action of a ruleset is probed, each of its text fields in turn, once with the id of
something hidden from the seat and once with an id nobody has used: the two answers must
be the same sentence but for the id. The reproductions of the report come first: `halt` of
a hidden ambush party answered whose it was, `scout` of one that it was off the map, and
`cancel_purchase` of another's purchase that it was "not yours"."""

from __future__ import annotations

import attrs
import pytest
from apps import rauscher_kit as K

from tuicamp.engine.actions import Action
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import InputError, RuleError
from tuicamp.rules.rauscher.economy import actions as E
from tuicamp.rules.rauscher.movement import actions as M

MISSING = "zz-nobody-used-this"
ALWAYS_REFUSED = E.CancelPurchase(purchase="zz-refused-after-the-probe")
AMBUSH_NAME = "Hidden Huntsmen"


def secrets_of_stirland() -> tuple[Engine, str, str]:
    """The Stir Border with a Stirland ambush party waiting off the map and a Stirland
    purchase waiting to be placed: the party's and the purchase's ids."""
    engine = K.fresh()
    engine.perform(
        "stirland",
        M.SetAmbush(
            army=K.WARDENS,
            units=["wardens-crossbowmen"],
            territory="hochmoor-fields",
            name=AMBUSH_NAME,
        ),
    )
    engine.perform("stirland", E.BuyRecruits(name="Halberdiers", points=250, models=25))
    camp = engine.campaign
    (ambush,) = camp.state.movement.ambushes
    (purchase,) = camp.state.economy.purchases
    assert camp.army(ambush.army).hex is None  # off the map: hidden from Sylvania
    return engine, ambush.army, purchase.id


def answer(engine: Engine, seat: str, action: Action) -> tuple[int | None, str]:
    """What the seat is told of ``action``, changing nothing: the action is followed by one
    that is always refused, so even an accepted probe is taken back (``perform_all`` is
    all or nothing); the answer is which order was refused and the sentence."""
    before = engine.snapshot()
    with pytest.raises((RuleError, InputError)) as refused:
        engine.perform_all(seat, [action, ALWAYS_REFUSED])
    assert engine.snapshot() == before
    return getattr(refused.value, "action_index", None), str(refused.value)


def same_answer(engine: Engine, seat: str, make, hidden: str) -> tuple[str, str]:
    """The answers to the probe at the hidden id and at the unused one, ids blanked."""
    index_h, said_h = answer(engine, seat, make(hidden))
    index_m, said_m = answer(engine, seat, make(MISSING))
    assert index_h == index_m, (said_h, said_m)
    return said_h.replace(hidden, "ID"), said_m.replace(MISSING, "ID")


@pytest.mark.parametrize(
    "make, which",
    [
        (lambda i: M.Halt(army=i), "army"),
        (lambda i: M.Scout(scout=K.GREY, target=i), "army"),
        (lambda i: E.SplitArmy(army=i, units=["wardens-crossbowmen"]), "army"),
        (lambda i: E.CancelPurchase(purchase=i), "purchase"),
        (lambda i: E.DismissPurchase(purchase=i), "purchase"),
        (lambda i: E.PlacePurchase(purchase=i, settlement="drakenhof"), "purchase"),
    ],
    ids=["halt", "scout", "split_army", "cancel_purchase", "dismiss_purchase", "place_purchase"],
)
@pytest.mark.parametrize("phase", ["upkeep", "movement"])
def test_the_reported_probes_are_answered_as_for_nothing(make, which, phase):
    """`halt a1`, `scout a1`, `cancel_purchase p1` and their kin, at Stirland's hidden
    party and purchase, tell Sylvania what an unused id tells it (R-ALL-6)."""
    engine, party, purchase = secrets_of_stirland()
    K.until(engine, phase)
    hidden = party if which == "army" else purchase
    said_hidden, said_missing = same_answer(engine, "sylvania", make, hidden)
    assert said_hidden == said_missing
    assert AMBUSH_NAME not in said_hidden and "Stirland" not in said_hidden
    assert "off the map" not in said_hidden and "not yours" not in said_hidden


def test_the_owner_is_told_more_so_the_probes_can_fail():
    """The ids are real: Stirland's own refusals at them say something else than at an
    unused id, so the check above would see a leak if Sylvania were told the same."""
    engine, party, purchase = secrets_of_stirland()
    said = answer(engine, "stirland", M.Halt(army=party))[1]
    assert "There is no army" not in said
    said = answer(engine, "stirland", E.PlacePurchase(purchase=purchase, settlement="nowhere"))[1]
    assert "There is no purchase" not in said


def _probe(cls: type[Action], field: str, value: str) -> Action | None:
    """``cls`` with ``field`` set to ``value`` (a list of one, for a list of ids) and every
    other field left at its default or a harmless stand-in; None when it cannot be made."""
    kwargs: dict[str, object] = {}
    for f in attrs.fields(cls):
        kind = _type_name(f.type)
        if f.name == field:
            kwargs[f.name] = [value] if kind.startswith("list") else value
        elif f.default is attrs.NOTHING:
            stand_in = {"str": "x", "int": 1, "bool": False}
            if kind in stand_in:
                kwargs[f.name] = stand_in[kind]
            elif kind.startswith(("list", "dict")):
                kwargs[f.name] = [] if kind.startswith("list") else {}
            else:
                return None
    try:
        return cls(**kwargs)
    except (TypeError, ValueError):
        return None


def _type_name(annotation: object) -> str:
    """A field's type as written ("str", "list[str]"), whether attrs still holds the
    annotation's text or a converter has resolved it in place (cattrs does, the first
    time it structures the class), so the probes do not depend on which tests ran first."""
    if isinstance(annotation, str):
        return annotation
    if isinstance(annotation, type):
        return annotation.__name__
    return str(annotation)


def _text_fields(cls: type[Action]) -> list[str]:
    return [
        f.name
        for f in attrs.fields(cls)
        if f.name != "dice" and _type_name(f.type) in ("str", "list[str]")
    ]


@pytest.mark.parametrize("phase", ["upkeep", "movement", "combat"])
def test_no_order_of_the_ruleset_tells_a_hidden_id_from_an_unused_one(phase):
    """Every Rauscher order, every text field of it in turn, at the hidden party's and the
    hidden purchase's ids: the same sentence as at an unused id (R-ALL-6)."""
    engine, party, purchase = secrets_of_stirland()
    K.until(engine, phase)
    probed = 0
    for cls in engine.ruleset.actions:
        for field in _text_fields(cls):
            for hidden in (party, purchase):
                if _probe(cls, field, hidden) is None:
                    continue
                said_hidden, said_missing = same_answer(
                    engine, "sylvania", lambda i, c=cls, f=field: _probe(c, f, i), hidden
                )
                assert said_hidden == said_missing, (cls.kind, field)
                probed += 1
    assert probed > 50
