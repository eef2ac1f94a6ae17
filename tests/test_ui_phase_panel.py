"""The campaign screen swaps its phase panel by removing the old one before mounting the
new: mounted first, the two (of the same id when a hand-over blanks the screen and the
same phase comes back) were in the side panel at once, and under load Textual refused the
second as a duplicate id. Pinned by recording what the side panel holds at each mount,
with no timing."""

from __future__ import annotations

import pytest
from apps import rauscher_kit as K
from apps.ui_kit import make_app, settle, sync
from textual.containers import VerticalScroll

from tuicamp.ui.panels import PhasePanel
from tuicamp.ui.screens.campaign import CampaignScreen

pytestmark = pytest.mark.usefixtures("quiet_home")


@sync
async def test_the_old_phase_panel_is_gone_before_the_new_one_is_mounted(tmp_path):
    save = K.stir_save(tmp_path, phase="combat")
    app = make_app(tmp_path, save=save, seat="stirland")
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CampaignScreen)
        side = screen.query_one("#side", VerticalScroll)
        assert [p.id for p in side.query(PhasePanel)] == ["rauscher-combat-panel"]
        held_at_mount: list[list[str | None]] = []
        mount = side.mount

        def recording_mount(*widgets, **kwargs):
            held_at_mount.append([p.id for p in side.query(PhasePanel)])
            return mount(*widgets, **kwargs)

        side.mount = recording_mount  # type: ignore[method-assign]
        # A hand-over blanks the screen and the same phase comes back at once, then the
        # next phase: three swaps asked for in one go.
        screen._set_phase_panel(None)
        screen._set_phase_panel("combat")
        screen._set_phase_panel("resolution")
        await settle(pilot)
        assert [p.id for p in side.query(PhasePanel)] == ["rauscher-resolution-panel"]
        assert held_at_mount == [[]]  # overtaken swaps mount nothing; none mounts over one
