"""King of the Hill: where each side deploys, and in what order (§4.1, step 3, R-SU-40).

"In this scenario deploy the two weakest (in points) sides on the short edges. Then deploy
the rest as follows: -if a third side exists it deploys at the center of the table in a
12" x 12" to 24" x 24" area depending on how big table you have -if a third and a fourth
side is present let them deploy then they deploy on the long sides in 12" x 24" areas."

The order is fixed when the battle is opened, from the points each side brings, and kept on
the battle as one circumstance a side, so that the card reads the same after the losses.
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.suvinen.state import sstate

KEY = "hill_deployment"
SHORT, OTHER_SHORT = "on a short edge", "on the other short edge"
LONG, OTHER_LONG = 'on a long side (12" x 24")', 'on the other long side (12" x 24")'
CENTRE = 'in the centre (12" x 12" to 24" x 24", by the size of the table)'
# the places in deployment order, weakest first, by the number of sides (R-SU-40)
PLACES: dict[int, tuple[str, ...]] = {
    3: (SHORT, OTHER_SHORT, CENTRE),
    4: (SHORT, OTHER_SHORT, LONG, OTHER_LONG),
    5: (SHORT, OTHER_SHORT, LONG, OTHER_LONG, CENTRE),
}
BEYOND = "where the players agree (the text places five sides at most)"
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


def place(index: int, count: int) -> str:
    """Where the side that deploys ``index``-th (from 0) of ``count`` sides goes."""
    places = PLACES.get(count, ())
    return places[index] if index < len(places) else BEYOND


def points_of(rules: api.Rules, side: api.BattleSide) -> int:
    camp = rules.campaign
    return side.points + sum(a.points for aid in side.armies if (a := camp.army(aid)))


def deployment(rules: api.Rules, sides: list[api.BattleSide]) -> list[api.Circumstance]:
    """Each side's place and turn to deploy, weakest first; equal points go by the turn's
    order of play, the earlier first (R-SU-40)."""
    order = sstate(rules).order

    def rank(side: api.BattleSide) -> tuple[int, int]:
        first = min((order.index(p) for p in side.players if p in order), default=len(order))
        return points_of(rules, side), first

    out = []
    for i, side in enumerate(sorted(sides, key=rank)):
        text = (
            f"Deploys {ORDINALS[min(i, len(ORDINALS) - 1)]} ({points_of(rules, side):,} pts), "
            f"{place(i, len(sides))} (section 4.1, R-SU-40)"
        )
        out.append(api.Circumstance(KEY, text, side=side.id, value=i + 1))
    return out


def card_notes(battle: api.Battle) -> list[str]:
    """The deployment of the card, in order: "1. The Dwarfs, a short edge; ..."."""
    placed = sorted((c for c in battle.circumstances if c.key == KEY), key=lambda c: c.value)
    if not placed:
        return []
    titles = {s.id: s.title for s in battle.sides}
    steps = "; ".join(
        f"{c.value}. {titles.get(c.side or '', c.side)}, {place(c.value - 1, len(placed))}"
        for c in placed
    )
    return [
        f"King of the Hill: the sides deploy weakest first (in points): {steps} "
        "(section 4.1, R-SU-40)."
    ]
