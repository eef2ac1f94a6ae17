"""The Invasion of Hex Island (``aasen``): the year's start and end through the engine:
Support and Resources earned (5.1, R-AA-2, R-AA-9), Wealth and Resources (5.1, 7.2), the
sealed Promotions & Purchases sheets at the table 5.1 costs (5.3), Initiative (5.4) and
the declarations with their limits (5.4, 5.8, R-AA-5, R-AA-16, R-AA-17), and a property
test over random legal years.
"""

from __future__ import annotations

import contextlib
import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp import cli
from tuicamp.engine.battles import AutoResolveBattle
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.rules.aasen import AasenRuleset, amphibious, declarations, realms
from tuicamp.rules.aasen.declarations import Answer, Declare, ModifyInitiative, Pass
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.rules.aasen.state import Officer
from tuicamp.rules.aasen.year import ConvertWealth
from tuicamp.storage.scenario import find_scenario, load_scenario

RULESET = AasenRuleset()
DUEL, CORSAIRS = "hex-island-duel", "hex-island-corsairs"
REACH, COLONY, BRETHREN = "hag-graef-reach", "arnheim-colony", "the-brethren"
SCENARIOS = {name: load_scenario(find_scenario(name)) for name in (DUEL, CORSAIRS)}


def new(name=DUEL, seed=5, tables=None):
    engine = start_campaign(copy.deepcopy(SCENARIOS[name]), "aasen", seed=seed)
    if tables:
        engine.campaign.tables = tables
    return engine


def books(engine, realm):
    return engine.campaign.state.books[realm]


def end_all(engine):
    for player in [p.id for p in engine.campaign.players]:
        if player in engine.acting_seats():
            engine.perform(player, EndPhase())


def empty_sheets(engine):
    for realm in engine.campaign.state.sheets.waiting:
        engine.perform(first_member(engine, realm), WriteSheet())


def first_member(engine, realm):
    return next(t for t in engine.campaign.teams if t.id == realm).members[0]


def to_purchases(engine):
    end_all(engine)  # earn
    end_all(engine)  # trade
    assert engine.campaign.phase == "purchases"


def to_declare(engine):
    to_purchases(engine)
    empty_sheets(engine)
    end_all(engine)
    assert engine.campaign.phase == "declare"


def up_next(engine):
    return declarations.order(Rules(engine.campaign, RULESET))[0]


def senior(engine, player, name="Kouran"):
    """The name of a Senior Officer of ``player``'s, made if he has none of that name, to
    lead a Support Contingent (5.5: "The Contingent must also include one Senior Officer",
    R-AA-85)."""
    officers = engine.campaign.state.officers.setdefault(player, [])
    if not any(o.name == name for o in officers):
        officers.append(Officer(name))
    return name


def pass_to_battles(engine):
    """The players still to declare pass, every seat ends the phase, the battles open."""
    rules = Rules(engine.campaign, RULESET)
    while declarations.order(rules):
        engine.perform(declarations.order(rules)[0], Pass())
    end_all(engine)
    assert engine.campaign.phase == "battles"


def pass_until(engine, player):
    while up_next(engine) != player:
        engine.perform(up_next(engine), Pass())


# --- 5.1: Support and Resources -------------------------------------------------------


def test_each_connected_unrazed_territory_earns_one_support_and_one_resource():
    """5.1: "each territory in a realm which is connected to the Capital or a Stronghold
    and is not razed generates one Support point and one Resource" (R-AA-2)."""
    engine = new()
    assert (books(engine, REACH).support, books(engine, REACH).resources) == (11, 11)
    assert (books(engine, COLONY).support, books(engine, COLONY).resources) == (11, 11)


def test_pirates_earn_five_and_five_more_even_with_no_land():
    """5.1: "Pirate realms will at this point receive an additional 5 Support points and 5
    Resources from their off-table backers. They receive this bonus even if they have lost
    their Capital and even if they have no territories left on the map at all!" (R-AA-9);
    the Drowned Quay, cut off from Skull Isle and from any Stronghold, earns nothing."""
    engine = new(CORSAIRS)
    assert (books(engine, BRETHREN).support, books(engine, BRETHREN).resources) == (10, 10)
    camp = engine.campaign
    for t in realms.held_by(camp, BRETHREN):
        t.owner = COLONY
    end_all(engine)
    end_all(engine)
    empty_sheets(engine)
    end_all(engine)
    while engine.campaign.phase == "declare":
        if declarations.order(Rules(camp, RULESET)):
            engine.perform(up_next(engine), Pass())
        else:
            end_all(engine)
    end_all(engine)  # battles
    end_all(engine)  # end of the turn: Resources become Wealth
    assert camp.turn == 2 and camp.phase == "earn"
    assert (books(engine, BRETHREN).support, books(engine, BRETHREN).resources) == (5, 5)
    assert books(engine, BRETHREN).wealth == 10


def test_a_razed_territory_earns_nothing_next_year():
    """6.3: "A razed territory provides no Support or Resources at the start of the next
    turn"."""
    engine = new()
    engine.campaign.state.razed.append("the-gold-fields")
    state = engine.campaign.state
    assert len(realms.earning(engine.campaign, state, REACH)) == 10


def test_wealth_turns_back_into_resources_three_to_one():
    """5.1: "Wealth can also be transformed back into Resources in later turns, but in this
    case 3 points of Wealth are only transformed into a single Resource"."""
    engine = new()
    books(engine, REACH).wealth = 7
    engine.perform("malus", ConvertWealth(resources=2))
    assert (books(engine, REACH).wealth, books(engine, REACH).resources) == (1, 13)
    with pytest.raises(RuleError, match="has 1 Wealth"):
        engine.perform("khazrak", ConvertWealth(resources=1))


def test_dwarfs_hoard_their_wealth():
    """Dwarfs: "Hoarding the Wealth: A Realm that contains one or more Dwarf armies, may not
    transfer Wealth back to Resources"."""
    scenario = copy.deepcopy(SCENARIOS[DUEL])
    next(p for p in scenario.players if p.id == "tehen").race = "Dwarfs"
    engine = start_campaign(scenario, "aasen", seed=5, check=False)
    books(engine, COLONY).wealth = 9
    with pytest.raises(RuleError, match="Dwarf army may not transfer Wealth"):
        engine.perform("eltharion", ConvertWealth(resources=1))


def test_unspent_resources_become_wealth_one_to_one_and_fleets_are_gone():
    """7.2: "Any Resources not spent by the end of the turn are now transformed into Wealth
    in a one-to-one ratio"; 5.3: Outposts and Strongholds "stay on the map from turn to
    turn while fleets do not"."""
    engine = new()
    to_purchases(engine)
    engine.perform("malus", WriteSheet(fleets=["gull-point"]))
    engine.perform("tehen", WriteSheet())
    end_all(engine)
    assert len(engine.campaign.state.fleets) == 1
    while engine.campaign.phase == "declare":
        if declarations.order(Rules(engine.campaign, RULESET)):
            engine.perform(up_next(engine), Pass())
        else:
            end_all(engine)
    end_all(engine)
    end_all(engine)
    assert engine.campaign.state.fleets == []
    assert books(engine, REACH).wealth == 9  # 11 earned, 2 for the fleet
    assert books(engine, REACH).resources == 11  # the second year's


# --- 5.3: the sealed sheets at the table 5.1 costs ------------------------------------


@pytest.mark.parametrize(
    ("sheet", "cost"),
    [
        ({"outposts": ["goldwash-strand"]}, 4),  # "Purchase an Outpost 4"
        ({"strongholds": ["goldwash-strand"]}, 7),  # "Purchase a Stronghold 7"
        ({"fleets": ["gull-point"]}, 2),  # "Launching a fleet 2"
        ({"fleets": ["the-gold-fields"]}, 2),  # a river territory launches fleets too
    ],
)
def test_a_sheet_pays_the_table_5_1_costs(sheet, cost):
    """Table 5.1 - Spending Resources, each purchase's row; placed once revealed."""
    engine = new()
    to_purchases(engine)
    engine.perform("malus", WriteSheet(**sheet))
    assert books(engine, REACH).resources == 11  # sealed: nothing paid before the reveal
    engine.perform("tehen", WriteSheet())
    assert books(engine, REACH).resources == 11 - cost
    state = engine.campaign.state
    for tid in sheet.get("outposts", []):
        assert state.holdings[tid] == "outpost"
    for tid in sheet.get("strongholds", []):
        assert state.holdings[tid] == "stronghold"


def test_an_outpost_is_upgraded_to_a_stronghold_for_4():
    """Table 5.1: "Upgrade an Outpost to a Stronghold 4"."""
    engine = new()
    to_purchases(engine)
    engine.perform("malus", WriteSheet())
    engine.perform("tehen", WriteSheet(upgrades=["riverbend"]))
    assert engine.campaign.state.holdings["riverbend"] == "stronghold"
    assert books(engine, COLONY).resources == 7


@pytest.mark.parametrize(
    ("sheet", "refusal"),
    [
        ({"outposts": ["the-sinking-mire"]}, "swamp"),  # not ours either, but see below
        ({"outposts": ["hag-hold", "hag-hold"]}, "One Outpost or Stronghold a territory"),
        ({"outposts": ["serpentwood"]}, "has a holding already"),
        ({"upgrades": ["gull-point"]}, "no Outpost to make a Stronghold"),
        ({"fleets": ["hag-hold"]}, "neither coastal nor on a river"),
        ({"fleets": ["0101"]}, "0101 is a sea hex: only a pirate realm may place its fleets"),
        ({"fleets": ["atlantis"]}, "is no territory"),
        ({"strongholds": ["gull-point", "saltmarsh-bay"]}, "costs 14 Resources; the realm has 11"),
    ],
)
def test_a_sheet_is_refused_what_the_text_forbids(sheet, refusal):
    """2.2: "You cannot build Outposts / Strongholds in a territory containing swamps";
    5.3: "Fleets may be placed in any Coastal or river territory you currently control";
    only a pirate realm may "place fleets they purchase in any sea territory"; a realm
    spends only the Resources it has."""
    engine = new()
    if "the-sinking-mire" in sheet.get("outposts", []):
        engine.campaign.map.territory("the-sinking-mire").owner = REACH
    to_purchases(engine)
    with pytest.raises(RuleError, match=refusal):
        engine.perform("malus", WriteSheet(**sheet))


def test_a_pirate_puts_its_fleet_out_in_any_sea():
    """5.3: "Special: Pirate realms may, if they wish, place fleets they purchase in any
    sea territory. This lets them launch invasions even if they have no territories"."""
    engine = new(CORSAIRS)
    to_purchases(engine)
    engine.perform("harkon", WriteSheet(fleets=["0101"]))
    engine.perform("malus", WriteSheet())
    engine.perform("tehen", WriteSheet())
    assert [(f.realm, f.where) for f in engine.campaign.state.fleets] == [(BRETHREN, "0101")]
    # the reveal names each place, a sea hex as the sea there, never an id
    revealed = next(e.text for e in engine.chronicle if e.kind.endswith("_revealed"))
    assert "The Brethren of the Vampire Coast: fleets in the sea at 0101" in revealed


def test_a_realms_sheet_is_its_secret_until_the_reveal():
    """5.3: "The players note down any purchases in secret before handing them in. Once
    everyone has handed in their sheets, the organiser reveals them all"."""
    engine = new()
    to_purchases(engine)
    engine.perform("malus", WriteSheet(outposts=["goldwash-strand"]))
    theirs = RULESET.view_state(Rules(engine.campaign, RULESET), engine.campaign.seat("tehen"))
    assert theirs.sheets.choices == {} and theirs.sheets.written == [REACH]
    ours = RULESET.view_state(Rules(engine.campaign, RULESET), engine.campaign.seat("khazrak"))
    assert ours.sheets.choices[REACH].outposts == ["goldwash-strand"]
    with pytest.raises(RuleError, match="hand in your realm's Promotions & Purchases sheet"):
        engine.perform("tehen", EndPhase())
    engine.perform("tehen", WriteSheet())
    theirs = RULESET.view_state(Rules(engine.campaign, RULESET), engine.campaign.seat("tehen"))
    assert theirs.sheets.revealed and theirs.sheets.choices[REACH].outposts == ["goldwash-strand"]


# --- 5.4: Initiative and the declarations -------------------------------------------------


def test_invasions_are_declared_in_descending_order_of_initiative():
    """5.4: "Each player in a realm publicly rolls 3D6 ... Invasions will be declared in
    descending order of Initiative"."""
    engine = new()
    to_declare(engine)
    state = engine.campaign.state
    assert set(state.initiative) == {"malus", "khazrak", "eltharion", "tehen"}
    assert all(3 <= v <= 18 for v in state.initiative.values())
    ranked = declarations.order(Rules(engine.campaign, RULESET))
    assert [state.initiative[p] for p in ranked] == sorted(state.initiative.values(), reverse=True)
    last = ranked[-1]
    with pytest.raises(RuleError, match="turn to declare"):
        engine.perform(last, Pass())


def test_initiative_is_bought_up_or_down_a_resource_a_point():
    """5.4: "A player can at any time spend Resources to modify his Initiative roll (up or
    down) ... Each Resource spent lets you modify an Initiative roll by up to 1 point"
    (table 5.1: "Modifying an Initiative roll 1")."""
    engine = new()
    to_declare(engine)
    state = engine.campaign.state
    last = declarations.order(Rules(engine.campaign, RULESET))[-1]
    realm = realms.realm_id_of(engine.campaign, last)
    before = books(engine, realm).resources
    gain = 19 - state.initiative[last]
    engine.perform(last, ModifyInitiative(by=gain))
    assert up_next(engine) == last
    assert books(engine, realm).resources == before - gain


def test_an_invasion_goes_from_ones_own_territory_into_a_neighbouring_enemy_one():
    """5.4: "An invasion is always declared from one of your territories into an enemy
    territory"; "each General may declare that his army is invading a neighbouring
    territory"."""
    engine = new()
    to_declare(engine)
    player = up_next(engine)
    ours = realms.realm_id_of(engine.campaign, player) == REACH
    mine, theirs = (
        ("wreckers-cove", "the-north-cape") if ours else ("the-north-cape", "wreckers-cove")
    )
    far = "sunward-keep" if ours else "hag-hold"
    with pytest.raises(RuleError, match="is not your realm's"):
        engine.perform(player, Declare(source=theirs, target=mine))
    with pytest.raises(RuleError, match="does not border"):
        engine.perform(player, Declare(source=mine, target=far))
    with pytest.raises(RuleError, match="is your own realm's"):
        engine.perform(player, Declare(source=mine, target=realm_neighbour(engine, mine)))


def realm_neighbour(engine, tid):
    """A neighbour of ``tid`` that its own realm holds."""
    camp = engine.campaign
    here = camp.map.territory(tid)
    return next(t.id for t in realms.neighbours(camp, here) if t.owner == here.owner)


def declare_first(engine, realm, source, target):
    """One of ``realm``'s players still to declare goes first (as if he had bought the
    Initiative), and declares."""
    player = declare_first_try(engine, realm)
    engine.perform(player, Declare(source=source, target=target))
    return player


def test_the_invaded_realm_stands_naming_its_defender_or_withdraws():
    """5.4: "the invaded realm must immediately declare if they will stand and fight or
    withdraw and let the invading army take the territory without battle"; R-AA-17: "A
    realm that stands names its defending player"."""
    engine = new()
    to_declare(engine)
    declare_first(engine, REACH, "wreckers-cove", "the-north-cape")
    with pytest.raises(RuleError, match="must stand or withdraw"):
        engine.perform(up_next(engine), Pass())
    with pytest.raises(RuleError, match="Only The Arnheim Colony answers"):
        engine.perform("khazrak", Answer(choice="withdraw"))
    with pytest.raises(RuleError, match="The defender is one of"):
        engine.perform("tehen", Answer(choice="stand", defender="malus"))
    engine.perform("tehen", Answer(choice="stand", defender="eltharion"))
    invasion = engine.campaign.state.invasions[0]
    assert (invasion.answer, invasion.defender) == ("stand", "eltharion")
    assert engine.campaign.map.territory("the-north-cape").owner == COLONY


def test_a_withdrawal_gives_up_the_territory_and_bars_it_for_the_year():
    """5.4: "The invading army takes over the territory and no other Generals may invade it
    that year"; a withdrawal counts for the invader, not the defender (R-AA-5)."""
    engine = new()
    to_declare(engine)
    declare_first(engine, REACH, "wreckers-cove", "the-north-cape")
    engine.perform("eltharion", Answer(choice="withdraw"))
    camp = engine.campaign
    assert camp.map.territory("the-north-cape").owner == REACH
    rules = Rules(camp, RULESET)
    assert (declarations.involved(rules, REACH), declarations.involved(rules, COLONY)) == (1, 0)
    # the Outpost there is the conqueror's now: holdings follow the land
    assert camp.state.holdings["the-north-cape"] == "outpost"
    player = declare_first_try(engine, COLONY)
    with pytest.raises(RuleError, match="already being invaded this year"):
        engine.perform(player, Declare(source="the-sinking-mire", target="the-north-cape"))


def declare_first_try(engine, realm):
    """The first of ``realm``'s players still to declare, moved to the head of the order."""
    state = engine.campaign.state
    left = declarations.order(Rules(engine.campaign, RULESET))
    player = next(p for p in left if realms.realm_id_of(engine.campaign, p) == realm)
    state.initiative[player] = max(state.initiative.values()) + 1
    assert up_next(engine) == player
    return player


def test_a_neutral_territory_is_taken_without_battle():
    """3.1: "An invasion against a neutral territory automatically succeeds and no battle
    is fought"; 5.4: "The same happens if the army invades a territory that is not held by
    any realm"."""
    engine = new()
    engine.campaign.map.territory("the-north-cape").owner = None
    to_declare(engine)
    declare_first(engine, REACH, "wreckers-cove", "the-north-cape")
    assert engine.campaign.map.territory("the-north-cape").owner == REACH
    assert engine.campaign.state.invasions[0].answer == "neutral"


def test_one_general_attacks_from_a_territory_and_none_from_one_being_invaded():
    """5.4: "Only one General may attack from each territory per year"; the issue: "no
    invasion from a territory being invaded"."""
    engine = new()
    to_declare(engine)
    declare_first(engine, REACH, "wreckers-cove", "the-north-cape")
    engine.perform("eltharion", Answer(choice="stand"))
    player = declare_first_try(engine, REACH)
    with pytest.raises(RuleError, match="has attacked from Wreckers' Cove"):
        engine.perform(player, Declare(source="wreckers-cove", target="cinder-vale"))
    engine.perform(player, Pass())
    colony = declare_first_try(engine, COLONY)
    with pytest.raises(RuleError, match="The North Cape is being invaded"):
        engine.perform(colony, Declare(source="the-north-cape", target="wreckers-cove"))


def test_a_general_declares_once_a_year():
    """5.4: "Each General may only declare one invasion"."""
    engine = new()
    to_declare(engine)
    player = declare_first(engine, REACH, "wreckers-cove", "the-north-cape")
    engine.perform("eltharion", Answer(choice="stand"))
    with pytest.raises(RuleError, match="has declared this year"):
        engine.perform(player, Declare(source="wreckers-cove", target="cinder-vale"))


def test_a_capital_may_be_attacked_by_two_each_from_its_own_territory():
    """5.8: "When attacking an enemy Capital, up to two armies may attack, though each must
    invade from their own adjacent territory" (R-AA-16); any other territory is invaded
    once: "you cannot declare an invasion into a territory that is already being invaded"."""
    engine = new()
    camp = engine.campaign
    for tid in ("the-sinking-mire", "the-stair-of-tors"):
        camp.map.territory(tid).owner = REACH  # two of Sunward Keep's neighbours taken
    to_declare(engine)
    declare_first(engine, REACH, "the-sinking-mire", "sunward-keep")
    engine.perform("tehen", Answer(choice="stand"))
    player = declare_first_try(engine, REACH)
    engine.perform(player, Declare(source="the-stair-of-tors", target="sunward-keep"))
    assert [i.target for i in camp.state.invasions] == ["sunward-keep", "sunward-keep"]


def test_a_realm_at_its_limit_declares_no_more_and_is_attacked_no_more():
    """5.4: "each realm may only be involved in three invasions per player per year ...
    Once a realm reaches this limit no further attacks may be made upon it and it may
    declare no more invasions itself" (R-AA-5; here one per player, as a house rule)."""
    engine = new(tables={"limits": {"invasions_per_player": 1}})
    to_declare(engine)
    declare_first(engine, REACH, "wreckers-cove", "the-north-cape")
    engine.perform("tehen", Answer(choice="stand"))
    declare_first(engine, REACH, "the-gold-fields", "cinder-vale")
    engine.perform("tehen", Answer(choice="withdraw"))  # counts for the invader only
    rules = Rules(engine.campaign, RULESET)
    assert declarations.involved(rules, REACH) == 2 == declarations.limit(rules, REACH)
    assert declarations.involved(rules, COLONY) == 1
    colony = declare_first_try(engine, COLONY)
    with pytest.raises(RuleError, match="reached its limit of invasions"):
        engine.perform(colony, Declare(source="the-southern-ford", target="goldbank"))


def test_the_year_cannot_end_before_everyone_declared_or_passed():
    engine = new()
    to_declare(engine)
    with pytest.raises(RuleError, match="declare your invasion or pass"):
        engine.perform("malus", EndPhase())


# --- random legal years ------------------------------------------------------------------


SHEET_KINDS = ("outposts", "fleets", "strongholds")


def invade_or_pass(engine, data, player):
    """The player's turn to declare: he invades a random neighbour, or passes."""
    camp = engine.campaign
    realm = realms.realm_id_of(camp, player)
    moves = [
        (s.id, t.id)
        for s in realms.held_by(camp, realm)
        for t in realms.neighbours(camp, s)
        if t.owner != realm
    ]
    if moves and data.draw(st.sampled_from([True, False])):  # the simplest year has battles
        source, target = data.draw(st.sampled_from(moves))
        try:
            engine.perform(player, Declare(source=source, target=target))
            return
        except RuleError:
            pass
    engine.perform(player, Pass())


def random_sheet(engine, data, realm, kinds=SHEET_KINDS, least=0):
    """The realm's sheet buys one of ``kinds`` in ``least`` to two of its territories
    (fleets where a fleet may be launched), or nothing if it cannot afford them."""
    camp = engine.campaign
    rules = Rules(camp, RULESET)
    player = first_member(engine, realm)
    kind = data.draw(st.sampled_from(kinds))
    held = realms.held_by(camp, realm)
    mine = [
        t.id for t in held if kind != "fleets" or amphibious.afloat(rules, realms.territory_hex(t))
    ]
    picks = st.lists(st.sampled_from(mine), min_size=least, max_size=2, unique=True)
    pick = data.draw(picks) if mine else []
    try:
        engine.perform(player, WriteSheet(**{kind: pick}))
    except RuleError:
        engine.perform(player, WriteSheet())


def play_a_year(engine, data, turn=invade_or_pass, kinds=SHEET_KINDS, least=0, closing=None):
    """One random legal year: ``turn`` plays a player's turn to declare, a sheet buys
    one of ``kinds`` (``least`` of them at least, where it can), and ``closing`` checks
    the declarations as they close."""
    camp = engine.campaign
    rules = Rules(camp, RULESET)
    # earn: perhaps turn Wealth back into Resources
    for team in realms.realms(camp):
        wealth = camp.state.books[team.id].wealth
        if wealth >= 3 and data.draw(st.booleans()):
            with contextlib.suppress(RuleError):  # not a Dwarf realm's (9.2)
                engine.perform(team.members[0], ConvertWealth(resources=wealth // 3))
    end_all(engine)
    end_all(engine)
    # purchases: a random affordable sheet
    for realm in list(camp.state.sheets.waiting):
        random_sheet(engine, data, realm, kinds, least)
    end_all(engine)
    # declarations: each in turn plays his turn
    while camp.phase == "declare":
        waiting = declarations.awaiting(rules)
        if waiting is not None:
            choice = data.draw(st.sampled_from(["stand", "withdraw"]))
            engine.perform(first_member(engine, waiting.defender_realm), Answer(choice=choice))
            continue
        left = declarations.order(rules)
        if not left:
            for team in realms.realms(camp):  # R-AA-5, as the declarations close
                assert declarations.involved(rules, team.id) <= declarations.limit(rules, team.id)
            if closing is not None:
                closing(engine)
            end_all(engine)
            continue
        turn(engine, data, left[0])
    # battles: settled by the dice, the GM asking (R-ALL-10)
    for battle in list(camp.battles):
        if battle.status == "pending":
            engine.perform("gm", AutoResolveBattle(battle=battle.id))
    end_all(engine)  # battles
    end_all(engine)  # end of the turn


def check_books(engine):
    """Each realm's Resources and Wealth are exactly what the chronicle's ledger says."""
    camp = engine.campaign
    for team in realms.realms(camp):
        ledger = [
            e.data for e in engine.chronicle if e.kind == "books" and e.data.get("realm") == team.id
        ]
        resources = sum(d.get("resources", 0) for d in ledger)
        wealth = sum(d.get("wealth", 0) for d in ledger)
        assert (resources, wealth) == (
            camp.state.books[team.id].resources,
            camp.state.books[team.id].wealth,
        )


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from([DUEL, CORSAIRS]), st.integers(0, 50))
def test_random_years_keep_the_land_and_the_books_and_every_limit(data, name, seed):
    """Through random legal years: the territories neither grow nor shrink; each realm's
    Resources and Wealth are exactly what the chronicle's ledger says; no invasion breaks
    the realm's limit (R-AA-5); the year ends with no Resources left unconverted."""
    engine = new(name, seed=seed)
    camp = engine.campaign
    tiles = len(realms.land(camp))
    for _ in range(2):
        play_a_year(engine, data)
        assert len(realms.land(camp)) == tiles
        assert sum(len(realms.held_by(camp, t.id)) for t in realms.realms(camp)) == tiles
        check_books(engine)
    assert camp.phase == "earn" and camp.turn == 3


def apply(tmp_path, seat, body):
    orders = tmp_path / "orders.toml"
    orders.write_text(f'seat = "{seat}"\n{body}')
    assert cli.main(["apply", "isle", str(orders)]) == 0


def cli_to_purchases(tmp_path, monkeypatch):
    """A duel saved as "isle", played on the command line to its first Purchases."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    monkeypatch.setenv("TUICAMP_NOW", "2026-01-01T00:00:00")
    assert cli.main(["new", DUEL, "--seed", "4", "--name", "isle", "--no-play"]) == 0
    for _ in ("earn", "trade"):
        for seat in ("malus", "khazrak", "eltharion", "tehen"):
            apply(tmp_path, seat, '[[action]]\nkind = "end_phase"\n')


def test_the_command_line_plays_the_sheets_and_keeps_them_sealed(tmp_path, monkeypatch, capsys):
    """`tuicamp apply`, `show --as` and `log --as`: a realm's sheet is its own until every
    realm has handed one in (5.3), and the seat's status lines name who is still to."""
    cli_to_purchases(tmp_path, monkeypatch)
    apply(tmp_path, "malus", '[[action]]\nkind = "write_sheet"\noutposts = ["goldwash-strand"]\n')
    capsys.readouterr()
    assert cli.main(["show", "isle", "--as", "tehen"]) == 0
    assert "Sheets: Waiting for The Arnheim Colony" in capsys.readouterr().out
    assert cli.main(["log", "isle", "--as", "tehen"]) == 0
    assert "Outposts in" not in capsys.readouterr().out
    assert cli.main(["log", "isle", "--as", "khazrak"]) == 0
    assert "Outposts in Goldwash Strand" in capsys.readouterr().out
    apply(tmp_path, "tehen", '[[action]]\nkind = "write_sheet"\n')
    capsys.readouterr()
    assert cli.main(["log", "isle", "--as", "tehen"]) == 0
    log = capsys.readouterr().out
    assert "The Hag Graef Reach: Outposts in Goldwash Strand" in log
    assert cli.main(["show", "isle", "--as", "malus"]) == 0
    assert "Resources: 7" in capsys.readouterr().out


@pytest.mark.parametrize("segments", [1, 2])
def test_wealth_turns_back_into_resources_in_trade_and_promotions(
    tmp_path, monkeypatch, capsys, segments
):
    """7.2: "Wealth can be transformed back into Resources in the Start of the turn phase
    ... the transfer rate is 3:1" (R-AA-98): in Trade and in Promotions & Purchases as in
    Support and Resources, through `apply`, `show` and `log`."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    monkeypatch.setenv("TUICAMP_NOW", "2026-01-01T00:00:00")
    assert cli.main(["new", DUEL, "--seed", "4", "--name", "isle", "--no-play"]) == 0
    for _ in range(segments):
        for seat in ("malus", "khazrak", "eltharion", "tehen"):
            apply(tmp_path, seat, '[[action]]\nkind = "end_phase"\n')
    apply(
        tmp_path,
        "gm",
        '[[action]]\nkind = "gm_set_state"\nreason = "test"\n'
        'path = "books.hag-graef-reach.wealth"\nvalue = 6\n',
    )
    capsys.readouterr()
    apply(tmp_path, "malus", '[[action]]\nkind = "convert_wealth"\nresources = 2\n')
    assert cli.main(["log", "isle", "--as", "malus"]) == 0
    assert "6 Wealth turned into 2 Resources" in capsys.readouterr().out


def test_tuicamp_actions_of_a_save_lists_its_rulesets_actions(tmp_path, monkeypatch, capsys):
    """`tuicamp actions SAVE` lists the actions of the save's ruleset (convert_wealth is
    aasen's, 5.1); a name that is no save is refused with the way to name a ruleset
    (`--ruleset`), and `tuicamp actions --help` names both."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    monkeypatch.setenv("TUICAMP_NOW", "2026-01-01T00:00:00")
    assert cli.main(["new", DUEL, "--seed", "4", "--name", "isle", "--no-play"]) == 0
    capsys.readouterr()
    assert cli.main(["actions", "isle"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Actions of The Invasion of Hex Island (Aasen)")
    assert 'kind = "convert_wealth"' in out
    assert cli.main(["actions", "nowhere"]) != 0
    assert "tuicamp actions --ruleset ID" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["actions", "--help"])
    shown = capsys.readouterr().out
    assert "save" in shown and "--ruleset" in shown
