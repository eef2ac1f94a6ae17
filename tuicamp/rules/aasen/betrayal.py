"""Betraying your allies (6.2): a Contingent that does not show up, or that fights for the
other side.

"Even though a player has declared that he will give support to another player he can
decide not to show up for the battle, or even support the opponent instead! This must be
declared before a battle starts ... When you decide that your troops will not show up
this is treated exactly like cancelling support (see section 5.5), and you get back any
Resources paid for marching. If you decide that your troops will fight for the other side
this is treated as if you had decided to support him all along, though you pay the same
cost for marching ... a player naturally has to be able to ally with the other side, and a
player can always refuse the support of turncoats."

Cancelled support: "The points are simply lost that turn and you also have one less Hero
choice for your main invasion" - so a Contingent that stays away still counts against its
sender's own army (R-AA-18). A turncoat may be refused like any Contingent
(``refuse_support``), by the player he now supports (R-AA-32).
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.aasen import books, realms, support
from tuicamp.rules.aasen.state import ATTACKER, DEFENDER, AasenAction, astate

NO_SHOW = "no_show"
TURNCOAT = "turncoat"
OTHER_SIDE = {ATTACKER: DEFENDER, DEFENDER: ATTACKER}


@define(kw_only=True)
class Betray(AasenAction):
    kind = "betray"
    summary = (
        "Betray the player your Contingent supports, before the battle: invasion = its id, "
        "how = no_show (it stays away, the march paid back) or turncoat (it fights for the "
        "other side)"
    )
    invasion: str
    how: str

    def apply(self, ctx: api.Context) -> None:
        camp, state = ctx.campaign, astate(ctx)
        player = api.turns.acting_player(ctx, among=api.acting_players(camp))
        invasion = support.invasion_named(ctx, self.invasion)
        sent = [c for c in state.contingents if c.invasion == invasion.id and c.player == player]
        away = next((c for c in sent if c.absent), None)
        ctx.require(
            away is None or any(c.fights for c in sent),
            f"Your Contingent already stays away from battle {invasion.battle}: it was "
            "declared not to show up (6.2, R-AA-69)",
        )
        mine = (c for c in sent if c.fights)
        contingent = ctx.found(next(mine, None), "You send no Contingent to this battle")
        battle = ctx.found(
            next((b for b in camp.battles if b.id == invasion.battle), None),
            "The battle is not open yet: before it is, a Contingent is refused or cancelled",
        )
        ctx.require(
            battle.status == api.BattleStatus.PENDING,
            f"Battle {battle.id} is over: a betrayal is declared before the battle starts",
        )
        ctx.require(self.how in (NO_SHOW, TURNCOAT), "how = no_show or turncoat")
        name = api.teams.name_of
        betrayed = support.supported_player(invasion, contingent.side)
        if self.how == NO_SHOW:
            support.leave_battle(ctx, invasion, contingent)
            contingent.absent = True
            if contingent.cost:
                realm_id = realms.realm_id_of(camp, player) or ""
                why = "a Contingent that stayed away"
                books.change(ctx, realm_id, why, resources=contingent.cost)
            ctx.emit(
                "betrayal",
                f"{name(camp, player)}'s Contingent does not show up to support "
                f"{name(camp, betrayed)} in battle {battle.id} (6.2)",
                battle=battle.id,
            )
            return
        ctx.require(not contingent.turned, "Your Contingent has changed sides already")
        other = OTHER_SIDE[contingent.side]
        support.may_ally(ctx, player, invasion, other)
        support.leave_battle(ctx, invasion, contingent)
        contingent.side, contingent.turned = other, True
        side = ctx.found(battle.side(other), "the battle has no such side")
        side.players.append(player)
        side.points += support.strength(ctx, contingent)
        ctx.emit(
            "betrayal",
            f"{name(camp, player)}'s Contingent turns its coat: it fights for "
            f"{name(camp, support.supported_player(invasion, other))} against "
            f"{name(camp, betrayed)} in battle {battle.id} (6.2)",
            battle=battle.id,
        )


ACTIONS = (Betray,)
