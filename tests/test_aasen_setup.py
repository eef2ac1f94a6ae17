"""The Invasion of Hex Island (``aasen``): setting the island up, the bundled scenarios,
the trust table, Homelands and connection, what each seat reads, and the command line.

The text pinned (2.1): "If the realm has two players they must select one of the mainland
Capitals. To this are added the six territories immediately around it, to form the
realm's Homeland. Single-player realms (pirate realms) must select one of the island
Capitals. To this is added the three other territories on the island"; "each realm then
has the option of placing either a single Stronghold or up to two Outposts"; 2.2: "You
cannot build Outposts / Strongholds in a territory containing swamps".
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tuicamp import cli
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.rules.aasen import AasenRuleset, realms, trust
from tuicamp.rules.aasen.state import AasenState, pair_key
from tuicamp.storage.scenario import find_scenario, load_scenario, scenario_problems

RULESET = AasenRuleset()
DUEL, CORSAIRS, ISLAND = "hex-island-duel", "hex-island-corsairs", "hex-island"
REACH, COLONY, BRETHREN = "hag-graef-reach", "arnheim-colony", "the-brethren"


@pytest.fixture(scope="module")
def scenarios():
    return {name: load_scenario(find_scenario(name)) for name in (DUEL, CORSAIRS, ISLAND)}


def start(scenarios, name=DUEL, check=True):
    return start_campaign(copy.deepcopy(scenarios[name]), "aasen", seed=5, check=check).campaign


def problems(camp):
    return [p.text for p in RULESET.campaign_problems(Rules(camp, RULESET))]


def territory(camp, tid):
    found = camp.map.territory(tid)
    assert found is not None, tid
    return found


def test_the_ruleset_declares_its_coast_and_no_bad_table():
    """Coastal land is the one type the core's terrains lack (R-AA-1, R-AA-10)."""
    assert RULESET.vocabulary_problems() == []
    coast = RULESET.vocabulary.terrain("c")
    assert coast is not None and coast.id == "coast" and coast.glyph == "_"


@pytest.mark.parametrize(
    ("name", "players", "tiles", "pirates"),
    [(DUEL, 4, 22, 0), (CORSAIRS, 5, 28, 1), (ISLAND, 15, 84, 3)],
)
def test_the_bundled_islands_are_the_issues(scenarios, name, players, tiles, pirates):
    """hex-island-duel: "2 realms, 4 players, 22 tiles, sea on two sides";
    hex-island-corsairs: "2 realms and a pirate, 5 players, 28 tiles"; hex-island: "9
    realms: 6 two-player and 3 pirate, 15 players, 84 land tiles, about 16 x 12" (R-AA-1)."""
    assert scenario_problems(find_scenario(name)) == []
    camp = start(scenarios, name)
    assert len(camp.players) == players
    assert len(realms.land(camp)) == tiles
    assert all(len(t.hexes) == 1 for t in camp.map.territories)
    teams = realms.realms(camp)
    assert [realms.is_pirate(camp, t.id) for t in teams].count(True) == pirates
    for team in teams:
        size = 6 if realms.is_pirate(camp, team.id) else 11
        assert len(realms.held_by(camp, team.id)) == size
    if name == DUEL:
        sea = set(realms.sea_hexes(camp))  # the north row and the west column, two inlets
        edges = {h for h in camp.map.hexes() if h.row == 0 or h.col == 0}
        assert edges <= sea and len(sea - edges) == 2
    if name == ISLAND:
        assert (camp.map.width, camp.map.height) == (16, 12)
    assert problems(camp) == []


def test_a_two_player_homeland_is_the_capital_and_the_six_around_it(scenarios):
    """R-AA-21: "The Homeland is the capital and the adjacent territories the realm
    holds"; 2.1: "the six territories immediately around it"."""
    camp = start(scenarios)
    home = realms.homeland(camp, camp.state, REACH)
    assert home[0].name == "Hag Hold" and len(home) == 7
    assert all(t.owner == REACH for t in home)
    # a neighbour lost is no longer part of the Homeland
    territory(camp, "gull-point").owner = COLONY
    assert len(realms.homeland(camp, camp.state, REACH)) == 6


def test_a_pirate_homeland_is_its_island(scenarios):
    """2.1: "Single-player realms (pirate realms) must select one of the island Capitals.
    To this is added the three other territories on the island"."""
    camp = start(scenarios, CORSAIRS)
    assert {t.name for t in realms.homeland(camp, camp.state, BRETHREN)} == {
        "Skull Isle",
        "The Gibbet",
        "Rum Beach",
        "The Black Reef",
    }


def test_connection_runs_through_own_land_to_the_capital_or_a_stronghold(scenarios):
    """R-AA-2: "a territory is connected when a chain of the realm's own adjacent land
    territories links it to the Capital, or to a Stronghold for that chain; razed
    territories still connect"."""
    camp = start(scenarios, CORSAIRS)
    state = camp.state
    linked = realms.connected(camp, state, BRETHREN)
    # the Drowned Quay and Lantern Rock are cut off from Skull Isle by the sea, but Lantern
    # Rock has a Stronghold: it is connected, the Drowned Quay is not
    assert "lantern-rock" in linked and "the-drowned-quay" not in linked
    assert len(realms.earning(camp, state, BRETHREN)) == 5
    # a razed territory earns nothing but still joins the chain
    camp2 = start(scenarios)
    state2 = camp2.state
    assert len(realms.earning(camp2, state2, REACH)) == 11
    state2.razed.append("the-gold-fields")
    assert "the-gold-fields" in realms.connected(camp2, state2, REACH)
    assert len(realms.earning(camp2, state2, REACH)) == 10
    # without its Capital a realm earns only where a Stronghold links the land (3.6)
    territory(camp2, "hag-hold").owner = COLONY
    assert realms.capital_of(camp2, state2, REACH) is None
    assert len(realms.connected(camp2, state2, REACH)) == 10  # chained to the Serpentwood
    del state2.holdings["serpentwood"]
    assert realms.connected(camp2, state2, REACH) == set()


# --- the trust table (R-AA-3) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "word"),
    [
        ("Dark Elves", "Chaos Beasts", "trusted"),  # one side
        ("High Elves", "Lizardmen", "trusted"),
        ("Empire", "Chaos Mortals", "sworn"),  # opposed sides
        ("High Elves", "Dark Elves", "sworn"),  # a pair of its own
        ("Dwarfs", "Orcs & Goblins", "sworn"),
        ("Dark Elves", "Skaven", "distrusted"),
        ("Empire", "Ogre Kingdoms", "distrusted"),  # neither side opposed
        ("Empire", "Dogs of War", "trusted"),
        ("Nobody Knows", "Empire", "distrusted"),
    ],
)
def test_the_default_trust_table(a, b, word):
    """R-AA-3: "a default trust table by army (Trusted / Distrusted / Sworn enemies) ships
    as data"; each pair reads the same either way round."""
    table = RULESET.default_tables["trust"]
    assert trust.race_trust(table, a, b) == word == trust.race_trust(table, b, a)


@pytest.mark.parametrize(
    ("marks", "word"),
    [
        (("slaanesh", "slaanesh"), "trusted"),
        (("khorne", "slaanesh"), "distrusted"),
        (("nurgle", "tzeentch"), "distrusted"),
        (("khorne", "nurgle"), "sworn"),  # the table's word stands
        (("", ""), "sworn"),
    ],
)
def test_the_marks_of_chaos_apply_over_the_table(marks, word):
    """3.1: "Khorne and Slaanesh armies Distrust each other, while Tzeentch and Nurgle do
    the same. Armies always trust other armies led by a General with the same Mark of
    Chaos (so a Dark Elf Cult of Slaanesh army would trust a Slaanesh Beastman army)"
    (R-AA-3: the marks always apply on top)."""
    table = RULESET.default_tables["marks"]
    assert trust.with_marks(table, "sworn", *marks) == word


def test_the_campaign_keeps_every_pairs_trust_and_tells_it(scenarios):
    """R-AA-3: the trust table "is shown at setup for the GM to edit": kept per pair in the
    state (a GM correction edits it), told in the chronicle as the first year begins."""
    engine = start_campaign(copy.deepcopy(scenarios[DUEL]), "aasen", seed=5)
    state = engine.campaign.state
    assert len(state.trust) == 6
    assert state.trust[pair_key("malus", "khazrak")] == "trusted"
    assert state.trust[pair_key("eltharion", "malus")] == "sworn"
    told = [e.text for e in engine.chronicle if e.kind == "trust"]
    assert told and "Khazrak One-Eye - Malus of Hag Graef: Trusted" in told[0]


def test_a_realm_of_sworn_enemies_is_refused(scenarios):
    """3.3: "Two armies that are sworn enemies of each other may not form a realm
    together"."""
    camp = start(scenarios, check=False)
    camp.state.trust[pair_key("malus", "khazrak")] = "sworn"
    assert any("Sworn enemies and may not form a realm" in p for p in problems(camp))


# --- what a Games Master must fix ----------------------------------------------------------


def test_land_by_the_sea_must_be_coastal(scenarios):
    """R-AA-10: "check warns when a sea-adjacent land territory is not coastal"."""
    camp = start(scenarios, check=False)
    camp.map.set_terrain(territory(camp, "gull-point").hexes[0], ".")
    assert problems(camp) == [
        "territory 'gull-point' touches the sea: make it coastal land (R-AA-10)"
    ]


def test_no_river_in_a_forest_or_a_swamp(scenarios):
    """2.2: "Lowland, Highland and costal territories can contain rivers"."""
    camp = start(scenarios, check=False)
    territory(camp, "the-sinking-mire").flags.add("river")
    assert problems(camp) == [
        "territory 'the-sinking-mire' is swamp: only lowland, highland and coastal "
        "territories have rivers"
    ]


def test_no_outpost_in_a_swamp(scenarios):
    """2.2: "You cannot build Outposts / Strongholds in a territory containing swamps
    (they'd only sink)"."""
    camp = start(scenarios, check=False)
    del camp.state.holdings["the-north-cape"]
    camp.state.holdings["the-sinking-mire"] = "outpost"
    assert problems(camp) == [
        "The Sinking Mire: no Outpost or Stronghold in a swamp (they'd only sink)"
    ]


def test_a_stronghold_or_two_outposts_not_both(scenarios):
    """2.1: "placing either a single Stronghold or up to two Outposts"."""
    camp = start(scenarios, check=False)
    camp.state.holdings["the-north-cape"] = "stronghold"
    assert any("one Stronghold or up to two Outposts" in p for p in problems(camp))


def test_a_realm_starts_with_eleven_territories_and_a_full_homeland(scenarios):
    """2.1: "all normal realms should have eleven territories and all pirate realms should
    have six" (R-AA-1); the Capital's six neighbours are its own."""
    camp = start(scenarios, check=False)
    territory(camp, "gull-point").owner = COLONY
    found = problems(camp)
    assert (
        "realm 'hag-graef-reach' holds 10 territories; a realm of two starts with 11 (R-AA-1)"
        in found
    )
    assert (
        "realm 'arnheim-colony' holds 12 territories; a realm of two starts with 11 (R-AA-1)"
        in found
    )
    assert any("the six territories around it" in p for p in found)


def test_the_set_up_table_is_checked():
    """The ``[ruleset.aasen]`` table: its keys, the Generals' names and Marks of Chaos."""
    found = RULESET.setup_problems({"generalz": {}, "marks": {"a": "grimnir"}})
    texts = [p.text for p in found]
    assert "unknown key (did you mean 'generals'?)" in texts
    assert any("'grimnir' is no Mark of Chaos" in t for t in texts)
    assert RULESET.setup_problems({"generals": {"a": "Malus"}, "marks": {"a": "nurgle"}}) == []


# --- the state, the seats, the command line --------------------------------------------


def test_each_player_has_a_general_of_glory_0(scenarios):
    """R-AA-15: "In turn 1 each player's free promotion makes his General"; the state is
    shaped for the characters to come: a General per army with a name and Glory 0."""
    camp = start(scenarios)
    generals = camp.state.generals
    assert set(generals) == {"malus", "khazrak", "eltharion", "tehen"}
    assert generals["malus"].name == "Drusala Shadowbane" and generals["malus"].glory == 0
    assert camp.state.marks == {"khazrak": "slaanesh"}


def test_the_state_survives_a_save(scenarios):
    camp = start(scenarios, CORSAIRS)
    camp.state.razed.append("serpentwood")
    back = campaign_from_dict(campaign_to_dict(camp), AasenState)
    assert back.state == camp.state


def test_a_seat_reads_its_own_realms_books_only(scenarios):
    """The status lines: the seat's realm with its Resources, Wealth and Support; every
    other realm's size, never its books."""
    camp = start(scenarios, CORSAIRS)
    camp.state.books[COLONY].resources = 7
    seat = next(s for s in camp.seats if s.players == ["malus"])
    lines = RULESET.status_lines(Rules(camp, RULESET), seat)
    labels = [line.label for line in lines]
    assert labels.count("Resources") == 1 and "7" not in [line.text for line in lines]
    assert lines[0].label == "The Hag Graef Reach"
    assert any(line.label == "The Brethren of the Vampire Coast" for line in lines)
    gm = next(s for s in camp.seats if s.gm)
    gm_lines = RULESET.status_lines(Rules(camp, RULESET), gm)
    assert [line.label for line in gm_lines].count("Resources") == 3


def test_the_command_line_starts_and_shows_the_island(tmp_path: Path, monkeypatch, capsys):
    """`tuicamp new hex-island-duel` and `tuicamp show --as SEAT`."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    monkeypatch.setenv("TUICAMP_NOW", "2026-01-01T00:00:00")
    assert cli.main(["new", DUEL, "--seed", "4", "--name", "isle", "--no-play"]) == 0
    capsys.readouterr()
    assert cli.main(["show", "isle", "--as", "malus"]) == 0
    shown = capsys.readouterr().out
    assert "The Hag Graef Reach: realm, 11 territories, Capital Hag Hold" in shown
    assert "Resources: 11" in shown and "Wealth: 0" in shown
    assert "Support: 11" in shown
    assert "General: Drusala Shadowbane (Glory 0)" in shown
    assert "Lord Aerion Sunblade (Glory" not in shown  # another realm's General sheet
    assert cli.main(["log", "isle", "--as", "malus"]) == 0
    log = capsys.readouterr().out
    assert "Realm 1, The Hag Graef Reach" in log and "stronghold in Serpentwood" in log
