"""Moments on a campaign's clock, compared as the flow orders them.

Deadlines ("the offer lapses at the end of turn 4", "the orders are opened in the Combat
phase", "at the sixth hour") need a point in time that every ruleset can write: a turn,
and within it, if the ruleset has them, a phase and a step (an hour, an impulse, a
segment). Phases compare by their place in the ruleset's own list, not by name, so a
Moment is compared through :func:`flow_key` with that list in hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import frozen

from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr


@frozen
class Moment:
    """A point on the clock. ``phase`` "" is the turn's start, before its first phase;
    ``step`` counts within the phase (0: its start)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    turn: int
    phase: str = ""
    step: int = 0

    def text(self, titles: Mapping[str, str] | None = None) -> str:
        """The moment as the chronicle says it: "turn 4", "turn 4, Combat phase, step 2",
        the phase by its title in ``titles`` (ids to titles, :func:`phase_titles`)."""
        out = f"turn {self.turn}"
        if self.phase:
            title = (titles or {}).get(self.phase, self.phase.capitalize())
            out += f", {title} phase"
        if self.step:
            out += f", step {self.step}"
        return out


def flow_key(moment: Moment, phases: Sequence[str]) -> tuple[int, int, int]:
    """A sort key in the flow's order: turn, then the phase's place, then the step.

    A phase the ruleset does not have is a ruleset's mistake, refused rather than guessed.
    """
    if not moment.phase:
        return (moment.turn, -1, moment.step)
    try:
        return (moment.turn, list(phases).index(moment.phase), moment.step)
    except ValueError:
        raise ValueError(
            f"{moment.phase!r} is not a phase of this ruleset ({', '.join(phases)})"
        ) from None


def phase_ids(rules: Rules) -> tuple[str, ...]:
    return tuple(p.id for p in rules.ruleset.phases)


def phase_titles(rules: Rules) -> dict[str, str]:
    """The ruleset's phase titles by id, for :meth:`Moment.text`: a player reads
    "Impulse 1 phase", not the id "impulse1"."""
    return {p.id: p.title for p in rules.ruleset.phases}


def moment_text(rules: Rules, moment: Moment) -> str:
    """``moment`` as the chronicle says it, its phase by the ruleset's title."""
    return moment.text(phase_titles(rules))


def now(campaign: Campaign, step: int = 0) -> Moment:
    """The campaign's present moment (a ruleset that counts steps passes its own)."""
    return Moment(campaign.turn, campaign.phase, step)


def reached(rules: Rules, moment: Moment | None, at: Moment | None = None) -> bool:
    """Has the clock (``at``, default: now) come to ``moment``? Never, when it is None."""
    if moment is None:
        return False
    present = at if at is not None else now(rules.campaign)
    phases = phase_ids(rules)
    return flow_key(present, phases) >= flow_key(moment, phases)
