"""Warhammer Wars at random (hypothesis): random legal hours on the drill ground, with
marches, commands, meetings, prisoners, talks, battles auto-resolved, rallies and
pursuits.

Invariants pinned: no division is ever in two places (its hex is the end of its last
march, flight or pursuit told in the chronicle, and it never shares a hex with an enemy);
no division spends more MP than its hexes an hour (R-EL-12); the clock only moves forward,
through each player's Command and Move phase in order (R-EL-8); a refusal leaves no trace;
War Points always sum to the events that earned them (R-EL-24); no unit is in two places
(a list, a captor's prisoners, prisoners taken back, war machines left or captured) and no
side fields more than the campaign total (R-EL-37, R-EL-39); a general's sealed choice
is never in another side's view before the reveal (R-EL-18); a division's command is told
to its owner only.
"""

from __future__ import annotations

import copy
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.engine.battles import AutoResolveBattle, EnterBattleResult, SideEntry
from tuicamp.engine.codec import campaign_to_dict
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase, acting_players
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.game.setup import start_campaign
from tuicamp.model.hexes import parse_label
from tuicamp.rules.ellegaard import hour
from tuicamp.rules.ellegaard.commands import GiveCommand
from tuicamp.rules.ellegaard.flight import Gather, Pursue, Rally
from tuicamp.rules.ellegaard.meetings import HandPrisoner, Meet
from tuicamp.rules.ellegaard.movement import MoveDivision, allowance
from tuicamp.rules.ellegaard.muster import Dismiss, Recruit
from tuicamp.rules.ellegaard.state import COMMANDS
from tuicamp.rules.ellegaard.talks import AcceptTerms, Discuss, Offer
from tuicamp.rules.kit import teams
from tuicamp.storage.scenario import load_scenario

DRILL = load_scenario(Path(__file__).parent / "data" / "ellegaard-drill.toml")
# the two sides five hexes apart, for six hours: every march may bring the zones together
NEAR = copy.deepcopy(DRILL)
for _army, _at in zip(NEAR.armies, ("0301", "0402", "0302", "0801", "0802"), strict=True):
    _army.hex = parse_label(_at)
NEAR.rulesets["ellegaard"].setup["hours"] = 6
KINDS = (
    "command", "move", "move", "move", "end", "meet", "meet", "prisoner", "discuss",
    "offer", "accept", "contest", "battle", "rally", "pursue", "gather", "recruit",
    "dismiss",
)  # fmt: skip

# one step of play: (what, which division or seat, which command, hex or choice)
steps = st.lists(
    st.tuples(st.sampled_from(KINDS), st.integers(0, 5), st.integers(0, 47)),
    min_size=5,
    max_size=45,
)


def candidate(camp, what: str, which: int, arg: int, player: str):
    """The action a step stands for, from the campaign as it is (None: nothing to do)."""
    state = camp.state
    own = [a for a in camp.armies if a.owner == player]
    others = [a for a in camp.armies if a.owner != player]
    army = own[which % len(own)] if own else None
    meetings = state.meetings
    meeting = meetings[arg % len(meetings)].id if meetings else "m1"
    if what == "command" and army is not None:
        return GiveCommand(division=army.id, command=COMMANDS[arg % len(COMMANDS)])
    if what == "move" and army is not None:
        hexes = list(camp.map.hexes())
        return MoveDivision(division=army.id, to=camp.map.label(hexes[arg % len(hexes)]))
    if what == "end":
        return EndPhase()
    if what == "meet":
        return Meet(meeting=meeting, choice=("fight", "refuse")[arg % 2])
    if what == "prisoner":
        units = [u.id for a in camp.armies for u in a.units]
        return HandPrisoner(meeting=meeting, unit=units[arg % len(units)]) if units else None
    if what == "discuss":
        return Discuss(meeting=meeting, row=arg % 7)
    if what == "offer":
        return Offer(meeting=meeting, war_points=arg % 4, prisoners=arg % 2)
    if what == "accept":
        return AcceptTerms(agreement=f"ag{1 + arg % 3}")
    if what == "contest" and camp.pending_battles():
        battle = camp.pending_battles()[0]
        entries = [SideEntry(side=s.id, vp=(i + arg) % 2) for i, s in enumerate(battle.sides)]
        return EnterBattleResult(battle=battle.id, sides=entries)
    if what == "battle" and camp.pending_battles():
        return AutoResolveBattle(battle=camp.pending_battles()[0].id)
    if what == "rally" and army is not None:
        return Rally(division=army.id)
    if what == "pursue" and army is not None and others:
        return Pursue(division=army.id, target=others[arg % len(others)].id)
    if what == "gather" and army is not None:
        return Gather(division=army.id)
    if what == "recruit" and army is not None:
        return Recruit(division=army.id, name="Levy", points=50 + 50 * (arg % 8), models=10)
    if what == "dismiss" and army is not None and army.units:
        return Dismiss(division=army.id, unit=army.units[arg % len(army.units)].id)
    return None


def check_invariants(engine) -> None:
    camp = engine.campaign
    rules = Rules(camp, engine.ruleset)
    last_place = {}
    earned: dict[str, int] = {}
    for event in engine.chronicle:
        if event.kind in ("move", "flight") and "division" in event.data:
            last_place[event.data["division"]] = event.data["hexes"][-1]
        if event.kind == "pursuit":
            last_place.pop(event.data["division"], None)  # its end is told in the text
        if event.kind == "war_points":
            for player, amount in event.data["wp"].items():
                earned[player] = earned.get(player, 0) + amount
    for army in camp.armies:
        assert army.hex is not None and camp.map.contains(army.hex)
        if army.id in last_place:
            assert camp.map.label(army.hex) == last_place[army.id]
        for other in camp.armies:
            if teams.hostile(camp, army.owner, other.owner):
                assert army.hex != other.hex, "a division in an enemy's hex"
        record = camp.state.divisions[army.id]
        if record.hour == camp.turn and record.entered:
            got = allowance(rules, army, record, record.entered, record.by_road)
            assert record.mp_used <= got.mp
    state = camp.state
    placed = [u.id for a in camp.armies for u in a.units]
    placed += [p.unit.id for held in state.prisoners.values() for p in held]
    placed += [p.unit.id for held in state.taken_back.values() for p in held]
    placed += [m.unit.id for m in state.left_machines]
    placed += [m.unit.id for held in state.captured.values() for m in held]
    assert len(placed) == len(set(placed)), "a unit in two places"
    for player in camp.players:
        fielded = sum(a.points for a in camp.armies if a.owner == player.id)
        assert fielded <= state.points, "a side above the campaign total (R-EL-37)"
    assert {p: wp for p, wp in camp.state.war_points.items() if wp} == {
        p: wp for p, wp in earned.items() if wp
    }
    for event in engine.chronicle:
        if event.kind in ("command", "command_failed"):
            army = camp.army(event.data["division"])
            assert army is None or event.visible_to == [army.owner]
    for seat_id in ("empire", "orcs"):
        view = view_for(rules, engine.chronicle, seat_id)
        for line in view.ruleset_state.meetings:
            if not line.choices.revealed:
                assert set(line.choices.choices) <= {seat_id}
        for event in view.chronicle:
            if event.kind == "meeting_choice":
                assert event.data["writer"] == seat_id


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps, st.integers(0, 2**16))
def test_random_legal_hours_keep_every_division_in_one_place(plan, seed):
    engine = start_campaign(NEAR, "ellegaard", seed=seed, check=False)
    camp = engine.campaign
    clock = (camp.turn, camp.step)
    for what, which, arg in plan:
        if camp.finished:
            break
        acting = acting_players(camp)[0]
        # talk and meetings are answered out of turn too: the other seat may act
        players = (
            [acting]
            if what in ("command", "move", "end", "rally", "pursue", "gather", "recruit", "dismiss")
            else ["empire", "orcs"]
        )
        for player in players:
            action = candidate(camp, what, which, arg, player)
            if action is None:
                continue
            before = campaign_to_dict(camp)
            try:
                engine.perform(player, action)
            except RuleError:
                assert campaign_to_dict(engine.campaign) == before, "a refusal left a trace"
            camp = engine.campaign
        now = (camp.turn, camp.step)
        if now != clock:
            assert now in ((clock[0], clock[1] + 1), (clock[0] + 1, 1)), (clock, now)
        clock = now
        assert acting_players(camp) in ([], [hour.current_player(camp)])
        check_invariants(engine)
