"""The Invasion of Hex Island (``aasen``): random legal years with Support Contingents by
land and by sea (5.5, 5.7, R-AA-49, R-AA-51, R-AA-61), leave given at random (R-AA-33)
and armies carried by fleets (R-AA-34).

Through them: each realm's Resources and Wealth are what the chronicle's ledger says; a
refused Contingent's march is paid back to the Resource; no limit is broken (R-AA-5, a
Hero a Contingent R-AA-47, one Contingent of a sender to a battle, none to a Sworn
enemy); no march enters a Sworn enemy's realm that gave its leave; and "a fleet can only
transport a single force per turn" (5.7): the fleets used are as many as the forces
carried.
"""

from __future__ import annotations

import contextlib
import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_aasen_year import (
    CORSAIRS,
    DUEL,
    RULESET,
    check_books,
    invade_or_pass,
    new,
    play_a_year,
    senior,
)

from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.rules.aasen import amphibious, limits, passage, realms, support, trust
from tuicamp.rules.aasen.declarations import Declare
from tuicamp.rules.aasen.passage import GrantPassage
from tuicamp.rules.aasen.state import ATTACKER, DEFENDER, STAND
from tuicamp.rules.aasen.support import RefuseSupport, Support
from tuicamp.storage.scenario import find_scenario, load_scenario

ISLAND = load_scenario(find_scenario("hex-island"))

FLEETS_MOSTLY = ("fleets", "fleets", "outposts")  # sheets that put fleets out, mostly
MOSTLY = st.sampled_from([True, True, True, False])  # the simplest example does it


def give_leave(engine, data, player):
    """Perhaps another realm gives the player's realm leave for the year (R-AA-33)."""
    camp = engine.campaign
    own = realms.realm_id_of(camp, player)
    others = [t for t in realms.realms(camp) if t.id != own]
    if data.draw(MOSTLY):
        granter = data.draw(st.sampled_from(others))
        with contextlib.suppress(RuleError):
            engine.perform(granter.members[0], GrantPassage(to=own))


def allowed_march(engine, player, contingent):
    """The realms a Contingent's march may pass through (5.5, R-AA-61): its sender's, the
    supported player's, and those that gave leave with no Sworn enemy of the sender; by
    sea, the land of the realm whose fleet carries it too (R-AA-51)."""
    camp, state = engine.campaign, engine.campaign.state
    harbour = camp.map.territory(contingent.fleet) if contingent.fleet else None
    own = realms.realm_id_of(camp, player)
    helped = support.supported_player(state.invasion(contingent.invasion), contingent.side)
    lent = {
        t.id
        for t in realms.realms(camp)
        if passage.key(t.id, own) in state.passages
        and not any(trust.sworn(state, player, m) for m in t.members)
    }
    lender = {harbour.owner} if harbour is not None else set()
    return {own, realms.realm_id_of(camp, helped)} | lent | lender


def harbours(engine, player):
    """Where a fleet still free this year may carry the player's force: his realm's, or a
    realm's that gave his its leave (R-AA-51; whether it Trusts him is the rule's to
    check)."""
    camp, state = engine.campaign, engine.campaign.state
    own = realms.realm_id_of(camp, player)
    mine = (
        f for f in state.fleets if f.realm == own or passage.key(f.realm, own) in state.passages
    )
    return sorted({f.where for f in mine if not f.used})


def send(engine, data, player):
    """Perhaps the player sends a Contingent to a random battle, by land or by a fleet
    still free; perhaps the player supported refuses it, its march paid back."""
    camp, state = engine.campaign, engine.campaign.state
    battles = [
        (i.id, side)
        for i in state.invasions
        if i.answer == STAND and player not in (i.attacker, i.defender)
        for side in (ATTACKER, DEFENDER)
        if not trust.sworn(state, player, support.supported_player(i, side))
    ]
    if not battles or not data.draw(MOSTLY):
        return
    invasion, side = data.draw(st.sampled_from(battles))
    goal = camp.map.territory(state.invasion(invasion).target)
    places = harbours(engine, player) if amphibious.coastal(Rules(camp, RULESET), goal) else []
    order = Support(
        invasion=invasion,
        side=side,
        points=data.draw(st.sampled_from([300, 600])),
        fleet=data.draw(st.sampled_from(places)) if places and data.draw(MOSTLY) else "",
        officer=senior(engine, player, f"Captain {len(state.contingents) + 1}"),
    )
    try:
        engine.perform(player, order)
    except RuleError:
        return
    contingent = state.contingents[-1]
    through = [camp.map.territory(t).owner for t in contingent.path[1:-1]]
    assert set(through) <= allowed_march(engine, player, contingent)
    if data.draw(st.sampled_from([False, True])):
        realm = realms.realm_id_of(camp, player)
        before = state.books[realm].resources
        helped = support.supported_player(state.invasion(contingent.invasion), contingent.side)
        refusal = RefuseSupport(invasion=contingent.invasion, sender=player)
        engine.perform(helped, refusal)
        assert state.books[realm].resources == before + contingent.cost


def sail(engine, data, player):
    """Perhaps the player's army sails from a fleet still free to a coastal territory not
    his realm's (5.7, R-AA-34, R-AA-51); True when it did."""
    camp = engine.campaign
    own = realms.realm_id_of(camp, player)
    places = harbours(engine, player)
    rules = Rules(camp, RULESET)
    shores = [t.id for t in realms.land(camp) if t.owner != own and amphibious.coastal(rules, t)]
    if not places or not shores or data.draw(MOSTLY):  # a fleet left, mostly, for a Contingent
        return False
    order = Declare(
        source=data.draw(st.sampled_from(places)),
        target=data.draw(st.sampled_from(shores)),
        fleet=True,
    )
    try:
        engine.perform(player, order)
    except RuleError:
        return False
    return True


def turn(engine, data, player):
    """A turn to declare: leave perhaps given, a Contingent perhaps sent (at his turn,
    before he declares, R-AA-18), then an invasion by sea, over land, or a pass."""
    give_leave(engine, data, player)
    send(engine, data, player)
    if not sail(engine, data, player):
        invade_or_pass(engine, data, player)


def closing(engine):
    """The declarations close: every limit kept, and one force a fleet (5.7)."""
    camp, state = engine.campaign, engine.campaign.state
    rules = Rules(camp, RULESET)
    for player in {c.player for c in state.contingents}:
        assert len(limits.sent(rules, player)) <= limits.most_contingents(rules, player)
    pairs = [(c.player, c.invasion) for c in state.contingents]
    assert len(pairs) == len(set(pairs))  # "not more than one to each battle"
    for c in state.contingents:
        helped = support.supported_player(state.invasion(c.invasion), c.side)
        assert not trust.sworn(state, c.player, helped)
    carried = sum(i.by_sea for i in state.invasions) + sum(bool(c.fleet) for c in state.contingents)
    assert carried == sum(f.used for f in state.fleets)


def play(engine, data):
    """Two random years, the books checked after each."""
    for _ in range(2):
        play_a_year(engine, data, turn=turn, kinds=FLEETS_MOSTLY, least=1, closing=closing)
        check_books(engine)
    assert engine.campaign.turn == 3


FEW = settings(
    max_examples=8, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


@FEW
@given(st.data(), st.sampled_from([DUEL, CORSAIRS]), st.integers(0, 50))
def test_random_years_with_contingents_keep_the_books_and_the_limits(data, name, seed):
    """5.5, 5.7, R-AA-49, R-AA-51, R-AA-61: through random legal years with Contingents
    and fleets, the books are the ledger's, no limit is broken, and one force a fleet."""
    play(new(name, seed=seed), data)


@settings(FEW, max_examples=3)
@given(st.data(), st.integers(0, 50))
def test_random_years_of_the_nine_realms_with_contingents(data, seed):
    """The same on the whole island, where realms of one side send Contingents to each
    other's battles by land and on each other's fleets (R-AA-51, R-AA-60, R-AA-61)."""
    play(start_campaign(copy.deepcopy(ISLAND), "aasen", seed=seed), data)
