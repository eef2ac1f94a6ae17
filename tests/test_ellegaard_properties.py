"""Warhammer Wars at random (hypothesis): random legal hours on the drill ground.

Invariants pinned: no division is ever in two places (its hex is the end of its last
march told in the chronicle, and it shares no hex with an enemy); no division spends more
MP than its hexes an hour (R-EL-12); the clock only moves forward, hour by hour in the
order of R-EL-8; a refusal leaves no trace; and a division's command is told to its owner
only (the other side's chronicle never reads it).
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.engine.codec import campaign_to_dict
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase, acting_players
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.rules.ellegaard import hour
from tuicamp.rules.ellegaard.commands import GiveCommand
from tuicamp.rules.ellegaard.movement import MoveDivision, allowance
from tuicamp.rules.ellegaard.state import COMMANDS
from tuicamp.rules.kit import teams
from tuicamp.storage.scenario import load_scenario

DRILL = load_scenario(Path(__file__).parent / "data" / "ellegaard-drill.toml")

# one step of play: (what, which division, which command or hex)
steps = st.lists(
    st.tuples(st.sampled_from(["command", "move", "end"]), st.integers(0, 4), st.integers(0, 47)),
    min_size=5,
    max_size=40,
)


def check_invariants(engine) -> None:
    camp = engine.campaign
    rules = Rules(camp, engine.ruleset)
    last_march = {}
    for event in engine.chronicle:
        if event.kind == "move":
            last_march[event.data["division"]] = event.data["hexes"][-1]
    for army in camp.armies:
        assert army.hex is not None and camp.map.contains(army.hex)
        if army.id in last_march:
            assert camp.map.label(army.hex) == last_march[army.id]
        for other in camp.armies:
            if teams.hostile(camp, army.owner, other.owner):
                assert army.hex != other.hex, "a division in an enemy's hex"
        record = camp.state.divisions[army.id]
        if record.hour == camp.turn and record.entered:
            got = allowance(rules, army, record, record.entered, record.by_road)
            assert record.mp_used <= got.mp
    for event in engine.chronicle:
        if event.kind in ("command", "command_failed"):
            owner = camp.army(event.data["division"]).owner
            assert event.visible_to == [owner]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps, st.integers(0, 2**16))
def test_random_legal_hours_keep_every_division_in_one_place(plan, seed):
    engine = start_campaign(DRILL, "ellegaard", seed=seed)
    camp = engine.campaign
    hexes = list(camp.map.hexes())
    clock = (camp.turn, camp.step)
    for what, which, arg in plan:
        if camp.finished:
            break
        player = acting_players(camp)[0]
        seat = next(s.id for s in camp.seats if player in s.players)
        own = [a for a in camp.armies if a.owner == player]
        army = own[which % len(own)]
        if what == "command":
            action = GiveCommand(division=army.id, command=COMMANDS[arg % len(COMMANDS)])
        elif what == "move":
            action = MoveDivision(division=army.id, to=camp.map.label(hexes[arg % len(hexes)]))
        else:
            action = EndPhase()
        before = campaign_to_dict(camp)
        try:
            engine.perform(seat, action)
        except RuleError:
            assert campaign_to_dict(engine.campaign) == before, "a refusal left a trace"
        camp = engine.campaign
        now = (camp.turn, camp.step)
        assert now >= clock or camp.turn > clock[0]
        if now != clock:
            assert now in ((clock[0], clock[1] + 1), (clock[0] + 1, 1)), (clock, now)
        clock = now
        assert acting_players(camp) in ([], [hour.current_player(camp)])
        check_invariants(engine)
