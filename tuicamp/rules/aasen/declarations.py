"""Invasions are declared (5.4): Initiative on 3d6 (and last year's Follow-up or Blitz,
6.3), bought up or down with Resources, then
each General in turn declares one invasion or passes, and the invaded realm at once
stands and fights (naming its defending player, R-AA-17) or withdraws.

The limits (5.4, 5.8, R-AA-5, R-AA-16): "Each General may only declare one invasion";
"An invasion is always declared from one of your territories into an enemy territory.
Only one General may attack from each territory per year, and you cannot declare an
invasion into a territory that is already being invaded" (a Capital may be attacked by
two, each from its own adjacent territory); no invasion from a territory being invaded;
"each realm may only be involved in three invasions per player per year ... Once a realm
reaches this limit no further attacks may be made upon it and it may declare no more
invasions itself"; "If a realm withdraws from a territory it does not count towards its
limit ..., though it still counts for the invading army. The invading army takes over the
territory and no other Generals may invade it that year. The same happens if the army
invades a territory that is not held by any realm."
"""

from __future__ import annotations

from functools import partial

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.aasen import amphibious, bonuses, books, initiative, injuries, passage, realms
from tuicamp.rules.aasen.state import (
    FAILED,
    NEUTRAL,
    STAND,
    WAITING,
    WITHDRAW,
    AasenAction,
    Invasion,
    astate,
)


def candidates(rules: api.Rules) -> list[str]:
    """The players who declare this year: those with a General, in a realm still in."""
    camp, state = rules.campaign, astate(rules)
    out = []
    for team in realms.realms(camp):
        if team.id not in state.eliminated:
            out += [p for p in team.members if injuries.commands(state, p)]
    return out


def begin(ctx: api.Context) -> None:
    """5.4: "Each player in a realm publicly rolls 3D6 ... Invasions will be declared in
    descending order of Initiative (roll a dice to determine the order if two players have
    the same Initiative score)". With table dice each roll waits for its player's own seat
    (R-AA-71); the roll-off follows the last of them."""
    camp, state = ctx.campaign, astate(ctx)
    state.declared, state.initiative, state.tiebreak, state.claimed = [], {}, {}, []
    for player in candidates(ctx):
        name = api.teams.name_of(camp, player)
        bonuses.claim(ctx, player)  # 6.3: a Follow-up or Blitz that can be made
        text = f"{name}'s Initiative (3D6)"
        roll = partial(roll_initiative, ctx, player)
        api.carry_out(ctx, initiative.INITIATIVE, text, [player], roll, player=player)
    state.bonuses = []
    initiative.roll_off(ctx)


def roll_initiative(ctx: api.Context, player: str) -> None:
    """The player's 3D6, and the bonus his Initiative counts (6.3)."""
    state = astate(ctx)
    name = api.teams.name_of(ctx.campaign, player)
    bonus = bonuses.claimed(state, player)
    rolled = ctx.dice.roll("3d6", f"{name}'s Initiative").total
    state.initiative[player] = rolled + (bonus.initiative if bonus is not None else 0)
    ctx.emit(
        "initiative",
        f"{name}'s Initiative: {state.initiative[player]}",
        player=player,
        initiative=state.initiative[player],
    )


def initiative_rolled(ctx: api.Context, awaited: api.AwaitedRoll) -> None:
    """A player's Initiative from the table's dice (R-AA-71); after the last, the
    roll-off."""
    player = str(awaited.data.get("player", ""))
    if player in candidates(ctx) and player not in astate(ctx).initiative:
        roll_initiative(ctx, player)
    initiative.roll_off(ctx)


def order(rules: api.Rules) -> list[str]:
    """Who is still to declare, first to last: highest Initiative, then the higher die of
    the roll-off between equals (R-AA-29)."""
    state = astate(rules)
    left = [p for p in candidates(rules) if p not in state.declared]
    return sorted(left, key=lambda p: (-state.initiative.get(p, 0), -state.tiebreak.get(p, 0)))


def awaiting(rules: api.Rules) -> Invasion | None:
    """The invasion whose realm has still to answer, if any: nobody declares meanwhile."""
    return next((i for i in astate(rules).invasions if i.answer == WAITING), None)


def involved(rules: api.Rules, realm_id: str) -> int:
    """R-AA-5: the invasions a realm is involved in this year: every one it declared, and
    every one against it that it stands against (a withdrawal counts for the invader only)."""
    return sum(
        1
        for i in astate(rules).invasions
        if i.realm == realm_id or (i.defender_realm == realm_id and i.answer == STAND)
    )


def limit(rules: api.Rules, realm_id: str) -> int:
    """R-AA-5: "three battles per player in the realm per year"."""
    per_player = int(rules.table("limits")["invasions_per_player"])
    return per_player * len(api.teams.members(rules.campaign, realm_id))


def at_limit(rules: api.Rules, realm_id: str) -> bool:
    return involved(rules, realm_id) >= limit(rules, realm_id)


def declarer(ctx: api.Context) -> str:
    player = api.turns.acting_player(ctx, among=api.acting_players(ctx.campaign))
    camp, waiting = ctx.campaign, awaiting(ctx)
    unrolled = initiative.unrolled(ctx)
    ctx.require(not unrolled, unrolled)
    if waiting is not None:
        realm_name = api.teams.name_of(camp, waiting.defender_realm)
        raise api.RuleError(
            f"First {realm_name} must stand or withdraw from "
            f"{realms.place_name(camp, waiting.target)} (invasion {waiting.id})"
        )
    left = order(ctx)
    ctx.require(player in left, f"{api.teams.name_of(camp, player)} has declared this year")
    ctx.require(
        left[0] == player,
        f"It is {api.teams.name_of(camp, left[0])}'s turn to declare (Initiative "
        f"{astate(ctx).initiative.get(left[0], 0)})",
    )
    return player


def _check(
    ctx: api.Context,
    realm_id: str,
    source: api.Territory | None,
    target: api.Territory,
    by_sea: bool = False,
) -> None:
    """The limits of 5.4, 5.6, 5.8 and R-AA-5; ``source`` None for a pirate fleet at sea."""
    camp, state = ctx.campaign, astate(ctx)
    ctx.require(
        by_sea or (source is not None and target in realms.neighbours(camp, source)),
        f"{target.name} does not border {source.name if source else 'the sea'}: an invasion "
        "goes into a neighbouring territory (or by fleet, fleet = true, 5.7)",
    )
    ctx.require(target.owner != realm_id, f"{target.name} is your own realm's")
    name = api.teams.name_of(camp, realm_id)
    ctx.require(
        not at_limit(ctx, realm_id),
        f"{name} is involved in {involved(ctx, realm_id)} invasions this year, its limit "
        f"(R-AA-5): it declares no more",
    )
    if target.owner is not None:
        ctx.require(
            not at_limit(ctx, target.owner),
            f"{api.teams.name_of(camp, target.owner)} has reached its limit of invasions this "
            "year: no further attacks may be made upon it (R-AA-5)",
        )
    this_year = state.invasions
    if source is not None:
        ctx.require(
            all(i.source != source.id for i in this_year),
            f"A General has attacked from {source.name} this year already",
        )
        ctx.require(
            all(i.target != source.id for i in this_year),
            f"{source.name} is being invaded: no invasion is launched from it",
        )
    against = [i for i in this_year if i.target == target.id]
    capital = target.owner is not None and realms.capital_of(camp, state, target.owner) == target
    if capital and len(against) == 1 and against[0].answer == STAND:
        return  # 5.8: "up to two armies may attack, though each from their own adjacent territory"
    ctx.require(not against, f"{target.name} is already being invaded this year")


def _march(
    ctx: api.Context, player: str, realm_id: str, source: api.Territory
) -> tuple[list[str], int]:
    """The march of the whole army to a launch territory of a friendly realm (5.6,
    R-AA-33), to be paid as it is declared: its path and cost (none from one's own land,
    nor for a Follow-up, whose army "is already there", 6.3)."""
    if source.owner == realm_id:
        return [], 0
    bonus = bonuses.claimed(astate(ctx), player)
    if bonus is not None and bonus.source == source.id:
        return [], 0
    found = ctx.found(
        passage.army_march(ctx, player, source),
        f"{source.name} is not your realm's, and no march through your own land and the "
        "land of realms that gave you leave (grant_passage) reaches it (5.6)",
    )
    cost, path = found
    return path, cost


def already_ashore(rules: api.Rules, player: str, source: str, target: str) -> bool:
    """R-AA-70: the invasion declared is the player's Follow-up after his amphibious
    invasion (6.3: "you don't need a fleet to transport you - the army is already
    there"): no fleet, fare nor mishap dice, and the target need not border its source."""
    bonus = bonuses.claimed(astate(rules), player)
    if bonus is None or not bonuses.ashore(rules.campaign, bonus):
        return False
    return (bonus.source, bonus.target) == (source, target)


@define(kw_only=True)
class Declare(AasenAction):
    kind = "declare"
    summary = (
        "Declare your General's invasion: source = your territory (or a friendly realm's "
        "that gave leave, 5.6; or your fleet's place with fleet = true and an optional "
        "route, 5.7), target = the one it invades; raid = true"
    )
    source: str
    target: str
    raid: bool = False
    fleet: bool = False
    route: list[str] = field(factory=list)

    def apply(self, ctx: api.Context) -> None:
        camp = ctx.campaign
        player = declarer(ctx)
        realm_id = ctx.found(realms.realm_id_of(camp, player), "You rule in no realm")
        target = ctx.found(camp.map.territory(self.target), f"{self.target!r} is no territory")
        ashore = already_ashore(ctx, player, self.source, self.target)
        if self.fleet and not ashore:
            self._by_sea(ctx, player, realm_id, target)
            return
        source = camp.map.territory(self.source)  # a pirate's landing: a sea hex (R-AA-91)
        if not ashore:
            source = ctx.found(source, f"{self.source!r} is no territory")
        path, cost = _march(ctx, player, realm_id, source) if source else ([], 0)
        _check(ctx, realm_id, source, target, by_sea=ashore)
        bonuses.check_declaration(ctx, player, self.source, target.id)
        if cost:
            where = realms.place_name(camp, self.source)
            books.spend(ctx, realm_id, cost, f"the army's march to {where}")
        way = f", marching through friendly land for {cost} Resources" if path else ""
        if ashore:
            way = ", its army already there: a Follow-up after its landing needs no fleet (6.3)"
        invasion = self._declared(ctx, player, realm_id, self.source, target, way)
        invasion.path, invasion.march = path, cost
        _taken_if_nobodys(ctx, invasion, target)

    def _by_sea(self, ctx: api.Context, player: str, realm_id: str, target: api.Territory) -> None:
        """5.7: from the territory (or, a pirate's, the sea hex) of the realm's fleet, or of
        a friendly realm's fleet the army marches to first (5.6, R-AA-51)."""
        source = ctx.campaign.map.territory(self.source)
        path, march = _march(ctx, player, realm_id, source) if source else ([], 0)
        _check(ctx, realm_id, source, target, by_sea=True)
        bonuses.check_declaration(ctx, player, self.source, target.id)
        cost, lowest = amphibious.sail(ctx, player, realm_id, self.source, target, self.route)
        marched = f", marching for {march} Resources, then" if path else ""
        way = f"{marched} by sea ({cost} Resources; {amphibious.mishap_text(lowest)})"
        invasion = self._declared(ctx, player, realm_id, self.source, target, way)
        invasion.by_sea, invasion.mishap = True, lowest
        invasion.path, invasion.march = path, march
        where = realms.place_name(ctx.campaign, self.source)
        books.spend(ctx, realm_id, march, f"the army's march to {where}")
        books.spend(ctx, realm_id, cost, f"the fleet's voyage to {target.name} (table 5.2)")
        if lowest == amphibious.FAILS:
            invasion.answer = FAILED
            return
        _taken_if_nobodys(ctx, invasion, target)

    def _declared(
        self,
        ctx: api.Context,
        player: str,
        realm_id: str,
        source: str,
        target: api.Territory,
        way: str,
    ) -> Invasion:
        camp, state = ctx.campaign, astate(ctx)
        invasion = Invasion(
            f"i{len(state.invasions) + 1}",
            player,
            realm_id,
            source,
            target.id,
            target.owner or "",
            raid=self.raid,
        )
        state.invasions.append(invasion)
        state.declared.append(player)
        who, what = api.teams.name_of(camp, player), "raids" if self.raid else "invades"
        ctx.emit(
            "invasion",
            f"{who} {what} {target.name} from {realms.place_name(camp, source)}{way}",
            player=player,
            invasion=invasion.id,
        )
        return invasion


def _taken_if_nobodys(ctx: api.Context, invasion: Invasion, target: api.Territory) -> None:
    """5.4: "The same happens if the army invades a territory that is not held by any
    realm": it is taken at once."""
    if target.owner is None:
        invasion.answer = NEUTRAL
        take(ctx, invasion, "nobody holds it")


@define(kw_only=True)
class Pass(AasenAction):
    kind = "pass_declaration"
    summary = "Declare no invasion this year (your turn to declare passes on)"

    def apply(self, ctx: api.Context) -> None:
        player = declarer(ctx)
        astate(ctx).declared.append(player)
        ctx.emit("pass", f"{api.teams.name_of(ctx.campaign, player)} declares no invasion")


def take(ctx: api.Context, invasion: Invasion, why: str) -> None:
    """The invading realm takes the territory without battle."""
    camp = ctx.campaign
    territory = ctx.found(camp.map.territory(invasion.target), "no such territory")
    territory.owner = invasion.realm
    camp.map.invalidate()
    realm_name = api.teams.name_of(camp, invasion.realm)
    ctx.emit("conquest", f"{realm_name} takes {territory.name} ({why})", invasion=invasion.id)


@define(kw_only=True)
class Answer(AasenAction):
    kind = "answer_invasion"
    summary = (
        "Answer the invasion of your realm: choice = stand or withdraw; defender = the "
        "player who defends (when standing)"
    )
    choice: str
    defender: str = ""

    def apply(self, ctx: api.Context) -> None:
        """5.4: "When an invasion is declared the invaded realm must immediately declare if
        they will stand and fight or withdraw"; R-AA-17: "A realm that stands names its
        defending player"."""
        camp = ctx.campaign
        invasion = ctx.found(awaiting(ctx), "No invasion waits for an answer")
        player = api.turns.acting_player(ctx, among=api.acting_players(camp))
        realm_name = api.teams.name_of(camp, invasion.defender_realm)
        ctx.require(
            realms.realm_id_of(camp, player) == invasion.defender_realm,
            f"Only {realm_name} answers this invasion",
        )
        target = ctx.found(camp.map.territory(invasion.target), "no such territory")
        if self.choice == WITHDRAW:
            invasion.answer = WITHDRAW
            ctx.emit("withdrawal", f"{realm_name} withdraws from {target.name}")
            take(ctx, invasion, "the defenders withdrew")
            return
        ctx.require(self.choice == STAND, "Stand or withdraw?")
        members = api.teams.members(camp, invasion.defender_realm)
        defender = self.defender or player
        ctx.require(
            defender in members,
            f"The defender is one of {realm_name}'s players ({', '.join(members)})",
        )
        invasion.answer, invasion.defender = STAND, defender
        text = f"{realm_name} stands in {target.name}: {api.teams.name_of(camp, defender)} defends"
        ctx.emit("stand", text, invasion=invasion.id)


@define(kw_only=True)
class ModifyInitiative(AasenAction):
    kind = "modify_initiative"
    summary = "Spend Resources to move your Initiative up or down, 1 point a Resource (by = +n/-n)"
    by: int

    def apply(self, ctx: api.Context) -> None:
        """5.4: "A player can at any time spend Resources to modify his Initiative roll (up
        or down), though if a player has declared an invasion it cannot be interrupted.
        Each Resource spent lets you modify an Initiative roll by up to 1 point"."""
        camp, state = ctx.campaign, astate(ctx)
        player = api.turns.acting_player(ctx, among=api.acting_players(camp))
        ctx.require(self.by != 0, "Move your Initiative by at least 1 point")
        ctx.require(player in state.initiative, initiative.unrolled(ctx))
        ctx.require(player in order(ctx), "You have declared this year: too late")
        ctx.require(awaiting(ctx) is None, "An invasion is being declared: it is not interrupted")
        realm_id = ctx.found(realms.realm_id_of(camp, player), "You rule in no realm")
        price = abs(self.by) * int(ctx.table("costs")["initiative"])
        books.spend(ctx, realm_id, price, f"Initiative {self.by:+d}")
        state.initiative[player] = state.initiative.get(player, 0) + self.by
        name = api.teams.name_of(camp, player)
        ctx.emit(
            "initiative", f"{name}'s Initiative is now {state.initiative[player]}", player=player
        )
        initiative.moved(ctx, player)


def blockers(rules: api.Rules, player: str) -> list[str]:
    camp, waiting = rules.campaign, awaiting(rules)
    if waiting is not None and realms.realm_id_of(camp, player) == waiting.defender_realm:
        return [
            f"First: stand or withdraw from {realms.place_name(camp, waiting.target)} "
            f"(invasion {waiting.id}: answer_invasion)"
        ]
    if player in order(rules):
        return ["First: declare your invasion or pass when your turn comes"]
    return []


def pending(rules: api.Rules) -> list[str]:
    camp, waiting = rules.campaign, awaiting(rules)
    if initiative.waiting(camp):
        return []  # the flow tells the dice awaited (R-AA-71)
    if waiting is not None:
        target = camp.map.territory(waiting.target)
        return [
            f"{api.teams.name_of(camp, waiting.defender_realm)} must stand or withdraw "
            f"from {target.name if target else waiting.target} (invasion {waiting.id})"
        ]
    left = order(rules)
    if left:
        return [f"{api.teams.name_of(camp, left[0])} is to declare an invasion or pass"]
    return []


ACTIONS = (Declare, Pass, Answer, ModifyInitiative)
