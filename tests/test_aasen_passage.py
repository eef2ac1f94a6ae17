"""The Invasion of Hex Island (``aasen``): invading through allied territories (5.6,
R-AA-33)."""

from __future__ import annotations

import pytest
from test_aasen_year import BRETHREN, COLONY, REACH, books, new, to_declare

from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.rules.aasen import passage
from tuicamp.rules.aasen.declarations import Declare
from tuicamp.rules.aasen.passage import GrantPassage
from tuicamp.rules.aasen.state import Invasion

MIRE = "the-sinking-mire"  # a swamp between the Reach's Wreckers' Cove and the Colony


def lent_mire():
    """The corsairs' island with The Sinking Mire the Brethren's, at the declarations,
    Malus to declare first."""
    engine = new("hex-island-corsairs")
    camp = engine.campaign
    camp.map.territory(MIRE).owner = BRETHREN
    camp.map.invalidate()
    to_declare(engine)
    camp.state.initiative["malus"] = 99
    return engine


def test_an_army_marches_through_a_realm_that_gave_its_leave_for_two_a_territory():
    """5.5: "You may only move through another realm's territories without invading if you
    gain their permission"; 5.6: "the marching cost is 2 Resources per territory moved ...
    The last friendly territory you moved through counts as the territory you launch the
    invasion from" (R-AA-33)."""
    engine = lent_mire()
    camp = engine.campaign
    with pytest.raises(RuleError, match="grant_passage"):
        engine.perform("malus", Declare(source=MIRE, target="the-north-cape"))
    engine.perform("harkon", GrantPassage(to=REACH))
    assert engine.chronicle[-1].text == (
        "The Brethren of the Vampire Coast gives The Hag Graef Reach leave to march through "
        "its land this year (5.6)"
    )
    before = books(engine, REACH).resources
    engine.perform("malus", Declare(source=MIRE, target="the-north-cape"))
    invasion = camp.state.invasions[-1]
    assert (invasion.source, invasion.path, invasion.march) == (
        MIRE,
        ["wreckers-cove", MIRE],
        2,
    )
    assert books(engine, REACH).resources == before - 2
    told = next(e.text for e in engine.chronicle if e.kind == "invasion")
    assert told == (
        "Malus of Hag Graef invades The North Cape from The Sinking Mire, marching through "
        "friendly land for 2 Resources"
    )


def test_the_launch_territory_counts_for_the_limits():
    """5.6: "as normal you cannot invade from a territory that is already being invaded"."""
    engine = lent_mire()
    camp = engine.campaign
    engine.perform("harkon", GrantPassage(to=REACH))
    camp.state.invasions.append(
        Invasion("i9", "eltharion", COLONY, "the-north-cape", MIRE, BRETHREN, answer="stand")
    )
    with pytest.raises(RuleError, match="is being invaded"):
        engine.perform("malus", Declare(source=MIRE, target="cinder-vale"))


def test_no_march_through_a_sworn_enemys_realm():
    """5.5: "you may not march through the realm of a Sworn enemy" - Malus's Dark Elves
    and the Colony's High Elves are Sworn enemies, whatever leave the Colony gives."""
    engine = lent_mire()
    camp = engine.campaign
    camp.state.passages.append(passage.key(COLONY, REACH))
    camp.state.passages.append(passage.key(BRETHREN, REACH))
    assert passage.hosts(Rules(camp, engine.ruleset), "malus") == {REACH, BRETHREN}
