"""A whole Suvinen turn for four players on the Crossroads, with a three-sided battle
resolved day by day (the issue: "A scripted four-player turn with a three-sided battle
resolved day by day"; §4.0, §4.1, §4.3, §4.4, R-SU-13, R-SU-15, R-SU-28, R-SU-29).

§4.0: "Each battle is said to take a day. Count how many battles (days) you have fought";
§4.1: "If there are three or more to each other hostile sides present ... 1) The players
now must secretly write down wether they withdraw their units, or prepare for battle";
"3) If after forming temporal alliances (or maybe none were made) there still is more than
two sides left, you have to fight a "King of the Hill" -battle"; §4.4: "If there are more
than one side present after withdrawal has been done start again with determing what kind
of battle you'll have to fight."

The Empire's, Bretonnia's and the Orcs' second corps stand round 1010 on the Empire's road
and march into it in impulse 1; the Dwarfs keep to their corner all turn.
"""

from __future__ import annotations

import copy

from test_suvinen_control import placed
from test_suvinen_play import end_council, play_impulse
from test_suvinen_withdrawal import entered

from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.model.hexes import parse_label
from tuicamp.rules.suvinen import SuvinenRuleset
from tuicamp.rules.suvinen.impulses import MoveCorps
from tuicamp.rules.suvinen.withdrawal import ChooseWithdrawal
from tuicamp.storage.scenario import find_scenario, load_scenario

RULESET = SuvinenRuleset()
CROSSROADS = load_scenario(find_scenario("suvinen-crossroads"))
FIELD = "1010"
ROUND_1010 = {"empire-1": "0910", "bretonnia-1": "1011", "orcs-1": "1110"}


def notes(engine, battle) -> list[str]:
    return RULESET.battle_card_notes(Rules(engine.campaign, RULESET), battle)


def king_of_the_hill():
    """The three corps march into 1010 in impulse 1; before day 1 all three prepare for
    battle: the engine and its King of the Hill."""
    scenario = copy.deepcopy(CROSSROADS)
    placed(**ROUND_1010)(scenario)
    engine = start_campaign(scenario, "suvinen", seed=5, check=True)
    camp = engine.campaign
    end_council(engine)
    assert sorted(camp.state.order) == ["bretonnia", "dwarfs", "empire", "orcs"]
    script = {(1, 1, a): MoveCorps(army=a, path=[FIELD]) for a in ROUND_1010}
    while camp.phase.startswith("impulse"):
        play_impulse(engine, script)
    # day 1: three sides write first (R-SU-29): all prepare for battle
    assert camp.phase == "battles" and camp.state.before_battle == [FIELD]
    for player in ("empire", "bretonnia", "orcs"):
        engine.perform(player, ChooseWithdrawal(hex=FIELD, choice="fight"))
    (king,) = camp.pending_battles()
    return engine, king


def test_the_king_of_the_hill_card_gives_its_turn_sequence():
    """Section 4.1, step 3: "Determine iniative for each turn with a 1d6. The first player
    moves one regiment or one independent character"; "Each player secretly writes down who
    will charge who"; "in this version you may always 'stand and shoot'"; "In the magic phase
    roll as many dice as there are sides for winds of magic. Distribute the cards evenly and
    any odd cards are returned to the deck" (R-SU-15)."""
    engine, king = king_of_the_hill()
    card = notes(engine, king)
    assert (
        "Initiative with a d6 each turn; each player in turn moves one regiment or one "
        "independent character; no advancing into contact."
    ) in card
    assert (
        "Charges are written secretly after all movement; every unit may always stand and "
        "shoot. Winds of magic: one die per side; cards dealt evenly, odd cards back to the "
        "deck."
    ) in card


def test_four_players_play_a_turn_with_a_three_sided_battle_day_by_day():
    engine, king = king_of_the_hill()
    camp = engine.campaign
    assert king.day == 1 and len(king.sides) == 3
    assert "Day 1: deploy for King of the Hill (section 4.1)." in notes(engine, king)
    # Bretonnia ends it with no troops on the table: it must withdraw (R-SU-13)
    entered(engine, FIELD, off_table=("bretonnia",))
    assert set(camp.state.withdrawals) == {FIELD}
    engine.perform("bretonnia", ChooseWithdrawal(hex=FIELD, choice="withdraw", to="1011"))
    engine.perform("empire", ChooseWithdrawal(hex=FIELD, choice="fight"))
    engine.perform("orcs", ChooseWithdrawal(hex=FIELD, choice="fight"))
    assert camp.army("bretonnia-1").hex == parse_label("1011")
    # day 2: two sides left, a meeting engagement (§4.4, R-SU-15)
    (meeting,) = camp.pending_battles()
    assert meeting.day == 2 and sorted(p for s in meeting.sides for p in s.players) == [
        "empire",
        "orcs",
    ]
    assert "Day 2: deploy for a meeting engagement." in notes(engine, meeting)
    assert not any(n.startswith("Initiative with a d6") for n in notes(engine, meeting))
    entered(engine, FIELD)
    engine.perform("orcs", ChooseWithdrawal(hex=FIELD, choice="withdraw", to="1110"))
    engine.perform("empire", ChooseWithdrawal(hex=FIELD, choice="fight"))
    # no battle on day 3: supply, the end of the turn, turn 2
    assert camp.turn == 2 and camp.phase == "council"
    assert [b.day for b in camp.battles] == [1, 2]
    assert camp.army("empire-1").hex == parse_label(FIELD)
    assert camp.army("orcs-1").hex == parse_label("1110")
    assert all(camp.state.corps[a.id].supply_checked == 1 for a in camp.armies)
    assert not camp.finished and len({a.owner for a in camp.armies}) == 4
