"""The scenario editor's screen: the campaign's hex map widget with a brush, the tools'
panel and the problems of the scenario as ``tuicamp check`` finds them.

Every change goes through :mod:`tuicamp.game.mapedit` (the edits, their history, the
checks, the writer), so the screen holds no rule of its own about what a map may be.
A terrain stroke repaints only the hexes it changed; other edits redraw the map.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from tuicamp.engine import registry
from tuicamp.engine.errors import InputError
from tuicamp.game.mapedit import armies, blocks, draft, edits
from tuicamp.game.mapedit.history import History
from tuicamp.game.mapedit.ledger import LedgerLine, ledger
from tuicamp.game.mapedit.palette import Palette, palette_for
from tuicamp.game.mapedit.writer import scenario_text
from tuicamp.model.hexes import Hex, Hexside
from tuicamp.model.map import Territory
from tuicamp.model.terrain import ANSI_COLOURS
from tuicamp.storage.scenario import Scenario
from tuicamp.ui import help_keys, screens
from tuicamp.ui.editor import _generate, _leaving
from tuicamp.ui.editor._forms import FieldsForm, TextForm
from tuicamp.ui.editor._tools import (
    ARMY,
    FEATURE,
    PEN_DRAW,
    PEN_OFF,
    SETTLEMENT,
    SETTLEMENT_KINDS,
    TERRAIN,
    TERRITORY,
    Tools,
)
from tuicamp.ui.map_layers import AREA, Marker, OverlayLook
from tuicamp.ui.map_widget import MapWidget
from tuicamp.ui.names import cut
from tuicamp.ui.widgets.key_footer import KeyFooter

BLANK_SIZE = (16, 12)
# The panel beside the map: 30 columns, or 44 on a terminal this wide (the CSS says the
# same); its border and padding take 3 of them, a ledger line's indent 2 more.
WIDE, WIDE_AT = "-wide", 120
PANEL_WIDTHS = {False: 30, True: 44}
PANEL_FRAME = 3
LEDGER_INDENT = "  "
MIN_NAME = 6  # the fewest columns a cut name keeps, however long the figures
CHECK_AFTER = 0.4  # seconds of quiet after an edit before the scenario is checked again
# Checked by itself after edits up to this many hexes; a larger map takes seconds to check
# (it is read as a file and a campaign started from it), which would hold up the keys that
# follow, so it is checked when asked (v) and when saved.
AUTO_CHECK_HEXES = 5000
BRUSH = "brush"
BRUSH_LOOK = OverlayLook(AREA, "+", "bright_white", "the editor's brush")
LASSO = "lasso"
LASSO_LOOK = OverlayLook(AREA, "*", "bright_yellow", "the lasso's trail")
# A territory's own colour (C) tints its hexes' free cells, after the brush and the lasso.
LAND_LOOKS = {
    f"land {colour}": OverlayLook(AREA, "'", colour, f"a territory coloured {colour}")
    for colour in ANSI_COLOURS
}


class EditorMap(MapWidget):
    """The map widget as the editor shows it: a map without armies keeps the army and
    zoom keys (same ids) out of the footer, which has room for the editor's own."""

    BINDINGS = [
        Binding("n", "next_army(1)", "Next army", show=False, id="map.next_army"),
        Binding("c", "centre", "Centre", show=False, id="map.centre"),
        Binding("enter", "select", "Select", show=False, id="map.select"),
        Binding("o", "toggle_layout", "Overview", show=False, id="map.layout"),
    ]


class EditorScreen(Screen[None]):
    """Edit ``path`` (None: a blank map), saving back to it, or to a path asked for (a
    blank map, or ``save_as``: a bundled scenario, kept as it is shipped)."""

    DEFAULT_CSS = """
    EditorScreen > Horizontal { height: 1fr; }
    EditorScreen MapWidget { width: 1fr; height: 1fr; }
    #editor-panel { width: 30; height: 1fr; border-left: solid $primary; }
    EditorScreen.-wide #editor-panel { width: 44; }
    #editor-status { height: auto; padding: 0 1; }
    #editor-problems { height: 1fr; border: none; }
    """
    BINDINGS = [
        # The footer shows what every tool does at 80 columns (the panel lists the tool,
        # its item, the brush and the problems with their keys, and the tool's own keys).
        Binding("t", "next_tool", "Tool", show=False, id="editor.tool"),
        Binding("right_square_bracket", "cycle(1)", "Next", show=False, id="editor.next_item"),
        Binding("left_square_bracket", "cycle(-1)", "Prev", show=False, id="editor.prev_item"),
        Binding("b", "brush", "Brush", show=False, id="editor.brush"),
        Binding("space", "apply", "Apply", id="editor.apply"),
        Binding("f", "fill", "Fill", show=False, id="editor.fill"),
        Binding("l", "lasso", "Lasso", show=False, id="editor.lasso"),
        Binding("O", "territory_owner", "Land owner", show=False, id="editor.territory_owner"),
        Binding("T", "new_territory", "New land", show=False, id="editor.new_territory"),
        Binding("r", "rename", "Rename", show=False, id="editor.rename"),
        Binding("C", "recolour", "Land colour", show=False, id="editor.recolour"),
        Binding("X", "remove_settlement", "Remove", show=False, id="editor.remove"),
        Binding("u", "undo", "Undo", id="editor.undo"),
        Binding("y", "redo", "Redo", id="editor.redo"),
        Binding("v", "check", "Check", id="editor.check"),
        Binding("j", "jump", "Jump", show=False, id="editor.jump"),
        Binding("g", "generate", "Generate", show=False, id="editor.generate"),
        Binding("s", "scenario", "Scenario", show=False, id="editor.scenario"),
        Binding("p", "players", "Players", show=False, id="editor.players"),
        Binding("V", "victory", "Victory", show=False, id="editor.victory"),
        Binding("R", "rulesets", "Rulesets", show=False, id="editor.rulesets"),
        Binding("B", "setup", "Set-up", show=False, id="editor.setup"),
        Binding("ctrl+s", "save", "Save", id="editor.save"),
        Binding("question_mark,f1", "help", "Help", id="editor.help"),
        Binding("q", "close", "Close", id="editor.close"),
    ]

    def __init__(
        self,
        path: Path | None = None,
        ruleset: str = "sandbox",
        *,
        save_as: bool = False,
        scenario: Scenario | None = None,
        saved: bool = True,
    ) -> None:
        """``scenario``: one already read from ``path`` (problems and all, as
        :func:`open_editor` opens a file); ``saved`` False when it differs from the file."""
        super().__init__()
        if scenario is not None:
            self.scenario: Scenario = scenario
            self.path: Path | None = None if save_as or path is None else path
        elif path is not None:
            self.scenario = draft.open_scenario(path)
            self.path = None if save_as else path
        else:
            self.scenario = draft.blank_scenario(*BLANK_SIZE, ruleset)
            self.path = None
        # a new scenario is offered every installed ruleset's terrain: its own are not chosen yet
        self._new = scenario is None and path is None
        self.palette: Palette = self._palette()
        self.history = History(self.scenario)
        self.tools = Tools()
        self.findings: list[draft.Finding] = []
        self.checks = 0  # how many times the scenario was checked (tests wait on it)
        self.saved = saved
        self._jump_at = -1
        self._timer: Timer | None = None
        self._last_cursor: Hex | None = None
        self._ledger: list[LedgerLine] = []
        self._stale = False  # edited since the last check, on a map too large to check by itself
        self.lasso: list[Hex] | None = None  # the brush's trail while the lasso is out

    def _palette(self) -> Palette:
        """The terrains and features the tools offer (every one the scenario's rulesets
        declare), and the map drawn in their words, so any of them shows once painted."""
        palette = palette_for(self.scenario, new=self._new)
        self.scenario.map.vocabulary = palette.vocabulary
        return palette

    # --- layout -----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal():
            yield EditorMap(self.scenario.map, id="editor-map")
            with Vertical(id="editor-panel"):
                yield Static(id="editor-status", markup=False)
                yield OptionList(id="editor-problems")
        yield KeyFooter()

    @property
    def map_widget(self) -> MapWidget:
        return self.query_one("#editor-map", EditorMap)

    def on_mount(self) -> None:
        self.map_widget.declare_overlays({BRUSH: BRUSH_LOOK, LASSO: LASSO_LOOK, **LAND_LOOKS})
        self._show_armies()
        self._show_colours()
        self.map_widget.focus()
        self.check_now()
        self._show_brush()
        if self.findings:
            count = len(self.findings)
            self.notify(
                f"{count} problem{'s' if count > 1 else ''} to fix: listed in the panel,"
                " j jumps to the next one's hex"
            )

    # --- what the panel says ----------------------------------------------------------
    def _show_armies(self) -> None:
        """The starting armies as the campaign map draws them: the owner's letter and
        colour, and the count of a stack."""
        slots = {p.id: p for p in self.scenario.players}
        stacks: dict[Hex, int] = {}
        owners: dict[Hex, str] = {}
        for army in self.scenario.armies:
            if army.hex is not None:
                stacks[army.hex] = stacks.get(army.hex, 0) + 1
                owners.setdefault(army.hex, army.owner)
        markers = {}
        for h, count in stacks.items():
            slot = slots.get(owners[h])
            letter = (slot.letter or slot.name[:1]).upper() if slot else "?"
            markers[h] = Marker(letter, slot.colour if slot else "white", count)
        self.map_widget.set_markers(markers)

    def _show_colours(self) -> None:
        """Each territory that has a colour of its own tinted in it."""
        tinted: dict[str, list[Hex]] = {name: [] for name in LAND_LOOKS}
        for t in self.scenario.map.territories:
            if t.colour:
                tinted.setdefault(f"land {t.colour}", []).extend(t.hexes)
        widget = self.map_widget
        for name, hexes in tinted.items():
            if hexes:
                widget.set_area(name, hexes)
            else:
                widget.clear_overlay(name)

    def _status(self) -> None:
        m, tools = self.scenario.map, self.tools
        h = self.map_widget.cursor
        terrain = m.terrain_at(h).name if m.contains(h) else "-"
        territory = m.territory_of(h)
        here = m.settlements_at(h)
        name = self.path.name if self.path else "(not saved yet)"
        lines = [
            f"{name}{'' if self.saved else ' *'}",
            f"{m.width} x {m.height}  hex {m.label(h)}",
            f"  {terrain}",
            f"  land: {self._land_text(territory)}",
            f"  town: {here[0].name + ' (' + here[0].kind + ')' if here else '-'}",
            f"  army: {self._army_here_text(h)}",
            f"Tool [t]: {tools.tool}",
            f"  [ ]: {tools.item(m, self.palette)}",
            *(f"  {line}" for line in tools.keys(self._panel_room() - 2)),
            f"Brush [b]: {tools.brush}{'  lasso out [l]' if self.lasso is not None else ''}",
            f"Problems [j]: {len(self.findings) or 'none'}{' (v: check)' if self._stale else ''}",
            "Ledger (land, towns, pts):",
            *self._ledger_lines(),
        ]
        self.query_one("#editor-status", Static).update("\n".join(lines))

    def _land_text(self, territory: Territory | None) -> str:
        if territory is None:
            return "-"
        tint = f" in {territory.colour}" if territory.colour else ""
        return f"{territory.name}{self._held(territory.owner)}{tint}"

    def _held(self, owner: str | None) -> str:
        """`` (Red)``: whose land it is, by the holder's whole name (a ledger line may
        cut it), or its id when no slot or team has that id."""
        if not owner:
            return ""
        sc = self.scenario
        names = {**{t.id: t.name for t in sc.teams}, **{p.id: p.name for p in sc.players}}
        return f" ({names.get(owner, owner)})"

    def _panel_room(self) -> int:
        """The characters a line of the status panel has."""
        return PANEL_WIDTHS[self.has_class(WIDE)] - PANEL_FRAME

    def _ledger_lines(self) -> list[str]:
        """The ledger in the panel's width: a line as it is when it fits; else, on a wide
        screen, wrapped with the whole name; on a narrow one, the name cut after a whole
        word (the land line above names the holder in full)."""
        room = self._panel_room() - len(LEDGER_INDENT)
        out = []
        for line in self._ledger:
            whole, figures = line.short(), line.figures()
            if len(whole) <= room:
                out.append(LEDGER_INDENT + whole)
            elif self.has_class(WIDE):  # the name wrapped, the figures kept together
                wrapped = textwrap.wrap(f"{line.name}:", room, subsequent_indent="  ")
                if len(wrapped[-1]) + 1 + len(figures) <= room:
                    wrapped[-1] += " " + figures
                else:
                    wrapped.append("  " + figures)
                out += [LEDGER_INDENT + part for part in wrapped]
            else:
                name = cut(line.name, max(MIN_NAME, room - len(figures) - 2))
                out.append(f"{LEDGER_INDENT}{name}: {figures}")
        return out

    def on_resize(self, event: events.Resize) -> None:
        """A wide terminal (160 x 48) widens the panel, for whole names in the ledger."""
        wide = event.size.width >= WIDE_AT
        if wide != self.has_class(WIDE):
            self.set_class(wide, WIDE)
            self._status()

    def _army_here(self, h: Hex) -> armies.Army | None:
        """The army the army tool changes on ``h``: of those there, the one ``]`` chose."""
        here = armies.armies_at(self.scenario, h)
        return here[self.tools.army % len(here)] if here else None

    def _army_here_text(self, h: Hex) -> str:
        army, count = self._army_here(h), len(armies.armies_at(self.scenario, h))
        if army is None:
            return "-"
        more = f" (+{count - 1})" if count > 1 else ""
        return f"{army.name[:14]} {army.points}{more}"

    def _show_problems(self) -> None:
        problems = self.query_one("#editor-problems", OptionList)
        problems.clear_options()
        width = self.scenario.map.label_width
        problems.add_options(
            Option(f"{f.hex.label(width) if f.hex else '----'} {f.text}") for f in self.findings
        )

    def _show_brush(self) -> None:
        m, h = self.scenario.map, self.map_widget.cursor
        if self.tools.tool in (TERRAIN, TERRITORY) and self.tools.brush > 1:
            self.map_widget.set_area(BRUSH, edits.brush(m, h, self.tools.brush))
        else:
            self.map_widget.clear_overlay(BRUSH)
        self._status()

    # --- checks -----------------------------------------------------------------------
    def check_now(self) -> None:
        """Check the scenario as ``tuicamp check`` would, and list what it finds."""
        self._found(draft.findings(self.scenario))

    def _found(self, found: list[draft.Finding]) -> None:
        self.findings = found
        self._stale = False
        before = {line.warning for line in self._ledger}
        self._ledger = ledger(self.scenario)
        for line in self._ledger:  # a player or realm newly over or under: told once
            if line.warning is not None and line.warning not in before and self.checks:
                self.notify(line.warning, severity="warning")
        self.checks += 1
        self._jump_at = -1
        self._show_problems()
        self._status()

    def _answered(self, found: list[draft.Finding]) -> None:
        """A check thread's answer, listed unless the screen is being taken down: the
        thread may answer between its last look at being cancelled and the screen's
        widgets going (the editor closed, the app quitting), and then nothing is left to
        list it in."""
        if self.query("#editor-problems"):
            self._found(found)

    def _check_later(self) -> None:
        """The check after an edit: the text is written here, checked on a thread (a
        200 x 200 map takes seconds), and the problems listed when it answers; a newer
        check cancels an older one."""
        written = scenario_text(self.scenario)
        scenario = self.scenario

        def check() -> None:
            found = draft.findings_of(scenario, written)
            if not get_current_worker().is_cancelled:  # a newer check is on its way
                self.app.call_from_thread(self._answered, found)

        self.run_worker(check, thread=True, exclusive=True, group="check")

    def _changed(self, hexes: list[Hex] | None = None) -> None:
        """After an edit: repaint what changed (``hexes``; None: the whole map), mark the
        scenario unsaved, and check it again once the keys have been quiet a moment."""
        widget = self.map_widget
        if hexes is None:  # the rulesets may have changed (undone, generated, chosen)
            self.palette = self._palette()
            widget.set_map(self.scenario.map)
            self._show_armies()
            self._show_colours()
        else:
            widget.refresh_hexes(hexes)
        self.saved = False
        if self._timer is not None:
            self._timer.stop()
        m = self.scenario.map
        if m.width * m.height <= AUTO_CHECK_HEXES:
            self._timer = self.set_timer(CHECK_AFTER, self._check_later)
        else:
            self._stale = True
        self._show_brush()

    def _attempt(self, what: str, change) -> tuple[bool, str | None]:
        """Do one edit as one step of undo: whether it changed anything, and the words of
        its refusal (which leaves no step)."""
        self.history.before(what)
        try:
            done = change()
        except ValueError as exc:
            self.history.drop_last()
            return False, str(exc)
        if not done:
            self.history.drop_last()
        return bool(done), None

    def _edit(self, what: str, change) -> bool:
        """Do one edit as one step of undo; a refusal is told and leaves no step."""
        done, refusal = self._attempt(what, change)
        if refusal is not None:
            self.notify(refusal, severity="warning")
        return done

    def _form_edit(
        self, what: str, change: Callable[[list[str]], object]
    ) -> Callable[[list[str]], str | None]:
        """A form's ``accept`` for an answer that is one edit: done and redrawn, or its
        refusal said in the form, which stays open with what was typed."""

        def accept(answer: list[str]) -> str | None:
            done, refusal = self._attempt(what, lambda: change(answer))
            if done:
                self._changed()
            return refusal

        return accept

    # --- the map's messages -----------------------------------------------------------
    def on_map_widget_cursor_moved(self, message: MapWidget.CursorMoved) -> None:
        old, self._last_cursor = self._last_cursor, message.hex
        pen_down = self.tools.tool == FEATURE and self.tools.pen != PEN_OFF
        if pen_down and old is not None and old.is_adjacent(message.hex):
            self._pen_stroke(Hexside(old, message.hex))
        if self.lasso is not None:
            self._lasso_trail(message.hex)
        self._show_brush()

    def on_map_widget_selected(self, message: MapWidget.Selected) -> None:
        self.action_apply()

    def _pen_stroke(self, side: Hexside) -> None:
        m = self.scenario.map
        feature = self.tools.feature_id(self.palette)
        on = self.tools.pen == PEN_DRAW
        if self._edit(
            f"{feature} {m.label(side.a)}-{m.label(side.b)}",
            lambda: edits.set_feature(m, side, feature, on),
        ):
            self._changed()

    # --- actions ----------------------------------------------------------------------
    def action_next_tool(self) -> None:
        self.tools.next_tool()
        self._show_brush()

    def action_cycle(self, step: int) -> None:
        self.tools.cycle(self.scenario.map, self.palette, step)
        self._show_brush()

    def action_brush(self) -> None:
        self.tools.next_brush()
        self._show_brush()

    def action_apply(self) -> None:
        m, h, tools = self.scenario.map, self.map_widget.cursor, self.tools
        if tools.tool == TERRAIN:
            letter = tools.letter(self.palette)
            area = edits.brush(m, h, tools.brush)
            changed: list[Hex] = []

            def paint() -> bool:
                changed.extend(edits.paint_terrain(m, area, letter))
                return bool(changed)

            if self._edit(f"paint {letter}", paint):
                self._changed(changed)
        elif tools.tool == FEATURE:
            tools.next_pen()
            self._status()
        elif tools.tool == TERRITORY:
            if tools.territory is None:
                self.notify("no territory in hand: T makes one", severity="warning")
                return
            tid, area = tools.territory, edits.brush(m, h, tools.brush)
            if self._edit("assign", lambda: edits.assign_hexes(m, area, tid)):
                self._changed()
        elif tools.tool == SETTLEMENT:
            self._settlement_form(h)
        elif tools.tool == ARMY:
            self._army_form(h)

    def action_fill(self) -> None:
        m, tid = self.scenario.map, self.tools.territory
        if tid is None:
            self.notify("no territory in hand: T makes one", severity="warning")
            return
        h = self.map_widget.cursor
        if self._edit("fill", lambda: edits.flood_fill(m, h, tid)):
            self._changed()

    def _lasso_trail(self, h: Hex) -> None:
        assert self.lasso is not None
        trail = set(self.lasso)
        self.lasso += [
            x for x in edits.brush(self.scenario.map, h, self.tools.brush) if x not in trail
        ]
        self.map_widget.set_area(LASSO, self.lasso)

    def action_lasso(self) -> None:
        """l: put the lasso out (the brush leaves a trail as the cursor goes), and l again
        to close it: the trail and all it closes in go to the territory in hand."""
        m, tid = self.scenario.map, self.tools.territory
        if self.lasso is None:
            if tid is None:
                self.notify("no territory in hand: T makes one", severity="warning")
                return
            self.lasso = []
            self._lasso_trail(self.map_widget.cursor)
            self.notify("lasso out: move round the land, l again to close it")
            self._status()
            return
        loop, self.lasso = self.lasso, None
        self.map_widget.clear_overlay(LASSO)
        if tid is not None and self._edit("lasso", lambda: edits.lasso(m, loop, tid)):
            self._changed()
        self._status()

    def _territory_form(
        self,
        what: str,
        ask: Callable[[Territory], tuple[str, tuple[str, str], str]],
        change: Callable[[str, str], object],
    ) -> None:
        """One field about the territory under the cursor (its owner, name or colour):
        ``ask`` gives the form's title, field and hint; ``change`` (the territory's id, the
        answer) is one step of undo."""
        territory = self.scenario.map.territory_of(self.map_widget.cursor)
        if territory is None:
            self.notify("the hex under the cursor is in no territory", severity="warning")
            return
        tid = territory.id
        title, field, hint = ask(territory)
        accept = self._form_edit(what, lambda answer: change(tid, answer[0]))
        self.app.push_screen(FieldsForm(title, [field], hint, accept))

    def action_territory_owner(self) -> None:
        """O: whose land the territory under the cursor starts as (the line of the
        ledgers it counts on, and the owner a campaign's owners' borders follow)."""
        sc = self.scenario
        holders = ", ".join([p.id for p in sc.players] + [t.id for t in sc.teams])
        self._territory_form(
            "land owner",
            lambda t: (
                f"Whose land is {t.name}",
                (f"Owner ({holders}, or empty)", t.owner or ""),
                "a player slot or a team; empty: nobody's",
            ),
            lambda tid, owner: edits.set_territory_owner(sc, tid, owner),
        )

    def action_new_territory(self) -> None:
        def made(answer: list[str]) -> str | None:
            try:
                territory = edits.new_territory(self.scenario.map, answer[0])
            except ValueError as exc:
                return str(exc)
            self.tools.tool, self.tools.territory = TERRITORY, territory.id
            self._status()
            return None

        self.app.push_screen(FieldsForm("A new territory", [("Name", "")], accept=made))

    def action_rename(self) -> None:
        m = self.scenario.map
        self._territory_form(
            "rename",
            lambda t: ("Rename the territory", ("Name", t.name), ""),
            lambda tid, name: edits.rename_territory(m, tid, name),
        )

    def action_recolour(self) -> None:
        """C: the colour the territory under the cursor is tinted in, saved with it."""
        m = self.scenario.map
        hint = f"{', '.join(ANSI_COLOURS)}; empty: none"
        self._territory_form(
            "recolour",
            lambda t: (f"Colour of {t.name}", ("Colour", t.colour), hint),
            lambda tid, colour: edits.set_territory_colour(m, tid, colour),
        )

    def _settlement_form(self, h: Hex) -> None:
        m = self.scenario.map
        here = m.settlements_at(h)
        s = here[0] if here else None
        stores = ", ".join(f"{k}={v}" for k, v in (s.stores if s else {}).items())
        owners = ", ".join(p.id for p in self.scenario.players)
        fields = [
            (f"Kind ({', '.join(SETTLEMENT_KINDS)})", s.kind if s else "village"),
            ("Name", s.name if s else ""),
            (f"Owner ({owners}, or empty)", (s.owner or "") if s else ""),
            ("Walls (yes or no)", "yes" if s and s.walls else "no"),
            ("Stores (food=2, gold=1, or empty)", stores),
        ]

        def place(answer: list[str]) -> object:
            kind, name, owner, walls, stores = answer
            return edits.place_settlement(
                m,
                h,
                kind,
                name,
                owner or None,
                walls=edits.parse_yes(walls),
                stores=edits.parse_stores(stores),
            )

        accept = self._form_edit("settlement", place)
        self.app.push_screen(FieldsForm(f"Settlement at {m.label(h)}", fields, accept=accept))

    def _army_form(self, h: Hex) -> None:
        """Place an army on ``h`` or change the one there, asked for as the scenario's
        ruleset counts an army: a list of units, or a points allocation and its leader."""
        sc = self.scenario
        army = self._army_here(h)
        style = armies.army_style(sc)
        owners = ", ".join(p.id for p in sc.players)
        owner = army.owner if army else (sc.players[0].id if sc.players else "")
        fields = [(f"Owner ({owners})", owner), ("Name", army.name if army else "")]
        if style.counted == armies.UNITS:
            fields.append(("Units", armies.units_line(army) if army else ""))
            hint = armies.UNITS_HINT
        else:
            lead = army.units[0].name if army and army.units else ""
            fields += [("Commander", lead), ("Points allocation", str(army.points if army else ""))]
            hint = f"the commander is flagged {style.commander_flag}"
        aid = army.id if army else None

        def place(answer: list[str]) -> object:
            if style.counted == armies.UNITS:
                units = armies.parse_units(answer[2])
                return armies.place_army(sc, h, answer[0], answer[1], units, army_id=aid)
            points = armies.parse_points(answer[3])
            return armies.place_army(
                sc, h, answer[0], answer[1], points=points, commander=answer[2], army_id=aid
            )

        title = f"Army at {sc.map.label(h)}" + (
            " (a points allocation)" if style.counted == armies.POINTS else ""
        )
        self.app.push_screen(FieldsForm(title, fields, hint, self._form_edit("army", place)))

    def action_remove_settlement(self) -> None:
        """X: the army tool removes the army it would change, any other the settlement."""
        m, h = self.scenario.map, self.map_widget.cursor
        if self.tools.tool == ARMY:
            army = self._army_here(h)
            if army is None:
                self.notify("no army on this hex", severity="warning")
                return
            aid = army.id
            if self._edit("remove army", lambda: armies.remove_army(self.scenario, aid)):
                self._changed()
            return
        if self._edit("remove settlement", lambda: edits.remove_settlement(m, h)):
            self._changed()

    def action_undo(self) -> None:
        what = self.history.undo()
        if what is None:
            self.notify("nothing to undo")
            return
        self.notify(f"undone: {what}")
        self._changed()

    def action_redo(self) -> None:
        what = self.history.redo()
        if what is None:
            self.notify("nothing to redo")
            return
        self.notify(f"done again: {what}")
        self._changed()

    def action_check(self) -> None:
        self.check_now()
        self.query_one("#editor-problems", OptionList).focus()

    def action_jump(self) -> None:
        """Put the cursor on the next problem's hex."""
        placed = [f for f in self.findings if f.hex is not None]
        if not placed:
            self.notify("no problem to jump to" if not self.findings else "no problem names a hex")
            return
        self._jump_at = (self._jump_at + 1) % len(placed)
        finding = placed[self._jump_at]
        assert finding.hex is not None
        self.map_widget.cursor = finding.hex
        self.map_widget.focus()
        self.notify(finding.text)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        finding = self.findings[event.option_index]
        if finding.hex is not None:
            self.map_widget.cursor = finding.hex
            self.map_widget.focus()

    def action_scenario(self) -> None:
        sc = self.scenario
        fields = [("Title", sc.title), ("Id", sc.id), ("Turn limit (0: none)", str(sc.turn_limit))]

        accept = self._form_edit("scenario", lambda answer: edits.set_head(sc, *answer))
        self.app.push_screen(FieldsForm("The scenario", fields, accept=accept))

    def action_players(self) -> None:
        sc = self.scenario
        lines = [edits.slot_line(p) for p in sc.players] + [""]
        fields = [
            (f"Slot {i + 1}: id, name, race, colour[, races offered: A / B]", line)
            for i, line in enumerate(lines)
        ]
        hint = f"an empty slot is left out; colours: {', '.join(edits.COLOURS)}"

        accept = self._form_edit("players", lambda answer: edits.set_players(sc, answer))
        self.app.push_screen(FieldsForm("Player slots", fields, hint, accept))

    def action_victory(self) -> None:
        """V: the victory conditions and the turn limit, as the [victory] table's TOML."""
        sc = self.scenario
        self._edit_text(
            "Victory and turn limit",
            blocks.victory_text(sc),
            "victory",
            lambda text: blocks.set_victory_text(sc, text),
        )

    def action_setup(self) -> None:
        """B: a ruleset's set-up block (its options, table overrides and set-up keys);
        which ruleset is asked when the scenario supports more than one."""
        sc = self.scenario
        ids = list(sc.rulesets)

        def edit(rid: str) -> None:
            self._edit_text(
                f"[ruleset.{rid}]: options, tables and set-up",
                blocks.block_text(sc, rid),
                "set-up",
                lambda text: blocks.set_block(sc, rid, text),
            )

        if len(ids) == 1:
            edit(ids[0])
            return

        def supported(answer: list[str]) -> str | None:
            rid = answer[0].strip()
            return None if rid in ids else f"{rid!r}: the scenario supports {', '.join(ids)}"

        def chosen(answer: list[str] | None) -> None:
            if answer:
                edit(answer[0].strip())

        fields = [(f"Which ruleset's set-up ({', '.join(ids)})", ids[0])]
        self.app.push_screen(FieldsForm("Set-up", fields, accept=supported), chosen)

    def _edit_text(self, title: str, text: str, what: str, change: Callable[[str], bool]) -> None:
        """A block of TOML edited in a form as one step of undo; a refusal is told and
        the form comes back with the text as typed, to be put right."""

        def done(answer: str | None) -> None:
            if answer is None:
                return
            self.history.before(what)
            try:
                changed = change(answer)
            except ValueError as exc:
                self.history.drop_last()
                self.notify(str(exc), severity="warning")
                self._edit_text(title, answer, what, change)
                return
            if not changed:
                self.history.drop_last()
                return
            self._changed()

        self.app.push_screen(TextForm(title, text), done)

    def action_rulesets(self) -> None:
        sc = self.scenario
        installed = registry.load_rulesets()
        names = ", ".join(sorted(installed))
        fields = [(f"Rulesets it supports ({names})", ", ".join(sc.rulesets))]

        words = {rid: installed[rid].vocabulary for rid in installed}
        accept = self._form_edit(
            "rulesets", lambda answer: edits.set_rulesets(sc, answer[0].split(","), words)
        )
        self.app.push_screen(FieldsForm("Rulesets", fields, accept=accept))

    def action_generate(self) -> None:
        title = "Generate a map (replaces this one; u undoes)"
        _generate.ask(self, title, self._ruleset(), self._replace)

    def _ruleset(self) -> str:
        return next(iter(self.scenario.rulesets), "sandbox")

    def _replace(self, new: Scenario) -> None:
        """Take another scenario's map and players (a generated one): one step of undo for
        the map."""
        self.history.before("generate")
        old = self.scenario
        old.map.width, old.map.height = new.map.width, new.map.height
        old.map.terrain, old.map.hexsides = new.map.terrain, new.map.hexsides
        old.map.territories, old.map.settlements = new.map.territories, new.map.settlements
        old.map.invalidate()
        old.players, old.armies, old.victory = new.players, new.armies, new.victory
        old.turn_limit = new.turn_limit
        # a ruleset's set-up lives beside the map (Hex Island's realms, Capitals, holdings)
        old.teams, old.rulesets = new.teams, new.rulesets
        self._changed()

    def action_save(self) -> None:
        if self.path is not None:
            self._save_to(self.path)
            return

        def chosen(answer: list[str]) -> str | None:
            name = answer[0].strip()
            return self._saved_to(Path(name)) if name else "give the file a name"

        fields = [("File", "new-scenario.toml")]
        self.app.push_screen(FieldsForm("Save the scenario as", fields, accept=chosen))

    def _save_to(self, path: Path) -> None:
        refusal = self._saved_to(path)
        if refusal is not None:
            self.notify(refusal, severity="error")

    def _saved_to(self, path: Path) -> str | None:
        """Save to ``path``: None, or why it could not be written (the scenario is kept
        as it is, to be saved elsewhere)."""
        if self._stale:
            self.check_now()
        try:
            draft.save(self.scenario, path)
        except InputError as exc:
            return str(exc)
        self.path, self.saved = path, True
        self.notify(f"saved {path}")
        self._status()
        return None

    def action_help(self) -> None:
        """The editor's keys, read from its bindings: at 80 columns most of them are off
        the footer, and the help is where a designer finds them besides the palette."""
        rows = help_keys.key_rows(self)
        chapter = screens.imported(screens.KEYS_CHAPTER)(rows)
        self.app.push_screen(screens.imported(screens.HELP)([chapter], "Help: the scenario editor"))

    def action_close(self) -> None:
        """Leave the editor; with changes not saved, only once the designer says so."""
        question = "The scenario has changes not saved. Close the editor and lose them?"
        _leaving.close(self, self.saved, question)

    def unsaved_question(self) -> str | None:
        """What the app asks before ctrl+q quits with this scenario not saved (None: ask
        nothing, it is all on disk)."""
        if self.saved:
            return None
        return "The scenario has changes not saved. Quit and lose them?"
