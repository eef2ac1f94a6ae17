"""The Invasion of Hex Island (``aasen``): the rows of table 8.2 that read the character's
profile, Wasting Injury, Robbed, blindness, the Senior Officers' injuries and a General
retiring (8, 8.1, 8.2, 8.5, R-AA-43, R-AA-44)."""

from __future__ import annotations

import pytest
from test_aasen_battles import end_all, result, to_battle
from test_aasen_injuries import enter, rules_of, table_dice, to_second_battle

from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import DiceMode
from tuicamp.rules.aasen import battles, injuries
from tuicamp.rules.aasen.captives import Release
from tuicamp.rules.aasen.characters import Retire, SetCharacter
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.rules.aasen.state import General, Officer


def one(rules, dice, character, mounted=True):
    (injury,) = injuries.roll(rules, table_dice(*dice), "Malus", 1, character, mounted)
    return injury


@pytest.mark.parametrize(
    ("dice", "stat", "before", "after"),
    [
        ((2, 3), "W", 3, 2),  # "23 | Wasting Injury. -1 Wound"
        ((2, 4), "M", 5, 4),  # "24 | Leg wound. -1 Movement"
        ((2, 6), "S", 4, 3),  # "26 | Deep wound. -1 Strength"
        ((3, 2), "T", 4, 3),  # "32 | Chest wound. -1 Toughness"
        ((3, 3), "A", 3, 2),  # "33 | Arm wound. -1 Attack"
        ((3, 5), "Ld", 9, 8),  # "35 | Lack of confidence. -1 Leadership"
        ((3, 6), "WS", 6, 5),  # "36 | Hand injury. -1 Weapon skill"
        ((5, 5), "BS", 2, 1),  # "55 | Blinded on one eye. -2 Ballistic skill", never below 1
        ((5, 6), "I", 5, 3),  # "56 | Nervous condition. -2 Initiative"
    ],
)
def test_a_characteristic_injury_lowers_the_declared_profile(dice, stat, before, after):
    """8.2: "Characteristics reductions: No characteristic may be reduced below 1" (the
    profile his player declared, R-AA-43)."""
    engine = to_battle()
    general = engine.campaign.state.generals["malus"]
    general.profile = {stat: before}
    injuries.suffer(rules_of(engine), "malus", general, one(rules_of(engine), dice, general), "")
    assert general.profile == {stat: after}
    assert general.fate == ""


@pytest.mark.parametrize(("dice", "stat"), [((2, 6), "S"), ((5, 6), "I"), ((3, 6), "WS")])
def test_a_characteristic_at_1_re_rolls(dice, stat):
    """8.2: "If the character was already at 1 in that stat, re-roll the result on the
    injury table": then 61, Full recovery."""
    engine = to_battle()
    general = General("Malus", profile={stat: 1})
    injury = one(rules_of(engine), (*dice, 6, 1), general)
    assert injury.row["name"] == "Full recovery"
    assert injury.rerolled == (f"{dice[0]}{dice[1]} rolled again: his {stat} is 1 already",)


def test_a_wound_lost_at_1_wound_kills():
    """8.2: "No characteristic may be reduced below 1, apart from Wounds (in which case the
    character is dead)": a W1 General's Wasting Injury (23)."""
    engine = to_battle()
    engine.perform("malus", SetCharacter(profile={"W": 1}))
    enter(engine, malus_slain=True, dice=[2, 3])
    general = engine.campaign.state.generals["malus"]
    assert general.fate == "dead"
    assert any(e.kind == "fate" and "is dead" in e.text for e in engine.chronicle)


@pytest.mark.parametrize(
    ("dice", "facts", "why"),
    [
        ((4, 1), {}, "he is no Wizard"),  # "41 | Amnesia ... (re-roll if not a Wizard)"
        ((4, 2), {"joins": False}, "he may not join units"),  # "42 | Paranoia ... Re-roll if"
        ((4, 4), {"armour": False}, "he may wear no armour"),  # "44 | Deathwish ... Re-roll if"
    ],
)
def test_rows_the_character_could_not_suffer_are_rolled_again(dice, facts, why):
    """8.2: Amnesia "re-roll if not a Wizard"; Paranoia, Deathwish "Re-roll if the
    character was not allowed to do this to begin with" (R-AA-44); then 24, Leg wound."""
    engine = to_battle()
    general = General("Malus", **facts)
    injury = one(rules_of(engine), (*dice, 2, 4), general)
    assert injury.row["name"] == "Leg wound"
    assert why in injury.rerolled[0]


@pytest.mark.parametrize(
    ("dice", "name", "facts"),
    [
        ((4, 1), "Amnesia", {"wizard": True}),
        ((4, 2), "Paranoia", {}),
        ((4, 4), "Deathwish", {}),
    ],
)
def test_rows_the_character_can_suffer_are_kept(dice, name, facts):
    engine = to_battle()
    assert one(rules_of(engine), dice, General("Malus", **facts)).row["name"] == name


def test_paranoia_and_deathwish_take_it_from_him_for_good():
    """After Paranoia he "may no longer join friendly units": a second is re-rolled."""
    engine = to_battle()
    general = engine.campaign.state.generals["malus"]
    for dice in ((4, 2), (4, 4)):
        injuries.suffer(
            rules_of(engine), "malus", general, one(rules_of(engine), dice, general), ""
        )
    assert (general.joins, general.armour) == (False, False)


@pytest.mark.parametrize(
    ("mounted", "name"), [(True, "Trampled by own steed"), (False, "Leg wound")]
)
def test_trampled_by_own_steed_needs_a_steed(mounted, name):
    """8.2: "46 | Trampled by own steed ... Re-roll if the character was not mounted in this
    battle" (the form asks whether he was mounted)."""
    engine = to_battle()
    injury = one(rules_of(engine), (4, 6, 2, 4), General("Malus"), mounted=mounted)
    assert injury.row["name"] == name


def test_the_form_asks_whether_he_was_mounted():
    engine = to_battle()
    fields = battles.result_fields(rules_of(engine), engine.campaign.battles[0])
    assert {f.key for f in fields if f.key.startswith("mounted_")} == {
        "mounted_malus",
        "mounted_eltharion",
    }


def test_losing_both_eyes_retires_him():
    """8.2: "55 | Blinded on one eye ... Should the character lose both eyes he must be
    retired"."""
    engine = to_battle()
    general = engine.campaign.state.generals["malus"]
    general.injuries = ["Blinded on one eye (-2 Ballistic Skill)"]
    enter(engine, malus_slain=True, dice=[5, 5])
    assert general.fate == "retired"
    assert not injuries.commands(engine.campaign.state, "malus")


@pytest.mark.parametrize(("d6", "wounds"), [(1, 2), (2, 3), (6, 3)])
def test_a_wasting_injury_rolls_after_each_battle(d6, wounds):
    """8.2: "Wasting Injury ... Roll a D6 at the end of each battle the character fights
    from now on (after Victory points have been calculated). On a '1' the character
    suffers a further -1 Wound permanently": only a 1 costs Eltharion's W3 a Wound."""
    engine = to_battle()
    general = engine.campaign.state.generals["eltharion"]
    general.injuries = ["Wasting Injury (x)"]
    general.profile = {"W": 3}
    enter(engine, dice=[d6])
    assert general.profile == {"W": wounds}
    told = any("Wasting Injury rolls 1" in e.text for e in engine.chronicle)
    assert told == (d6 == 1)


def test_a_wasting_injury_does_not_roll_in_the_battle_that_caused_it():
    """8.2: "Wasting Injury. -1 Wound. Roll a D6 at the end of each battle the character
    fights from now on"; 6.6: "The effects of injuries will apply from the next battle and
    onwards" (R-AA-81): Malus, slain, rolls 23 and nothing more; the table asks no D6."""
    engine = to_battle()
    general = engine.campaign.state.generals["malus"]
    general.profile = {"W": 3}
    enter(engine, malus_slain=True, dice=[2, 3])
    assert [i.split(" (")[0] for i in general.injuries] == ["Wasting Injury"]
    assert general.profile == {"W": 2}
    assert not [e for e in engine.chronicle if "'s Wasting Injury rolls" in e.text]


def test_robbed_is_on_the_next_battles_card_only():
    """8.2: "51 | Robbed. In the next battle the character takes part, all equipment, magic
    items and mounts cost double the normal points cost" (R-AA-44: on that battle's card,
    then struck from his sheet)."""
    engine = to_battle()
    result(engine, 2, 3)
    malus = engine.campaign.state.generals["malus"]
    malus.injuries = ["Robbed (x)", "Leg wound (-1 Movement)"]
    battle = to_second_battle(engine)
    (robbed,) = [c for c in battle.circumstances if c.key == "robbed"]
    assert "cost double" in robbed.text and robbed.side == "defender"
    assert malus.injuries == ["Leg wound (-1 Movement)"]


# --- Senior Officers --------------------------------------------------------------------


def test_the_form_asks_of_each_senior_officer():
    """8.1: "If a Senior Officer is 'slain' during a battle, an injury roll must be made for
    him" (R-AA-44: the form asks of each free Senior Officer of a player on a side)."""
    engine = to_battle()
    engine.campaign.state.officers["eltharion"] = [Officer("Korhil"), Officer("Caradryan")]
    fields = battles.result_fields(rules_of(engine), engine.campaign.battles[0])
    asked = {f.key: f.side for f in fields if f.key.startswith("slain_")}
    assert asked == {
        "slain_malus": "attacker",
        "slain_eltharion": "defender",
        "slain_eltharion~korhil": "defender",
        "slain_eltharion~caradryan": "defender",
    }


def officer_result(engine, facts, dice):
    engine.campaign.dice.mode = DiceMode.TABLE
    sides = [SideEntry(side="attacker"), SideEntry(side="defender", facts=facts)]
    facts = {"winner": 1, "level": 1, "conceded": 0}
    engine.perform("gm", EnterBattleResult(battle="b1", sides=sides, facts=facts, dice=dice))
    engine.campaign.dice.mode = DiceMode.APP


def test_a_slain_senior_officer_rolls_and_keeps_the_injury():
    engine = to_battle()
    korhil = Officer("Korhil")
    engine.campaign.state.officers["eltharion"] = [korhil]
    officer_result(engine, {"slain_eltharion~korhil": 1}, [3, 3])
    assert korhil.injuries == ["Arm wound (-1 Attack)"]
    (told,) = [e.text for e in engine.chronicle if e.kind == "injury"]
    assert "Eltharion of Arnheim's Senior Officer Korhil, slain, a D66: 33: Arm wound" in told


def test_a_dead_senior_officer_leaves_the_record():
    """8.2: "Dead ... any points of Glory, advances and injuries are lost"."""
    engine = to_battle()
    engine.campaign.state.officers["eltharion"] = [Officer("Korhil", 4)]
    officer_result(engine, {"slain_eltharion~korhil": 1}, [1, 1])
    assert engine.campaign.state.officers["eltharion"] == []


def test_a_captured_senior_officer_is_held_and_may_be_released():
    """8.2: "Captured: The enemy army captures the character. You may attempt to buy him
    back in the Trade segment"; "A captured General or Senior Officer ..." (R-AA-39)."""
    engine = to_battle()
    korhil = Officer("Korhil", 2)
    engine.campaign.state.officers["eltharion"] = [korhil]
    officer_result(engine, {"slain_eltharion~korhil": 1}, [1, 5])
    assert korhil.fate == "captured"
    seat = next(s for s in engine.campaign.seats if s.players == ["tehen"])
    lines = [(s.label, s.text) for s in engine.ruleset.status_lines(rules_of(engine), seat)]
    assert (
        "Captive",
        "Eltharion of Arnheim's Senior Officer Korhil (Glory 2), held by The Hag Graef Reach",
    ) in lines
    end_all(engine)  # battles
    end_all(engine)  # the end
    end_all(engine)  # earn
    assert engine.campaign.phase == "trade"
    engine.perform("malus", Release(captive="eltharion", character="Korhil"))
    assert korhil.fate == ""


# --- retiring ---------------------------------------------------------------------------


def to_purchases_with_an_officer(race=""):
    """After the first battle, to next year's Promotions; Malus keeps Lokhir (Glory 3)."""
    engine = to_battle()
    result(engine, 1, 1)
    engine.campaign.state.officers["malus"] = [Officer("Lokhir", 3)]
    if race:
        engine.campaign.player("malus").race = race
    end_all(engine)  # battles
    end_all(engine)  # the end
    end_all(engine)  # earn
    end_all(engine)  # trade
    assert engine.campaign.phase == "purchases"
    return engine


def test_a_general_retires_and_a_senior_officer_takes_his_place():
    """8.1: "Senior Officers can ... be promoted to General (if the old General is lost or
    retires)": Malus retires Drusala in the Promotions; his sheet makes Lokhir General."""
    engine = to_purchases_with_an_officer()
    with pytest.raises(RuleError, match="leads his army"):
        engine.perform("malus", WriteSheet(generals={"malus": "Lokhir"}))
    engine.perform("malus", Retire())
    assert engine.campaign.state.generals["malus"].fate == "retired"
    engine.perform("malus", WriteSheet(generals={"malus": "Lokhir"}))
    engine.perform("tehen", WriteSheet())
    general = engine.campaign.state.generals["malus"]
    assert (general.name, general.glory, general.fate) == ("Lokhir", 3, "")


def test_skaven_encourage_the_others():
    """9.2, Skaven: "To encourage the others: When dismissing an old General (not one who
    is dead or injured), the Senior Officer taking over may pay +1 Rescource to have Clan
    Eshin provide a sufficiently grisly example of his predecessor ..., gaining him +1
    Glory": the sheet costs 3 + 1, and Lokhir's Glory is 4."""
    engine = to_purchases_with_an_officer("Skaven")
    books = engine.campaign.state.books["hag-graef-reach"]
    before = books.resources
    engine.perform("malus", Retire())
    engine.perform("malus", WriteSheet(generals={"malus": "Lokhir"}, encourage=["malus"]))
    engine.perform("tehen", WriteSheet())
    assert engine.campaign.state.generals["malus"].glory == 4
    assert books.resources == before - 4


@pytest.mark.parametrize(
    ("race", "injured", "refusal"),
    [("Dark Elves", False, "only a Skaven player"), ("Skaven", True, "not dead or injured")],
)
def test_only_a_skaven_dismissing_a_sound_general_encourages(race, injured, refusal):
    engine = to_purchases_with_an_officer(race)
    if injured:
        engine.campaign.state.generals["malus"].injuries = ["Leg wound (-1 Movement)"]
    engine.perform("malus", Retire())
    with pytest.raises(RuleError, match=refusal):
        engine.perform("malus", WriteSheet(generals={"malus": "Lokhir"}, encourage=["malus"]))


def test_a_retired_senior_officer_leaves_the_record():
    engine = to_battle()
    result(engine, 1, 1)
    engine.campaign.state.officers["malus"] = [Officer("Lokhir", 3)]
    end_all(engine)
    end_all(engine)
    end_all(engine)
    engine.perform("malus", Retire(character="Lokhir"))
    assert engine.campaign.state.officers["malus"] == []


def test_retiring_is_only_in_the_trade_or_promotions():
    engine = to_battle()
    with pytest.raises(RuleError):
        engine.perform("malus", Retire())


def test_what_an_injury_took_is_not_declared_back():
    """After Paranoia "The character may no longer join friendly units": his player may
    not declare that he does (R-AA-44)."""
    engine = to_battle()
    general = engine.campaign.state.generals["malus"]
    general.injuries = ["Paranoia (May no longer join friendly units)"]
    general.joins = False
    engine.perform("malus", SetCharacter(profile={"W": 2}, joins=False))
    assert engine.campaign.state.generals["malus"].profile == {"W": 2}
    with pytest.raises(RuleError, match="Paranoia"):
        engine.perform("malus", SetCharacter(profile={"W": 2}))
