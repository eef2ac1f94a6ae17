"""Rauscher victory conditions: the text's "D. Victory Conditions", each scored and ended
through the engine (EndPhase to the end of the turn limit, or the action that decides it).

"If you wish to fight a war, but want to limit the time period (or length) of the campaign,
following are some useful rules for deciding on a winner."
"""

from __future__ import annotations

import pytest
from conftest import H, small_campaign
from hypothesis import given, settings
from hypothesis import strategies as st
from rauscher_rules import rauscher_rules

from tuicamp.engine.codec import campaign_to_dict
from tuicamp.engine.dice import Dice
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import acting_seats
from tuicamp.engine.registry import get_ruleset
from tuicamp.engine.rules import Rules
from tuicamp.model import Army, Campaign, Category, HexMap, Player, Seat, Unit
from tuicamp.model.campaign import DiceMode, DiceState
from tuicamp.model.ids import roll_number
from tuicamp.model.map import Settlement, Territory
from tuicamp.rules.rauscher import victory
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import Role

RULESET = get_ruleset("rauscher")


# --- building and playing ------------------------------------------------------------------
def two_player(conditions: dict, **options) -> tuple[Campaign, Engine]:
    """The shared 8 x 6 test map (Westmark p1 with the town Altdorf, Eastmark p2 with the
    village Grunberg) under the given [victory] table."""
    camp = small_campaign("rauscher", **options)
    camp.victory = dict(conditions)
    RULESET.setup(camp, {})
    return camp, Engine(camp)


def end_phase(engine: Engine) -> None:
    """The first seat that may act says it has finished, as a player would."""
    seats = acting_seats(engine.campaign)
    assert seats, (
        f"nobody may act: {engine.ruleset.pending(Rules(engine.campaign, engine.ruleset))}"
    )
    engine.perform(seats[0], EndPhase())


def play_out(engine: Engine, limit: int = 400) -> int:
    """End every phase of every turn until the campaign is over; the actions it took."""
    n = 0
    while not engine.campaign.finished:
        end_phase(engine)
        n += 1
        assert n < limit, "the campaign never ended"
    return n


def last_victory_text(engine: Engine) -> str:
    events = [e for e in engine.chronicle if e.kind == "victory"]
    assert len(events) == 1
    return events[0].text


# --- the turn limit ------------------------------------------------------------------------
def test_turn_limit_ends_the_war_when_the_last_resolution_ends():
    """'A good campaign on a small sized map, for example, could last 6 months (24 turns)':
    the points decide at the end of the last turn's Resolution, not a phase earlier."""
    camp, engine = two_player({"type": "conquest", "turn_limit": 2})
    camp.map.territories.append(Territory("north", "Northmark", [], owner="p1"))
    engine.changed()
    while not (camp.turn == 2 and camp.phase == "resolution"):
        end_phase(engine)
    assert not camp.finished
    end_phase(engine)  # p1 ends the last Resolution; p2 has not yet
    assert not camp.finished
    end_phase(engine)
    assert camp.finished and camp.winner == ["p1"]
    assert (camp.turn, camp.phase) == (2, "resolution"), "no turn 3 begins after the end"
    assert not any(e.kind == "new_turn" and e.turn == 3 for e in engine.chronicle)
    assert engine.chronicle[-1].kind == "victory"
    with pytest.raises(RuleError, match="over"):
        engine.perform("p1", EndPhase())


def test_no_turn_limit_no_end_by_points():
    camp, engine = two_player({"type": "conquest"})
    for _ in range(30):  # three turns of two players, five phases
        end_phase(engine)
    assert camp.turn == 4 and not camp.finished
    assert victory.check(rauscher_rules(camp)) is None


def test_check_changes_nothing():
    """The frame calls check() after every action: it must only read."""
    camp, _ = two_player({"type": "destruction", "turn_limit": 1})
    rstate(camp).players.pop("p2", None)
    rstate(camp).victory.time_up = True
    before = campaign_to_dict(camp)
    assert victory.check(rauscher_rules(camp)) is not None
    victory.standings(camp)
    assert campaign_to_dict(camp) == before


# --- War of Conquest -----------------------------------------------------------------------
def test_conquest_one_point_per_territory():
    """War of Conquest: 'Players receive 1 point for each territory under their control at
    the end of the game.'"""
    camp, engine = two_player({"type": "conquest", "turn_limit": 1})
    camp.map.territories.append(Territory("north", "Northmark", [], owner="p2"))
    camp.map.territories.append(Territory("south", "Southmark", [], owner="p2"))
    engine.changed()
    assert victory.standings(camp) == [("p2", "3 territories"), ("p1", "1 territory")]
    play_out(engine)
    assert camp.winner == ["p2"]
    assert "War of Conquest" in last_victory_text(engine)
    assert "Bruno wins the War of Conquest with 3 territories" in last_victory_text(engine)
    result = RULESET.victory(Rules(camp, RULESET))
    assert result.standings[0] == ("p2", "3 territories")


def test_conquest_tie_goes_to_troops_killed_then_is_shared():
    """Ruling: equal points go to the tie-breaks (troops killed, then battles won); equal in
    every count is a shared victory."""
    camp, engine = two_player({"type": "conquest", "turn_limit": 1})
    rstate(camp).player("p2").troops_killed = 450
    engine.changed()
    play_out(engine)
    assert camp.winner == ["p2"]
    assert "ahead on the tie-break" in last_victory_text(engine)

    camp, engine = two_player({"type": "conquest", "turn_limit": 1})
    play_out(engine)
    assert camp.winner == ["p1", "p2"]
    assert "shared victory" in last_victory_text(engine)


# --- War of Destruction --------------------------------------------------------------------
def test_destruction_one_point_per_thousand_killed():
    """War of Destruction: 'Whoever kills the most troops, wins! Receive 1 point for every
    1,000 points in troops killed.'"""
    camp, engine = two_player({"type": "destruction", "turn_limit": 1})
    rstate(camp).player("p1").troops_killed = 2999
    rstate(camp).player("p2").troops_killed = 3000
    engine.changed()
    assert [victory.kill_points(camp, p) for p in ("p1", "p2")] == [2, 3]
    assert victory.standings(camp) == [
        ("p2", "3 points (3,000 pts of enemy troops killed)"),
        ("p1", "2 points (2,999 pts of enemy troops killed)"),
    ]
    play_out(engine)
    assert camp.winner == ["p2"]
    assert "War of Destruction" in last_victory_text(engine)


def test_destruction_equal_points_the_most_killed_wins():
    """'Whoever kills the most troops, wins!': within a point, the raw count decides."""
    camp, engine = two_player({"type": "destruction", "turn_limit": 1})
    rstate(camp).player("p1").troops_killed = 1999
    rstate(camp).player("p2").troops_killed = 1000
    engine.changed()
    play_out(engine)
    assert camp.winner == ["p1"]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 12000),
    st.integers(0, 12000),
    st.integers(0, 3),
    st.integers(0, 3),
)
def test_destruction_winner_property(k1, k2, b1, b2):
    """Whatever the counts: the winners have the most points; a winner never has fewer
    troops killed than a player with as many points; all tie only when all counts tie."""
    camp = small_campaign("rauscher")
    camp.victory = {"type": "destruction", "turn_limit": 1}
    for pid, k, b in (("p1", k1, b1), ("p2", k2, b2)):
        rstate(camp).player(pid).troops_killed = k
        rstate(camp).player(pid).battles_won = b
    rstate(camp).victory.time_up = True
    result = victory.check(rauscher_rules(camp))
    points = {"p1": k1 // 1000, "p2": k2 // 1000}
    assert all(points[w] == max(points.values()) for w in result.winners)
    kills = {"p1": k1, "p2": k2}
    for w in result.winners:
        assert all(kills[w] >= kills[p] for p in points if points[p] == points[w])
    assert (len(result.winners) == 2) == (k1 == k2 and b1 == b2)


# --- The Art of War ------------------------------------------------------------------------
def test_art_of_war_one_point_per_battle_won():
    """The Art of War: 'Players receive one point for each battle they win.'"""
    camp, engine = two_player({"type": "art_of_war", "turn_limit": 2})
    rstate(camp).player("p1").battles_won = 1
    rstate(camp).player("p2").battles_won = 3
    engine.changed()
    assert victory.standings(camp)[0] == ("p2", "3 battles won")
    assert victory.standings(camp)[1] == ("p1", "1 battle won")
    play_out(engine)
    assert camp.winner == ["p2"] and camp.turn == 2
    assert "The Art of War" in last_victory_text(engine)


# --- Invasion ------------------------------------------------------------------------------
INVASION = {"type": "invasion", "invader": "p2", "defender": "p1", "capital": "s1", "turn_limit": 2}


def test_invasion_ends_when_the_invader_takes_the_capital():
    """Invasion: 'The invading player must capture the defender's capital.'"""
    camp, engine = two_player(INVASION)
    end_phase(engine)
    assert not camp.finished
    camp.map.settlement("s1").owner = "p2"  # Altdorf falls (the combat rules do this)
    engine.changed()
    end_phase(engine)
    assert camp.finished and camp.winner == ["p2"]
    assert "Bruno has taken Altdorf: the Invasion succeeds" in last_victory_text(engine)
    assert RULESET.victory(Rules(camp, RULESET)).standings[0][0] == "p2"


def test_invasion_a_destroyed_capital_is_taken_too():
    camp, engine = two_player(INVASION)
    camp.map.settlements.remove(camp.map.settlement("s1"))
    engine.changed()
    end_phase(engine)
    assert camp.winner == ["p2"]


def test_invasion_the_defender_wins_at_the_turn_limit():
    camp, engine = two_player(INVASION)
    # more territories do not help the invader: only the capital counts
    camp.map.territories.append(Territory("north", "Northmark", [], owner="p2"))
    engine.changed()
    assert victory.standings(camp) == [
        ("p1", "defender: must hold Altdorf (held by Anna)"),
        ("p2", "invader: must take Altdorf (held by Anna)"),
    ]
    play_out(engine)
    assert camp.winner == ["p1"] and camp.turn == 2
    assert "Anna still holds Altdorf: the Invasion has failed" in last_victory_text(engine)


def test_invasion_default_capital_is_the_defenders_capital():
    camp, _ = two_player({"type": "conquest"})
    camp.map.settlement("s1").kind = "capital"
    camp.victory = {"type": "invasion", "invader": "p2", "defender": "p1"}
    assert victory.victory_problems(camp) == []
    assert victory._invasion_capital(camp) == "s1"


@pytest.mark.parametrize(
    ("conditions", "expected"),
    [
        ({"type": "invasion", "defender": "p1", "capital": "s1"}, "invader should be"),
        (
            {"type": "invasion", "invader": "p1", "defender": "p1", "capital": "s1"},
            "the same player",
        ),
        (
            {"type": "invasion", "invader": "p2", "defender": "p1", "capital": "s2"},
            "should belong to the defender",
        ),
        ({"type": "invasion", "invader": "p2", "defender": "p1"}, "no single capital"),
        (
            {"type": "invasion", "invader": "p2", "defender": "p1", "capital": "nowhere"},
            "'nowhere' is not one",
        ),
        (
            {
                "type": "invasion",
                "invader": "p2",
                "defender": "p1",
                "capital": "s1",
                "invadr": "p2",
            },
            "'invadr' is not a key",
        ),
        ({"type": "conquest", "temple": "0101"}, "'temple' is not a key"),
        ({"type": "wholesale_slaughter"}, "is not one of conquest, destruction"),
    ],
)
def test_victory_table_mistakes_stop_the_campaign_at_setup(conditions, expected):
    camp = small_campaign("rauscher")
    camp.victory = conditions
    problems = victory.victory_problems(camp)
    assert any(expected in p for p in problems), problems
    # `tuicamp check` and new_campaign ask the ruleset after set-up
    found = RULESET.campaign_problems(Rules(camp, RULESET))
    assert [p.path for p in found if expected in p.text] == [("victory",)]


# --- elimination ---------------------------------------------------------------------------
def test_the_last_one_standing_wins_at_once():
    """'It could be, for example, a battle to the death': a player with no territory, no
    settlement and no army in the field is out, and the last one left wins."""
    camp, engine = two_player({"type": "conquest", "turn_limit": 12})
    camp.map.territory("east").owner = "p1"
    camp.map.settlement("s2").owner = "p1"
    engine.changed()
    end_phase(engine)
    assert not camp.finished, "the Waaagh is still in the field"
    camp.armies.remove(camp.army("a2"))
    engine.changed()
    end_phase(engine)
    assert camp.finished and camp.winner == ["p1"]
    assert "Anna is the last one standing" in last_victory_text(engine)
    assert RULESET.victory(Rules(camp, RULESET)).standings[1] == (
        "p2",
        "out of the war; 0 territories",
    )


def test_scouts_and_baggage_do_not_keep_a_player_in_the_war():
    camp, engine = two_player({"type": "conquest"})
    camp.map.territory("east").owner = "p1"
    camp.map.settlement("s2").owner = "p1"
    rstate(camp).army("a2").role = Role.BAGGAGE
    engine.changed()
    assert not victory.in_the_game(camp, "p2")
    end_phase(engine)
    assert camp.winner == ["p1"]


# --- Family Squabble -------------------------------------------------------------------------
SQUABBLE_SETUP = {"neutral_players": ["crown"], "roles": {"guard": "neutral"}}


def squabble_engine(mode: DiceMode = DiceMode.APP, claimants: int = 3, seed: int = 99) -> Engine:
    """The kingdom of :func:`squabble_kingdom`, set up by the engine (its first action)."""
    engine = Engine(squabble_kingdom(mode, claimants, seed), ruleset=RULESET, quiet_start=False)
    engine.set_up(SQUABBLE_SETUP)
    return engine


def squabble_campaign(
    mode: DiceMode = DiceMode.APP, claimants: int = 3, seed: int = 99
) -> Campaign:
    """The kingdom, set up: its territories have declared (with the campaign's dice)."""
    return squabble_engine(mode, claimants, seed).campaign


def squabble_kingdom(mode: DiceMode = DiceMode.APP, claimants: int = 3, seed: int = 99) -> Campaign:
    """A 9 x 6 kingdom, not yet set up: a home for each claimant, the Crownlands with the
    capital (Crown Keep, held by the neutral regency) in the middle, three territories to
    declare (one with a village and its militia, owned by the regency until it declares)."""
    m = HexMap.blank(9, 6)
    cells = {
        "home1": lambda c, r: c <= 2 and r <= 2,
        "home2": lambda c, r: c >= 6 and r <= 2,
        "home3": lambda c, r: c <= 2 and r >= 3,
        "crownlands": lambda c, r: 3 <= c <= 5,
        "vale": lambda c, r: c >= 6 and r in (3, 4),
        "moor": lambda c, r: c >= 6 and r == 5,
    }
    owners = {"home1": "p1", "home2": "p2", "home3": "p3"}
    m.territories = [
        Territory(
            tid, tid.title(), [h for h in m.hexes() if test(h.col, h.row)], owner=owners.get(tid)
        )
        for tid, test in cells.items()
    ]
    m.settlements = [
        Settlement("keep", "capital", "Crown Keep", H(4, 2), owner="crown", walls=True),
        Settlement("v1", "village", "Valedorf", H(7, 4)),
        Settlement("c1", "fortress", "Castle One", H(1, 1), owner="p1", walls=True),
    ]
    ids = [f"p{i}" for i in range(1, claimants + 1)]
    players = [Player(p, f"Claimant {p[1]}", "Empire") for p in ids]
    players.append(Player("crown", "The Regency", "Empire"))
    seats = [Seat(p, f"Claimant {p[1]}", [p]) for p in ids]
    seats += [Seat("crown", "The Regency", ["crown"]), Seat("gm", "Games Master", gm=True)]
    ruler = Unit("r1", "Claimant One", 150, Category.CHARACTER, 8, 9, 1, {"general", "ruler"})
    armies = [
        Army(
            "a1",
            "Host of One",
            "p1",
            H(1, 2),
            [ruler, Unit("u1", "Halberdiers", 300, Category.RANK_AND_FILE, 4, 7, 20)],
        ),
        Army(
            "a2",
            "Host of Two",
            "p2",
            H(7, 1),
            [Unit("u2", "Knights", 250, Category.RANK_AND_FILE, 7, 8, 8)],
        ),
        Army(
            "guard",
            "Royal Guard",
            "crown",
            H(4, 2),
            [Unit("g1", "Guard", 400, Category.RANK_AND_FILE, 4, 8, 20)],
        ),
        Army(
            "v1-militia",
            "Valedorf Militia",
            "crown",
            H(7, 4),
            [Unit("m1", "Militia", 100, Category.RANK_AND_FILE, 4, 7, 20, {"militia"})],
        ),
    ]
    for i in range(3, claimants + 1):
        armies.append(
            Army(
                f"a{i}",
                f"Host of {i}",
                f"p{i}",
                H(1, 4),
                [Unit(f"u{i}", "Spearmen", 200, Category.RANK_AND_FILE, 4, 7, 20)],
            )
        )
    camp = Campaign(
        "Squabble",
        "test",
        "rauscher",
        m,
        players,
        seats,
        armies,
        dice=DiceState(seed=seed, mode=mode),
    )
    camp.victory = {"type": "family_squabble", "capital": "keep", "turn_limit": 3}
    for s in m.settlements:
        s.original_owner = s.owner
    return camp


def test_family_squabble_territories_declare_at_setup():
    """Family Squabble: 'Create a country with it's territories, then randomly select which
    territories are under either player's control.' One d6 per territory (1-2, 3-4, 5-6 for
    three claimants), with its settlement and its militia; the capital's stays neutral."""
    camp = squabble_campaign()
    vs = rstate(camp).victory
    assert vs.allotted and vs.announced
    assert [a.territory for a in vs.allegiances] == ["vale", "moor"]
    for a in vs.allegiances:
        assert a.player == ["p1", "p2", "p3"][(a.dice[-1] - 1) // 2]
        assert camp.map.territory(a.territory).owner == a.player
    vale = next(a.player for a in vs.allegiances if a.territory == "vale")
    assert camp.map.settlement("v1").owner == camp.map.settlement("v1").original_owner == vale
    assert camp.army("v1-militia").owner == vale
    assert "v1" in rstate(camp).player(vale).original_settlements
    assert camp.map.territory("crownlands").owner is None
    assert camp.army("guard").owner == "crown"
    assert rstate(camp).army("guard").role is Role.NEUTRAL
    assert camp.dice.draws == sum(len(a.dice) for a in vs.allegiances), "the seeded dice"


def test_family_squabble_allegiance_is_the_seeds_and_is_told_with_the_set_up():
    """The allegiance dice are set-up rolls: rolled on the set-up action's dice, they are
    told in its events, each with its roll number, before the first phase's own hooks
    (the economy's set-up check reads the map as the territories left it)."""
    first, again = squabble_engine(seed=5), squabble_engine(seed=5)
    allegiances = rstate(first.campaign).victory.allegiances
    assert allegiances == rstate(again.campaign).victory.allegiances
    assert [e.text for e in first.chronicle] == [e.text for e in again.chronicle]
    (told,) = [e for e in first.chronicle if e.kind == "allegiance"]
    (setup,) = [e for e in first.chronicle if e.kind == "setup"]
    assert told.action == setup.action == 1 and (told.turn, told.phase) == (1, "upkeep")
    assert "1-2 Claimant 1, 3-4 Claimant 2, 5-6 Claimant 3" in told.text
    assert [r.total for r in told.rolls] == [v for a in allegiances for v in a.dice]
    # numbered as the campaign's first rolls, by the codes of their count (R-ALL-7)
    seed = first.campaign.dice.seed
    assert [r.id for r in told.rolls] == [
        roll_number(seed, n) for n in range(1, len(told.rolls) + 1)
    ]
    assert [r.reason for r in told.rolls][:1] == ["allegiance of Vale"]
    assert told.data["allegiance"] == {a.territory: a.player for a in allegiances}
    for _ in range(9):  # three claimants end the Upkeep, Effects and Movement phases
        end_phase(first)
    assert [e.kind for e in first.chronicle].count("allegiance") == 1


def test_a_save_whose_set_up_rolled_the_allegiance_unseen_tells_it_after_upkeep():
    """A save made when the set-up rolled the allegiance on dice of its own, before the
    chronicle existed, holds it rolled but untold: the first Upkeep's end tells it, once."""
    camp = squabble_kingdom(seed=5)
    RULESET.setup(camp, SQUABBLE_SETUP)
    camp.flow.scheduled = []  # such a save has no set-up effect waiting
    records = victory.allot(camp, Dice(camp.dice))
    engine = Engine(camp)
    assert not [e for e in engine.chronicle if e.kind == "allegiance"]
    for _ in range(3):  # three claimants end the Upkeep phase
        end_phase(engine)
    (told,) = [e for e in engine.chronicle if e.kind == "allegiance"]
    assert told.phase == "upkeep" and [r.total for r in told.rolls] == [
        v for a in records for v in a.dice
    ]
    for _ in range(6):
        end_phase(engine)
    assert [e.kind for e in engine.chronicle].count("allegiance") == 1


def test_family_squabble_with_table_dice_the_gm_rolls_them():
    """Table dice: nothing is rolled at set-up; the Games Master types the dice in."""
    camp = squabble_campaign(DiceMode.TABLE)
    assert not rstate(camp).victory.allotted
    assert camp.map.territory("vale").owner is None
    engine = Engine(camp)
    assert victory.pending(rauscher_rules(camp), "p1")
    with pytest.raises(RuleError, match="First: The Games Master rolls"):
        engine.perform("p1", EndPhase())
    with pytest.raises(RuleError, match="Only the Games Master"):
        engine.perform("p1", victory.AllotTerritories(dice=[1, 6]))
    engine.perform("gm", victory.AllotTerritories(dice=[1, 6]))
    assert camp.map.territory("vale").owner == "p1"
    assert camp.map.territory("moor").owner == "p3"
    assert engine.chronicle[-1].kind == "allegiance"
    assert [r.total for r in engine.chronicle[-1].rolls] == [1, 6]
    with pytest.raises(RuleError, match="already declared"):
        engine.perform("gm", victory.AllotTerritories(dice=[1, 1]))
    assert not victory.pending(rauscher_rules(camp), "p1")
    engine.perform("p1", EndPhase())


def test_family_squabble_four_claimants_reroll_the_spare_faces():
    """Four claimants share faces 1-4 of the d6; a 5 or 6 is rolled again."""
    camp = squabble_campaign(DiceMode.TABLE, claimants=4)
    engine = Engine(camp)
    engine.perform("gm", victory.AllotTerritories(dice=[5, 6, 2, 4]))
    records = rstate(camp).victory.allegiances
    assert [(a.territory, a.player, a.dice) for a in records] == [
        ("vale", "p2", [5, 6, 2]),
        ("moor", "p4", [4]),
    ]
    assert "5+ roll again" in engine.chronicle[-1].text


def test_family_squabble_beaten_armies_change_sides():
    """'As soon as any army is defeated, they will switch their allegiance to the victor,
    and survivors will fight for their banner.' A claimant's own army does not (ruling)."""
    camp = squabble_campaign()
    engine = Engine(camp)
    battle = type("B", (), {"id": "b1"})()
    ctx = _ctx(engine)
    kept = victory.on_battle_lost(ctx, battle, ["a2", "a1"], "p3")
    assert kept == ["a1"], "the army with the claimant keeps its colours"
    assert camp.army("a2").owner == "p3" and camp.army("a1").owner == "p1"
    switched = [e for e in ctx.events if e.kind == "allegiance"]
    assert len(switched) == 1 and "switches its allegiance from Claimant 2 to Claimant 3" in (
        switched[0].text
    )
    # beaten by the Royal Guard, an army joins the neutral regency's defenders
    assert victory.on_battle_lost(ctx, battle, ["a3"], "crown") == []
    assert camp.army("a3").owner == "crown"
    assert rstate(camp).army("a3").role is Role.NEUTRAL
    # and the Guard, beaten in turn, becomes a claimant's army
    assert victory.on_battle_lost(ctx, battle, ["guard"], "p2") == []
    assert camp.army("guard").owner == "p2"
    assert rstate(camp).army("guard").role is Role.ARMY


def test_turncoats_only_in_a_family_squabble():
    camp, engine = two_player({"type": "conquest"})
    ctx = _ctx(engine)
    assert victory.on_battle_lost(ctx, None, ["a2"], "p1") == ["a2"]
    assert camp.army("a2").owner == "p2" and not ctx.events


def test_family_squabble_the_capital_wins_the_kingdom():
    """'At the very center, place a fortress - the capitol - which will defend against any
    player who tries to take it ... Battle for possession of the kingdom.'"""
    camp = squabble_campaign()
    engine = Engine(camp)
    end_phase(engine)
    assert not camp.finished
    camp.map.settlement("keep").owner = "p2"
    engine.changed()
    end_phase(engine)
    assert camp.finished and camp.winner == ["p2"]
    assert "Claimant 2 holds Crown Keep, and with it the kingdom" in last_victory_text(engine)


def test_family_squabble_at_the_turn_limit_the_most_territories_win():
    camp = squabble_campaign()
    engine = Engine(camp)
    held = {p: victory.territories_held(camp, p) for p in ("p1", "p2", "p3")}
    play_out(engine)
    best = max(held.values())
    assert camp.winner == [p for p in ("p1", "p2", "p3") if held[p] == best]
    assert camp.turn == 3
    assert "regency" not in camp.winner and "crown" not in camp.winner


def test_family_squabble_problems():
    camp = squabble_campaign()
    camp.map.settlement("keep").owner = "p1"
    assert any("should be neutral" in p for p in victory.victory_problems(camp))
    camp.victory = {"type": "family_squabble", "capital": "nowhere"}
    assert any("'nowhere' is not a settlement" in p for p in victory.victory_problems(camp))


# --- The Race to the Cauldron Temple ------------------------------------------------------------
TEMPLE = H(4, 2)


def temple_campaign() -> tuple[Campaign, Engine]:
    """Westmark p1 and Eastmark p2 with the Cauldron Temple at 0503 between them, held by
    1,500 pts of neutral guardians; each player's ruler in a host next to a second army."""
    m = HexMap.blank(9, 5)
    m.territories = [
        Territory("west", "Westmark", [h for h in m.hexes() if h.col <= 2], owner="p1"),
        Territory("waste", "The Waste", [h for h in m.hexes() if 3 <= h.col <= 5]),
        Territory("east", "Eastmark", [h for h in m.hexes() if h.col >= 6], owner="p2"),
    ]
    players = [
        Player("p1", "Anna", "High Elves"),
        Player("p2", "Bruno", "Dark Elves"),
        Player("temple", "Guardians", "Lizardmen"),
    ]
    seats = [
        Seat("p1", "Anna", ["p1"]),
        Seat("p2", "Bruno", ["p2"]),
        Seat("temple", "Guardians", ["temple"]),
        Seat("gm", "Games Master", gm=True),
    ]

    def host(aid, owner, hexx, ruler):
        flags = {"general", "ruler"} if ruler else {"general"}
        return Army(
            aid,
            f"Host {aid}",
            owner,
            hexx,
            [
                Unit(f"{aid}-lord", f"Lord of {aid}", 200, Category.CHARACTER, 5, 9, 1, flags),
                Unit(f"{aid}-foot", "Spearmen", 300, Category.RANK_AND_FILE, 5, 8, 20),
            ],
        )

    armies = [
        host("a1", "p1", H(3, 2), True),
        host("b1", "p1", H(3, 1), False),
        host("a2", "p2", H(6, 2), True),
        Army(
            "guard",
            "Guardians",
            "temple",
            TEMPLE,
            [Unit("g1", "Temple Guard", 1500, Category.RANK_AND_FILE, 4, 8, 40)],
        ),
    ]
    camp = Campaign("Race", "test", "rauscher", m, players, seats, armies, dice=DiceState(seed=3))
    camp.victory = {"type": "cauldron_temple", "temple": "0503", "turn_limit": 2}
    RULESET.setup(camp, {"neutral_players": ["temple"], "roles": {"guard": "neutral"}})
    return camp, Engine(camp)


def test_temple_no_win_while_the_guardians_stand():
    """'The temple is defended by 1,500 points worth of neutral troops.'"""
    camp, engine = temple_campaign()
    camp.army("a1").hex = TEMPLE
    engine.changed()
    end_phase(engine)
    assert not camp.finished
    assert [a.id for a in victory.temple_defenders(camp)] == ["guard"]


def test_temple_the_first_ruler_in_takes_the_item():
    """'The first General (not a typical army General, but your ruler) to enter the temple
    gets a powerful magic item - fight it out.'"""
    camp, engine = temple_campaign()
    camp.armies.remove(camp.army("guard"))  # the guardians fell in an earlier battle
    camp.army("b1").hex = TEMPLE  # a general who is not the ruler: nothing
    engine.changed()
    end_phase(engine)
    assert not camp.finished
    camp.army("b1").hex = H(3, 1)
    camp.army("a1").hex = TEMPLE
    engine.changed()
    end_phase(engine)
    assert camp.finished and camp.winner == ["p1"]
    assert (
        "Lord of a1 of Anna enters the Cauldron Temple and takes the powerful magic item"
        in last_victory_text(engine)
    )
    assert RULESET.victory(Rules(camp, RULESET)).standings[0] == (
        "p1",
        "Lord of a1 in the temple; 1 territory",
    )


def test_temple_a_rival_army_there_must_be_fought_first():
    camp, engine = temple_campaign()
    camp.armies.remove(camp.army("guard"))
    camp.army("a1").hex = TEMPLE
    camp.army("a2").units = [u for u in camp.army("a2").units if "ruler" not in u.flags]
    camp.army("a2").hex = TEMPLE
    engine.changed()
    end_phase(engine)
    assert not camp.finished, "two enemies in the temple: fight it out"


def test_temple_entered_by_moving_in_during_movement():
    """The ruler marches into the empty temple: the war ends with that move."""
    from tuicamp.rules.rauscher.movement.actions import Move

    camp, engine = temple_campaign()
    camp.armies.remove(camp.army("guard"))
    engine.changed()
    while camp.phase != "movement":
        end_phase(engine)
    engine.perform("p1", Move(army="a1", to="0503"))
    assert camp.finished and camp.winner == ["p1"] and camp.phase == "movement"


def test_temple_standings_count_the_distance():
    camp, _ = temple_campaign()
    assert victory.standings(camp) == [
        ("p1", "Lord of a1 1 hex away; 1 territory"),
        ("p2", "Lord of a2 2 hexes away; 1 territory"),
    ]


def test_temple_nobody_in_at_the_turn_limit_the_most_territories_win():
    camp, engine = temple_campaign()
    camp.map.territory("waste").owner = "p2"
    engine.changed()
    play_out(engine)
    assert camp.winner == ["p2"] and camp.turn == 2


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda c: c.victory.update(temple="9999"), "temple should be the temple's hex"),
        (lambda c: c.armies.remove(c.army("guard")), "the temple has no neutral defenders"),
        (lambda c: c.army("a2").units.pop(0), "'p2' should have one unit flagged \"ruler\""),
    ],
)
def test_temple_problems(change, expected):
    camp, _ = temple_campaign()
    change(camp)
    assert any(expected in p for p in victory.victory_problems(camp))


# --- set-up keys ---------------------------------------------------------------------------
def test_setup_problems_for_neutral_players_and_roles():
    assert victory.setup_problems({}) == []
    assert (
        victory.setup_problems({"neutral_players": ["temple"], "roles": {"guard": "neutral"}}) == []
    )
    assert victory.setup_problems({"neutral_players": "temple"})[0].where == "neutral_players"
    found = victory.setup_problems({"roles": {"guard": "guardian"}})
    assert found[0].where == "roles.guard" and "'guardian' is not a role" in found[0].text
    # and the frame hands them on: a scenario's [ruleset.rauscher] is checked with them
    assert any(p.where == "roles.guard" for p in RULESET.setup_problems({"roles": {"guard": "x"}}))


def test_every_type_has_the_texts_words():
    assert set(victory.TYPES) == {
        "conquest",
        "destruction",
        "invasion",
        "art_of_war",
        "family_squabble",
        "cauldron_temple",
    }
    assert all(t.text and t.title for t in victory.TYPES.values())
    assert victory.victory_type(small_campaign("rauscher")) == "conquest", "the default"


def _ctx(engine: Engine):
    """A context for calling a hook the combat rules call (as the engine would)."""
    from tuicamp.engine.context import Context
    from tuicamp.engine.dice import Dice

    camp = engine.campaign
    return Context(
        campaign=camp,
        seat=camp.seat("gm"),
        dice=Dice(camp.dice),
        ruleset=engine.ruleset,
        next_seq=len(engine.chronicle) + 1,
        action_no=1,
    )


def test_family_squabble_a_battle_lost_turns_the_beaten_army():
    """Through the real combat rules: a battle entered at the table, the beaten army (no
    claimant in it) fights for the victor afterwards."""
    from tuicamp.engine.battles import EnterBattleResult, SideEntry

    camp = squabble_campaign()
    camp.army("a3").hex = camp.army("a2").hex  # Claimant 3's spearmen in Claimant 2's home
    engine = Engine(camp)
    while camp.phase != "combat":
        end_phase(engine)
    (battle,) = camp.pending_battles()
    winner = battle.side_of_army("a2").id
    engine.perform(
        "gm",
        EnterBattleResult(
            battle=battle.id,
            sides=[SideEntry(side=s.id, vp=1000 if s.id == winner else 0) for s in battle.sides],
        ),
    )
    assert camp.army("a3") is not None and camp.army("a3").owner == "p2"
    assert camp.army("a3").hex == camp.army("a2").hex  # a turncoat stays; it does not retreat
