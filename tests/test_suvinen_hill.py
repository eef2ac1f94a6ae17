"""King of the Hill deployment on the card: §4.1, step 3, R-SU-40.

§4.1: "In this scenario deploy the two weakest (in points) sides on the short edges. Then
deploy the rest as follows: -if a third side exists it deploys at the center of the table in
a 12" x 12" to 24" x 24" area depending on how big table you have -if a third and a fourth
side is present let them deploy then they deploy on the long sides in 12" x 24" areas."
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_suvinen_battles import three_sides

from tuicamp.engine.rules import Rules
from tuicamp.game.battlecard import build_card, card_text
from tuicamp.model.battle import BattleSide
from tuicamp.rules.suvinen import SuvinenRuleset
from tuicamp.rules.suvinen.hill import CENTRE, LONG, OTHER_LONG, OTHER_SHORT, SHORT, deployment
from tuicamp.rules.suvinen.withdrawal import ChooseWithdrawal

RULESET = SuvinenRuleset()
ENGINE = three_sides()  # the order of play the ties go by: the Orcs, the Dwarfs, the Empire
RULES = Rules(ENGINE.campaign, RULESET)


def test_three_sides_deploy_weakest_first_the_strongest_in_the_centre():
    """The Wolf Riders (145 pts) and the Karak Host (240) on the short edges, the First
    Corps (525) in the centre; the card says so on each side and in its rules."""
    engine = three_sides()
    for player in ("orcs", "dwarfs", "empire"):
        engine.perform(player, ChooseWithdrawal(hex="0503", choice="fight"))
    (battle,) = engine.campaign.pending_battles()
    card = build_card(Rules(engine.campaign, RULESET), battle)
    by_side = {s.title: s.circumstances for s in card.sides}
    assert by_side["Orcs & Goblins"] == [
        "Deploys 1st (145 pts), on a short edge (section 4.1, R-SU-40)"
    ]
    assert by_side["The Dwarfs"] == [
        "Deploys 2nd (240 pts), on the other short edge (section 4.1, R-SU-40)"
    ]
    assert by_side["The Empire"] == [
        'Deploys 3rd (525 pts), in the centre (12" x 12" to 24" x 24", by the size of the '
        "table) (section 4.1, R-SU-40)"
    ]
    text = " ".join(card_text(card).split())
    assert (
        "King of the Hill: the sides deploy weakest first (in points): 1. Orcs & Goblins, on "
        "a short edge; 2. The Dwarfs, on the other short edge; 3. The Empire, in the centre"
    ) in text


def sides_of(points: list[int]) -> list[BattleSide]:
    """Sides of the given points, fielded without counters, for players not in the order."""
    return [BattleSide(f"s{i}", f"Side {i}", [f"p{i}"], [], points=p) for i, p in enumerate(points)]


PLACES = {
    3: [SHORT, OTHER_SHORT, CENTRE],
    4: [SHORT, OTHER_SHORT, LONG, OTHER_LONG],
    5: [SHORT, OTHER_SHORT, LONG, OTHER_LONG, CENTRE],
}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(100, 5000), min_size=3, max_size=5))
def test_the_weakest_deploy_first_and_each_count_has_its_places(points):
    """For 3 to 5 sides: deployment in rising points, the two weakest on the short edges,
    a third in the centre, a third and fourth on the long sides (five: the fifth, the
    strongest, in the centre), every side once."""
    sides = sides_of(points)
    placed = sorted(deployment(RULES, sides), key=lambda c: c.value)
    assert sorted(c.side for c in placed) == sorted(s.id for s in sides)
    in_order = [next(s for s in sides if s.id == c.side).points for c in placed]
    assert in_order == sorted(points)
    for c, where in zip(placed, PLACES[len(points)], strict=True):
        assert c.text.endswith(f"pts), {where} (section 4.1, R-SU-40)")


def test_equal_points_deploy_in_the_order_of_play():
    """Equal points: the side earlier in the turn's order of play deploys first (R-SU-40)."""
    order = ENGINE.campaign.state.order
    sides = [BattleSide(p, p, [p], [], points=300) for p in reversed(order)]
    placed = sorted(deployment(RULES, sides), key=lambda c: c.value)
    assert [c.side for c in placed] == order
