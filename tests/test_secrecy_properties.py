"""Secrecy over random legal play: two Warmasters of the Stir Border play random legal
turns with secret purchases and hidden ambushes; after every few actions, every line the
other seat receives is checked against the facts marked hidden from it.

What a seat receives: `tuicamp show` and `tuicamp log` as its view prints them, the battles
it is listed (their lines and the cards it may read), and the refusals of probes at every
id the campaign holds (armies, purchases, battles) — each probe refused, as R-ALL-6 says,
"word for word as an order naming an id nobody has used" when what it names is hidden,
and no answer naming a hidden fact. The facts hidden from a seat are read from the raw
campaign by ``test_rauscher_secrecy.hidden_from`` (the other side's unit names in armies
not open to it, its purchases' names, its ambush parties' names, sealed orders and notes),
with the ids of the other side's purchases and hidden parties, which the seat's own ids,
numbers and lines may not name either (R-ALL-7). Nor may any id the seat receives count
what was made before it: "What is made in play gets an id that counts nothing" (R-ALL-7),
so no line holds an id of the counted kind (``p2``, ``a14``, ``u31``).
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rauscher_properties import SCENARIO, bring_armies_close, candidates
from test_rauscher_secrecy import PLAYERS, Told, _met, _named, hidden_from, leaks

from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import InputError, RuleError
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.game.battlecard import battle_known, build_card, card_hidden_reason, card_text
from tuicamp.game.setup import new_campaign
from tuicamp.game.textreport import chronicle_text, show_text
from tuicamp.model.ids import ALPHABET
from tuicamp.rules.rauscher.economy import actions as E
from tuicamp.rules.rauscher.movement import actions as M
from tuicamp.rules.rauscher.shared.common import rstate

MISSING = "zz-nobody-used-this"
ALWAYS_REFUSED = E.CancelPurchase(purchase="zz-refused-after-the-probe")
COUNTED_ID = re.compile(r"\b(?:pr|ag|[apur])\d{1,3}\b")  # a count of things made (a code is 4)


def counted_ids(text: str) -> list[str]:
    """The ids in ``text`` that count things made (R-ALL-7): a prefix and a number, but
    not a prefix and a four-character code that happens to read so (purchase ``p`` with
    code ``r787`` is ``pr787``; codes hold no 0 or 1)."""
    return [m for m in COUNTED_ID.findall(text) if not _a_code(m)]


def _a_code(token: str) -> bool:
    return token[:-4] in ("a", "u", "p", "r", "pr", "ag") and all(c in ALPHABET for c in token[-4:])


def secret_actions(engine: Engine, count: int) -> list[tuple[str, object]]:
    """Orders that make secrets: recruits bought under names nobody else could know, and
    an ambush set in the player's own territory."""
    camp = engine.campaign
    out: list[tuple[str, object]] = []
    if camp.phase != "upkeep":
        return out
    for player in PLAYERS:
        name = f"Secret {player.title()} Band {count}"
        out.append((player, E.BuyRecruits(name=name, points=100, models=10)))
        territory = next((t for t in camp.map.territories if t.owner == player), None)
        for army in camp.armies_of(player):
            if army.hex is not None and len(army.units) > 1 and territory is not None:
                out.append(
                    (
                        player,
                        M.SetAmbush(
                            army=army.id,
                            units=[army.units[-1].id],
                            territory=territory.id,
                            name=f"Shadow {player.title()} {count}",
                        ),
                    )
                )
                break
    return out


def hidden_ids(engine: Engine, seat: str) -> set[str]:
    """The ids of the other side's purchases and of armies hidden from the seat."""
    camp = engine.campaign
    rules = Rules(camp, engine.ruleset)
    me = camp.seat(seat)
    ids = {p.id for p in rstate(camp).economy.purchases if not me.controls(p.player)}
    ids |= {a.id for a in camp.armies if engine.ruleset.army_visibility(rules, me, a) == "hidden"}
    return ids


def _answer(engine: Engine, seat: str, action: object) -> tuple[int | None, str]:
    with_refusal = [action, ALWAYS_REFUSED]
    try:
        engine.perform_all(seat, with_refusal)  # type: ignore[arg-type]
    except (RuleError, InputError) as refused:
        return getattr(refused, "action_index", None), str(refused)
    raise AssertionError("the closing order is always refused")


def probes(engine: Engine, seat: str, ident: str) -> list[object]:
    """Orders that reach for ``ident`` as an army, a purchase and a battle."""
    mine = next((a.id for a in engine.campaign.armies_of(seat) if a.hex is not None), "x")
    return [
        M.Halt(army=ident),
        M.Scout(scout=mine, target=ident),
        E.SplitArmy(army=ident, units=["x"]),
        E.CancelPurchase(purchase=ident),
        E.DismissPurchase(purchase=ident),
        E.PlacePurchase(purchase=ident, settlement="x"),
    ]


def refusals(engine: Engine, seat: str, idents: list[str]) -> str:
    """The answers to probes at each id, the probed id blanked (the seat typed it): each
    at a hidden id must read as at an unused one."""
    hidden = hidden_ids(engine, seat)
    before = engine.snapshot()
    out = []
    for ident in idents:
        for make in range(len(probes(engine, seat, ident))):
            index, said = _answer(engine, seat, probes(engine, seat, ident)[make])
            said = said.replace(ident, "ID")
            if ident in hidden:
                unused = _answer(engine, seat, probes(engine, seat, MISSING)[make])
                assert (index, said) == (unused[0], unused[1].replace(MISSING, "ID")), ident
            out.append(said)
    assert engine.snapshot() == before, "a probe changed the campaign"
    return "\n".join(out)


def received(engine: Engine, seat: str, idents: list[str]) -> dict[str, str]:
    """Every line the seat is given, by where it is given."""
    rules = Rules(engine.campaign, engine.ruleset)
    view = view_for(rules, engine.chronicle, seat)
    known = [b for b in engine.campaign.battles if battle_known(view, b)]
    return {
        "show": show_text(view, engine.ruleset),
        "log": chronicle_text(view),
        "battles": "\n".join(
            [f"{b.id} {b.status.value}" for b in known]
            + [card_text(build_card(rules, b)) for b in known if not card_hidden_reason(view, b)]
        ),
        "refusals": refusals(engine, seat, idents),
    }


def check(engine: Engine, told: Told, draw) -> int:
    """No seat receives a fact hidden from it; the number of secrets checked for."""
    camp = engine.campaign
    every_id = sorted(
        {a.id for a in camp.armies}
        | {p.id for p in rstate(camp).economy.purchases}
        | {b.id for b in camp.battles}
    )
    checked = 0
    for seat in PLAYERS:
        hidden = hidden_ids(engine, seat)
        sample = sorted(hidden) + draw(
            st.lists(st.sampled_from(every_id), max_size=3, unique=True), label="probed ids"
        )
        # a word the names the seat may read hold too is no secret to find ("Levy" is
        # bought by both sides, and "The Essen Levy" is a counter on the map)
        own = [p.name for p in rstate(camp).economy.purchases if p.player == seat]
        own += [u.name for a in camp.armies_of(seat) for u in a.units]
        own += [a.name for a in view_for(Rules(camp, engine.ruleset), [], seat).armies]
        mine = "\n".join(own)
        secrets = {s for s in hidden_from(engine, seat, told) if not _named(mine, s)} | hidden
        got = received(engine, seat, sample)
        assert leaks(got, secrets) == [], seat
        counted = {where: counted_ids(text) for where, text in got.items()}
        assert not any(counted.values()), (seat, counted)
        checked += len(secrets)
    return checked


def remember_battles(engine: Engine, told: Told, before: dict[str, set[str]]) -> None:
    """A seat that fought a battle saw the armies it faced as they stood when it began:
    units lost in it (dead, or set aside injured until a later turn) are named to it by the
    casualty lines, though they are gone from their army when the action ends."""
    for seat in PLAYERS:
        for army in _met(engine, seat):
            told.names[seat] |= before.get(army, set())


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.data())
def test_random_legal_play_tells_no_seat_a_hidden_fact(seed, data):
    """Two seats, random legal turns with secrets made on the way; after every fourth
    action and at the end, nothing either seat receives names what is hidden from it."""
    camp = new_campaign(SCENARIO, "rauscher", seed=seed, options={"auto_resolve_battles": "true"})
    bring_armies_close(camp)
    engine = Engine(camp)
    told = Told()
    performed = secrets = 0
    for step in range(48):
        choices = candidates(engine) + secret_actions(engine, step)
        if not choices or camp.finished:
            break
        seat, action = data.draw(st.sampled_from(choices), label="order")
        before = {a.id: {u.name for u in a.units} for a in camp.armies}
        try:
            engine.perform(seat, action)  # type: ignore[arg-type]
            performed += 1
        except RuleError:
            continue
        remember_battles(engine, told, before)
        if performed % 4 == 0:
            secrets += check(engine, told, data.draw)
    secrets += check(engine, told, data.draw)
    assert performed > 0 and secrets > 0
