"""The one-line bar at the top of the campaign screen: turn, phase, whose move, what is
still pending, and which seat this terminal shows."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from tuicamp.engine.ruleset import Ruleset
from tuicamp.engine.views import CampaignView


def player_names(view: CampaignView, seat_ids: list[str], seat_names: dict[str, str]) -> str:
    return ", ".join(seat_names.get(s, s) for s in seat_ids) or "nobody"


def _phase_shown(view: CampaignView, ruleset: Ruleset) -> str:
    """The phase's title, with the step when the phase has steps ("Orders, hour 5")."""
    phase = ruleset.phase(view.phase)
    title = phase.title if phase else (view.phase or "-")
    if view.step and phase is not None:
        return f"{title}, {phase.step_name} {view.step}"
    return title


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
                phase=_phase_shown(view, ruleset),
                to_play=to_play,
                pending=pending,
            )
        )
