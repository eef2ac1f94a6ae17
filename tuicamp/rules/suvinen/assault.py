"""The besiegers' choice to assault a garrison or wait (§4.6, R-SU-36).

"The winner then can attack the garrison." Once the corps outside a garrison's walls are
all of one side hostile to it, each of their players writes under seal, once a turn,
``assault`` or ``wait``; when all have written, the corps of those who wrote ``assault``
attack the garrison on the castle card, and the day goes on (R-SU-15).
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.suvinen import battles, castles, withdrawal
from tuicamp.rules.suvinen.state import sstate


@define(kw_only=True)
class ChooseAssault(api.Action):
    kind = "assault"
    summary = (
        "Before a garrison's walls, write under seal whether your corps there assault them "
        "(choice = assault) or wait (choice = wait); once a turn"
    )
    hex: str
    choice: str
    player: str = ""

    def apply(self, ctx: api.Context) -> None:
        state, camp = sstate(ctx), ctx.campaign
        player = api.turns.acting_player(ctx, self.player)
        label = camp.map.label(ctx.hex(self.hex))
        sealed = ctx.found(
            state.sieges.get(label), f"No garrison at {label} waits for an assault now"
        )
        ctx.require(self.choice in (castles.ASSAULT, castles.WAIT), "Write assault or wait")
        revealed = api.sealed.write(ctx, sealed, player, self.choice)
        if revealed is None:
            return
        del state.sieges[label]
        state.sieges_done.append(label)
        attackers = [p for p, c in sealed.choices.items() if c == castles.ASSAULT]
        castles.assault(ctx, label, attackers)
        withdrawal.settle_day(ctx)


def waiting_lines(rules: api.Rules) -> list[str]:
    """Whom each open siege round waits for, as every seat may read it."""
    camp, out = rules.campaign, []
    for label, sealed in sstate(rules).sieges.items():
        if sealed.waiting:
            names = battles.names_joined([api.teams.name_of(camp, p) for p in sealed.waiting])
            out.append(f"At {label}: {names} to write whether to assault the walls or wait")
    return out


def blockers(rules: api.Rules, player: str) -> list[str]:
    """A besieger with its choice still to write cannot end the phase."""
    return [
        f"First: write whether your corps at {label} assault the walls or wait (assault)"
        for label, sealed in sstate(rules).sieges.items()
        if player in sealed.waiting
    ]


def perform(ctx: api.Context, action: ChooseAssault) -> None:
    """The assault choice carries its own rule (its ``apply``)."""
    action.apply(ctx)


ACTIONS = (ChooseAssault,)
HANDLERS = {kind: perform for kind in ACTIONS}
