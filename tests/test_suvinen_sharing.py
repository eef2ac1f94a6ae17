"""Allies who share a castle agree who controls it: §4.6, R-SU-20, R-SU-35, R-SU-41.

§4.6: "If occupied by a sole players unit(s) that player may now garrison the Castle. If two
or more allies occupy none of them controls the Castle unless the players reach an
unanimous decission on who gets it, but they still can count it as a supplysource."

The First Corps and the Dwarfs' Karak Host stand in the Orcs' Black Crag (0802) as the
war begins; the Empire and the Dwarfs ally in the council.
"""

from __future__ import annotations

import pytest
from test_suvinen_control import lines, placed, with_dwarfs
from test_suvinen_play import drill, end_council, play_impulse

from tuicamp.engine.errors import RuleError
from tuicamp.rules.suvinen.council import Ally
from tuicamp.rules.suvinen.sharing import ShareCastle


def in_black_crag(scenario) -> None:
    with_dwarfs(scenario)
    placed(**{"first-corps": "0802", "karak": "0802", "waaagh": "0505"})(scenario)


def allies_in_black_crag(ally: bool = True):
    engine = drill(seed=16, edit=in_black_crag)
    if ally:
        engine.perform("empire", Ally(to="dwarfs"))
        (offer,) = engine.campaign.state.alliances.items
        engine.perform("dwarfs", Ally(accept=offer.id))
    return engine


def black_crag(engine):
    return engine.campaign.map.settlement("black-crag")


def test_allies_sharing_a_castle_control_it_only_when_all_agree():
    """The Empire proposes that the Dwarfs control Black Crag; nobody controls it until
    the Dwarfs accept; then it is theirs, and stays theirs at the end of the turn, though
    the Empire stands in it too."""
    engine = allies_in_black_crag()
    assert (
        "Shared: Black Crag (0802) by The Empire and The Dwarfs; held by Orcs & Goblins until "
        "all agree who controls it (castle_control place=black-crag to=...; R-SU-41)"
    ) in lines(engine, "dwarfs")
    assert not [line for line in lines(engine, "orcs") if line.startswith("Shared")]
    engine.perform("empire", ShareCastle(place="black-crag", to="dwarfs"))
    (deal,) = engine.campaign.state.castle_deals.items
    assert black_crag(engine).owner == "orcs"
    assert (
        f"To answer: The Empire offers The Dwarfs an agreement that The Dwarfs controls "
        f"Black Crag (section 4.6, R-SU-41): castle_control accept={deal.id} "
        f"(or decline={deal.id})"
    ) in lines(engine, "dwarfs")
    engine.perform("dwarfs", ShareCastle(accept=deal.id))
    assert black_crag(engine).owner == "dwarfs"
    said = [e for e in engine.chronicle if e.kind == "castle_control"]
    assert [e.text for e in said] == [
        "The Empire and The Dwarfs agree that The Dwarfs controls Black Crag (section 4.6, R-SU-41)"
    ]
    end_council(engine)
    camp = engine.campaign
    while camp.phase.startswith("impulse"):  # every corps holds to the end of the turn
        play_impulse(engine, {})
    assert camp.finished  # the Orcs lost Black Crag and all their troops (R-SU-19)
    assert black_crag(engine).owner == "dwarfs"


def test_a_declined_proposal_leaves_the_castle_to_nobody_of_them():
    engine = allies_in_black_crag()
    engine.perform("dwarfs", ShareCastle(place="black-crag", to="dwarfs"))
    (deal,) = engine.campaign.state.castle_deals.items
    engine.perform("empire", ShareCastle(decline=deal.id))
    assert black_crag(engine).owner == "orcs"
    assert not [e for e in engine.chronicle if e.kind == "castle_control"]


@pytest.mark.parametrize(
    ("ally", "action", "refusal"),
    [
        (False, ShareCastle(place="black-crag", to="dwarfs"), "not shared by allies alone"),
        (True, ShareCastle(place="carroburg", to="dwarfs"), "Carroburg is not shared"),
        (True, ShareCastle(place="black-crag", to="orcs"), 'to = "empire" or "dwarfs"'),
    ],
)
def test_only_allies_sharing_a_place_propose_one_of_them(ally, action, refusal):
    """Players not allied fight for it (R-SU-26: they share no control); a place the allies
    do not share together, and a player not among them, are refused."""
    engine = allies_in_black_crag(ally)
    with pytest.raises(RuleError, match=refusal):
        engine.perform("empire", action)
