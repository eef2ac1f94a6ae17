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

from typing import TypeVar

import attrs
from attrs import define

from tuicamp.rules import api
from tuicamp.rules.aasen import advances, characters, hatred, marching, realms, trust
from tuicamp.rules.aasen.naming import captive_name, is_replaced
from tuicamp.rules.aasen.state import (
    CAPTURED,
    DEAD,
    SWORN,
    TRUSTED,
    AasenAction,
    AasenState,
    Character,
    General,
    Officer,
    astate,
)
from tuicamp.rules.aasen.year import acting_realm

DARK_ELVES, EMPIRE, OGRES = "Dark Elves", "Empire", "Ogre Kingdoms"


def generals_of(state: AasenState, owner: str) -> list[General]:
    """The owner's General and the captured Generals he replaced (R-AA-62)."""
    general = state.generals.get(owner)
    return [*([general] if general is not None else []), *state.replaced.get(owner, [])]


def held(ctx: api.Context, owner: str, realm_id: str, name: str = "") -> Character:
    """A General (``name`` "": the current or a replaced one) or the character ``name`` of
    ``owner`` held by ``realm_id``, or a one-line refusal."""
    camp, state = ctx.campaign, astate(ctx)
    found: list[Character]
    if name:
        found = [c for c in characters.on_record(state, owner) if c.name == name]
    else:
        found = list(generals_of(state, owner))
    character = next((c for c in found if c.fate == CAPTURED and c.captor == realm_id), None)
    holder = api.teams.name_of(camp, realm_id)
    known = next(iter(found), None) if name else None
    if known is None:
        rank = f"Senior Officer {name}" if name else "General"
        refusal = f"{holder} holds no captive {rank} of {api.teams.name_of(camp, owner)}"
    else:
        refusal = f"{holder} holds no captive {captive_name(camp, state, owner, known)}"
    return ctx.found(character, refusal)


def names_him(state: AasenState, ref: str, owner: str, character: Character) -> bool:
    """Whether a trade offer's captive ``ref`` ("PLAYER" or "PLAYER:NAME") is him."""
    player, _, name = ref.partition(":")
    if player != owner:
        return False
    return name.strip() == character.name if name else isinstance(character, General)


def withdraw_offers(ctx: api.Context, owner: str, character: Character, who: str, why: str) -> None:
    """The Trade's open offers that give or ask a captive no longer held (``who``, as he
    was named while held) are withdrawn, the chronicle saying why (R-AA-102): one
    accepted later could only be refused."""
    state = astate(ctx)
    for offer in state.trades.items:
        refs = [*offer.terms.get("give_captives", []), *offer.terms.get("ask_captives", [])]
        if not offer.pending or not any(names_him(state, r, owner, character) for r in refs):
            continue
        offer.status = api.AgreementStatus.WITHDRAWN
        offer.settled = api.clock.now(ctx.campaign)
        ctx.emit(
            "agreement_withdrawn",
            f"Offer {offer.id} ({api.teams.name_of(ctx.campaign, offer.proposer)}: "
            f"{offer.text}) is withdrawn: {who} {why} (R-AA-102)",
            agreement=offer.id,
            agreement_kind=offer.kind,
        )


def acting_player(ctx: api.Context, realm_id: str) -> str:
    return api.turns.acting_player(ctx, among=api.teams.members(ctx.campaign, realm_id))


gain = advances.general_gains_1


C = TypeVar("C", bound=Character)


def drop(record: dict[str, list[C]], owner: str, character: Character) -> None:
    """The character taken off the owner's list in ``record``, if he is on it."""
    if owner in record:
        record[owner] = [c for c in record[owner] if c is not character]


def free(ctx: api.Context, owner: str, character: Character, why: str) -> None:
    """A captive freed. A General replaced while held comes back as a Senior Officer of his
    player's, keeping his Glory, advances and injuries: "each army may only ever have a
    single General" (8, R-AA-62)."""
    state = astate(ctx)
    captor = api.teams.name_of(ctx.campaign, character.captor)
    character.fate, character.captor = "", ""
    who = captive_name(ctx.campaign, state, owner, character)
    text = f"{who} is freed by {captor}: {why}"
    if isinstance(character, General):
        character.lapsed = False  # he leads again: his own Glory selects the army (8.5)
    if is_replaced(state, owner, character):
        drop(state.replaced, owner, character)
        keep = {f.name for f in attrs.fields(Officer)}
        values = attrs.asdict(character, recurse=False)
        officer = Officer(**{k: v for k, v in values.items() if k in keep})
        officer.name = unique_name(state, owner, character.name)
        state.officers.setdefault(owner, []).append(officer)
        text += (
            f"; {state.generals[owner].name} being General now, he returns as a Senior "
            "Officer (8, R-AA-62)"
        )
        if officer.name != character.name:
            renamed(state, owner, character.name, officer.name)
            text += (
                f", named {officer.name}: {api.teams.name_of(ctx.campaign, owner)} has a "
                f"Senior Officer {character.name} already (R-AA-41, R-AA-93)"
            )
    ctx.emit("captive_freed", text, player=owner)
    withdraw_offers(ctx, owner, character, who, "is freed")


def renamed(state: AasenState, owner: str, old: str, new: str) -> None:
    """The grudges and the Bitter enemies' Hates that named the returning General by his
    old name follow him to his new one (R-AA-66, R-AA-93): they were declared or rolled
    against him as General, not against the Senior Officer who bore his name already."""
    for grudge in state.grudges.values():
        if (grudge.player, grudge.name) == (owner, old):
            grudge.name = new
    everyone = [c for p in players_on_record(state) for c in characters.on_record(state, p)]
    for hate in (h for c in everyone for h in c.hates):
        if (hate.whom, hate.player, hate.name) == ("general", owner, old):
            hate.name = new


def unique_name(state: AasenState, owner: str, name: str) -> str:
    """``name``, or with the first number that makes it new to the owner's record: a
    Senior Officer's name is his player's one (R-AA-41), as ``PLAYER:NAME`` and the sheet
    name him, and a freed General cannot be refused his return (R-AA-93)."""
    taken = {c.name for c in characters.on_record(state, owner)}
    number = 2
    found = name
    while found in taken:
        found, number = f"{name} ({number})", number + 1
    return found


def rescue(ctx: api.Context, capital: api.Territory, realm_id: str) -> None:
    """3.2: Trusted characters "are kept in captivity at your capital, where they will be
    rescued if the capital is ever conquered"; R-AA-39: every captive not executed is kept
    there, and every one is rescued."""
    state = astate(ctx)
    for owner in players_on_record(state):
        for character in characters.on_record(state, owner):
            if character.fate == CAPTURED and character.captor == realm_id:
                free(ctx, owner, character, f"{capital.name} is conquered (3.2, R-AA-39)")


def players_on_record(state: AasenState) -> list[str]:
    """Every player with a character on the record, each once."""
    return list(dict.fromkeys([*state.generals, *state.officers, *state.replaced]))


def captives_of(state: AasenState) -> list[tuple[str, Character]]:
    """Every captive character, with his player."""
    players = players_on_record(state)
    return [(p, c) for p in players for c in characters.on_record(state, p) if c.fate == CAPTURED]


def parse_ref(ctx: api.Context, ref: str, realm_id: str) -> tuple[str, Character]:
    """A captive named in a trade offer, "PLAYER" for his General or "PLAYER:NAME" for a
    Senior Officer, held by ``realm_id``."""
    owner, _, name = ref.partition(":")
    ctx.require(ctx.campaign.player(owner) is not None, f"There is no player {owner!r}")
    return owner, held(ctx, owner, realm_id, name.strip())


def ref_text(ctx: api.Context, ref: str) -> str:
    """A captive of a trade offer as the offer reads him: his rank and name."""
    owner, _, name = ref.partition(":")
    state = astate(ctx)
    if name:
        named = next((c for c in characters.on_record(state, owner) if c.name == name), None)
        if named is None:
            return f"{api.teams.name_of(ctx.campaign, owner)}'s Senior Officer {name}"
        return captive_name(ctx.campaign, state, owner, named)
    generals = generals_of(state, owner)
    general = next((g for g in generals if g.fate == CAPTURED), next(iter(generals), None))
    if general is None:
        return f"{api.teams.name_of(ctx.campaign, owner)}'s General {owner}"
    return captive_name(ctx.campaign, state, owner, general)


def sell(ctx: api.Context, giver: str, taker: str, ref: str, seller: str) -> None:
    """A captive traded (5.2: "the realms may freely trade ... captured prisoners"): sold
    to his own realm he is free ("You may attempt to buy him back in the Trade
    segment"), to a third realm he is its captive ("You may even buy another player's
    captured General off a third party and execute him", R-AA-46). "Humanitarians:
    Empire Generals who sell (or give) back Trusted enemy characters gain +1 point of
    Glory": the seller, an Empire player, if he Trusts the captive's player."""
    camp = ctx.campaign
    owner, captive = parse_ref(ctx, ref, giver)
    if realms.realm_id_of(camp, owner) == taker:
        free(ctx, owner, captive, f"bought back from {api.teams.name_of(camp, giver)} (8.2)")
        humane = marching.race(camp, seller) == EMPIRE
        if humane and trust.trust_between(astate(ctx), seller, owner) == TRUSTED:
            gain(ctx, seller, "an Empire General sells back a Trusted enemy (9.2)")
        return
    who = captive_name(camp, astate(ctx), owner, captive)
    captive.captor = taker
    ctx.emit(
        "captive_sold",
        f"{ref_text(ctx, ref)} is sold by {api.teams.name_of(camp, giver)} to "
        f"{api.teams.name_of(camp, taker)}, who holds him now (8.2)",
        player=owner,
    )
    withdraw_offers(ctx, owner, captive, who, f"is {api.teams.name_of(camp, taker)}'s now")


@define(kw_only=True)
class OnCaptive(AasenAction):
    """What the realm holding a captive does with him: ``captive`` names his player,
    ``character`` a captive Senior Officer of his ("" his General)."""

    captive: str
    character: str = ""

    def taken(self, ctx: api.Context) -> tuple[str, Character]:
        """The acting player of the holding realm, and the captive."""
        realm_id = acting_realm(ctx)
        general = held(ctx, self.captive, realm_id, self.character)
        return acting_player(ctx, realm_id), general


@define(kw_only=True)
class Release(OnCaptive):
    kind = "release"
    summary = (
        "Free a captive your realm holds (captive = his player; character = a Senior "
        "Officer's name, else his General), in the Trade"
    )

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
    summary = (
        "Execute a captive your realm holds (captive = his player; character = a Senior "
        "Officer's name, else his General)"
    )

    def apply(self, ctx: api.Context) -> None:
        """8.2: a Sworn enemy "may be executed ... during the Promotions segment, gaining
        your General +1 Glory"; a Distrusted one "for no bonus"; 3.2: "A General may not
        execute a Trusted character". Dark Elves, "Bloodrites: Dark Elf armies may
        sacrifice any captured characters, even ones who are Trusted. Roll a D6 for each
        point of Glory the victim had. If any dice comes up as a 6, your General gains a
        point of Glory" (R-AA-45: a Sworn or Hated victim gives his 1 without the dice).
        8.2: "A captured General or Senior Officer who is either Hated or a Sworn Enemy of
        your General may be executed", Hated even if Trusted (R-AA-45); Ogres eat Ogres
        (``cannibals``)."""
        camp, state = ctx.campaign, astate(ctx)
        player, general = self.taken(ctx)
        realm_id = general.captor
        between = trust.trust_between(state, player, self.captive)
        dark_elf = marching.race(camp, player) == DARK_ELVES
        own = state.generals.get(player)
        hated = hatred.hates(camp, state, player, own, self.captive, general) if own else ""
        cannibal = cannibals(camp, player, self.captive, general)
        ctx.require(
            between != TRUSTED or dark_elf or hated or cannibal,
            f"{general.name} is Trusted by {api.teams.name_of(camp, player)}: a Trusted "
            "character may not be executed, he is kept at the Capital (3.2)",
        )
        victim = captive_name(camp, state, self.captive, general)
        general.fate, general.captor = DEAD, ""
        # "any points of Glory, advances ... are lost": a Senior Officer or a General
        # replaced leaves the record (R-AA-62)
        drop(state.officers, self.captive, general)
        drop(state.replaced, self.captive, general)
        ctx.emit(
            "executed",
            f"{victim} is {'eaten' if cannibal else 'executed'} by "
            f"{api.teams.name_of(camp, realm_id)} (8.2)",
        )
        withdraw_offers(ctx, self.captive, general, victim, "is executed")
        if dark_elf and not (hated or between == SWORN):
            sixes = [ctx.dice.d6(f"Bloodrites for {general.name}") for _ in range(general.glory)]
            if 6 in sixes:
                gain(ctx, player, "Bloodrites: a 6 for the victim's Glory (9.2)")
            return
        if hated:
            gain(ctx, player, f"a Hated captive executed: {hated}")
        elif between == SWORN:  # a Distrusted one is executed "for no bonus"
            gain(ctx, player, "a Sworn enemy executed (8.2)")
        elif cannibal:
            gain(ctx, player, "Cannibals: an Ogre General eats an Ogre General (9.2)")


def cannibals(campaign: api.Campaign, player: str, owner: str, captive: Character) -> bool:
    """9.2, Ogre Kingdoms: "Cannibals: Ogre Generals may eat other captured Ogre generals
    and gain a point of Glory for it, even though they are not Sworn enemies" (R-AA-45:
    a captive General, whatever the trust)."""
    ogres = all(marching.race(campaign, p) == OGRES for p in (player, owner))
    return ogres and isinstance(captive, General)


def capital_lost(ctx: api.Context, target: api.Territory, loser: str) -> None:
    """Called as ``target`` is conquered from ``loser``: a Capital frees its captives."""
    if astate(ctx).capitals.get(loser) == target.id:
        rescue(ctx, target, loser)


ACTIONS = (Release, Execute)
