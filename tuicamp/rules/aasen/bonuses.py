"""Follow-ups and Blitzes (6.3): the Initiative a battle won for next year, and the one
invasion that Initiative is for.

"When a player achieves a result that allows him to Follow up he may add +10 / +5 to his
Initiative next turn under the following conditions: If he was the attacker he must attack
the same territory again from the same territory as he did last turn ... If he was the
defender he must attack the territory that launched the invasion from the territory that
was attacked"; "When the attacking player conquers a territory which is not razed he may
perform a Blitz in the next campaign turn, gaining +5 to his Initiative if he does so. A
blitz is an invasion from the newly conquered territory into one of the three territories
which is not in contact with the territory he invaded from last turn" (R-AA-22). "If you
capture a territory with an amphibious invasion, a blitz may be launched into any adjacent
non-coastal territory, regardless of where the invasion came from" (R-AA-52).

So the bonus is counted in his Initiative only while that invasion can still be made (his
realm holds the territory it sets out from, and another realm's or nobody's land is there
to invade), and a player who counts it declares that invasion or passes; he may give the
bonus up (``forgo_bonus``) before he declares, to declare another (R-AA-27).
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.aasen import initiative, realms
from tuicamp.rules.aasen.state import AasenAction, AasenState, Bonus, astate

BLITZ = "blitz"
FOLLOW_UP = "follow-up"


def blitz_targets(campaign: api.Campaign, bonus: Bonus) -> list[api.Territory]:
    """R-AA-22: the neighbours of the conquered territory that are neither the territory
    invaded from nor next to it (three of them on a full hex); after an amphibious
    invasion, its non-coastal neighbours (R-AA-52)."""
    conquered = campaign.map.territory(bonus.source)
    origin = campaign.map.territory(bonus.origin)
    if conquered is None:
        return []
    if bonus.inland is not None:
        return [t for t in realms.neighbours(campaign, conquered) if t.id in bonus.inland]
    near = {origin.id, *(t.id for t in realms.neighbours(campaign, origin))} if origin else set()
    return [t for t in realms.neighbours(campaign, conquered) if t.id not in near]


def targets(campaign: api.Campaign, bonus: Bonus) -> list[api.Territory]:
    """The territories the bonus's invasion may go into."""
    if bonus.kind == BLITZ:
        return blitz_targets(campaign, bonus)
    target = campaign.map.territory(bonus.target)
    return [target] if target is not None else []


def never_reason(campaign: api.Campaign, bonus: Bonus) -> str:
    """Why the bonus's invasion can never be made, whatever the land's owners next year
    ("" when it can be): a defender's Follow-up "must attack the territory that launched
    the invasion", and a sea hex is no territory; a Blitz whose conquered territory has
    no neighbour it may go into (R-AA-22, R-AA-52). Such a bonus is not won (R-AA-84)."""
    if targets(campaign, bonus):
        return ""
    if bonus.kind == FOLLOW_UP:
        return f"the invasion was launched from the sea ({bonus.target}), no territory to attack"
    conquered = campaign.map.territory(bonus.source)
    where = conquered.name if conquered is not None else bonus.source
    return f"{where} borders no territory a blitz may go into"


def lapse_reason(campaign: api.Campaign, bonus: Bonus) -> str:
    """Why the bonus's invasion cannot be made this year ("" when it can). A Follow-up
    after a landing from a sea hex sets out from no land to lose: the army is already
    there (R-AA-91)."""
    realm_id = realms.realm_id_of(campaign, bonus.player)
    source = campaign.map.territory(bonus.source)
    # a Follow-up's army "is already there" (6.3): in its own land, or in a friendly realm's
    # it marched through (not the land of the realm it invades)
    foes = {t.owner for t in targets(campaign, bonus)}
    held = source is not None and (
        source.owner == realm_id
        or (bonus.kind == FOLLOW_UP and source.owner is not None and source.owner not in foes)
    )
    if realm_id is None or not (held or (source is None and ashore(campaign, bonus))):
        where = realms.place_name(campaign, bonus.source)
        return f"{where}, whence it sets out, is no longer his realm's"
    if not [t for t in targets(campaign, bonus) if t.owner != realm_id]:
        return "nothing is left there for it to invade"
    return ""


def describe(campaign: api.Campaign, bonus: Bonus) -> str:
    """The invasion the bonus is for, as the players read it."""
    start = realms.place_name(campaign, bonus.source)
    into = " or ".join(t.name for t in targets(campaign, bonus)) or "nowhere"
    return f"a {bonus.kind} (+{bonus.initiative} Initiative) from {start} into {into}"


def by_sea(campaign: api.Campaign, bonus: Bonus) -> bool:
    """Whether a Follow-up can only have been won by an invasion that came by fleet: it
    sets out from a sea hex, or from land that does not border the territory it invades
    (an invasion over land goes into a neighbouring territory, 5.4). Read so for a save
    from before Follow-ups kept ``landed`` (R-AA-90)."""
    if bonus.kind != FOLLOW_UP:
        return False
    source, target = campaign.map.territory(bonus.source), campaign.map.territory(bonus.target)
    if source is None:
        return True
    return target is not None and target not in realms.neighbours(campaign, source)


def ashore(campaign: api.Campaign, bonus: Bonus) -> bool:
    """Whether the bonus is a Follow-up whose army is already there after a landing (6.3,
    R-AA-70): one won by an invasion by fleet, or one setting out from a sea hex, which
    only a pirate's army already ashore does (R-AA-91)."""
    at_sea = campaign.map.territory(bonus.source) is None
    return bonus.kind == FOLLOW_UP and (bonus.landed or at_sea)


def claim(ctx: api.Context, player: str) -> int:
    """As Initiative is rolled: the best of the player's bonuses whose invasion can be made
    is counted (his claim for this year); the others lapse, told in the chronicle."""
    camp, state = ctx.campaign, astate(ctx)
    name = api.teams.name_of(camp, player)
    best: Bonus | None = None
    for bonus in (b for b in state.bonuses if b.player == player):
        why = lapse_reason(camp, bonus)
        if why:
            ctx.emit("bonus_lapsed", f"{name}'s {bonus.kind} lapses: {why}", player=player)
        elif best is None or bonus.initiative > best.initiative:
            best = bonus
    if best is None:
        return 0
    state.claimed.append(best)
    return best.initiative


def claimed(state: AasenState, player: str) -> Bonus | None:
    return next((b for b in state.claimed if b.player == player), None)


def check_declaration(ctx: api.Context, player: str, source: str, target: str) -> None:
    """R-AA-27: a player whose Initiative counts a bonus declares its invasion."""
    bonus = claimed(astate(ctx), player)
    if bonus is None:
        return
    fits = source == bonus.source and target in {t.id for t in targets(ctx.campaign, bonus)}
    ctx.require(
        fits,
        f"Your Initiative counts {describe(ctx.campaign, bonus)}: declare that invasion, or "
        "give the bonus up first (forgo_bonus) (6.3, R-AA-27)",
    )


@define(kw_only=True)
class ForgoBonus(AasenAction):
    kind = "forgo_bonus"
    summary = "Give up this year's Follow-up or Blitz: its Initiative comes off, any invasion opens"

    def apply(self, ctx: api.Context) -> None:
        """6.3: the bonus is for one invasion ("he must attack the same territory again");
        a player who would declare another gives its Initiative back first (R-AA-27)."""
        camp, state = ctx.campaign, astate(ctx)
        player = api.turns.acting_player(ctx, among=api.acting_players(camp))
        bonus = ctx.found(claimed(state, player), "Your Initiative counts no Follow-up or Blitz")
        ctx.require(player not in state.declared, "You have declared this year: too late")
        ctx.require(player in state.initiative, initiative.unrolled(ctx))
        state.claimed.remove(bonus)
        state.initiative[player] = state.initiative.get(player, 0) - bonus.initiative
        name = api.teams.name_of(camp, player)
        ctx.emit(
            "initiative",
            f"{name} gives up his {bonus.kind}: his Initiative is now {state.initiative[player]}",
            player=player,
        )
        initiative.moved(ctx, player)


ACTIONS = (ForgoBonus,)
