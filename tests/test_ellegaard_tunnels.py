"""Warhammer Wars: Skaven tunnels (R-EL-27).

"Skaven: 5 squares above ground, 6 squares in tunnels. Before the campaign starts the
Skaven player is allowed to dig out any number of tunnels. The Skaven player has got 20
tunnel squares ... at any time the player wishes he can either dive into a tunnel or go
above ground from a tunnel. Mark the tunnels on the map with a fat, brown line. A Skaven
army may continue to dig out the tunnels from anywhere under the ground, and for every 1
hour the army can dig out one square of tunnel. Any opposing troops crossing over a Skaven
tunnel system must roll a D6. On a roll of 1 they have been discovered by the rats, and
these may wish to attack the opponent."

On the drill ground the Orcs' slot is played by the Skaven, their tunnel running west
from their home under the river and the mountains: 1201, 1102, 1002, 0902, 0802, 0702.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.model.campaign import DiceMode
from tuicamp.model.hexes import parse_label
from tuicamp.rules.ellegaard import EllegaardRuleset
from tuicamp.rules.ellegaard.movement import MoveDivision
from tuicamp.rules.ellegaard.tunnels import Dig, Dive, Surface
from tuicamp.storage.scenario import load_scenario

DRILL = load_scenario(Path(__file__).parent / "data" / "ellegaard-drill.toml")
RULESET = EllegaardRuleset()
TUNNEL = ["1201", "1102", "1002", "0902", "0802", "0702"]


def skaven_war(*, hidden: bool = False, tunnel=TUNNEL, foot_at: str = "0101", horse_at=""):
    """The Skaven's Move phase of hour 1; the Empire's Foot at ``foot_at``."""
    scenario = copy.deepcopy(DRILL)
    scenario.players[1].race = "Skaven"
    for army in scenario.armies:
        if army.owner == "orcs":
            for unit in army.units:
                unit.race = ""
        if army.id == "foot":
            army.hex = parse_label(foot_at)
        if army.id == "horse" and horse_at:
            army.hex = parse_label(horse_at)
    scenario.rulesets["ellegaard"].setup["tunnels"] = {"orcs": list(tunnel)}
    options = {"hidden_tunnels": True} if hidden else {}
    engine = start_campaign(
        scenario, "ellegaard", seed=2, dice_mode=DiceMode.TABLE, check=False, options=options
    )
    for who in ("empire", "empire", "orcs"):
        engine.perform(who, EndPhase())
    return engine


def seat(engine, seat_id):
    return next(s for s in engine.campaign.seats if s.id == seat_id)


def lines(engine, seat_id: str, label: str) -> list[str]:
    camp = engine.campaign
    found = RULESET.status_lines(Rules(camp, RULESET), seat(engine, seat_id))
    return [line.text for line in found if line.label == label]


def test_tunnels_dug_before_play_are_public_unless_hidden():
    """ "Mark the tunnels on the map with a fat, brown line" (R-EL-27: public; option
    hidden_tunnels)."""
    engine = skaven_war()
    expected = "Orcs & Goblins: 0702, 0802, 0902, 1002, 1102, 1201"
    assert lines(engine, "empire", "Tunnels") == [expected]
    hidden = skaven_war(hidden=True)
    assert lines(hidden, "empire", "Tunnels") == []
    assert lines(hidden, "orcs", "Tunnels") == [expected]


def test_at_most_20_tunnel_hexes_are_dug_before_play():
    engine = skaven_war(tunnel=[f"{c:02d}{r:02d}" for c in range(1, 13) for r in (1, 3)])
    camp = engine.campaign
    problems = [p.text for p in RULESET.campaign_problems(Rules(camp, RULESET))]
    assert "Orcs & Goblins digs 24 tunnel hexes before play: at most 20 (R-EL-27)" in problems


def test_underground_the_skaven_march_6_unseen_and_without_a_zone():
    """ "6 squares in tunnels"; a division underground "is seen only by its owner, has no
    zone and cannot be met", and each tunnel hex costs 1 whatever lies above (R-EL-27)."""
    engine = skaven_war(foot_at="0601")
    engine.perform("orcs", Dive(division="boyz"))
    camp = engine.campaign
    boyz = camp.army("boyz")
    assert RULESET.army_visibility(Rules(camp, RULESET), seat(engine, "empire"), boyz) == "hidden"
    assert lines(engine, "orcs", "Move")[0].endswith("(Skaven in their tunnels 6 (R-EL-27))")
    # under the river, the ford's mountains and the hills: 5 hexes for 5 MP, next to the Foot
    engine.perform("orcs", MoveDivision(division="boyz", path=TUNNEL[1:]))
    assert camp.map.label(camp.army("boyz").hex) == "0702"
    assert camp.state.meetings == []
    with pytest.raises(RuleError, match="cannot go from 0702 to 0701"):
        engine.perform("orcs", MoveDivision(division="boyz", path=["0701"]))


def chronicle_of(engine, seat_id: str) -> list[str]:
    """The chronicle as the seat reads it."""
    readers = [p.id for p in engine.campaign.players if seat(engine, seat_id).controls(p.id)]
    return [e.text for e in engine.chronicle if e.visible_for(readers, False)]


def test_a_division_underground_marches_and_digs_unseen_by_the_enemy():
    """A division underground "is seen only by its owner" (R-EL-27): the Empire's chronicle
    tells neither its dive, nor its march in the tunnels, nor who dug the new tunnel hex;
    the tunnels being public, it does tell that a hex was dug, and where."""
    engine = skaven_war()
    engine.perform("orcs", Dive(division="boyz"))
    engine.perform("orcs", MoveDivision(division="boyz", path=TUNNEL[1:3]))
    engine.perform("orcs", Surface(division="boyz"))
    engine.perform("orcs", Dive(division="wolves"))
    engine.perform("orcs", Dig(division="wolves", to="1101"))
    theirs, ours = chronicle_of(engine, "empire"), chronicle_of(engine, "orcs")
    assert "'The Boyz' marches from 1201 to 1002" in ours
    assert not [t for t in theirs if "'The Boyz' marches" in t or "dives" in t]
    assert "'The Boyz' comes up out of the tunnels at 1002" in theirs  # seen again
    assert "'The Wolves' digs a new tunnel hex, 1101, and ends its move there" in ours
    assert not [t for t in theirs if "'The Wolves'" in t]
    assert "Orcs & Goblins digs a new tunnel hex: 1101 (R-EL-27)" in theirs
    hidden = skaven_war(hidden=True)
    hidden.perform("orcs", Dive(division="boyz"))
    hidden.perform("orcs", Dig(division="boyz", to="1101"))
    assert not [t for t in chronicle_of(hidden, "empire") if "tunnel" in t]


def test_hidden_tunnels_stay_hidden_from_the_division_that_crosses_them():
    """Option hidden_tunnels (R-EL-27): an enemy crossing them unseen is not told a tunnel
    lies there; the Skaven are told it passed."""
    engine = skaven_war(hidden=True, horse_at="0501")
    engine.perform("orcs", EndPhase())
    engine.perform("empire", EndPhase())
    engine.perform(
        "empire", MoveDivision(division="horse", path=["0601", "0602", "0702"], dice=[4])
    )
    crossed = "'The Horse' crosses a tunnel unseen (4)"
    assert crossed in chronicle_of(engine, "orcs")
    assert not [t for t in chronicle_of(engine, "empire") if "tunnel" in t]


def test_diving_in_needs_a_tunnel_and_surfacing_brings_the_zone_back():
    engine = skaven_war(foot_at="0601")
    with pytest.raises(RuleError, match="There is no tunnel of your side under 'The Wolves'"):
        engine.campaign.army("wolves").hex = parse_label("1202")
        engine.perform("orcs", Dive(division="wolves"))
    engine.perform("orcs", Dive(division="boyz"))
    engine.perform("orcs", MoveDivision(division="boyz", path=TUNNEL[1:]))
    engine.perform("orcs", Surface(division="boyz"))
    assert not engine.campaign.state.divisions["boyz"].underground


def test_one_tunnel_hex_is_dug_an_hour_and_it_ends_the_move():
    """ "For every 1 hour the army can dig out one square of tunnel" (R-EL-27: it ends the
    digging division's move)."""
    engine = skaven_war()
    with pytest.raises(RuleError, match="digs from underground: dive first"):
        engine.perform("orcs", Dig(division="boyz", to="1101"))
    engine.perform("orcs", Dive(division="boyz"))
    engine.perform("orcs", Dig(division="boyz", to="1101"))
    camp = engine.campaign
    assert camp.map.label(camp.army("boyz").hex) == "1101"
    assert "1101" in lines(engine, "empire", "Tunnels")[0]
    with pytest.raises(RuleError, match="has dug this hour already"):
        engine.perform("orcs", Dig(division="boyz", to="1001"))
    with pytest.raises(RuleError, match="has dug this hour: its move is over"):
        engine.perform("orcs", MoveDivision(division="boyz", path=["1201"]))


def test_only_skaven_dig():
    engine = skaven_war()
    engine.campaign.army("boyz").units[1].race = "Undead"
    engine.perform("orcs", Dive(division="boyz"))
    with pytest.raises(RuleError, match="is not all Skaven: only Skaven dig"):
        engine.perform("orcs", Dig(division="boyz", to="1101"))


@pytest.mark.parametrize(("die", "met"), [(1, True), (2, False)])
def test_an_enemy_crossing_a_tunnel_rolls_a_d6_and_on_1_the_rats_may_meet_it(die, met):
    """ "Any opposing troops crossing over a Skaven tunnel system must roll a D6. On a roll of
    1 they have been discovered by the rats, and these may wish to attack the opponent.\""""
    engine = skaven_war(horse_at="0501")
    engine.perform("orcs", Dive(division="boyz"))
    engine.perform("orcs", MoveDivision(division="boyz", path=TUNNEL[1:4]))  # under 0902
    engine.perform("orcs", EndPhase())
    # the Empire's hour 2: the Horse rides from 0501 onto the tunnel at 0702
    engine.perform("empire", EndPhase())
    engine.perform(
        "empire",
        MoveDivision(division="horse", path=["0601", "0602", "0702"], dice=[die]),
    )
    meetings = engine.campaign.state.meetings
    assert bool(meetings) is met
    if met:
        assert meetings[0].divisions == ["boyz", "horse"]
