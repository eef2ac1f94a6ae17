"""The Invasion of Hex Island (``aasen``): Senior Officers promoted on the sealed sheet,
and a Senior Officer made General when the General is lost (5.3, table 5.1, 8.1, 8.5,
R-AA-41)."""

from __future__ import annotations

import pytest
from test_aasen_battles import end_all, to_battle
from test_aasen_injuries import enter
from test_aasen_year import new

from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.rules.aasen import AasenRuleset, declarations
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.rules.aasen.state import Officer

RULESET = AasenRuleset()
REACH = "hag-graef-reach"


def lines_of(engine, player):
    seat = next(s for s in engine.campaign.seats if s.players == [player])
    return [(s.label, s.text) for s in RULESET.status_lines(Rules(engine.campaign, RULESET), seat)]


def to_purchases():
    engine = new()
    end_all(engine)
    end_all(engine)
    assert engine.campaign.phase == "purchases"
    return engine


def test_junior_officers_are_made_senior_officers_for_2_resources_each():
    """Table 5.1: "Promoting a Junior Officer to Senior Officer | 2"; 8.1: "A record is
    kept over which Senior Officers a player has" - made as the sheets are revealed, shown
    to his own seat."""
    engine = to_purchases()
    state = engine.campaign.state
    before = state.books[REACH].resources
    officers = {"malus": ["Lokhir Fellheart"], "khazrak": ["Gorthor"]}
    engine.perform("malus", WriteSheet(officers=officers))
    assert state.officers == {}  # sealed until every sheet is in
    assert not [t for label, t in lines_of(engine, "eltharion") if "Lokhir" in t]
    engine.perform("tehen", WriteSheet())
    assert state.books[REACH].resources == before - 4
    assert state.officers["malus"] == [Officer("Lokhir Fellheart")]
    assert ("Senior Officers", "Lokhir Fellheart (Glory 0)") in lines_of(engine, "malus")
    assert not [label for label, _ in lines_of(engine, "eltharion") if label == "Senior Officers"]


@pytest.mark.parametrize(
    ("sheet", "refusal"),
    [
        ({"officers": {"eltharion": ["Imrik"]}}, "is no player of your realm"),
        ({"officers": {"malus": ["Kouran", "Kouran"]}}, "'Kouran' is named twice"),
        ({"officers": {"malus": [" "]}}, "A Senior Officer needs a name"),
        ({"generals": {"malus": "Kouran"}}, "only when the General is lost"),
    ],
)
def test_a_bad_promotion_is_refused_in_one_line(sheet, refusal):
    """8.5: a Senior Officer is made General "if the old General is lost" (R-AA-41)."""
    engine = to_purchases()
    with pytest.raises(RuleError, match=refusal) as refused:
        engine.perform("malus", WriteSheet(**sheet))
    assert "\n" not in str(refused.value)


def test_a_lost_general_is_replaced_by_a_senior_officer():
    """8.5: "If a General is lost the player must promote a Senior Officer to General status
    in the Promotions segment next turn"; table 5.1: "Promoting a Senior Officer to General |
    3". Malus's General is slain and dead (11); next year Lokhir is made General, keeps his
    Glory and leads the army in the declarations."""
    engine = to_battle()
    enter(engine, malus_slain=True, dice=[1, 1])
    state = engine.campaign.state
    state.officers["malus"] = [Officer("Lokhir Fellheart", 2)]
    end_all(engine)  # the battles
    end_all(engine)  # the end of the turn
    end_all(engine)  # Support and Resources
    end_all(engine)  # Trade
    with pytest.raises(RuleError, match="has no Senior Officer 'Kouran'"):
        engine.perform("malus", WriteSheet(generals={"malus": "Kouran"}))
    before = state.books[REACH].resources
    engine.perform("malus", WriteSheet(generals={"malus": "Lokhir Fellheart"}))
    engine.perform("tehen", WriteSheet())
    general = state.generals["malus"]
    assert (general.name, general.glory, general.fate) == ("Lokhir Fellheart", 2, "")
    assert state.officers["malus"] == []
    assert state.books[REACH].resources == before - 3
    end_all(engine)
    assert "malus" in declarations.candidates(Rules(engine.campaign, RULESET))


@pytest.mark.parametrize(
    ("kept", "told"),
    [
        ([], "no Senior Officer stands in: the army has no General"),
        (
            [Officer("Lokhir Fellheart", 1), Officer("Kouran", 3)],
            'Kouran (Glory 3) stands in as substitute General, his Leadership 8" only',
        ),
        (
            [Officer("Lokhir Fellheart", 3), Officer("Kouran", 3)],
            "the substitute General is the one of Lokhir Fellheart, Kouran (Glory 3) with the "
            "highest Leadership (not declared for Lokhir Fellheart, Kouran: set_character "
            "profile Ld), else the player's choice",
        ),
    ],
)
def test_the_card_names_the_substitute_general(kept, told):
    """8.5: "If a General is unavailable due to being dead or captured, the army is still
    selected as normal according to his Glory ... with the Senior Officer with the highest
    amount of Glory stepping in as substitute General. If two or more Senior Officers have
    the same amount of Glory the eligible one with the highest Leadership is the General
    ... If the player has no Senior Officer to take over, his army will have no General"
    (R-AA-41, R-AA-65)."""
    engine = to_battle()
    enter(engine, malus_slain=True, dice=[1, 1])
    engine.campaign.state.officers["malus"] = kept
    rules = Rules(engine.campaign, RULESET)
    notes = " ".join(RULESET.battle_card_notes(rules, engine.campaign.battles[0]))
    assert "Drusala Shadowbane is dead: the army is selected by his Glory" in notes
    assert told in notes
