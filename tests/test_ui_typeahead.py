"""Keys typed while a screen opens are not replayed into the next screen (issue 11, point
1: "keys typed meanwhile are not replayed into the next screen").

The help is made slow on purpose and deterministically: its mounting waits for the test
to let it go, so the keys typed meanwhile arrive while it opens however loaded the machine
is. Keys are posted to the app as the terminal driver posts them, all at once, and the
test waits for them to be handled by queueing a marker behind them at each node they pass
(no sleeps, no timing).
"""

from __future__ import annotations

import asyncio

import pytest
from apps.ui_kit import make_app, make_save, settle, sync
from textual import events

from tuicamp.ui.screens import help as help_module
from tuicamp.ui.screens.campaign import CampaignScreen
from tuicamp.ui.typeahead import handled_by

pytestmark = pytest.mark.usefixtures("quiet_home")


def _key(key: str, char: str) -> events.Key:
    return events.Key(key, char)


@sync
async def test_keys_typed_while_the_help_opens_act_neither_on_it_nor_on_the_campaign(
    tmp_path, monkeypatch
):
    entered, gate = asyncio.Event(), asyncio.Event()

    class SlowHelp(help_module.HelpScreen):
        async def on_mount(self) -> None:  # runs before the help's own on_mount
            entered.set()
            await gate.wait()

    monkeypatch.setattr(help_module, "HelpScreen", SlowHelp)
    save = make_save(tmp_path, gm_seat=False)
    app = make_app(tmp_path, save=save, seat="empire")
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        campaign = app.screen
        assert isinstance(campaign, CampaignScreen)

        # "?" and "q" typed at once at the campaign: "q" (close) is typed at the campaign
        # but would be looked up on the help, which "?" opens first.
        app.post_message(_key("question_mark", "?"))
        app.post_message(_key("q", "q"))
        await entered.wait()  # the help is being built, held by the test
        route = list(app._route)  # where "q" went: it bubbles back to the app after "?"
        # A key typed while the help is being built waits in the app's queue meanwhile.
        app.post_message(_key("q", "q"))

        gate.set()
        await app.screen._mounted_event.wait()
        for node in [app, *route]:  # every key taken and handled all the way up
            await handled_by(node)
        await settle(pilot)
        assert isinstance(app.screen, SlowHelp)  # neither "q" closed it
        assert app.screen_stack[-2] is campaign  # nor the campaign behind it
        assert app.keys_dropped == 2

        await pilot.press("q")  # once it is open, its keys work
        assert app.screen is campaign
        assert app.keys_dropped == 2
