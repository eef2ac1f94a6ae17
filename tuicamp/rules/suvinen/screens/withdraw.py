"""The sealed fight-or-withdraw dialog (``W``): for each round the seat is to write, before
a battle of three sides or more (§4.1) or after a day's battle (§4.3), what it is and why
the seat must withdraw (R-SU-13), then the choices it may write: fight, or withdraw to each
hex open to it (R-SU-14, R-SU-33), or into its own castle or city (R-SU-37); a side that
must withdraw with no hex open writes a withdrawal without one (R-SU-14). The seat sees
its own written choice, to change until the reveal, and of the others only whom the round
still waits for."""

from __future__ import annotations

from collections.abc import Sequence

from tuicamp.rules.suvinen.choices import WithdrawalChoice
from tuicamp.rules.suvinen.screens.base import Option, SuvinenDialog
from tuicamp.rules.suvinen.withdrawal import FIGHT, WITHDRAW, ChooseWithdrawal


def why_not(choice: WithdrawalChoice) -> str:
    """Why no hex is offered to withdraw to ('' when some are)."""
    if not choice.can_withdraw:
        return "no corps of yours there has a leader: none can withdraw (R-SU-1, R-SU-32)"
    if not choice.to:
        return "no hex is open to withdraw to (R-SU-14)"
    return ""


class WithdrawalDialog(SuvinenDialog):
    HEADING = "Fight or withdraw (written under seal)"

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
                    into = "into your walls at" if to == at else "to"
                    out.append(Option(f"{who}Withdraw from {at} {into} {to}", send(WITHDRAW, to)))
            if c.must and not (c.can_withdraw and c.to):
                text = f"{who}Withdraw from {at} with no hex open (R-SU-14)"
                out.append(Option(text, send(WITHDRAW)))
        return out

    def empty(self) -> str:
        return "No fight-or-withdraw choice is open for you now."
