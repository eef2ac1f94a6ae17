"""The Invasion of Hex Island (``aasen``): amphibious invasions (5.7, tables 5.2 and 5.3,
R-AA-11, R-AA-12, R-AA-34)."""

from __future__ import annotations

import pytest
from test_aasen_year import REACH, books, end_all, new, pass_to_battles, senior

from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.rules.aasen import AasenRuleset, amphibious, battles, declarations, realms, support
from tuicamp.rules.aasen.declarations import Answer, Declare, Pass
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.rules.aasen.state import Invasion
from tuicamp.rules.aasen.support import Support

RULESET = AasenRuleset()
COVE, CAPE, SHORE = "wreckers-cove", "the-north-cape", "eastwatch-shore"


def afloat(colony_fleet=False):
    """The duel at its declarations, the Reach's fleet launched at Wreckers' Cove (and the
    Colony's at The North Cape), Malus to declare first."""
    engine = new()
    end_all(engine)
    end_all(engine)
    engine.perform("malus", WriteSheet(fleets=[COVE]))
    engine.perform("tehen", WriteSheet(fleets=[CAPE] if colony_fleet else []))
    end_all(engine)
    engine.campaign.state.initiative["malus"] = 99
    return engine


@pytest.mark.parametrize(
    ("entered", "cost"),
    [(1, 0), (3, 0), (4, 1), (6, 1), (7, 2), (9, 2), (10, 3), (12, 3), (13, 4)],
)
def test_table_5_2_fleet_transport_costs(entered, cost):
    """Table 5.2: "1 - 3 Free | 4 - 6 1 | 7 - 9 2 | Each additional 3 +1"."""
    engine = new()
    assert amphibious.fare(Rules(engine.campaign, RULESET), entered) == cost


def test_an_army_sails_from_its_fleets_territory_to_a_coastal_one():
    """5.7: "the starting territory is always the one containing the fleet, while the
    territory you invade can be any other coastal territory in the same sea ... A fleet
    may only carry one army per campaign turn"; two territories entered are free."""
    engine = afloat()
    camp = engine.campaign
    before = books(engine, REACH).resources
    engine.perform("malus", Declare(source=COVE, target=SHORE, fleet=True))
    invasion = camp.state.invasions[-1]
    assert (invasion.source, invasion.target, invasion.by_sea, invasion.mishap) == (
        COVE,
        SHORE,
        True,
        0,
    )
    assert camp.state.fleets[0].used
    assert books(engine, REACH).resources == before
    told = next(e.text for e in engine.chronicle if e.kind == "invasion")
    assert told.endswith("by sea (0 Resources; the fleet moves through unhindered)")
    engine.perform("eltharion", Answer(choice="stand"))


def test_no_fleet_no_voyage_and_a_route_by_water_only():
    """5.7: "If you have a fleet launched this turn you may use it"; "a fleet can move
    freely through any sea or coastal territory or along any river" (R-AA-34: the route
    given is each next to the one before, the target last)."""
    engine = new()
    end_all(engine)
    end_all(engine)
    engine.perform("malus", WriteSheet())
    engine.perform("tehen", WriteSheet())
    end_all(engine)
    engine.campaign.state.initiative["malus"] = 99
    with pytest.raises(RuleError, match="No fleet at Wreckers' Cove"):
        engine.perform("malus", Declare(source=COVE, target=SHORE, fleet=True))
    engine = afloat()
    with pytest.raises(RuleError, match="does not border"):
        engine.perform("malus", Declare(source=COVE, target=SHORE, fleet=True, route=[SHORE]))
    engine.perform("malus", Declare(source=COVE, target=SHORE, fleet=True, route=[CAPE, SHORE]))


def test_an_enemy_fleets_patrol_area_gives_a_mishap_die():
    """5.7: "if it passes through or ends up in the patrol area of an enemy fleet, you must
    roll a D6 for each ... Fleet and select the lowest result" (R-AA-11)."""
    engine = afloat(colony_fleet=True)
    engine.perform("malus", Declare(source=COVE, target=SHORE, fleet=True))
    event = next(e for e in engine.chronicle if e.kind == "invasion")
    (roll,) = [r for r in event.rolls if "fleet" in r.reason]
    assert roll.reason == "Malus of Hag Graef's fleet: The Arnheim Colony's fleet"
    assert engine.campaign.state.invasions[-1].mishap == min(roll.dice)


@pytest.mark.parametrize(
    ("die", "keys"),
    [
        (5, []),  # "5+ The fleet moves through unhindered"
        (4, ["fleet_mishap_rolls"]),  # "4 The defender gains +1 to all his pre-game dice rolls"
        (3, ["fleet_mishap_shift", "fleet_mishap_rolls"]),  # "3 ... shifted one step"
        (2, ["fleet_mishap_smaller", "fleet_mishap_shift", "fleet_mishap_rolls"]),  # "2 ... 10%"
    ],
)
def test_table_5_3_fleet_mishaps_are_cumulative(die, keys):
    """Table 5.3: "Note that the bad effects are cumulative, so if you rolled a 2, you would
    also suffer as if you had rolled a 3 and a 4"."""
    invasion = Invasion("i1", "malus", REACH, COVE, SHORE, "x", by_sea=True, mishap=die)
    assert [c.key for c in battles.mishaps(invasion)] == keys


def test_a_mishap_of_2_takes_a_tenth_off_the_invader_and_shifts_the_result():
    """Table 5.3: "2 The invading force is reduced by 10%, in addition to the disadvantages
    for the above results"; "3 The result of the battle is shifted one step in favour of the
    defender (a Draw becomes a Minor Victory in his favour, for example)" (R-AA-12)."""
    engine = afloat()
    engine.perform("malus", Declare(source=COVE, target=SHORE, fleet=True))
    engine.perform("eltharion", Answer(choice="stand"))
    camp = engine.campaign
    camp.state.invasions[-1].mishap = 2
    rules = Rules(camp, RULESET)
    while declarations.order(rules):
        engine.perform(declarations.order(rules)[0], Pass())
    end_all(engine)
    (battle,) = camp.battles
    assert battle.sides[0].points == 1750 - 175
    notes = [c.text for c in battle.circumstances]
    assert "The fleet's mishap (table 5.3): the invading army is 10 % smaller" in notes
    sides = [SideEntry(side="attacker"), SideEntry(side="defender")]
    facts = {"winner": 0, "level": 0}
    engine.perform("gm", EnterBattleResult(battle=battle.id, sides=sides, facts=facts))
    assert battles.final(rules, battle, battle.result) == ("defender", "minor")


def test_a_pirate_fleet_at_sea_lands_its_army():
    """5.3: "Pirate realms may, if they wish, place fleets they purchase in any sea
    territory. This lets them launch invasions even if they have no territories"."""
    engine = new("hex-island-corsairs")
    camp = engine.campaign
    rules = Rules(camp, RULESET)
    shore = camp.map.territory(SHORE)
    sea = next(
        h for h in camp.map.neighbours(amphibious.place(camp, SHORE)) if camp.map.terrain_at(h).sea
    )
    label = camp.map.label(sea)
    end_all(engine)
    end_all(engine)
    engine.perform("malus", WriteSheet())
    engine.perform("tehen", WriteSheet())
    engine.perform("harkon", WriteSheet(fleets=[label]))
    end_all(engine)
    camp.state.initiative["harkon"] = 99
    engine.perform("harkon", Declare(source=label, target=SHORE, fleet=True))
    invasion = camp.state.invasions[-1]
    assert (invasion.source, invasion.target, invasion.by_sea) == (label, SHORE, True)
    assert shore.owner == "arnheim-colony" and invasion.answer == ""
    assert amphibious.shortest(rules, sea, amphibious.place(camp, SHORE)) == [
        amphibious.place(camp, SHORE)
    ]


def carried(colony_fleet=False, points=300):
    """Malus invades The North Cape over land from Wreckers' Cove, the Colony stands, and
    Khazrak sends a Contingent on the Reach's fleet at the Cove."""
    engine = afloat(colony_fleet)
    engine.perform("malus", Declare(source=COVE, target=CAPE))
    engine.perform("eltharion", Answer(choice="stand"))
    engine.campaign.state.initiative["khazrak"] = 98
    engine.perform(
        "khazrak",
        Support(invasion="i1", points=points, fleet=COVE, officer=senior(engine, "khazrak")),
    )
    return engine


def test_a_fleet_carries_a_support_contingent_and_then_no_other_force():
    """5.7: "Fleets may also be used to transport Supporting Contingents if you wish, but a
    fleet can only transport a single force per turn" (R-AA-49: the Contingent marches to
    the fleet's territory, then sails; one square entered is free, table 5.2)."""
    engine = carried()
    camp = engine.campaign
    (contingent,) = camp.state.contingents
    assert (contingent.fleet, contingent.mishap, contingent.lost) == (COVE, 0, False)
    assert contingent.path[0] == "hag-hold" and contingent.path[-1] == COVE
    assert camp.state.fleets[0].used
    told = next(e.text for e in engine.chronicle if "sends" in e.text)
    assert told.endswith("by sea: 0 Resources, the fleet moves through unhindered)")
    launch = 2  # table 5.1: "Launching a fleet | 2"
    assert books(engine, REACH).resources == 11 - launch - contingent.cost
    assert amphibious.fleet_at(camp.state, REACH, COVE) is None


def test_a_contingent_by_sea_rolls_for_an_enemy_fleet():
    """5.7: "If you are transporting a contingent, treat results of 3 and 4 on the table
    as 5+ instead"; the die is rolled as for an army (R-AA-11, R-AA-49)."""
    engine = carried(colony_fleet=True)
    event = next(e for e in engine.chronicle if "sends" in e.text)
    (roll,) = [r for r in event.rolls if "fleet" in r.reason]
    assert roll.reason == (
        "Khazrak One-Eye's fleet with a Support Contingent: The Arnheim Colony's fleet"
    )
    (contingent,) = engine.campaign.state.contingents
    assert contingent.mishap == min(roll.dice)
    assert contingent.lost == (contingent.mishap == 1)


@pytest.mark.parametrize(
    ("die", "points", "fights"),
    [
        (0, 600, True),  # no die rolled
        (5, 600, True),  # "5+ The fleet moves through unhindered"
        (4, 600, True),  # "treat results of 3 and 4 on the table as 5+"
        (3, 600, True),
        (2, 540, True),  # "2 The invading force is reduced by 10%"
        (1, 0, False),  # "1 The fleet is forced to head back"
    ],
)
def test_table_5_3_for_a_contingent(die, points, fights):
    """Table 5.3 for a Contingent carried by sea (5.7, R-AA-49): a 3 or 4 is a 5+, a 2 takes
    a tenth off it and shifts nothing, a 1 turns it back before the battle; the battle's
    circumstances carry none of the fleet's mishaps, which are the invader's own."""
    engine = carried(points=600)
    camp = engine.campaign
    (contingent,) = camp.state.contingents
    contingent.mishap, contingent.lost = die, die == 1
    rules = Rules(camp, RULESET)
    while declarations.order(rules):
        engine.perform(declarations.order(rules)[0], Pass())
    end_all(engine)
    (battle,) = camp.battles
    attacker = battle.sides[0]
    assert attacker.points == 1750 + points  # Malus's army and what arrives of Khazrak's
    assert ("khazrak" in attacker.players) == fights
    assert not [c for c in battle.circumstances if c.key.startswith("fleet_mishap")]


def test_a_contingent_lost_at_sea_costs_its_sender_all_the_same():
    """R-AA-50: a Contingent turned back at sea (table 5.3: "1 The fleet is forced to head
    back") still takes its points off its sender's invasion army ("The points are simply
    lost that turn", 5.5), and its march and fare stay spent."""
    engine = carried(points=600)
    camp = engine.campaign
    (contingent,) = camp.state.contingents
    contingent.lost = True
    spent = books(engine, REACH).resources
    rules = Rules(camp, RULESET)
    assert support.sent_points(rules, "khazrak") == 600
    while declarations.order(rules):
        engine.perform(declarations.order(rules)[0], Pass())
    end_all(engine)
    assert books(engine, REACH).resources == spent
    (battle,) = camp.battles
    assert battle.sides[0].players == ["malus"]


def lent(trusted):
    """Tehen to declare first, the Reach's fleet at the Cove, the Reach's leave given to
    the Colony and only ``trusted`` of the Reach Trusting Tehen."""
    engine = afloat(colony_fleet=True)
    state = engine.campaign.state
    state.initiative["tehen"] = 100
    state.passages.append(f"{REACH}>arnheim-colony")
    for player in ("malus", "khazrak"):
        state.trust[f"{player}|tehen"] = "trusted" if player in trusted else "distrusted"
    return engine


BORROW = Declare(source=COVE, target="gull-point", fleet=True)


def test_a_friendly_realms_fleet_carries_an_army_it_trusts():
    """5.7: "A fleet can even transport an army or support contingent belonging to an
    friendly realm, though only one that at least one army in the realm trusts"; 3.2: "An
    army may not be transported on a fleet from a realm where it does not Trust at least
    one of the armies" (R-AA-51: the realm gave its leave this year, R-AA-33; the army
    marches to the fleet's territory first, 5.6)."""
    engine = lent(trusted=["khazrak"])
    state = engine.campaign.state
    engine.perform("tehen", BORROW)
    invasion = state.invasions[-1]
    assert invasion.by_sea and invasion.path[-1] == COVE and invasion.march >= 2
    assert state.fleets[0].realm == REACH and state.fleets[0].used
    told = next(e.text for e in engine.chronicle if e.kind == "invasion")
    assert f"marching for {invasion.march} Resources, then by sea" in told


def test_no_friendly_fleet_without_trust_or_leave():
    """R-AA-51: "only one that at least one army in the realm trusts"; and a friendly realm
    is one that gave its leave (R-AA-33)."""
    engine = lent(trusted=[])
    with pytest.raises(RuleError, match="R-AA-51"):
        engine.perform("tehen", BORROW)
    engine = lent(trusted=["malus"])
    engine.campaign.state.passages.clear()
    with pytest.raises(RuleError, match="grant_passage"):
        engine.perform("tehen", BORROW)


def test_the_route_the_fleet_takes_is_told_and_on_the_card():
    """5.7: "Declare which route your fleet will take to reach its destination" (R-AA-86):
    the chronicle tells Malus's route as he declares, by names, and the battle's card
    shows it; so it does of Khazrak's Contingent carried to The North Cape."""
    engine = afloat()
    camp = engine.campaign
    engine.perform("malus", Declare(source=COVE, target=SHORE, fleet=True))
    fleet = camp.state.fleets[0]
    names = [realms.place_name(camp, s) for s in fleet.route]
    assert fleet.route[-1] == SHORE and (fleet.carried, len(fleet.route)) == ("malus", 2)
    route = f"from Wreckers' Cove by {', '.join(names)} (2 entered)"
    (told,) = [e for e in engine.chronicle if e.kind == "voyage"]
    assert told.text == f"Malus of Hag Graef's army sails {route} (5.7, R-AA-86)"
    assert not told.rolls  # the mishap dice, if any, go with the declaration
    engine.perform("eltharion", Answer(choice="stand"))
    pass_to_battles(engine)
    notes = battles.card_notes(Rules(camp, RULESET), camp.battles[0])
    assert f"Malus of Hag Graef's fleet sailed {route}" in notes


def test_a_contingents_route_is_told_and_on_the_card():
    """5.7: "Declare which route your fleet will take"; "Fleets may also be used to
    transport Supporting Contingents" (R-AA-49, R-AA-86)."""
    engine = carried()
    camp = engine.campaign
    (told,) = [e.text for e in engine.chronicle if e.kind == "voyage"]
    assert told.startswith("Khazrak One-Eye's Support Contingent sails from Wreckers' Cove by ")
    assert told.endswith("The North Cape (1 entered) (5.7, R-AA-86)")
    pass_to_battles(engine)
    notes = battles.card_notes(Rules(camp, RULESET), camp.battles[0])
    assert (
        "Khazrak One-Eye's fleet sailed from Wreckers' Cove by The North Cape (1 entered)"
    ) in notes
