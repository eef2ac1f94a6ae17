"""The battle queue: every pending battle, who must fight where, and how it is settled.

From here a battle's card is read (Enter), its tabletop result entered (r), it is
auto-resolved (a, after a yes/no) or marked for the table or the dice (m), and the Games
Master takes a mis-entered result back (u, with a reason) while its phase lasts. Only a seat that
fights in a battle (or the GM) may settle it; the engine decides that, and its refusal is
shown. Battles are public records (the chronicle announces them); army strengths shown
here come from the seat's view, so fog of war keeps what it hides.

Every change goes through the campaign screen's ``perform``: the engine validates, the
session saves, table dice are asked for, and a refusal becomes a notification.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from tuicamp.engine.actions import Event
from tuicamp.engine.battles import (
    AutoResolveBattle,
    ChooseBattleMode,
    RevertBattleResult,
    TakeBackResult,
    clock_text,
)
from tuicamp.engine.rules import Rules
from tuicamp.engine.side_forces import sides_named
from tuicamp.engine.views import CampaignView
from tuicamp.game.battlecard import battle_known, build_card, card_hidden_reason, seat_fights
from tuicamp.game.side_forces import force_lines
from tuicamp.model.battle import MODE_TEXT, Battle, BattleSide
from tuicamp.model.campaign import Campaign
from tuicamp.ui.screens.battle_card import BattleCardScreen, export_path
from tuicamp.ui.screens.battle_result import BattleDesk, BattleResultScreen, hanging, refusal
from tuicamp.ui.screens.confirm import ConfirmScreen
from tuicamp.ui.screens.forms import PickScreen, TextPromptScreen
from tuicamp.ui.screens.quick_open import QuickOpen
from tuicamp.ui.widgets.key_footer import KeyFooter

MODES = {"table": "table", "auto": "auto"}
LIST_AFTER = 3  # a line of this many "; "-parts or more is shown as a list


def as_list(text: str) -> list[str]:
    """An event's line, with a long "Head: a; b; c" (casualties unit by unit) as a head
    and one item a line, so a result can be read down the screen, not along it."""
    parts = text.split("; ")
    head, colon, first = parts[0].partition(": ")
    if len(parts) < LIST_AFTER or not colon:
        return [text]
    return [f"{head}:", *(f"  - {item}" for item in [first, *parts[1:]])]


OTHER_MODE = {"table": "auto", "auto": "table"}


def result_line(campaign: Campaign, battle: Battle) -> str:
    """``b1 at 0504: Attacker (Stirland) wins``: a settled battle, as a list names it."""
    result = battle.result.text if battle.result is not None else "not settled"
    return f"{battle.id} at {campaign.map.label(battle.hex)}: {result}"


def _terrain(campaign: Campaign, battle: Battle) -> str:
    terrain = campaign.map.vocabulary.terrain_by_id(battle.terrain)
    return terrain.name if terrain else battle.terrain


def _strength(view: CampaignView, army_id: str) -> str:
    seen = view.army(army_id)
    if seen is None or seen.points is None:
        return "strength unknown"
    return f"{seen.points} pts"


def side_line(
    rules: Rules, view: CampaignView, battle: Battle, side: BattleSide, fights: bool = False
) -> str:
    """``Attacker (Red): The Red Vanguard (530 pts), played by Red``.

    Each force without army counters (the ruleset's ``side_forces``: an aasen side's own
    army and each Support Contingent, R-AA-54) is listed with the armies; its size is for
    the seats that fight (fog of war hides it like an army's strength).
    """
    campaign = rules.campaign
    armies = []
    for aid in side.armies:
        army = campaign.army(aid)
        if army is not None:
            armies.append(f"{army.name} ({_strength(view, aid)})")
    armies += force_lines(
        rules, battle, side, lambda points: f"{points} pts" if fights else "strength unknown"
    )
    seats = [
        s.name for s in campaign.seats if not s.gm and any(p in s.players for p in side.players)
    ]
    played = f", played by {', '.join(seats)}" if seats else ""
    return f"{side.title}: {', '.join(armies) or 'no army left'}{played}"


def battle_lines(rules: Rules, view: CampaignView, battle: Battle) -> list[str]:
    """The detail under the queue: where and when, who, how, and whether this seat may
    settle it."""
    campaign = rules.campaign
    m = campaign.map
    where = (
        f"Battle {battle.id}, {clock_text(battle, rules.ruleset)}: hex {m.label(battle.hex)}, "
        f"{_terrain(campaign, battle)}"
    )
    if battle.settlement and (s := m.settlement(battle.settlement)):
        where += f", at {s.name}"
    fights = seat_fights(view, battle)
    lines = [where]
    lines += [f"  {side_line(rules, view, battle, side, fights)}" for side in battle.sides]
    lines += [f"  * {c.text}" for c in battle.circumstances]
    how = MODE_TEXT[battle.mode]
    if fights:
        lines.append(f"To be {how}; you fight in it, so you may settle it.")
    else:
        lines.append(f"To be {how}; only its players or the GM may settle it.")
    return lines


class BattleQueueScreen(QuickOpen, Screen[None]):
    BINDINGS: ClassVar = [
        Binding("enter", "card", "Card", priority=True, id="battles.card"),
        Binding("r", "result", "Enter result", id="battles.result"),
        Binding("a", "auto", "Auto-resolve", id="battles.auto"),
        Binding("m", "mode", "Table/auto", id="battles.mode"),
        Binding("u", "take_back", "Take back", id="battles.take_back"),
        Binding("escape,q", "close", "Back", id="battles.close"),
    ]

    def __init__(self, desk: BattleDesk) -> None:
        super().__init__()
        self.desk = desk
        self.seat = desk.seat
        self.ids: list[str] = []
        self.last: list[str] = []  # what the last action here caused

    # --- building ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(Content("Battles pending"), classes="screen-title", id="battles-title")
        yield DataTable(id="battles-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="battles-empty")
        # The selected battle and what the last action here caused (an auto-resolve's
        # casualties of every unit, its rolls) can be longer than the screen: they scroll,
        # by the keyboard too (Tab reaches them; with no battle left they have the focus).
        with VerticalScroll(id="battles-info", can_focus=True):
            yield Static("", id="battles-detail")
            yield Static("", id="battles-last")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Battle", "Turn", "Hex", "Terrain", "Sides", "Mode")
        self.refresh_queue()
        table.focus()

    @property
    def campaign(self) -> Campaign:
        return self.desk.session.campaign

    def view(self) -> CampaignView:
        if self.seat is None:
            raise RuntimeError("no seat is shown")
        return self.desk.session.view(self.seat)

    def refresh_queue(self) -> None:
        """Read the pending battles again (after an action, or coming back from a form)."""
        table = self.query_one(DataTable)
        keep = self.selected_id
        camp = self.campaign
        # a battle the seat does not know of is no battle for it: not listed (R-ALL-7)
        view = self.view() if self.seat is not None else None
        pending = [b for b in camp.pending_battles() if view is not None and battle_known(view, b)]
        self.ids = [b.id for b in pending]
        table.clear()
        for b in pending:
            sides = sides_named(self.desk.session.rules, b)
            table.add_row(
                b.id,
                f"{b.turn}, day {b.day}" if b.day else str(b.turn),
                camp.map.label(b.hex),
                _terrain(camp, b),
                sides,
                MODES.get(b.mode, b.mode),
                key=b.id,
            )
        if keep in self.ids:
            table.move_cursor(row=self.ids.index(keep))
        empty = self.query_one("#battles-empty", Static)
        empty.update(Content("" if pending else "No battles are pending."))
        empty.display = not pending
        table.display = bool(pending)
        self._detail()
        shown = [line for text in self.last for line in as_list(text)]
        self.query_one("#battles-last", Static).update(Content("\n".join(hanging(shown, 76))))
        if not pending and self.focused is table:
            self.query_one("#battles-info", VerticalScroll).focus()

    @property
    def selected_id(self) -> str | None:
        table = self.query_one(DataTable)
        if not self.ids or table.cursor_row is None:
            return None
        row = table.cursor_row
        return self.ids[row] if 0 <= row < len(self.ids) else None

    @property
    def selected(self) -> Battle | None:
        bid = self.selected_id
        return self.campaign.battle(bid) if bid else None

    def _detail(self) -> None:
        battle = self.selected
        detail = self.query_one("#battles-detail", Static)
        if battle is None or self.seat is None:
            detail.update(Content(""))
            return
        lines = battle_lines(self.desk.session.rules, self.view(), battle)
        detail.update(Content("\n".join(lines)))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self._detail()

    def on_screen_resume(self, _: Any) -> None:
        if self.desk.seat != self.seat:  # the terminal handed over to another seat
            self.dismiss(None)
            return
        self.refresh_queue()

    # --- commands ---------------------------------------------------------------------
    def _battle(self) -> Battle | None:
        battle = self.selected
        if battle is None:
            self.notify("No battle is pending", severity="warning")
        return battle

    def _done(self, events: list[Event]) -> None:
        self.last = [e.text for e in events]
        if self.is_attached:
            self.refresh_queue()

    def action_card(self) -> None:
        battle = self._battle()
        if battle is None or self.seat is None:
            return
        hidden = card_hidden_reason(self.view(), battle)
        if hidden:
            self.notify(hidden, severity="warning", title="Refused")
            return
        card = build_card(self.desk.session.rules, battle)
        self.app.push_screen(BattleCardScreen(card, export_path(self.desk.session.path, battle.id)))

    def action_result(self) -> None:
        battle = self._battle()
        if battle is None or self.seat is None:
            return
        # Ask the engine first whether this seat may settle the battle at all, so nobody
        # fills a form in only to be refused (its own words, not a copy of its rule).
        problem = refusal(
            self.desk.session, self.seat, ChooseBattleMode(battle=battle.id, mode=battle.mode)
        )
        if problem:
            self.notify(problem, severity="error", title="Refused")
            return

        def entered(events: list[Event] | None) -> None:
            if events:
                self._done(events)

        self.app.push_screen(BattleResultScreen(self.desk, battle.id), entered)

    def action_auto(self) -> None:
        battle = self._battle()
        if battle is None:
            return
        bid = battle.id

        def answered(yes: bool | None) -> None:
            if yes:
                self.desk.perform(AutoResolveBattle(battle=bid), self._done)

        question, yes = f"Auto-resolve battle {bid}? The dice decide, for good.", "Auto-resolve"
        waiting = self._consent_awaited(battle)
        if waiting:  # R-ALL-10: one side asks, the other agrees by asking too
            question = f"Ask to auto-resolve battle {bid}? {waiting} must agree (or the GM)."
            yes = "Ask"
        self.app.push_screen(ConfirmScreen(question, yes, "Not yet"), answered)

    def _consent_awaited(self, battle: Battle) -> str:
        """The sides whose asking the dice would still wait for if this seat asked now
        (R-ALL-10), as the question names them; '' when it would settle the battle."""
        seat = self.campaign.seat(self.seat or "")
        rules = self.desk.session.rules
        if seat is None or seat.gm or not rules.option("auto_resolve_consent"):
            return ""
        waiting = [
            s.title
            for s in battle.sides
            if s.players
            and s.id not in battle.auto_consent
            and not any(seat.controls(p) for p in s.players)
        ]
        return " and ".join(waiting)

    def action_mode(self) -> None:
        battle = self._battle()
        if battle is None:
            return
        mode = OTHER_MODE.get(battle.mode, "table")
        self.desk.perform(ChooseBattleMode(battle=battle.id, mode=mode), self._done)

    def action_take_back(self) -> None:
        """Take a mis-entered result back: the Games Master alone (``gm_revert_battle``),
        a player by asking (``take_back_result``), taken back when every side that fought
        has asked (R-ALL-13). The battle is pending again, the dice as they were. A result
        can be taken back while the clock stays in the step it was entered in."""
        if self.seat is None:
            return
        seat = self.campaign.seat(self.seat)
        if seat is None:
            return
        undoable = [
            b
            for b in self.campaign.battles_to_take_back()
            if seat.gm or any(seat.controls(p) for s in b.sides for p in s.players)
        ]
        if not undoable:
            self.notify(
                "No result can be taken back: none of your battles was settled in this phase",
                severity="warning",
            )
            return
        choices = [(b.id, result_line(self.campaign, b)) for b in undoable]

        def reason_for(bid: str) -> None:
            battle = self.campaign.battle(bid)
            waiting = self._take_back_awaited(battle) if battle else ""
            after = "The battle is pending again; the dice stay as they fell."
            if waiting:
                after = f"{waiting} must ask too (or the GM) before it is taken back."

            def reasoned(reason: str | None) -> None:
                if not reason:
                    return
                action = (
                    RevertBattleResult(battle=bid, reason=reason)
                    if seat.gm
                    else TakeBackResult(battle=bid, reason=reason)
                )
                self.desk.perform(action, self._done)

            self.app.push_screen(
                TextPromptScreen(
                    f"Take back the result of battle {bid}: why?",
                    placeholder="the VP were swapped",
                    help=after,
                ),
                reasoned,
            )

        def picked(ids: list[str] | None) -> None:
            if ids:
                reason_for(ids[0])

        if len(choices) == 1:
            reason_for(choices[0][0])
        else:
            self.app.push_screen(PickScreen("Take back which result?", choices), picked)

    def _take_back_awaited(self, battle: Battle) -> str:
        """The sides whose asking a take-back would still wait for if this seat asked now
        (R-ALL-13), as the prompt names them; '' when it would be taken back at once."""
        seat = self.campaign.seat(self.seat or "")
        if seat is None or seat.gm:
            return ""
        waiting = [
            s.title
            for s in battle.sides
            if s.players
            and s.id not in battle.take_back_asked
            and not any(seat.controls(p) for p in s.players)
        ]
        return " and ".join(waiting)

    def action_close(self) -> None:
        self.dismiss(None)
