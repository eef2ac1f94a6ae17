"""The impulse board on the impulse screen: whose entry it is, the rotation ahead, and the
MP left and committed of the seat's corps (R-SU-3, R-SU-4, R-SU-10, R-SU-11, R-SU-25).

§3.2: "The first player moves one unit for 1 MP. This might be enough to move the unit 1,
2 or no hexes. ... If not able, then the unit is said to be 'commited' to the move. Now the
second player in order move one of his units for 1 MP." In the drill the Orcs move first
(seed 3); the First Corps commits to 0403 across the stream (2 MP) in impulse 1.
"""

from __future__ import annotations

from apps.ui_kit import make_app, settle, sync, wait_until
from test_suvinen_play import committed, drill
from test_suvinen_screens import saved
from textual.widgets import Static

from tuicamp.engine.rules import Rules
from tuicamp.rules.suvinen.board import board


def lines(engine, seat: str) -> list[str]:
    found = board(Rules(engine.campaign, engine.ruleset), engine.campaign.seat(seat))
    assert found is not None
    return found.lines()


def test_the_board_shows_whose_entry_the_rotation_ahead_and_the_mp():
    """Round 2 of impulse 1, the last (two corps each): the Orcs move, then the Empire.
    The Empire's board shows its corps' MP and the First Corps' commitment, 1 of 2 MP."""
    engine = committed()
    assert lines(engine, "empire") == [
        "Impulse 1, round 2 of 2",
        "Moving: Orcs & Goblins",
        "Then: The Empire",
        "'The First Corps': impulse taken; to 0403: 1 of 2 MP",
        "'The Outriders': 1 MP left",
    ]


def test_an_enemys_mp_and_commitments_are_not_on_the_board():
    """The Orcs see the Empire's corps as counters: their own corps alone are listed."""
    engine = committed()
    shown = lines(engine, "orcs")
    assert not any("First Corps" in line or "Outriders" in line for line in shown)
    assert "'The Huge Orc Army': impulse taken" in shown
    assert "'The Wolf Riders': 1 MP left" in shown


def test_no_board_outside_the_impulses():
    engine = drill()
    assert board(Rules(engine.campaign, engine.ruleset), engine.campaign.seat("empire")) is None


@sync
async def test_the_board_is_on_the_impulse_screen_at_80x24(tmp_path):
    """The panel of the impulse screen reads the board at 80 x 24."""
    save = saved(committed(), tmp_path / "saves")
    async with make_app(tmp_path, save=save, seat="empire").run_test(size=(80, 24)) as pilot:
        await settle(pilot)

        def panel() -> str:
            return str(pilot.app.screen.query_one("#suvinen-panel-text", Static).content)

        await wait_until(pilot, lambda: "Moving: Orcs & Goblins" in panel(), "the board")
        text = panel()
        assert "Impulse 1, round 2 of 2" in text
        assert "'The First Corps': impulse taken; to 0403: 1 of 2 MP" in text
