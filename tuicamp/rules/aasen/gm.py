"""The Games Master's corrections of the realms' map: a territory given to a realm, or
to nobody (R-AA-30).

The engine's ``gm_set_owner`` gives a territory to a player; in this campaign land is
held by realms ("Each tile represents a separate territory and can be conquered by the
players", 2; the realm's, 3), so a territory that was dealt wrongly, traded on paper or
taken in a battle entered wrongly is put right by naming the realm.

A battle the Games Master marks not played (R-AA-6) keeps what it counted as on itself,
so that the listing and the card say so rather than "cancelled" (R-AA-68).
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.aasen import realms
from tuicamp.rules.aasen.state import ATTACKER, DEFENDER, AasenAction, astate


@define(kw_only=True)
class SetRealm(AasenAction):
    kind = "gm_set_realm"
    summary = (
        'GM: give a territory to a realm (territory = its id, realm = a realm\'s id, "" nobody)'
    )
    gm_only = True
    territory: str
    realm: str = ""

    def apply(self, ctx: api.Context) -> None:
        """R-AA-30: the territory changes realm in the open; its Outpost or Stronghold and
        its ruins stay with the land, and the books are next earned by the new holder."""
        ctx.require_gm("give a territory to a realm")
        camp, state = ctx.campaign, astate(ctx)
        territory = ctx.found(
            camp.map.territory(self.territory), f"{self.territory!r} is no territory"
        )
        if self.realm:
            known = ", ".join(t.id for t in realms.realms(camp))
            team = ctx.found(
                realms.realm(camp, self.realm), f"{self.realm!r} is no realm ({known})"
            )
            ctx.require(team.id not in state.eliminated, f"{team.name} is out of the campaign")
        ctx.require(territory.owner != (self.realm or None), f"{territory.name} is theirs already")
        was = api.teams.name_of(camp, territory.owner) if territory.owner else "nobody"
        now = api.teams.name_of(camp, self.realm) if self.realm else "nobody"
        territory.owner = self.realm or None
        camp.map.invalidate()
        ctx.emit(
            "gm_set_realm",
            f"The Games Master gives {territory.name} to {now} (it was {was}'s) (R-AA-30)",
            territory=territory.id,
        )


# The circumstance a battle not played in time carries (R-AA-68); its value is who tried
# to play it, by its place here.
UNPLAYED = "unplayed"
TRIED = ("both", ATTACKER, DEFENDER)


def counted_as(tried: str) -> str:
    """6.4: "If a battle is not played in time, it counts as a Massacre in favour of the
    player who made an effort to get it played. If both players made a decent effort, the
    battle is simply discounted" (R-AA-6)."""
    return "discounted" if tried == "both" else f"a Massacre for the {tried}"


def mark_unplayed(battle: api.Battle, tried: str) -> None:
    """The battle says what it counted as, on its card and in the listing (R-AA-68)."""
    text = f"Not played in time: {counted_as(tried)} (6.4, R-AA-6)"
    battle.circumstances.append(api.Circumstance(UNPLAYED, text, value=TRIED.index(tried)))


def status_of(battle: api.Battle) -> str:
    """The battle's status word: "not played: a Massacre for the defender" for one marked
    unplayed (R-AA-68), else the engine's ("fought", "cancelled" when called off)."""
    mark = next((c for c in battle.circumstances if c.key == UNPLAYED), None)
    if mark is None or not 0 <= mark.value < len(TRIED):  # none, or a hand edit's
        return battle.status.value
    return f"not played: {counted_as(TRIED[mark.value])}"


ACTIONS = (SetRealm,)
