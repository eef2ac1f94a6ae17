"""Re-rolls through the engine: any roll of the last action that rolled dice.

"A fate point may be used at any time during the course of play to re-roll any one roll"
(Rauscher; the next rulesets have their kin). The engine keeps a re-roll point for the last
action that rolled dice and re-rolls by playing it again, table-dice style: "every other
roll given its old value and the chosen roll drawn afresh"; "dropped as soon as any other
action happens"; "saved with the campaign"; the chronicle voids the earlier events "as undo
does". A tiny ruleset here says who may: one's own rolls, for one fate point each.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from attrs import define, field
from conftest import small_campaign
from hypothesis import given, settings
from hypothesis import strategies as st

from tuicamp.engine import registry
from tuicamp.engine.actions import Action
from tuicamp.engine.context import Context
from tuicamp.engine.engine import Engine, action_types
from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.engine.rerolls import Reroll
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import Phase, Ruleset
from tuicamp.engine.views import view_for
from tuicamp.game.session import Session
from tuicamp.model.campaign import Campaign, DiceMode, DiceState
from tuicamp.model.forces import Player, Seat
from tuicamp.model.ids import roll_number
from tuicamp.model.map import HexMap
from tuicamp.model.rerolls import RecordedRoll
from tuicamp.rules.kit import rerolls as kit
from tuicamp.rules.sandbox.actions import Roll as SandboxRoll


# --- a tiny ruleset: three rolls, a branching roll, a note, one fate point a re-roll ------
@define
class TrioState:
    results: dict[str, int] = field(factory=dict)
    fate: dict[str, int] = field(factory=dict)


@define(kw_only=True)
class RollThree(Action):
    """Three d6, each told in its own event; the second one only to ``secret``'s player."""

    kind = "roll_three"
    secret: str = ""


@define(kw_only=True)
class RollMany(Action):
    kind = "roll_many"
    count: int


@define(kw_only=True)
class Branch(Action):
    """A gate d6; on 4 or more a bonus d6; then a final d6."""

    kind = "branch"


@define(kw_only=True)
class Note(Action):
    kind = "note"
    text: str


def _roll(ctx: Context, name: str, **emit) -> None:
    total = ctx.dice.d6(name)
    ctx.campaign.state.results[name] = total
    ctx.emit("rolled", f"{name} is {total}", **emit)


class TrioRuleset(Ruleset):
    id = "trio"
    title = "Trio"
    phases = (Phase("play", "Play"),)
    actions = (RollThree, RollMany, Branch, Note)
    state_class = TrioState

    def apply(self, ctx: Context, action: Action) -> None:
        if isinstance(action, RollThree):
            _roll(ctx, "first")
            _roll(ctx, "second", visible_to=[action.secret] if action.secret else None)
            _roll(ctx, "third")
        elif isinstance(action, RollMany):
            for i in range(action.count):
                _roll(ctx, f"roll {i}")
        elif isinstance(action, Branch):
            if ctx.dice.d6("gate") >= 4:
                _roll(ctx, "bonus")
            _roll(ctx, "final")
        elif isinstance(action, Note):
            ctx.emit("note", action.text)

    def may_reroll(self, rules: Rules, seat: Seat, roll: RecordedRoll, player: str) -> str | None:
        refusal = kit.refusal(rules, seat, roll, player)
        if refusal is not None:
            return refusal
        payer = kit.owner(rules, seat, roll, player)
        return None if rules.campaign.state.fate.get(payer, 0) > 0 else "No fate point left"

    def pay_for_reroll(self, ctx: Context, roll: RecordedRoll, player: str) -> None:
        payer = kit.owner(ctx, ctx.seat, roll, player)
        ctx.campaign.state.fate[payer] -= 1
        ctx.emit(
            "fate", f"{payer} spends a fate point on roll #{roll.id}", visible_to=roll.visible_to
        )


TRIO = TrioRuleset()


@pytest.fixture(autouse=True)
def trio(monkeypatch: pytest.MonkeyPatch) -> TrioRuleset:
    monkeypatch.setattr(registry, "load_rulesets", lambda: {"trio": TRIO})
    return TRIO


def trio_campaign(table: bool = False, fate: int = 2) -> Campaign:
    camp = Campaign(
        "Trio",
        "trio",
        "trio",
        HexMap.blank(4, 4),
        [Player("p1", "Anna", "Empire"), Player("p2", "Bruno", "Orcs")],
        [Seat("p1", "Anna", ["p1"]), Seat("p2", "Bruno", ["p2"]), Seat("gm", "GM", gm=True)],
        dice=DiceState(seed=7, mode=DiceMode.TABLE if table else DiceMode.APP),
    )
    TRIO.setup(camp, {})
    camp.state.fate = {"p1": fate, "p2": fate}
    return camp


def nth(engine: Engine, n: int) -> int:
    """The number of the campaign's ``n``-th roll, as the chronicle shows it (a code of the
    count, R-ALL-7: "Ids and numbers a seat is shown do not count what is hidden from it")."""
    return roll_number(engine.campaign.dice.seed, n)


def results(engine: Engine) -> list[int]:
    r = engine.campaign.state.results
    return [r["first"], r["second"], r["third"]]


# --- the rule ---------------------------------------------------------------------------------
def test_rerolling_the_second_of_three_rolls_keeps_the_others():
    """ "every other roll given its old value ... and the chosen roll drawn afresh from the
    campaign's seeded dice"; the price is paid; the new rolls have new numbers."""
    engine = Engine(trio_campaign())
    engine.perform("p1", RollThree())
    old = results(engine)
    second = engine.campaign.reroll.rolls[1]
    draws = engine.campaign.dice.draws
    events = engine.perform("p1", Reroll(roll=second.id))
    new = results(engine)
    assert new[0] == old[0] and new[2] == old[2]
    assert engine.campaign.dice.draws > draws  # drawn afresh, not an old draw again
    assert engine.campaign.state.fate["p1"] == 1
    assert [e.kind for e in events] == ["void", "fate", "rolled", "rolled", "rolled"]
    assert events[0].data["voids"] == [1, 2, 3]
    replayed = [r for e in events[2:] for r in e.rolls]
    assert [r.id for r in replayed] == [nth(engine, n) for n in (4, 5, 6)]
    assert [r.total for r in replayed] == new


def test_a_reroll_stands_and_another_roll_of_the_action_can_still_be_rerolled():
    """The point stays with the action after a re-roll: its re-roll stands (the kit's
    refusal), its other rolls may still be re-rolled, each for its price."""
    engine = Engine(trio_campaign())
    engine.perform("p1", RollThree())
    engine.perform("p1", Reroll(roll=nth(engine, 2)))
    after_first = results(engine)
    with pytest.raises(RuleError, match="a re-roll stands"):
        engine.perform("p1", Reroll(roll=nth(engine, 5)))
    engine.perform("p1", Reroll(roll=nth(engine, 6)))
    assert results(engine)[:2] == after_first[:2]
    assert engine.campaign.state.fate["p1"] == 0  # both prices paid, the first one kept


def test_a_reroll_after_another_action_is_refused():
    """ "dropped as soon as any other action happens (then the roll is settled for good;
    say so in the refusal)"."""
    engine = Engine(trio_campaign())
    engine.perform("p1", RollThree())
    engine.perform("p2", Note(text="the orcs wait"))
    assert engine.campaign.reroll is None
    with pytest.raises(RuleError, match="settled them for good"):
        engine.perform("p1", Reroll(roll=nth(engine, 2)))


def test_a_roll_of_an_earlier_action_is_refused_by_number():
    engine = Engine(trio_campaign())
    engine.perform("p1", RollThree())
    engine.perform("p1", RollThree())
    later = ", ".join(f"#{nth(engine, n)}" for n in (4, 5, 6))
    with pytest.raises(RuleError, match=f"Roll #{nth(engine, 2)} cannot be re-rolled.*{later}"):
        engine.perform("p1", Reroll(roll=nth(engine, 2)))


def test_a_refused_action_leaves_the_point_in_place():
    """A refusal is no action: the rolls stay open."""
    engine = Engine(trio_campaign())
    engine.perform("p1", RollThree())
    with pytest.raises(RuleError):
        engine.perform("p1", RollMany(count=1, dice=[3]))  # app dice: 1 value not needed
    assert engine.campaign.reroll is not None
    engine.perform("p1", Reroll(roll=nth(engine, 1)))


def test_only_ones_own_rolls_are_rerolled_and_by_default_none():
    """The ruleset decides who may: here one's own rolls; without a rule, nobody."""
    engine = Engine(trio_campaign())
    engine.perform("p1", RollThree())
    with pytest.raises(RuleError, match="not one of Bruno's"):
        engine.perform("p2", Reroll(roll=nth(engine, 1)))
    engine.campaign.state.fate["p1"] = 0
    with pytest.raises(RuleError, match="No fate point"):
        engine.perform("p1", Reroll(roll=nth(engine, 1)))

    class NoRerolls(TrioRuleset):
        may_reroll = Ruleset.may_reroll

    plain = Engine(trio_campaign(), ruleset=NoRerolls())
    plain.perform("p1", RollThree())
    with pytest.raises(RuleError, match="has no rule that lets a roll be re-rolled"):
        plain.perform("p1", Reroll(roll=nth(plain, 1)))


def test_the_kit_lists_the_rolls_the_ruleset_lets_a_seat_reroll():
    """What a screen offers is what the engine's re-roll takes: the rolls of the last
    action the ruleset allows (its may_reroll: the shared checks and the price), the
    secret roll to its reader only, none after the price is gone, none without a rule,
    none once another action has settled them."""
    engine = Engine(trio_campaign())
    engine.perform("p1", RollThree(secret="p2"))

    def allowed(seat: str, ruleset: Ruleset = TRIO) -> list[int]:
        camp = engine.campaign
        return [r.id for r in kit.allowed(Rules(camp, ruleset), camp.seat(seat))]

    assert allowed("p1") == [nth(engine, 1), nth(engine, 3)]  # the second: Bruno's only
    assert allowed("p2") == []  # Anna's rolls, not his

    class NoRerolls(TrioRuleset):
        may_reroll = Ruleset.may_reroll

    assert allowed("p1", NoRerolls()) == []
    engine.perform("p1", Reroll(roll=nth(engine, 3)))  # one of Anna's two fate points
    assert allowed("p1") == [nth(engine, 4)]  # the replay's: 5th Bruno's secret, 6th stands
    engine.campaign.state.fate["p1"] = 0
    assert allowed("p1") == []  # no price left to pay
    engine.campaign.state.fate["p1"] = 1
    engine.perform("p2", Note(text="the orcs wait"))
    assert allowed("p1") == []  # settled for good


def test_the_sandbox_allows_no_reroll(monkeypatch):
    monkeypatch.undo()  # the bundled rulesets again
    engine = Engine(small_campaign())
    (event,) = engine.perform("p1", SandboxRoll(expr="d6"))
    with pytest.raises(RuleError, match="no rule that lets a roll be re-rolled"):
        engine.perform("p1", Reroll(roll=event.rolls[0].id))


def test_a_reroll_survives_save_and_load(tmp_path: Path):
    """ "It is saved with the campaign (so `tuicamp apply` in a later process can still
    re-roll)"."""
    path = tmp_path / "trio.toml"
    Session.create(path, trio_campaign())
    Session.open(path).perform("p1", RollThree())
    old = results(Session.open(path).engine)
    later = Session.open(path)
    later.perform("p1", Reroll(roll=nth(later, 2)))
    again = Session.open(path)
    assert results(again.engine)[0::2] == old[0::2]
    assert [e.kind for e in again.chronicle][-5:] == ["void", "fate", "rolled", "rolled", "rolled"]
    point = again.campaign.reroll
    assert point is not None and point.roll(nth(again.engine, 5)).rerolled


def test_table_dice_ask_for_the_one_value():
    """ "or entered, in table-dice mode": the re-roll asks for the chosen roll's value alone;
    the others keep the values entered before."""
    engine = Engine(trio_campaign(table=True))
    engine.perform("p1", RollThree(dice=[1, 2, 3]))
    with pytest.raises(DiceNeeded) as asked:
        engine.perform("p1", Reroll(roll=nth(engine, 2)))
    assert (asked.value.expr, asked.value.reason, asked.value.count) == ("d6", "second", 1)
    assert asked.value.then == []
    assert results(engine) == [1, 2, 3] and engine.campaign.state.fate["p1"] == 2
    engine.perform("p1", Reroll(roll=nth(engine, 2), dice=[6]))
    assert results(engine) == [1, 6, 3]


def test_a_changed_path_draws_the_rolls_after_it_afresh():
    """ "Where the replay asks for a different sequence of rolls after the re-rolled one
    (its value changed the path), the rolls after it are drawn afresh too"."""
    engine = Engine(trio_campaign(table=True))
    engine.perform("p1", Branch(dice=[5, 2, 3]))  # gate 5: a bonus 2, final 3
    with pytest.raises(DiceNeeded) as asked:
        engine.perform(
            "p1", Reroll(roll=nth(engine, 1), dice=[1])
        )  # gate 1: no bonus; final is new
    assert (asked.value.reason, asked.value.count) == ("final", 1)
    engine.perform("p1", Reroll(roll=nth(engine, 1), dice=[1, 4]))
    assert engine.campaign.state.results == {"final": 4}
    engine.perform("p1", Note(text="next"))
    engine.perform("p1", Branch(dice=[2, 3]))  # gate 2: final 3
    engine.perform("p1", Reroll(roll=engine.campaign.reroll.rolls[0].id, dice=[6, 5, 3]))
    assert engine.campaign.state.results == {
        "bonus": 5,
        "final": 3,
    }  # the path grew: bonus and final anew


def test_the_chronicle_shows_the_void_and_the_new_events_to_the_right_seats_only():
    """The voiding of an event is told to those who read it, and only to them."""
    engine = Engine(trio_campaign())
    engine.perform("p1", RollThree(secret="p1"))
    engine.perform("p1", Reroll(roll=nth(engine, 1)))

    def read(seat: str) -> list[str]:
        view = view_for(Rules(engine.campaign, TRIO), engine.chronicle, seat)
        return [f"{e.kind}:{e.seq}" for e in view.chronicle]

    secret_void = next(e for e in engine.chronicle if e.kind == "void" and e.visible_to)
    public_void = next(e for e in engine.chronicle if e.kind == "void" and not e.visible_to)
    assert secret_void.data["voids"] == [2] and public_void.data["voids"] == [1, 3]
    assert read("p1") == [
        "rolled:1",
        "rolled:2",
        "rolled:3",
        "void:4",
        "void:5",
        "fate:6",
        "rolled:7",
        "rolled:8",
        "rolled:9",
    ]
    # R-ALL-7: "A seat's chronicle is numbered 1, 2, 3... over the events it may read"
    assert read("p2") == ["rolled:1", "rolled:2", "void:3", "fate:4", "rolled:5", "rolled:6"]
    assert len(read("gm")) == 9
    assert "second" not in " ".join(e.text for e in engine.chronicle if e.visible_to is None)


def test_a_rerolled_action_is_not_undoable_and_undo_settles_the_rolls():
    """ "Undo and re-roll must not fight": nothing is undone across a re-roll, and an undo
    (an action too) does not bring back the point of the action before."""
    engine = Engine(trio_campaign())
    engine.perform("p1", Note(text="before"))
    engine.perform("p1", RollThree())
    engine.perform("p1", Reroll(roll=nth(engine, 3)))
    with pytest.raises(RuleError, match="Nothing to undo"):
        engine.undo("p1")
    engine.perform("p1", Note(text="after"))
    engine.undo("p1")
    with pytest.raises(RuleError, match="settled them for good"):
        engine.perform("p1", Reroll(roll=nth(engine, 4)))


def test_reroll_is_an_action_of_every_ruleset():
    assert action_types(TRIO)["reroll"] is Reroll


@settings(max_examples=30, deadline=None)
@given(count=st.integers(2, 6), chosen=st.data(), seed=st.integers(0, 2**32))
def test_every_roll_but_the_chosen_one_keeps_its_value(count, chosen, seed):
    """The invariant: whichever roll is re-rolled, the others keep their values (the path
    here does not depend on them), and the chosen one is a new draw of the seeded dice."""
    camp = trio_campaign()
    camp.dice.seed = seed
    engine = Engine(camp)
    engine.perform("p1", RollMany(count=count))
    old = dict(camp.state.results)
    k = chosen.draw(st.integers(0, count - 1))
    engine.perform("p1", Reroll(roll=nth(engine, k + 1)))
    new = camp.state.results
    assert {n: v for n, v in new.items() if n != f"roll {k}"} == {
        n: v for n, v in old.items() if n != f"roll {k}"
    }
    (fresh,) = [r for r in camp.reroll.rolls if r.rerolled]
    assert fresh.reason == f"roll {k}" and fresh.id == nth(engine, count + k + 1)
