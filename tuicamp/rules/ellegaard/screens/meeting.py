"""The meeting dialog (``M``): the seat's open meetings, each general's sealed fight or
refuse as the seat may know it (its own, and of the other only that he has written, until
both are revealed: R-EL-18), and what follows the reveal. ``f`` fights, ``r`` refuses in the
first meeting still waiting for the seat; once one general has refused, the dialog drafts
terms from every solution the text names ("the refuser must pay the attacker 3 War Points
and leave, or you might find out to give some extra prisoners, hand over a friendly
village"): ``+`` and ``-`` set the War Points, ``p`` and ``P`` the extra prisoners, ``v``
chooses a village of the refuser's (or none), and ``o`` offers the draft; ``a`` accepts
terms offered to the seat, ``d`` rolls the Generals Discussing table and ``1`` to ``6``
name its row when the other general was under Attack (R-EL-6, R-EL-17)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import define, evolve
from textual.binding import Binding

from tuicamp.rules.ellegaard.meetings import Meet
from tuicamp.rules.ellegaard.screens.base import EllegaardScreen, frame_bindings
from tuicamp.rules.ellegaard.screens.data import (
    army_name,
    meeting_lines,
    name_of,
    open_meetings,
    wrapped,
)
from tuicamp.rules.ellegaard.talks import AcceptTerms, Discuss, Offer
from tuicamp.rules.ellegaard.view import EllegaardView, MeetingLine
from tuicamp.ui.kit import CampaignView

KEYS = (
    "terms: +/- War Points, p/P extra prisoners, v a village, o offer; "
    "1-6 name the Generals Discussing row (a general refused under Attack, R-EL-17)"
)


@define(frozen=True)
class Draft:
    """The terms the seat is about to offer: the text's "3 War Points and leave" to start
    with, extra prisoners and a village as the text allows (R-EL-6)."""

    war_points: int = 3
    prisoners: int = 0
    village: str = ""


def draft_text(view: CampaignView, draft: Draft, refuser: str) -> str:
    parts = [f"{army_name(view, refuser)} pays {draft.war_points} War Points and leaves"]
    if draft.prisoners:
        parts.append(f"hands over {draft.prisoners} more prisoner(s) of 50 pts or more")
    place = view.map.settlement(draft.village) if draft.village else None
    if place is not None:
        parts.append(f"gives up {place.name}")
    return "terms to offer (o): " + "; ".join(parts)


class MeetingScreen(EllegaardScreen):
    """Answers the seat's choice, offer or discussion, or None. Its rows are the open
    meetings; it has no cursor: each key acts on the first meeting it concerns."""

    SLUG = "meeting"
    BODY = "text"
    KEYS = KEYS
    BINDINGS: ClassVar = [
        *frame_bindings("meeting", cursor=False),
        Binding("f", "choose('fight')", "Fight", id="ellegaard.meeting.fight"),
        Binding("r", "choose('refuse')", "Refuse", id="ellegaard.meeting.refuse"),
        Binding("o", "offer", "Offer terms", id="ellegaard.meeting.offer"),
        Binding("plus", "war_points(1)", "+WP", show=False, id="ellegaard.meeting.more_wp"),
        Binding("minus", "war_points(-1)", "-WP", show=False, id="ellegaard.meeting.less_wp"),
        Binding("p", "prisoners(1)", "+Prisoner", show=False, id="ellegaard.meeting.more_pr"),
        Binding("P", "prisoners(-1)", "-Prisoner", show=False, id="ellegaard.meeting.less_pr"),
        Binding("v", "village", "Village", show=False, id="ellegaard.meeting.village"),
        Binding("a", "accept", "Accept terms", id="ellegaard.meeting.accept"),
        Binding("d", "discuss(0)", "Discuss", id="ellegaard.meeting.discuss"),
        *(
            Binding(str(n), f"discuss({n})", f"Row {n}", show=False, id=f"ellegaard.meeting.{n}")
            for n in range(1, 7)
        ),
    ]
    draft = Draft()

    def rows(self, state: EllegaardView) -> Sequence[MeetingLine]:
        return open_meetings(state)

    def heading(self) -> str:
        return "The generals meet"

    def body_lines(self) -> list[str]:
        out: list[str] = []
        talking = self._talking()
        for line in self.lines:
            out += meeting_lines(self.view, line)
            for offer in self.state.offers if self.state is not None else ():
                if offer.meeting == line.id:
                    who = name_of(self.view, offer.proposer)
                    out += wrapped(f"terms offered by {who} ({offer.id}): {offer.text}", "  ")
            if talking is not None and line is talking and talking.refuser:
                text = draft_text(self.view, self.draft, talking.refuser)
                out += wrapped(text, "  ")
            out.append("")
        return out or ["No meeting waits: no attention zones have met."]

    def _waiting_for_me(self) -> MeetingLine | None:
        mine = set(self.view.players_controlled)
        return next((m for m in self.lines if mine & set(m.choices.waiting)), None)

    def _talking(self) -> MeetingLine | None:
        return next((m for m in self.lines if m.outcome == "talk"), None)

    def action_choose(self, choice: str) -> None:
        line = self._waiting_for_me()
        if line is not None:
            self.dismiss(Meet(meeting=line.id, choice=choice))

    def _redraw(self, draft: Draft) -> None:
        self.draft = draft
        self.refresh(recompose=True)

    def action_war_points(self, step: int) -> None:
        if self._talking() is not None:
            self._redraw(evolve(self.draft, war_points=max(0, self.draft.war_points + step)))

    def action_prisoners(self, step: int) -> None:
        if self._talking() is not None:
            self._redraw(evolve(self.draft, prisoners=max(0, self.draft.prisoners + step)))

    def action_village(self) -> None:
        """The next village of the refuser's side, then none again."""
        line = self._talking()
        if line is None or not line.refuser:
            return
        choices = ["", *line.villages]  # the rules' own list (R-EL-49)
        at = choices.index(self.draft.village) if self.draft.village in choices else 0
        self._redraw(evolve(self.draft, village=choices[(at + 1) % len(choices)]))

    def action_offer(self) -> None:
        line = self._talking()
        if line is not None:
            draft = self.draft
            self.dismiss(
                Offer(
                    meeting=line.id,
                    war_points=draft.war_points,
                    prisoners=draft.prisoners,
                    village=draft.village,
                )
            )

    def action_accept(self) -> None:
        mine = set(self.view.players_controlled)
        for offer in self.state.offers if self.state is not None else ():
            if mine & set(offer.waiting):
                self.dismiss(AcceptTerms(agreement=offer.id))
                return

    def action_discuss(self, row: int) -> None:
        line = self._talking()
        if line is not None:
            self.dismiss(Discuss(meeting=line.id, row=row))
