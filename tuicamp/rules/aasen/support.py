"""Supporting invasions (5.5): Support Contingents and what their march costs.

"When a player announces his invasion he may also declare that parts of his army will
support another player's battle by sending a Support Contingent" (declared at his turn to
declare even with no invasion of his own, R-AA-18). "You cannot support a sworn enemy ...,
or a player that is already receiving support from one of your sworn enemies"; "not more
than one to each battle"; "A player can always refuse support"; "a Dogs of War army may
not receive support from Support Contingents"; "300 pts or 600 pts ... taken from your
own invasion this turn".

Marching: "The path must start in either your Capital or an Outpost or Stronghold which
belongs to you, and end in the territory being invaded ... 1 Resource must be spent for
each friendly territory the Contingent moves into along the way"; a Highland territory
costs 1 more (2.2, table 5.1), 1 less for Dwarfs; Dogs of War "pay 1 less Resource per
territory moved when marching (down to 0)". "You may only move through another realm's
territories without invading if you gain their permission and you may not march through
the realm of a Sworn enemy": friendly land is the sender's realm's, the supported player's
and that of each realm that gave the sender's realm leave this year, but no realm of a
Sworn enemy of the sender's (R-AA-61, the leave of R-AA-33).

By sea (5.7, R-AA-49): "Fleets may also be used to transport Supporting Contingents ... a
fleet can only transport a single force per turn. If you are transporting a contingent,
treat results of 3 and 4 on the table as 5+ instead." The Contingent marches from one of
its starts to the fleet's territory (a fleet at sea takes it aboard where it is), and the
fleet carries it to the battle, its realm paying table 5.2's fare; the supported player's
realm is none of the enemies whose Strongholds, Capital and fleets give mishap dice
(R-AA-60).
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.aasen import amphibious, books, injuries, limits, passage, realms, trust
from tuicamp.rules.aasen.declarations import declarer
from tuicamp.rules.aasen.marching import DOGS_OF_WAR, cheapest, entry_cost, race
from tuicamp.rules.aasen.state import (
    ATTACKER,
    DEFENDER,
    STAND,
    AasenAction,
    Contingent,
    Invasion,
    Officer,
    astate,
)
from tuicamp.rules.kit.words import possessive


def starts(rules: api.Rules, realm_id: str) -> list[api.Territory]:
    """The realm's Capital, Outposts and Strongholds: where a march sets out."""
    camp, state = rules.campaign, astate(rules)
    out = [t for t in realms.held_by(camp, realm_id) if t.id in state.holdings]
    capital = realms.capital_of(camp, state, realm_id)
    return [capital, *out] if capital is not None else out


def march(
    rules: api.Rules, marcher: str, friendly: set[str], goal: api.Territory
) -> tuple[int, list[str]] | None:
    """The cheapest march from one of the marcher's starts to ``goal`` through friendly
    realms' land (the goal is paid for only when friendly): its cost and path; None when
    there is none."""
    camp = rules.campaign
    realm_id = realms.realm_id_of(camp, marcher) or ""

    def step(other: api.Territory) -> int | None:
        if other.owner in friendly:
            return entry_cost(rules, marcher, other)
        return 0 if other.id == goal.id else None

    return cheapest(camp, starts(rules, realm_id), goal, step)


def no_march(goal: api.Territory, what: str = "") -> str:
    """Why a Contingent's march is refused: no way through the land it may enter (R-AA-61)."""
    return (
        f"No march reaches {what}{goal.name} from your Capital, Outposts or Strongholds through "
        "friendly land: your realm's, the supported player's and that of realms that gave "
        "yours leave this year (grant_passage), never a Sworn enemy's realm (5.5, R-AA-61)"
    )


def march_text(campaign: api.Campaign, contingent: Contingent, lenders: set[str]) -> str:
    """What the chronicle tells of a Contingent's march: its cost and the realms whose
    leave it used (R-AA-61)."""
    lent = passage.by_leave(campaign, contingent.path, lenders)
    return f"march: {contingent.cost} Resources{lent}"


def supported_player(invasion: Invasion, side: str) -> str:
    return invasion.attacker if side == ATTACKER else invasion.defender


def contingents_for(rules: api.Rules, invasion: str, side: str) -> list[Contingent]:
    return [
        c
        for c in astate(rules).contingents
        if c.invasion == invasion and c.side == side and c.fights
    ]


def invasion_named(ctx: api.Context, invasion_id: str) -> Invasion:
    """This year's invasion an action names, or the action refused."""
    return ctx.found(astate(ctx).invasion(invasion_id), f"No invasion {invasion_id!r} this year")


def strength(rules: api.Rules, contingent: Contingent) -> int:
    """The points a Contingent brings to its battle: those declared, a tenth fewer after a
    fleet's mishap of 2 (table 5.3)."""
    if not contingent.fleet:
        return contingent.points
    return amphibious.smaller(rules, contingent.points, contingent.mishap)


def sent_points(rules: api.Rules, player: str) -> int:
    """R-AA-18, R-AA-50: the points a player's Contingents take off his own invasion army,
    each as declared, whether it fights or not (refused, stayed away, lost at sea, its battle
    called off): "The points are simply lost that turn" (5.5)."""
    return sum(c.points for c in astate(rules).contingents if c.player == player)


def may_ally(ctx: api.Context, player: str, invasion: Invasion, side: str) -> None:
    """3.3 and 9.2: "you may not send support to a sworn enemy, or to an ally that is
    already receiving support from a sworn enemy"; "a Dogs of War army may not receive
    support from Support Contingents"."""
    camp, state, name = ctx.campaign, astate(ctx), api.teams.name_of
    helped = supported_player(invasion, side)
    ctx.require(
        race(camp, helped) != DOGS_OF_WAR,
        f"{possessive(name(camp, helped))} Dogs of War army may not receive support",
    )
    ctx.require(
        not trust.sworn(state, player, helped),
        f"{name(camp, helped)} is your Sworn enemy: you may not support him",
    )
    others = [c.player for c in contingents_for(ctx, invasion.id, side) if c.player != player]
    ctx.require(
        not any(trust.sworn(state, player, other) for other in others),
        f"{name(camp, helped)} is already receiving support from your Sworn enemy",
    )


def leave_battle(ctx: api.Context, invasion: Invasion, contingent: Contingent) -> None:
    """A Contingent that no longer fights (refused, or not showing up) leaves the battle's
    side, its points with it, if the battle is open and not yet fought."""
    battle = next((b for b in ctx.campaign.battles if b.id == invasion.battle), None)
    if battle is None or battle.status != api.BattleStatus.PENDING:
        return
    side = battle.side(contingent.side)
    if side is not None and contingent.player in side.players:
        side.players.remove(contingent.player)
        side.points -= strength(ctx, contingent)


def commander_kept_out(
    rules: api.Rules, battle: api.Battle, contingent: Contingent
) -> Officer | None:
    """The Contingent's Commander if his Old Battle Wound's 1 keeps him out of this battle
    ("The character may not fight this battle", 8.2, R-AA-88), else None."""
    state = astate(rules)
    officer = next(
        (o for o in state.officers.get(contingent.player, []) if o.name == contingent.officer),
        None,
    )
    if officer is None:
        return None
    fighter = injuries.Fighter(contingent.side, contingent.player, officer)
    return officer if injuries.kept_out(battle, fighter) else None


def commander_out(rules: api.Rules, battle: api.Battle, contingent: Contingent) -> str:
    """The card's words for a Contingent whose Commander may not fight, or "": 5.5 has "one
    Senior Officer ... to act as the Contingent Commander", and his Old Battle Wound's 1
    keeps him out ("His points cost is not redeemed", 8.2). The Contingent still fights,
    its points as sent, without a Commander: none stands in, and no one gains the Glory of
    leading it (R-AA-96)."""
    officer = commander_kept_out(rules, battle, contingent)
    if officer is None:
        return ""
    return (
        f"{api.teams.name_of(rules.campaign, contingent.player)}'s Support Contingent "
        f"({strength(rules, contingent)} pts): its Commander {officer.name} may not fight "
        "(Old Battle Wound 1, 8.2); it fights without a Contingent Commander, his points "
        "not redeemed, no Glory for leading it (5.5, R-AA-96)"
    )


@define(kw_only=True)
class Support(AasenAction):
    kind = "support"
    summary = (
        "Send a Support Contingent to a battle declared: invasion = its id, side = attacker "
        "or defender, points = 300 or 600, officer = the Senior Officer leading it, required "
        "(at your turn to declare, before you declare); fleet = where a fleet carries it "
        "from, with an optional route (5.7). It marches through your realm's land, the "
        "supported player's, and that of realms that gave yours leave (grant_passage, 5.5)"
    )
    invasion: str
    side: str = ATTACKER
    points: int = 300
    officer: str = ""
    fleet: str = ""
    route: list[str] = field(factory=list)

    def apply(self, ctx: api.Context) -> None:
        camp, state = ctx.campaign, astate(ctx)
        player = declarer(ctx)
        invasion = invasion_named(ctx, self.invasion)
        ctx.require(invasion.answer == STAND, "Only a battle is supported: the realm withdrew")
        ctx.require(self.side in (ATTACKER, DEFENDER), "Support the attacker or the defender?")
        sizes = [int(n) for n in ctx.table("support")["sizes"]]
        ctx.require(self.points in sizes, f"A Contingent is {' or '.join(map(str, sizes))} points")
        helped = supported_player(invasion, self.side)
        name = api.teams.name_of
        ctx.require(helped != player, "A Contingent supports another player's battle")
        ctx.require(
            player not in (invasion.attacker, invasion.defender),
            "You fight this battle yourself",
        )
        ctx.require(
            all(c.player != player for c in state.contingents if c.invasion == invasion.id),
            "Not more than one Support Contingent of yours to each battle",
        )
        may_ally(ctx, player, invasion, self.side)
        most = limits.most_contingents(ctx, player)
        ctx.require(
            len(limits.sent(ctx, player)) < most,
            f"{name(camp, player)}'s army has {most + 1} Heroes (table 9.1), the General "
            f"one of them: it sends at most {most} Support Contingent(s) a year, each led by "
            "a Hero (5.5, R-AA-47)",
        )
        # 5.5: "The Contingent must also include one Senior Officer (you cannot send the
        # General ...)"; 8.1: Junior Officers "can't lead Support Contingents" (R-AA-85)
        free = [o.name for o in state.officers.get(player, []) if not o.fate]
        free = [o for o in free if o not in {c.officer for c in limits.sent(ctx, player)}]
        ctx.require(
            self.officer in free,
            f"A Senior Officer of yours leads the Contingent, one a year (officer = "
            f"{' or '.join(free) or 'none free: promote one'}), never the General nor a "
            "Junior Officer (5.5, 8.1, R-AA-85)",
        )
        realm_id = realms.realm_id_of(camp, player) or ""
        ally = realms.realm_id_of(camp, helped) or ""
        friendly = passage.contingent_hosts(ctx, player, ally)  # R-AA-61
        goal = ctx.found(camp.map.territory(invasion.target), "no such territory")
        contingent = Contingent(
            player, invasion.id, self.side, self.points, 0, [], officer=self.officer
        )
        fare = 0
        if self.fleet:
            way, fare = self._by_sea(ctx, contingent, ally, friendly, goal)
        else:
            contingent.cost, contingent.path = ctx.found(
                march(ctx, player, friendly, goal), no_march(goal)
            )
            way = march_text(camp, contingent, friendly - {realm_id, ally})
        state.contingents.append(contingent)
        ctx.emit(  # first, in the open, with the fleet's mishap dice
            "support",
            f"{name(camp, player)} sends {self.points} points to support "
            f"{name(camp, helped)} in {goal.name} ({way})",
            player=player,
            invasion=invasion.id,
        )
        books.spend(
            ctx, realm_id, contingent.cost, f"the march of a Support Contingent to {goal.name}"
        )
        books.spend(ctx, realm_id, fare, f"the fleet's voyage to {goal.name} (table 5.2)")

    def _by_sea(
        self,
        ctx: api.Context,
        contingent: Contingent,
        ally: str,
        friendly: set[str],
        goal: api.Territory,
    ) -> tuple[str, int]:
        """5.7: the march to the fleet's territory (paid as the Contingent's), then the
        voyage, its mishap dice rolled in the open (R-AA-49), none for the supported
        player's realm (R-AA-60): what is told, and the fare."""
        camp, player = ctx.campaign, contingent.player
        realm_id = realms.realm_id_of(camp, player) or ""
        harbour = camp.map.territory(self.fleet)
        hosts = friendly
        if harbour is not None:
            lender = amphibious.carrier(ctx, player, self.fleet)  # R-AA-51: its land too
            hosts = friendly | ({lender.realm} if lender is not None else set())
            contingent.cost, contingent.path = ctx.found(
                march(ctx, player, hosts, harbour), no_march(harbour, "the fleet at ")
            )
        fare, lowest = amphibious.sail(
            ctx, player, realm_id, self.fleet, goal, self.route, amphibious.CONTINGENT, ally
        )
        contingent.fleet, contingent.mishap = self.fleet, lowest
        contingent.lost = lowest == amphibious.FAILS
        told = amphibious.mishap_text(lowest, amphibious.CONTINGENT)
        marched = march_text(camp, contingent, hosts - {realm_id, ally})
        return f"{marched}; by sea: {fare} Resources, {told}", fare


@define(kw_only=True)
class RefuseSupport(AasenAction):
    kind = "refuse_support"
    summary = "Refuse a Support Contingent sent to your battle (from = the sender)"
    invasion: str
    sender: str

    def apply(self, ctx: api.Context) -> None:
        """5.5: "A player can always refuse support if he doesn't want it"; the sender is
        paid back his march ("You do not, however, pay any Resources for marching")."""
        camp, state = ctx.campaign, astate(ctx)
        player = api.turns.acting_player(ctx, among=api.acting_players(camp))
        invasion = invasion_named(ctx, self.invasion)
        found = next(
            (
                c
                for c in state.contingents
                if c.invasion == invasion.id and c.player == self.sender and not c.refused
            ),
            None,
        )
        contingent = ctx.found(found, f"{self.sender} sends no Contingent to this battle")
        ctx.require(
            supported_player(invasion, contingent.side) == player,
            "Only the player supported refuses the support",
        )
        contingent.refused = True
        leave_battle(ctx, invasion, contingent)
        realm_id = realms.realm_id_of(camp, contingent.player) or ""
        if contingent.cost:
            books.change(ctx, realm_id, "a refused Contingent's march", resources=contingent.cost)
        name = api.teams.name_of
        ctx.emit(
            "support_refused",
            f"{name(camp, player)} refuses {possessive(name(camp, contingent.player))} Contingent",
            invasion=invasion.id,
        )


@define(kw_only=True)
class CancelSupport(AasenAction):
    kind = "cancel_support"
    summary = (
        "Cancel your Support Contingent to a player who has not yet had his turn to "
        "declare (invasion = its id): its march is paid back, its points and Hero are lost"
    )
    invasion: str

    def apply(self, ctx: api.Context) -> None:
        """5.5: "If you declare support for another player that has not had his turn to
        declare an invasion yet you can change your mind and cancel the support ... When
        support is cancelled you may not direct it to fight in another battle and you may
        not use it in your own invasion. The points are simply lost that turn and you also
        have one less Hero choice for your main invasion. You do not, however, pay any
        Resources for marching" (R-AA-50)."""
        camp, state = ctx.campaign, astate(ctx)
        player = api.turns.acting_player(ctx, among=api.acting_players(camp))
        invasion = invasion_named(ctx, self.invasion)
        mine = (c for c in state.contingents if c.invasion == invasion.id and c.player == player)
        contingent = ctx.found(
            next((c for c in mine if c.fights), None), "You send no Contingent to this battle"
        )
        helped = supported_player(invasion, contingent.side)
        name = api.teams.name_of
        ctx.require(
            helped not in state.declared,
            f"{name(camp, helped)} has had his turn to declare: the support is no longer "
            "cancelled (5.5; before the battle it may still stay away, betray)",
        )
        contingent.cancelled = True
        realm_id = realms.realm_id_of(camp, player) or ""
        if contingent.cost:
            books.change(ctx, realm_id, "a cancelled Contingent's march", resources=contingent.cost)
        ctx.emit(
            "support_cancelled",
            f"{name(camp, player)} cancels his Contingent to {name(camp, helped)} (5.5)",
            invasion=invasion.id,
        )


ACTIONS = (Support, RefuseSupport, CancelSupport)
