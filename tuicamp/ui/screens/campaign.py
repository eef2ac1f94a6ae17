"""The campaign screen: the map, the side panel, the phase bar, the latest chronicle lines
and the ruleset's panel for the current phase.

It draws only from ``Session.view(seat)`` and changes nothing itself: every change is an
action sent through :meth:`CampaignScreen.perform`, which shows a refusal as a
notification, asks for table dice when the engine needs them, and then decides whether
the terminal must hand over to another seat. Seat lists, options and table overrides are
read from the campaign (they are not secret); armies and the chronicle only from views.

Keys: the map's own (w e a d z x and the arrows move, n next army, enter select, o
overview), the ones below, and the ruleset's commands, all with binding ids for the keymap.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from attrs import evolve
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen, Screen

from tuicamp.engine.actions import Action, Event
from tuicamp.engine.awaited import RollAwaited
from tuicamp.engine.errors import DiceNeeded, InputError, RuleError
from tuicamp.engine.flow import EndPhase, acting_players
from tuicamp.engine.letters import WriteLetter
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import Ruleset
from tuicamp.engine.views import ArmyView, CampaignView
from tuicamp.game.battlecard import battle_known, battles_to_fight
from tuicamp.game.session import Session
from tuicamp.model.forces import Seat
from tuicamp.model.hexes import Hex
from tuicamp.rules.kit.teams import name_of
from tuicamp.storage.saves import StaleSave
from tuicamp.ui import help_keys, screens, seating
from tuicamp.ui.kit import command_keys
from tuicamp.ui.map_widget import MapWidget
from tuicamp.ui.markers import markers_for
from tuicamp.ui.moves import MovePlanner, build_model
from tuicamp.ui.panels import PhasePanel, RulesetUI, UiCommand, ruleset_ui
from tuicamp.ui.repaint import SendsChanges
from tuicamp.ui.screens.handover import HandoverScreen, TurnBanner
from tuicamp.ui.styles import read_stylesheets
from tuicamp.ui.widgets.campaign_map import CampaignMap
from tuicamp.ui.widgets.key_footer import KeyFooter
from tuicamp.ui.widgets.log_lines import LogLines, chronicle_rows, keep_toasts_above
from tuicamp.ui.widgets.phase_bar import PhaseBar
from tuicamp.ui.widgets.side_panel import ArmyPanel, HexPanel, MovePreview

# How often a terminal looks for moves made on another terminal: the header alone is read,
# so a club server's thirty sessions see each other's moves within a second for little.
POLL_SECONDS = 0.5


class CampaignScreen(SendsChanges[None]):
    BINDINGS: ClassVar = [
        Binding("t", "end_turn", "End turn", id="campaign.end_turn"),
        Binding("u", "undo", "Undo", id="campaign.undo"),
        Binding("l", "chronicle", "Log", id="campaign.chronicle"),
        Binding("B", "battles", "Battles", id="campaign.battles"),
        # The same key while no battle waits: off the footer (80 columns have no room to
        # spare), but it answers, saying why nothing opens.
        Binding("B", "no_battles", "Battles", show=False, id="campaign.no_battles"),
        Binding("question_mark,f1", "help", "Help", id="campaign.help"),
        Binding("f2", "legend", "Map legend", show=False, id="campaign.legend"),
        Binding("escape", "cancel", "Cancel move", show=False, id="campaign.cancel"),
        Binding("v", "army_details", "Army details", show=False, id="campaign.army_details"),
        Binding("g", "switch_seat", "Change seat", show=False, id="campaign.switch_seat"),
        Binding("ctrl+s", "save", "Save", show=False, id="campaign.save"),
        Binding("q", "close", "Quit", id="campaign.close"),
    ]
    ui: ClassVar[RulesetUI] = RulesetUI()

    def __init__(
        self,
        session: Session,
        *,
        only_seat: str | None = None,
        map_layout: str = "brick",
        on_close: Callable[[], None] | None = None,
        seated: str | None = None,
    ) -> None:
        """``seated``: the seat whose player has taken it at the hand-over the app showed
        before this screen was built (a campaign opened with a hand-over); it is shown
        at once, with no hand-over of its own."""
        super().__init__(classes="campaign")
        self.session = session
        self.only_seat = only_seat
        self.map_layout = map_layout
        self.on_close = on_close
        self.seat: str | None = None  # the seat drawn now; None while handing over
        self._view: CampaignView | None = None
        self._moving: str | None = None  # id of the army being moved
        self._phase_shown: str | None = None
        self._handing_over = False
        self._planner: MovePlanner | None = None
        self._last_seat: str | None = None
        self._panel_swap = asyncio.Lock()  # one phase panel swap at a time
        self._panel_wanted = self._panel_built = 0  # swaps asked for / the last one made
        self._seated = seated
        self._name_end_key()

    # --- building ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield PhaseBar(id="phase-bar")
        yield TurnBanner(id="turn-banner")
        with Horizontal(id="campaign-body"):
            yield CampaignMap(map_layout=self.map_layout, id="map")
            with VerticalScroll(id="side", can_focus=False):
                yield HexPanel(id="hex-panel")
                yield ArmyPanel(id="army-panel")
        yield LogLines(id="log")
        yield KeyFooter(compact=True)

    @property
    def map(self) -> MapWidget:
        return self.query_one("#map", MapWidget)

    @property
    def seats(self) -> list[Seat]:
        return self.session.campaign.seats

    @property
    def local(self) -> list[str]:
        return seating.local_seats(self.seats, self.only_seat)

    def on_mount(self) -> None:
        camp = self.session.campaign
        self.map.declare_overlays(self.ui.overlays)
        self.map.set_map(camp.map)
        self._planner = MovePlanner(
            build_model(camp.map, self.session.ruleset.default_tables, camp.tables)
        )
        self.map.focus()
        self.set_interval(POLL_SECONDS, self._poll)
        if self._seated is not None:
            self._sit_down(self._seated)
        else:
            self._seat_next(first=True)
        self.call_after_refresh(read_stylesheets, self.app, self.ui.stylesheets)

    # --- CampaignControls (what ruleset panels and commands use) ------------------------
    # The seat's view, the rules in force and perform / open / say. ``session`` (set in
    # __init__) is the core's own: its screens reach the raw campaign through it, a
    # ruleset's never (the controls do not offer it).
    @property
    def view(self) -> CampaignView:
        if self._view is None:
            raise RuntimeError("no seat is shown (hand-over in progress)")
        return self._view

    @property
    def rules(self) -> Rules:
        """The session's one read context (cached tables, options)."""
        return self.session.rules

    @property
    def _ruleset(self) -> Ruleset:
        """The screen's own shorthand for ``rules.ruleset`` (the controls do not offer it:
        a ruleset's screens read ``controls.rules.ruleset``)."""
        return self.session.ruleset

    @property
    def cursor(self) -> Hex:
        return self.map.cursor

    @property
    def selected_army(self) -> ArmyView | None:
        """The army being moved, else the seat's own army under the cursor."""
        if self._view is None:
            return None
        if self._moving:
            return self._view.army(self._moving)
        own = [a for a in self._view.own_armies() if a.hex == self.cursor]
        return own[0] if own else None

    def open(self, screen: Screen, callback: Callable[[Any], None] | None = None) -> None:
        self.app.push_screen(screen, callback)

    def say(self, message: str, severity: str = "information") -> None:
        self.notify(message, severity=severity)  # type: ignore[arg-type]

    def perform(self, action: Action, on_done: Callable[[list[Event]], None] | None = None) -> None:
        """Send an action for the shown seat. Refusals become notifications; table dice
        are asked for and the same action is sent again with them."""
        if self.seat is None:
            return
        try:
            events = self.session.perform(self.seat, action)
        except DiceNeeded as exc:

            def entered(values: list[int] | None) -> None:
                if values:
                    self.perform(evolve(action, dice=[*action.dice, *values]), on_done)

            self.app.push_screen(
                screens.imported(screens.DICE_ENTRY)(exc.expr, exc.reason, exc.count), entered
            )
            return
        except StaleSave:
            self._reload(
                "The campaign was changed on another terminal; it is shown anew. "
                "Nothing was done: try again."
            )
            return
        except (RuleError, InputError) as exc:
            self.notify(str(exc), severity="error", title="Refused")
            return
        self._moving = None
        if on_done is not None:
            on_done(events)
        self._after_change(events)

    # --- seats and the hand-over --------------------------------------------------------
    def _acting(self) -> list[str]:
        return self.session.acting_seats()

    def _play(self) -> str:
        """How the phase now is played here: in private (hand-overs) or open."""
        return seating.phase_play(self._ruleset, self.session.campaign.phase)

    def _hands_over(self) -> bool:
        return seating.hands_over(self.seats, self.local, self._play())

    def _next(self) -> tuple[str | None, bool]:
        """The seat to show next, and whether a hand-over comes first."""
        nxt = seating.next_seat(self._acting(), self.local, self.seat, self.seats)
        handing = nxt is not None and nxt != self.seat and self._hands_over()
        return nxt, handing

    def _seat_next(self, first: bool = False) -> None:
        nxt, handing = self._next()
        if nxt is None:
            self.blank()
        elif handing or (first and self._hands_over()):
            self.hand_over(nxt)
        else:
            self._banner(nxt if nxt != self.seat else None)
            self.show_seat(nxt)

    def _banner(self, seat_id: str | None) -> None:
        """Open play: name the seat that takes over on one line (None: say nothing)."""
        banner = self.query_one(TurnBanner)
        seat = self.session.campaign.seat(seat_id) if seat_id else None
        if seat is None or not seating.announces(self.seats, self.local, self._play()):
            banner.clear()
            return
        banner.announce(seating.seat_label(seat, self.session.view(seat.id)))

    def _after_change(self, events: list[Event]) -> None:
        if events and not self._next()[1]:  # no toast to float over a hand-over
            self.notify(events[-1].text, timeout=3)
        self._seat_next()
        if self.seat is not None and not self._handing_over:
            self.show_seat(self.seat)
            fights = any(e.kind == "battle" for e in events) and self.app.screen is self
            if fights and battles_to_fight(self.session.campaign, self.view):
                self.action_battles()  # a battle this seat fights has just begun
            else:
                self._roll_awaited()

    def _roll_awaited(self) -> bool:
        """Ask this seat for the table's dice of revealed work it may roll for (R-ALL-8):
        only now, after the reveal, every writer's choice out in the open; never as the
        last writer's order is sent. True when the dice were asked for."""
        if self._view is None or not self._view.awaiting or self.app.screen is not self:
            return False
        self.perform(RollAwaited())
        return True

    def hand_over(self, seat_id: str) -> None:
        """Blank everything the previous seat saw, then ask for the next player."""
        handover = HandoverScreen.for_seat(self.session, seat_id)
        if handover is None:
            return
        self.blank()
        self._handing_over = True

        def done(taken: bool | None) -> None:
            self._handing_over = False
            if taken is False:  # q at the hand-over: nobody sits down, the campaign closes
                self.action_close()
                return
            self._sit_down(seat_id)

        self.app.push_screen(handover, done)

    def _sit_down(self, seat_id: str) -> None:
        """The seat's player has taken it at a hand-over: show the seat, and say how much
        of the chronicle is for them alone (the hand-over's recap left it out)."""
        self.show_seat(seat_id)
        private = seating.private_news(self.view, seat_id)
        if private:
            entries = "entry" if private == 1 else "entries"
            self.notify(f"{private} {entries} for you alone since your last turn: l, the log")

    def blank(self) -> None:
        """Show nothing of any seat (before a hand-over): notifications included, since
        they float above every screen."""
        self.app.clear_notifications()
        self.seat = None
        self._view = None
        self._moving = None
        m = self.map
        m.set_markers({})
        m.clear_overlays()  # a ruleset's too: nothing the last seat saw stays on the map
        self.query_one(PhaseBar).show(None, None, {})
        self.query_one(TurnBanner).clear()
        self.query_one(HexPanel).show(None, None, None)
        self.query_one(ArmyPanel).show(None, None, None)
        self.query_one(LogLines).show([])
        self._set_phase_panel(None)

    def show_seat(self, seat_id: str) -> None:
        new_seat = seat_id != self._last_seat
        self.seat = self._last_seat = seat_id
        self._view = self.session.view(seat_id)
        borders = self.ui.map_borders(self) if self.ui.map_borders is not None else None
        self.map.set_map(self._view.map, borders=borders)
        self.map.set_markers(markers_for(self._view))
        if new_seat:
            self._cursor_to_own_army()
        self._draw_bar()
        self.query_one(LogLines).show(self._view.chronicle)
        self._set_phase_panel(self._view.phase)
        self._draw_cursor()
        self.refresh_bindings()

    def _cursor_to_own_army(self) -> None:
        """A seat sits down looking at its own army, not at the previous seat's cursor."""
        own = [a.hex for a in self.view.own_armies() if a.hex is not None]
        if own and self.map.cursor not in own:
            self.map.cursor = own[0]
        self.call_after_refresh(self.map.centre_on, self.map.cursor)

    def _seat_names(self) -> dict[str, str]:
        view = self._view
        if view is None:
            return {}
        return {s.id: seating.seat_label(s, view) for s in self.seats}

    def _draw_bar(self) -> None:
        if self._view is None:
            return
        acting_here = self.seat in self._view.acting or self._view.gm
        short = {s.id: seating.seat_short_label(s, self._view) for s in self.seats}
        self.query_one(PhaseBar).show(
            self._view,
            self._ruleset,
            self._seat_names(),
            acting_here=acting_here,
            short_names=short,
        )

    def _set_phase_panel(self, phase: str | None) -> None:
        side = self.query_one("#side", VerticalScroll)
        built = phase is None or side.query(PhasePanel) or self._panel_wanted != self._panel_built
        if phase == self._phase_shown and built:
            for panel in side.query(PhasePanel):
                panel.refresh_view()
            return
        self._phase_shown = phase
        self._panel_wanted += 1
        self.run_worker(self._swap_phase_panel(phase, self._panel_wanted), group="phase-panel")

    async def _swap_phase_panel(self, phase: str | None, wanted: int) -> None:
        """The old phase's panel removed, then the new one mounted: mounted first, the two
        (often of the same id) were in the side panel at once for a moment, and under load
        Textual refused the second as a duplicate id. One swap at a time, and a swap that a
        later phase change has overtaken does nothing."""
        async with self._panel_swap:
            if wanted != self._panel_wanted:
                return
            self._panel_built = wanted
            side = self.query_one("#side", VerticalScroll)
            await side.remove_children(PhasePanel)
            if phase is None or self.ui.panel is None:
                return
            panel = self.ui.panel(self, phase)
            if panel is not None:
                await side.mount(panel, after=self.query_one(HexPanel))
                panel.refresh_view()

    def _poll(self) -> None:
        """Pick up moves made on another terminal (SSH seats share one save)."""
        if self._handing_over or self.app.screen is not self:
            return
        if self.session.stale():
            self._reload(None)

    def _reload(self, message: str | None) -> None:
        try:
            self.session.reload()
        except InputError as exc:
            self.notify(str(exc), severity="error", title="Cannot reload")
            return
        self._moving = None
        if message:
            self.notify(message, severity="warning")
        self._after_change([])

    # --- the cursor, moves -------------------------------------------------------------
    def on_campaign_map_canvas_fitted(self, event: CampaignMap.CanvasFitted) -> None:
        """The chronicle takes the rows the map's drawing leaves empty; toasts stay above."""
        log = self.query_one(LogLines)
        log.fit(chronicle_rows(event.height, event.rows, log.lines))
        keep_toasts_above(self, log.lines)

    def on_screen_suspend(self) -> None:
        """A dialog over this screen shows the same toasts, and the chronicle shows
        through it: keep them above the chronicle there too."""
        rows = self.query_one(LogLines).lines

        def raise_toasts() -> None:
            if isinstance(self.app.screen, ModalScreen):
                keep_toasts_above(self.app.screen, rows)

        self.app.call_after_refresh(raise_toasts)

    def on_map_widget_cursor_moved(self, event: MapWidget.CursorMoved) -> None:
        self._draw_cursor()

    def _budget(self, army: ArmyView) -> float | None:
        if self.ui.move_budget is None:
            return None
        return self.ui.move_budget(self, army)

    def _draw_cursor(self) -> None:
        view = self._view
        if view is None:
            return
        h = self.cursor
        preview = None
        army = view.army(self._moving) if self._moving else None
        planner = self._planner
        if army is not None and self.ui.move_model is not None:
            planner = MovePlanner(self.ui.move_model(self, army))
        if army is not None and army.hex is not None and planner is not None:
            budget = self._budget(army)
            reach, path_labels, path = planner.overlays(army.hex, h, budget)
            self.map.set_overlay("reach", reach)
            if path is not None:
                self.map.set_route("path", path.hexes, labels=path_labels)
            else:
                self.map.clear_overlay("path")
            preview = MovePreview(
                army, h, path.cost if path else None, budget, priced=planner.model is not None
            )
        else:
            self.map.clear_overlay("reach")
            self.map.clear_overlay("path")
        self.query_one(HexPanel).show(view, self._ruleset, h, preview)
        self.query_one(ArmyPanel).show(view, self._ruleset, h)
        for panel in self.query(PhasePanel):
            panel.refresh_view()

    def on_map_widget_selected(self, event: MapWidget.Selected) -> None:
        event.stop()
        view = self._view
        if view is None:
            return
        h = event.hex
        own_here = [a for a in view.own_armies() if a.hex == h]
        if self._moving is not None:
            army = view.army(self._moving)
            if army is None or army.hex == h:
                self._cycle_or_drop(own_here)
                return
            self._send_move(army, h)
            return
        if own_here:
            self._moving = own_here[0].id
            self._draw_cursor()
            return
        others = view.armies_at(h)
        if others:
            owner = view.player(others[0].owner)
            self.notify(f"{others[0].name} is {owner.name if owner else 'not yours'}'s army")

    def _cycle_or_drop(self, own_here: list[ArmyView]) -> None:
        ids = [a.id for a in own_here]
        if self._moving in ids and ids.index(self._moving) + 1 < len(ids):
            self._moving = ids[ids.index(self._moving) + 1]
        else:
            self._moving = None
        self._draw_cursor()

    def _send_move(self, army: ArmyView, h: Hex) -> None:
        if self.ui.move_action is None:
            self.notify(f"{self._ruleset.title} has no map moves", severity="warning")
            return
        self.perform(self.ui.move_action(army.id, self.view.map.label(h)))

    def action_cancel(self) -> None:
        if self._moving is None:
            self.notify("No move to cancel: Enter on an army of yours starts one", timeout=3)
            return
        self._moving = None
        self._draw_cursor()

    # --- the screen's commands ----------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys stay live out of turn on purpose: the engine's refusal ("It is not your
        turn: ...") tells a waiting player more than a greyed-out key would."""
        if action == "command" and parameters:
            command = self._command(str(parameters[0]))
            if command is None:
                return False
            view = self._view
            return not (command.gm_only and not (view and view.gm))
        if action in ("battles", "no_battles"):
            # "battles" (in the footer) while a battle waits or a result of this phase may
            # be taken back, "no_battles" while neither.
            camp, view = self.session.campaign, self._view
            known = [b for b in camp.pending_battles() if view and battle_known(view, b)]
            waiting = bool(known or camp.battles_to_take_back())
            return waiting == (action == "battles")
        return not (action == "switch_seat" and len(self.local) < 2)

    def _command(self, command_id: str) -> UiCommand | None:
        return next((c for c in self.ui.commands if c.id == command_id), None)

    def action_command(self, command_id: str) -> None:
        command = self._command(command_id)
        if command is not None and self._view is not None:
            command.run(self)

    def action_end_turn(self) -> None:
        if self._roll_awaited():  # the phase waits for these dice (R-ALL-8)
            return
        if self.ui.end_turn_action is None or self._view is None:
            self.notify(f"{self._ruleset.title} has no end-of-turn action", severity="warning")
            return
        make = self.ui.end_turn_action
        several = self._several_acting()
        ends_one = make()
        if several and isinstance(ends_one, EndPhase):  # a name or everyone: never a guess
            ends_all = evolve(ends_one, everyone=True)
            make = lambda: ends_all  # noqa: E731

        def answered(yes: bool | None) -> None:
            if yes:
                self.perform(make())

        undone = self._left_undone()
        if undone == []:  # the ruleset names nothing left to do: no question (R-ALL-9)
            self.perform(make())
            return
        question, yes = self._end_question()
        if several:
            names = ", ".join(name_of(self.session.campaign, p) for p in several)
            question = f"{question.removesuffix('?')} for {names}?"
        if undone:
            question = f"{question}\n{'; '.join(undone)}"
        self.app.push_screen(screens.imported(screens.CONFIRM)(question, yes, "Not yet"), answered)

    def _several_acting(self) -> list[str]:
        """The shown seat's players still to act when several act at once (a Games
        Master's seat, or one seat of a realm's players): "t" then ends all of them, and
        its question names them, since the engine refuses to pick one unnamed."""
        camp = self.session.campaign
        seat = camp.seat(self.seat or "")
        if seat is None or not camp.flow.simultaneous:
            return []
        mine = [p for p in acting_players(camp) if seat.controls(p)]
        return mine if len(mine) > 1 else []

    def _left_undone(self) -> list[str] | None:
        """What the shown seat's players to act could still do in this phase (R-ALL-9);
        None when the ruleset does not say, or it is not their turn (the engine's refusal
        then tells them so)."""
        seat = self.session.campaign.seat(self.seat or "")
        if seat is None or seat.gm:
            return None
        mine = [p for p in acting_players(self.session.campaign) if seat.controls(p)]
        if not mine:
            return None
        found: list[str] = []
        for player in mine:
            lines = self._ruleset.left_undone(self.rules, player)
            if lines is None:
                return None
            found += lines
        return found

    def _end_name(self) -> str:
        """What "t" is called: it ends the phase in a ruleset of several phases, the turn
        in a ruleset of one. The footer, the help's key table and the confirm button all
        say it in these words, and the rulesets' panels list the key the same way."""
        return "End phase" if len(self._ruleset.phases) >= 2 else "End turn"

    def _name_end_key(self) -> None:
        """Give this screen's "t" binding its ruleset's name for it (the class's binding
        says "End turn"): the screen's bindings are its own copy, so only the description
        changes, and a keymap still finds the binding by its id."""
        name = self._end_name()
        table = self._bindings.key_to_bindings
        for key, bindings in table.items():
            table[key] = [
                replace(b, description=name) if b.id == "campaign.end_turn" else b for b in bindings
            ]

    def _end_question(self) -> tuple[str, str]:
        """What "t" ends, and its button (the key's own name)."""
        phase = self._ruleset.phase(self.session.campaign.phase)
        name = self._end_name()
        if phase is None or name == "End turn":
            return "End your turn?", name
        return f"End the {phase.title} phase?", name

    def action_undo(self) -> None:
        if self.seat is None:
            return
        try:
            event = self.session.undo(self.seat)
        except StaleSave:
            self._reload("The campaign was changed on another terminal; nothing was undone.")
            return
        except (RuleError, InputError) as exc:
            self.notify(str(exc), severity="warning", title="Cannot undo")
            return
        self._moving = None
        self._after_change([event])

    def action_chronicle(self) -> None:
        if self._view is None:
            return
        seat_players = {s.id: list(s.players) for s in self.seats}
        path = self.session.path
        export = path.with_name(path.name.removesuffix(".toml") + ".diary.md")
        recipients = [
            (s.id, seating.seat_label(s, self._view)) for s in self.seats if s.id != self.seat
        ]
        self.app.push_screen(
            screens.imported(screens.CHRONICLE)(
                self._view,
                self._ruleset,
                export,
                seat_players,
                post=self._post_letter,
                recipients=recipients,
            )
        )

    def _post_letter(self, letter: WriteLetter) -> CampaignView | None:
        """Send a letter from the chronicle screen; the seat's view after it (None when
        refused: the notification says why)."""
        sent: list[Event] = []
        self.perform(letter, sent.extend)
        return self.view if sent and self._view is not None else None

    def action_battles(self) -> None:
        """The battle queue (b is the sandbox's "new army", so the queue is on B)."""
        if self._view is not None:
            self.app.push_screen(screens.imported(screens.BATTLES)(self))

    def action_no_battles(self) -> None:
        self.notify("No battle is waiting to be fought", severity="warning")

    def action_army_details(self) -> None:
        if self._view is None:
            return
        armies = self._view.armies_at(self.cursor)
        if not armies:
            self.notify("No army on this hex", severity="warning")
            return
        self.app.push_screen(screens.imported(screens.ARMY)(self._view, armies))

    def help_bindings(self) -> list[tuple[str, Binding]]:
        """(key, binding) of every tuicamp key active here, for the help page."""
        return help_keys.help_bindings(self)

    def action_help(self) -> None:
        phase = self._view.phase if self._view else self.session.campaign.phase
        options = {o.name: self.rules.option(o.name) for o in self._ruleset.all_options}
        chapters = screens.imported(screens.HELP_CHAPTERS)(
            self._ruleset,
            phase,
            options,
            self.session.campaign.tables,
            help_keys.key_rows(self),
            legend=[line.plain for line in self.map.legend()],
        )
        self.app.push_screen(
            screens.imported(screens.HELP)(chapters, f"Help: {self._ruleset.title}")
        )

    def action_legend(self) -> None:
        self.app.push_screen(
            screens.imported(screens.LEGEND)(
                self.map.legend(), f"Map legend: {self._ruleset.title}"
            )
        )

    def action_switch_seat(self) -> None:
        if self._view is None:
            return
        choices = [
            (s.id, seating.seat_label(s, self._view))
            for s in self.seats
            if s.id in self.local and s.id != self.seat
        ]

        def chosen(seat_id: str | None) -> None:
            if not seat_id:
                return
            if self._hands_over():
                self.hand_over(seat_id)
            else:
                self.show_seat(seat_id)

        self.app.push_screen(screens.imported(screens.SEAT_PICKER)(choices), chosen)

    def action_save(self) -> None:
        try:
            self.session.save()
        except StaleSave:
            self._reload("The campaign was changed on another terminal; it is shown anew.")
            return
        except (RuleError, InputError, OSError) as exc:
            self.notify(str(exc), severity="error", title="Not saved")
            return
        self.notify(f"Saved to {self.session.path} (every action is saved as it happens)")

    def action_close(self) -> None:
        if self.on_close is not None:
            self.on_close()
        else:
            self.app.exit()


_SCREEN_CLASSES: dict[str, type[CampaignScreen]] = {}


def campaign_screen_class(ruleset: Ruleset) -> type[CampaignScreen]:
    """A CampaignScreen with the ruleset's commands bound (class-level, so the keymap and
    the footer treat them exactly like the core bindings)."""
    key = f"{ruleset.id}:{ruleset.ui}"
    if key not in _SCREEN_CLASSES:
        ui = ruleset_ui(ruleset)
        bindings = [
            Binding(
                ",".join(command_keys(c)),
                f"command({c.id!r})",
                c.description,
                show=c.show,
                id=c.id,
            )
            for c in ui.commands
        ]
        name = "".join(part.capitalize() for part in ruleset.id.split("_")) + "CampaignScreen"
        _SCREEN_CLASSES[key] = type(name, (CampaignScreen,), {"BINDINGS": bindings, "ui": ui})
    return _SCREEN_CLASSES[key]


def open_campaign(session: Session, **kwargs: Any) -> CampaignScreen:
    return campaign_screen_class(session.ruleset)(session, **kwargs)
