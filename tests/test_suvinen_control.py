"""Suvinen hexside control (point 4): §3.3, R-SU-8, R-SU-9.

§3.3: "If a unit enters a hex with enemy units it is important to determine the control of
hexsides. The 'newcomer' now has the control of the hexside it entered from, the
'original' hex-owner controls all the other hexsides. Hexside control reverts to the player
whose units last entered via it. If at some point only friendly units are in a hex they now
control all hexsides and is judged to be now the original owner of the hex." "You may not
enter a hex with hostile troops AND leave the hex from ANOTHER hexside. Exception: If an
adjacent hex-side is/becomes friendly you may leave via it (NOTE only adjacent hexside)."
"LC units can't leave hexes with enemy units in phases 5-8."

The drill's 0503 has six neighbours: 0603 (E), 0502 (NE), 0402 (NW), 0403 (W), 0404 (SW)
and 0504 (SE).
"""

from __future__ import annotations

import pytest
from test_suvinen_play import drill, end_council, play_entry, play_impulse

from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.model.forces import Army, Category, Unit
from tuicamp.model.hexes import parse_label
from tuicamp.rules.suvinen import SuvinenRuleset
from tuicamp.rules.suvinen.council import Ally
from tuicamp.rules.suvinen.impulses import MoveCorps
from tuicamp.storage.scenario import PlayerSlot

RULESET = SuvinenRuleset()


def placed(**where: str):
    def edit(scenario) -> None:
        for army in scenario.armies:
            if army.id in where:
                army.hex = parse_label(where[army.id])

    return edit


def held(engine) -> dict[str, str]:
    return {side.label(): p for side, p in engine.campaign.state.control.items()}


def lines(engine, seat: str) -> list[str]:
    rules = Rules(engine.campaign, engine.ruleset)
    return [f"{s.label}: {s.text}" for s in RULESET.status_lines(rules, engine.campaign.seat(seat))]


def skirmish():
    """The First Corps at 0503; the Wolf Riders come in from 0603 (E) in impulse 1."""
    engine = drill(edit=placed(**{"wolf-riders": "0603", "waaagh": "0502", "outriders": "0703"}))
    end_council(engine)
    engine.perform("orcs", MoveCorps(army="wolf-riders", path=["0503"]))
    engine.perform("orcs", EndPhase())
    return engine


def test_the_newcomer_holds_its_entry_side_and_the_original_owner_the_rest():
    """§3.3: "The 'newcomer' now has the control of the hexside it entered from, the
    'original' hex-owner controls all the other hexsides" (R-SU-8)."""
    engine = skirmish()
    assert held(engine) == {
        "0503/E": "orcs",
        **{f"0503/{d}": "empire" for d in ("NE", "NW", "W", "SW", "SE")},
    }
    line = "Control 0503: Orcs & Goblins holds E; The Empire holds NE NW W SW SE"
    assert line in lines(engine, "empire") and line in lines(engine, "orcs")  # every seat
    assert "newcomer by its E side (R-SU-9)" in " ".join(lines(engine, "orcs"))


def test_the_original_owner_leaves_by_any_side_it_holds_and_none_it_does_not():
    """R-SU-9: "the original owner leaves by any side it controls; nobody leaves by a
    hostile side"."""
    engine = skirmish()
    with pytest.raises(RuleError, match="cannot leave 0503 by its E side: Orcs & Goblins holds"):
        engine.perform("empire", MoveCorps(army="first-corps", path=["0603"]))
    engine.perform("empire", MoveCorps(army="first-corps", path=["0504"]))
    assert engine.campaign.army("first-corps").hex == parse_label("0504")
    assert held(engine) == {}  # only the Wolf Riders are left: control is gone (R-SU-8)


def test_a_newcomer_leaves_by_its_entry_side_or_an_adjacent_side_become_friendly():
    """§3.3: "You may not enter a hex with hostile troops AND leave the hex from ANOTHER
    hexside. Exception: If an adjacent hex-side is/becomes friendly you may leave via it";
    "Hexside control reverts to the player whose units last entered via it" (R-SU-9)."""
    engine = skirmish()
    play_impulse(
        engine, {(1, 1, "outriders"): MoveCorps(army="outriders", path=["0603"])}
    )  # the rest of impulse 1: the Outriders ride up behind the Wolf Riders
    with pytest.raises(RuleError, match="entered 0503 by its E side: it leaves by that side"):
        engine.perform("orcs", MoveCorps(army="wolf-riders", path=["0403"]))
    with pytest.raises(RuleError, match="or a friendly side next to it, not NE"):
        engine.perform("orcs", MoveCorps(army="wolf-riders", path=["0502"]))
    # impulse 2: the Waaagh! comes in by NE, the Outriders by E, which is the Empire's again
    engine.perform("orcs", MoveCorps(army="waaagh", path=["0503"]))
    engine.perform("orcs", EndPhase())
    assert held(engine)["0503/NE"] == "orcs"
    engine.perform("empire", MoveCorps(army="outriders", path=["0503"]))
    engine.perform("empire", EndPhase())
    assert held(engine)["0503/E"] == "empire"
    with pytest.raises(RuleError, match="not E"):  # its entry side is hostile now
        engine.perform("orcs", MoveCorps(army="wolf-riders", path=["0603"]))
    engine.perform("orcs", MoveCorps(army="wolf-riders", path=["0502"]))  # NE became friendly
    assert engine.campaign.army("wolf-riders").hex == parse_label("0502")


def test_a_sole_owner_holds_all_six_sides_and_is_the_original_owner():
    """§3.3: "If at some point only friendly units are in a hex they now control all
    hexsides and is judged to be now the original owner of the hex" (R-SU-8, R-SU-9). The
    First Corps leaves 0503 by its SE side; the Wolf Riders, newcomers by E, are alone
    there: no side is held any more, and they ride out by NE, the Empire's side before."""
    engine = skirmish()
    engine.perform("empire", MoveCorps(army="first-corps", path=["0504"]))
    engine.perform("empire", EndPhase())
    assert held(engine) == {}
    assert not [line for line in lines(engine, "orcs") if line.startswith("Control")]
    assert "newcomer" not in " ".join(lines(engine, "orcs"))
    play_impulse(engine, {})  # the rest of impulse 1
    engine.perform("orcs", MoveCorps(army="wolf-riders", path=["0502"]))
    assert engine.campaign.army("wolf-riders").hex == parse_label("0502")


def test_light_cavalry_may_not_leave_a_hex_with_enemy_troops_in_impulses_5_to_8():
    """§3.3: "LC units can't leave hexes with enemy units in phases 5-8"."""
    engine = skirmish()
    while engine.campaign.phase != "impulse5":
        play_entry(engine, {})
    with pytest.raises(RuleError, match="in impulses 5-8: \"LC units can't leave"):
        engine.perform("orcs", MoveCorps(army="wolf-riders", path=["0603"]))


def with_dwarfs(scenario) -> None:
    """A third player: the Dwarfs' Karak Host (240 pts) at 0504, next to the First Corps'
    0503, and the Wolf Riders at 0603."""
    placed(**{"wolf-riders": "0603"})(scenario)
    scenario.players.append(PlayerSlot("dwarfs", "The Dwarfs", "Dwarfs", "blue", letter="D"))
    units = [
        Unit("thane", "Thane", 80, Category.CHARACTER, flags={"leader"}),
        Unit("warriors", "Dwarf Warriors", 160, models=20),
    ]
    scenario.armies.append(Army("karak", "Karak Host", "dwarfs", parse_label("0504"), units))


def test_allied_control_is_friendly():
    """§3.5: "Allied control of hexsides are regarded as friendly" (R-SU-9, R-SU-12): the
    Empire leaves by the side its ally the Dwarfs came in by."""
    engine = drill(seed=16, edit=with_dwarfs)  # seed 16: the Orcs, the Dwarfs, the Empire
    engine.perform("empire", Ally(to="dwarfs"))
    (offer,) = engine.campaign.state.alliances.items
    engine.perform("dwarfs", Ally(accept=offer.id))
    end_council(engine)
    assert engine.campaign.state.order == ["orcs", "dwarfs", "empire"]
    for who, army in (("orcs", "wolf-riders"), ("dwarfs", "karak")):
        engine.perform(who, MoveCorps(army=army, path=["0503"]))
        engine.perform(who, EndPhase())
    assert held(engine)["0503/SE"] == "dwarfs" and held(engine)["0503/E"] == "orcs"
    engine.perform("empire", MoveCorps(army="first-corps", path=["0504"]))  # by the Dwarfs' SE
    assert engine.campaign.army("first-corps").hex == parse_label("0504")


def test_the_chronicle_tells_who_holds_which_side_as_each_newcomer_enters():
    """§3.3: "The 'newcomer' now has the control of the hexside it entered from, the
    'original' hex-owner controls all the other hexsides" (R-SU-8). The first newcomer's
    line names both; a second newcomer takes its own side alone."""
    engine = drill(seed=16, edit=with_dwarfs)  # the Orcs, the Dwarfs, the Empire
    end_council(engine)
    for who, army in (("orcs", "wolf-riders"), ("dwarfs", "karak")):
        engine.perform(who, MoveCorps(army=army, path=["0503"]))
        engine.perform(who, EndPhase())
    said = [e.text for e in engine.chronicle if e.kind == "hexside_control"]
    assert said == [
        "'The Wolf Riders' (LC) enters 0503, where hostile troops stand: Orcs & Goblins holds "
        "the E side it came in by, The Empire the other five (R-SU-8)",
        "'Karak Host' enters 0503, where hostile troops stand: The Dwarfs holds the SE side it "
        "came in by (R-SU-8)",
    ]
