"""The one-line bar at the top of the campaign screen: turn, phase, whose move, what is
still pending, and which seat this terminal shows."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from tuicamp.engine.ruleset import Ruleset
from tuicamp.engine.views import CampaignView


def player_names(view: CampaignView, seat_ids: list[str], seat_names: dict[str, str]) -> str:
    return ", ".join(seat_names.get(s, s) for s in seat_ids) or "nobody"


class PhaseBar(Static):
    def show(
        self,
        view: CampaignView | None,
        ruleset: Ruleset | None,
        seat_names: dict[str, str],
        *,
        acting_here: bool = True,
    ) -> None:
        """``seat_names`` maps seat ids to "Player (Race)" as the hand-over names them."""
        if view is None or ruleset is None:
            self.update("")
            return
        phase = ruleset.phase(view.phase)
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
        to_play = player_names(view, view.acting, seat_names)
        pending = "; ".join(view.pending)
        markup = "Turn [b]$turn[/b] | [b]$phase[/b] | to play: [b $accent]$to_play[/]"
        if not acting_here:
            markup += " | [i]waiting[/i]"
        if pending:
            markup += " | $pending"
        self.update(
            Content.from_markup(
                markup,
                turn=str(view.turn),
                phase=phase.title if phase else (view.phase or "-"),
                to_play=to_play,
                pending=pending,
            )
        )
