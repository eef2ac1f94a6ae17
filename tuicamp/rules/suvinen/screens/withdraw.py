"""The sealed fight-or-withdraw dialog (``W``): for each round the seat is to write, before
a battle of three sides or more (§4.1) or after a day's battle (§4.3), what it is and why
the seat must withdraw (R-SU-13), then the choices it may write: fight, or withdraw to each
hex open to it (R-SU-14, R-SU-33), or into its own castle or city (R-SU-37); a side that
must withdraw with no hex open writes a withdrawal without one (R-SU-14). The seat sees
its own written choice, to change until the reveal, and of the others only whom the round
still waits for. Into its own walls the seat takes the units it marks (enter or their
number sets and clears a mark), at first those that fit in roster order; the rest are
eliminated (R-SU-37)."""

from __future__ import annotations

from collections.abc import Sequence

from tuicamp.rules.api import Action
from tuicamp.rules.suvinen.choices import WithdrawalChoice
from tuicamp.rules.suvinen.screens.base import Option, SuvinenDialog, open_choices
from tuicamp.rules.suvinen.withdrawal import FIGHT, WITHDRAW, ChooseWithdrawal
from tuicamp.ui.kit import CampaignView


def why_not(choice: WithdrawalChoice) -> str:
    """Why no hex is offered to withdraw to ('' when some are)."""
    if not choice.can_withdraw:
        return "no corps of yours there has a leader: none can withdraw (R-SU-1, R-SU-32)"
    if not choice.to:
        return "no hex is open to withdraw to (R-SU-14)"
    return ""


def fitting(choice: WithdrawalChoice) -> set[str]:
    """The units that fit inside in roster order: the marks the dialog starts with."""
    marked, room = set(), choice.room
    for unit in choice.walls:
        if unit.points <= room:
            marked.add(unit.id)
            room -= unit.points
    return marked


class WithdrawalDialog(SuvinenDialog):
    HEADING = "Fight or withdraw (written under seal)"

    def __init__(self, view: CampaignView) -> None:
        mine = open_choices(view).withdrawals
        # the units marked to go into the walls, by (hex, player)
        self.inside = {(c.hex, c.player): fitting(c) for c in mine if c.walls}
        super().__init__(view)

    def toggled(self, option: Option) -> None:
        hex_label, player, unit = option.toggle
        marked = self.inside[(hex_label, player)]
        marked.symmetric_difference_update({unit})

    def mine(self) -> tuple[WithdrawalChoice, ...]:
        return self.choices.withdrawals

    def whose(self, choice: WithdrawalChoice) -> str:
        return self.who(choice.player, {c.player for c in self.mine()})

    def intro(self) -> list[str]:
        out: list[str] = []
        for c in self.mine():
            when = "before the battle (section 4.1)" if c.before else "after the day's battle"
            out.append(f"{self.whose(c)}{c.hex}, {when}")
            if c.must:
                out.append(f"  You must withdraw: {c.must}")
            if why_not(c):
                out.append(f"  {why_not(c)[0].upper()}{why_not(c)[1:]}")
            out += self.sealed_lines(c.written, c.waiting)
        return out

    def build_options(self) -> Sequence[Option]:
        out: list[Option] = []
        for c in self.mine():
            who, at = self.whose(c), c.hex

            def send(choice: str, to: str = "", c: WithdrawalChoice = c) -> ChooseWithdrawal:
                return ChooseWithdrawal(hex=c.hex, choice=choice, to=to, player=c.player)

            if not c.must:
                word = "Stay and fight" if c.before else "Fight on"
                out.append(Option(f"{who}{word} at {at}", send(FIGHT)))
            if c.can_withdraw:
                for to in c.to:
                    if to == at and c.walls:
                        out += self.walls_options(c, who)
                        continue
                    out.append(Option(f"{who}Withdraw from {at} to {to}", send(WITHDRAW, to)))
            if c.must and not (c.can_withdraw and c.to):
                text = f"{who}Withdraw from {at} with no hex open (R-SU-14)"
                out.append(Option(text, send(WITHDRAW)))
        return out

    def walls_options(self, c: WithdrawalChoice, who: str) -> list[Option]:
        """Into the walls with the marked units, then a mark for each unit (R-SU-37)."""
        marked = self.inside[(c.hex, c.player)]
        points = sum(u.points for u in c.walls if u.id in marked)
        left = len(c.walls) - len(marked)
        over = f", {points - c.room:,} pts too many" if points > c.room else ""
        text = (
            f"{who}Withdraw from {c.hex} into your walls with the {len(marked)} units marked: "
            f"{points:,} of {c.room:,} pts of room{over}; {left} eliminated"
        )
        units = [u.id for u in c.walls if u.id in marked]
        send: Action = ChooseWithdrawal(
            hex=c.hex, choice=WITHDRAW, to=c.hex, player=c.player, units=units
        )
        out = [Option(text, send)]
        for u in c.walls:
            mark = "x" if u.id in marked else " "
            line = f"   [{mark}] {u.name}, {u.points:,} pts ('{u.corps}')"
            out.append(Option(line, None, (c.hex, c.player, u.id)))
        return out

    def empty(self) -> str:
        return "No fight-or-withdraw choice is open for you now."
