"""The Invasion of Hex Island (``aasen``): a Support Contingent marches through a third
realm that gave its leave, never through a Sworn enemy's (5.5, R-AA-33, R-AA-61)."""

from __future__ import annotations

import pytest
from test_aasen_passage import MIRE, lent_mire
from test_aasen_year import BRETHREN, COLONY, REACH, books, new, senior, to_declare

from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.rules.aasen import passage
from tuicamp.rules.aasen.declarations import Answer, Declare
from tuicamp.rules.aasen.passage import GrantPassage
from tuicamp.rules.aasen.state import SWORN, TRUSTED, pair_key
from tuicamp.rules.aasen.support import RefuseSupport, Support

KEEP = "sunward-keep"  # the Colony's Capital, with none of the Reach's land beside it


def at_the_keep():
    """The corsairs' island, The Sinking Mire the Brethren's and their leave given to the
    Reach: Malus marches through the Mire to invade Sunward Keep (5.6), the Colony stands,
    and Khazrak is to declare next."""
    engine = lent_mire()
    engine.perform("harkon", GrantPassage(to=REACH))
    engine.perform("malus", Declare(source=MIRE, target=KEEP))
    engine.perform("eltharion", Answer(choice="stand"))
    engine.campaign.state.initiative["khazrak"] = 98
    return engine


def test_a_contingent_marches_through_a_realm_that_gave_leave_a_resource_a_territory():
    """5.5: "You may only move through another realm's territories without invading if you
    gain their permission ... 1 Resource must be spent for each friendly territory the
    Contingent moves into along the way" (R-AA-61): the Brethren gave the Reach leave, so
    Khazrak's Contingent marches from Hag Hold through the Mire, theirs, to Sunward Keep,
    paying for the three territories of the Reach and the Mire, not for the Keep."""
    engine = at_the_keep()
    camp = engine.campaign
    before = books(engine, REACH).resources
    engine.perform("khazrak", Support(invasion="i1", officer=senior(engine, "khazrak")))
    (contingent,) = camp.state.contingents
    assert contingent.path[0] == "hag-hold" and contingent.path[-2:] == [MIRE, KEEP]
    owners = [camp.map.territory(t).owner for t in contingent.path[1:-1]]
    assert owners == [REACH, REACH, REACH, BRETHREN]
    assert contingent.cost == 4
    assert books(engine, REACH).resources == before - 4
    told = next(e.text for e in engine.chronicle if " sends " in e.text)
    assert told == (
        "Khazrak One-Eye sends 300 points to support Malus of Hag Graef in Sunward Keep "
        "(march: 4 Resources, through the land of The Brethren of the Vampire Coast by leave)"
    )
    engine.perform("malus", RefuseSupport(invasion="i1", sender="khazrak"))
    assert books(engine, REACH).resources == before  # 5.5: paid back when refused


def test_no_contingent_marches_without_the_leave():
    """5.5: "You may only move through another realm's territories without invading if you
    gain their permission": the leave is the Reach's for the year, and without it no march
    reaches Sunward Keep through friendly land (R-AA-61)."""
    engine = at_the_keep()
    engine.campaign.state.passages.remove(passage.key(BRETHREN, REACH))
    with pytest.raises(RuleError, match="grant_passage"):
        engine.perform("khazrak", Support(invasion="i1", officer=senior(engine, "khazrak")))
    assert not engine.campaign.state.contingents


def test_no_contingent_marches_through_a_sworn_enemys_realm_whatever_its_leave():
    """5.5: "... and you may not march through the realm of a Sworn enemy (see table 3.1)"
    (R-AA-61): with Harkon Khazrak's Sworn enemy (the Games Master's correction of the
    trust table, R-AA-3), the Brethren's leave lets Malus's army through the Mire but not
    Khazrak's Contingent; nor does the Colony's leave open its land, every army of it
    Khazrak's Sworn enemy."""
    engine = at_the_keep()
    state = engine.campaign.state
    state.trust[pair_key("harkon", "khazrak")] = SWORN
    state.passages.append(passage.key(COLONY, REACH))
    before = books(engine, REACH).resources
    with pytest.raises(RuleError, match="never a Sworn enemy's realm"):
        engine.perform("khazrak", Support(invasion="i1", officer=senior(engine, "khazrak")))
    assert not state.contingents and books(engine, REACH).resources == before
    rules = Rules(engine.campaign, engine.ruleset)
    assert passage.contingent_hosts(rules, "khazrak", REACH) == {REACH}


def test_the_supported_players_realm_needs_no_leave_even_with_a_sworn_enemy_in_it():
    """5.5: "You cannot support a sworn enemy": Tehen himself must not be one; R-AA-61: the
    supported player's realm needs no leave and stays friendly with Eltharion in it, the
    sender's Sworn enemy. Khazrak (Trusted by Tehen, the Games Master's correction of the
    trust table, R-AA-3) marches through The North Cape to Tehen's battle at Lantern Rock,
    the Brethren's, paying for the Cape and not for the Rock."""
    engine = new("hex-island-corsairs")
    to_declare(engine)
    state = engine.campaign.state
    state.trust[pair_key("khazrak", "tehen")] = TRUSTED
    state.initiative["tehen"], state.initiative["khazrak"] = 99, 98
    engine.perform("tehen", Declare(source="the-north-cape", target="lantern-rock"))
    engine.perform("harkon", Answer(choice="stand"))
    engine.perform("khazrak", Support(invasion="i1", officer=senior(engine, "khazrak")))
    (contingent,) = state.contingents
    assert contingent.path[-2:] == ["the-north-cape", "lantern-rock"]
    assert contingent.cost == len(contingent.path) - 2  # all but the Rock, none a Highland
    told = next(e.text for e in engine.chronicle if " sends " in e.text)
    assert "by leave" not in told
