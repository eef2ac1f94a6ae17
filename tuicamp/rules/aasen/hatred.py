"""Whom a character Hates, and the Dwarfs' Grudge (8.2, 9.2, R-AA-45).

Table 8.2's Bitter enemy: "Roll a further D6 to see who the character Hates: 1-2: The
enemy General; 3-4: All models in the enemy General's army; 5-6: All models in the realm
of the enemy General". 8.2's Captured: "A captured General or Senior Officer who is either
Hated or a Sworn Enemy of your General may be executed". 9.2, Dwarfs: "Grudge: A Dwarf
player may at one time during the campaign declare a grudge against any other General.
From that point on, when fighting against that General, the first mission the dwarf
player has will always be Revenge (ie. kill the enemy general), the dwarf general Hates
the enemy general and all dwarf characters gain double Glory for killing enemy
characters. The grudge is stricken when the nominated General is permanently dead."
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.aasen import characters, marching, naming, realms
from tuicamp.rules.aasen.state import (
    CAPTURED,
    DEAD,
    AasenAction,
    AasenState,
    Character,
    Grudge,
    Hate,
    Officer,
    astate,
)

DWARFS = "Dwarfs"


def hate_of(campaign: api.Campaign, state: AasenState, kind: str, enemy: str) -> Hate:
    """The Hate a Bitter enemy's D6 gives, of the enemy General's player ``enemy``."""
    general = state.generals.get(enemy)
    realm = realms.realm_id_of(campaign, enemy) or ""
    return Hate(kind, enemy, general.name if general is not None else "", realm)


def nominated(state: AasenState, grudge: Grudge) -> Character | None:
    """The nominated General wherever the record keeps him (R-AA-66): leading his army, a
    captive replaced (R-AA-62), or come back to his player as a Senior Officer."""
    kept = characters.on_record(state, grudge.player)
    return next((c for c in kept if c.name == grudge.name), None)


def grudge_of(state: AasenState, player: str) -> Grudge | None:
    """The player's grudge while it stands: "stricken when the nominated General is
    permanently dead" (R-AA-66), and only then: kept while he is a captive, replaced or
    not, and when he comes back. Dead, executed, or retired and replaced (he leaves the
    record, never to be fought again), it is struck."""
    grudge = state.grudges.get(player)
    if grudge is None:
        return None
    target = nominated(state, grudge)
    return grudge if target is not None and target.fate != DEAD else None


def hates(
    campaign: api.Campaign,
    state: AasenState,
    hater: str,
    character: Character,
    owner: str,
    target: Character,
) -> str:
    """Why ``character`` (of the player ``hater``) Hates ``target`` (of ``owner``), or "":
    a Bitter enemy's General, army or realm, or a Dwarf General's grudge."""
    realm = realms.realm_id_of(campaign, owner) or ""
    for hate in character.hates:
        match = {
            "general": hate.player == owner and hate.name == target.name,
            "army": hate.player == owner,
            "realm": hate.realm == realm,
        }
        if match.get(hate.whom):
            return "a Bitter enemy (8.2)"
    grudge = grudge_of(state, hater)
    general = state.generals.get(hater)
    mine = character is general and grudge is not None
    if mine and grudge is not None and (grudge.player, grudge.name) == (owner, target.name):
        return "a Dwarf's grudge (9.2)"
    return ""


def hate_text(campaign: api.Campaign, hate: Hate) -> str:
    owner = api.teams.name_of(campaign, hate.player)
    words = {
        "general": f"{owner}'s General {hate.name}",
        "army": f"all models in {owner}'s army",
        "realm": f"all models of {api.teams.name_of(campaign, hate.realm)}",
    }
    return words[hate.whom]


def glory_factor(state: AasenState, player: str, enemy: str) -> int:
    """ "All dwarf characters gain double Glory for killing enemy characters" when
    fighting against the nominated General."""
    grudge = grudge_of(state, player)
    general = state.generals.get(enemy)
    if grudge is None or general is None:
        return 1
    return 2 if grudge.player == enemy and grudge.name == general.name else 1


def card_notes(campaign: api.Campaign, state: AasenState, fighting: dict[str, str]) -> list[str]:
    """The card of a battle between the two Generals ``fighting`` (side -> player): whom
    each Hates of the other, and a Dwarf's grudge."""
    notes = []
    players = list(fighting.values())
    for player in players:
        general = state.generals.get(player)
        other = next((p for p in players if p != player), None)
        enemy = state.generals.get(other) if other is not None else None
        if general is None or enemy is None or other is None:
            continue
        why = hates(campaign, state, player, general, other, enemy)
        if why:
            notes.append(f"{general.name} Hates {enemy.name}: {why}")
        if why.startswith("a Dwarf"):
            notes.append(
                f"Grudge (9.2): {api.teams.name_of(campaign, player)}'s first mission is "
                f"Revenge (kill {enemy.name}); Dwarf characters gain double Glory for "
                "killing enemy characters"
            )
    return notes


def where_now(campaign: api.Campaign, state: AasenState, grudge: Grudge) -> str:
    """Where the nominated General stands, when he no longer leads his army (R-AA-66)."""
    target = nominated(state, grudge)
    if target is None:
        return ""
    leading = target is state.generals.get(grudge.player)
    if leading and not target.fate:
        return ""
    if target.fate == CAPTURED:
        return f", a captive held by {api.teams.name_of(campaign, target.captor)}"
    if isinstance(target, Officer):
        return ", back as a Senior Officer"
    return f", {target.fate}" if target.fate else ""


def nominated_name(campaign: api.Campaign, state: AasenState, grudge: Grudge) -> str:
    """The nominated General as the grudge lines name him: a captive as every captive
    line does, his player's "former General" once replaced (R-AA-101); otherwise his
    player's General, as he was nominated (R-AA-66)."""
    target = nominated(state, grudge)
    if target is not None and target.fate == CAPTURED:
        return naming.captive_name(campaign, state, grudge.player, target)
    return f"{api.teams.name_of(campaign, grudge.player)}'s General {grudge.name}"


def grudge_lines(campaign: api.Campaign, state: AasenState) -> list[str]:
    """The grudges standing, for every seat (declared in the open), with where the
    nominated General stands now (R-AA-66)."""
    return [
        f"{api.teams.name_of(campaign, player)} against {nominated_name(campaign, state, g)}"
        + where_now(campaign, state, g)
        for player in state.grudges
        if (g := grudge_of(state, player)) is not None
    ]


@define(kw_only=True)
class DeclareGrudge(AasenAction):
    kind = "declare_grudge"
    summary = "A Dwarf player declares, once in the campaign, a grudge against another General"
    target: str  # the player whose General it is
    player: str = ""

    def apply(self, ctx: api.Context) -> None:
        """9.2: "A Dwarf player may at one time during the campaign declare a grudge
        against any other General" (R-AA-45: one grudge a campaign, even once stricken)."""
        camp, state = ctx.campaign, astate(ctx)
        player = api.turns.acting_player(ctx, self.player)
        name = api.teams.name_of(camp, player)
        ctx.require(marching.race(camp, player) == DWARFS, f"{name} is no Dwarf player")
        ctx.require(player not in state.grudges, f"{name} has declared his grudge already")
        general = state.generals.get(self.target)
        ctx.require(
            self.target != player and general is not None and general.fate != DEAD,
            f"{self.target!r} has no General living to hold a grudge against",
        )
        assert general is not None
        state.grudges[player] = Grudge(self.target, general.name)
        ctx.emit(
            "grudge",
            f"{name} declares a grudge against {api.teams.name_of(camp, self.target)}'s "
            f"General {general.name} (9.2)",
        )


ACTIONS = (DeclareGrudge,)
