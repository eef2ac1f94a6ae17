"""The help screen opens at once however large the ruleset's help is: it shows a table of
contents and one chapter at a time, and a chapter renders when it is highlighted. These
tests pin that mechanism (how much is built, what is shown when); the time it takes is
measured by hand in benchmarks/screens.py, never here."""

from __future__ import annotations

import pytest
from apps import rauscher_kit as K
from apps.ui_kit import make_app, settle, sync, wait_for_screen, wait_until
from markdown_it import MarkdownIt
from textual.widgets import Markdown, OptionList
from textual.widgets._markdown import MarkdownBlock

from tuicamp.engine.registry import get_ruleset
from tuicamp.rules.rauscher.ruleset import RauscherRuleset
from tuicamp.ui.screens.help import HelpScreen, help_chapters, help_markdown

# Textual builds a widget per Markdown block and per table cell; the whole Rauscher help
# (every table and chapter of the rule book at once) is thousands of them.
MOST_LINES_PER_CHAPTER = 150
MOST_BLOCKS_ON_SCREEN = 400


pytestmark = pytest.mark.usefixtures("quiet_home")


@pytest.mark.parametrize("ruleset", [RauscherRuleset(), get_ruleset("sandbox")], ids=lambda r: r.id)
def test_every_chapter_is_small_and_together_they_are_the_whole_help(ruleset):
    chapters = help_chapters(ruleset, "upkeep", {}, {}, [("?", "Help")])
    whole = help_markdown(ruleset, "upkeep", {}, {}, [("?", "Help")])
    assert chapters[0].title == "Phases"
    for chapter in chapters:
        assert chapter.markdown.count("\n") <= MOST_LINES_PER_CHAPTER, chapter.title
        assert chapter.markdown in whole
    assert whole.count("\n") > MOST_LINES_PER_CHAPTER  # the split is needed at all
    shown = "\n".join(c.markdown for c in chapters)
    for line in ruleset.help_text().splitlines():  # no line of the rules is lost in the cut
        assert line.lstrip("#") in shown, line
    for table in ruleset.default_tables:
        assert f"### {table}" in shown, table


def test_the_rauscher_help_has_a_chapter_per_table_and_per_rules_section():
    ruleset = RauscherRuleset()
    titles = [c.title for c in help_chapters(ruleset, "combat", {}, {"casualties": {"x": 1}})]
    assert "Table: casualties (house rule)" in titles
    assert "Table: scouting" in titles
    assert "  Combat phase" in titles and "    Casualties" in titles  # indented by level
    assert len(titles) == len(set(titles))


def test_the_phases_chapter_lists_the_phases_in_one_block_a_line_each():
    """The help opens on this chapter, so its first paint pays for each of its widgets:
    a Markdown list is four widgets per item, the phases are one paragraph instead."""
    ruleset = RauscherRuleset()
    phases = help_chapters(ruleset, "combat", {}, {})[0].markdown
    tokens = MarkdownIt("gfm-like").parse(phases)
    assert not [t for t in tokens if t.type == "bullet_list_open"]
    lines = phases.splitlines()
    for phase in ruleset.phases:
        now = " **(now)**" if phase.id == "combat" else ""
        kind = " (everyone at once)" if phase.simultaneous else ""
        assert any(line.rstrip("\\") == f"\u2022 **{phase.title}**{kind}{now}" for line in lines)
    breaks = [
        t for t in tokens if t.type == "inline" for c in t.children or [] if c.type == "hardbreak"
    ]
    assert len(breaks) == len(ruleset.phases) - 1


def _blocks(screen) -> int:
    return len(list(screen.query(MarkdownBlock)))


@sync
async def test_rauscher_help_opens_on_its_phases_and_renders_a_chapter_when_chosen(tmp_path):
    save = K.stir_save(tmp_path, phase="combat")
    app = make_app(tmp_path, save=save, seat="stirland")
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        help_screen = await wait_for_screen(pilot, HelpScreen)
        await settle(pilot)
        text = help_screen.query_one("#help-text", Markdown)
        assert text.source == help_screen.chapters[0].markdown
        assert "This phase: Combat" in text.source
        assert 0 < _blocks(help_screen) <= MOST_BLOCKS_ON_SCREEN

        await pilot.press("end")  # the last chapter, highlighted, renders by itself
        last = help_screen.chapters[-1].markdown
        await wait_until(pilot, lambda: text.source == last, "the last chapter rendered")
        await settle(pilot)
        assert help_screen.shown == len(help_screen.chapters) - 1
        assert 0 < _blocks(help_screen) <= MOST_BLOCKS_ON_SCREEN

        contents = help_screen.query_one("#help-contents", OptionList)
        for _ in range(5):  # a run of arrow keys ends on the chapter the last one reached
            await pilot.press("up")
        await wait_until(
            pilot,
            lambda: (
                help_screen.shown == contents.highlighted
                and text.source == help_screen.chapters[contents.highlighted].markdown
            ),
            "the highlighted chapter rendered",
        )
        assert contents.highlighted == len(help_screen.chapters) - 6

        await pilot.press("enter")  # to the chapter's text, to scroll it by keyboard
        await wait_until(
            pilot, lambda: app.focused is help_screen.query_one("#help-scroll"), "text focus"
        )
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, HelpScreen)


@sync
async def test_the_help_has_the_map_legend_that_f2_shows(tmp_path):
    """Issue: "A legend of every glyph and overlay (in `?` and on a key)". F2 draws it in
    the map's style; `?` has the same lines as a chapter of its own, so a player reading
    the help finds the cursor's brackets, the own counters' `*` and every overlay there."""
    save = K.stir_save(tmp_path, phase="combat")
    app = make_app(tmp_path, save=save, seat="stirland")
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        legend = [line.plain for line in app.campaign_screen.map.legend()]
        await pilot.press("question_mark")
        help_screen = await wait_for_screen(pilot, HelpScreen)
        (chapter,) = [c for c in help_screen.chapters if c.title == "Map legend"]
    assert len(legend) > 10
    for line in legend:
        assert line in chapter.markdown.splitlines(), line
    assert chapter.markdown.count("\n") <= MOST_LINES_PER_CHAPTER
