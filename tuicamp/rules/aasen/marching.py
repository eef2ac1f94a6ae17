"""What a march costs (5.5, 5.6, 2.2, 9.2), for a Support Contingent and a whole army.

"1 Resource must be spent for each friendly territory the Contingent moves into"; an army
"2 Resources per territory moved" (5.6); "Support Contingents and armies marching pay 1
additional Resource per allied Highland territory moved into" (2.2); "Dwarf armies pay 1
Resource less per territory when marching through Highlands"; "Dogs of War armies pay 1
less Resource per territory moved when marching (down to 0)" (9.2).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from tuicamp.rules import api
from tuicamp.rules.aasen import realms

DOGS_OF_WAR = "Dogs of War"
HIGHLAND = "highland"


def race(campaign: api.Campaign, player: str) -> str:
    found = campaign.player(player)
    return found.race if found is not None else ""


def entry_cost(
    rules: api.Rules, marcher: str, territory: api.Territory, base: str = "support_march"
) -> int:
    """What a Contingent (``base`` support_march) or a whole army (army_march, 5.6) pays to
    move into one friendly territory."""
    costs = rules.table("costs")
    cost = int(costs[base])
    if realms.territory_type(rules, territory) == HIGHLAND:
        cost += 0 if race(rules.campaign, marcher) == "Dwarfs" else int(costs["highland_march"])
    if race(rules.campaign, marcher) == DOGS_OF_WAR:
        cost -= 1
    return max(cost, 0)


def cheapest(
    campaign: api.Campaign,
    starts: list[api.Territory],
    goal: api.Territory,
    step: Callable[[api.Territory], int | None],
) -> tuple[int, list[str]] | None:
    """The cheapest way from any of ``starts`` to ``goal``, each territory entered costing
    ``step`` (None: not entered): its cost and path, the start first; None if none."""
    heap = [(0, t.id, [t.id]) for t in starts]
    heapq.heapify(heap)
    done: set[str] = set()
    while heap:
        cost, tid, path = heapq.heappop(heap)
        if tid == goal.id:
            return cost, path
        if tid in done:
            continue
        done.add(tid)
        here = campaign.map.territory(tid)
        for other in realms.neighbours(campaign, here) if here is not None else []:
            paid = None if other.id in done else step(other)
            if paid is not None:
                heapq.heappush(heap, (cost + paid, other.id, [*path, other.id]))
    return None
