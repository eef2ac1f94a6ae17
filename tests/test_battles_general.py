"""Battles as the kit every ruleset builds on, shown with small rulesets of this file.

``Melee`` fights day by day within a turn, brings a garrison of points with no army
counters and battles of three sides, and asks result fields of every scope: of each side,
of one named side, of the battle as a whole and of each character. ``Heralds`` settles its
battles by its own dice and words its own outcomes.
"""

from __future__ import annotations

import re
from typing import ClassVar

import attrs
import pytest
from attrs import define
from conftest import H

from tuicamp.engine.actions import Action
from tuicamp.engine.battles import (
    AutoResolveBattle,
    CharacterEntry,
    EnterBattleResult,
    FieldScope,
    ResultField,
    SideEntry,
    clock_text,
    open_battle,
    remove_losses,
)
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict, converter
from tuicamp.engine.engine import Engine, action_types
from tuicamp.engine.errors import RuleError
from tuicamp.engine.outcome import BattleOutcome
from tuicamp.engine.result_form import form_of
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import Phase, Ruleset
from tuicamp.engine.side_forces import side_names
from tuicamp.game.battlecard import build_card, card_markdown, card_text
from tuicamp.game.result_orders import result_orders
from tuicamp.model import Army, Campaign, Category, HexMap, Player, Seat, Unit
from tuicamp.model.battle import (
    Battle,
    BattleResult,
    BattleSide,
    BattleStatus,
    SideResult,
    UnitLoss,
)
from tuicamp.model.campaign import DiceState
from tuicamp.storage.orders import read_orders

WHERE = H(2, 2)

SLAIN = ResultField("slain", "Slain", scope=FieldScope.CHARACTER)
WOUNDS = ResultField(
    "wounds", "Wounds taken", kind="int", maximum=3, scope=FieldScope.CHARACTER, side="red"
)
GATE = ResultField("gate_held", "The gate held", scope=FieldScope.ONE_SIDE, side="garrison")
BRIDGE = ResultField("bridge_down", "The bridge was destroyed", scope=FieldScope.BATTLE)
BANNERS = ResultField("banners", "Banners taken", kind="int", maximum=4)


@define(kw_only=True)
class Skirmish(Action):
    kind = "skirmish"
    summary = "Open a battle at 0303 of the sides the test asks for"
    sides: list[str]
    day: int = 0


def _sides(camp: Campaign, wanted: list[str]) -> list[BattleSide]:
    known = {
        "red": BattleSide("red", "Red", ["p1"], ["red-host"]),
        "blue": BattleSide("blue", "Blue", ["p2"], ["blue-host"]),
        "green": BattleSide("green", "Green", ["p3"], ["green-host"]),
        "garrison": BattleSide(
            "garrison", "Garrison", ["p2"], [], points=1500, name="Garrison of Altdorf"
        ),
    }
    return [known[s] for s in wanted]


class Melee(Ruleset):
    id = "melee"
    title = "Melee (a test ruleset)"
    phases = (Phase("dawn", "Dawn"), Phase("battle", "Battle"))
    actions: ClassVar = (Skirmish,)

    def setup(self, campaign: Campaign, setup: dict) -> None:
        campaign.phase = "battle"

    def apply(self, ctx, action: Action) -> None:
        open_battle(ctx, WHERE, _sides(ctx.campaign, action.sides), day=action.day)

    def result_fields(self, campaign: Campaign, battle: Battle) -> tuple[ResultField, ...]:
        return (BANNERS, GATE, BRIDGE, SLAIN, WOUNDS)

    def apply_battle_result(self, ctx, battle: Battle) -> None:
        lines = remove_losses(ctx.campaign, battle, fled_return=False)
        ctx.emit("battle_losses", "; ".join(lines) or "No losses.", undoable=False)


class Heralds(Melee):
    """Its own resolver (one die, scored by every side but Blue, so allies share the field)
    and its own words for the outcome."""

    id = "heralds"

    def resolve_battle(self, rules, battle: Battle, dice) -> BattleResult:
        roll = dice.roll("d6", "the heralds' verdict").total
        sides = [SideResult(s.id, vp=roll if s.id != "blue" else 0) for s in battle.sides]
        return BattleResult(sides)  # unranked: the ranks follow the VP

    def battle_outcome(self, rules, battle: Battle, result: BattleResult) -> BattleOutcome:
        top = max(r.vp for r in result.sides)
        winners = tuple(r.side for r in result.sides if r.vp == top)
        names = " and ".join(battle.side(w).title for w in winners)
        return BattleOutcome(winners, f"the heralds proclaim {names} masters of the field")


class Allied(Melee):
    """The garrison fights with an ally's riders: two forces without army counters."""

    id = "allied"

    def side_forces(self, rules, battle: Battle, side) -> list[tuple[str, int]]:
        if side.id != "garrison":
            return super().side_forces(rules, battle, side)
        return [("Garrison of Altdorf", 1000), ("Kislev's Riders", 500)]


class Levels(Melee):
    """A result of levels: nothing reads the points a side lost."""

    id = "levels"

    def asks_points_lost(self, rules, battle: Battle) -> bool:
        return False


def melee_campaign(ruleset: Ruleset) -> Campaign:
    def host(aid: str, owner: str, pts: int) -> Army:
        return Army(
            aid,
            f"{aid.split('-')[0].title()} Host",
            owner,
            WHERE,
            [
                Unit(f"{aid}-foot", "Foot", pts, Category.RANK_AND_FILE, 4, 7, 20),
                Unit(f"{aid}-lord", "Lord", 100, Category.CHARACTER, 4, 9, 1, {"general"}),
                Unit(f"{aid}-hero", "Hero", 60, Category.CHARACTER, 4, 8, 1),
            ],
        )

    players = [Player("p1", "Anna", "Empire"), Player("p2", "Bruno", "Orcs")]
    players.append(Player("p3", "Carla", "Dwarfs"))
    camp = Campaign(
        "Melee",
        "test",
        ruleset.id,
        HexMap.blank(5, 5),
        players,
        [Seat(p.id, p.name, [p.id]) for p in players] + [Seat("gm", "GM", gm=True)],
        [host("red-host", "p1", 400), host("blue-host", "p2", 300), host("green-host", "p3", 200)],
        dice=DiceState(seed=77),
    )
    ruleset.setup(camp, {})
    return camp


def engine_with(sides: list[str], *, day: int = 0, ruleset: Ruleset | None = None) -> Engine:
    ruleset = ruleset or Melee()
    engine = Engine(melee_campaign(ruleset), ruleset=ruleset)
    engine.perform("gm", Skirmish(sides=sides, day=day))
    return engine


def chars(*names: str, side: str = "red", **facts: int) -> list[CharacterEntry]:
    return [
        CharacterEntry(army=f"{side}-host", unit=f"{side}-host-{n}", facts=dict(facts))
        for n in names
    ]


# --- the clock ----------------------------------------------------------------------------


def test_a_battle_carries_the_turn_phase_and_day_it_was_opened():
    """ "A battle carries its clock: when it was opened (turn, phase, and a day/step within
    the turn ...; default 0), shown on the card and in `tuicamp battles`"."""
    engine = engine_with(["red", "blue"], day=3)
    battle = engine.campaign.battle("b1")
    assert (battle.turn, battle.phase, battle.day) == (1, "battle", 3)
    assert clock_text(battle, engine.ruleset) == "turn 1, Battle phase, day 3"
    card = build_card(Rules(engine.campaign, engine.ruleset), battle)
    assert "When: turn 1, Battle phase, day 3" in card_text(card)
    assert "**When:** turn 1, Battle phase, day 3" in card_markdown(card)
    again = campaign_from_dict(campaign_to_dict(engine.campaign), None).battle("b1")
    assert (again.phase, again.day) == ("battle", 3)


def test_without_a_day_the_clock_says_turn_and_phase_and_old_battles_their_turn():
    """Day 0 is "no day"; a battle saved before the clock knows only its turn."""
    engine = engine_with(["red", "blue"])
    assert clock_text(engine.campaign.battle("b1"), engine.ruleset) == "turn 1, Battle phase"
    data = campaign_to_dict(engine.campaign)["battles"][0]
    for key in ("phase", "day"):
        data.pop(key)
    old = converter.structure(data, Battle)
    assert (old.phase, old.day) == ("", 0) and clock_text(old, engine.ruleset) == "turn 1"


# --- a side of points without counters -----------------------------------------------------


def test_a_side_of_points_without_counters_is_on_the_card_form_and_in_the_chronicle():
    """ "A side may be a points size with no army counters (e.g. "Garrison of Altdorf,
    1,500 pts"): the card, the result form, the resolver and the losses handle it"."""
    engine = engine_with(["red", "garrison"])
    camp, battle = engine.campaign, engine.campaign.battle("b1")
    rules = Rules(camp, engine.ruleset)
    assert side_names(rules, battle, battle.side("garrison")) == "Garrison of Altdorf"
    assert "Red Host vs Garrison of Altdorf" in engine.chronicle[-1].text
    text = card_text(build_card(Rules(camp, engine.ruleset), battle))
    assert "Garrison: Bruno (Orcs) — 1500 pts" in text
    assert "Garrison of Altdorf (1500 pts)" in text and "no army counters" in text
    assert "Garrison: points lost of the 1500 pts of Garrison of Altdorf." in text
    assert form_of(Rules(camp, engine.ruleset), battle).side("garrison").asks_points


def test_points_lost_are_checked_against_the_points_fielded():
    engine = engine_with(["red", "garrison"])

    def enter(garrison: SideEntry, red: SideEntry | None = None) -> None:
        red = red or SideEntry(side="red", vp=100)
        engine.perform("p1", EnterBattleResult(battle="b1", sides=[red, garrison]))

    with pytest.raises(RuleError, match="points lost are between 0 and the 1500 pts"):
        enter(SideEntry(side="garrison", points_lost=1501))
    with pytest.raises(RuleError, match="Red fielded no points without army counters"):
        enter(SideEntry(side="garrison"), SideEntry(side="red", points_lost=5))
    enter(SideEntry(side="garrison", vp=300, points_lost=600))
    result = engine.campaign.battle("b1").result
    assert result.side("garrison").points_lost == 600 and result.winner == "garrison"
    assert "Garrison of Altdorf lost 600 of 1500 pts" in engine.chronicle[-1].text


def test_a_side_of_several_forces_is_named_by_each_in_the_chronicle_and_refusals():
    """``side_forces``: "A ruleset whose side joins several players' forces (an army and
    an ally's contingent) names each"; wherever a side is named, so the chronicle's line
    that opens the battle and the refusal of points lost beyond the side's (R-AA-56,
    R-AA-57)."""
    engine = engine_with(["red", "garrison"], ruleset=Allied())
    assert engine.chronicle[-1].text.endswith("Red Host vs Garrison of Altdorf, Kislev's Riders")
    sides = [SideEntry(side="red"), SideEntry(side="garrison", points_lost=1501)]
    with pytest.raises(RuleError) as refused:
        engine.perform("p1", EnterBattleResult(battle="b1", sides=sides))
    assert str(refused.value) == (
        "Garrison: points lost are between 0 and the 1500 pts of Garrison of Altdorf "
        "(1000 pts) and Kislev's Riders (500 pts)"
    )


def test_a_ruleset_that_never_reads_points_lost_does_not_ask_them():
    """``asks_points_lost``: a ruleset whose result never reads the points a side lost
    says so, and the form, its orders file and the card ask no number nobody reads; a
    result that gives one is refused (R-AA-58)."""
    engine = engine_with(["red", "garrison"], ruleset=Levels())
    camp, battle = engine.campaign, engine.campaign.battle("b1")
    rules = Rules(camp, engine.ruleset)
    form = form_of(rules, battle)
    assert not form.side("garrison").asks_points
    assert "points_lost" not in result_orders(rules, battle, form, "p1")
    text = card_text(build_card(rules, battle))
    assert "Garrison of Altdorf (1500 pts)" in text and "points lost" not in text
    sides = [SideEntry(side="red"), SideEntry(side="garrison", points_lost=5)]
    with pytest.raises(RuleError, match=r"^Garrison: points lost are not on this battle's"):
        engine.perform("p1", EnterBattleResult(battle="b1", sides=sides))


def test_the_resolver_fights_a_garrison_by_its_points():
    """Strength counts "the points it fields without army counters"; it loses "the same
    share" of them as of models, within what it fielded."""
    outcomes = set()
    for seed in range(30):
        engine = engine_with(["red", "garrison"])
        engine.campaign.dice = DiceState(seed=seed)
        engine.perform("p1", AutoResolveBattle(battle="b1"))
        garrison = engine.campaign.battle("b1").result.side("garrison")
        assert 0 < garrison.points_lost <= 1500 and garrison.losses == []
        outcomes.add(engine.campaign.battle("b1").result.winner)
    assert "garrison" in outcomes  # 1500 pts against 560: the garrison usually holds


# --- three sides --------------------------------------------------------------------------


def test_a_three_sided_result_is_ranked_by_vp_and_a_tie_at_the_top_is_named():
    """Today's rule, for any number of sides: "the side with more VP wins"; equal VP at the
    top is a draw between those sides."""
    engine = engine_with(["red", "blue", "green"])
    engine.perform(
        "p1",
        EnterBattleResult(
            battle="b1",
            sides=[
                SideEntry(side="red", vp=500),
                SideEntry(side="blue", vp=200),
                SideEntry(side="green", vp=500),
            ],
        ),
    )
    result = engine.campaign.battle("b1").result
    assert result.draw and result.winner is None and result.winners == []
    assert [(r.side, r.rank) for r in result.sides] == [("red", 1), ("blue", 3), ("green", 1)]
    assert result.text == "a draw between Red and Green"
    assert "Battle b1 fought at the table: a draw between Red and Green (Red 500 VP" in (
        next(e.text for e in engine.chronicle if e.kind == "battle_result")
    )


def test_a_three_sided_battle_is_auto_resolved_every_side_ranked():
    """ "Auto-resolve works for any number of sides": the resolver's ranking stands, the
    winner is the one side of rank 1 and has the most VP."""
    engine = engine_with(["red", "blue", "green"])
    engine.perform("p3", AutoResolveBattle(battle="b1"))
    battle = engine.campaign.battle("b1")
    result = battle.result
    assert battle.status is BattleStatus.AUTO and len(result.sides) == 3
    assert all(r.rank >= 1 for r in result.sides)
    if result.winner is not None:
        top = result.side(result.winner)
        assert top.rank == 1 and all(top.vp > r.vp for r in result.sides if r is not top)
    rolls = [r.reason for e in engine.chronicle for r in e.rolls]
    assert rolls[:3] == [f"auto-resolve: {s}'s fight" for s in ("red", "blue", "green")]


# --- a ruleset's own resolver and outcome -----------------------------------------------------


def test_a_ruleset_settles_by_its_own_dice_and_words_its_own_outcome():
    """ "A ruleset may supply its own resolver ... and decide the outcome and its wording
    (winner(s), draw, and the sentence)"."""
    engine = engine_with(["red", "blue", "green"], ruleset=Heralds())
    events = engine.perform("p1", AutoResolveBattle(battle="b1"))
    result = engine.campaign.battle("b1").result
    assert result.auto and result.winners == ["red", "green"] and result.winner is None
    assert [r.rank for r in result.sides] == [1, 3, 1]  # ranks filled in from the VP
    assert result.text == "the heralds proclaim Red and Green masters of the field"
    said = next(e for e in events if e.kind == "battle_result")
    assert said.text.startswith(
        "Battle b1 auto-resolved: the heralds proclaim Red and Green masters of the field ("
    )
    assert [r.reason for r in said.rolls] == ["the heralds' verdict"]


def test_the_outcome_hook_words_table_results_too():
    engine = engine_with(["red", "blue"], ruleset=Heralds())
    sides = [SideEntry(side="red", vp=10), SideEntry(side="blue", vp=30)]
    engine.perform("p2", EnterBattleResult(battle="b1", sides=sides))
    result = engine.campaign.battle("b1").result
    assert result.winner == "blue" and result.winners == ["blue"]
    assert result.text == "the heralds proclaim Blue masters of the field"


# --- result fields by scope ------------------------------------------------------------------


def test_each_field_is_asked_of_whom_its_scope_says():
    """ "Result fields may belong to one side or one character instead of being asked of
    every side": per side, one named side, battle-wide, per character of a side."""
    engine = engine_with(["red", "garrison"])
    form = form_of(Rules(engine.campaign, engine.ruleset), engine.campaign.battle("b1"))
    red, garrison = form.side("red"), form.side("garrison")
    assert red.fields == (BANNERS,) and garrison.fields == (BANNERS, GATE)
    assert form.battle_fields == (BRIDGE,)
    assert red.character_fields == (SLAIN, WOUNDS) and garrison.character_fields == (SLAIN,)
    assert [c.unit.name for c in red.characters] == ["Lord", "Hero"]
    assert garrison.characters == ()  # no army, so no characters


def test_fields_are_checked_against_their_scope_and_stored_where_they_belong():
    engine = engine_with(["red", "garrison"])

    def enter(**kw) -> None:
        red = SideEntry(side="red", vp=kw.pop("red_vp", 100), **kw.pop("red", {}))
        garrison = SideEntry(side="garrison", vp=50, **kw.pop("garrison", {}))
        engine.perform("p1", EnterBattleResult(battle="b1", sides=[red, garrison], **kw))

    refusals = [
        ({"red": {"facts": {"gate_held": 1}}}, "Red: 'gate_held' is not asked here .*Garrison"),
        ({"red": {"facts": {"bridge_down": 1}}}, "asked once for the battle"),
        ({"facts": {"banners": 1}}, "Battle b1: 'banners' is not asked here"),
        ({"facts": {"bridge_down": 2}}, "The bridge was destroyed is between 0 and 1"),
        ({"red": {"characters": chars("lord", wounds=4)}}, r"Lord \(Red\): Wounds taken"),
        ({"garrison": {"characters": chars("lord")}}, "not a character who fought for"),
        ({"red": {"characters": chars("lord", "lord")}}, "Lord is entered twice"),
        ({"red": {"characters": [CharacterEntry(army="red-host", unit="red-host-foot")]}}, "not a"),
        ({"red": {"facts": {"morale": 1}}}, "'morale' is not on this battle's result form"),
    ]
    for given, message in refusals:
        with pytest.raises(RuleError, match=message):
            enter(**given)
    enter(
        facts={"bridge_down": 1},
        red={"facts": {"banners": 2}, "characters": chars("hero", slain=1, wounds=3)},
        garrison={"facts": {"gate_held": 1}},
    )
    result = engine.campaign.battle("b1").result
    assert result.facts == {"bridge_down": 1}
    assert result.side("red").facts == {"banners": 2}
    assert result.side("garrison").facts == {"banners": 0, "gate_held": 1}
    assert result.side("red").character("red-host", "red-host-lord").facts == {
        "slain": 0,
        "wounds": 0,
    }
    assert result.side("red").character("red-host", "red-host-hero").facts == {
        "slain": 1,
        "wounds": 3,
    }
    assert result.side("garrison").characters == []


def test_the_card_says_of_whom_each_field_is_asked():
    engine = engine_with(["red", "garrison"])
    record = build_card(Rules(engine.campaign, engine.ruleset), engine.campaign.battle("b1")).record
    assert record[1:6] == [
        "Banners taken",
        "Garrison: The gate held (yes/no)",
        "For the battle: The bridge was destroyed (yes/no)",
        "For every character: Slain (yes/no)",
        "For every character of the Red: Wounds taken",
    ]


def test_the_form_as_an_orders_file_asks_exactly_the_forms_questions(tmp_path):
    """Orders-file results ask and check the same questions as the form: the printed form,
    filled in, is a result the engine takes."""
    engine = engine_with(["red", "garrison"])
    camp, battle = engine.campaign, engine.campaign.battle("b1")
    rules = Rules(camp, engine.ruleset)
    text = result_orders(rules, battle, form_of(rules, battle), "p1")
    assert text.count("[[action.sides]]") == 2 and text.count("[[action.sides.characters]]") == 2
    assert "facts.gate_held = 0" in text and text.count("facts.gate_held") == 1
    assert "points_lost = 0  # of the 1500 pts of Garrison of Altdorf" in text
    assert text.count("facts.wounds = 0") == 2 and text.count("facts.slain = 0") == 2
    path = tmp_path / "result.toml"
    path.write_text(
        text.replace("vp = 0", "vp = 250", 1).replace("bridge_down = 0", "bridge_down = 1")
    )
    seat, (action,) = read_orders(path, action_types(engine.ruleset))
    assert seat == "p1" and isinstance(action, EnterBattleResult)
    engine.perform(seat, action)
    result = camp.battle("b1").result
    assert result.winner == "red" and result.facts == {"bridge_down": 1}
    assert len(result.side("red").characters) == 2


# --- losses of the units that fought ----------------------------------------------------------


class Vanguards(Melee):
    """Each host fields its lord and half its foot; its hero stays out of the battle."""

    id = "vanguards"

    def battle_units(self, rules, battle: Battle, army: Army) -> list[Unit]:
        foot, lord, _hero = army.units
        return [attrs.evolve(foot, models=foot.models // 2), lord]


def red_blue_result(engine: Engine, *red_losses: UnitLoss, blue: list[UnitLoss] = ()) -> None:
    red = SideEntry(side="red", vp=100, losses=list(red_losses))
    engine.perform(
        "p1", EnterBattleResult(battle="b1", sides=[red, SideEntry(side="blue", losses=list(blue))])
    )


def test_a_loss_is_taken_only_for_a_unit_that_took_part_on_that_side():
    """R-ALL-14: "A result enters losses only for the units that took part in the battle on
    that side ... and no more models of a unit than it fielded there"; any other is refused
    naming the unit, the battle and the units the side did field, and a unit no army has in
    the same words (R-ALL-6). The ruleset says which took part (``battle_units``)."""
    engine = engine_with(["red", "blue"], ruleset=Vanguards())
    refusals = [
        (
            [UnitLoss("red-host", "red-host-hero", killed=1)],
            "Unit 'red-host-hero' of 'Red Host' did not take part in battle b1 for the red "
            "(its units there: Foot, Lord)",
        ),
        (
            [UnitLoss("red-host", "red-host-nobody", killed=1)],
            "Unit 'red-host-nobody' of 'Red Host' did not take part in battle b1 for the red "
            "(its units there: Foot, Lord)",
        ),
        (
            [UnitLoss("blue-host", "blue-host-foot", killed=1)],
            "Army 'blue-host' did not fight for the red in battle b1",
        ),
        (
            [UnitLoss("red-host", "red-host-foot", killed=8, fled=3)],
            "Foot has 10 models in battle b1; 8 killed and 3 fled is more",
        ),
    ]
    for losses, message in refusals:
        with pytest.raises(RuleError, match=re.escape(message)):
            red_blue_result(engine, *losses)
    assert engine.campaign.battle("b1").pending
    red_blue_result(
        engine,
        UnitLoss("red-host", "red-host-foot", killed=7, fled=3),
        UnitLoss("red-host", "red-host-lord", killed=1),
    )
    host = engine.campaign.army("red-host")
    assert host.unit("red-host-foot").models == 10 and host.unit("red-host-lord") is None
    assert host.unit("red-host-hero") is not None


def test_by_default_every_unit_of_a_sides_armies_takes_part():
    """R-ALL-14: "every unit, unless the ruleset fields a few": Melee fields them all, so
    its hero's loss is taken, and all twenty of its foot."""
    engine = engine_with(["red", "blue"])
    red_blue_result(
        engine,
        UnitLoss("red-host", "red-host-hero", killed=1),
        UnitLoss("red-host", "red-host-foot", killed=20),
    )
    host = engine.campaign.army("red-host")
    assert host.unit("red-host-hero") is None and host.unit("red-host-foot") is None


# --- saves ----------------------------------------------------------------------------------


def test_a_result_saved_before_shared_victories_still_names_its_winner():
    """New fields have defaults, so old saves load: a result with only ``winner`` lists it
    in ``winners``, its sides unranked."""
    old = {"sides": [{"side": "a", "vp": 3}, {"side": "b", "vp": 1}], "winner": "a"}
    result = converter.structure(old, BattleResult)
    assert result.winners == ["a"] and not result.draw and result.text == ""
    assert [s.rank for s in result.sides] == [0, 0]
    assert [s.side for s in result.ranking()] == ["a", "b"]
    side = converter.structure({"id": "d", "title": "Defender"}, BattleSide)
    assert (side.points, side.name, side.force_name) == (0, "", "Defender")
    assert UnitLoss("a", "u") == converter.structure({"army": "a", "unit": "u"}, UnitLoss)
