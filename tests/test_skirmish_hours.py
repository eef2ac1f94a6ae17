"""The guide's example ruleset, Skirmish Hours (tests/rulesets/skirmish_hours.py), played
through the engine, through the command line with the ruleset installed as a plugin, and
at random (hypothesis): it uses hours as steps, a rolled order of play, a sealed choice, an
agreement, a team, scheduled effects and an open phase, and imports only the ruleset API.

The rules pinned are the ruleset's own, as its docstring words them: "Each day's Council:
every side (a team is one) writes its plan under seal and may agree a truce, which forbids
an attack. Then the Battle, hour by hour in a rolled order, in the open: runners sent arrive
hours later, at the next Council if night falls. Most runners wins."
"""

from __future__ import annotations

import ast
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import warm
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulesets.skirmish_hours import SendRunner, SkirmishHours, Truce, WritePlan

from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase, acting_players, clock_key
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.game.textreport import show_text
from tuicamp.model import Campaign, HexMap, Player, Seat
from tuicamp.model.campaign import DiceState
from tuicamp.model.flow import Clock, ScheduledEffect
from tuicamp.model.teams import Team, TeamKind

RULESET_FILE = Path(__file__).parent / "rulesets" / "skirmish_hours.py"
GUIDE = Path(__file__).resolve().parent.parent / "docs" / "writing-a-ruleset.md"
# A fenced block of the guide opened with this info string is a piece of the ruleset file.
GUIDE_BLOCK = "```python tests/rulesets/skirmish_hours.py"

# The tiny scenario the command-line test writes: Anna and Bruno rule the League together,
# Carla stands alone.
SCENARIO = """\
format_version = 1

[scenario]
id = "ford-at-dawn"
title = "The Ford at Dawn"
description = "Two sides, one ford, a day of runners."

[map]
width = 3
height = 2
terrain = ["...", ".f."]

[[player]]
id = "anna"
name = "Anna"
race = "Empire"

[[player]]
id = "bruno"
name = "Bruno"
race = "Empire"

[[player]]
id = "carla"
name = "Carla"
race = "Orcs & Goblins"

[[team]]
id = "league"
name = "The League"
kind = "realm"
members = ["anna", "bruno"]

[ruleset.skirmish-hours]
options = { hours = 2, days = 1 }
"""


class CountingSkirmish(SkirmishHours):
    """The ruleset, counting how often each scheduled effect fires."""

    def __init__(self) -> None:
        self.fired: Counter[int] = Counter()

    def fire(self, ctx: Any, effect: ScheduledEffect) -> None:
        self.fired[effect.id] += 1
        super().fire(ctx, effect)


def campaign(seed: int = 3, **options: Any) -> Campaign:
    """Anna and Bruno, each at a seat of their own, rule the League; Carla is alone."""
    players = [
        Player("anna", "Anna", "Empire"),
        Player("bruno", "Bruno", "Empire"),
        Player("carla", "Carla", "Orcs"),
    ]
    seats = [Seat(p.id, p.name, [p.id]) for p in players]
    seats.append(Seat("gm", "Games Master", gm=True))
    return Campaign(
        "Ford",
        "ford-at-dawn",
        SkirmishHours.id,
        HexMap.blank(3, 2),
        players,
        seats,
        options={"hours": 3, "days": 2, **options},
        dice=DiceState(seed=seed),
        teams=[Team("league", "The League", ["anna", "bruno"], TeamKind.REALM)],
    )


def new_engine(seed: int = 3, ruleset: SkirmishHours | None = None, **options: Any) -> Engine:
    engine = Engine(
        campaign(seed, **options), ruleset=ruleset or SkirmishHours(), quiet_start=False
    )
    engine.set_up({})
    return engine


def texts(engine: Engine, seat: str) -> list[str]:
    """The chronicle as ``seat`` reads it."""
    view = view_for(Rules(engine.campaign, engine.ruleset), engine.chronicle, seat)
    return [e.text for e in view.chronicle]


def end_everyones_part(engine: Engine) -> None:
    """Every player still to act ends the phase (or hour), in the order of play."""
    clock = engine.campaign.clock
    while engine.campaign.clock == clock and not engine.campaign.finished:
        engine.perform(engine.acting_seats()[0], EndPhase())


def into_the_battle(engine: Engine) -> None:
    engine.perform("anna", WritePlan(plan="hold"))
    engine.perform("carla", WritePlan(plan="attack"))
    end_everyones_part(engine)


# --- the Council ----------------------------------------------------------------------------
def test_the_council_is_played_by_everyone_at_once_in_private():
    """ "Each day's Council": every player acts at once, and the hand-over hides the screen."""
    engine = new_engine()
    assert engine.campaign.clock == Clock(1, "council")
    assert engine.acting_seats() == ["anna", "bruno", "carla"]
    view = view_for(Rules(engine.campaign, engine.ruleset), engine.chronicle, "anna")
    assert view.play == "private"


def test_a_team_writes_one_sealed_plan_and_the_others_read_only_that_it_did():
    """ "every side (a team is one) writes its plan under seal": Bruno's seat writes for the
    League; Carla reads that the League wrote, Anna reads what; all read both at the reveal."""
    engine = new_engine()
    engine.perform("bruno", WritePlan(plan="hold"))
    assert texts(engine, "carla")[-1] == "The League writes its sealed battle plans"
    assert texts(engine, "anna")[-1] == "The League's sealed battle plans: hold"
    carla = view_for(Rules(engine.campaign, engine.ruleset), engine.chronicle, "carla")
    assert carla.ruleset_state.choices == {} and carla.ruleset_state.waiting == ["carla"]
    assert "hold" not in show_text(carla, engine.ruleset)
    with pytest.raises(RuleError, match="First: write your side's battle plan"):
        engine.perform("carla", EndPhase())
    engine.perform("anna", EndPhase())  # Bruno wrote for Anna's side too
    engine.perform("carla", WritePlan(plan="attack"))
    revealed = "The sealed battle plans are revealed: The League: hold; Carla: attack"
    assert texts(engine, "anna")[-1] == texts(engine, "carla")[-1] == revealed
    with pytest.raises(RuleError, match="no choice changes after the reveal"):
        engine.perform("bruno", WritePlan(plan="withdraw"))


def test_a_truce_forbids_an_attack():
    """ "may agree a truce, which forbids an attack": offered to one of the League's players,
    it is the League's to accept; once agreed, neither side plans an attack."""
    engine = new_engine()
    engine.perform("carla", Truce(to="anna"))
    (truce,) = engine.campaign.state.truces.items
    with pytest.raises(RuleError, match="Only those a proposal is made to answer it"):
        engine.perform("carla", Truce(accept=truce.id))
    engine.perform("bruno", Truce(accept=truce.id))
    assert texts(engine, "anna")[-1] == "Truce agreed between Carla and The League"
    with pytest.raises(RuleError, match="A side under truce plans no attack"):
        engine.perform("carla", WritePlan(plan="attack"))
    with pytest.raises(RuleError, match="A side under truce plans no attack"):
        engine.perform("anna", WritePlan(plan="attack"))
    engine.perform("carla", WritePlan(plan="withdraw"))


def test_an_unanswered_truce_lapses_as_the_battle_begins_and_is_over_the_next_day():
    engine = new_engine()
    engine.perform("carla", Truce(to="league"))
    into_the_battle(engine)
    (offer,) = engine.campaign.state.truces.items
    assert offer.status == "lapsed"
    assert (
        texts(engine, "carla")[-1] == "The truce proposed by Carla lapses unanswered by The League"
    )
    for _ in range(3):
        end_everyones_part(engine)
    assert engine.campaign.clock == Clock(2, "council")
    assert engine.campaign.state.truces.items == []
    assert engine.campaign.state.plans.id == "plans2"


# --- the Battle -----------------------------------------------------------------------------
def test_the_battle_is_fought_hour_by_hour_in_an_order_rolled_each_hour_in_the_open():
    """ "Then the Battle, hour by hour in a rolled order, in the open"."""
    engine = new_engine()
    into_the_battle(engine)
    camp = engine.campaign
    assert camp.clock == Clock(1, "battle", 1)
    assert [e.kind for e in engine.chronicle[-3:]] == ["phase", "step", "order"]
    assert engine.chronicle[-2].text == "Hour 1 of 3 of the Battle phase begins"
    view = view_for(Rules(camp, engine.ruleset), engine.chronicle, "anna")
    assert view.play == "open"
    orders = []
    for hour in (1, 2, 3):
        assert camp.step == hour and len(engine.acting_seats()) == 1
        assert [r.step for r in camp.flow.rolled] == list(range(1, hour + 1))
        orders.append(list(camp.flow.order))
        end_everyones_part(engine)
    assert camp.clock == Clock(2, "council")
    assert all(sorted(o) == ["anna", "bruno", "carla"] for o in orders)
    rolled = [e for e in engine.chronicle if e.kind == "order"]
    assert [e.step for e in rolled] == [1, 2, 3] and all(e.rolls for e in rolled)


def test_only_the_player_to_act_sends_a_runner():
    engine = new_engine()
    into_the_battle(engine)
    first = engine.acting_seats()[0]
    other = next(s for s in ("anna", "bruno", "carla") if s != first)
    name = engine.campaign.player(other).name
    with pytest.raises(RuleError, match=f"It is not {name}'s turn"):
        engine.perform(other, SendRunner(message="Too soon"))
    with pytest.raises(RuleError, match=r"That \(write_plan\) is not done in the Battle phase"):
        engine.perform(first, WritePlan(plan="hold"))
    with pytest.raises(RuleError, match="A runner takes 1 to 3 hours"):
        engine.perform(first, SendRunner(message="Never", hours=0))
    engine.perform(first, SendRunner(message="Now"))


def test_a_runner_arrives_hours_later_or_at_the_next_council():
    """ "runners sent arrive hours later, at the next Council if night falls"; each that
    arrives scores for its side, and "Most runners wins"."""
    engine = new_engine(days=1)
    into_the_battle(engine)
    camp = engine.campaign
    seat = engine.acting_seats()[0]
    side = "carla" if seat == "carla" else "league"
    engine.perform(seat, SendRunner(message="Hold the ford", hours=2))
    engine.perform(seat, SendRunner(message="Fall back", hours=3))  # hour 4: no such hour
    assert [(e.turn, e.phase, e.step) for e in camp.flow.scheduled] == [
        (1, "battle", 3),
        (2, "council", 0),
    ]
    end_everyones_part(engine)
    assert camp.state.arrived == {}
    end_everyones_part(engine)
    arrived = engine.chronicle[-1]
    assert (arrived.kind, arrived.clock) == ("runner", Clock(1, "battle", 3))
    assert arrived.text.endswith("'s runner arrives: Hold the ford")
    assert camp.state.arrived == {side: 1}
    end_everyones_part(engine)  # night falls: day 1 was the last
    assert [e.kind for e in engine.chronicle[-4:]] == ["new_turn", "phase", "runner", "victory"]
    assert camp.state.arrived == {side: 2} and camp.finished
    winners = ["carla"] if side == "carla" else ["anna", "bruno"]
    assert camp.winner == winners
    assert engine.chronicle[-1].text.startswith("The skirmish is over: ")


def test_the_state_and_the_flow_survive_a_save():
    engine = new_engine()
    engine.perform("carla", Truce(to="anna"))
    engine.perform("bruno", WritePlan(plan="hold"))
    acting = engine.acting_seats()
    data = campaign_to_dict(engine.campaign)
    back = campaign_from_dict(data, SkirmishHours.state_class)
    assert back.state == engine.campaign.state and back.flow == engine.campaign.flow
    again = Engine(back, list(engine.chronicle), engine.ruleset)
    assert again.acting_seats() == acting
    again.perform("carla", WritePlan(plan="withdraw"))
    assert again.campaign.state.plans.revealed


# --- the file itself ------------------------------------------------------------------------
def test_the_ruleset_is_one_short_file_that_imports_only_the_api():
    """An author needs nothing of tuicamp but ``tuicamp.rules.api``."""
    source = RULESET_FILE.read_text(encoding="utf-8")
    assert len(source.splitlines()) < 150
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported |= {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            imported |= {a.name for a in node.names}
    ours = {name for name in imported if name.split(".")[0] == "tuicamp"}
    assert ours == {"tuicamp.rules.api"}


def guide_code(text: str) -> str:
    """The guide's pieces of the ruleset file, in order, one blank line between them."""
    pieces, inside = [], None
    for line in text.splitlines(keepends=True):
        if inside is None and line.rstrip() == GUIDE_BLOCK:
            inside = []
        elif inside is not None and line.rstrip() == "```":
            pieces.append("".join(inside).strip("\n"))
            inside = None
        elif inside is not None:
            inside.append(line)
    return "\n\n".join(pieces) + "\n"


def one_blank_line(code: str) -> str:
    """Code with every run of blank lines made one, as the guide's pieces are joined."""
    return re.sub(r"\n{3,}", "\n\n", code)


def test_the_guide_shows_the_file_the_tests_play():
    """The guide walks through this ruleset piece by piece; its pieces, in order, are the
    whole file line for line (blank lines aside), so the two cannot drift apart."""
    shown = guide_code(GUIDE.read_text(encoding="utf-8"))
    assert one_blank_line(shown) == one_blank_line(RULESET_FILE.read_text(encoding="utf-8"))


def test_the_guide_check_sees_a_piece_that_differs():
    text = f"intro\n\n{GUIDE_BLOCK}\nx = 1\n```\n\nprose\n\n{GUIDE_BLOCK}\n\ny = 2\n```\n"
    assert guide_code(text) == one_blank_line("x = 1\n\n\ny = 2\n")
    assert guide_code(text.replace("y = 2", "y = 3")) != "x = 1\n\ny = 2\n"
    assert guide_code(text.replace(GUIDE_BLOCK + "\n\ny", "```python\ny")) == "x = 1\n"


# --- through the command line, installed as a plugin ----------------------------------------
def install(root: Path) -> dict[str, str]:
    """The ruleset as a club would ship it: its module and a dist-info naming its entry
    point (tests/test_plugins.py does the same for another plugin)."""
    (root / "skirmish_hours.py").write_text(RULESET_FILE.read_text("utf-8"), encoding="utf-8")
    info = root / "skirmish_hours-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: skirmish-hours\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[tuicamp.rulesets]\nskirmish-hours = skirmish_hours:SkirmishHours\n"
    )
    env = dict(os.environ, TUICAMP_SAVES=str(root / "saves"))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH", "")]))
    return env


def tuicamp(root: Path, env: dict[str, str], *args: str) -> str:
    done = warm.tuicamp(args, cwd=root, env=env, timeout=120)  # its own process, started warm
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_day_played_through_the_command_line(tmp_path):
    """new, apply, show and log with the ruleset installed: a seat's report shows its own
    side's plan and not the other's until the reveal; the day ends in a victory."""
    env = install(tmp_path)
    (tmp_path / "ford.toml").write_text(SCENARIO)

    def run(*args: str) -> str:
        return tuicamp(tmp_path, env, *args)

    def apply(seat: str, *actions: str) -> str:
        (tmp_path / "orders.toml").write_text("".join(f"[[action]]\n{a}\n" for a in actions))
        return run("apply", "save.toml", "orders.toml", "--as", seat)

    def order_of_play(printed: str) -> list[str]:
        """The seats in the order just rolled, from the events an apply printed (here a
        seat's id is its player's name in lower case)."""
        line = next(x for x in printed.splitlines() if "Order of play (2d6): " in x)
        return [part.split()[0].lower() for part in line.split("(2d6): ")[1].split(", ")]

    run("check", "ford.toml")
    made = run(
        "new", "ford.toml", "-r", "skirmish-hours", "-o", "save.toml", "--seed", "5", "--no-play"
    )
    assert "Skirmish Hours" in made
    apply("anna", 'kind = "write_plan"\nplan = "hold"')
    assert "Plan: The League: hold" in run("show", "save.toml", "--as", "bruno")
    carla = run("show", "save.toml", "--as", "carla")
    assert "hold" not in carla and "Plans: Waiting for Carla" in carla
    apply("carla", 'kind = "write_plan"\nplan = "attack"', 'kind = "end_phase"')
    apply("anna", 'kind = "end_phase"')
    order = order_of_play(apply("bruno", 'kind = "end_phase"'))
    shown = run("show", "save.toml", "--as", "carla")
    assert "Turn 1, Battle" in shown and "Plan: The League: hold" in shown
    assert f"To act: {order[0]}" in shown
    runner = ('kind = "send_runner"\nmessage = "Hold the ford"', 'kind = "end_phase"')
    for seat in order:  # hour 1
        printed = apply(seat, *runner)
    for seat in order_of_play(printed):  # hour 2, in the order rolled for it
        apply(seat, *runner)
    log = run("log", "save.toml")
    assert "Hour 2 of 2 of the Battle phase begins" in log
    assert "Order of play (2d6)" in log and "runner arrives: Hold the ford" in log
    assert "The skirmish is over" in log
    assert "The campaign is over" in run("show", "save.toml", "--as", "anna")


# --- random legal play ----------------------------------------------------------------------
SEATS = ("anna", "bruno", "carla")


def moves_now(engine: Engine) -> list[tuple[str, Any]]:
    """What the players might do now: the seats to act, whatever their phase lets them try
    (some of it refused, as an attack under truce), and ending their part more often than
    anything; the others, out of turn, what must be refused."""
    camp, acting = engine.campaign, engine.acting_seats()
    out: list[tuple[str, Any]] = []
    for seat in SEATS:
        if seat not in acting:
            out += [(seat, SendRunner(message="out of turn")), (seat, WritePlan(plan="hold"))]
        elif camp.phase == "council":
            out += [(seat, WritePlan(plan=p)) for p in ("attack", "hold", "withdraw")]
            out += [(seat, Truce(to=side)) for side in ("league", "carla")]
            out += [(seat, Truce(accept=a.id)) for a in camp.state.truces.items]
        else:
            out += [(seat, SendRunner(message="news", hours=h)) for h in (1, 2, 3)]
        if seat in acting:
            out += [(seat, EndPhase())] * 4
    return out


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    hours=st.integers(1, 3),
    days=st.integers(1, 2),
    data=st.data(),
)
def test_random_legal_play(seed: int, hours: int, days: int, data: st.DataObject):
    """Over any play: the clock only moves forward; only a seat whose player is to act ever
    acts; each scheduled effect fires exactly once, when the clock gets there."""
    ruleset = CountingSkirmish()
    engine = new_engine(seed, ruleset, hours=hours, days=days)
    camp = engine.campaign
    seen: dict[int, ScheduledEffect] = {}
    last = clock_key(ruleset, camp.clock)
    for _ in range(data.draw(st.integers(0, 150), label="actions")):
        if camp.finished:
            break
        seat, action = data.draw(st.sampled_from(moves_now(engine)))
        acting, before = set(engine.acting_seats()), campaign_to_dict(camp)
        try:
            engine.perform(seat, action)
        except RuleError:
            assert campaign_to_dict(camp) == before, "a refusal left a trace"
        else:
            assert seat in acting, f"{seat} acted out of turn"
        seen.update({e.id: e for e in camp.flow.scheduled})
        now = clock_key(ruleset, camp.clock)
        assert now >= last, f"the clock went back from {last} to {now}"
        last = now
        players = acting_players(camp)
        assert len(players) <= 1 or camp.flow.simultaneous
        assert all(set(camp.seat(s).players) & set(players) for s in engine.acting_seats())
        for effect in seen.values():
            due = clock_key(ruleset, effect.clock) <= now
            assert ruleset.fired[effect.id] == (1 if due else 0), f"effect {effect.id}"
    assert set(ruleset.fired) <= set(seen)
