"""The Invasion of Hex Island (``aasen``): the roll-off between equal Initiative (5.4,
R-AA-29)."""

from __future__ import annotations

from test_aasen_year import new, to_declare, up_next

from tuicamp.engine.rules import Rules
from tuicamp.rules.aasen import AasenRuleset, declarations, initiative
from tuicamp.rules.aasen.declarations import ModifyInitiative

RULESET = AasenRuleset()


def test_the_groups_of_equal_initiative_and_dice_that_stand_apart():
    """5.4: "roll a dice to determine the order if two players have the same Initiative
    score"; R-AA-29: "again while any two are equal"."""
    groups = initiative.tied({"a": 9, "b": 9, "c": 12, "d": 12, "e": 3}, ["a", "b", "c", "d", "e"])
    assert groups == [["c", "d"], ["a", "b"]]
    assert initiative.apart(["a", "b"], {"a": 2, "b": 6})
    assert not initiative.apart(["a", "b"], {"a": 4, "b": 4})
    assert not initiative.apart(["a", "b", "c"], {"a": 2, "b": 6})  # a newcomer rolls


def test_initiative_moved_onto_anothers_is_rolled_off_in_the_open():
    """5.4: Initiative bought down to meet another's: the two roll off, the chronicle
    tells the dice, and the higher die declares first (R-AA-29)."""
    engine = new()
    to_declare(engine)
    camp = engine.campaign
    state = camp.state
    state.initiative.update({"malus": 15, "khazrak": 12, "eltharion": 9, "tehen": 6})
    state.tiebreak.clear()
    seen = len(engine.chronicle)
    engine.perform("malus", ModifyInitiative(by=-3))
    told = [e for e in engine.chronicle[seen:] if e.kind == "initiative_roll_off"]
    assert len(told) == 1 and told[-1].text.startswith("Equal Initiative 12: the roll-off gives")
    assert [r.reason for r in told[-1].rolls][-2:] == [
        "Malus of Hag Graef's die for equal Initiative",
        "Khazrak One-Eye's die for equal Initiative",
    ]
    dice = {p: state.tiebreak[p] for p in ("malus", "khazrak")}
    assert dice["malus"] != dice["khazrak"]
    higher = max(dice, key=dice.__getitem__)
    assert up_next(engine) == higher
    ranked = declarations.order(Rules(camp, RULESET))
    assert ranked[:2] == [higher, min(dice, key=dice.__getitem__)]


def test_the_initiative_rolled_equal_is_rolled_off_as_the_declarations_open():
    """5.4 with R-AA-29 as the 3d6 are rolled: this seed gives two players 13; they roll
    off at once, in the open, and the order follows their dice."""
    engine = new()
    to_declare(engine)
    state = engine.campaign.state
    groups = initiative.tied(state.initiative, list(state.initiative))
    assert groups, "the seed rolls a tie"
    told = [e.text for e in engine.chronicle if e.kind == "initiative_roll_off"]
    assert len(told) == len(groups)
    ranked = declarations.order(Rules(engine.campaign, RULESET))
    for group in groups:
        dice = [state.tiebreak[p] for p in group]
        assert len(set(dice)) == len(dice)
        assert sorted(group, key=ranked.index) == sorted(group, key=lambda p: -state.tiebreak[p])
