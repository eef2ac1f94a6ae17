"""The engine's flow of play, on a small ruleset made for the purpose: turn orders, steps,
ending a phase, the clock on the campaign and on every event, set-up as the first action,
phases that end by themselves, open and private play, and scheduled effects."""

from __future__ import annotations

from typing import Any

import pytest
from attrs import define

from tuicamp.engine.actions import Action
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.context import Context
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.engine.flow import (
    ByOption,
    Custom,
    EndPhase,
    Fixed,
    Play,
    Rolled,
    Simultaneous,
)
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import Option, Phase, Ruleset
from tuicamp.engine.views import view_for
from tuicamp.model import Campaign, HexMap, Player, Seat
from tuicamp.model.campaign import DiceMode, DiceState
from tuicamp.model.flow import Clock, ScheduledEffect
from tuicamp.ui import seating


@define(kw_only=True)
class Note(Action):
    kind = "note"
    summary = "Write a note"
    text: str = "a note"


@define(kw_only=True)
class Plan(Action):
    kind = "plan"
    summary = "Set something to happen later"
    turn: int = 0
    phase: str = ""
    step: int = 0
    text: str = "It happens"
    secret: bool = False


class FlowRules(Ruleset):
    """A ruleset of nothing but its flow, with hooks that write down when they run."""

    id = "flowtest"
    title = "Flow test"
    actions = (Note, Plan)
    options = (Option("together", False, "Everyone at once"),)
    turn_text = "Week {turn} begins"

    def __init__(self, *phases: Phase, blockers: dict[str, str] | None = None) -> None:
        self.phases = phases
        self.calls: list[tuple[str, Clock]] = []
        self.blockers = blockers or {}
        self.fired: list[ScheduledEffect] = []

    def apply(self, ctx: Context, action: Action) -> None:
        if isinstance(action, Plan):
            effect = ctx.schedule(
                "plan",
                turn=action.turn or None,
                phase=action.phase or None,
                step=action.step,
                text=action.text,
                visible_to=[ctx.seat.players[0]] if action.secret else None,
                by=ctx.seat.id,
            )
            ctx.emit("planned", f"Planned for {effect.clock}")
        else:
            ctx.emit("note", action.text)

    def end_blockers(self, ctx: Context, player: str) -> list[str]:
        return [self.blockers[player]] if player in self.blockers else []

    def turn_start(self, ctx: Context) -> None:
        self.calls.append(("turn_start", ctx.clock))

    def fire(self, ctx: Context, effect: ScheduledEffect) -> None:
        self.fired.append(effect)
        super().fire(ctx, effect)


def hook(rules: FlowRules, name: str):
    def run(ctx: Context) -> None:
        rules.calls.append((name, ctx.clock))

    return run


def make_campaign(players: int = 3, *, table_dice: bool = False, **options: Any) -> Campaign:
    names = ["Anna", "Bruno", "Carla", "Dora"][:players]
    people = [Player(f"p{i + 1}", name, "Empire") for i, name in enumerate(names)]
    seats = [Seat(p.id, p.name, [p.id]) for p in people]
    seats.append(Seat("gm", "Games Master", gm=True))
    mode = DiceMode.TABLE if table_dice else DiceMode.APP
    return Campaign(
        "Flow",
        "test",
        "flowtest",
        HexMap.blank(4, 4),
        people,
        seats,
        options=dict(options),
        dice=DiceState(seed=7, mode=mode),
    )


def new_engine(rules: FlowRules, camp: Campaign | None = None, dice: list[int] | None = None):
    """A campaign set up by its first engine action."""
    camp = camp or make_campaign()
    engine = Engine(camp, ruleset=rules, quiet_start=False)
    engine.set_up({}, dice)
    return engine


def kinds(engine: Engine, since: int = 0) -> list[str]:
    return [e.kind for e in engine.chronicle[since:]]


# --- set-up -------------------------------------------------------------------------------
def test_set_up_is_the_first_action_and_opens_the_first_phase():
    """ "Set-up becomes the campaign's first engine action": its events open the chronicle,
    the first phase begins with its hook, and it cannot be done twice."""
    rules = FlowRules(Phase("orders", "Orders", order=Fixed()), Phase("war", "War"))
    rules.phases = (
        Phase("orders", "Orders", order=Fixed(), on_enter=hook(rules, "orders")),
        rules.phases[1],
    )
    engine = new_engine(rules)
    assert kinds(engine) == ["setup", "phase"]
    assert engine.chronicle[0].text.startswith("Set-up: Flow, under Flow test, with Anna")
    assert [e.action for e in engine.chronicle] == [1, 1]
    assert rules.calls == [("orders", Clock(1, "orders"))]
    assert engine.acting_seats() == ["p1"]
    with pytest.raises(RuleError, match="already set up"):
        engine.set_up({})


def test_a_campaign_without_a_gm_seat_is_still_set_up_by_the_gm():
    camp = make_campaign()
    camp.seats = [s for s in camp.seats if not s.gm]
    engine = new_engine(FlowRules(Phase("war", "War")), camp)
    assert engine.chronicle[0].seat == "gm" and camp.flow.started


def test_a_campaign_built_in_code_starts_quietly():
    """Set up outside the engine (tests, plugins): the order is arranged, nothing told."""
    rules = FlowRules(Phase("war", "War", order=Fixed()))
    engine = Engine(make_campaign(), ruleset=rules)
    assert engine.chronicle == [] and engine.acting_seats() == ["p1"]


# --- orders ---------------------------------------------------------------------------------
def test_a_fixed_order_goes_player_by_player_in_the_rulesets_order():
    """ "fixed: players one after another in an order the ruleset gives"."""
    order = Fixed(lambda rules: ["p3", "p1", "p2"])
    engine = new_engine(FlowRules(Phase("war", "War", order=order)))
    camp = engine.campaign
    assert engine.acting_seats() == ["p3"]
    with pytest.raises(RuleError, match="It is not your turn: Carla is to play"):
        engine.perform("p1", EndPhase())
    (event,) = engine.perform("p3", EndPhase())
    assert (event.kind, event.text, event.player) == (
        "end_phase",
        "Carla has finished the War phase",
        "p3",
    )
    assert engine.acting_seats() == ["p1"] and camp.flow.position == 1
    engine.perform("gm", EndPhase())  # the GM ends for the player to act
    events = engine.perform("p2", EndPhase())
    assert [e.kind for e in events] == ["end_phase", "new_turn"]
    assert events[-1].text == "Week 2 begins" and camp.clock == Clock(2, "war")
    assert engine.acting_seats() == ["p3"]


def test_simultaneous_play_ends_when_everyone_has_ended():
    """ "simultaneous: everyone acts, the phase ends when all have ended"."""
    rules = FlowRules(Phase("muster", "Muster"), Phase("war", "War"))
    engine = new_engine(rules)
    assert engine.acting_seats() == ["p1", "p2", "p3"]
    engine.perform("p2", EndPhase())
    assert engine.acting_seats() == ["p1", "p3"]
    with pytest.raises(RuleError, match="not your turn"):
        engine.perform("p2", EndPhase())
    with pytest.raises(RuleError, match="The part of Bruno in this phase is ended already"):
        engine.perform("gm", EndPhase(player="p2"))
    engine.perform("gm", EndPhase(player="p3"))
    events = engine.perform("p1", EndPhase())
    assert [e.kind for e in events] == ["end_phase", "phase"]
    assert events[-1].text == "The War phase begins"
    assert engine.acting_seats() == ["p1", "p2", "p3"]


def test_rolled_orders_reroll_ties_among_the_tied_and_are_kept():
    """ "rolled on dice with ties re-rolled among the tied, e.g. 2d6, stored and shown":
    Anna and Bruno both roll 4 and roll again (3 and 5); Carla's 2 stays last."""
    rules = FlowRules(Phase("muster", "Muster"), Phase("march", "March", order=Rolled("d6")))
    engine = new_engine(rules, make_campaign(table_dice=True))
    camp = engine.campaign
    engine.perform("p1", EndPhase())
    engine.perform("p2", EndPhase())
    with pytest.raises(DiceNeeded, match="Anna's roll for the order of play"):
        engine.perform("p3", EndPhase())
    events = engine.perform("p3", EndPhase(dice=[4, 4, 2, 3, 5]))
    assert camp.flow.order == ["p2", "p1", "p3"] and engine.acting_seats() == ["p2"]
    (rolled,) = camp.flow.rolled
    assert rolled.rolls == {"p1": [4, 3], "p2": [4, 5], "p3": [2]}
    assert (rolled.turn, rolled.phase, rolled.dice) == (1, "march", "d6")
    order = next(e for e in events if e.kind == "order")
    assert order.text == "Order of play (d6): Bruno 4 then 5, Anna 4 then 3, Carla 2"
    assert [r.dice for r in order.rolls] == [[4], [4], [2], [3], [5]]
    data = campaign_to_dict(camp)
    assert campaign_from_dict(data, None).flow.rolled == camp.flow.rolled


def test_a_rolled_order_may_go_lowest_first():
    rules = FlowRules(Phase("march", "March", order=Rolled("d6", lowest_first=True)))
    engine = new_engine(rules, make_campaign(table_dice=True), dice=[5, 1, 3])
    assert engine.campaign.flow.order == ["p2", "p3", "p1"]


def test_the_rulesets_own_order_and_an_option_picking_one():
    """ "or the ruleset's own function"; the sandbox's option picks its order."""
    custom = Custom(lambda ctx: sorted(p.id for p in ctx.campaign.players)[::-1])
    engine = new_engine(FlowRules(Phase("war", "War", order=custom)))
    assert (
        engine.campaign.flow.order == ["p3", "p2", "p1"] and not engine.campaign.flow.simultaneous
    )
    picked = ByOption("together", on=Simultaneous(), off=Fixed())
    apart = new_engine(FlowRules(Phase("war", "War", order=picked)))
    assert apart.acting_seats() == ["p1"]
    together = new_engine(
        FlowRules(Phase("war", "War", order=picked)), make_campaign(together=True)
    )
    assert together.acting_seats() == ["p1", "p2", "p3"]


def test_ending_for_a_whole_seat_at_once():
    """A seat playing two players ends for both in simultaneous play (the sandbox's
    end_turn); end_phase ends for one."""
    from tuicamp.rules.sandbox.actions import EndTurn

    camp = make_campaign()
    camp.seats[0].players.append("p2")
    engine = new_engine(FlowRules(Phase("war", "War")), camp)
    (event,) = engine.perform("p1", EndTurn())
    assert event.text == "Anna, Bruno has finished the War phase"
    assert event.player is None and camp.flow.ended == ["p1", "p2"]


# --- ending -------------------------------------------------------------------------------
def test_the_ruleset_says_what_blocks_the_end():
    """The engine "asks the ruleset what still blocks ending (a hook returning sentences)"."""
    rules = FlowRules(Phase("war", "War"), blockers={"p1": "First: write your orders"})
    engine = new_engine(rules)
    with pytest.raises(RuleError, match=r"^First: write your orders$"):
        engine.perform("p1", EndPhase())
    engine.perform("p2", EndPhase())


def test_the_turn_start_hook_and_the_phase_hooks_run_in_order():
    rules = FlowRules()
    rules.phases = (
        Phase("a", "A", on_enter=hook(rules, "enter a"), on_leave=hook(rules, "leave a")),
        Phase("b", "B", on_enter=hook(rules, "enter b"), on_leave=hook(rules, "leave b")),
    )
    engine = new_engine(rules, make_campaign(players=1))
    for _ in range(2):
        engine.perform("p1", EndPhase())
    assert [name for name, _ in rules.calls] == [
        "enter a",
        "leave a",
        "enter b",
        "leave b",
        "turn_start",
        "enter a",
    ]
    assert rules.calls[4] == ("turn_start", Clock(2, "a"))


def test_a_phase_ends_by_itself_when_its_condition_holds():
    """ "optionally when it ends by itself"."""
    rules = FlowRules(
        Phase("dawn", "Dawn", ends_when=lambda r: r.campaign.turn > 0),
        Phase("war", "War"),
    )
    engine = new_engine(rules)
    assert engine.campaign.phase == "war"
    assert [e.text for e in engine.chronicle if e.kind == "phase"] == [
        "The Dawn phase begins",
        "The War phase begins",
    ]


def test_a_phase_allows_only_its_action_kinds():
    """ "which action kinds it allows (empty: any)"."""
    engine = new_engine(FlowRules(Phase("war", "War", allows=("plan",))))
    with pytest.raises(RuleError, match=r"That \(note\) is not done in the War phase"):
        engine.perform("p1", Note())
    engine.perform("gm", EndPhase(player="p1"))  # ending is always allowed


# --- steps and the clock ---------------------------------------------------------------
def test_steps_run_the_order_again_and_stamp_the_clock():
    """ "each step runs the phase's order again"; every event carries (turn, phase, step)."""
    rules = FlowRules()
    rules.phases = (
        Phase(
            "day",
            "Day",
            order=Fixed(),
            steps=lambda r: 3,
            step_name="hour",
            on_step=hook(rules, "hour"),
        ),
        Phase("night", "Night"),
    )
    engine = new_engine(rules, make_campaign(players=2))
    camp = engine.campaign
    assert camp.clock == Clock(1, "day", 1) and engine.acting_seats() == ["p1"]
    engine.perform("p1", EndPhase())
    events = engine.perform("p2", EndPhase())
    assert events[-1].kind == "step" and events[-1].text == "Hour 2 of 3 of the Day phase begins"
    assert events[-1].clock == Clock(1, "day", 2) and engine.acting_seats() == ["p1"]
    for seat in ("p1", "p2", "p1", "p2"):
        engine.perform(seat, EndPhase())
    assert camp.clock == Clock(1, "night", 0)
    assert [c.step for name, c in rules.calls if name == "hour"] == [1, 2, 3]
    assert [e.step for e in engine.chronicle if e.kind == "end_phase"] == [1, 1, 2, 2, 3, 3]
    view = view_for(Rules(camp, rules), engine.chronicle, "p1")
    assert (view.step, view.phase) == (0, "night")


def test_nothing_before_a_new_step_can_be_undone():
    """ "Undo ... keyed on the clock (nothing before a new step, phase or turn can be
    undone)"."""
    rules = FlowRules(Phase("day", "Day", order=Fixed(), steps=2), Phase("night", "Night"))
    engine = new_engine(rules, make_campaign(players=1))
    engine.perform("p1", Note(text="first"))
    assert engine.can_undo("p1")
    engine.perform("p1", EndPhase())
    assert engine.campaign.step == 2 and not engine.can_undo("p1")
    engine.perform("p1", Note(text="second"))
    engine.undo("p1")
    assert engine.campaign.clock == Clock(1, "day", 2)


def test_the_flow_is_saved_and_goes_on_after_a_reload():
    rules = FlowRules(Phase("war", "War", order=Fixed()), Phase("peace", "Peace"))
    engine = new_engine(rules)
    engine.perform("p1", EndPhase())
    engine.perform("p2", Plan(turn=3, phase="peace"))
    data = campaign_to_dict(engine.campaign)
    assert data["flow"]["position"] == 1 and data["flow"]["scheduled"][0]["turn"] == 3
    again = Engine(campaign_from_dict(data, None), list(engine.chronicle), rules)
    assert again.acting_seats() == ["p2"]
    again.perform("p2", EndPhase())
    assert again.acting_seats() == ["p3"]


# --- open and private play ---------------------------------------------------------------
def test_open_play_is_in_the_view_and_needs_no_hand_over_screen():
    """ "private (the hotseat hand-over blanks the screen ...) or open (no blanking)"."""
    rules = FlowRules(Phase("rota", "Rota", order=Fixed(), play=Play.OPEN), Phase("war", "War"))
    engine = new_engine(rules)
    camp = engine.campaign
    view = view_for(Rules(camp, rules), engine.chronicle, "p1")
    assert view.play == "open"
    local = [s.id for s in camp.seats]
    assert not seating.hands_over(camp.seats, local, view.play)
    assert seating.announces(camp.seats, local, view.play)
    for seat in ("p1", "p2", "p3"):
        engine.perform(seat, EndPhase())
    view = view_for(Rules(camp, rules), engine.chronicle, "p1")
    assert view.play == "private" and seating.hands_over(camp.seats, local, view.play)


# --- scheduled effects ------------------------------------------------------------------
def test_an_effect_fires_once_when_the_clock_gets_there():
    """ "the engine fires each exactly once when the clock gets there, through a ruleset
    hook, as ordinary events": an order that arrives at hour 3."""
    rules = FlowRules(Phase("day", "Day", order=Fixed(), steps=4), Phase("night", "Night"))
    engine = new_engine(rules, make_campaign(players=1))
    engine.perform("p1", Plan(step=3, text="The courier arrives"))
    engine.perform("p1", EndPhase())
    assert rules.fired == []
    events = engine.perform("p1", EndPhase())
    assert [e.kind for e in events] == ["end_phase", "step", "plan"]
    fired = events[-1]
    assert fired.text == "The courier arrives" and fired.clock == Clock(1, "day", 3)
    assert fired.data == {"by": "p1"} and fired.visible_to is None
    assert engine.campaign.flow.scheduled == []
    for _ in range(6):
        engine.perform("p1", EndPhase())
    assert len(rules.fired) == 1


def test_an_effect_for_a_later_turn_waits_for_it_and_may_be_secret():
    """ "a unit that returns in 2 turns"."""
    rules = FlowRules(Phase("upkeep", "Upkeep"), Phase("war", "War"))
    engine = new_engine(rules, make_campaign(players=1))
    engine.perform("p1", Plan(turn=3, phase="upkeep", text="The knights return", secret=True))
    for _ in range(3):
        engine.perform("p1", EndPhase())
    assert rules.fired == []
    events = engine.perform("p1", EndPhase())
    assert [e.kind for e in events] == ["end_phase", "new_turn", "phase", "plan"]
    assert events[-1].visible_to == ["p1"] and events[-1].clock == Clock(3, "upkeep")


def test_an_effect_is_set_for_later_only():
    rules = FlowRules(Phase("upkeep", "Upkeep"), Phase("war", "War"))
    engine = new_engine(rules, make_campaign(players=1))
    with pytest.raises(RuleError, match="scheduled for later than now"):
        engine.perform("p1", Plan(phase="upkeep"))
    with pytest.raises(RuleError, match="no phase 'winter'"):
        engine.perform("p1", Plan(phase="winter"))
    engine.perform("p1", Plan(phase="war"))


def test_a_gm_setting_the_clock_on_fires_what_was_due():
    from tuicamp.engine.corrections import CorrectTurn

    rules = FlowRules(Phase("upkeep", "Upkeep", order=Fixed()), Phase("war", "War"))
    engine = new_engine(rules)
    engine.perform("p1", Plan(turn=2, text="Spring comes"))
    events = engine.perform("gm", CorrectTurn(turn=4, phase="war", reason="skip the winter"))
    assert [e.kind for e in events] == ["correction", "plan"]
    assert engine.acting_seats() == ["p1", "p2", "p3"]  # the War phase's order
    engine.perform("gm", CorrectTurn(turn=1, phase="upkeep", reason="back again"))
    assert len(rules.fired) == 1


def test_a_battle_result_is_taken_back_only_within_its_step(monkeypatch):
    """ "battle take-back points are keyed on the clock (nothing before a new step, phase
    or turn can be undone)": a sandbox whose turn has two steps."""
    from attrs import evolve
    from test_battles import battle_engine

    from tuicamp.engine.battles import AutoResolveBattle, RevertBattleResult
    from tuicamp.rules.sandbox import actions as A
    from tuicamp.rules.sandbox.ruleset import SandboxRuleset

    (play,) = SandboxRuleset.phases
    monkeypatch.setattr(SandboxRuleset, "phases", (evolve(play, steps=2),))
    engine = battle_engine()
    (battle,) = engine.campaign.battles
    engine.perform("p1", AutoResolveBattle(battle="b1"))
    engine.perform("p1", A.EndTurn())  # Bruno's move: the same step
    assert battle.revert_point is not None
    engine.perform("p2", A.EndTurn())
    assert engine.campaign.clock == Clock(1, "play", 2)
    with pytest.raises(RuleError, match="no longer be taken back"):
        engine.perform("gm", RevertBattleResult(battle="b1", reason="too late"))
