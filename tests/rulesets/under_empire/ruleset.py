"""The Under-Empire: Skaven tunnels under the mountains (a test ruleset).

Its map knows two terrains and a hexside feature of its own, declared in its tables: a
tunnel entrance (1 MP), a glacier (4 MP) and a palisade (2 MP more to cross). An army
marches along a path for at most its M in MP. A clan holds a side of a hex: no other clan
leaves that hex through it. A collapsed side cannot be crossed either way.
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.rules import api


@define
class UnderState:
    held: dict[api.SideOf, str] = field(factory=dict)  # a hex's side -> the clan holding it
    collapsed: dict[api.Hexside, int] = field(factory=dict)  # a side -> the turn it fell


def side_rules(state: UnderState) -> list[api.SideRule]:
    """What the state says of the sides: held ones open to their clan, fallen ones shut."""
    held = [api.SideRule(side, only={clan}) for side, clan in state.held.items()]
    return held + [api.SideRule(side, blocks=True) for side in state.collapsed]


def march_cost(ctx: api.Context, owner: str, hexes: list[api.Hex]) -> api.Path | None:
    """The price of a path for one clan: the ruleset's tables, then the sides' rules."""
    model = api.cost_model(ctx.campaign.map, ctx.tables)
    return api.path_cost(model.with_side_rules(side_rules(ctx.campaign.state), [owner]), hexes)


@define(kw_only=True)
class March(api.Action):
    kind = "march"
    summary = "March an army along a path of hexes, for at most its M in MP"
    army: str
    path: list[str]

    def apply(self, ctx: api.Context) -> None:
        army = ctx.own_army(self.army)
        assert army.hex is not None
        hexes = [army.hex, *api.turns.parse_hexes(ctx.campaign.map, self.path)]
        path = march_cost(ctx, army.owner, hexes)
        ctx.require(path is not None, f"{army.name} cannot march that way")
        assert path is not None
        ctx.require(
            path.cost <= army.movement, f"That march costs {path.cost:g} MP; M is {army.movement}"
        )
        army.hex = hexes[-1]
        ctx.emit("march", f"{army.name} marches to {hexes[-1]} ({path.cost:g} MP)", army=army.id)


@define(kw_only=True)
class HoldSide(api.Action):
    kind = "hold_side"
    summary = "Hold a side of a hex one of your armies stands in (side = 0304/NE)"
    side: api.SideOf

    def apply(self, ctx: api.Context) -> None:
        clan = api.turns.acting_player(ctx)
        here = [a for a in ctx.campaign.armies if a.owner == clan and a.hex == self.side.hex]
        ctx.require(bool(here), f"No army of yours stands in {self.side.hex}")
        ctx.campaign.state.held[self.side] = clan
        ctx.emit("hold_side", f"{clan} holds {self.side}")


@define(kw_only=True)
class Collapse(api.Action):
    kind = "collapse"
    summary = "Collapse the tunnel on a side (side = 0304-0305): nobody crosses it again"
    side: api.Hexside

    def apply(self, ctx: api.Context) -> None:
        ctx.campaign.state.collapsed[self.side] = ctx.campaign.turn
        ctx.emit("collapse", f"The tunnel at {self.side} collapses")


class UnderEmpire(api.Ruleset):
    id = "under-empire"
    title = "The Under-Empire"
    summary = "Skaven tunnels: terrain of its own, sides held and collapsed."
    phases = (api.Phase("turn", "Turn"),)
    actions = (March, HoldSide, Collapse)
    state_class = UnderState

    def apply(self, ctx: api.Context, action: api.Action) -> None:
        action.apply(ctx)
