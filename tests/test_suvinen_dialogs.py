"""The Suvinen dialogs on the campaign screen: the sealed fight-or-withdraw choice (``W``),
alliances (``A``) and the siege's assault or wait (``S``), each sending the action the
command line sends and never showing another seat's sealed choice; snapshots at 80x24 and
160x48."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from apps.ui_kit import make_app, settle, sync, told, wait_for_screen, wait_until
from test_suvinen_castles import CARROBURG, defenders_outside, to_the_walls
from test_suvinen_control import placed
from test_suvinen_four_players import CROSSROADS, FIELD, ROUND_1010
from test_suvinen_play import drill, end_council, play_impulse
from test_suvinen_screens import SIZES, saved, shot
from test_suvinen_sharing import allies_in_black_crag
from test_suvinen_withdrawal import entered, two_battles
from textual.widgets import Static

from tuicamp.game.session import Session
from tuicamp.game.setup import start_campaign
from tuicamp.rules.suvinen.council import Ally
from tuicamp.rules.suvinen.impulses import MoveCorps
from tuicamp.rules.suvinen.screens.alliance import AllianceDialog
from tuicamp.rules.suvinen.screens.siege import SiegeDialog
from tuicamp.rules.suvinen.screens.withdraw import WithdrawalDialog
from tuicamp.rules.suvinen.withdrawal import ChooseWithdrawal

SIZE = (120, 40)


def dialog_text(app) -> str:
    return str(app.screen.query_one("#suvinen-dialog-body", Static).content)


async def open_dialog(pilot, key: str, kind: type) -> str:
    """Presses ``key`` on the campaign screen; the dialog's body once it shows."""
    await settle(pilot)
    await pilot.press(key)
    await wait_for_screen(pilot, kind)
    return dialog_text(pilot.app)


async def sent(pilot, save: Path, done) -> Session:
    """Waits until the save shows ``done`` (the action sent by the dialog is applied)."""
    await wait_until(pilot, lambda: done(Session.open(save)), "the action applied")
    return Session.open(save)


# --- the fight-or-withdraw dialog (section 4.3, R-SU-13, R-SU-14) ------------------------------
def after_the_battle(folder: Path) -> Path:
    """Day 1 of the drill's battles: the Wolf Riders rode from 0603 into the First Corps'
    0503 in impulse 1 and the battle there is entered; both players are to write."""
    engine = drill(edit=placed(**{"wolf-riders": "0603"}))
    end_council(engine)
    script = {(1, 1, "wolf-riders"): MoveCorps(army="wolf-riders", path=["0503"])}
    while engine.campaign.phase.startswith("impulse"):
        play_impulse(engine, script)
    entered(engine, "0503")
    return saved(engine, folder)


@sync
async def test_the_withdrawal_dialog_writes_the_seats_sealed_choice(tmp_path):
    """§4.3: "After checking for losses each player should write down secretly wether they
    want to fight an other battle or if they want to withdraw"; "you may only withdraw via
    friendly hexsides" (R-SU-14). The Empire presses W, sees fight and the five hexes its
    sides open, picks 0402 by its number: the same ``withdrawal`` action as the command
    line is written, and the chronicle tells only that the Empire wrote."""
    save = after_the_battle(tmp_path / "saves")
    async with make_app(tmp_path, save=save, seat="empire").run_test(size=SIZE) as pilot:
        body = await open_dialog(pilot, "W", WithdrawalDialog)
        assert "1. Fight on at 0503" in body
        for n, to in enumerate(("0502", "0402", "0403", "0404", "0504"), start=2):
            assert f"{n}. Withdraw from 0503 to {to}" in body
        assert "Waiting for: The Empire, Orcs & Goblins" in body
        await pilot.press("3")
        session = await sent(
            pilot, save, lambda s: "empire" in s.campaign.state.withdrawals["0503"].choices
        )
        assert not isinstance(pilot.app.screen, WithdrawalDialog)
    assert session.campaign.state.withdrawals["0503"].choices == {"empire": "withdraw:0402"}
    written = [e.text for e in session.chronicle if e.kind == "withdrawal_written"]
    assert written == [
        "The Empire writes its sealed choices to fight on or withdraw at 0503 after the "
        "battle of day 1"
    ]


@sync
async def test_the_withdrawal_dialog_never_shows_another_seats_choice(tmp_path):
    """R-SU-15: the choices are sealed until all have written. The Empire has written
    "withdraw to 0402"; the Orcs' dialog shows only whom the round waits for, and the
    Empire's own dialog shows its choice, to change until the reveal."""
    save = after_the_battle(tmp_path / "saves")
    session = Session.open(save)
    session.engine.perform(
        "empire", ChooseWithdrawal(hex="0503", choice="withdraw", to="0402", player="empire")
    )
    session.save()
    for seat, shown in (("orcs", False), ("empire", True)):
        async with make_app(tmp_path, save=save, seat=seat).run_test(size=SIZE) as pilot:
            body = await open_dialog(pilot, "W", WithdrawalDialog)
            assert "Waiting for: Orcs & Goblins" in body
            assert ("You have written: withdraw to 0402" in body) is shown
            assert ("0402" in body) is shown


@sync
async def test_the_orcs_fight_on_and_the_withdrawals_are_carried_out(tmp_path):
    """R-SU-15: when every choice of the day is revealed, the withdrawals happen at once.
    The Empire wrote "withdraw to 0402"; the Orcs pick "Fight on" with enter, the round is
    revealed and the First Corps withdraws."""
    save = after_the_battle(tmp_path / "saves")
    session = Session.open(save)
    session.engine.perform(
        "empire", ChooseWithdrawal(hex="0503", choice="withdraw", to="0402", player="empire")
    )
    session.save()
    async with make_app(tmp_path, save=save, seat="orcs").run_test(size=SIZE) as pilot:
        assert "1. Fight on at 0503" in await open_dialog(pilot, "W", WithdrawalDialog)
        await pilot.press("enter")
        session = await sent(pilot, save, lambda s: "0503" not in s.campaign.state.withdrawals)
    texts = [e.text for e in session.chronicle]
    assert "'The First Corps' withdraws from 0503 to 0402" in texts


@sync
async def test_the_games_master_writes_each_players_choice_in_the_withdrawal_dialog(tmp_path):
    """The Games Master's seat plays every player: its W dialog lists each player's round
    and choices under the player's name, writes the choice picked for that player alone
    (the same ``withdrawal`` action with ``player``), shows it back as that player's, and
    when the last is written the round is revealed and carried out (R-SU-15, R-SU-28)."""
    save = after_the_battle(tmp_path / "saves")
    async with make_app(tmp_path, save=save, seat="gm").run_test(size=SIZE) as pilot:
        body = await open_dialog(pilot, "W", WithdrawalDialog)
        assert "The Empire: 0503, after the day's battle" in body
        assert "Orcs & Goblins: 0503, after the day's battle" in body
        assert "1. The Empire: Fight on at 0503" in body
        assert "7. Orcs & Goblins: Fight on at 0503" in body
        assert "8. Orcs & Goblins: Withdraw from 0503 to 0603" in body
        await pilot.press("8")
        session = await sent(
            pilot, save, lambda s: "orcs" in s.campaign.state.withdrawals["0503"].choices
        )
    assert session.campaign.state.withdrawals["0503"].choices == {"orcs": "withdraw:0603"}
    async with make_app(tmp_path, save=save, seat="gm").run_test(size=SIZE) as pilot:
        body = await open_dialog(pilot, "W", WithdrawalDialog)
        orcs = body.split("Orcs & Goblins: 0503")[1]
        assert "You have written: withdraw to 0603" in orcs
        assert "You have written" not in body.split("Orcs & Goblins: 0503")[0]
        await pilot.press("1")  # the Empire fights on: the round is revealed
        session = await sent(pilot, save, lambda s: "0503" not in s.campaign.state.withdrawals)
    texts = [e.text for e in session.chronicle]
    assert "'The Wolf Riders' (LC) withdraws from 0503 to 0603" in texts


def forced_out(folder: Path) -> Path:
    """Two battles on day 1: the Orcs had no troops on the table at 0503, where no hex is
    open to them, and fought at 0603 too."""
    return saved(two_battles(), folder)


@sync
async def test_a_side_that_must_withdraw_is_offered_no_fight_and_the_withdrawal_with_no_hex(
    tmp_path,
):
    """Section 4.3: "A player who had no troops on the table when the battle ended MUST
    withdraw. If he has nowhere to withdraw his troops are eliminated instead" (R-SU-13,
    R-SU-14, R-SU-33). The Orcs' dialog says why they must leave 0503, offers no fight
    there but the withdrawal with no hex, and both choices at 0603; they pick the first."""
    save = forced_out(tmp_path / "saves")
    async with make_app(tmp_path, save=save, seat="orcs").run_test(size=SIZE) as pilot:
        body = await open_dialog(pilot, "W", WithdrawalDialog)
        assert "You must withdraw: it had no troops on the table when the battle ended" in body
        assert "No hex is open to withdraw to (R-SU-14)" in body
        assert "Fight on at 0503" not in body
        assert "1. Withdraw from 0503 with no hex open (R-SU-14)" in body
        assert "2. Fight on at 0603" in body
        assert "3. Withdraw from 0603 to 0604" in body
        await pilot.press("1")
        session = await sent(
            pilot, save, lambda s: "orcs" in s.campaign.state.withdrawals["0503"].choices
        )
    assert session.campaign.state.withdrawals["0503"].choices["orcs"] == "withdraw"


def outside_the_walls(folder: Path) -> Path:
    """Day 1 at Carroburg: the First Corps (925 pts) fought outside its walls, where the
    garrison has room for 860 more; both players are to write (R-SU-37)."""
    engine = to_the_walls(edit=defenders_outside)
    entered(engine, CARROBURG)
    return saved(engine, folder)


@sync
async def test_the_withdrawal_dialog_chooses_the_units_that_go_into_the_walls(tmp_path):
    """§4.6: "If the defender decides to fight outside the Home Castle he may later
    withdraw into it, but any excess troops above 1.000 points are eliminated"; R-SU-37:
    the player chooses which. The units that fit in roster order come marked; the Empire
    clears the Great Cannon and marks the Handgunners, and sends: the very units named."""
    save = outside_the_walls(tmp_path / "saves")
    async with make_app(tmp_path, save=save, seat="empire").run_test(size=SIZE) as pilot:
        body = await open_dialog(pilot, "W", WithdrawalDialog)
        assert (
            "2. Withdraw from 0106 into your walls with the 5 units marked: 825 of 860 pts of "
            "room; 1 eliminated"
        ) in body
        assert "3.    [x] General of the Empire, 110 pts ('The First Corps')" in body
        assert "6.    [x] Great Cannon, 100 pts ('The First Corps')" in body
        assert "8.    [ ] Handgunners, 100 pts ('The First Corps')" in body
        await pilot.press("8")  # mark the Handgunners: one unit too many
        await wait_until(pilot, lambda: "925 of 860" in dialog_text(pilot.app), "the mark")
        assert "6 units marked: 925 of 860 pts of room, 65 pts too many; 0 eliminated" in (
            dialog_text(pilot.app)
        )
        await pilot.press("6")  # clear the Great Cannon's
        await wait_until(pilot, lambda: "[ ] Great Cannon" in dialog_text(pilot.app), "cleared")
        assert isinstance(pilot.app.screen, WithdrawalDialog)  # a mark sends nothing
        await pilot.press("2")
        session = await sent(
            pilot, save, lambda s: "empire" in s.campaign.state.withdrawals[CARROBURG].choices
        )
    written = session.campaign.state.withdrawals[CARROBURG].choices["empire"]
    assert written == (
        "withdraw:0106:first-general,first-halberdiers,first-spearmen,greatswords,handgunners"
    )


def in_council(folder: Path) -> Path:
    return saved(drill(), folder)


def in_impulse_1(folder: Path) -> Path:
    engine = drill()
    end_council(engine)
    return saved(engine, folder)


def at_the_walls(folder: Path) -> Path:
    """The drill's battles: the Wolf Riders alone before Carroburg's walls (0106), the
    Orcs to write assault or wait (R-SU-36)."""
    return saved(to_the_walls(), folder)


# key, a save where its choice is not open, the dialog, what the key says instead
WHY_NOT = {
    # the fight-or-withdraw choice is written before and after battles (sections 4.1, 4.3)
    "withdrawal": ("W", in_council, WithdrawalDialog, "No fight-or-withdraw choice is open"),
    # alliances are made in the council (R-SU-12) or before a battle of 3 sides (4.1)
    "alliance": ("A", in_impulse_1, AllianceDialog, "No alliance to offer or answer now"),
    # the garrison's own player does not write: its besiegers do (R-SU-36)
    "siege": ("S", at_the_walls, SiegeDialog, "No siege waits for your choice"),
}


@pytest.mark.parametrize("case", list(WHY_NOT))
@sync
async def test_a_dialog_key_says_why_not_when_its_choice_is_not_open(tmp_path, case):
    """Sections 4.1 and 4.3 (withdrawal), R-SU-12 and section 4.1 (alliances): out of the
    moments the text gives a choice, its key opens no dialog and says when it opens."""
    key, make, kind, why = WHY_NOT[case]
    save = make(tmp_path / "saves")
    async with make_app(tmp_path, save=save, seat="empire").run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await wait_until(pilot, lambda: bool(told(pilot.app)), "the key's answer")
        assert not isinstance(pilot.app.screen, kind)
        assert any(why in m for m in told(pilot.app))


@sync
async def test_the_panel_shows_the_key_while_the_choice_is_open(tmp_path):
    """The panel names the key only while the seat has the choice to write."""
    save = after_the_battle(tmp_path / "saves")
    async with make_app(tmp_path, save=save, seat="empire").run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = str(pilot.app.screen.query_one("#suvinen-panel-text", Static).content)
        assert "W: write fight or withdraw at 0503" in panel
    save = in_council(tmp_path / "council")
    async with make_app(tmp_path, save=save, seat="empire").run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = str(pilot.app.screen.query_one("#suvinen-panel-text", Static).content)
        assert "W:" not in panel


# --- the alliance dialog (R-SU-12, section 4.1) ------------------------------------------------
async def pick(tmp_path: Path, save: Path, seat: str, option: str, done) -> Session:
    """On ``seat``'s screen: A, then the numbered ``option`` (checked to be listed)."""
    async with make_app(tmp_path, save=save, seat=seat).run_test(size=SIZE) as pilot:
        body = await open_dialog(pilot, "A", AllianceDialog)
        assert option in body, body
        line = next(ln for ln in body.splitlines() if option in ln)
        await pilot.press(line.lstrip("> ").split(".")[0])  # the option's number
        return await sent(pilot, save, done)


@sync
async def test_the_alliance_dialog_offers_and_accepts_an_alliance_for_the_turn(tmp_path):
    """R-SU-12: "You can declare with an other player at the beginning of the turn that you
    are allied" — by mutual consent. In the council the Empire offers Orcs & Goblins an
    alliance from its dialog; the Orcs' dialog lists the offer by its id and accepts it:
    the same ``ally`` actions as the command line, told in the chronicle."""
    save = in_council(tmp_path / "saves")

    def offered(s: Session) -> bool:
        return bool(s.campaign.state.alliances.items)

    session = await pick(tmp_path, save, "empire", "1. Offer Orcs & Goblins an alliance", offered)
    (offer,) = session.campaign.state.alliances.items
    assert offer.proposer == "empire" and offer.parties == ["orcs"]
    texts = [e.text for e in session.chronicle]
    assert any("The Empire proposes a pact of alliance to Orcs & Goblins" in t for t in texts)

    def allied(s: Session) -> bool:
        return not s.campaign.state.alliances.items[0].pending

    option = f"Accept The Empire's offer of an alliance for turn 1 ({offer.id})"
    session = await pick(tmp_path, save, "orcs", option, allied)
    texts = [e.text for e in session.chronicle]
    assert "The Empire and Orcs & Goblins are allied for turn 1 (R-SU-12)" in texts


@sync
async def test_the_alliance_dialog_declines_an_offer_and_offers_no_pair_twice(tmp_path):
    """R-SU-12: an alliance needs both players; a declined offer binds nobody. While its
    offer waits, the Empire's dialog tells whom it waits for instead of offering again;
    the Orcs decline it from theirs."""
    engine = drill()
    engine.perform("empire", Ally(to="orcs", player="empire"))
    save = saved(engine, tmp_path / "saves")
    (offer,) = engine.campaign.state.alliances.items
    async with make_app(tmp_path, save=save, seat="empire").run_test(size=SIZE) as pilot:
        body = await open_dialog(pilot, "A", AllianceDialog)
        assert f"({offer.id}): waiting for Orcs & Goblins" in body
        assert "Offer Orcs & Goblins" not in body
        assert "No alliance to offer or answer now." in body

    def declined(s: Session) -> bool:
        return not s.campaign.state.alliances.items[0].pending

    option = f"Decline The Empire's offer of an alliance for turn 1 ({offer.id})"
    session = await pick(tmp_path, save, "orcs", option, declined)
    assert session.campaign.state.alliances.items[0].status.value == "declined"


def three_sides(folder: Path) -> Path:
    """The crossroads' field 1010 with three players' corps before day 1's battle: their
    round to withdraw or prepare for battle is open (section 4.1, R-SU-29)."""
    scenario = copy.deepcopy(CROSSROADS)
    placed(**ROUND_1010)(scenario)
    engine = start_campaign(scenario, "suvinen", seed=5, check=True)
    end_council(engine)
    script = {(1, 1, a): MoveCorps(army=a, path=[FIELD]) for a in ROUND_1010}
    while engine.campaign.phase.startswith("impulse"):
        play_impulse(engine, script)
    assert engine.campaign.state.before_battle == [FIELD]
    return saved(engine, folder)


@sync
async def test_the_alliance_dialog_makes_a_temporary_alliance_for_a_battle(tmp_path):
    """Section 4.1: "If there still are more than two sides present the players now have
    the chance to make temporal alliances. Their troops fight together in the coming
    battle" (R-SU-29). The Empire offers Bretonnia one for the battle at 1010 from its
    dialog and Bretonnia accepts from its own: the ``temporary_alliance`` actions."""
    save = three_sides(tmp_path / "saves")

    def offered(s: Session) -> bool:
        return bool(s.campaign.state.temp_alliances.items)

    option = f"Offer Bretonnia a temporary alliance for the battle at {FIELD}"
    session = await pick(tmp_path, save, "empire", option, offered)
    (offer,) = session.campaign.state.temp_alliances.items
    assert offer.proposer == "empire" and offer.parties == ["bretonnia"]

    def together(s: Session) -> bool:
        return not s.campaign.state.temp_alliances.items[0].pending

    option = f"Accept The Empire's offer of a temporary alliance for the battle at {FIELD}"
    session = await pick(tmp_path, save, "bretonnia", option, together)
    texts = [e.text for e in session.chronicle]
    assert f"The Empire and Bretonnia fight together at {FIELD} (section 4.1)" in texts


@sync
async def test_the_alliance_dialog_proposes_and_accepts_who_controls_a_shared_castle(tmp_path):
    """Section 4.6: "If two or more allies occupy none of them controls the Castle unless
    the players reach an unanimous decission on who gets it" (R-SU-41). The Empire and the
    Dwarfs, allied, stand in Black Crag: the Empire proposes the Dwarfs from its dialog, the
    Dwarfs accept from theirs; the Orcs' dialog offers no such proposal, the same
    ``castle_control`` actions as the command line."""
    save = saved(allies_in_black_crag(), tmp_path / "saves")
    async with make_app(tmp_path, save=save, seat="orcs").run_test(size=SIZE) as pilot:
        body = await open_dialog(pilot, "A", AllianceDialog)
        assert "Black Crag" not in body

    def offered(s: Session) -> bool:
        return bool(s.campaign.state.castle_deals.items)

    option = "Propose that The Dwarfs controls Black Crag"
    session = await pick(tmp_path, save, "empire", option, offered)
    (deal,) = session.campaign.state.castle_deals.items
    assert deal.proposer == "empire" and deal.terms["to"] == "dwarfs"
    assert session.campaign.map.settlement("black-crag").owner == "orcs"

    def agreed(s: Session) -> bool:
        return s.campaign.map.settlement("black-crag").owner == "dwarfs"

    option = f"Accept The Empire's proposal that The Dwarfs controls Black Crag ({deal.id})"
    session = await pick(tmp_path, save, "dwarfs", option, agreed)
    texts = [e.text for e in session.chronicle]
    assert (
        "The Empire and The Dwarfs agree that The Dwarfs controls Black Crag (section 4.6, R-SU-41)"
    ) in texts


# --- the siege dialog (section 4.6, R-SU-36) ----------------------------------------------------
@pytest.mark.parametrize("number", ["1", "2"])
@sync
async def test_the_siege_dialog_writes_assault_or_wait(tmp_path, number):
    """Section 4.6: "The winner then can attack the garrison"; R-SU-36: each besieger
    writes under seal, once a turn, assault or wait. The Orcs press S before Carroburg and
    pick assault (1) or wait (2): the same ``assault`` action as the command line is
    written and revealed, an assault opens the battle on the castle card, a wait none."""
    save = at_the_walls(tmp_path / "saves")
    async with make_app(tmp_path, save=save, seat="orcs").run_test(size=SIZE) as pilot:
        body = await open_dialog(pilot, "S", SiegeDialog)
        assert f"1. Assault the walls at {CARROBURG}" in body
        assert f"2. Wait before the walls at {CARROBURG}" in body
        assert "Waiting for: Orcs & Goblins" in body
        await pilot.press(number)
        session = await sent(pilot, save, lambda s: CARROBURG not in s.campaign.state.sieges)
    camp = session.campaign
    revealed = [e.text for e in session.chronicle if e.kind == "siege_revealed"]
    word = {"1": "assault", "2": "wait"}[number]
    assert len(revealed) == 1 and revealed[0].endswith(f"Orcs & Goblins: {word}"), revealed
    assaults = [b for b in camp.battles if camp.map.label(b.hex) == CARROBURG]
    assert bool(assaults) is (word == "assault")


# --- snapshots ----------------------------------------------------------------------------------
SCENES = {
    "withdrawal": (after_the_battle, ("W",)),
    "alliance_council": (in_council, ("A",)),
    "alliance_battle": (three_sides, ("A",)),
    "siege": (at_the_walls, ("S",), "orcs"),
    "withdrawal_forced": (forced_out, ("W",), "orcs"),
    "withdrawal_walls": (outside_the_walls, ("W",)),
    "withdrawal_gm": (after_the_battle, ("W",), "gm"),
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("scene", list(SCENES))
def test_snapshot(snap_compare, tmp_path, scene, size):
    assert shot(snap_compare, tmp_path, SCENES[scene], size)
