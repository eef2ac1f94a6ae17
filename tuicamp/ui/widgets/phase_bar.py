"""The one-line bar at the top of the campaign screen: turn, phase, whose move, what is
still pending, and which seat this terminal shows.

Whose move must always be readable, so the bar is made to fit its width: it tries the
fullest wording first and gives up detail in a fixed order until one fits (see
:func:`bar_text`): the races after the names, then the pending lines that only repeat
who is to play, then the other pending lines (counted instead), and at last the names
themselves are cut at a name's end with a count of the rest ("3 to act: Anna, Bruno +1"),
the first name itself cut short when even it leaves no room for that count.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen
from textual.content import Content
from textual.widgets import Static

from tuicamp.engine.ruleset import Ruleset
from tuicamp.engine.views import CampaignView
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr

FALLBACK_WIDTH = 78  # before the first layout: an 80-column terminal less the padding


def player_names(view: CampaignView, seat_ids: list[str], seat_names: dict[str, str]) -> str:
    return ", ".join(seat_names.get(s, s) for s in seat_ids) or "nobody"


def _phase_shown(view: CampaignView, ruleset: Ruleset) -> str:
    """The phase's title, with the step when the phase has steps ("Orders, hour 5")."""
    phase = ruleset.phase(view.phase)
    title = phase.title if phase else (view.phase or "-")
    if view.step and phase is not None:
        return f"{title}, {phase.step_name} {view.step}"
    return title


@frozen
class BarText:
    """One wording of the bar: the parts a markup template fills in."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    to_play: str  # "to play: Stirland, Sylvania" or "2 to act: ..."
    pending: str  # "" when none is shown

    def plain(self, head: str, waiting: bool) -> str:
        parts = [head, self.to_play]
        if waiting:
            parts.append("waiting")
        if self.pending:
            parts.append(self.pending)
        return " | ".join(parts)


def _names_cut(names: Sequence[str], room: int) -> str:
    """As many whole names as fit in ``room`` cells, then "+N" for the rest. When not even
    the first fits with that count (a long phase title, a long name), the first is cut short
    with "…": the count must agree with the names, so "+N" is never the part clipped off."""
    shown: list[str] = []
    for i, name in enumerate(names):
        rest = len(names) - i - 1
        candidate = ", ".join([*shown, name]) + (f" +{rest}" if rest else "")
        if len(candidate) > room:
            break
        shown.append(name)
    more = len(names) - len(shown)
    if shown or not names:
        return ", ".join(shown) + (f" +{more}" if more else "")
    tail = f" +{more - 1}" if more > 1 else ""
    return names[0][: max(room - len(tail) - 1, 1)].rstrip() + "…" + tail


def _repeats(line: str, names: Sequence[str]) -> bool:
    """A pending line that only says a player still has to act ("Sylvania to move")."""
    return any(line.startswith(f"{name} to ") for name in names)


def bar_text(
    head: str,
    long_names: Sequence[str],
    short_names: Sequence[str],
    pending: Sequence[str],
    width: int,
    *,
    waiting: bool = False,
) -> BarText:
    """The fullest wording of the bar that fits ``width`` cells (the last resort may
    still cut names, never the count of who is to act)."""
    kept = [line for line in pending if not _repeats(line, short_names)]
    more = f"{len(kept)} more pending" if len(kept) > 1 else "1 more pending"
    everyone = ", ".join(long_names) or "nobody"
    short = ", ".join(short_names) or "nobody"
    candidates = [
        BarText(f"to play: {everyone}", "; ".join(pending)),
        BarText(f"to play: {short}", "; ".join(pending)),
        BarText(f"to play: {short}", "; ".join(kept)),
        BarText(f"to play: {short}", f"{kept[0]}; +{len(kept) - 1}" if len(kept) > 1 else ""),
        BarText(f"to play: {short}", more if kept else ""),
        BarText(f"to play: {short}", ""),
    ]
    for candidate in candidates:
        if len(candidate.plain(head, waiting)) <= width:
            return candidate
    count = f"{len(short_names)} to act: " if short_names else "to play: "
    fixed = len(BarText(count, "").plain(head, waiting))
    return BarText(count + _names_cut(short_names or ["nobody"], width - fixed), "")


class PhaseBar(Static):
    _shown: tuple[CampaignView, Ruleset, dict[str, str], dict[str, str], bool] | None = None

    def show(
        self,
        view: CampaignView | None,
        ruleset: Ruleset | None,
        seat_names: dict[str, str],
        *,
        acting_here: bool = True,
        short_names: dict[str, str] | None = None,
    ) -> None:
        """``seat_names`` maps seat ids to "Player (Race)" as the hand-over names them,
        ``short_names`` to the players' names alone (the bar's wording when space is
        short; the long names without it)."""
        if view is None or ruleset is None:
            self._shown = None
            self.update("")
            return
        self._shown = (view, ruleset, seat_names, short_names or seat_names, acting_here)
        self._draw()

    def on_resize(self) -> None:
        if self._shown is not None:
            self._draw()

    def _draw(self) -> None:
        assert self._shown is not None
        view, ruleset, seat_names, short_names, acting_here = self._shown
        if view.finished:
            winners = ", ".join(p.name for p in view.players if p.id in view.winner) or "nobody"
            self.update(
                Content.from_markup(
                    "[b]$name[/b] | Turn $turn | [b $success]Over[/] | winner: $winners",
                    name=view.name,
                    turn=str(view.turn),
                    winners=winners,
                )
            )
            return
        phase = _phase_shown(view, ruleset)
        head = f"Turn {view.turn} | {phase}"
        width = self.content_size.width or FALLBACK_WIDTH
        text = bar_text(
            head,
            [seat_names.get(s, s) for s in view.acting],
            [short_names.get(s, s) for s in view.acting],
            view.pending,
            width,
            waiting=not acting_here,
        )
        markup = "Turn [b]$turn[/b] | [b]$phase[/b] | [b $accent]$to_play[/]"
        if not acting_here:
            markup += " | [i]waiting[/i]"
        if text.pending:
            markup += " | $pending"
        self.update(
            Content.from_markup(
                markup,
                turn=str(view.turn),
                phase=phase,
                to_play=text.to_play,
                pending=text.pending,
            )
        )
