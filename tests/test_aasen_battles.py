"""The Invasion of Hex Island (``aasen``): the battles through the engine: the armies'
sizes (6.1, 3.5, R-AA-21, R-AA-18), the result form (R-AA-4), tables 6.1 and 6.2 row by
row, a raid's table 5.4, concessions, unplayed battles (R-AA-6), the auto-resolver read by
points, and what follows next year (Follow-ups, the Blitz, rebuilding, 7.1)."""

from __future__ import annotations

import copy

import pytest
from test_aasen_year import pass_to_battles, senior

from tuicamp.engine.battles import AutoResolveBattle, EnterBattleResult, SideEntry
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.rules.aasen import AasenRuleset, battles, declarations
from tuicamp.rules.aasen.battles import Unplayed
from tuicamp.rules.aasen.declarations import Answer, Declare, Pass
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.rules.aasen.state import Invasion
from tuicamp.rules.aasen.support import Support
from tuicamp.storage.scenario import find_scenario, load_scenario

RULESET = AasenRuleset()
REACH, COLONY = "hag-graef-reach", "arnheim-colony"
DUEL = load_scenario(find_scenario("hex-island-duel"))
PLAYERS = ("malus", "khazrak", "eltharion", "tehen")


def end_all(engine):
    for p in PLAYERS:
        if p in engine.acting_seats():
            engine.perform(p, EndPhase())


def first(engine, player):
    state = engine.campaign.state
    state.initiative[player] = max(state.initiative.values()) + 1


def to_declared(target="the-north-cape", raid=False, seed=5):
    """Malus invades ``target`` from Wreckers' Cove and Eltharion stands, in the first
    year's declarations."""
    engine = start_campaign(copy.deepcopy(DUEL), "aasen", seed=seed)
    end_all(engine)
    end_all(engine)
    engine.perform("malus", WriteSheet())
    engine.perform("tehen", WriteSheet())
    end_all(engine)
    first(engine, "malus")
    engine.perform("malus", Declare(source="wreckers-cove", target=target, raid=raid))
    engine.perform("eltharion", Answer(choice="stand", defender="eltharion"))
    return engine


def to_battle(target="the-north-cape", raid=False, contingent=0, seed=5):
    """Malus invades ``target`` from Wreckers' Cove, Eltharion stands; the others pass
    (Khazrak after sending ``contingent`` points to Malus) and the battle is opened."""
    engine = to_declared(target, raid, seed)
    if contingent:
        first(engine, "malus")  # Malus's own declaration is done: Khazrak is next below
        state = engine.campaign.state
        state.initiative["khazrak"] = 99
        engine.perform(
            "khazrak",
            Support(
                invasion="i1", side="attacker", points=contingent, officer=senior(engine, "khazrak")
            ),
        )
    return to_the_battles(engine)


def to_the_battles(engine):
    """The players still to declare pass, and the battles open."""
    pass_to_battles(engine)
    return engine


def result(engine, winner, level, conceded=0, vp=(0, 0)):
    facts = {"winner": winner, "level": level, "conceded": conceded}
    sides = [SideEntry(side="attacker", vp=vp[0]), SideEntry(side="defender", vp=vp[1])]
    engine.perform("gm", EnterBattleResult(battle="b1", sides=sides, facts=facts))


def owner(engine, tid="the-north-cape"):
    return engine.campaign.map.territory(tid).owner


def razed(engine, tid="the-north-cape"):
    return tid in engine.campaign.state.razed


def bonuses(engine):
    return [(b.player, b.kind, b.initiative) for b in engine.campaign.state.bonuses]


def test_the_army_size_is_1200_and_50_a_support():
    """6.1: "An army may consist of 1200 points, plus 50 pts for each point of Support the
    realm has ... if a realm has 11 Support points in turn 1 ... all four armies are 1750
    pt armies"."""
    engine = to_battle()
    (battle,) = engine.campaign.battles
    assert [s.points for s in battle.sides] == [1750, 1750]
    assert battle.sides[1].players == ["eltharion"]


def test_the_homeland_adds_ten_per_cent_to_its_defender():
    """3.5: "Whenever a player is defending his Homeland ... he can add 10% to his army
    size"; R-AA-21: the Homeland is the Capital and the adjacent territories held."""
    engine = to_battle(target="the-sinking-mire")
    (battle,) = engine.campaign.battles
    assert [s.points for s in battle.sides] == [1750, 1925]
    assert any(c.key == "homeland" for c in battle.circumstances)


def test_a_contingent_comes_off_the_senders_invasion_and_joins_the_side():
    """5.5: "if you can field an army of 1750 pts and you send off 600 pts you'll have 1150
    pts left for your main invasion" (R-AA-18); the Contingent fights on the side it
    supports."""
    engine = to_battle(contingent=600)
    (battle,) = engine.campaign.battles
    assert battle.sides[0].players == ["malus", "khazrak"]
    assert battle.sides[0].points == 1750 + 600
    rules = Rules(engine.campaign, RULESET)
    invasion = engine.campaign.state.invasions[0]
    assert battles.sizes(rules, invasion)[0] == 1750  # Malus's own army is whole
    his_own = Invasion("i9", "khazrak", REACH, "gull-point", "x", COLONY)
    assert battles.sizes(rules, his_own)[0] == 1150  # Khazrak's own invasion that year


def test_a_raid_brings_the_defender_down_to_the_raiders_size():
    """5.9: "The defending army size will be the same as the attacker's army size (unless
    it would normally be smaller)"."""
    engine = to_battle(target="the-sinking-mire", raid=True)
    (battle,) = engine.campaign.battles
    assert [s.points for s in battle.sides] == [1750, 1750]


# --- table 6.1 and 6.2, row by row -------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "conquered", "is_razed", "bonus"),
    [
        (3, True, False, [("malus", "blitz", 5)]),  # Massacre: "Yes | - | - | Yes (+5 In.)"
        (2, True, True, []),  # Solid Victory: "Yes | - | Yes | -"
        (1, False, True, [("malus", "follow-up", 10)]),  # Minor: "- | Yes (+10 In.) | Yes"
    ],
)
def test_table_6_1_the_attackers_win(level, conquered, is_razed, bonus):
    """Table 6.1 - Attacker benefits from battles."""
    engine = to_battle()
    result(engine, 1, level)
    assert (owner(engine) == REACH) is conquered
    assert razed(engine) is is_razed
    assert bonuses(engine) == bonus


def test_table_6_1_a_draw():
    """Table 6.1: "Draw | - | Yes (+5 In.) | Yes | -"; Table 6.2: "Draw | - | Yes"."""
    engine = to_battle()
    result(engine, 0, 0)
    assert owner(engine) == COLONY and razed(engine)
    assert bonuses(engine) == [("malus", "follow-up", 5)]


@pytest.mark.parametrize(
    ("level", "is_razed", "bonus"),
    [
        (3, False, [("eltharion", "follow-up", 10)]),  # "Massacre | Yes (+10 In.) | -"
        (2, True, [("eltharion", "follow-up", 5)]),  # "Solid Victory | Yes (+5 In.) | Yes"
        (1, True, []),  # "Minor Victory | - | Yes"
    ],
)
def test_table_6_2_the_defenders_win(level, is_razed, bonus):
    """Table 6.2 - Defender benefits from battles."""
    engine = to_battle()
    result(engine, 2, level)
    assert owner(engine) == COLONY
    assert razed(engine) is is_razed
    assert bonuses(engine) == bonus
    if bonus:  # "he must attack the territory that launched the invasion"
        b = engine.campaign.state.bonuses[0]
        assert (b.source, b.target) == ("the-north-cape", "wreckers-cove")


def test_a_concession_counts_as_a_massacre():
    """6.3: "When one side concedes the match during or before the battle starts, it
    automatically counts as a Massacre to the other side"."""
    engine = to_battle()
    result(engine, 2, 1, conceded=2)  # whatever else is entered
    assert owner(engine) == REACH and not razed(engine)
    told = next(e.text for e in engine.chronicle if e.kind == "battle_result")
    assert "wins a Massacre" in told


@pytest.mark.parametrize(
    ("winner", "level", "counts"),
    [
        (1, 3, (None, "draw")),  # "Massacre | Draw"
        (1, 2, ("defender", "minor")),  # "Solid victory | Minor loss"
        (1, 1, ("defender", "solid")),  # "Minor victory | Solid loss"
        (0, 0, ("defender", "massacre")),  # "Draw | Massacred"
        (2, 1, ("defender", "massacre")),  # "Minor loss | Massacred"
        (2, 2, ("defender", "massacre")),  # "Solid loss | Massacred"
        (2, 3, ("defender", "massacre")),  # "Massacred | Massacred"
    ],
)
def test_table_5_4_the_result_of_a_raid(winner, level, counts):
    """Table 5.4 - Result of a Raid: "The result of the battle will be shifted three steps
    in favour of the defender, up to a maximum of a massacre" (R-AA-12)."""
    engine = to_battle(raid=True)
    result(engine, winner, level)
    battle = engine.campaign.battles[0]
    rules = Rules(engine.campaign, RULESET)
    assert battles.final(rules, battle, battle.result) == counts


def test_an_unplayed_battle_is_a_massacre_for_the_side_that_tried():
    """6.4: "If a battle is not played in time, it counts as a Massacre in favour of the
    player who made an effort to get it played" (R-AA-6)."""
    engine = to_battle()
    with pytest.raises(RuleError):
        engine.perform("malus", Unplayed(battle="b1", tried="attacker"))
    engine.perform("gm", Unplayed(battle="b1", tried="attacker"))
    assert owner(engine) == REACH
    end_all(engine)
    assert engine.campaign.phase == "end"


def test_an_unplayed_battle_both_tried_is_discounted():
    """6.4: "If both players made a decent effort, the battle is simply discounted"."""
    engine = to_battle()
    engine.perform("gm", Unplayed(battle="b1", tried="both"))
    assert owner(engine) == COLONY and not razed(engine) and bonuses(engine) == []


def test_the_year_waits_for_its_battles():
    engine = to_battle()
    with pytest.raises(RuleError, match="the battles are settled"):
        engine.perform("malus", EndPhase())


@pytest.mark.parametrize(
    ("vp", "counts"),
    [
        ((100, 0), (None, "draw")),  # 100 of 1750: under 10 %
        ((300, 0), ("attacker", "minor")),  # under 25 %
        ((600, 0), ("attacker", "solid")),  # under 50 %
        ((0, 900), ("defender", "massacre")),
    ],
)
def test_the_level_from_the_points(vp, counts):
    """R-AA-4: "compute it from the Victory Point difference as a share of the smaller
    army: < 10 % draw, < 25 % minor, < 50 % solid, otherwise massacre" (the option, and
    how an auto-resolved battle is read)."""
    engine = to_battle()
    engine.campaign.options["result_from_vp"] = True
    sides = [SideEntry(side="attacker", vp=vp[0]), SideEntry(side="defender", vp=vp[1])]
    engine.perform("gm", EnterBattleResult(battle="b1", sides=sides))
    battle = engine.campaign.battles[0]
    assert battles.degree(Rules(engine.campaign, RULESET), battle, battle.result) == counts


def test_the_points_option_asks_no_level_nor_winner():
    """R-AA-4's option: "compute it from the Victory Point difference" - so the form asks
    for neither the level nor who won (R-AA-25), and refuses them if given."""
    engine = to_battle()
    rules = Rules(engine.campaign, RULESET)
    battle = engine.campaign.battles[0]
    asked = [f.key for f in battles.result_fields(rules, battle)]
    assert asked[:2] == ["winner", "level"]
    engine.campaign.options["result_from_vp"] = True
    asked = [f.key for f in battles.result_fields(rules, battle)]
    assert "winner" not in asked and "level" not in asked and "conceded" in asked
    with pytest.raises(RuleError, match="not on this battle's result form"):
        result(engine, 1, 2, vp=(600, 0))
    assert battle.status.value == "pending"


@pytest.mark.parametrize(("winner", "level"), [(1, 0), (2, 0), (0, 1), (0, 3)])
def test_a_win_needs_its_level_and_a_draw_none(winner, level):
    """R-AA-4: "Players enter the result level (Massacre ... Massacred) and who won";
    R-AA-25: a winner with no level, or a level with no winner, is refused (it was read
    as a draw), and nothing of the battle changes."""
    engine = to_battle()
    with pytest.raises(RuleError, match="R-AA-25"):
        result(engine, winner, level)
    assert engine.campaign.battles[0].status.value == "pending"
    assert owner(engine) == COLONY and not razed(engine) and bonuses(engine) == []


def test_an_auto_resolved_battle_is_read_by_its_points():
    """R-ALL-2: every battle can be auto-resolved; its level follows R-AA-4's reading."""
    engine = to_battle()
    engine.perform("gm", AutoResolveBattle(battle="b1"))
    battle = engine.campaign.battles[0]
    rules = Rules(engine.campaign, RULESET)
    winner, level = battles.degree(rules, battle, battle.result)
    assert battle.result.auto
    conquered = winner == "attacker" and level in ("solid", "massacre")
    assert (owner(engine) == REACH) is conquered


def test_the_follow_up_adds_to_next_years_initiative_and_the_land_is_rebuilt_later():
    """6.3: "he may add +10 / +5 to his Initiative next turn"; 7.1: "A razed territory
    where a battle was fought this turn is not automatically rebuilt", and "is
    automatically rebuilt by the locals if no battle was fought there"."""
    engine = to_battle()
    result(engine, 1, 1)  # a Minor Victory: razed, a Follow-up of +10
    end_all(engine)  # battles
    end_all(engine)  # the end of the turn: a battle was fought there, so it stays razed
    assert engine.campaign.turn == 2 and razed(engine)
    # 5.1 and 6.3: the razed North Cape earns nothing this year
    assert engine.campaign.state.books[COLONY].support == 10
    end_all(engine)
    end_all(engine)
    engine.perform("malus", WriteSheet())
    engine.perform("tehen", WriteSheet())
    end_all(engine)
    events = [e for e in engine.chronicle if e.kind == "initiative" and e.player == "malus"]
    rolled = events[-1].rolls[0].total
    assert engine.campaign.state.initiative["malus"] == rolled + 10
    rules = Rules(engine.campaign, RULESET)
    while declarations.order(rules):
        engine.perform(declarations.order(rules)[0], Pass())
    end_all(engine)  # no battle this year
    end_all(engine)
    end_all(engine)
    assert not razed(engine)


def test_the_card_shows_the_armies_and_the_selection_limits():
    """R-ALL-2 and R-ALL-3: the card shows the sizes (6.1) and each General's selection
    by Glory (table 9.1: "0 pts | 2 | 2 | 0 | 2"), and the forbidden units (9)."""
    engine = to_battle()
    notes = RULESET.battle_card_notes(Rules(engine.campaign, RULESET), engine.campaign.battles[0])
    assert "Armies (6.1): the attacker 1750 points, the defender 1750 points" in notes[0]
    text = " ".join(notes)
    assert "Drusala Shadowbane (Glory 0): 2 Heroes, 2 Special, 0 Rare, 2 Open choices" in text
    assert "Regiments of Renown" in text and "coastal" in text
