"""The Invasion of Hex Island (``aasen``): the set-up draft (2.1, 9.2, R-AA-7, R-AA-48) -
the realms' 4D6 with the Dark Elves' +1, Capitals chosen in that order with their
Homelands, the other territories claimed in the reverse order round after round, the free
Stronghold or two Outposts from Realm 1, and the first year earned as it ends."""

from __future__ import annotations

import copy

import pytest

from tuicamp import cli
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.rules.aasen import AasenRuleset, draft, realms
from tuicamp.rules.aasen.draft import ChooseCapital, Claim, PlaceHoldings
from tuicamp.storage.scenario import find_scenario, load_scenario

RULESET = AasenRuleset()
REACH, COLONY = "hag-graef-reach", "arnheim-colony"
CAPITAL = {REACH: "hag-hold", COLONY: "sunward-keep"}
ACTOR = {REACH: "malus", COLONY: "eltharion"}


def duel_drafted():
    """The duel with its land nobody's and its two Capitals' sites the starts."""
    scenario = copy.deepcopy(load_scenario(find_scenario("hex-island-duel")))
    for territory in scenario.map.territories:
        territory.owner = None
    setup = scenario.rulesets["aasen"].setup
    setup.pop("capitals")
    setup.pop("holdings")
    setup["starts"] = ["hag-hold", "sunward-keep"]
    return scenario


def drafted(seed=5):
    return start_campaign(duel_drafted(), "aasen", seed=seed)


def rules_of(engine):
    return Rules(engine.campaign, RULESET)


def test_the_draft_scenario_is_clean():
    assert RULESET.campaign_problems(rules_of(drafted())) == []


def test_the_realms_roll_4d6_and_the_dark_elves_add_1():
    """2.1: "Initially each realm rolls 4D6, the one rolling the highest (Realm 1)"; 9.2:
    "a realm may add +1 to its score for each Dark Elf army it contains" (the Reach's
    Malus); ties are rolled again (R-AA-7)."""
    engine = drafted()
    camp = engine.campaign
    rolls = [e for e in engine.chronicle if e.kind == "setup_roll"]
    assert any("The Hag Graef Reach adds 1 for its Dark Elf armies" in e.text for e in rolls)
    (order,) = [e for e in rolls if e.text.startswith("The set-up order")]
    keys = scores(engine)
    assert all(len(k) >= 1 for k in keys.values())
    assert camp.state.realm_order == sorted(keys, key=lambda r: keys[r], reverse=True)
    assert "Realm 1:" in order.text and "Realm 2:" in order.text
    assert camp.phase == "earn" and camp.state.books[REACH].support == 0


def scores(engine):
    """Each realm's 4D6 as the chronicle tells them, the Reach's with its +1."""
    camp = engine.campaign
    keys: dict[str, list[int]] = {REACH: [], COLONY: []}
    for event in engine.chronicle:
        for roll in event.rolls:
            for realm_id in keys:
                if roll.reason.startswith(realms.realm(camp, realm_id).name):
                    keys[realm_id].append(roll.total + (1 if realm_id == REACH else 0))
    return keys


def test_ties_are_rolled_again():
    """R-AA-7: "ties rolled again": the first seed whose first scores tie rolls both
    realms again, and the later roll ranks them."""
    for seed in range(300):
        engine = drafted(seed)
        keys = scores(engine)
        if keys[REACH][0] == keys[COLONY][0]:
            break
    else:
        pytest.fail("no seed ties")
    assert len(keys[REACH]) == len(keys[COLONY]) >= 2
    assert keys[REACH] != keys[COLONY]
    leader = REACH if keys[REACH] > keys[COLONY] else COLONY
    assert engine.campaign.state.realm_order[0] == leader


def play_draft(engine):
    """Each realm chooses its Capital in order; then claims in the reverse order; then
    places a Stronghold (Realm 1) and two Outposts (Realm 2)."""
    camp = engine.campaign
    rules = rules_of(engine)
    first, second = camp.state.realm_order
    for realm_id in (first, second):
        engine.perform(ACTOR[realm_id], ChooseCapital(territory=CAPITAL[realm_id]))
    while camp.state.draft is not None and camp.state.draft.stage == draft.PICKS:
        realm_id = draft.whose_turn(rules)
        near = sorted(
            (t for t in realms.land(camp) if t.owner is None),
            key=lambda t: (t.id not in nearest(camp, realm_id), t.id),
        )
        want = draft.per_pick(rules, realm_id)
        engine.perform(ACTOR[realm_id], Claim(territories=[t.id for t in near[:want]]))
    return first, second


def nearest(camp, realm_id):
    """The free land next to the realm's."""
    held = realms.held_by(camp, realm_id)
    return {n.id for t in held for n in realms.neighbours(camp, t) if n.owner is None}


def test_capitals_in_order_then_claims_in_reverse_order():
    """2.1: "After Realm 1 has selected a Capital, the next highest rolling realm (Realm 2)
    selects ...; After all the realms have selected a capital, Realm 9 ... selects two
    territories from anywhere on the map ... the turn passes back to Realm 9" (R-AA-7: the
    reverse order repeated, not a snake)."""
    engine = drafted()
    camp = engine.campaign
    first, second = play_draft(engine)
    claims = [e.text for e in engine.chronicle if e.kind == "setup" and " claims " in e.text]
    assert len(claims) == 4  # 22 - 14 = 8 territories, two a pick
    for n, text in enumerate(claims):
        assert text.startswith(realms.realm(camp, (second, first)[n % 2]).name)
    for realm_id in (first, second):
        assert len(realms.held_by(camp, realm_id)) == 11
        home = realms.homeland(camp, camp.state, realm_id)
        assert len(home) == 7


def test_the_wrong_realm_or_a_taken_homeland_is_refused():
    engine = drafted()
    camp = engine.campaign
    first, second = camp.state.realm_order
    with pytest.raises(RuleError, match="turn in the set-up"):
        engine.perform(ACTOR[second], ChooseCapital(territory=CAPITAL[second]))
    with pytest.raises(RuleError, match="no starting territory"):
        engine.perform(ACTOR[first], ChooseCapital(territory="gull-point"))


def test_the_segment_waits_for_the_draft():
    engine = drafted()
    camp = engine.campaign
    first = camp.state.realm_order[0]
    with pytest.raises(RuleError, match="Set-up"):
        engine.perform(ACTOR[first], EndPhase())
    seat = next(s for s in camp.seats if s.players == ["tehen"])
    lines = RULESET.status_lines(rules_of(engine), seat)
    assert lines[0].label == "Set-up" and "chooses its Capital" in lines[0].text


def fortifiable(engine, realm_id):
    """The realm's territories but its Capital where it may build (no swamp)."""
    camp, rules = engine.campaign, rules_of(engine)
    return [
        t.id
        for t in realms.held_by(camp, realm_id)
        if t.id != CAPITAL[realm_id] and realms.territory_type(rules, t) != "swamp"
    ]


def test_holdings_from_realm_1_then_the_year_is_earned():
    """2.1: "Starting with Realm 1, each realm then has the option of placing either a
    single Stronghold or up to two Outposts in any territory they control"; none in a
    swamp (2.2); the first year's Support and Resources are earned as the draft ends."""
    engine = drafted()
    camp = engine.campaign
    first, second = play_draft(engine)
    assert camp.state.draft.stage == draft.HOLDINGS
    with pytest.raises(RuleError, match="turn in the set-up"):
        engine.perform(ACTOR[second], PlaceHoldings())
    own = [t.id for t in realms.held_by(camp, first) if t.id != CAPITAL[first]]
    fit = [
        t for t in own if realms.territory_type(rules_of(engine), camp.map.territory(t)) != "swamp"
    ]
    with pytest.raises(RuleError, match="not both"):
        engine.perform(ACTOR[first], PlaceHoldings(stronghold=fit[0], outposts=[fit[1]]))
    twice = camp.map.territory(fit[1]).name
    with pytest.raises(RuleError, match=f"Two Outposts in {twice}: each Outpost is placed in a"):
        engine.perform(ACTOR[first], PlaceHoldings(outposts=[fit[1], fit[1]]))
    with pytest.raises(RuleError, match=r"Up to 2 Outposts, not 3 \(2.1\)"):
        engine.perform(ACTOR[first], PlaceHoldings(outposts=fit[1:4]))
    engine.perform(ACTOR[first], PlaceHoldings(stronghold=fit[0]))
    theirs = [t.id for t in realms.held_by(camp, second) if t.id != CAPITAL[second]]
    fit2 = [
        t
        for t in theirs
        if realms.territory_type(rules_of(engine), camp.map.territory(t)) != "swamp"
    ]
    engine.perform(ACTOR[second], PlaceHoldings(outposts=fit2[:2]))
    assert camp.state.draft is None
    assert camp.state.holdings[fit[0]] == "stronghold"
    assert camp.state.books[first].support == 11 and camp.state.books[second].support > 0
    assert RULESET.campaign_problems(rules_of(engine)) == []
    for p in ("malus", "khazrak", "eltharion", "tehen"):
        engine.perform(p, EndPhase())
    assert camp.phase == "trade"


def test_a_draft_with_land_owned_or_no_start_is_refused():
    """R-AA-48: a drafted island is all nobody's, with a start for each realm."""
    engine = drafted()
    camp = engine.campaign
    camp.map.territory("gull-point").owner = REACH
    camp.state.draft.starts = ["hag-hold", "atlantis"]
    texts = [p.text for p in RULESET.campaign_problems(rules_of(engine))]
    assert "in a draft 'gull-point' starts as nobody's" in texts
    assert "'atlantis' is no territory" in texts
    assert any("a starting territory on the mainland for each realm of two" in t for t in texts)


def test_the_bundled_draft_is_the_duel_drafted():
    """R-AA-48: "A scenario whose `[ruleset.aasen]` names `starts` ... and leaves all its
    land nobody's is drafted": `hex-island-draft` is the duel's island, players and
    Generals with exactly that change."""
    bundled = load_scenario(find_scenario("hex-island-draft"))
    duel = duel_drafted()
    assert bundled.id == "hex-island-draft" and bundled.title != duel.title
    assert [t.owner for t in bundled.map.territories] == [None] * 22
    assert bundled.map == duel.map and bundled.rulesets == duel.rulesets
    assert bundled.players == duel.players and bundled.teams == duel.teams


def test_a_campaign_from_the_bundled_draft_begins_with_the_draft(tmp_path, monkeypatch, capsys):
    """2.1: "Initially each realm rolls 4D6"; R-AA-48: the draft is made in the first
    year's Support and Resources segment. `tuicamp check` passes the scenario; `tuicamp
    new` starts it with the set-up order rolled and Realm 1 to choose its Capital."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    monkeypatch.setenv("TUICAMP_NOW", "2026-01-01T00:00:00")
    assert cli.main(["check", str(find_scenario("hex-island-draft"))]) == 0
    assert cli.main(["new", "hex-island-draft", "--seed", "4", "--name", "isle", "--no-play"]) == 0
    capsys.readouterr()
    assert cli.main(["log", "isle"]) == 0
    assert "The set-up order" in capsys.readouterr().out
    assert cli.main(["show", "isle", "--as", "tehen"]) == 0
    shown = capsys.readouterr().out
    assert "Set-up: " in shown and "chooses its Capital" in shown
