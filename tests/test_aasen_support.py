"""The Invasion of Hex Island (``aasen``): Support Contingents and their marching costs
(5.5, 2.2, table 5.1, R-AA-18), through the engine."""

from __future__ import annotations

import copy

import pytest
from test_aasen_year import senior

from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.rules.aasen import AasenRuleset, declarations, realms, support
from tuicamp.rules.aasen.declarations import Answer, Declare, Pass
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.rules.aasen.support import CancelSupport, RefuseSupport, Support
from tuicamp.storage.scenario import find_scenario, load_scenario

RULESET = AasenRuleset()
REACH, COLONY = "hag-graef-reach", "arnheim-colony"
DUEL = load_scenario(find_scenario("hex-island-duel"))


def at_war():
    """The duel's declarations, Malus first: he invades the North Cape from Wreckers'
    Cove and the Colony stands, Eltharion defending."""
    engine = start_campaign(copy.deepcopy(DUEL), "aasen", seed=5)
    for _ in ("earn", "trade"):
        for p in ("malus", "khazrak", "eltharion", "tehen"):
            engine.perform(p, EndPhase())
    engine.perform("malus", WriteSheet())
    engine.perform("tehen", WriteSheet())
    for p in ("malus", "khazrak", "eltharion", "tehen"):
        engine.perform(p, EndPhase())
    first(engine, "malus")
    engine.perform("malus", Declare(source="wreckers-cove", target="the-north-cape"))
    engine.perform("eltharion", Answer(choice="stand", defender="eltharion"))
    return engine


def first(engine, player):
    """``player`` declares next (as if he had bought the Initiative)."""
    state = engine.campaign.state
    state.initiative[player] = max(state.initiative.values()) + 1


def resources(engine, realm):
    return engine.campaign.state.books[realm].resources


def test_a_contingent_marches_from_the_capital_and_pays_a_resource_a_friendly_territory():
    """5.5: "The path must start in either your Capital or an Outpost or Stronghold which
    belongs to you, and end in the territory being invaded ... 1 Resource must be spent for
    each friendly territory the Contingent moves into along the way ... You do not pay for
    the move from B into A, since territory A is not a friendly territory"."""
    engine = at_war()
    first(engine, "khazrak")
    engine.perform(
        "khazrak",
        Support(invasion="i1", side="attacker", points=300, officer=senior(engine, "khazrak")),
    )
    (contingent,) = engine.campaign.state.contingents
    assert contingent.cost == 3 and contingent.path[0] == "hag-hold"
    assert contingent.path[-1] == "the-north-cape"
    assert resources(engine, REACH) == 8
    rules = Rules(engine.campaign, RULESET)
    assert support.sent_points(rules, "khazrak") == 300  # R-AA-18: off his own invasion


def test_a_defenders_contingent_may_set_out_from_the_outpost_in_the_battle():
    """5.5: "you can support both invasions and defensive battles"; a march that starts in
    the Outpost of the territory invaded moves into no territory and costs nothing."""
    engine = at_war()
    first(engine, "tehen")
    engine.perform(
        "tehen",
        Support(invasion="i1", side="defender", points=600, officer=senior(engine, "tehen")),
    )
    (contingent,) = engine.campaign.state.contingents
    assert (contingent.cost, contingent.path) == (0, ["the-north-cape"])
    assert resources(engine, COLONY) == 11


@pytest.mark.parametrize(
    ("who", "action", "refusal"),
    [
        ("khazrak", Support(invasion="i1", side="defender"), "is your Sworn enemy"),
        ("khazrak", Support(invasion="i1", points=400), "300 or 600 points"),
        ("khazrak", Support(invasion="i9"), "No invasion 'i9'"),
        ("eltharion", Support(invasion="i1", side="attacker"), "fight this battle yourself"),
    ],
)
def test_support_is_refused_what_the_text_forbids(who, action, refusal):
    """5.5: "You cannot support a sworn enemy (see table above)"; "only two sizes to choose
    from: 300 pts or 600 pts"."""
    engine = at_war()
    first(engine, who)
    with pytest.raises(RuleError, match=refusal):
        engine.perform(who, action)


def test_one_contingent_of_a_player_to_each_battle():
    """5.5: "A player can not send more than one Support Contingent to the same battle"."""
    engine = at_war()
    first(engine, "khazrak")
    engine.perform("khazrak", Support(invasion="i1", officer=senior(engine, "khazrak")))
    with pytest.raises(RuleError, match="Not more than one Support Contingent"):
        engine.perform(
            "khazrak", Support(invasion="i1", points=600, officer=senior(engine, "khazrak"))
        )


def test_the_supported_player_may_refuse_and_the_march_is_paid_back():
    """5.5: "A player can always refuse support if he doesn't want it"; "You do not,
    however, pay any Resources for marching"."""
    engine = at_war()
    first(engine, "khazrak")
    engine.perform("khazrak", Support(invasion="i1", officer=senior(engine, "khazrak")))
    with pytest.raises(RuleError, match="Only the player supported refuses"):
        engine.perform("khazrak", RefuseSupport(invasion="i1", sender="khazrak"))
    engine.perform("malus", RefuseSupport(invasion="i1", sender="khazrak"))
    assert resources(engine, REACH) == 11
    assert engine.campaign.state.contingents[0].refused


def test_a_dogs_of_war_army_receives_no_support():
    """Dogs of War: "a Dogs of War army may not receive support from Support Contingents"."""
    engine = at_war()
    engine.campaign.player("malus").race = "Dogs of War"
    first(engine, "khazrak")
    with pytest.raises(RuleError, match="Dogs of War army may not receive support"):
        engine.perform("khazrak", Support(invasion="i1", officer=senior(engine, "khazrak")))


@pytest.mark.parametrize(
    ("race", "territory", "cost"),
    [
        ("Chaos Beasts", "the-gold-fields", 1),  # lowland: "1"
        ("Chaos Beasts", "the-stair-of-tors", 2),  # highland: "+1"
        ("Dwarfs", "the-stair-of-tors", 1),  # "1 Resource less per territory ... Highlands"
        ("Dogs of War", "the-gold-fields", 0),  # "1 less Resource per territory (down to 0)"
        ("Dogs of War", "the-stair-of-tors", 1),
    ],
)
def test_marching_costs_by_the_land_and_the_army(race, territory, cost):
    """Table 5.1: "Each territory moved through when marching to support an allied army 1",
    "Marching into or through a Highland territory +1"; Dwarfs pay 1 less "when marching
    through Highlands"; Dogs of War "pay 1 less Resource per territory moved when marching
    (down to 0)"."""
    engine = start_campaign(copy.deepcopy(DUEL), "aasen", seed=5)
    camp = engine.campaign
    camp.player("khazrak").race = race
    rules = Rules(camp, RULESET)
    assert support.entry_cost(rules, "khazrak", camp.map.territory(territory)) == cost


def test_no_march_through_foreign_land():
    """5.5: "You may only move through another realm's territories without invading if
    you gain their permission": the march keeps to the friendly realms' land."""
    engine = start_campaign(copy.deepcopy(DUEL), "aasen", seed=5)
    camp = engine.campaign
    rules = Rules(camp, RULESET)
    goal = camp.map.territory("the-deepwood")
    assert support.march(rules, "khazrak", {REACH}, goal) is None
    cost, path = support.march(rules, "khazrak", {REACH, COLONY}, goal)
    assert path[-1] == "the-deepwood" and all(
        camp.map.territory(t).owner in (REACH, COLONY) for t in path
    )
    assert realms.realm_id_of(camp, "khazrak") == REACH and cost >= 1


def test_a_refused_contingent_still_comes_off_its_senders_invasion_army():
    """R-AA-50: a Contingent refused is treated as one cancelled, 5.5: "The points are
    simply lost that turn and you also have one less Hero choice for your main invasion.
    You do not, however, pay any Resources for marching"."""
    engine = at_war()
    first(engine, "khazrak")
    engine.perform("khazrak", Support(invasion="i1", points=600, officer=senior(engine, "khazrak")))
    engine.perform("malus", RefuseSupport(invasion="i1", sender="khazrak"))
    rules = Rules(engine.campaign, RULESET)
    assert support.sent_points(rules, "khazrak") == 600
    assert resources(engine, REACH) == 11  # the march paid back
    engine.perform("khazrak", Declare(source="goldbank", target="cinder-vale"))
    engine.perform("eltharion", Answer(choice="stand", defender="tehen"))
    while declarations.order(rules):
        engine.perform(declarations.order(rules)[0], Pass())
    for p in ("malus", "khazrak", "eltharion", "tehen"):
        engine.perform(p, EndPhase())
    own = next(b for b in engine.campaign.battles if "khazrak" in b.sides[0].players)
    assert own.sides[0].points == 1750 - 600
    assert engine.campaign.battles[0].sides[0].players == ["malus"]


def test_support_is_cancelled_only_before_the_supported_player_declares():
    """5.5: "If you declare support for another player that has not had his turn to
    declare an invasion yet you can change your mind and cancel the support ... The points
    are simply lost that turn and you also have one less Hero choice for your main
    invasion. You do not, however, pay any Resources for marching" (R-AA-50)."""
    engine = at_war()
    first(engine, "khazrak")
    engine.perform(
        "khazrak", Support(invasion="i1", officer=senior(engine, "khazrak"))
    )  # Malus has declared already
    with pytest.raises(RuleError, match="has had his turn to declare"):
        engine.perform("khazrak", CancelSupport(invasion="i1"))
    engine = at_war()
    first(engine, "tehen")
    engine.perform(
        "tehen",
        Support(invasion="i1", side="defender", points=600, officer=senior(engine, "tehen")),
    )
    engine.perform("tehen", CancelSupport(invasion="i1"))
    (contingent,) = engine.campaign.state.contingents
    assert contingent.cancelled and not contingent.fights
    assert resources(engine, COLONY) == 11
    assert support.sent_points(Rules(engine.campaign, RULESET), "tehen") == 600
    with pytest.raises(RuleError, match="no Contingent"):
        engine.perform("tehen", CancelSupport(invasion="i1"))
