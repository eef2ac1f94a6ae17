"""Garrisons declared in play (§4.6, R-SU-20, R-SU-38).

"A Home Castle (or a city) may garrison at most 1.000 points worth of troops." "If
occupied by a sole players unit(s) that player may now garrison the Castle." In the
council a player may declare one of its corps the garrison of a castle or city it holds
and the corps stands in, at most 1,000 pts and one garrison a place; or release its
garrison, which is a corps of the field again (it moves only with a leader, R-SU-1).
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.suvinen import battles
from tuicamp.rules.suvinen.corps import describe
from tuicamp.rules.suvinen.state import sstate


@define(kw_only=True)
class DeclareGarrison(api.Action):
    kind = "garrison"
    summary = (
        "In the council, make one of your corps the garrison of the castle or city it stands "
        "in and you hold (army, at most 1,000 pts), or release it (army, release = true)"
    )
    army: str
    release: bool = False

    def apply(self, ctx: api.Context) -> None:
        camp, state = ctx.campaign, sstate(ctx)
        army = ctx.own_army(self.army)
        posts = [p for p, a in state.garrisons.items() if a == army.id]
        if self.release:
            ctx.require(posts, f"{describe(army)} garrisons no castle or city")
            for post in posts:
                del state.garrisons[post]
            ctx.emit(
                "garrison",
                f"{describe(army)} leaves the garrison and takes the field (R-SU-38)",
                visible_to=[army.owner],
                army=army.id,
            )
            return
        ctx.require(not posts, f"{describe(army)} is a garrison already")
        place = next(
            (
                s
                for s in (camp.map.settlements_at(army.hex) if army.hex is not None else [])
                if s.kind in battles.CASTLE_KINDS
            ),
            None,
        )
        ctx.require(place is not None, f"{describe(army)} stands in no castle or city")
        assert place is not None
        ctx.require(
            place.owner == army.owner,
            f"{place.name} is not yours: a player garrisons the castles and cities it holds "
            "(R-SU-20)",
        )
        held = camp.army(state.garrisons.get(place.id, ""))
        ctx.require(held is None, f"{place.name} has its garrison: '{held.name if held else ''}'")
        most = int(ctx.table("campaign").get("garrison_points", 1000))
        ctx.require(
            army.points <= most,
            f"{describe(army)} holds {army.points:,} pts: {place.name} garrisons at most "
            f"{most:,} pts (R-SU-20)",
        )
        state.garrisons[place.id] = army.id
        ctx.emit(
            "garrison",
            f"{describe(army)} is now the garrison of {place.name} (R-SU-20, R-SU-38)",
            visible_to=[army.owner],
            army=army.id,
        )


def perform(ctx: api.Context, action: DeclareGarrison) -> None:
    """The declaration carries its own rule (its ``apply``)."""
    action.apply(ctx)


ACTIONS = (DeclareGarrison,)
HANDLERS = {kind: perform for kind in ACTIONS}
