"""Rauscher alliances: "Warhammer Campaign is designed to be played by 2 or more players,
working in allegiance or as opposing forces".

The small map (tests/conftest.py) with a third player: Clara (p3, Bretonnia) allied with
Anna (p1, Empire) against Bruno (p2, Orcs). Every module asks ``common.enemies``, which reads
the campaign's teams through the kit.
"""

from __future__ import annotations

import pytest
from conftest import H, small_campaign
from rauscher_rules import rauscher_rules
from test_rauscher_combat_kit import advance, table_ctx

from tuicamp.engine.battles import AutoResolveBattle
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.problems import Problem
from tuicamp.engine.registry import get_ruleset
from tuicamp.engine.rules import Rules
from tuicamp.game.scenarios import scenario_problems
from tuicamp.model.forces import Army, Category, Player, Seat, Unit
from tuicamp.model.map import Settlement
from tuicamp.rules.rauscher import movement, victory
from tuicamp.rules.rauscher.combat import after as combat_after
from tuicamp.rules.rauscher.combat import common as cc
from tuicamp.rules.rauscher.combat import settlements as combat_settlements
from tuicamp.rules.rauscher.movement import actions as A
from tuicamp.rules.rauscher.movement import battle as movement_battle
from tuicamp.rules.rauscher.movement import costs as movement_costs
from tuicamp.rules.rauscher.movement import scouting as movement_scouting
from tuicamp.rules.rauscher.movement import special as movement_special
from tuicamp.rules.rauscher.shared.combat_state import Occupation
from tuicamp.rules.rauscher.shared.common import allied, enemies, rstate, side_key
from tuicamp.rules.rauscher.shared.movement_state import Ambush
from tuicamp.rules.rauscher.shared.state import March, Role
from tuicamp.rules.rauscher.siege import DeclareSiege
from tuicamp.storage.scenario import find_scenario

RULESET = get_ruleset("rauscher")


def allied_campaign(alliances=(("p1", "p3"),), **options):
    """Anna, Bruno and Clara; Clara's ``a3`` (200 pts) stands at 0303 in Westmark."""
    camp = small_campaign("rauscher", **options)
    camp.players.append(Player("p3", "Clara", "Bretonnia", "blue"))
    camp.seats.insert(2, Seat("p3", "Clara", ["p3"]))
    camp.armies.append(Army("a3", "Couronne Lances", "p3", H(2, 2), [troops("u30", 200)]))
    RULESET.setup(camp, {"alliances": [list(a) for a in alliances]})
    return camp


def troops(uid: str, points: int, models: int = 10, flags=()) -> Unit:
    return Unit(uid, uid, points, Category.RANK_AND_FILE, 4, 7, models, set(flags))


def put(camp, aid: str, where, moved: bool = True) -> None:
    camp.army(aid).hex = where
    rstate(camp).army(aid).moved = moved


# --- the set-up key ------------------------------------------------------------------------


def test_enemies_are_every_other_player_but_an_ally():
    """Text: "working in allegiance or as opposing forces"."""
    camp = allied_campaign()
    assert enemies(camp, "p1", "p2") and enemies(camp, "p3", "p2")
    assert not enemies(camp, "p1", "p3") and not enemies(camp, "p3", "p1")
    assert not enemies(camp, "p1", "p1") and not enemies(camp, "p1", None)
    assert allied(camp, "p1", "p3") and not allied(camp, "p1", "p1")
    assert side_key(camp, "p3") == side_key(camp, "p1") != side_key(camp, "p2")
    lone = small_campaign("rauscher")
    assert enemies(lone, "p1", "p2")  # no alliances: every other player is an enemy


@pytest.mark.parametrize(
    ("setup", "where", "words"),
    [
        ({"alliances": "p1"}, "alliances", "list of lists"),
        ({"alliances": [["p1", 3]]}, "alliances.0", "list of player ids"),
        ({"alliances": [["p1"]]}, "alliances.0", "at least two"),
        ({"alliances": [["p1", "p3"], ["p3", "p2"]]}, "alliances.1", "one alliance only"),
        (
            {"alliances": [["p1", "temple"]], "neutral_players": ["temple"]},
            "alliances.0",
            "neutral force",
        ),
    ],
)
def test_bad_alliances_are_named_at_their_key(setup, where, words):
    """A player in at most one alliance; neutral forces "defend against any player"."""
    found = RULESET.setup_problems(setup)
    assert any(p.where == where and words in p.text for p in found), found


def test_a_bad_alliance_is_told_at_its_line_in_the_words_it_always_had(tmp_path):
    """`tuicamp check` names an alliance of the key as ``alliances.0`` (the first), at the
    line of the ruleset's table."""
    text = find_scenario("rauscher-stir-border").read_text(encoding="utf-8")
    text = text.replace("[ruleset.rauscher]\n", '[ruleset.rauscher]\nalliances = [["stirland"]]\n')
    path = tmp_path / "stir.toml"
    path.write_text(text, encoding="utf-8")
    line = text[: text.index("alliances = [")].count("\n") + 1
    assert scenario_problems(path) == [
        f"{path}:{line}: ruleset rauscher set-up: alliances.0: an alliance needs at least two "
        "different players"
    ]


def test_good_alliances_pass_and_unknown_players_are_reported_by_the_campaign():
    assert RULESET.setup_problems({"alliances": [["p1", "p3"]]}) == []
    (team,) = allied_campaign().teams  # the key's alliance is a team of the campaign
    assert (team.kind, team.members, team.name) == (
        "alliance",
        ["p1", "p3"],
        "Alliance of Anna and Clara",
    )
    camp = allied_campaign((("p1", "p9"),))
    found = RULESET.campaign_problems(Rules(camp, RULESET))
    assert Problem((), "alliances: 'p9' is not a player (players: p1, p2, p3)") in found
    everyone = allied_campaign((("p1", "p2", "p3"),))
    assert Problem((), "alliances: every player is in one alliance, so nobody has an enemy") in (
        RULESET.campaign_problems(Rules(everyone, RULESET))
    )
    assert not any(
        "nobody has an enemy" in p for _, p in RULESET.campaign_problems(Rules(camp, RULESET))
    )


# --- on the march --------------------------------------------------------------------------


def test_an_allys_zone_of_influence_does_not_slow_you():
    """Text: "Any opposing army moving into or through the Zone of Influence must expend
    twice their normal Movement Points" — an ally is no opposing army."""
    camp = allied_campaign()
    a3 = camp.army("a3")
    mine = movement_costs.enemy_zones(rauscher_rules(camp), camp.army("a1"))
    assert not any(h in mine for h in movement.zone_of(rauscher_rules(camp), a3))
    assert set(movement.zone_of(rauscher_rules(camp), camp.army("a2"))) & mine
    theirs = movement_costs.enemy_zones(rauscher_rules(camp), camp.army("a2"))
    assert set(movement.zone_of(rauscher_rules(camp), a3)) <= theirs | {h for h in a3.hex.within(1)}
    assert a3.hex in theirs


def test_an_allys_army_does_not_bar_the_way():
    """A move "never passes through" an enemy army; allies march through each other."""
    camp = allied_campaign()
    assert [
        e.id for e in movement_costs.blocking_enemies(rauscher_rules(camp), camp.army("a1"))
    ] == ["a2"]
    # 0303 (Clara's army) is the only hex between 0203 and 0403
    path = movement.plan(rauscher_rules(camp), "a1", H(3, 2))
    assert path is not None and path.hexes == [H(1, 2), H(2, 2), H(3, 2)]
    put(camp, "a3", H(5, 5), moved=False)
    put(camp, "a2", H(2, 2), moved=False)
    path = movement.plan(rauscher_rules(camp), "a1", H(3, 2))
    assert path is not None and H(2, 2) not in path.hexes  # round the enemy, not through


def test_marching_fast_into_an_allys_hex_is_no_hasty_attack():
    """Text: a hasty attack ends "in the same hex as an enemy army"."""
    camp = allied_campaign()
    put(camp, "a1", H(2, 2))
    rstate(camp).army("a1").march = March.FORCED
    assert not movement_battle.hasty_attack(rauscher_rules(camp), "a1")
    put(camp, "a1", H(6, 3))
    assert movement_battle.hasty_attack(rauscher_rules(camp), "a1")


def test_scouts_and_ambushes_are_for_enemies():
    """Text: scouts "investigate an adjacent army", "Whenever an enemy army enters the
    selected territory, they are susceptible to ambush"."""
    camp = allied_campaign()
    why = movement_scouting.can_scout(rauscher_rules(camp), camp.army("a1"), camp.army("a3"))
    assert "ally" in why
    camp.armies.append(Army("amb", "Hidden halberds", "p1", None, [troops("u9", 100)]))
    rstate(camp).movement.ambushes.append(Ambush("amb", "p1", "west", "a1", 1))
    engine = Engine(camp)
    advance(engine, "movement")
    with pytest.raises(RuleError, match="your ally's"):
        engine.perform("p1", A.RevealAmbush(ambush="amb", target="a3"))
    put(camp, "a2", H(2, 3))
    engine.changed()
    events = engine.perform("p1", A.RevealAmbush(ambush="amb", target="a2"))
    assert any(e.kind == "ambush" for e in events)


def test_allies_see_each_others_armies_and_share_their_scouts_reports():
    """Ruling: allies, "working in allegiance", see each other's counters in full and what
    their scouts learnt of the enemy; an ally's hidden ambush stays its own secret."""
    camp = allied_campaign()
    clara, bruno = camp.seat("p3"), camp.seat("p2")
    assert RULESET.army_visibility(Rules(camp, RULESET), clara, camp.army("a1")) == "full"
    assert RULESET.army_visibility(Rules(camp, RULESET), bruno, camp.army("a1")) == "counter"
    assert RULESET.army_visibility(Rules(camp, RULESET), clara, camp.army("a2")) == "counter"
    movement_scouting.learn(camp, "p1", camp.army("a2"), "points")
    assert RULESET.army_visibility(Rules(camp, RULESET), clara, camp.army("a2")) == "points"
    camp.army("a1").hex = None  # hidden in an ambush
    assert RULESET.army_visibility(Rules(camp, RULESET), clara, camp.army("a1")) == "hidden"


def test_a_messenger_rides_to_an_allys_settlement_which_gives_overt_aid():
    """Text: "may move toward any town, city, fortress, or any other friendly settlement";
    "Add 1 if the settlement is giving overt aid ..., and add 2 if the settlement is of the
    same kingdom / country / race". Ruling: an ally's settlement gives overt aid (+1); it
    is not of Anna's kingdom (Bretonnia, not the Empire)."""
    camp = allied_campaign()
    camp.map.settlements.append(Settlement("s3", "village", "Lyonesse", H(3, 4), owner="p3"))
    camp.armies.append(Army("m", "Rider", "p1", H(1, 1), []))
    rstate(camp).army("m").role = Role.MESSENGER
    engine = Engine(camp)
    advance(engine, "movement")
    with pytest.raises(RuleError, match="belongs to an enemy"):
        engine.perform("p1", A.SendMessenger(messenger="m", settlement="s2"))
    engine.perform("p1", A.SendMessenger(messenger="m", settlement="s3"))
    camp.dice.mode = camp.dice.mode.TABLE
    events = engine.perform("p1", A.Move(army="m", to=H(3, 4).label(), dice=[3]))
    answer = next(e for e in events if e.kind == "messenger_answer")
    assert answer.data["total"] == 4 and answer.data["result"] == "agreement"
    assert "overt aid" in answer.text and "same kingdom" not in answer.text
    assert sorted(answer.visible_to) == ["p1", "p3"]


def test_fleeing_counters_pass_allies_but_never_enemies():
    """Deserters "will attempt to avoid any possible conflict": an enemy army standing on
    the way home bars it, an ally's does not."""
    camp = allied_campaign()
    camp.armies.append(Army("r", "Refugees", "p1", H(1, 3), []))
    rstate(camp).army("r").role = Role.REFUGEES
    home = [H(1, 1)]
    put(camp, "a1", H(5, 5), moved=False)
    put(camp, "a3", H(1, 1), moved=False)
    assert movement_special.home_path(rauscher_rules(camp), camp.army("r"), home, 6).hexes[-1] == H(
        1, 1
    )
    put(camp, "a3", H(5, 4), moved=False)
    put(camp, "a2", H(1, 1), moved=False)
    assert movement_special.home_path(rauscher_rules(camp), camp.army("r"), home, 6) is None


# --- battles -------------------------------------------------------------------------------


def test_allies_in_one_hex_do_not_fight():
    """Text: "Whenever two or more armies occupy the same hex ... there is a combat" — of
    enemies; allies share a hex in peace."""
    camp = allied_campaign()
    engine = Engine(camp)
    advance(engine, "movement")
    put(camp, "a3", camp.army("a1").hex)
    engine.changed()
    advance(engine, "combat")
    assert camp.battles == []
    assert camp.map.territory("west").owner == "p1"  # an ally takes no territory of yours


def test_allies_fight_a_common_enemy_side_by_side():
    """Allies who march onto one enemy fight him in one battle, on one side, led by the
    ally with the most points there; one battle won counts once for the side."""
    camp = allied_campaign()
    engine = Engine(camp)
    advance(engine, "movement")
    put(camp, "a1", H(6, 3))
    put(camp, "a3", H(6, 3))
    engine.changed()
    advance(engine, "combat")
    (battle,) = camp.battles
    attacker = battle.side("attacker")
    assert sorted(attacker.armies) == ["a1", "a3"] and attacker.players == ["p1", "p3"]
    assert "Anna & Clara" in attacker.title
    assert battle.side("defender").armies == ["a2"]
    engine.perform("gm", AutoResolveBattle(battle=battle.id))
    won = sum(rstate(camp).player(p).battles_won for p in ("p1", "p2", "p3"))
    assert won == (1 if cc.cstate(camp).battles[battle.id].outcome.victor else 0)
    assert not any(b.pending for b in camp.battles)  # no second battle among the allies


def test_kills_are_shared_among_allies_by_their_points():
    """War of Destruction: "Receive 1 point for every 1,000 points in troops killed" — a
    side's kills are shared by the points each ally brought, and add up to the whole."""
    camp = allied_campaign()
    cc.credit_kills(camp, ["p1", "p3"], ["a1", "a3"], 1060)  # a1 330 pts, a3 200 pts
    p1, p3 = rstate(camp).player("p1").troops_killed, rstate(camp).player("p3").troops_killed
    assert (p1, p3) == (660, 400)


def test_an_allys_baggage_recovered_stays_the_allys():
    """Booty Table: "1-3 Recovered by the victor (or army in charge of the field)" — a
    train of the victor's ally is recovered for its owner, not taken by the victor."""
    camp = allied_campaign()
    camp.armies.append(Army("bag", "Clara's wagons", "p3", H(6, 3), []))
    rstate(camp).army("bag").role = Role.BAGGAGE
    ctx = table_ctx(camp, [2])
    combat_after.booty_for_train(ctx, camp.army("bag"), holder="p1", defeated="p2")
    assert camp.army("bag").owner == "p3"


def test_a_settlement_freed_by_an_ally_goes_back_to_its_owner():
    """Ruling: a settlement retaken by its original owner is liberated; so is one freed
    by the owner's ally, and it is handed back (not razed, looted or emptied)."""
    camp = allied_campaign()
    altdorf = camp.map.settlement("s1")
    altdorf.owner, altdorf.original_owner = "p2", "p1"
    cc.cstate(camp).occupations["s1"] = Occupation("s1", "p2", "p1", 0)
    engine = Engine(camp)
    advance(engine, "movement")
    put(camp, "a3", altdorf.hex)
    engine.changed()
    advance(engine, "combat")
    assert altdorf.owner == "p1" and altdorf.kind == "town"
    assert "s1" not in cc.cstate(camp).occupations
    assert not any(rstate(camp).army(a.id).role is Role.REFUGEES for a in camp.armies)


def test_no_siege_of_an_allys_settlement():
    """Text: "move into the same hex as the settlement they wish to besiege" — an
    enemy's."""
    camp = allied_campaign()
    camp.map.settlements.append(
        Settlement("s3", "city", "Couronne", H(2, 3), owner="p3", walls=True)
    )
    engine = Engine(camp)
    advance(engine, "movement")
    put(camp, "a1", H(2, 3))
    engine.changed()
    advance(engine, "combat")
    assert camp.map.settlement("s3").owner == "p3" and camp.battles == []
    with pytest.raises(RuleError, match="not an enemy settlement"):
        engine.perform("p1", DeclareSiege(army="a1", settlement="s3"))


def test_territory_passes_to_the_ally_holding_its_settlements():
    """Text: "To bring a new or enemy territory under your control, all enemy units in the
    territory must be destroyed. If the territory includes villages ... they also must be
    captured". Allies standing in it together: it goes to the one holding its settlements."""
    camp = allied_campaign()
    camp.armies.remove(camp.army("a2"))
    put(camp, "a1", H(5, 2))
    put(camp, "a3", H(6, 4))
    camp.map.settlement("s2").owner = "p3"
    combat_settlements.update_territories(table_ctx(camp, []))
    assert camp.map.territory("east").owner == "p3"
    put(camp, "a1", H(1, 2))
    put(camp, "a3", H(1, 3))
    combat_settlements.update_territories(table_ctx(camp, []))
    assert camp.map.territory("west").owner == "p1"


# --- victory -------------------------------------------------------------------------------


def test_allies_win_a_war_of_conquest_together_with_their_points_added():
    """War of Conquest: "Players receive 1 point for each territory under their control at
    the end of the game." Ruling: an alliance counts its members' points together and wins
    together."""
    camp = allied_campaign()
    camp.victory = {"type": "conquest", "turn_limit": 1}
    camp.map.territories.append(type(camp.map.territories[0])("north", "Northmark", [], owner="p2"))
    rstate(camp).victory.time_up = True
    found = victory.check(rauscher_rules(camp))
    # p1 1 + p3 0 = 1 against Bruno's 2
    assert found.winners == ["p2"]
    camp.map.territory("north").owner = "p3"
    found = victory.check(rauscher_rules(camp))
    assert found.winners == ["p1", "p3"] and "together" in found.text
    line = dict(victory.standings(camp))["p1"]
    assert line == "1 territory; with Clara: 2 territories"


def test_an_alliance_still_standing_wins_the_battle_to_the_death_together():
    """ "It could be, for example, a battle to the death": the last side standing wins,
    every ally with it (even one already out of the war)."""
    camp = allied_campaign()
    camp.armies.remove(camp.army("a3"))
    assert victory.check(rauscher_rules(camp)) is None
    camp.armies.remove(camp.army("a2"))
    camp.map.settlements.remove(camp.map.settlement("s2"))
    camp.map.territory("east").owner = None
    found = victory.check(rauscher_rules(camp))
    assert found.winners == ["p1", "p3"]


def test_invasion_succeeds_when_an_ally_of_the_invader_takes_the_capital():
    """Invasion: "The invading player must capture the defender's capital." An ally of the
    invader taking it wins for both; invader and defender cannot be allies."""
    camp = allied_campaign((("p2", "p3"),))
    camp.victory = {"type": "invasion", "invader": "p2", "defender": "p1", "capital": "s1"}
    assert victory.victory_problems(camp) == []
    assert victory.check(rauscher_rules(camp)) is None
    camp.map.settlement("s1").owner = "p3"
    assert victory.check(rauscher_rules(camp)).winners == ["p2", "p3"]
    friends = allied_campaign((("p1", "p2"),))
    friends.victory = dict(camp.victory)
    assert any("allies" in p for p in victory.victory_problems(friends))


def test_an_ally_in_the_temple_does_not_keep_the_ruler_out():
    """The Race to the Cauldron Temple: "The first General ... to enter the temple gets a
    powerful magic item - fight it out": rivals in the temple stop him, allies do not."""
    camp = allied_campaign()
    temple = H(3, 3)
    camp.victory = {"type": "cauldron_temple", "temple": temple.label()}
    camp.army("a1").units.append(Unit("k", "Karl", 300, Category.CHARACTER, 4, 9, 1, {"ruler"}))
    put(camp, "a1", temple)
    put(camp, "a3", temple)
    assert victory.check(rauscher_rules(camp)).winners == ["p1", "p3"]
    put(camp, "a2", temple)
    assert victory.check(rauscher_rules(camp)) is None
