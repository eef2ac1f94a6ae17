"""Starting armies in the editor (tuicamp.game.mapedit.armies): placed, changed and
removed; units typed as a list (Rauscher) or a points allocation (Aasen, Suvinen); and
either kind passing `tuicamp check` and starting a campaign of its ruleset."""

from __future__ import annotations

import pytest

from tuicamp.game.mapedit import armies, draft, edits
from tuicamp.game.mapedit.history import History
from tuicamp.game.mapedit.ledger import ledger
from tuicamp.game.setup import new_campaign
from tuicamp.model.forces import Category
from tuicamp.model.hexes import Hex


def H(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def test_units_are_read_as_a_games_master_writes_a_list() -> None:
    units = armies.parse_units(
        "Spearmen 150 x20; Grom the Paunch 120 general; Wolf Riders 90 x5 cavalry"
    )
    assert [(u.id, u.name, u.points, u.models) for u in units] == [
        ("spearmen", "Spearmen", 150, 20),
        ("grom-the-paunch", "Grom the Paunch", 120, 1),
        ("wolf-riders", "Wolf Riders", 90, 5),
    ]
    assert units[1].category is Category.CHARACTER and units[1].flags == {"general"}
    assert units[2].category is Category.LIGHT_CAVALRY
    with pytest.raises(ValueError, match="write a unit as its name then its points"):
        armies.parse_units("Spearmen")
    with pytest.raises(ValueError, match="'x0' is neither xMODELS nor a category"):
        armies.parse_units("Spearmen 150 x0")
    with pytest.raises(ValueError, match="an army needs at least one unit"):
        armies.parse_units(" ; ")


def test_a_list_written_back_reads_as_the_same_units() -> None:
    text = "Spearmen 150 x20; General 100 general; Bolt Thrower 50 war_machine"
    army = armies.Army("a", "A", "red", None, armies.parse_units(text))
    assert armies.units_line(army) == text


def test_each_ruleset_is_asked_for_the_army_its_text_counts() -> None:
    """Rauscher's players bring a list of units; Aasen's and Suvinen's a points allocation."""

    def style(rid: str) -> tuple[str, str]:
        found = armies.army_style(draft.blank_scenario(8, 6, rid))
        return found.counted, found.commander_flag

    assert style("rauscher") == (armies.UNITS, "general")
    assert style("aasen") == (armies.POINTS, "general")
    assert style("suvinen") == (armies.POINTS, "leader")  # R-SU-24: an army needs a leader
    assert style("sandbox") == (armies.UNITS, "general")


def test_armies_are_placed_changed_and_removed_and_undo_puts_them_back() -> None:
    scenario = draft.blank_scenario(10, 8)
    history = History(scenario)
    history.before("army")
    host = armies.place_army(
        scenario, H(2, 2), "red", "Red Host", armies.parse_units("Spearmen 150 x20")
    )
    assert host.id == "red-red-host" and [u.id for u in host.units] == ["red-red-host-spearmen"]
    again = armies.place_army(scenario, H(3, 3), "red", "Red Host", points=500, commander="Hans")
    assert again.id == "red-red-host-2"
    history.before("change")
    armies.place_army(
        scenario, H(2, 2), "red", "Red Guard", points=300, commander="Kurt", army_id=host.id
    )
    assert [(a.name, a.points) for a in armies.armies_at(scenario, H(2, 2))] == [("Red Guard", 300)]
    assert [u.name for u in scenario.armies[0].units] == ["Kurt", armies.ALLOCATION_NAME]
    assert scenario.armies[0].units[0].flags == {"general"}
    history.before("remove")
    assert armies.remove_army(scenario, again.id) and not armies.remove_army(scenario, again.id)
    assert [a.id for a in scenario.armies] == [host.id]
    history.undo()
    history.undo()
    assert [(a.name, a.points) for a in scenario.armies] == [("Red Host", 150), ("Red Host", 500)]


def test_an_army_refuses_an_owner_that_is_no_slot_a_hex_off_the_map_and_no_name() -> None:
    scenario = draft.blank_scenario(10, 8)
    with pytest.raises(ValueError, match=r"owner .green. is not a player slot \(slots: red, blue"):
        armies.place_army(scenario, H(1, 1), "green", "Host", points=100)
    with pytest.raises(ValueError, match="hex 2001 is off the map"):
        armies.place_army(scenario, H(19, 0), "red", "Host", points=100)
    with pytest.raises(ValueError, match="an army needs a name"):
        armies.place_army(scenario, H(1, 1), "red", " ", points=100)
    with pytest.raises(ValueError, match="points '0': a whole number of points, at least 1"):
        armies.parse_points("0")
    assert scenario.armies == []


@pytest.mark.parametrize("ruleset", ["rauscher", "suvinen", "sandbox"])
def test_an_army_of_either_kind_passes_the_check_and_starts_a_campaign(ruleset: str) -> None:
    scenario = draft.blank_scenario(10, 8, ruleset)
    m = scenario.map
    kind = "castle" if ruleset == "suvinen" else "town"
    edits.place_settlement(m, H(1, 1), kind, "Altdorf", "red")
    edits.place_settlement(m, H(8, 6), kind, "Karak", "blue")
    commander = armies.army_style(scenario).commander_flag
    red = armies.parse_units(f"General 100 {commander}; Spearmen 150 x20")
    armies.place_army(scenario, H(1, 1), "red", "Red Host", red)
    armies.place_army(scenario, H(8, 6), "blue", "Blue Host", points=250, commander="Grimm")
    assert draft.findings(scenario) == []
    campaign = new_campaign(scenario, ruleset, seed=1)
    assert {a.id: a.points for a in campaign.armies} == {
        "red-red-host": 250,
        "blue-blue-host": 250,
    }


def test_the_ledger_counts_army_points_against_each_player() -> None:
    scenario = draft.blank_scenario(10, 8)
    armies.place_army(scenario, H(1, 1), "red", "Red Host", points=400, commander="Kurt")
    assert [(line.player, line.points) for line in ledger(scenario)] == [("red", 400), ("blue", 0)]


def test_the_way_an_army_is_asked_for_is_the_rulesets_own_hook(monkeypatch) -> None:
    """The editor keeps no table of rulesets: a ruleset declaring ``starting_army =
    "points"`` and its own commander's flag gets a points allocation led by a commander
    carrying that flag (a stranger's ruleset as much as a bundled one)."""
    sandbox = type(draft.registry.get_ruleset("sandbox"))
    scenario = draft.blank_scenario(6, 4, "sandbox")
    assert armies.army_style(scenario) == armies.ArmyStyle(armies.UNITS, "general")
    monkeypatch.setattr(sandbox, "starting_army", "points")
    monkeypatch.setattr(sandbox, "commander_flag", "captain")
    assert armies.army_style(scenario) == armies.ArmyStyle(armies.POINTS, "captain")
    army = armies.place_army(scenario, H(1, 1), "red", "Red Host", points=500, commander="Kurt")
    assert army.points == 500 and army.units[0].flags == {"captain"}
    suvinen = draft.blank_scenario(6, 4, "suvinen")
    assert armies.army_style(suvinen) == armies.ArmyStyle(armies.POINTS, "leader")  # R-SU-24
