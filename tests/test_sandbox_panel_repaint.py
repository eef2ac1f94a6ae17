"""The sandbox's phase panel repaints only when its text changes (never by timing anything).

The campaign screen asks the phase panel to redraw after every change and every cursor
step; the sandbox's panel (the seat's treasuries) reads the same on nearly every step, and
an update of the same text repainted the panel (and laid the side out again): bytes on
every step over a slow SSH link. A treasury that changes is shown at once.
"""

from __future__ import annotations

from apps.ui_kit import make_app, make_save, sync, wait_until
from textual.widgets import Static

from tuicamp.rules.sandbox.actions import SetTreasury
from tuicamp.rules.sandbox.screens import SandboxPanel
from tuicamp.ui.screens.campaign import CampaignScreen


def spy_updates(text: Static) -> list[object]:
    """The contents ``text`` is given from now on, one entry per ``update``."""
    given: list[object] = []
    original = text.update

    def spy(content: object = "", **kwargs: object) -> None:
        given.append(content)
        original(content, **kwargs)  # type: ignore[arg-type]

    text.update = spy  # type: ignore[method-assign]
    return given


@sync
async def test_a_cursor_step_leaves_the_sandbox_panel_alone_and_a_change_redraws_it(tmp_path):
    save = make_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="empire")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CampaignScreen), "campaign")
        screen = app.screen
        assert isinstance(screen, CampaignScreen)
        panel = screen.query_one(SandboxPanel)
        await wait_until(pilot, lambda: "Treasury" in str(panel.text.content), "treasuries")
        before = str(panel.text.content)
        given = spy_updates(panel.text)
        asked = []
        original_refresh = panel.text.refresh

        def spy_refresh(*regions: object, **kwargs: object) -> object:
            asked.append(regions)
            return original_refresh(*regions, **kwargs)  # type: ignore[arg-type]

        panel.text.refresh = spy_refresh  # type: ignore[method-assign]

        for key in "dddx":
            await pilot.press(key)
        await pilot.pause()
        assert given == [] and asked == [], "the same treasuries: nothing repainted"
        assert str(panel.text.content) == before

        # The seat sets its own treasury: the panel shows the new sum.
        session = screen.session
        mine = session.campaign.seat("empire")
        assert mine is not None
        player = next(p for p in session.campaign.players if p.id in mine.players)
        screen.perform(SetTreasury(player=player.id, amount=player.treasury + 7))
        await wait_until(pilot, lambda: len(given) == 1, "the panel redrawn")
        assert str(panel.text.content) != before
        await pilot.pause()
        assert len(given) == 1, "one change, one redraw"
