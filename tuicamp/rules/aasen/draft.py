"""The set-up draft (2.1, R-AA-7, R-AA-48), when a scenario leaves the allocation to the
players (``starts`` in its ``[ruleset.aasen]``: the territories a Capital may be chosen
in, the land owned by nobody).

"Initially each realm rolls 4D6, the one rolling the highest (Realm 1) selects one of the
starting territories ... If the realm has two players they must select one of the
mainland Capitals. To this are added the six territories immediately around it ...
Single-player realms (pirate realms) must select one of the island Capitals. To this is
added the three other territories on the island ... After all the realms have selected a
capital, Realm 9 (assuming that there are 9 realms) selects two* territories from anywhere
on the map ... When all realms have claimed two extra territories, the turn passes back to
Realm 9 ... Starting with Realm 1, each realm then has the option of placing either a
single Stronghold or up to two Outposts in any territory they control." 9.2, Dark Elves:
"Our own turf. When rolling to see which realm starts where on the campaign map (section
2.1), a realm may add +1 to its score for each Dark Elf army it contains."

The draft is made in the first year's Support and Resources segment, in the open, each
realm at its turn; the year's Support and Resources are earned as it ends.
"""

from __future__ import annotations

from functools import partial

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.aasen import marching, opening, realms
from tuicamp.rules.aasen.state import OUTPOST, STRONGHOLD, AasenAction, astate
from tuicamp.rules.aasen.year import acting_realm

DARK_ELVES = "Dark Elves"
ROLL, CAPITALS, PICKS, HOLDINGS = "roll", "capitals", "picks", "holdings"
SETUP_ROLL = "aasen_setup_roll"  # a realm's 4D6 waiting for the table's dice (R-AA-72)
MAX_ROUNDS = 100  # a roll-off of 4D6 that never ends is broken dice


def begin(ctx: api.Context) -> bool:
    """As the first year opens: the realms' 4D6, in the open, ties rolled again (R-AA-7).
    True while the draft is still to be made (the year opens as it ends)."""
    draft = astate(ctx).draft
    if draft is None:
        return False
    if draft.stage == ROLL:
        roll_on(ctx)
    return True


def to_roll(rules: api.Rules) -> list[str]:
    """The realms to roll the next round: all of them first, then those whose scores so
    far are all equal to another's (R-AA-7: "ties rolled again")."""
    draft = astate(rules).draft
    assert draft is not None
    if not draft.scores:
        return [t.id for t in realms.realms(rules.campaign)]
    seen: dict[tuple[int, ...], list[str]] = {}
    for realm_id, key in draft.scores.items():
        seen.setdefault(tuple(key), []).append(realm_id)
    return [r for group in seen.values() if len(group) > 1 for r in group]


def rolls_waiting(campaign: api.Campaign) -> list[api.AwaitedRoll]:
    return [a for a in campaign.flow.awaiting if a.kind == SETUP_ROLL]


def roll_on(ctx: api.Context) -> None:
    """Round after round of 4D6 until the realms stand apart, then the order is told.
    With table dice each realm's roll waits for its own players' seats (``roll_awaited``,
    R-AA-72) in the first year's Support and Resources segment, as R-AA-48 places it."""
    camp = ctx.campaign
    for _ in range(MAX_ROUNDS):
        if rolls_waiting(camp):
            return
        rolling = to_roll(ctx)
        if not rolling:
            _rank(ctx)
            return
        for realm_id in rolling:
            team = realms.realm(camp, realm_id)
            text = f"{api.teams.name_of(camp, realm_id)}'s set-up roll (4D6, 2.1)"
            members = list(team.members) if team is not None else []
            roll = partial(roll_realm, ctx, realm_id)
            api.carry_out(ctx, SETUP_ROLL, text, members, roll, realm=realm_id)
    raise api.RuleError("The set-up roll-off never ends")


def roll_realm(ctx: api.Context, realm_id: str) -> None:
    """One realm's 4D6, and its Dark Elf armies' +1 each (9.2: "Our own turf")."""
    camp, draft = ctx.campaign, astate(ctx).draft
    assert draft is not None
    team = realms.realm(camp, realm_id)
    members = team.members if team is not None else []
    bonus = sum(1 for p in members if marching.race(camp, p) == DARK_ELVES)
    total = ctx.dice.roll("4d6", f"{api.teams.name_of(camp, realm_id)}'s set-up").total
    draft.scores.setdefault(realm_id, []).append(total + bonus)
    if bonus:
        ctx.emit(
            "setup_roll",
            f"{api.teams.name_of(camp, realm_id)} adds {bonus} for its Dark Elf "
            "armies: our own turf (9.2)",
        )


def rolled(ctx: api.Context, awaited: api.AwaitedRoll) -> None:
    """A realm's 4D6 from the table (R-AA-72); after the round's last, ties roll again or
    the order is told."""
    draft = astate(ctx).draft
    realm_id = str(awaited.data.get("realm", ""))
    if draft is None or draft.stage != ROLL:
        return
    roll_realm(ctx, realm_id)
    roll_on(ctx)


def _rank(ctx: api.Context) -> None:
    """The realms in descending order of their scores: Realm 1 first (2.1)."""
    camp, state = ctx.campaign, astate(ctx)
    draft = state.draft
    assert draft is not None
    keys = draft.scores
    state.realm_order = sorted(keys, key=lambda r: keys[r], reverse=True)
    draft.stage, draft.turn = CAPITALS, 0
    draft.rolls = {r: keys[r][0] for r in keys}
    ranked = ", ".join(
        f"Realm {n}: {api.teams.name_of(camp, r)} ({'/'.join(map(str, keys[r]))})"
        for n, r in enumerate(state.realm_order, start=1)
    )
    ctx.emit("setup_roll", f"The set-up order (2.1, 4D6): {ranked}")


def size_of(rules: api.Rules, realm_id: str) -> int:
    sizes = rules.table("realm_size")
    return int(sizes["pirate" if realms.is_pirate(rules.campaign, realm_id) else "normal"])


def free_land(rules: api.Rules) -> list[api.Territory]:
    return [t for t in realms.land(rules.campaign) if t.owner is None]


def pickers(rules: api.Rules) -> list[str]:
    """The realms still short of their size, in the reverse order (R-AA-7)."""
    order = reversed(astate(rules).realm_order)
    return [r for r in order if len(realms.held_by(rules.campaign, r)) < size_of(rules, r)]


def whose_turn(rules: api.Rules) -> str:
    """The realm to act in the draft, or "" when none is."""
    state = astate(rules)
    draft = state.draft
    if draft is None or draft.stage == ROLL:
        return ""
    if draft.stage in (CAPITALS, HOLDINGS):
        return state.realm_order[draft.turn] if draft.turn < len(state.realm_order) else ""
    order = list(reversed(state.realm_order))
    for step in range(len(order)):
        realm_id = order[(draft.turn + step) % len(order)]
        if realm_id in pickers(rules):
            return realm_id
    return ""


def to_do(rules: api.Rules) -> str:
    """What the draft waits for, as the status line and the end of the segment say it."""
    realm_id = whose_turn(rules)
    draft = astate(rules).draft
    if draft is not None and draft.stage == ROLL:
        what = "; ".join(a.text for a in rolls_waiting(rules.campaign))
        return f"Set-up (2.1): the realms roll 4D6 at the table (roll_awaited): {what}"
    if not realm_id or draft is None:
        return ""
    name = api.teams.name_of(rules.campaign, realm_id)
    words = {
        CAPITALS: "chooses its Capital (choose_capital territory = ...)",
        PICKS: f"claims {per_pick(rules, realm_id)} more territories (claim territories = [...])",
        HOLDINGS: "places its Stronghold or two Outposts (place_holdings)",
    }
    return f"Set-up (2.1): {name} {words[draft.stage]}"


def per_pick(rules: api.Rules, realm_id: str) -> int:
    """ "two* territories ... * Pirate realms select only one", no more than it lacks or
    than is left."""
    pick = 1 if realms.is_pirate(rules.campaign, realm_id) else 2
    lacks = size_of(rules, realm_id) - len(realms.held_by(rules.campaign, realm_id))
    return max(0, min(pick, lacks, len(free_land(rules))))


def territory_name(rules: api.Rules, tid: str) -> str:
    territory = rules.campaign.map.territory(tid)
    return territory.name if territory is not None else repr(tid)


def my_turn(ctx: api.Context, stage: str) -> str:
    draft = astate(ctx).draft
    ctx.require(draft is not None and draft.stage == stage, "That is not done now in the set-up")
    realm_id = acting_realm(ctx)
    turn = whose_turn(ctx)
    ctx.require(
        realm_id == turn,
        f"It is {api.teams.name_of(ctx.campaign, turn)}'s turn in the set-up (2.1)",
    )
    return realm_id


def homeland_of(rules: api.Rules, capital: api.Territory, pirate: bool) -> list[api.Territory]:
    """A two-player realm's Capital and the six around it on the mainland; a pirate
    realm's and the rest of its island (2.1)."""
    camp = rules.campaign
    mainland, *islands = realms.pieces(camp) or [set()]
    around = realms.neighbours(camp, capital)
    if not pirate:
        return [capital, *around] if capital.id in mainland and len(around) == 6 else []
    island = next((p for p in islands if capital.id in p), set())
    rest = [t for t in realms.land(camp) if t.id in island and t.id != capital.id]
    return [capital, *rest] if island and all(t in around for t in rest) else []


def done(ctx: api.Context) -> None:
    """The draft is made: the year opens (its Support and Resources earned)."""
    astate(ctx).draft = None
    ctx.emit("setup", "The set-up is made (2.1): the first year begins")
    opening.open_year(ctx)


@define(kw_only=True)
class ChooseCapital(AasenAction):
    kind = "choose_capital"
    summary = "Set-up: choose your realm's Capital among the starting territories"
    territory: str

    def apply(self, ctx: api.Context) -> None:
        camp, state = ctx.campaign, astate(ctx)
        realm_id = my_turn(ctx, CAPITALS)
        draft = state.draft
        assert draft is not None
        capital = ctx.found(camp.map.territory(self.territory), f"No territory {self.territory!r}")
        ctx.require(capital.id in draft.starts, f"{capital.name} is no starting territory")
        pirate = realms.is_pirate(camp, realm_id)
        home = homeland_of(ctx, capital, pirate)
        where = "an island" if pirate else "the mainland"
        ctx.require(bool(home), f"{capital.name}: this realm's Capital is on {where} (2.1)")
        ctx.require(
            all(t.owner is None for t in home),
            f"{capital.name}: its Homeland is taken already",
        )
        for territory in home:
            territory.owner = realm_id
        camp.map.invalidate()
        state.capitals[realm_id] = capital.id
        ctx.emit(
            "setup",
            f"{api.teams.name_of(camp, realm_id)} chooses {capital.name} for its Capital; its "
            f"Homeland is {realms.names(home)} (2.1)",
        )
        draft.turn += 1
        if draft.turn >= len(state.realm_order):
            draft.stage, draft.turn = PICKS, 0
            finish_picks(ctx)


def finish_picks(ctx: api.Context) -> None:
    """No land left, or every realm full: the holdings are placed."""
    draft = astate(ctx).draft
    if draft is not None and draft.stage == PICKS and not (free_land(ctx) and pickers(ctx)):
        draft.stage, draft.turn = HOLDINGS, 0


@define(kw_only=True)
class Claim(AasenAction):
    kind = "claim"
    summary = "Set-up: claim territories of nobody's for your realm (two a pick, pirates one)"
    territories: list[str] = field(factory=list)

    def apply(self, ctx: api.Context) -> None:
        camp, state = ctx.campaign, astate(ctx)
        realm_id = my_turn(ctx, PICKS)
        want = per_pick(ctx, realm_id)
        ctx.require(
            len(self.territories) == want and len(set(self.territories)) == want,
            f"{api.teams.name_of(camp, realm_id)} claims {want} territories this pick",
        )
        picked = []
        for tid in self.territories:
            territory = ctx.found(camp.map.territory(tid), f"No territory {tid!r}")
            ctx.require(territory.owner is None, f"{territory.name} is claimed already")
            picked.append(territory)
        for territory in picked:
            territory.owner = realm_id
        camp.map.invalidate()
        ctx.emit(
            "setup",
            f"{api.teams.name_of(camp, realm_id)} claims {realms.names(picked)} (2.1)",
        )
        draft = state.draft
        assert draft is not None
        order = list(reversed(state.realm_order))
        draft.turn = (order.index(realm_id) + 1) % len(order)
        finish_picks(ctx)


@define(kw_only=True)
class PlaceHoldings(AasenAction):
    kind = "place_holdings"
    summary = "Set-up: place your realm's free Stronghold, or up to two Outposts"
    stronghold: str = ""
    outposts: list[str] = field(factory=list)

    def apply(self, ctx: api.Context) -> None:
        """2.1: "either a single Stronghold or up to two Outposts in any territory they
        control"; 2.2: none in a swamp."""
        camp, state = ctx.campaign, astate(ctx)
        realm_id = my_turn(ctx, HOLDINGS)
        free = ctx.table("free_holdings")
        ctx.require(not (self.stronghold and self.outposts), "A Stronghold or Outposts, not both")
        ctx.require(
            len(self.outposts) <= int(free[OUTPOST]),
            f"Up to {free[OUTPOST]} Outposts, not {len(self.outposts)} (2.1)",
        )
        twice = sorted({t for t in self.outposts if self.outposts.count(t) > 1})
        ctx.require(
            not twice,
            f"Two Outposts in {', '.join(territory_name(ctx, t) for t in twice)}: each Outpost "
            "is placed in a territory of its own",
        )
        placed = [(t, STRONGHOLD) for t in [self.stronghold] if t]
        placed += [(t, OUTPOST) for t in self.outposts]
        told = []
        for tid, kind in placed:
            territory = ctx.found(camp.map.territory(tid), f"No territory {tid!r}")
            ctx.require(territory.owner == realm_id, f"{territory.name} is not your realm's")
            ctx.require(
                bool(ctx.table("type_rules")[realms.territory_type(ctx, territory)]["fortify"]),
                f"{territory.name}: no Outpost or Stronghold in a swamp (2.2)",
            )
            told.append(f"{kind} in {territory.name}")
        for tid, kind in placed:
            state.holdings[tid] = kind
        words = ", ".join(told)
        ctx.emit(
            "setup",
            f"{api.teams.name_of(camp, realm_id)} places {words or 'nothing'} (2.1)",
        )
        draft = state.draft
        assert draft is not None
        draft.turn += 1
        if draft.turn >= len(state.realm_order):
            done(ctx)


ACTIONS = (ChooseCapital, Claim, PlaceHoldings)
