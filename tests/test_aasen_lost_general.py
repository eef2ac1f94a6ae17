"""The Invasion of Hex Island (``aasen``): what stays of a lost General (8.2, 8.5, 9.2):
the Dwarf's grudge against him stands until he is dead (R-AA-66), his sheet says by whose
Glory the army is selected (R-AA-92), a captive replaced comes back under a name of his
own (R-AA-93), and one retired after his realm's sheet is sealed is replaced at next
year's Promotions (R-AA-94)."""

from __future__ import annotations

import pytest
from apps.ui_kit import write_engine_save
from test_aasen_battles import end_all
from test_aasen_captive_replaced import TAKEN, replaced, to_next_trade
from test_aasen_captives import eltharion_taken, general
from test_aasen_substitute import apply_orders, kouran_made_general, malus_lost_to_purchases

from tuicamp import cli
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.rules.aasen import AasenRuleset, cards, hatred, limits
from tuicamp.rules.aasen.captives import Execute, Release
from tuicamp.rules.aasen.characters import Retire
from tuicamp.rules.aasen.hatred import DeclareGrudge
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.rules.aasen.state import AasenState, Officer

RULESET = AasenRuleset()
REACH = "hag-graef-reach"
GRUDGE = "Khazrak One-Eye against Eltharion of Arnheim's General " + TAKEN


def grudge_lines(engine):
    return hatred.grudge_lines(engine.campaign, engine.campaign.state)


def khazrak_holds_a_grudge():
    """Khazrak, a Dwarf, declares his grudge against Eltharion's General Lord Aerion, held
    by the Reach; Imrik is made General in his place (R-AA-62)."""
    engine = eltharion_taken("purchases")
    engine.campaign.player("khazrak").race = "Dwarfs"
    engine.perform("khazrak", DeclareGrudge(target="eltharion"))
    engine.campaign.state.officers["eltharion"] = [Officer("Imrik", 1)]
    engine.perform("tehen", WriteSheet(generals={"eltharion": "Imrik"}))
    engine.perform("malus", WriteSheet())
    assert general(engine, "eltharion").name == "Imrik"
    return engine


def test_the_grudge_stands_while_its_general_is_a_captive_replaced(tmp_path, capsys):
    """9.2, Dwarfs: "The grudge is stricken when the nominated General is permanently
    dead" (R-AA-66): Lord Aerion replaced while a captive is not dead, so `tuicamp show`
    still tells Khazrak's grudge, and where he is; 8: "each army may only ever have a
    single General" (R-AA-101): Imrik leading, the grudge line and Khazrak's sheet name
    Lord Aerion Eltharion's "former General", as every captive line does."""
    engine = khazrak_holds_a_grudge()
    assert hatred.grudge_of(engine.campaign.state, "khazrak") is not None
    save = write_engine_save(engine, tmp_path, "isle")
    former = f"Eltharion of Arnheim's former General {TAKEN}"
    for seat_id in ("gm", "khazrak"):
        capsys.readouterr()
        assert cli.main(["show", str(save), "--as", seat_id]) == 0
        out = " ".join(capsys.readouterr().out.split())
        assert f"Khazrak One-Eye against {former}, a captive held by The Hag Graef Reach" in out
        assert GRUDGE not in out
    seat = next(s for s in engine.campaign.seats if s.players == ["khazrak"])
    rules = Rules(engine.campaign, RULESET)
    (sheet,) = [c for c in cards.cards(rules, seat) if c.rank == "General"]
    assert f"Grudge: {former}, a captive held by The Hag Graef Reach (9.2, R-AA-66)" in (
        sheet.lines
    )


def test_the_grudge_makes_the_captive_replaced_hated_and_is_struck_as_he_is_executed():
    """8.2: "A captured General or Senior Officer who is either Hated or a Sworn Enemy of
    your General may be executed"; 9.2: "the dwarf general Hates the enemy general" until
    "the nominated General is permanently dead" (R-AA-45, R-AA-66): Khazrak, who Trusts
    the High Elves, may execute the replaced Lord Aerion for his grudge, 1 Glory; the
    grudge is struck with him."""
    engine = khazrak_holds_a_grudge()
    engine.campaign.state.trust["eltharion|khazrak"] = "trusted"
    before = general(engine, "khazrak").glory
    engine.perform("khazrak", Execute(captive="eltharion"))
    assert general(engine, "khazrak").glory == before + 1
    assert any("a Dwarf's grudge (9.2)" in e.text for e in engine.chronicle)
    assert hatred.grudge_of(engine.campaign.state, "khazrak") is None
    assert grudge_lines(engine) == []


def test_the_grudge_is_kept_when_its_general_comes_back():
    """9.2: struck only when "permanently dead" (R-AA-66): freed, Lord Aerion comes back
    to Eltharion as a Senior Officer (R-AA-62) and Khazrak's grudge still stands; made
    General again, the Dwarf's double Glory against him is back too."""
    engine = khazrak_holds_a_grudge()
    to_next_trade(engine)
    engine.perform("malus", Release(captive="eltharion"))
    state = engine.campaign.state
    assert grudge_lines(engine) == [f"{GRUDGE}, back as a Senior Officer"]
    assert hatred.glory_factor(state, "khazrak", "eltharion") == 1  # Imrik leads
    aerion = state.officers["eltharion"].pop()
    state.generals["eltharion"].fate = "dead"
    state.generals["eltharion"] = type(general(engine, "eltharion"))(aerion.name, aerion.glory)
    assert grudge_lines(engine) == [GRUDGE]
    assert hatred.glory_factor(state, "khazrak", "eltharion") == 2


def test_a_lost_generals_sheet_says_whose_glory_selects_the_army():
    """8.5: "If unable to do this, ... the army is now selected according to his Glory" -
    the substitute's (R-AA-63, R-AA-92): the dead General's sheet (Glory 5) says his army
    is selected by Kouran's Glory 2, table 9.1's row for 1-4, as the card does; in the
    year he was lost, by his own Glory still."""
    kept = [Officer("Lokhir Fellheart", 1), Officer("Kouran", 2)]
    engine = malus_lost_to_purchases(kept, resources=2)
    rules = Rules(engine.campaign, RULESET)
    seat = next(s for s in engine.campaign.seats if s.players == ["malus"])
    (sheet,) = [c for c in cards.cards(rules, seat) if c.rank == "General"]
    assert sheet.lines[0] == (
        "Glory 5; lost, his Glory still selects the army for the rest of the year: "
        "3 Heroes, 3 Special, 1 Rare, 4 Open choices (table 9.1)"
    )
    engine.perform("malus", WriteSheet())
    engine.perform("tehen", WriteSheet())
    (sheet,) = [c for c in cards.cards(rules, seat) if c.rank == "General"]
    assert sheet.lines[0].startswith(
        "Glory 5; lost in an earlier year and not replaced, the army is selected by "
        "Kouran's Glory, 2: 2 Heroes, 3 Special, 0 Rare, 3 Open choices (table 9.1); "
        "Kouran (Glory 2) stands in as substitute General"
    )


def test_the_seats_general_line_says_whose_glory_selects_the_army(tmp_path, capsys):
    """8.5: "the army is still selected as normal according to his Glory ... for the rest
    of that campaign turn ... the army is now selected according to his Glory" (R-AA-63,
    R-AA-100): `tuicamp show --as malus` says so on the General line, in the sheet's
    words: his own Glory the year he was lost, then Kouran's."""
    kept = [Officer("Lokhir Fellheart", 1), Officer("Kouran", 2)]
    engine = malus_lost_to_purchases(kept, resources=2)

    def general_line(name):
        save = write_engine_save(engine, tmp_path, name)
        capsys.readouterr()
        assert cli.main(["show", str(save), "--as", "malus"]) == 0
        out = capsys.readouterr().out
        return " ".join(next(li for li in out.splitlines() if "General: " in li).split())

    assert general_line("lost").endswith(
        "; lost, his Glory still selects the army for the rest of the year"
    )
    engine.perform("malus", WriteSheet())
    engine.perform("tehen", WriteSheet())
    assert (
        "; lost in an earlier year and not replaced, the army is selected by Kouran's "
        "Glory, 2; Kouran (Glory 2) stands in as substitute General"
    ) in general_line("lapsed")


def test_a_new_senior_officer_may_not_take_the_name_of_a_captive_replaced():
    """8.2: "Should you be unable or unwilling to get the character back a replacement may
    be recruited" - the captive may still come back (R-AA-62), and a Senior Officer's
    name is his player's one (R-AA-41, R-AA-93): Eltharion's next sheet may not make a
    Senior Officer of Lord Aerion's name, nor of Imrik's, his General's."""
    engine = replaced()
    to_next_trade(engine)
    end_all(engine)
    assert engine.campaign.phase == "purchases"
    for name, rank in ((TAKEN, "General"), ("Imrik", "General")):
        with pytest.raises(RuleError, match=f"has a {rank} '{name}' already"):
            engine.perform("tehen", WriteSheet(officers={"eltharion": [name]}))


def test_a_general_freed_to_a_taken_name_returns_under_a_name_of_his_own():
    """8: "each army may only ever have a single General" - freed, the replaced General
    returns as a Senior Officer (R-AA-62); one of his player's Senior Officers bearing his
    name already (a save from before R-AA-93, or a correction), he returns numbered, as
    the chronicle tells, and each is named apart; Khazrak's grudge against him follows him
    to his new name (R-AA-66)."""
    engine = replaced()
    engine.campaign.player("khazrak").race = "Dwarfs"
    engine.perform("khazrak", DeclareGrudge(target="eltharion"))  # against Imrik
    state = engine.campaign.state
    state.grudges["khazrak"].name = TAKEN  # as declared before his capture
    to_next_trade(engine)
    state.officers["eltharion"] = [Officer(TAKEN, 3)]
    engine.perform("khazrak", Release(captive="eltharion"))
    assert state.grudges["khazrak"].name == f"{TAKEN} (2)"
    assert [(o.name, o.glory) for o in state.officers["eltharion"]] == [
        (TAKEN, 3),
        (f"{TAKEN} (2)", 0),
    ]
    (told,) = [e.text for e in engine.chronicle if e.kind == "captive_freed"]
    assert f"named {TAKEN} (2): Eltharion of Arnheim has a Senior Officer {TAKEN} already" in (told)


def reach_retires_after_its_sheet():
    """The Reach hands in its sheet; then, in the same Promotions segment, Malus retires
    his General (Glory 5, the Senior Officer Kouran of Glory 2 kept); the Colony's sheet
    reveals them all."""
    engine = eltharion_taken("purchases")
    state = engine.campaign.state
    general(engine, "malus").glory = 5
    state.officers["malus"] = [Officer("Kouran", 2)]
    engine.perform("malus", WriteSheet())
    engine.perform("malus", Retire())
    engine.perform("tehen", WriteSheet())
    return engine


def test_a_general_retired_after_the_sheet_is_sealed_selects_the_army_that_year():
    """8.5: "If a General is lost the player must promote a Senior Officer to General
    status in the Promotions segment next turn, if at all possible", the army "still
    selected as normal according to his Glory ... for the rest of that campaign turn"
    (R-AA-94): the sheet sealed before he retired could not replace him, so his Glory 5
    still selects Malus's army this year, as the chronicle says."""
    engine = reach_retires_after_its_sheet()
    malus = general(engine, "malus")
    assert malus.fate == "retired" and not malus.lapsed
    assert limits.row_of(Rules(engine.campaign, RULESET), "malus")["rare"] == 1
    told = [e.text for e in engine.chronicle if e.kind == "substitute"]
    assert any(
        "lost after his realm's sheet was sealed: his Glory selects the army for the rest "
        "of the year, and next year's sheet must make a Senior Officer General in his place "
        "if at all possible (8.5, R-AA-94)" in text
        for text in told
    )


def test_next_years_sheet_must_replace_a_general_retired_after_the_sheet_was_sealed(
    tmp_path, capsys
):
    """8.5: "must promote a Senior Officer to General status in the Promotions segment next
    turn, if at all possible" (R-AA-64, R-AA-94): next year `tuicamp apply` refuses the
    Reach's sheet making nobody General, naming Kouran, and takes one making him General;
    `tuicamp log` tells of the year before."""
    engine = reach_retires_after_its_sheet()
    to_next_trade(engine)
    end_all(engine)
    assert engine.campaign.phase == "purchases"
    engine.campaign.state.books[REACH].resources = 10
    save = write_engine_save(engine, tmp_path, "isle")
    capsys.readouterr()
    assert apply_orders(save, "malus", 'kind = "write_sheet"\n') != 0
    assert "name one of Kouran" in capsys.readouterr().err
    assert "lost after his realm's sheet was sealed" in kouran_made_general(save, capsys)


def test_a_sheet_sealed_before_it_kept_the_lost_loads_knowing_of_every_loss():
    """Old saves keep loading (R-AA-94): a sheet handed in before sheets kept whose
    Generals were lost reads as knowing of every loss, so the reveal lapses them as
    before (R-AA-63)."""
    engine = eltharion_taken("purchases")
    engine.perform("tehen", WriteSheet())
    data = campaign_to_dict(engine.campaign)
    (sheet,) = data["state"]["sheets"]["choices"].values()
    assert sheet.pop("lost") == ["eltharion"]
    back = campaign_from_dict(data, AasenState)
    (read,) = back.state.sheets.choices.values()
    assert read.lost is None
    engine = Engine(back)
    engine.perform("malus", WriteSheet())
    assert general(engine, "eltharion").lapsed
