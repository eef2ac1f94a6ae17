"""In-game help: the ruleset's rules summary, the phases with the current one's steps, the
house rules in force and every table in use, overrides marked, and the keys.

Everything comes from the ruleset itself (its docs/ chapters, phases, options and tables/)
and the campaign's overrides, so a club's own ruleset gets a help screen for free.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from tuicamp.engine.context import merged_tables
from tuicamp.engine.ruleset import Ruleset
from tuicamp.model.terrain import Vocabulary

HOUSE = "**(house rule)**"


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


def help_markdown(
    ruleset: Ruleset,
    phase_id: str,
    options: Mapping[str, Any],
    overrides: Mapping[str, Any],
    keys: Iterable[tuple[str, str]] = (),
) -> str:
    """The whole help page as Markdown; ``keys`` are (key, what it does)."""
    out = [f"# {ruleset.title}", ""]
    if ruleset.summary:
        out += [ruleset.summary, ""]
    phases = list(ruleset.phases)
    if phases:
        out += ["## Phases", ""]
        for phase in phases:
            now = " **(now)**" if phase.id == phase_id else ""
            kind = " (everyone at once)" if phase.simultaneous else ""
            out.append(f"- **{phase.title}**{kind}{now}")
        current = ruleset.phase(phase_id)
        if current is not None:
            out += ["", f"### This phase: {current.title}", ""]
            out += [current.help or "No steps are written down for this phase.", ""]
        out.append("")
    keys = list(keys)
    if keys:
        out += ["## Keys", "", "| key | does |", "|---|---|"]
        out += [f"| {_cell(k)} | {_cell(d)} |" for k, d in keys]
        out.append("")
    if ruleset.options:
        out += ["## House rules in force", "", "| option | set to | |", "|---|---|---|"]
        for opt in ruleset.options:
            value = options.get(opt.name, opt.default)
            mark = HOUSE if value != opt.default else "(default)"
            out.append(f"| {opt.name} | {_cell(value)} {mark} | {_cell(opt.help)} |")
        out.append("")
    tables = merged_tables(ruleset.default_tables, dict(overrides))
    if tables:
        out += ["## Tables in use", ""]
        for name, table in tables.items():
            out += table_markdown(name, table, overrides.get(name))
    out += vocabulary_markdown(ruleset.vocabulary)
    text = ruleset.help_text()
    if text and text != ruleset.summary:
        out += ["## Rules", "", _demote(text)]
    return "\n".join(out) + "\n"


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


class HelpScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q,f1", "close", "Back", id="help.close"),
    ]

    def __init__(self, markdown: str, title: str = "Help") -> None:
        super().__init__()
        self.markdown = markdown
        self.help_title = title

    def compose(self) -> ComposeResult:
        yield Static(self.help_title, classes="screen-title", markup=False)
        with VerticalScroll(id="help-scroll"):
            yield Markdown(self.markdown, id="help-text", open_links=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
