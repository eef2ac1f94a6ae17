"""Suvinen Home Castles and cities under attack (point 6): §4.6, R-SU-20, R-SU-36, R-SU-37.

§4.6: "If more than two hostile sides are in a Home Castle hex, the others have to first
fight it out between themselves who get the right to attack the Home Castle. The winner
then can attack the garrison. A Home Castle (or a city) may garrison at most 1.000 points
worth of troops. If more are available the defending player may choose to fight a normal
battle or leave the excess troops outside (who then must fight a normal battle). If the
defender decides to fight outside the Home Castle he may later withdraw into it, but any
excess troops above 1.000 points are eliminated."

The drill's Carroburg (0106) holds the Carroburg Garrison (140 pts) of the Empire.
"""

from __future__ import annotations

import pytest
from test_suvinen_control import lines, placed
from test_suvinen_play import drill, end_council, play_impulse
from test_suvinen_withdrawal import entered

from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.model.forces import Category, Unit
from tuicamp.model.hexes import parse_label
from tuicamp.rules.suvinen.assault import ChooseAssault
from tuicamp.rules.suvinen.garrisons import DeclareGarrison
from tuicamp.rules.suvinen.impulses import MoveCorps
from tuicamp.rules.suvinen.withdrawal import ChooseWithdrawal

CARROBURG = "0106"


def to_the_walls(edit=None):
    """The Wolf Riders ride from 0105 into Carroburg in impulse 1; the rest hold."""
    engine = drill(edit=edit or placed(**{"wolf-riders": "0105"}))
    end_council(engine)
    script = {(1, 1, "wolf-riders"): MoveCorps(army="wolf-riders", path=[CARROBURG])}
    while engine.campaign.phase.startswith("impulse"):
        play_impulse(engine, script)
    return engine


def test_a_garrison_alone_is_besieged_and_the_besiegers_choose_to_assault_or_wait():
    """§4.6: "The winner then can attack the garrison"; R-SU-36: "each of their players
    writes under seal, once a turn, assault or wait". Waiting fights no battle, and the
    castle with its garrison in it is not lost (R-SU-19)."""
    engine = to_the_walls()
    camp = engine.campaign
    assert camp.phase == "battles" and not camp.pending_battles()
    assert "Siege 0106: assault or wait: waiting for Orcs & Goblins" in lines(engine, "empire")
    pending = engine.ruleset.pending(Rules(camp, engine.ruleset))
    assert pending == ["At 0106: Orcs & Goblins to write whether to assault the walls or wait"]
    with pytest.raises(RuleError, match="Write assault or wait"):
        engine.perform("orcs", ChooseAssault(hex=CARROBURG, choice="storm"))
    engine.perform("orcs", ChooseAssault(hex=CARROBURG, choice="wait"))
    assert camp.turn == 2 and not camp.battles
    assert camp.map.settlement("carroburg").owner == "empire" and not camp.finished
    assert camp.army("wolf-riders").hex == parse_label(CARROBURG)


def test_an_assault_fights_the_garrison_alone():
    """R-SU-36: "those that assault fight the garrison, on the castle card"."""
    engine = to_the_walls()
    engine.perform("orcs", ChooseAssault(hex=CARROBURG, choice="assault"))
    (battle,) = engine.campaign.pending_battles()
    assert [s.armies for s in battle.sides] == [["carroburg-garrison"], ["wolf-riders"]]
    assert battle.settlement == "carroburg"
    with pytest.raises(RuleError, match="No garrison at 0106 waits for an assault now"):
        engine.perform("orcs", ChooseAssault(hex=CARROBURG, choice="assault"))


def defenders_outside(scenario) -> None:
    """The First Corps stands outside Carroburg's walls, with Greatswords (300) and
    Handgunners (100) more: 925 pts, the garrison 140; the Wolf Riders have 200 pts more
    wolves (345: no forced withdrawal, R-SU-13)."""
    placed(**{"wolf-riders": "0105", "first-corps": CARROBURG})(scenario)
    armies = {a.id: a for a in scenario.armies}
    armies["first-corps"].units += [
        Unit("greatswords", "Greatswords", 300, models=20),
        Unit("handgunners", "Handgunners", 100, models=10),
    ]
    armies["wolf-riders"].units.append(
        Unit("more-wolves", "Wolf Riders", 200, Category.LIGHT_CAVALRY, movement=9, models=20)
    )


INSIDE = ["first-general", "first-halberdiers", "first-spearmen", "greatswords", "handgunners"]


def camp_notes(engine, battle) -> list[str]:
    return engine.ruleset.battle_card_notes(Rules(engine.campaign, engine.ruleset), battle)


def test_the_troops_outside_fight_first_and_may_withdraw_into_the_castle_up_to_1000_pts():
    """§4.6: "the others have to first fight it out"; the troops outside "must fight a
    normal battle" (R-SU-36: no castle card while the garrison stays inside); "If the
    defender decides to fight outside the Home Castle he may later withdraw into it, but
    any excess troops above 1.000 points are eliminated" (R-SU-37: the player names the
    units that go inside, the rest are eliminated). The garrison has room for 860 pts, the
    First Corps holds 925: the Empire keeps its Handgunners and leaves the Great Cannon as
    the excess."""
    engine = to_the_walls(edit=defenders_outside)
    camp = engine.campaign
    (battle,) = camp.pending_battles()
    assert sorted(a for s in battle.sides for a in s.armies) == ["first-corps", "wolf-riders"]
    # "leave the excess troops outside (who then must fight a normal battle)": no castle card
    notes = camp_notes(engine, battle)
    assert "Day 1: deploy for a meeting engagement." in notes
    assert not any("(section 4.6, R-SU-20)" in n for n in notes)
    entered(engine, CARROBURG)
    with pytest.raises(RuleError, match=r"from 0106: to = 0105 \("):
        engine.perform("orcs", ChooseWithdrawal(hex=CARROBURG, choice="withdraw"))
    with pytest.raises(RuleError, match="from 0106: to = 0106, "):  # its own walls first
        engine.perform("empire", ChooseWithdrawal(hex=CARROBURG, choice="withdraw"))
    with pytest.raises(RuleError, match="0106 is no castle or city of yours"):
        engine.perform("orcs", ChooseWithdrawal(hex=CARROBURG, choice="withdraw", to=CARROBURG))
    engine.perform("orcs", ChooseWithdrawal(hex=CARROBURG, choice="fight"))
    into = {"hex": CARROBURG, "choice": "withdraw", "to": CARROBURG}
    with pytest.raises(
        RuleError,
        match=r"room for 860 pts and your corps hold 925: name the units that go inside",
    ):
        engine.perform("empire", ChooseWithdrawal(**into))
    with pytest.raises(RuleError, match="Those units hold 925 pts: Carroburg's garrison has"):
        engine.perform("empire", ChooseWithdrawal(**into, units=[*INSIDE, "first-cannon"]))
    with pytest.raises(RuleError, match="waaagh-boyz: no unit of your corps withdrawing here"):
        engine.perform("empire", ChooseWithdrawal(**into, units=["waaagh-boyz"]))
    with pytest.raises(RuleError, match="Units are named only to withdraw into your own"):
        engine.perform("empire", ChooseWithdrawal(**{**into, "to": "0206"}, units=INSIDE))
    engine.perform("empire", ChooseWithdrawal(**into, units=INSIDE))
    garrison = camp.army("carroburg-garrison")
    assert camp.army("first-corps") is None
    assert [u.id for u in garrison.units] == ["garrison-swordsmen", *INSIDE]
    assert garrison.points == 965
    (event,) = [e for e in engine.chronicle if e.kind == "garrison"]
    assert event.visible_to == ["empire"]
    assert event.text.endswith(
        "; Great Cannon, left as the excess over 1,000 pts, is eliminated (section 4.6, R-SU-37)"
    )
    (revealed,) = [e.text for e in engine.chronicle if e.kind == "withdrawal_revealed"]
    assert "The Empire: withdraw to 0106" in revealed and "cannon" not in revealed.lower()
    # the Orcs, alone outside the walls, now choose to assault or wait (R-SU-36)
    assert list(camp.state.sieges) == [CARROBURG]


def test_corps_that_fit_inside_the_walls_all_go_in_unnamed():
    """With room for the whole corps no unit need be named: all go in (R-SU-37)."""

    def small(scenario) -> None:
        placed(**{"wolf-riders": "0105", "first-corps": CARROBURG})(scenario)

    engine = to_the_walls(edit=small)
    entered(engine, CARROBURG)
    engine.perform("orcs", ChooseWithdrawal(hex=CARROBURG, choice="fight"))
    engine.perform("empire", ChooseWithdrawal(hex=CARROBURG, choice="withdraw", to=CARROBURG))
    assert engine.campaign.army("carroburg-garrison").points == 140 + 525


def test_a_player_garrisons_a_castle_it_holds_with_a_corps_standing_in_it():
    """§4.6: "A Home Castle (or a city) may garrison at most 1.000 points worth of troops";
    "If occupied by a sole players unit(s) that player may now garrison the Castle"
    (R-SU-20, R-SU-38). The Outriders (175 pts) ride into Carroburg and garrison it next
    turn's council; the First Corps may not garrison Black Crag, which is not the Empire's,
    nor two garrisons hold one castle."""
    engine = drill(edit=placed(outriders="0105", **{"carroburg-garrison": "0105"}))
    camp = engine.campaign
    camp.state.garrisons = {}  # the Carroburg Garrison stands outside, as a corps
    engine.changed()
    with pytest.raises(RuleError, match="'The Outriders' \\(LC\\) stands in no castle or city"):
        engine.perform("empire", DeclareGarrison(army="outriders"))
    end_council(engine)
    go = MoveCorps(army="outriders", path=[CARROBURG])
    while camp.turn == 1:
        play_impulse(engine, {(1, 1, "outriders"): go})
    engine.perform("empire", DeclareGarrison(army="outriders"))
    assert camp.state.garrisons == {"carroburg": "outriders"}
    (said,) = [e for e in engine.chronicle if e.kind == "garrison"]
    assert said.visible_to == ["empire"]
    assert said.text == "'The Outriders' (LC) is now the garrison of Carroburg (R-SU-20, R-SU-38)"
    assert any("; garrison" in line for line in lines(engine, "empire") if "Outriders" in line)
    with pytest.raises(RuleError, match="is a garrison already"):
        engine.perform("empire", DeclareGarrison(army="outriders"))
    engine.perform("empire", DeclareGarrison(army="outriders", release=True))
    assert camp.state.garrisons == {}


def test_a_corps_over_1000_pts_or_in_a_castle_not_its_players_garrisons_nothing():
    """R-SU-20: "at most 1,000 pts"; "a player garrisons the castles and cities it holds"."""
    engine = drill(edit=placed(**{"first-corps": "0802", "waaagh": "0506"}))
    with pytest.raises(RuleError, match="Black Crag is not yours"):
        engine.perform("empire", DeclareGarrison(army="first-corps"))
    big = drill(edit=placed(**{"first-corps": CARROBURG}))
    big.campaign.army("first-corps").units.append(Unit("gs", "Greatswords", 600, models=40))
    big.changed()
    with pytest.raises(RuleError, match="Carroburg has its garrison: 'The Carroburg Garrison'"):
        big.perform("empire", DeclareGarrison(army="first-corps"))
    big.campaign.state.garrisons = {}
    big.changed()
    with pytest.raises(RuleError, match="holds 1,125 pts: Carroburg garrisons at most 1,000"):
        big.perform("empire", DeclareGarrison(army="first-corps"))
