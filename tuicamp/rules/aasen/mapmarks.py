"""What the realm map draws of the year, for every seat alike: the invasions declared
(5.4: declared in the open), each as a route from the army's own territory - through the
friendly land it marched across (5.6, R-AA-33), or by water (5.7, R-AA-34) - into the
territory invaded, and the fleets put out with the sheets' reveal (5.3), each with the
patrol area it keeps ("that territory and all adjacent coastal, river and sea
territories"). Nothing here is a realm's secret: a fleet is known only once revealed.
"""

from __future__ import annotations

from itertools import pairwise

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.aasen import amphibious
from tuicamp.rules.aasen.state import Invasion, astate


@define
class MapMarks:
    routes: list[list[api.Hex]] = field(factory=list)  # one per invasion, start first
    fleets: list[api.Hex] = field(factory=list)
    patrols: list[api.Hex] = field(factory=list)  # every fleet's patrol area, once each


def invasion_route(rules: api.Rules, invasion: Invasion) -> list[api.Hex]:
    """The hexes an invasion goes by: the march's way (its own territory first) to the
    source, then by water the fewest hexes, or straight into the target next door. A way
    that is not a line of neighbours (none should be) is drawn as the source alone."""
    camp = rules.campaign
    steps = [*invasion.path]
    if not steps or steps[-1] != invasion.source:
        steps.append(invasion.source)
    start = [amphibious.place(camp, s) for s in steps]
    goal = amphibious.place(camp, invasion.target)
    by_water = amphibious.shortest(rules, start[-1], goal) if invasion.by_sea else None
    route = [*start, *(by_water or [goal])]
    if all(a.is_adjacent(b) for a, b in pairwise(route)):
        return route
    return [start[-1]]


def map_marks(rules: api.Rules) -> MapMarks:
    state = astate(rules)
    patrols: set[api.Hex] = set()
    for fleet in state.fleets:
        patrols |= amphibious.patrol(rules, fleet)
    return MapMarks(
        routes=[invasion_route(rules, i) for i in state.invasions],
        fleets=[amphibious.place(rules.campaign, f.where) for f in state.fleets],
        patrols=sorted(patrols),
    )
