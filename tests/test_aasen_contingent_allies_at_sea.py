"""The Invasion of Hex Island (``aasen``): a force at sea among friends - the realm of the
player a Contingent sails to support gives it no mishap die (5.7, R-AA-11, R-AA-60), and
a fleet of a third realm, neither the carried player's nor his enemy's, carries an army
or a Contingent (5.7, 3.2, R-AA-51)."""

from __future__ import annotations

import copy

import pytest
from test_aasen_year import books, end_all, new, senior

from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.game.setup import start_campaign
from tuicamp.rules.aasen import realms
from tuicamp.rules.aasen.declarations import Answer, Declare
from tuicamp.rules.aasen.passage import GrantPassage
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.rules.aasen.state import ATTACKER, DEFENDER
from tuicamp.rules.aasen.support import Support
from tuicamp.storage.scenario import find_scenario, load_scenario

COVE, CAPE, ROCK, SHORE = "wreckers-cove", "the-north-cape", "lantern-rock", "eastwatch-shore"
BATTLES = {  # who invades what from where, and who of the realm invaded stands
    ATTACKER: ("harkon", ROCK, SHORE, "eltharion"),  # Harkon sets out from his Stronghold
    DEFENDER: ("eltharion", CAPE, ROCK, "harkon"),  # Harkon defends his Stronghold
}
VOYAGE = {ATTACKER: [CAPE, ROCK, SHORE], DEFENDER: [CAPE, ROCK]}


def sailing_to_harkon(side):
    """The corsairs' declarations: the Reach's fleet at Wreckers' Cove, the Brethren's at
    sea off Lantern Rock (their Stronghold), the Colony's at Eastwatch Shore; Harkon fights
    for Lantern Rock on ``side``, and Khazrak of the Reach sails to support him, by a route
    through Lantern Rock."""
    engine = new("hex-island-corsairs")
    camp = engine.campaign
    end_all(engine)
    end_all(engine)
    engine.perform("malus", WriteSheet(fleets=[COVE]))
    engine.perform("tehen", WriteSheet(fleets=[SHORE]))
    engine.perform("harkon", WriteSheet(fleets=["0801"]))  # a pirate's fleet in a sea hex
    end_all(engine)
    invader, source, target, stands = BATTLES[side]
    camp.state.initiative[invader] = 99
    engine.perform(invader, Declare(source=source, target=target))
    engine.perform(stands, Answer(choice="stand"))
    camp.state.initiative["khazrak"] = 98
    order = Support(
        invasion="i1", side=side, fleet=COVE, route=VOYAGE[side], officer=senior(engine, "khazrak")
    )
    engine.perform("khazrak", order)
    return engine


@pytest.mark.parametrize("side", [ATTACKER, DEFENDER])
def test_the_supported_players_stronghold_and_fleet_give_a_contingent_no_die(side):
    """5.7: "If your chosen path passes through or ends up in a territory containing an
    enemy Stronghold or a Capital, or if it passes through or ends up in the patrol area of
    an enemy fleet, you must roll a D6 for each" (R-AA-11): the Brethren's Stronghold at
    Lantern Rock and their fleet off it are no enemies of a Contingent sailing to support
    Harkon, whether he invades or defends (R-AA-60); the Colony's fleet at Eastwatch Shore,
    his enemy's, still gives its die."""
    engine = sailing_to_harkon(side)
    (contingent,) = engine.campaign.state.contingents
    event = next(e for e in engine.chronicle if " sends " in e.text)
    (roll,) = event.rolls
    assert roll.reason == (
        "Khazrak One-Eye's fleet with a Support Contingent: The Arnheim Colony's fleet"
    )
    assert contingent.mishap == min(roll.dice)
    assert engine.campaign.state.fleets[0].used


# --- a third realm's fleet (the whole island) ----------------------------------------

ISLAND = load_scenario(find_scenario("hex-island"))
OSTMARK, AVELORN, COURONNE, WASTE = "ostmark", "avelorn-shore", "couronne-mark", "the-waste"
CLIFFS, SANDS = "bright-cliffs", "thorn-sands"  # the Avelorn Shore's coast; the Waste's


def island_afloat():
    """The whole island at its declarations: two fleets of the Avelorn Shore at Bright
    Cliffs, the Ostmark March's at Bone Bay and the Howling Waste's at Thorn Sands."""
    engine = start_campaign(copy.deepcopy(ISLAND), "aasen", seed=5)
    camp = engine.campaign

    def end_every_seat():
        for player in [p.id for p in camp.players]:
            if player in engine.acting_seats():
                engine.perform(player, EndPhase())

    end_every_seat()
    end_every_seat()
    fleets = {AVELORN: [CLIFFS, CLIFFS], OSTMARK: ["bone-bay"], WASTE: [SANDS]}
    for team in realms.realms(camp):
        engine.perform(team.members[0], WriteSheet(fleets=fleets.get(team.id, [])))
    end_every_seat()
    assert camp.phase == "declare"
    return engine


def test_a_third_realms_fleet_carries_an_army_to_a_battle_not_its_own():
    """5.7: "A fleet can even transport an army or support contingent belonging to an
    friendly realm, though only one that at least one army in the realm trusts" (R-AA-51):
    the Avelorn Shore, which gave the Ostmark March its leave and whose Caledor Trusts
    Reinhold, carries his army against the Howling Waste, neither realm the Avelorn's own;
    his army marches first to the fleet's territory (5.6); neither the Avelorn's other fleet
    nor his own realm's gives a die, the Waste's fleet does (R-AA-11)."""
    engine = island_afloat()
    state = engine.campaign.state
    engine.perform("caledor", GrantPassage(to=OSTMARK))
    state.initiative["reinhold"] = 99
    before = books(engine, OSTMARK).resources
    engine.perform("reinhold", Declare(source=CLIFFS, target=SANDS, fleet=True))
    invasion = state.invasions[-1]
    assert (invasion.by_sea, invasion.path[-1], invasion.defender_realm) == (True, CLIFFS, WASTE)
    carrier = next(f for f in state.fleets if f.used)
    assert carrier.realm == AVELORN and [f.used for f in state.fleets].count(True) == 1
    event = next(e for e in engine.chronicle if e.kind == "invasion")
    (roll,) = event.rolls
    assert roll.reason == "Reinhold of Ostmark's fleet: The Howling Waste's fleet"
    assert books(engine, OSTMARK).resources < before  # the march and the fare are his
    assert books(engine, AVELORN).resources == 11 - 2 * 2  # its two fleets launched (5.3)


def test_a_third_realms_fleet_carries_a_contingent_to_an_allys_battle():
    """5.7: "A fleet can even transport an army or support contingent belonging to an
    friendly realm" (R-AA-51): Gilles of the Couronne Mark sails on the Avelorn Shore's
    fleet to support Reinhold of the Ostmark March against the Howling Waste - four realms,
    the fleet's neither the sender's nor the supported's nor the enemy's. The Contingent
    marches to the fleet through the Avelorn's land by its leave, 1 Resource a territory
    (5.5, R-AA-61); the Avelorn's other fleet and the Ostmark's give no die (R-AA-51,
    R-AA-60), the Waste's does (R-AA-11)."""
    engine = island_afloat()
    camp, state = engine.campaign, engine.campaign.state
    state.initiative["reinhold"] = 99
    engine.perform("reinhold", Declare(source="red-landing", target=SANDS))
    engine.perform("vilitch", Answer(choice="stand"))
    engine.perform("caledor", GrantPassage(to=COURONNE))
    state.initiative["gilles"] = 98
    before = books(engine, COURONNE).resources
    engine.perform("gilles", Support(invasion="i1", fleet=CLIFFS, officer=senior(engine, "gilles")))
    (contingent,) = state.contingents
    assert contingent.path[-1] == CLIFFS
    owners = {camp.map.territory(t).owner for t in contingent.path[1:]}
    assert owners == {COURONNE, AVELORN}
    assert contingent.cost == len(contingent.path) - 1  # no Highland on the way
    carrier = next(f for f in state.fleets if f.used)
    assert carrier.realm == AVELORN and [f.used for f in state.fleets].count(True) == 1
    event = next(e for e in engine.chronicle if " sends " in e.text)
    (roll,) = event.rolls
    assert roll.reason == (
        "Sir Gilles le Breton's fleet with a Support Contingent: The Howling Waste's fleet"
    )
    assert "through the land of The Avelorn Shore by leave" in event.text
    fare = before - contingent.cost - books(engine, COURONNE).resources
    assert fare >= 0 and contingent.mishap == min(roll.dice)
    assert books(engine, AVELORN).resources == 11 - 2 * 2  # the sender's realm pays


def test_no_third_realms_fleet_without_its_leave():
    """R-AA-51: a friendly realm is one that gave the carried player's realm its leave
    this year (R-AA-33): without it the Avelorn Shore's fleet carries no Contingent of
    the Couronne Mark's."""
    engine = island_afloat()
    state = engine.campaign.state
    state.initiative["reinhold"] = 99
    engine.perform("reinhold", Declare(source="red-landing", target=SANDS))
    engine.perform("vilitch", Answer(choice="stand"))
    state.initiative["gilles"] = 98
    with pytest.raises(RuleError, match="grant_passage"):
        engine.perform(
            "gilles", Support(invasion="i1", fleet=CLIFFS, officer=senior(engine, "gilles"))
        )
    assert not state.contingents and not any(f.used for f in state.fleets)
