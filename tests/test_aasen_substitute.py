"""The Invasion of Hex Island (``aasen``): a lost General's substitute (8.5): the lost
General's Glory selects the army only for the rest of the year he is lost (R-AA-63), the
next Promotions make a Senior Officer General if at all possible (R-AA-64), and the
substitute is the Senior Officer of the highest Glory, then of the highest Leadership
declared (R-AA-65)."""

from __future__ import annotations

from pathlib import Path

import pytest
from apps.ui_kit import write_engine_save
from test_aasen_battles import end_all, to_battle
from test_aasen_bonuses import lead
from test_aasen_injuries import enter
from test_aasen_year import pass_to_battles

from tuicamp import cli
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.rules.aasen import AasenRuleset, limits, officers
from tuicamp.rules.aasen.characters import SetCharacter
from tuicamp.rules.aasen.declarations import Answer, Declare
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.rules.aasen.state import Officer

RULESET = AasenRuleset()
REACH = "hag-graef-reach"
SLAIN = "Drusala Shadowbane"  # Malus's General
SHEET_MAKING_KOURAN = 'kind = "write_sheet"\ngenerals = {malus = "Kouran"}\n'


def malus_lost_to_purchases(kept, resources=None, wealth=0):
    """Malus's General is slain and dead (D66 11) in the first year's battle, with Glory 5
    and the Senior Officers ``kept``; the next year runs to its Promotions (the Reach
    left with ``resources`` and ``wealth``, if given: none by default, so that Wealth
    cannot make Resources up, R-AA-98)."""
    engine = to_battle()
    enter(engine, malus_slain=True, dice=[1, 1])
    state = engine.campaign.state
    state.generals["malus"].glory = 5
    state.officers["malus"] = kept
    for _ in range(4):  # the battles, the end of the turn, Support and Resources, Trade
        end_all(engine)
    assert engine.campaign.phase == "purchases"
    if resources is not None:
        state.books[REACH].resources = resources
        state.books[REACH].wealth = wealth
    return engine


def apply_orders(save, seat, body):
    """`tuicamp apply` of one action ``body`` for ``seat``, from an orders file beside the
    save; its exit code."""
    orders = Path(save).with_name("orders.toml")
    orders.write_text(f"[[action]]\n{body}")
    return cli.main(["apply", str(save), str(orders), "--as", seat])


def kouran_made_general(save, capsys):
    """`tuicamp apply` of the Reach's sheet making Kouran General and the Colony's empty
    one; `tuicamp log` for Malus (its words on one line), which tells of it."""
    assert apply_orders(save, "malus", SHEET_MAKING_KOURAN) == 0
    assert apply_orders(save, "tehen", 'kind = "write_sheet"\n') == 0
    capsys.readouterr()
    assert cli.main(["log", str(save), "--as", "malus"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Malus of Hag Graef makes his Senior Officer Kouran General, with Glory 2" in out
    return out


def malus_defends(engine):
    """The sheets revealed with no General made, Eltharion invades Wreckers' Cove and
    Malus stands; the battle is returned."""
    engine.perform("malus", WriteSheet())
    engine.perform("tehen", WriteSheet())
    end_all(engine)
    lead(engine, "eltharion")
    engine.perform("eltharion", Declare(source="the-north-cape", target="wreckers-cove"))
    engine.perform("malus", Answer(choice="stand", defender="malus"))
    pass_to_battles(engine)
    return next(b for b in engine.campaign.battles if b.id != "b1")


def card(engine, battle):
    return " ".join(RULESET.battle_card_notes(Rules(engine.campaign, RULESET), battle))


def test_a_sheet_that_does_not_replace_a_lost_general_is_refused_naming_his_officers():
    """8.5: "If a General is lost the player must promote a Senior Officer to General
    status in the Promotions segment next turn, if at all possible" (R-AA-64): the Reach's
    sheet making nobody General is refused, naming the Senior Officers Malus may make
    General; one making Kouran General is taken."""
    engine = malus_lost_to_purchases([Officer("Lokhir Fellheart"), Officer("Kouran")])
    with pytest.raises(RuleError) as refused:
        engine.perform("malus", WriteSheet(officers={"malus": ["Tullaris"]}))
    text = str(refused.value)
    assert f"Malus of Hag Graef's General {SLAIN} is dead" in text
    assert "must be made General at these Promotions, if at all possible (8.5, R-AA-64)" in text
    assert "name one of Lokhir Fellheart, Kouran" in text
    assert "\n" not in text
    engine.perform("malus", WriteSheet(generals={"malus": "Kouran"}))
    engine.perform("tehen", WriteSheet())
    assert engine.campaign.state.generals["malus"].name == "Kouran"


def test_a_general_need_not_be_made_when_it_is_not_possible():
    """8.5: "if at all possible. If unable to do this ...": with no Senior Officer free (the
    only one a captive), or without the 3 Resources of table 5.1, the sheet is taken."""
    held = Officer("Lokhir Fellheart", fate="captured", captor="arnheim-colony")
    engine = malus_lost_to_purchases([held])
    engine.perform("malus", WriteSheet())
    engine = malus_lost_to_purchases([Officer("Kouran")], resources=2)
    engine.perform("malus", WriteSheet())


def test_wealth_that_could_be_turned_into_resources_makes_a_general_possible(tmp_path, capsys):
    """8.5: "must promote a Senior Officer to General status in the Promotions segment
    next turn, if at all possible" (R-AA-64); 7.2: "Wealth can be transformed back into
    Resources in the Start of the turn phase ... the transfer rate is 3:1" (R-AA-98): the
    Reach's 2 Resources and 6 Wealth can pay table 5.1's 3, so `tuicamp apply` refuses its
    sheet making nobody General, saying to convert Wealth first; turned, Kouran is made
    General and `tuicamp log` says so."""
    engine = malus_lost_to_purchases([Officer("Kouran", 2)], resources=2, wealth=6)
    save = write_engine_save(engine, tmp_path, "isle")
    capsys.readouterr()
    assert apply_orders(save, "malus", 'kind = "write_sheet"\n') != 0
    err = " ".join(capsys.readouterr().err.split())
    assert "must be made General at these Promotions, if at all possible (8.5, R-AA-64)" in err
    assert "name one of Kouran" in err
    assert (
        "the realm's 2 Resources pay no 3: turn Wealth into Resources first "
        "(convert_wealth, 7.2, R-AA-98)"
    ) in err
    assert apply_orders(save, "malus", 'kind = "convert_wealth"\nresources = 1\n') == 0
    assert "3 Wealth turned into 1 Resources" in kouran_made_general(save, capsys)


def test_a_dwarf_realms_wealth_does_not_make_a_general_possible():
    """Dwarfs, "Hoarding the Wealth: A Realm that contains one or more Dwarf armies, may
    not transfer Wealth back to Resources" (R-AA-98), so for R-AA-64's "if at all
    possible" its Wealth pays nothing: with Khazrak a Dwarf, the Reach's 2 Resources and
    6 Wealth do not pay table 5.1's 3, and its sheet making nobody General is taken."""
    engine = malus_lost_to_purchases([Officer("Kouran")], resources=2, wealth=6)
    engine.campaign.player("khazrak").race = "Dwarfs"
    engine.perform("malus", WriteSheet())
    assert engine.campaign.state.generals["malus"].name == SLAIN


def test_the_lost_generals_glory_selects_the_army_only_for_the_rest_of_that_year():
    """8.5: "the army is still selected as normal according to his Glory and other special
    rules for the rest of that campaign turn ... If unable to do this [promote] ... the
    army is now selected according to his Glory [the substitute's]" (R-AA-63). Malus's
    General (Glory 5) is dead and the Reach cannot pay for a new one: as the sheets are
    revealed the chronicle says so, and next year's card selects Malus's army by Kouran's
    Glory 2 (table 9.1's 1-4 row), not the dead General's 5."""
    kept = [Officer("Lokhir Fellheart", 1), Officer("Kouran", 2)]
    engine = malus_lost_to_purchases(kept, resources=2)
    rules = Rules(engine.campaign, RULESET)
    assert limits.row_of(rules, "malus")["rare"] == 1  # still the year of his loss: Glory 5
    battle = malus_defends(engine)
    (told,) = [e.text for e in engine.chronicle if e.kind == "substitute"]
    assert f"General {SLAIN} is dead; no Senior Officer is made General in his place" in told
    assert "from now on the army is selected by Kouran's Glory, 2 (8.5, R-AA-63)" in told
    notes = card(engine, battle)
    assert (
        f"Malus of Hag Graef's General {SLAIN} is dead, lost in an earlier year and no Senior "
        "Officer made General in his place: the army is selected by Kouran's Glory, 2: "
        "2 Heroes, 3 Special, 0 Rare, 3 Open choices (table 9.1)"
    ) in notes
    assert "selected by his Glory for the rest of the year" not in notes
    assert limits.most_contingents(Rules(engine.campaign, RULESET), "malus") == 1


def test_with_no_senior_officer_the_army_is_selected_by_glory_0():
    """8.5: "If the player has no Senior Officer to take over, his army will have no
    General" (R-AA-63): next year Malus's army is table 9.1's Glory 0 row."""
    engine = malus_lost_to_purchases([])
    battle = malus_defends(engine)
    notes = card(engine, battle)
    assert (
        "the army is selected by Glory 0: 2 Heroes, 2 Special, 0 Rare, 2 Open choices "
        "(table 9.1); no Senior Officer stands in: the army has no General (8.5)"
    ) in notes


def test_the_declared_leadership_names_the_substitute_of_equal_glory(tmp_path, capsys):
    """8.5: "If two or more Senior Officers have the same amount of Glory the eligible one
    with the highest Leadership is the General" (R-AA-65): Lokhir and Kouran, both of
    Glory 2, are declared Ld 7 and Ld 9 (``set_character``); `tuicamp battles --card`
    names Kouran, whose Glory selects the army."""
    kept = [Officer("Lokhir Fellheart", 2), Officer("Kouran", 2)]
    engine = malus_lost_to_purchases(kept, resources=2)
    engine.perform("malus", SetCharacter(character="Lokhir Fellheart", profile={"Ld": 7}))
    engine.perform("malus", SetCharacter(character="Kouran", profile={"Ld": 9}))
    battle = malus_defends(engine)
    save = write_engine_save(engine, tmp_path, "isle")
    capsys.readouterr()
    assert cli.main(["battles", str(save), "--card", battle.id, "--as", "gm"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert (
        "Kouran (Glory 2, the highest Leadership of Lokhir Fellheart, Kouran: Ld 9) stands in "
        'as substitute General, his Leadership 8" only (8.5)'
    ) in out


@pytest.mark.parametrize(
    ("kept", "told"),
    [
        (
            [Officer("Hans", profile={"Ld": 9}), Officer("Dieter", profile={"Ld": 7})],
            "Hans (Glory 0, the highest Leadership of Hans, Dieter: Ld 9) stands in",
        ),
        (
            [Officer("Hans", profile={"Ld": 8}), Officer("Dieter", profile={"Ld": 8})],
            "the substitute General is the player's choice of Hans, Dieter (Glory 0, Ld 8 each)",
        ),
        (
            [Officer("Hans", profile={"Ld": 8}), Officer("Dieter")],
            "the substitute General is the one of Hans, Dieter (Glory 0) with the highest "
            "Leadership (not declared for Dieter: set_character profile Ld), else the "
            "player's choice",
        ),
        (
            [Officer("Hans", 1, profile={"Ld": 6}), Officer("Dieter", profile={"Ld": 9})],
            "Hans (Glory 1) stands in as substitute General",
        ),
    ],
)
def test_leadership_decides_only_between_equal_glory_then_the_players_choice(kept, told):
    """8.5: the highest Glory first; "If two or more Senior Officers have the same amount
    of Glory the eligible one with the highest Leadership is the General. If that too is
    equal the owning player chooses one eligible Senior Officer" (R-AA-65: a Leadership
    not declared leaves it to the table)."""
    assert told in officers.substitute_text(kept)
