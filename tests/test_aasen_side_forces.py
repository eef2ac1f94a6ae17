"""The Invasion of Hex Island (``aasen``): a side that joins a Support Contingent to its
player's army is named force by force wherever it is named - the battle queue, the result
form, the orders file of the result, `tuicamp battles`, the card and the chronicle - not
as one force of the side's total (5.5, R-AA-54, R-AA-56, R-AA-57); and no side is asked
the points it lost, which no consequence reads (R-AA-4, R-AA-58)."""

from __future__ import annotations

import pytest
from apps.ui_kit import FIXED_NOW, make_app, sync, write_engine_save
from test_aasen_battles import to_battle, to_declared
from test_aasen_year import pass_to_battles

from tuicamp import cli
from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.game.battlecard import build_card
from tuicamp.rules.aasen import AasenRuleset
from tuicamp.ui.app import screen_text

RULESET = AasenRuleset()
MALUS = "Malus of Hag Graef"
CONTINGENT = "Khazrak One-Eye's Support Contingent, led by Kouran"
BOTH = f"{MALUS} (1750 pts) and {CONTINGENT} (600 pts)"


@pytest.fixture(autouse=True)
def _quiet(monkeypatch, tmp_path):
    monkeypatch.setenv("TUICAMP_NOW", FIXED_NOW)
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("TUICAMP_CONFIG", str(tmp_path / "no-config.toml"))


@pytest.fixture
def save(tmp_path):
    """Malus invades The North Cape with Khazrak's 600-point Contingent, Eltharion stands."""
    return write_engine_save(to_battle(contingent=600), tmp_path, "isle")


def cli_out(capsys, *args: str) -> str:
    capsys.readouterr()
    assert cli.main(list(args)) == 0
    return capsys.readouterr().out


def test_the_orders_file_names_each_force_and_asks_no_points_lost(save, capsys):
    """5.5: "Battles with supporting contingents present are fought as per the multiplayer
    rules" (R-AA-54, R-AA-56): the orders file of the result names the Attacker's two
    forces, in its heading and on its side; R-AA-58: it asks no points lost of a side,
    which no consequence of the result reads (R-AA-4)."""
    text = cli_out(capsys, "battles", str(save), "--form", "b1", "--as", "gm")
    assert text.startswith(
        f"# The result of battle b1 at 0602: {MALUS}, {CONTINGENT} vs Eltharion of Arnheim.\n"
    )
    assert f"[[action.sides]]  # Attacker: {MALUS}, {CONTINGENT}\n" in text
    assert "points_lost" not in text and "pts of" not in text


def test_the_chronicles_battle_line_names_each_force(save, capsys):
    """R-AA-57: the chronicle's line that opens the battle names the Contingent beside the
    army it fights with, as `tuicamp battles` does (R-AA-56), for every seat."""
    line = f"Battle b1 at 0602 (coast): {MALUS}, {CONTINGENT} vs Eltharion of Arnheim"
    for seat in ("gm", "tehen"):
        assert line + "\n" in cli_out(capsys, "log", str(save), "--as", seat)


def test_an_auto_resolved_battle_knows_its_invasion_as_it_is_settled():
    """R-AA-57: the invasion is linked to its battle as the battle opens, so a battle the
    dice settle at once (the core option ``auto_resolve_battles``) draws table 6.1's
    consequences of its invasion, as one entered at the table does."""
    engine = to_declared()
    engine.campaign.options["auto_resolve_battles"] = True
    pass_to_battles(engine)
    told = [event.text for event in engine.chronicle]
    won = "Battle b1 auto-resolved: Attacker wins a Minor Victory"
    assert [text for text in told if text.startswith(won)]
    assert "The North Cape is razed" in told
    assert "Malus of Hag Graef may follow-up next year with +10 Initiative" in told


def test_a_result_that_gives_points_lost_is_refused():
    """R-AA-58: "Players enter the result level (from Massacre to Massacred) and who won"
    (R-AA-4); points lost are not on the form, so a result (an orders file written by
    hand) that gives them is refused, and one without them is taken."""
    engine = to_battle(contingent=600)
    sides = [SideEntry(side="attacker", points_lost=600), SideEntry(side="defender")]
    with pytest.raises(RuleError) as refused:
        engine.perform("gm", EnterBattleResult(battle="b1", sides=sides))
    assert str(refused.value) == "Attacker: points lost are not on this battle's result form"
    facts = {"winner": 1, "level": 3}
    sides = [SideEntry(side="attacker"), SideEntry(side="defender")]
    engine.perform("gm", EnterBattleResult(battle="b1", sides=sides, facts=facts))
    assert engine.campaign.battles[0].result is not None


def test_tuicamp_battles_lists_each_force_of_a_side(save, capsys):
    """R-AA-56: `tuicamp battles` names the Contingent beside the army it fights with."""
    out = cli_out(capsys, "battles", str(save), "--as", "tehen")
    assert f": {MALUS}, {CONTINGENT} vs Eltharion of Arnheim [pending" in out


def test_the_card_lists_each_force_and_asks_no_points_lost():
    """R-AA-54: the card lists the Contingent on its own line at its points; R-AA-58: its
    record of what to write down after the battle asks no side's points lost."""
    engine = to_battle(contingent=600)
    card = build_card(Rules(engine.campaign, RULESET), engine.campaign.battles[0])
    assert not [line for line in card.record if "points lost" in line]


VP_LINE = "Victory points of each side (Warhammer rules)."
UNITS_LINE = "For every unit: models killed and models that fled the table (keep them apart)."


@pytest.mark.parametrize("from_vp", [False, True])
def test_the_card_asks_victory_points_only_when_they_give_the_result(from_vp, tmp_path, capsys):
    """R-AA-4: "Players enter the result level (Massacre ... Massacred) and who won", or
    with the option "compute it from the Victory Point difference"; R-AA-58, R-AA-99: the
    card's record asks each side's VP only with the option, and never the units' losses,
    which nothing reads (`tuicamp battles --card`)."""
    engine = to_battle(contingent=600)
    engine.campaign.options["result_from_vp"] = from_vp
    save = write_engine_save(engine, tmp_path, "isle")
    out = cli_out(capsys, "battles", str(save), "--card", "b1", "--as", "gm")
    assert (VP_LINE in out) is from_vp
    assert "models killed" not in out


def test_a_result_entered_at_the_table_is_told_without_victory_points(tmp_path, capsys):
    """R-AA-4, R-AA-99: a result entered as its level and winner gives no VP, and the
    chronicle (`tuicamp log`) does not print "(Attacker 0 VP, Defender 0 VP)" for it."""
    engine = to_battle()
    facts = {"winner": 1, "level": 1, "conceded": 0}
    sides = [SideEntry(side="attacker"), SideEntry(side="defender")]
    engine.perform("gm", EnterBattleResult(battle="b1", sides=sides, facts=facts))
    save = write_engine_save(engine, tmp_path, "isle")
    out = cli_out(capsys, "log", str(save), "--as", "gm")
    assert "Battle b1 fought at the table: Attacker wins a Minor Victory\n" in out
    assert " VP" not in out.split("Battle b1 fought at the table")[1].splitlines()[0]


def test_tuicamp_actions_says_an_aasen_result_asks_no_losses(capsys):
    """R-AA-58, R-AA-99: `tuicamp actions -r aasen` says the battle_result's losses and
    points_lost are not asked, and its vp only with the option."""
    out = cli_out(capsys, "actions", "-r", "aasen")
    block = out.split('kind = "battle_result"')[0].rsplit("[[action]]", 1)[0]
    assert "asks no losses and no points_lost (R-AA-58)" in block


def screen(save, seat: str, keys: list[str]) -> str:
    text = ""

    @sync
    async def run() -> None:
        nonlocal text
        async with make_app(save.parent, save=save, seat=seat).run_test(size=(160, 48)) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            text = " ".join(screen_text(pilot.app).split())

    run()
    return text


def test_the_battle_queue_lists_each_force_with_its_points_for_who_fights(save):
    """R-AA-56: the queue's list and the side's line name the army and the Contingent;
    their points are for the seats that fight (Khazrak's), hidden from the others'
    (Tehenhauin's) like an army's strength."""
    fights = screen(save, "khazrak", ["B"])
    assert f"{MALUS}, {CONTINGENT} vs Eltharion of Arnheim" in fights
    assert (
        f"Attacker: {MALUS} (1750 pts, no army counters), {CONTINGENT} (600 pts, no army "
        "counters), played by"
    ) in fights
    looks_on = screen(save, "tehen", ["B"])
    assert (
        f"Attacker: {MALUS} (strength unknown, no army counters), {CONTINGENT} (strength "
        "unknown, no army counters), played by"
    ) in looks_on
    assert "2350" not in looks_on


def test_the_result_form_heads_the_side_with_each_force(save):
    """R-AA-56: the result form heads the Attacker with both forces at their own points;
    R-AA-58: it asks no points lost of them."""
    text = screen(save, "khazrak", ["B", "r"])
    assert (
        f"Attacker: {MALUS} (1750 pts, no army counters), {CONTINGENT} (600 pts, no army counters)"
    ) in text
    assert "Victory points" in text and "Points lost" not in text
