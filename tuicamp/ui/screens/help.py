"""In-game help: the ruleset's rules summary, the phases with the current one's steps, the
house rules in force and every table in use, overrides marked, and the keys, in chapters
shown one at a time.

Everything comes from the ruleset itself (its docs/ chapters, phases, options and tables/)
and the campaign's overrides, so a club's own ruleset gets a help screen for free.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, OptionList, Static

from tuicamp.engine.context import merged_tables
from tuicamp.engine.ruleset import Ruleset
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr
from tuicamp.model.terrain import Vocabulary
from tuicamp.ui.screens.quick_open import QuickOpen
from tuicamp.ui.widgets.key_footer import KeyFooter

HOUSE = "**(house rule)**"
BULLET = "\u2022 "  # Textual's own first-level bullet


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_cell(v) for v in value) or "-"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_cell(v)}" for k, v in value.items()) or "-"
    return str(value).replace("|", "\\|").replace("\n", " ")


def _is_flat(table: Mapping[str, Any]) -> bool:
    return all(not isinstance(v, dict) for v in table.values())


def table_markdown(
    name: str, table: Any, overrides: Any, level: int = 3, path: str = ""
) -> list[str]:
    """One table as Markdown; rows the campaign overrides are marked as house rules."""
    title = path + name
    whole = overrides is not None and not isinstance(overrides, dict)
    head = f"{'#' * min(level, 6)} {title}" + (f" {HOUSE}" if whole else "")
    if isinstance(table, dict) and _is_flat(table):
        over = overrides if isinstance(overrides, dict) else {}
        out = [head, "", "| row | value |", "|---|---|"]
        for key, value in table.items():
            mark = f" {HOUSE}" if key in over or whole else ""
            out.append(f"| {_cell(key)} | {_cell(value)}{mark} |")
        return [*out, ""]
    if isinstance(table, dict):
        out = [head, ""]
        for key, value in table.items():
            sub = overrides.get(key) if isinstance(overrides, dict) else (table if whole else None)
            if isinstance(value, dict):
                out += table_markdown(str(key), value, sub, level + 1, f"{title}.")
            else:
                mark = f" {HOUSE}" if sub is not None else ""
                out.append(f"- {key}: {_cell(value)}{mark}")
        return [*out, ""]
    if isinstance(table, list) and table and all(isinstance(r, dict) for r in table):
        columns = list(dict.fromkeys(k for row in table for k in row))
        out = [head, "", "| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
        out += ["| " + " | ".join(_cell(row.get(c, "")) for c in columns) + " |" for row in table]
        return [*out, ""]
    return [head, "", _cell(table), ""]


@attrs.frozen
class HelpChapter:
    """One chapter of the help: its line in the table of contents and its Markdown.

    The help is shown one chapter at a time because Textual builds a widget per Markdown
    block and per table cell: Rauscher's whole help (52 tables, a rule book) is thousands
    of widgets and took many seconds to open, while one chapter opens at once."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    title: str
    markdown: str


def keys_chapter(keys: Iterable[tuple[str, str]]) -> HelpChapter:
    """The "Keys" chapter: a table of (key as shown, what it does), a row a binding."""
    out = ["## Keys", "", "| key | does |", "|---|---|"]
    out += [f"| {_cell(k)} | {_cell(d)} |" for k, d in keys]
    return HelpChapter("Keys", "\n".join(out))


def help_chapters(
    ruleset: Ruleset,
    phase_id: str,
    options: Mapping[str, Any],
    overrides: Mapping[str, Any],
    keys: Iterable[tuple[str, str]] = (),
    legend: Iterable[str] = (),
) -> list[HelpChapter]:
    """The help in chapters, the phases (with the current one's steps) first, since that is
    what a player asks for mid-turn; every table and every rules chapter is its own.

    ``legend`` is the map's legend as plain lines (the campaign's map draws them, in its
    map style, on F2): a player who asks ``?`` what a glyph means finds it here too."""
    chapters = [HelpChapter("Phases", "\n".join(_phases_markdown(ruleset, phase_id)))]
    keys = list(keys)
    if keys:
        chapters.append(keys_chapter(keys))
    if ruleset.options:
        out = ["## House rules in force", "", "| option | set to | |", "|---|---|---|"]
        for opt in ruleset.options:
            value = options.get(opt.name, opt.default)
            mark = HOUSE if value != opt.default else "(default)"
            out.append(f"| {opt.name} | {_cell(value)} {mark} | {_cell(opt.help)} |")
        chapters.append(HelpChapter("House rules in force", "\n".join(out)))
    tables = merged_tables(ruleset.default_tables, dict(overrides))
    for name, table in tables.items():
        over = overrides.get(name)
        body = ["## Tables in use", "", *table_markdown(name, table, over)]
        house = " (house rule)" if over is not None else ""
        chapters.append(HelpChapter(f"Table: {name}{house}", "\n".join(body)))
    terrain = "\n".join(vocabulary_markdown(ruleset.vocabulary))
    chapters.append(HelpChapter("Terrain and hexside features", terrain))
    lines = list(legend)
    if lines:
        chapters.append(
            HelpChapter("Map legend", "\n".join(["## Map legend", "", "```", *lines, "```"]))
        )
    text = ruleset.help_text()
    if text and text != ruleset.summary:
        chapters += [
            HelpChapter(title, "## Rules\n\n" + _demote(body)) for title, body in _sections(text)
        ]
    return chapters


def help_markdown(
    ruleset: Ruleset,
    phase_id: str,
    options: Mapping[str, Any],
    overrides: Mapping[str, Any],
    keys: Iterable[tuple[str, str]] = (),
) -> str:
    """The whole help as one Markdown text, every chapter in order (for reading it
    outside the screen, and for checking it whole)."""
    chapters = help_chapters(ruleset, phase_id, options, overrides, keys)
    return "\n\n".join(c.markdown for c in chapters) + "\n"


def _phases_markdown(ruleset: Ruleset, phase_id: str) -> list[str]:
    out = [f"# {ruleset.title}", ""]
    if ruleset.summary:
        out += [ruleset.summary, ""]
    phases = list(ruleset.phases)
    if phases:
        out += ["## Phases", ""]
        rows = []
        for phase in phases:
            now = " **(now)**" if phase.id == phase_id else ""
            kind = " (everyone at once)" if phase.simultaneous else ""
            rows.append(f"{BULLET}**{phase.title}**{kind}{now}")
        out.append(_one_block(rows))
        current = ruleset.phase(phase_id)
        if current is not None:
            out += ["", f"### This phase: {current.title}", ""]
            out += [current.help or "No steps are written down for this phase.", ""]
    return out


def _one_block(rows: Sequence[str]) -> str:
    """Rows as one Markdown paragraph, a line each (hard breaks).

    The help opens on the phases chapter, so its first paint pays for every widget of it:
    Textual builds four widgets per list item (a row, the bullet, a column, the paragraph)
    and a five-phase list was most of the Rauscher help's opening time. One paragraph is
    one widget, drawn the same but for the bullets' colour."""
    return "\\\n".join(rows)


def _sections(text: str) -> list[tuple[str, str]]:
    """The ruleset's help text cut at its top three heading levels (its chapters, their
    sections and subsections), each piece titled by its heading, indented by its level;
    text before the first heading is "Rules"."""
    pieces: list[tuple[str, list[str]]] = []
    fence = False
    for line in text.splitlines():
        if line.startswith("```"):
            fence = not fence
        level = len(line) - len(line.lstrip("#"))
        heading = not fence and 1 <= level <= 3 and line[level : level + 1] == " "
        if heading or not pieces:
            title = "  " * (level - 1) + line[level:].strip() if heading else "Rules"
            pieces.append((title, []))
        pieces[-1][1].append(line)
    return [(title, "\n".join(lines)) for title, lines in pieces if "".join(lines).strip()]


def _glyph(glyph: str) -> str:
    """A map glyph as Markdown code (a backtick needs a wider fence)."""
    return "`` ` ``" if glyph == "`" else f"`{_cell(glyph)}`"


def vocabulary_markdown(vocabulary: Vocabulary) -> list[str]:
    """The terrains and hexside features of the ruleset's maps (the core's and its own):
    the letter a scenario writes, the glyph the map draws, what it is."""
    out = ["## Terrain and hexside features", ""]
    out += ["| in a scenario | on the map | terrain | |", "|---|---|---|---|"]
    for t in vocabulary.terrains:
        flags = "sea" if t.sea else "water" if t.water else ""
        out.append(f"| {_glyph(t.letter)} | {_glyph(t.glyph)} | {_cell(t.name)} | {flags} |")
    out += ["", "| in a scenario | on the map | hexside feature | kind |", "|---|---|---|---|"]
    for f in vocabulary.drawing_order():
        glyph, name = _glyph(f.look.glyph), _cell(f.name)
        out.append(f"| `{_cell(f.id)}` | {glyph} | {name} | {f.kind} |")
    return [*out, ""]


def _demote(text: str) -> str:
    """The ruleset's help headings go one level under ours."""
    return "\n".join(("##" + line if line.startswith("#") else line) for line in text.splitlines())


class HelpScreen(QuickOpen, Screen[None]):
    """The help, a table of contents beside one chapter: a chapter renders when it is
    highlighted, so the screen opens at once however large the ruleset's help is."""

    BINDINGS = [
        Binding("escape,q,f1,question_mark", "close", "Back", id="help.close"),
    ]

    def __init__(self, chapters: Sequence[HelpChapter], title: str = "Help") -> None:
        super().__init__()
        self.chapters = list(chapters) or [HelpChapter("Help", "No help is written down.")]
        self.help_title = title
        self.shown: int | None = None  # the chapter on screen (None until the first renders)
        self._wanted = 0
        self._rendering = asyncio.Lock()

    @property
    def markdown(self) -> str:
        """Every chapter's Markdown, in order: the whole help, as the screen can show it."""
        return "\n\n".join(c.markdown for c in self.chapters)

    def compose(self) -> ComposeResult:
        yield Static(self.help_title, id="help-title", classes="screen-title", markup=False)
        with Horizontal(id="help-body"):
            contents = OptionList(*(c.title for c in self.chapters), id="help-contents")
            contents.border_title = "Chapters (Tab: text)"
            yield contents
            with VerticalScroll(id="help-scroll"):
                yield Markdown(self.chapters[0].markdown, id="help-text", open_links=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.shown = 0
        contents = self.query_one("#help-contents", OptionList)
        contents.highlighted = 0
        contents.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "help-contents":
            self.show_chapter(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a chapter moves to its text, to scroll it by keyboard."""
        if event.option_list.id == "help-contents":
            self.show_chapter(event.option_index)
            self.query_one("#help-scroll").focus()

    def show_chapter(self, index: int) -> None:
        """Show chapter ``index``; while one renders, a run of arrow keys renders only the
        chapter the last one landed on."""
        self._wanted = index
        self.run_worker(self._render_wanted(), group="help-chapter")

    async def _render_wanted(self) -> None:
        async with self._rendering:
            if self.shown == self._wanted:
                return
            self.shown = self._wanted
            chapter = self.chapters[self.shown]
            title = self.query_one("#help-title", Static)
            # A long chapter (a table of many rows) can take a moment: say so meanwhile.
            title.update(f"{self.help_title} - opening {chapter.title.strip()}...")
            self.query_one("#help-scroll", VerticalScroll).scroll_home(animate=False)
            await self.query_one("#help-text", Markdown).update(chapter.markdown)
            title.update(self.help_title)

    def action_close(self) -> None:
        self.dismiss(None)
