"""A club's week of Rauscher, played through the keyboard at one terminal, key by key.

Two Warmasters share the terminal (hotseat, with the Games Master's seat beside them) in
the bundled Stir Border: Stirland buys a baggage train, marches the Stirland Host onto
the Grey Host of Drakenhof, the battle is fought at the table and its result entered
(Stirland 5 VP to 2, the first Ghouls wiped out), the train is placed, and the week ends.
Every key pressed is counted: the week must cost at most half of what it cost before the
flow learnt to pass phases nobody has anything to do in, to hand over in one screen, to
confirm the end of a phase only when something is left undone, and to mark a unit wiped
out with one key.
"""

from __future__ import annotations

import pytest
from apps import rauscher_kit as K
from apps.ui_kit import make_app, settle, sync, wait_until

from tuicamp.game.session import Session
from tuicamp.model.hexes import parse_label
from tuicamp.ui.screens.battle_result import BattleResultScreen
from tuicamp.ui.screens.battles import BattleQueueScreen

SIZE = (80, 24)


pytestmark = pytest.mark.usefixtures("quiet_home")


class Keyboard:
    """The pilot's keyboard, counting every key pressed and letting the app settle after
    each (its messages, its workers), so no key lands before the screen it is meant for."""

    def __init__(self, pilot) -> None:
        self.pilot = pilot
        self.count = 0

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.pilot.press(key)
            self.count += 1
            await settle(self.pilot)


def _week_save(folder):
    """Turn 1, Upkeep, the Grey Host of Drakenhof next to the Stirland Host (0504)."""
    return K.stir_save(folder, prepare=lambda engine: K._grey_host_next_door(engine.campaign))


def _phase(app) -> tuple[int, str]:
    camp = app.campaign_screen.session.campaign
    return camp.turn, camp.phase


# The keys of the week as it was first measured, phase by phase: what the test's docstring
# counts, kept to show where the keys went.
BEFORE = 120


@sync
async def test_a_rauscher_week_for_two_players_costs_at_most_half_the_keys(tmp_path, idle_passes):
    """The week as it was played before cost 120 keys: two per hand-over (who is there,
    then "since your last turn"), two per end of a phase (t, then y) for each Warmaster
    in each of the five phases, the Effects phase with no deck and the Resolution phase
    of a player with nothing to place played through all the same, and the result of a
    battle of 19 units against 23 typed field by field (79 keys: Tab through every unit's
    "killed" and "fled").

    Now (R-ALL-12, R-ALL-9, R-ALL-11): one Enter a hand-over; t alone ends a phase with
    nothing left undone (Movement asks, naming the counters left standing); Effects, the
    Combat phase of the side that did not enter the result and the Resolution phase of a
    player with nothing to place pass by themselves; a unit is wiped out with one key.
    """
    save = _week_save(tmp_path)
    app = make_app(save.parent, save=save)
    async with app.run_test(size=SIZE) as pilot:
        keys = Keyboard(pilot)
        await settle(pilot)
        # Upkeep: Stirland buys a baggage train; Sylvania buys nothing. Effects passes.
        await keys.press("enter", "p", "ctrl+s", "t", "enter", "t")
        assert _phase(app) == (1, "movement")
        # Movement: the Stirland Host marches east onto the Grey Host; Sylvania stays.
        await keys.press("enter", "enter", "d", "enter", "t", "y", "enter", "t", "y")
        assert _phase(app) == (1, "combat")
        await wait_until(pilot, lambda: isinstance(app.screen, BattleQueueScreen), "the queue")
        # Combat: Sylvania enters the result: 5 VP, the next side 2 VP, the first Ghouls
        # (three facts and nine units below the side's VP) wiped out; Stirland passes.
        await keys.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, BattleResultScreen), "the form")
        await keys.press("5", "pagedown", "2", *["down"] * 13, "w", "ctrl+s", "y")
        await keys.press("escape", "t")
        assert _phase(app) == (1, "resolution")
        # Resolution: Stirland places the train in Wurtbad; Sylvania had nothing to place.
        await keys.press("enter", "p", "enter", "enter", "t")
        assert _phase(app) == (2, "upkeep")
        pressed = keys.count
        chronicle = [e.text for e in app.campaign_screen.session.chronicle]
    camp = Session.open(save).campaign
    assert camp.army(K.HOST).hex == parse_label("0504")
    battle = camp.battle("b1")
    assert battle.result is not None
    assert {s.side: s.vp for s in battle.result.sides} == {
        battle.sides[0].id: 5,
        battle.sides[1].id: 2,
    }
    losses = {(loss.unit, loss.killed, loss.fled) for s in battle.result.sides for loss in s.losses}
    assert losses == {("grey-ghouls-1", 15, 0)}, "the first Ghouls wiped out, nobody else lost"
    before = {a.id for a in K.fresh().campaign.armies}
    (train,) = [a for a in camp.armies if a.id not in before]
    assert train.hex == camp.map.settlement("wurtbad").hex
    assert "Stirland passes the Effects phase: no card to draw or play" in chronicle
    assert "Stirland passes the Combat phase: no battle left to fight" in chronicle
    assert "Sylvania passes the Resolution phase: nothing to place or load" in chronicle
    assert pressed <= BEFORE // 2, f"{pressed} keys for the week"
    assert pressed == 42
