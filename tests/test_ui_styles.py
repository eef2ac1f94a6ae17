"""A ruleset's own stylesheets (RulesetUI.stylesheets, tuicamp.ui.styles): every one declared
exists and parses, and in play it is read once, as the campaign opens, so the screen that
uses it does not make Textual parse all the CSS again on its first opening (issue: "Every
screen opens within 0.3 s of its key")."""

from __future__ import annotations

from apps import rauscher_kit as K
from apps.ui_kit import make_app, quiet_config, sync, wait_for_screen, wait_until
from textual.css.stylesheet import Stylesheet

from tuicamp.engine.registry import get_ruleset, load_rulesets
from tuicamp.rules.rauscher.screens.ledger import LedgerScreen
from tuicamp.ui.app import TuicampApp
from tuicamp.ui.panels import ruleset_ui
from tuicamp.ui.screens.campaign import CampaignScreen


def test_every_declared_stylesheet_exists_and_parses() -> None:
    declared = {rid: ruleset_ui(ruleset).stylesheets for rid, ruleset in load_rulesets().items()}
    variables = TuicampApp(config=quiet_config()).get_css_variables()
    assert declared["rauscher"], "the Rauscher ledger and forms have their own stylesheet"
    for rid, paths in declared.items():
        for path in paths:
            assert path.is_absolute() and path.is_file(), (rid, path)
            sheet = Stylesheet(variables=variables)  # the theme's $accent and the rest
            sheet.read(path)
            sheet.parse()  # raises on a stylesheet Textual cannot read
            assert sheet.rules, (rid, path, "no rules")


@sync
async def test_the_ledger_opens_without_parsing_the_css_again(tmp_path) -> None:
    save = K.played_save(tmp_path)
    async with make_app(save.parent, save=save, seat="stirland").run_test(size=(80, 24)) as pilot:
        app = pilot.app
        await wait_for_screen(pilot, CampaignScreen)
        (sheet,) = ruleset_ui(get_ruleset("rauscher")).stylesheets
        await wait_until(
            pilot, lambda: app.stylesheet.has_source(str(sheet), ""), "the ruleset's CSS read"
        )
        parsed = []
        reparse = app.stylesheet.reparse
        app.stylesheet.reparse = lambda: (parsed.append(1), reparse())[1]  # type: ignore[method-assign]
        await pilot.press("L")
        await wait_for_screen(pilot, LedgerScreen)
        assert parsed == [], "opening the ledger parsed the CSS again"
