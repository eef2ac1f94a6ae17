"""The Invasion of Hex Island (``aasen``): Follow-ups and Blitzes next year (6.3, R-AA-22,
R-AA-27): the Initiative a battle won counts only for its own invasion."""

from __future__ import annotations

import pytest
from test_aasen_battles import COLONY, PLAYERS, end_all, result, to_battle
from test_aasen_year import CORSAIRS, new, pass_to_battles
from test_aasen_year import end_all as end_all_seats

from tuicamp.engine.errors import RuleError
from tuicamp.rules.aasen import AasenRuleset, amphibious, bonuses
from tuicamp.rules.aasen.bonuses import ForgoBonus
from tuicamp.rules.aasen.declarations import Answer, Declare, Pass
from tuicamp.rules.aasen.purchases import WriteSheet

RULESET = AasenRuleset()
CAPE, SHORE = "the-north-cape", "eastwatch-shore"


def to_next_declarations(engine, before=None):
    """From the settled battle to next year's declarations (``before`` runs as the new
    year begins, before its Initiative is rolled)."""
    end_all(engine)  # battles
    end_all(engine)  # the end of the turn
    assert engine.campaign.turn == 2
    if before is not None:
        before(engine.campaign)
    end_all(engine)
    end_all(engine)
    engine.perform("malus", WriteSheet())
    engine.perform("tehen", WriteSheet())
    end_all(engine)
    assert engine.campaign.phase == "declare"


def rolled(engine, player):
    events = [e for e in engine.chronicle if e.kind == "initiative" and e.player == player]
    return events[-1].rolls[0].total


def lead(engine, player):
    """The others' Initiative below ``player``'s, so that he declares first."""
    state = engine.campaign.state
    for p in PLAYERS:
        if p != player and p in state.initiative:
            state.initiative[p] = min(state.initiative[p], state.initiative[player] - 1)


def bound(player, winner, level, bonus, wrong, right):
    """A battle won with ``bonus`` Initiative for ``player``; next year ``wrong`` (source,
    target) is refused him, and ``right`` declared."""
    engine = to_battle()
    result(engine, winner, level)
    to_next_declarations(engine)
    assert engine.campaign.state.initiative[player] == rolled(engine, player) + bonus
    lead(engine, player)
    with pytest.raises(RuleError, match="R-AA-27") as refused:
        engine.perform(player, Declare(source=wrong[0], target=wrong[1]))
    engine.perform(player, Declare(source=right[0], target=right[1]))
    assert engine.campaign.state.invasions[-1].target == right[1]
    return engine, str(refused.value)


def test_an_attackers_follow_up_is_the_same_invasion_again():
    """6.3: "If he was the attacker he must attack the same territory again from the same
    territory as he did last turn. Effectively the same invasion over again" (R-AA-27)."""
    # a Minor Victory: "Yes (+10 In.)"
    cove, cape = "wreckers-cove", "the-north-cape"
    _, refusal = bound("malus", 1, 1, 10, (cove, "cinder-vale"), (cove, cape))
    assert "follow-up (+10 Initiative) from Wreckers' Cove into The North Cape" in refusal


def test_a_follow_up_given_up_takes_its_initiative_off():
    """R-AA-27: before he declares, a player may give up the bonus; its Initiative comes
    off and any invasion is open to him."""
    engine = to_battle()
    result(engine, 1, 1)
    to_next_declarations(engine)
    state = engine.campaign.state
    before = state.initiative["malus"]
    engine.perform("malus", ForgoBonus())
    assert state.initiative["malus"] == before - 10
    assert any("gives up his follow-up" in e.text for e in engine.chronicle)
    with pytest.raises(RuleError, match="no Follow-up or Blitz"):
        engine.perform("malus", ForgoBonus())
    lead(engine, "malus")
    engine.perform("malus", Declare(source="wreckers-cove", target="cinder-vale"))


def test_a_defenders_follow_up_goes_back_along_the_invasion():
    """6.3: "If he was the defender he must attack the territory that launched the
    invasion from the territory that was attacked"."""
    # the defender's Massacre: "Yes (+10 In.)"
    cove = "wreckers-cove"
    bound("eltharion", 2, 3, 10, ("the-sinking-mire", cove), ("the-north-cape", cove))


def test_a_follow_up_whose_land_is_lost_lapses():
    """6.3's conditions cannot be met once the territory it sets out from is lost: the
    bonus lapses and the Initiative is the dice's alone (R-AA-27)."""
    engine = to_battle()
    result(engine, 1, 1)

    def lose_the_cove(camp):
        camp.map.territory("wreckers-cove").owner = COLONY
        camp.map.invalidate()

    to_next_declarations(engine, lose_the_cove)
    assert engine.campaign.state.initiative["malus"] == rolled(engine, "malus")
    lapsed = [e.text for e in engine.chronicle if e.kind == "bonus_lapsed"]
    assert len(lapsed) == 1
    assert "follow-up lapses: Wreckers' Cove, whence it sets out, is no longer" in lapsed[0]
    assert engine.campaign.state.claimed == []


def test_a_blitz_goes_into_the_land_beyond():
    """6.3: "A blitz is an invasion from the newly conquered territory into one of the three
    territories which is not in contact with the territory he invaded from last turn"
    (R-AA-22): from The North Cape, not into The Sinking Mire (next to Wreckers' Cove)."""
    cape = "the-north-cape"
    engine, refusal = bound("malus", 1, 3, 5, (cape, "the-sinking-mire"), (cape, "eastwatch-shore"))
    assert "blitz (+5 Initiative) from The North Cape into Eastwatch Shore" in refusal
    (bonus,) = engine.campaign.state.claimed
    assert bonus.origin == "wreckers-cove"
    assert [t.id for t in bonuses.blitz_targets(engine.campaign, bonus)] == ["eastwatch-shore"]


def test_a_player_with_a_bonus_may_still_pass():
    """R-AA-27: the bonus binds what he declares, not that he declares."""
    engine = to_battle()
    result(engine, 1, 1)
    to_next_declarations(engine)
    lead(engine, "malus")
    engine.perform("malus", Pass())
    assert "malus" in engine.campaign.state.declared


def test_a_blitz_after_a_landing_goes_inland_whatever_the_landing_came_from():
    """6.3: "If you capture a territory with an amphibious invasion, a blitz may be launched
    into any adjacent non-coastal territory, regardless of where the invasion came from"
    (R-AA-52): from The North Cape into The Sinking Mire (a swamp next to Wreckers' Cove,
    barred to a blitz over land), never into coastal Eastwatch Shore."""
    engine = to_battle()
    engine.campaign.state.invasions[0].by_sea = True  # the Cove's army came by fleet
    result(engine, 1, 3)
    (bonus,) = engine.campaign.state.bonuses
    assert bonus.kind == "blitz" and bonus.inland == ["the-sinking-mire"]
    assert [t.id for t in bonuses.blitz_targets(engine.campaign, bonus)] == ["the-sinking-mire"]
    to_next_declarations(engine)
    lead(engine, "malus")
    cape = "the-north-cape"
    with pytest.raises(RuleError, match="R-AA-27"):
        engine.perform("malus", Declare(source=cape, target="eastwatch-shore"))
    engine.perform("malus", Declare(source=cape, target="the-sinking-mire"))


# --- R-AA-84: a bonus that can never be made is not won --------------------------------


def corsairs_battle(attacker, source, target, defender, fleet=False, before=None):
    """On the corsairs' island ``attacker`` invades ``target`` from ``source`` (by sea when
    ``fleet``), ``defender`` stands, the others pass and the battle opens."""
    engine = new(CORSAIRS)
    camp = engine.campaign
    end_all_seats(engine)
    end_all_seats(engine)
    for member in ("malus", "tehen", "harkon"):
        fleets = [source] if fleet and member == attacker else []
        engine.perform(member, WriteSheet(fleets=fleets))
    end_all_seats(engine)
    camp.state.initiative[attacker] = 99
    engine.perform(attacker, Declare(source=source, target=target, fleet=fleet))
    engine.perform(defender, Answer(choice="stand", defender=defender))
    pass_to_battles(engine)
    return engine


def test_no_follow_up_back_into_the_sea():
    """6.3: "If he was the defender he must attack the territory that launched the invasion
    from the territory that was attacked" - a sea hex is no territory (R-AA-84): Harkon
    lands at Eastwatch Shore from the sea, Eltharion wins a Solid Victory and no Follow-up
    is kept to be shown all year."""
    engine = new(CORSAIRS)
    shore = engine.campaign.map.territory(SHORE)
    sea = next(
        h
        for h in engine.campaign.map.neighbours(amphibious.place(engine.campaign, SHORE))
        if engine.campaign.map.terrain_at(h).sea
    )
    label = engine.campaign.map.label(sea)
    engine = corsairs_battle("harkon", label, shore.id, "eltharion", fleet=True)
    result(engine, 2, 2)  # the defender's Solid Victory: +5 to follow up
    assert engine.campaign.state.bonuses == []
    (told,) = [e.text for e in engine.chronicle if e.kind == "bonus_none"]
    assert told == (
        f"Eltharion of Arnheim wins no follow-up: the invasion was launched from the sea "
        f"({label}), no territory to attack (6.3, R-AA-84)"
    )


def test_no_blitz_where_no_territory_is_left_to_blitz_into():
    """6.3: "A blitz is an invasion from the newly conquered territory into one of the three
    territories which is not in contact with the territory he invaded from last turn"
    (R-AA-22, R-AA-84): Lantern Rock, taken from The North Cape, has none."""
    engine = corsairs_battle("eltharion", CAPE, "lantern-rock", "harkon")
    result(engine, 1, 3)  # the attacker's Massacre: a Blitz, were there anywhere to go
    assert engine.campaign.map.territory("lantern-rock").owner == COLONY
    assert engine.campaign.state.bonuses == []
    (told,) = [e.text for e in engine.chronicle if e.kind == "bonus_none"]
    assert told == (
        "Eltharion of Arnheim wins no blitz: Lantern Rock borders no territory a blitz may "
        "go into (6.3, R-AA-84)"
    )
