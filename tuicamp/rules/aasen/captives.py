"""What becomes of a captured General (8.2, 3.2, 9.2, R-AA-38, R-AA-39).

"You may attempt to buy him back in the Trade segment ... A captured General or Senior
Officer who is either Hated or a Sworn Enemy of your General may be executed (or
sacrificed, or eaten...) during the Promotions segment, gaining your General +1 Glory ...
You may execute a Distrused character for no bonus, while Trusted characters are kept in
captivity at your capital, where they will be rescued if the capital is ever conquered."

The realm holding a captive frees him in the Trade segment (``release``: what it is paid
is a trade offer of its own, R-AA-19) or executes him in the Promotions segment
(``execute``); a Capital conquered frees every captive its realm held (R-AA-39).
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.aasen import advances, marching, trust
from tuicamp.rules.aasen.state import (
    CAPTURED,
    DEAD,
    SWORN,
    TRUSTED,
    AasenAction,
    General,
    astate,
)
from tuicamp.rules.aasen.year import acting_realm

DARK_ELVES, EMPIRE = "Dark Elves", "Empire"


def held(ctx: api.Context, owner: str, realm_id: str) -> General:
    """The General of ``owner`` held by ``realm_id``, or a one-line refusal."""
    camp, state = ctx.campaign, astate(ctx)
    general = state.generals.get(owner)
    name = api.teams.name_of(camp, owner)
    ctx.require(
        general is not None and general.fate == CAPTURED and general.captor == realm_id,
        f"{api.teams.name_of(camp, realm_id)} holds no captive General of {name}",
    )
    assert general is not None
    return general


def acting_player(ctx: api.Context, realm_id: str) -> str:
    return api.turns.acting_player(ctx, among=api.teams.members(ctx.campaign, realm_id))


def gain(ctx: api.Context, player: str, why: str) -> None:
    """+1 Glory to the player's own General, if he has one who leads."""
    general = astate(ctx).generals.get(player)
    if general is None or general.fate:
        return
    ctx.emit(
        "glory",
        f"Glory: {api.teams.name_of(ctx.campaign, player)}'s General {general.name} gains 1 "
        f"({why}): Glory {general.glory + 1}",
        player=player,
    )
    advances.gain(ctx, player, general, 1)


def free(ctx: api.Context, owner: str, general: General, why: str) -> None:
    captor = api.teams.name_of(ctx.campaign, general.captor)
    general.fate, general.captor = "", ""
    ctx.emit(
        "captive_freed",
        f"{api.teams.name_of(ctx.campaign, owner)}'s General {general.name} is freed by "
        f"{captor}: {why}",
        player=owner,
    )


def rescue(ctx: api.Context, capital: api.Territory, realm_id: str) -> None:
    """3.2: Trusted characters "are kept in captivity at your capital, where they will be
    rescued if the capital is ever conquered"; R-AA-39: every captive not executed is kept
    there, and every one is rescued."""
    for owner, general in astate(ctx).generals.items():
        if general.fate == CAPTURED and general.captor == realm_id:
            free(ctx, owner, general, f"{capital.name} is conquered (3.2, R-AA-39)")


@define(kw_only=True)
class OnCaptive(AasenAction):
    """What the realm holding a captive does with him: ``captive`` names his player."""

    captive: str

    def taken(self, ctx: api.Context) -> tuple[str, General]:
        """The acting player of the holding realm, and the captive General."""
        realm_id = acting_realm(ctx)
        general = held(ctx, self.captive, realm_id)
        return acting_player(ctx, realm_id), general


@define(kw_only=True)
class Release(OnCaptive):
    kind = "release"
    summary = "Free a captive General your realm holds (captive = his player), in the Trade"

    def apply(self, ctx: api.Context) -> None:
        """8.2: "You may attempt to buy him back in the Trade segment"; the price is an
        offer of its own (R-AA-19, R-AA-39). Empire, "Humanitarians: Empire Generals who
        sell (or give) back Trusted enemy characters gain +1 point of Glory"."""
        player, general = self.taken(ctx)
        free(ctx, self.captive, general, "released in the Trade (8.2)")
        humane = marching.race(ctx.campaign, player) == EMPIRE
        if humane and trust.trust_between(astate(ctx), player, self.captive) == TRUSTED:
            gain(ctx, player, "an Empire General gives back a Trusted enemy (9.2)")


@define(kw_only=True)
class Execute(OnCaptive):
    kind = "execute"
    summary = "Execute a captive General your realm holds (captive = his player)"

    def apply(self, ctx: api.Context) -> None:
        """8.2: a Sworn enemy "may be executed ... during the Promotions segment, gaining
        your General +1 Glory"; a Distrusted one "for no bonus"; 3.2: "A General may not
        execute a Trusted character". Dark Elves, "Bloodrites: Dark Elf armies may
        sacrifice any captured characters, even ones who are Trusted. Roll a D6 for each
        point of Glory the victim had. If any dice comes up as a 6, your General gains a
        point of Glory"."""
        camp, state = ctx.campaign, astate(ctx)
        player, general = self.taken(ctx)
        realm_id = general.captor
        between = trust.trust_between(state, player, self.captive)
        dark_elf = marching.race(camp, player) == DARK_ELVES
        ctx.require(
            between != TRUSTED or dark_elf,
            f"{general.name} is Trusted by {api.teams.name_of(camp, player)}: a Trusted "
            "character may not be executed, he is kept at the Capital (3.2)",
        )
        general.fate, general.captor = DEAD, ""
        ctx.emit(
            "executed",
            f"{api.teams.name_of(camp, self.captive)}'s General {general.name} is executed "
            f"by {api.teams.name_of(camp, realm_id)} (8.2)",
        )
        if dark_elf:
            sixes = [ctx.dice.d6(f"Bloodrites for {general.name}") for _ in range(general.glory)]
            if 6 in sixes:
                gain(ctx, player, "Bloodrites: a 6 for the victim's Glory (9.2)")
            return
        if between == SWORN:  # a Distrusted one is executed "for no bonus"
            gain(ctx, player, "a Sworn enemy executed (8.2)")


def capital_lost(ctx: api.Context, target: api.Territory, loser: str) -> None:
    """Called as ``target`` is conquered from ``loser``: a Capital frees its captives."""
    if astate(ctx).capitals.get(loser) == target.id:
        rescue(ctx, target, loser)


ACTIONS = (Release, Execute)
