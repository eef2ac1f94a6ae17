"""The battle screens, piloted at 80x24 on real saves of Skirmish in the Valley.

The Red Vanguard marches onto the Green Mob (battle b1 at 0905); the tests open the queue,
read the card (and its Markdown file), enter a result (refused when impossible, with
nothing saved; previewed without touching the save; then confirmed), auto-resolve with
a fixed seed, and check that only the seats who fight may settle a battle.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from apps.battle_kit import ATTACKER, BATTLE_HEX, DEFENDER, valley_save
from apps.ui_kit import FIXED_NOW, make_app, sync, told, wait_for_screen

from tuicamp.engine.battles import (
    AutoResolveBattle,
    EnterBattleResult,
    FieldScope,
    ResultField,
    SideEntry,
)
from tuicamp.engine.codec import unstructure
from tuicamp.game.battlecard import build_card, card_markdown
from tuicamp.game.session import Session
from tuicamp.model.battle import BattleStatus, UnitLoss
from tuicamp.model.campaign import DiceMode
from tuicamp.model.hexes import parse_label
from tuicamp.rules.sandbox.ruleset import SandboxRuleset
from tuicamp.storage.locations import chronicle_path
from tuicamp.ui.app import screen_text
from tuicamp.ui.screens.battle_card import BattleCardScreen, card_content
from tuicamp.ui.screens.battle_result import (
    BattlePreviewScreen,
    BattleResultScreen,
    LossRow,
    dry_run,
    preview_lines,
)
from tuicamp.ui.screens.battles import BattleQueueScreen
from tuicamp.ui.screens.confirm import ConfirmScreen
from tuicamp.ui.screens.dice_entry import DiceEntryScreen
from tuicamp.ui.screens.forms import TextPromptScreen
from tuicamp.ui.screens.handover import HandoverScreen

SIZE = (80, 24)
APPS = Path(__file__).parent / "apps"


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch, tmp_path):
    monkeypatch.setenv("TUICAMP_NOW", FIXED_NOW)
    monkeypatch.setenv("TUICAMP_CONFIG", str(tmp_path / "no-config.toml"))


async def _wait_for(pilot, screen_type):
    return await wait_for_screen(pilot, screen_type)


async def _queue(pilot) -> BattleQueueScreen:
    """The queue over the campaign screen, as its B key opens it."""
    await pilot.pause()
    campaign = pilot.app.campaign_screen
    assert campaign is not None and campaign.seat is not None
    pilot.app.push_screen(BattleQueueScreen(campaign))
    queue = await _wait_for(pilot, BattleQueueScreen)
    await pilot.pause()
    return queue


async def _fill(pilot, widget_id: str, text: str) -> None:
    """Type into one field of the form, replacing what it held: a unit's models killed
    (``killed-S-U``) or fled (``fled-S-U``) on its line of losses, where ``f`` switches
    from the killed to the fled."""
    column, _, unit = widget_id.partition("-")
    if column in ("killed", "fled"):
        row = pilot.app.screen.query_one(f"#unit-{unit}")
        row.focus()
        await pilot.pause()
        await pilot.press(*(["f"] if column == "fled" else []), *text)
        return
    pilot.app.screen.query_one(f"#{widget_id}").focus()
    await pilot.press("home", "ctrl+k", *text)


def _files(save: Path) -> tuple[bytes, bytes]:
    return save.read_bytes(), chronicle_path(save).read_bytes()


def _notes(app) -> list[str]:
    return told(app)  # every notice, kept: a toast can expire on a loaded machine


async def _fill_valid_result(pilot) -> None:
    """Red wins 420 to 150: 5 halberdiers killed and 3 fled; all five wolf riders slain."""
    await _fill(pilot, "vp-0", "420")
    await _fill(pilot, "killed-0-1", "5")
    await _fill(pilot, "fled-0-1", "3")
    await _fill(pilot, "vp-1", "150")
    await _fill(pilot, "killed-1-3", "5")


# --- the queue ----------------------------------------------------------------------------


@sync
async def test_moving_onto_an_enemy_army_opens_the_queue_by_itself(tmp_path):
    save = valley_save(tmp_path, attack=False)
    app = make_app(tmp_path, save=save, seat="red")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        campaign = app.campaign_screen
        assert campaign.cursor == campaign.session.campaign.army(ATTACKER).hex
        await pilot.press("enter")  # take the Red Vanguard
        campaign.map.cursor = parse_label(BATTLE_HEX)
        await pilot.pause()
        await pilot.press("enter")  # march onto the Green Mob
        queue = await _wait_for(pilot, BattleQueueScreen)
        assert queue.ids == ["b1"]
        text = screen_text(app)
        assert "The Red Vanguard vs The Green Mob" in text
        assert "hex 0905, Clear, at Greyford" in text
        assert "played by Red" in text and "played by Green" in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is campaign
        await pilot.press("B")  # and back again with its key
        await _wait_for(pilot, BattleQueueScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("t", "y")  # the turn cannot end while the battle is pending
        await pilot.pause()
        assert any("must be fought or auto-resolved first" in n for n in _notes(app))


@sync
async def test_mode_switches_between_table_and_auto_and_is_saved(tmp_path):
    save = valley_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="green")  # the defender may choose too
    async with app.run_test(size=SIZE) as pilot:
        await _queue(pilot)
        assert Session.open(save).campaign.battle("b1").mode == "table"
        await pilot.press("m")
        await pilot.pause()
        assert Session.open(save).campaign.battle("b1").mode == "auto"
        assert "auto-resolved" in screen_text(app)
        await pilot.press("m")
        await pilot.pause()
        assert Session.open(save).campaign.battle("b1").mode == "table"


# --- the card -----------------------------------------------------------------------------


@sync
async def test_the_card_shows_both_army_lists_and_exports_markdown(tmp_path):
    save = valley_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="red")
    async with app.run_test(size=SIZE) as pilot:
        await _queue(pilot)
        await pilot.press("enter")
        card = await _wait_for(pilot, BattleCardScreen)
        text = screen_text(app)
        assert "Battle b1 — turn 1" in text
        assert "Where: hex 0905, Clear" in text and "Greyford (village, Green)" in text
        assert "The Red Vanguard (530 pts)" in text
        assert "Halberdiers, full command: 20 models, 140 pts" in text
        assert "The Green Mob (480 pts)" in text and "Orc Boyz, full command" in text
        everything = card_content(card.card).plain
        assert "Goblin Rock Lobber" in everything and "Record after the battle" in everything
        await pilot.press("end")  # the rest is a scroll away
        await pilot.pause()
        assert "Record after the battle" in screen_text(app)
        await pilot.press("x")
        await pilot.pause()
        exported = tmp_path / "valley-battle-b1.md"
        assert any(str(exported) in n for n in _notes(app))
        session = Session.open(save)
        expected = card_markdown(build_card(session.rules, session.campaign.battle("b1")))
        assert exported.read_text(encoding="utf-8") == expected
        await pilot.press("escape")
        await _wait_for(pilot, BattleQueueScreen)


@sync
async def test_fog_of_war_keeps_the_card_from_an_onlooker(tmp_path):
    save = valley_save(tmp_path, onlooker=True, options={"fog_of_war": True})
    app = make_app(tmp_path, save=save, seat="blue")
    async with app.run_test(size=SIZE) as pilot:
        await _queue(pilot)
        text = screen_text(app)
        assert "strength unknown" in text and "530 pts" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BattleQueueScreen)
        assert any("for the players who fight it" in n for n in _notes(app))
        assert "Halberdiers" not in screen_text(app)


# --- the result form ----------------------------------------------------------------------


@sync
async def test_an_impossible_result_is_shown_and_nothing_is_saved(tmp_path):
    save = valley_save(tmp_path)
    before = _files(save)
    app = make_app(tmp_path, save=save, seat="red")
    async with app.run_test(size=SIZE) as pilot:
        await _queue(pilot)
        await pilot.press("r")
        form = await _wait_for(pilot, BattleResultScreen)
        await _fill(pilot, "killed-0-1", "15")
        await _fill(pilot, "fled-0-1", "6")  # 21 of the 20 halberdiers
        await pilot.pause()
        text = screen_text(app)
        assert "more than its 20 models" in text
        assert "Halberdiers, full command: 15 killed and 6 fled is more than its 20" in text
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form  # no preview of the impossible
        await _fill(pilot, "fled-0-1", "5")
        await _fill(pilot, "vp-1", "-3")
        await pilot.pause()
        assert "more than its" not in screen_text(app)
        assert "VP cannot be below 0" in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        await pilot.press("escape")
        await _wait_for(pilot, BattleQueueScreen)
    assert _files(save) == before
    assert Session.open(save).campaign.battle("b1").pending


@sync
async def test_a_result_is_previewed_without_saving_then_confirmed(tmp_path):
    save = valley_save(tmp_path)
    halberds = Session.open(save).campaign.army(ATTACKER).unit("red-halberdiers")
    assert halberds.models == 20
    before = _files(save)
    app = make_app(tmp_path, save=save, seat="red")
    async with app.run_test(size=SIZE) as pilot:
        await _queue(pilot)
        await pilot.press("r")
        await _wait_for(pilot, BattleResultScreen)
        await _fill_valid_result(pilot)
        await pilot.press("ctrl+s")
        preview = await _wait_for(pilot, BattlePreviewScreen)
        lines = "\n".join(preview.lines)
        assert "Attacker (Red) wins, 420 to 150 VP." in lines
        assert "Halberdiers, full command: 20 -> 15 models" in lines  # the fled came back
        assert "Goblin Wolf Riders: 5 -> destroyed" in lines
        assert "unchanged: Captain on warhorse (1), Handgunners (10), Knights (5)" in lines
        assert "After battle b1: Attacker (Red) holds the field" in lines
        assert "Attacker (Red) wins, 420 to 150 VP." in screen_text(app)
        assert _files(save) == before  # a preview is never played for real
        await pilot.press("n")  # back to the form, values kept
        form = await _wait_for(pilot, BattleResultScreen)
        assert form.query_one("#vp-0").value == "420"
        await pilot.press("ctrl+s")
        await _wait_for(pilot, BattlePreviewScreen)
        await pilot.press("y")
        queue = await _wait_for(pilot, BattleQueueScreen)
        await pilot.pause()
        assert queue.ids == []
        text = screen_text(app)
        assert "No battles are pending." in text
        assert "Battle b1 fought at the table: Attacker (Red) wins" in text
    session = Session.open(save)
    battle = session.campaign.battle("b1")
    assert battle.status is BattleStatus.FOUGHT and battle.result.winner == "attacker"
    assert session.campaign.army(ATTACKER).unit("red-halberdiers").models == 15
    assert session.campaign.army(DEFENDER).unit("green-wolf-riders") is None
    entered = next(e for e in session.chronicle if e.kind == "battle_result")
    assert "Attacker (Red) 420 VP, Defender (Green) 150 VP" in entered.text


@sync
async def test_ruleset_fields_are_asked_and_checked(tmp_path, monkeypatch):
    fields = (
        ResultField("general_slain", "Enemy General slain"),
        ResultField("standards", "Standards captured", kind="int", minimum=0, maximum=3),
    )
    monkeypatch.setattr(SandboxRuleset, "result_fields", lambda self, rules, battle: fields)
    save = valley_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="green")
    async with app.run_test(size=SIZE) as pilot:
        await _queue(pilot)
        await pilot.press("r")
        form = await _wait_for(pilot, BattleResultScreen)
        assert "Enemy General slain" in screen_text(app)
        await _fill(pilot, "vp-1", "300")
        form.query_one("#fact-1-0").focus()
        await pilot.press("space")  # the Green Mob slew the Red captain
        await _fill(pilot, "fact-1-1", "4")
        await pilot.pause()
        assert "Standards captured cannot be above 3" in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        await _fill(pilot, "fact-1-1", "2")
        await _fill(pilot, "killed-0-0", "1")
        await pilot.press("ctrl+s")
        preview = await _wait_for(pilot, BattlePreviewScreen)
        assert "Defender (Green) wins, 0 to 300 VP." in preview.lines
        await pilot.press("y")
        await _wait_for(pilot, BattleQueueScreen)
    result = Session.open(save).campaign.battle("b1").result
    assert result.side("defender").facts == {"general_slain": 1, "standards": 2}
    assert result.side("attacker").facts == {"general_slain": 0, "standards": 0}
    assert Session.open(save).campaign.army(ATTACKER).unit("red-captain") is None


@sync
async def test_fields_are_asked_of_whom_their_scope_says(tmp_path, monkeypatch):
    """ "Result fields may belong to one side or one character instead of being asked of
    every side ... make the result form ask and check exactly those"."""
    fields = (
        ResultField("banner", "Took a banner"),
        ResultField(
            "held", "Hours the bridge held", "int", 0, 6, scope=FieldScope.ONE_SIDE, side="defender"
        ),
        ResultField("burnt", "The mill burnt down", scope=FieldScope.BATTLE),
        ResultField("duel", "Won a duel", scope=FieldScope.CHARACTER, side="attacker"),
    )
    monkeypatch.setattr(SandboxRuleset, "result_fields", lambda self, camp, battle: fields)
    save = valley_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="green")
    async with app.run_test(size=SIZE) as pilot:
        await _queue(pilot)
        await pilot.press("r")
        form = await _wait_for(pilot, BattleResultScreen)
        present = {w.id for w in form.query("Checkbox, Field")}
        assert {"fact-0-0", "fact-1-0", "fact-1-1", "battle-fact-2", "char-0-0-3"} <= present
        assert not {"fact-0-1", "fact-0-2", "fact-1-3", "char-1-0-3"} & present
        assert "The battle as a whole" in screen_text(app)
        await _fill(pilot, "fact-1-1", "7")
        await pilot.pause()
        assert "Hours the bridge held cannot be above 6" in screen_text(app)
        await _fill(pilot, "fact-1-1", "3")
        await _fill(pilot, "vp-0", "200")
        form.query_one("#battle-fact-2").focus()
        await pilot.press("space")
        form.query_one("#char-0-0-3").focus()
        await pilot.press("space")  # the Red captain won his duel
        await pilot.press("ctrl+s")
        await _wait_for(pilot, BattlePreviewScreen)
        await pilot.press("y")
        await _wait_for(pilot, BattleQueueScreen)
    result = Session.open(save).campaign.battle("b1").result
    assert result.facts == {"burnt": 1}
    assert result.side("attacker").facts == {"banner": 0}
    assert result.side("defender").facts == {"banner": 0, "held": 3}
    (captain,) = result.side("attacker").characters
    assert (captain.unit, captain.facts) == ("red-captain", {"duel": 1})
    assert result.side("defender").characters == []


@sync
async def test_a_force_without_counters_is_asked_its_points_lost(tmp_path):
    """A side "may be a points size with no army counters": the form asks how many of
    its points it lost, no more than it fielded."""
    save = valley_save(tmp_path)
    session = Session.open(save)
    militia = session.campaign.battle("b1").side("defender")
    militia.points, militia.name = 500, "Greyford militia"
    session.save()
    app = make_app(tmp_path, save=save, seat="green")
    async with app.run_test(size=SIZE) as pilot:
        await _queue(pilot)
        await pilot.press("r")
        form = await _wait_for(pilot, BattleResultScreen)
        text = screen_text(app)
        assert "Greyford militia (500 pts, no army counters)" in text
        assert "Points lost (of 500)" in text
        await _fill(pilot, "points-1", "600")
        await pilot.pause()
        assert "Defender (Green): points lost cannot be above 500" in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        await _fill(pilot, "points-1", "200")
        await _fill(pilot, "vp-1", "100")
        await pilot.press("ctrl+s")
        preview = await _wait_for(pilot, BattlePreviewScreen)
        assert any("Greyford militia lost 200 of 500 pts" in line for line in preview.lines)
        await pilot.press("y")
        await _wait_for(pilot, BattleQueueScreen)
    assert Session.open(save).campaign.battle("b1").result.side("defender").points_lost == 200


# --- auto-resolve -------------------------------------------------------------------------


@sync
async def test_auto_resolve_asks_first_and_is_reproducible_for_a_seed(tmp_path):
    save = valley_save(tmp_path, seed=9)
    before = _files(save)
    expected_camp, expected_events = dry_run(
        Session.open(save), "red", AutoResolveBattle(battle="b1")
    )
    expected = unstructure(expected_camp.battle("b1").result)
    app = make_app(tmp_path, save=save, seat="red")
    async with app.run_test(size=SIZE) as pilot:
        await _queue(pilot)
        await pilot.press("a")
        await _wait_for(pilot, ConfirmScreen)
        await pilot.press("n")
        await _wait_for(pilot, BattleQueueScreen)
        assert _files(save) == before
        await pilot.press("a")
        await _wait_for(pilot, ConfirmScreen)
        await pilot.press("y")
        queue = await _wait_for(pilot, BattleQueueScreen)
        await pilot.pause()
        assert queue.ids == []
        assert queue.last == [e.text for e in expected_events]
    battle = Session.open(save).campaign.battle("b1")
    assert battle.status is BattleStatus.AUTO
    assert unstructure(battle.result) == expected
    # the same save and the same action: the same battle, on a second copy of the files
    again = valley_save(tmp_path / "again", seed=9)
    session = Session.open(again)
    session.perform("green", AutoResolveBattle(battle="b1"))
    assert unstructure(session.campaign.battle("b1").result) == expected


@sync
async def test_auto_resolve_with_table_dice_asks_for_every_roll(tmp_path):
    save = valley_save(tmp_path, dice_mode=DiceMode.TABLE)
    app = make_app(tmp_path, save=save, seat="red")
    typed = {"2d6": ["6 6", "1 1"], "d6": ["3", "4"]}
    async with app.run_test(size=SIZE) as pilot:
        await _queue(pilot)
        await pilot.press("a")
        await _wait_for(pilot, ConfirmScreen)
        await pilot.press("y")
        for _ in range(4):  # the fight: 2d6 a side; the losses: d6 a side
            dice = await _wait_for(pilot, DiceEntryScreen)
            await pilot.press(*typed[dice.expr].pop(0), "enter")
        queue = await _wait_for(pilot, BattleQueueScreen)
        await pilot.pause()
        assert queue.ids == []
    battle = Session.open(save).campaign.battle("b1")
    assert battle.status is BattleStatus.AUTO and battle.result.winner == "attacker"
    rolls = [r for e in Session.open(save).chronicle for r in e.rolls]
    assert [r.total for r in rolls] == [12, 2, 3, 4] and all(r.table for r in rolls)


# --- who may settle -----------------------------------------------------------------------


@sync
async def test_only_the_seats_who_fight_may_settle_a_battle(tmp_path):
    save = valley_save(tmp_path, onlooker=True)
    before = _files(save)
    app = make_app(tmp_path, save=save, seat="blue")
    async with app.run_test(size=SIZE) as pilot:
        await _queue(pilot)
        assert "only its players or the GM may settle it" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, BattleQueueScreen)  # no form to fill in for nothing
        assert any("Seat Blue has no army in battle b1" in n for n in _notes(app))
        await pilot.press("a")
        await _wait_for(pilot, ConfirmScreen)
        await pilot.press("y")
        await _wait_for(pilot, BattleQueueScreen)
        await pilot.press("m")
        await pilot.pause()
        refusals = [n for n in _notes(app) if "Seat Blue has no army in battle b1" in n]
        assert len(refusals) == 3
        await pilot.press("enter")  # no fog of war: an onlooker may read the card
        await _wait_for(pilot, BattleCardScreen)
    assert _files(save) == before


@sync
async def test_a_hand_over_closes_the_previous_seats_battle_screens(tmp_path):
    save = valley_save(tmp_path)
    app = make_app(tmp_path, save=save)  # hotseat: every seat on this terminal
    async with app.run_test(size=SIZE) as pilot:
        await _wait_for(pilot, HandoverScreen)
        await pilot.press("enter")
        await pilot.pause()
        campaign = app.campaign_screen
        assert campaign.seat == "red"
        queue = await _queue(pilot)
        await pilot.press("r")
        form = await _wait_for(pilot, BattleResultScreen)
        campaign.hand_over("green")  # as when an action passes the turn on
        await _wait_for(pilot, HandoverScreen)
        assert "Halberdiers" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is campaign and campaign.seat == "green"
        assert queue not in app.screen_stack and form not in app.screen_stack


# --- the preview never shows a die ----------------------------------------------------------


def test_the_preview_hides_consequences_decided_by_dice(tmp_path, monkeypatch):
    plain = SandboxRuleset.apply_battle_result

    def with_pursuit(self, ctx, battle) -> None:
        plain(self, ctx, battle)
        roll = ctx.dice.roll("d6", "pursuit")
        ctx.emit("pursuit", f"The pursuit takes {roll.total} more models", battle=battle.id)

    monkeypatch.setattr(SandboxRuleset, "apply_battle_result", with_pursuit)
    save = valley_save(tmp_path)
    session = Session.open(save)
    before = _files(save)
    action = EnterBattleResult(
        battle="b1",
        sides=[
            SideEntry(side="attacker", vp=100),
            SideEntry(side="defender", vp=200, losses=[UnitLoss(DEFENDER, "green-boyz", 4)]),
        ],
    )
    lines = preview_lines(session, "green", session.campaign.battle("b1"), action)
    text = "\n".join(lines)
    assert "Defender (Green) wins, 100 to 200 VP." in text
    assert "decided partly by dice" in text and "pursuit: decided by 1 roll(s)" in text
    assert "The pursuit takes" not in text and "25 -> 21" not in text
    assert session.campaign.dice.draws == 0 and _files(save) == before  # nothing rolled


@sync
async def test_every_unit_starts_unhurt_and_one_key_wipes_it_out(tmp_path):
    """The issue's words: "every unit starts as 'no losses', a key marks a unit wiped
    out"; digits type the models killed, f switches to those that fled, PgDn goes to the
    next side's victory points."""
    save = valley_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="red")
    async with app.run_test(size=SIZE) as pilot:
        await _queue(pilot)
        await pilot.press("r")
        form = await _wait_for(pilot, BattleResultScreen)
        rows = list(form.query(LossRow))
        assert rows and all(r.status() == "no losses" for r in rows)
        await pilot.press("pagedown")
        assert app.focused.id == "vp-1"
        await pilot.press("pagedown")
        assert "This is the last side of the battle" in _notes(app)
        wolves = form.query_one("#unit-1-3", LossRow)
        wolves.focus()
        await pilot.press("w")
        assert (wolves.killed, wolves.fled, wolves.status()) == (5, 0, "wiped out")
        await pilot.press("w")
        assert (wolves.killed, wolves.status()) == (0, "no losses")
        await pilot.press("2", "f", "1", "2", "backspace")
        assert (wolves.killed, wolves.fled) == (2, 1)
        await pilot.press("ctrl+s")
        await _wait_for(pilot, BattlePreviewScreen)
        await pilot.press("y")
        await _wait_for(pilot, BattleQueueScreen)
    (loss,) = [
        x for side in Session.open(save).campaign.battle("b1").result.sides for x in side.losses
    ]
    assert (loss.unit, loss.killed, loss.fled) == (wolves.unit_row.unit, 2, 1)


def _settled_valley(folder: Path) -> Path:
    """Battle b1 entered by Red, 420 VP to 150: a result to take back (Blue looks on)."""
    save = valley_save(folder, onlooker=True)
    session = Session.open(save)
    sides = [SideEntry(side="attacker", vp=420), SideEntry(side="defender", vp=150)]
    session.perform("red", EnterBattleResult(battle="b1", sides=sides))
    return save


@sync
async def test_the_gm_takes_a_result_back_from_the_battle_queue(tmp_path):
    """A mis-entered result is taken back from the screen, as gm_revert_battle does from
    an orders file: the battle is pending again, and the reason is in the chronicle."""
    save = _settled_valley(tmp_path)
    app = make_app(tmp_path, save=save, seat="gm")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("B")  # no battle waits, but a result may be taken back
        await _wait_for(pilot, BattleQueueScreen)
        await pilot.press("u")
        await _wait_for(pilot, TextPromptScreen)
        await pilot.press(*"VP swapped", "enter")
        await _wait_for(pilot, BattleQueueScreen)
        await pilot.pause()
        assert "b1" in screen_text(app)  # pending again, in the queue
    session = Session.open(save)
    assert session.campaign.battle("b1").status is BattleStatus.PENDING
    assert "VP swapped" in session.chronicle[-1].text


@sync
async def test_both_fighting_seats_asking_take_a_result_back_from_the_screen(tmp_path):
    """R-ALL-13: a player asks from the battle queue, told who must agree; the result is
    taken back once the other side asks from its own seat."""
    save = _settled_valley(tmp_path)
    for seat, done in (("red", False), ("green", True)):
        app = make_app(tmp_path, save=save, seat=seat)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("B")
            await _wait_for(pilot, BattleQueueScreen)
            await pilot.press("u")
            await _wait_for(pilot, TextPromptScreen)
            if not done:
                assert "Defender (Green) must ask too" in screen_text(app)
            await pilot.press(*"VP swapped", "enter")
            await _wait_for(pilot, BattleQueueScreen)
            await pilot.pause()
        status = Session.open(save).campaign.battle("b1").status
        assert (status is BattleStatus.PENDING) is done
    assert "Correction agreed by every side" in Session.open(save).chronicle[-1].text


@sync
async def test_a_seat_that_did_not_fight_is_told_it_has_nothing_to_take_back(tmp_path):
    save = _settled_valley(tmp_path)
    before = _files(save)
    app = make_app(tmp_path, save=save, seat="blue")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("B")
        await _wait_for(pilot, BattleQueueScreen)
        await pilot.press("u")
        await pilot.pause()
        assert any("none of your battles" in n for n in _notes(app))
    assert _files(save) == before


# --- screenshots ----------------------------------------------------------------------------


def test_snapshot_queue(snap_compare):
    assert snap_compare(str(APPS / "battle_app.py"), press=["B"], terminal_size=SIZE)


def test_snapshot_card(snap_compare):
    assert snap_compare(str(APPS / "battle_app.py"), press=["B", "enter"], terminal_size=SIZE)


def test_snapshot_result_form(snap_compare):
    press = ["B", "r", "tab", "f", "3", "0"]  # 30 of the Captain's 1 model fled
    assert snap_compare(str(APPS / "battle_app.py"), press=press, terminal_size=SIZE)


def test_snapshot_preview(snap_compare):
    press = ["B", "r", "ctrl+k", "4", "2", "0", "tab", "w", "ctrl+s"]  # the Captain wiped out
    assert snap_compare(str(APPS / "battle_app.py"), press=press, terminal_size=SIZE)


@pytest.mark.parametrize("secret", [False, True])
@sync
async def test_the_queue_lists_no_battle_the_seat_does_not_know_of(tmp_path, secret):
    """A battle the seat of no side knows of only through its chronicle: with the battle's
    event kept from that seat (as a ruleset keeping a battle secret marks it), the queue
    lists no battle and the campaign screen offers no battles key (R-ALL-7), as
    ``tuicamp battles`` lists none; with the event told, the onlooker sees it listed."""
    save = valley_save(tmp_path, onlooker=True)
    app = make_app(tmp_path, save=save, seat="blue")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        campaign = pilot.app.campaign_screen
        if secret:
            for event in campaign.session.engine.chronicle:
                if event.kind == "battle":
                    event.visible_to = ["red", "green"]
        campaign.show_seat("blue")  # the view read again
        assert (campaign.check_action("battles", ()) is True) is not secret
        await _queue(pilot)
        text = screen_text(app)
        assert ("No battles are pending." in text) is secret
        assert ("b1" in text) is not secret
