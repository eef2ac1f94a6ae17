"""The Invasion of Hex Island (``aasen``): each player's missions fulfilled and the Senior
Officers credited with them (6.4, table 6.3, R-AA-53)."""

from __future__ import annotations

import pytest
from test_aasen_battles import to_battle
from test_aasen_injuries import rules_of

from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.errors import RuleError
from tuicamp.rules.aasen import battles
from tuicamp.rules.aasen.state import Officer

ONE_EACH = "Only one Senior Officer can get Glory for each mission"  # 6.4
REFUSED = "only one Senior Officer can get Glory for each mission"


def with_officers(contingent=0):
    """Malus (with Khazrak's Contingent of ``contingent`` points) against Eltharion, who
    keeps Imrik and Belannaer; Khazrak keeps Gorthor."""
    engine = to_battle(contingent=contingent)
    state = engine.campaign.state
    state.officers["eltharion"] = [Officer("Imrik"), Officer("Belannaer")]
    state.officers["khazrak"] = [Officer("Gorthor")]
    return engine


def enter(engine, attacker=None, defender=None):
    """Eltharion wins a Minor Victory, each side's facts as given."""
    sides = [
        SideEntry(side="attacker", facts=attacker or {}),
        SideEntry(side="defender", facts=defender or {}),
    ]
    result = {"winner": 2, "level": 1, "conceded": 0}
    engine.perform("gm", EnterBattleResult(battle="b1", sides=sides, facts=result))


def officer(engine, player, name):
    return next(o for o in engine.campaign.state.officers[player] if o.name == name)


def test_the_form_asks_each_players_missions_fulfilled_of_his_side():
    """Table 6.3: "Each own mission fulfilled | 0 | +1" (R-AA-53): the missions are each
    player's own, so each player of a side, a Contingent's sender too, is asked his."""
    engine = with_officers(contingent=600)
    fields = battles.result_fields(rules_of(engine), engine.campaign.battles[0])
    asked = {f.key: f.side for f in fields if f.key.startswith("missions_")}
    assert asked == {
        "missions_malus": "attacker",
        "missions_khazrak": "attacker",
        "missions_eltharion": "defender",
    }


def test_each_mission_fulfilled_gives_one_senior_officer_his_glory():
    """6.4: "A Senior Officer gains a point of Glory for each mission he or the unit he was
    with was vital in fulfilling": Eltharion fulfilled 2, Imrik was vital in one, and
    Belannaer in the other; the chronicle tells who (R-AA-53)."""
    engine = with_officers()
    facts = {
        "missions_eltharion": 2,
        "glory_missions_eltharion~imrik": 1,
        "glory_missions_eltharion~belannaer": 1,
    }
    enter(engine, defender=facts)
    assert officer(engine, "eltharion", "Imrik").glory == 1
    assert officer(engine, "eltharion", "Belannaer").glory == 1
    told = [e.text for e in engine.chronicle if e.kind == "missions"]
    assert told == [
        "Missions (6.4): Eltharion of Arnheim fulfilled 2 of his own mission(s); vital in "
        "them: Senior Officer Imrik 1, Senior Officer Belannaer 1 (R-AA-53)"
    ]


def test_a_mission_fulfilled_credited_to_nobody_is_told_too():
    """6.4: "A Senior Officer does not get any Glory if the mission would have been
    successful anyway": the mission is told, nobody gains."""
    engine = with_officers()
    enter(engine, defender={"missions_eltharion": 1})
    assert officer(engine, "eltharion", "Imrik").glory == 0
    (told,) = [e.text for e in engine.chronicle if e.kind == "missions"]
    assert "fulfilled 1 of his own mission(s); vital in them: no Senior Officer" in told


@pytest.mark.parametrize(
    "facts",
    [
        # two Senior Officers for one mission
        {
            "missions_eltharion": 1,
            "glory_missions_eltharion~imrik": 1,
            "glory_missions_eltharion~belannaer": 1,
        },
        # one credited with more than were fulfilled
        {"missions_eltharion": 1, "glory_missions_eltharion~imrik": 2},
        # a mission credited that nobody fulfilled
        {"glory_missions_eltharion~imrik": 1},
    ],
)
def test_more_senior_officers_credited_than_missions_fulfilled_is_refused(facts):
    """6.4: "Only one Senior Officer can get Glory for each mission" (R-AA-53): the result
    is refused whole, nobody gains any Glory."""
    engine = with_officers()
    with pytest.raises(RuleError, match=REFUSED) as refused:
        enter(engine, defender=facts)
    assert "Eltharion of Arnheim's Senior Officers are credited with" in str(refused.value)
    assert ONE_EACH.lower() in str(refused.value).lower()
    assert officer(engine, "eltharion", "Imrik").glory == 0
    assert engine.campaign.battles[0].result is None


def test_another_players_mission_is_not_his_supporters_officers():
    """Table 6.3: "Each own mission fulfilled" (R-AA-53): Malus fulfilled a mission, but
    Gorthor is Khazrak's Senior Officer, on his side with his Contingent, and Khazrak fulfilled
    none: the credit is refused."""
    engine = with_officers(contingent=600)
    facts = {"missions_malus": 1, "glory_missions_khazrak~gorthor": 1}
    with pytest.raises(RuleError, match="never another player's") as refused:
        enter(engine, attacker=facts)
    assert "Khazrak One-Eye fulfilled 0 of his own" in str(refused.value)
    assert officer(engine, "khazrak", "Gorthor").glory == 0
    enter(engine, attacker={"missions_khazrak": 1, "glory_missions_khazrak~gorthor": 1})
    assert officer(engine, "khazrak", "Gorthor").glory == 1


def test_a_general_is_never_credited_with_a_mission():
    """6.4: "Missions are something Senior Officers can get Glory for while Generals
    can't" (table 6.3: "Each own mission fulfilled | 0 | +1", R-AA-53): the form asks no
    General of his missions, and a result crediting one is refused."""
    engine = with_officers()
    fields = battles.result_fields(rules_of(engine), engine.campaign.battles[0])
    keys = {f.key for f in fields}
    assert "glory_missions_eltharion~imrik" in keys
    assert not {"glory_missions_eltharion", "glory_missions_malus"} & keys
    general = engine.campaign.state.generals["eltharion"]
    with pytest.raises(RuleError, match="'glory_missions_eltharion' is not on this battle's"):
        enter(engine, defender={"missions_eltharion": 1, "glory_missions_eltharion": 1})
    enter(engine, defender={"missions_eltharion": 1})
    assert general.glory == 1  # the Minor Victory's alone
