"""Warhammer Wars: commands and changing them (R-EL-3, R-EL-15, R-EL-19, R-EL-20,
R-EL-25, R-EL-33).

"When an army division is in your home base you can give them commands without rolling
for the general's Leadership." "You can try to change a given command by rolling equal to
or under the divisional general's Ld value. If the command change is succesful, the army
must operate as the commander has told them to do. Otherwise the division is not allowed
to move at all."
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.model.campaign import DiceMode
from tuicamp.model.hexes import parse_label
from tuicamp.rules.ellegaard import EllegaardRuleset
from tuicamp.rules.ellegaard.commands import GiveCommand
from tuicamp.rules.ellegaard.home import Join, Split
from tuicamp.rules.ellegaard.movement import MoveDivision
from tuicamp.storage.scenario import load_scenario

DRILL = load_scenario(Path(__file__).parent / "data" / "ellegaard-drill.toml")
RULESET = EllegaardRuleset()


def war(at: dict[str, str] | None = None, *, table_dice: bool = False, commands=None):
    """The drill war with divisions placed by hand (``at``: army id to hex label) and, in
    table-dice mode, every die typed in by the test."""
    scenario = copy.deepcopy(DRILL)
    for army in scenario.armies:
        if at and army.id in at:
            army.hex = parse_label(at[army.id])
    mode = DiceMode.TABLE if table_dice else DiceMode.APP
    engine = start_campaign(scenario, "ellegaard", seed=2, dice_mode=mode, check=False)
    for army_id, command in (commands or {}).items():
        engine.campaign.state.divisions[army_id].command = command
    return engine


def lines(engine, seat_id: str, label: str) -> dict[str | None, str]:
    camp = engine.campaign
    seat = next(s for s in camp.seats if s.id == seat_id)
    found = RULESET.status_lines(Rules(camp, RULESET), seat)
    return {line.army: line.text for line in found if line.label == label}


def test_a_division_leaves_home_on_patrol_and_changes_freely_there():
    """R-EL-15: "Patrol is the command a division leaves home with"; at the home base "you
    can give them commands without rolling"."""
    engine = war()
    assert lines(engine, "empire", "Command")["foot"] == "Patrol"
    assert lines(engine, "empire", "Change")["foot"] == "free at the home base"
    engine.perform("empire", GiveCommand(division="foot", command="attack"))
    event = engine.chronicle[-1]
    assert event.text == "'The Foot' changes from Patrol to Attack (free at the home base)"
    assert not event.rolls and event.visible_to == ["empire"]


def test_patrol_can_at_any_time_be_cancelled_without_a_test():
    """ "When you have managed to give the army the patrol command you can at any time
    cancel this command in favour of another command" (R-EL-15)."""
    engine = war({"foot": "0501"}, table_dice=True)
    assert lines(engine, "empire", "Change")["foot"] == "free from Patrol"
    engine.perform("empire", GiveCommand(division="foot", command="attack"))  # no dice asked
    assert engine.campaign.state.divisions["foot"].command == "attack"


@pytest.mark.parametrize(("values", "passes"), [([3, 5], True), ([4, 4], True), ([4, 5], False)])
def test_away_from_home_and_patrol_a_change_is_2d6_at_most_the_generals_ld(values, passes):
    """R-EL-3 and R-ALL-4: "A Warhammer Leadership test passes on 2d6 <= Ld" (the Foot's
    Captain has Ld 8); a failure keeps the old command and the division may not move this
    hour."""
    engine = war({"foot": "0501"}, table_dice=True, commands={"foot": "attack"})
    shown = lines(engine, "empire", "Change")["foot"]
    assert shown == "needs 2d6 <= 8, the general's Ld (a failure: no move this hour, R-EL-3)"
    with pytest.raises(DiceNeeded, match="2d6"):
        engine.perform("empire", GiveCommand(division="foot", command="patrol"))
    engine.perform("empire", GiveCommand(division="foot", command="patrol", dice=values))
    record = engine.campaign.state.divisions["foot"]
    assert record.command == ("patrol" if passes else "attack")
    assert record.frozen is not passes
    engine.perform("empire", EndPhase())
    move = MoveDivision(division="foot", to="0601")
    if passes:
        engine.perform("empire", move)
    else:
        assert "does not move this hour" in lines(engine, "empire", "Frozen")["foot"]
        with pytest.raises(RuleError, match="failed its command test this hour"):
            engine.perform("empire", move)


def test_a_frozen_division_marches_again_the_next_hour():
    """R-EL-3: the failure stops the division "this hour" only."""
    engine = war({"foot": "0501"}, table_dice=True, commands={"foot": "attack"})
    engine.perform("empire", GiveCommand(division="foot", command="patrol", dice=[6, 6]))
    for seat in ("empire", "empire", "orcs", "orcs", "empire"):
        engine.perform(seat, EndPhase())
    engine.perform("empire", MoveDivision(division="foot", to="0601"))


def test_one_command_change_per_division_per_command_phase():
    """R-EL-33: a failed test is not rolled again, nor a pass to Patrol followed at once
    by a free second change."""
    engine = war()
    engine.perform("empire", GiveCommand(division="foot", command="attack"))
    with pytest.raises(RuleError, match="already had its command change this Command phase"):
        engine.perform("empire", GiveCommand(division="foot", command="defend"))
    assert lines(engine, "empire", "Change")["foot"].startswith("its one change")


def test_scout_is_for_divisions_of_1000_points_or_lower():
    """ "Scout: This command may only be given to army divisions of 1000 points or lower.\""""
    engine = war()
    with pytest.raises(RuleError, match=r"'The Foot' has 1,200 pts: Scout \"may only be given"):
        engine.perform("empire", GiveCommand(division="foot", command="scout"))
    engine.perform("empire", GiveCommand(division="scouts", command="scout"))


def test_block_is_for_1000_points_or_more_and_never_moves():
    """ "Block: This command may only be given to an army of 1,000 points or more ...
    blocking armies are not allowed to move at all" (R-EL-20)."""
    engine = war()
    with pytest.raises(RuleError, match=r"'The Horse' has 800 pts: Block \"may only be given"):
        engine.perform("empire", GiveCommand(division="horse", command="block"))
    engine.perform("empire", GiveCommand(division="foot", command="block"))
    engine.perform("empire", EndPhase())
    assert lines(engine, "empire", "Move")["foot"] == "under Block: it does not move (R-EL-20)"
    with pytest.raises(RuleError, match="is under Block"):
        engine.perform("empire", MoveDivision(division="foot", to="0201"))


def test_no_enemy_marches_through_a_blocking_division():
    """R-EL-20: "No enemy may enter or pass through the blocker's hex"."""
    engine = war({"foot": "0801"}, commands={"foot": "block"})
    for _ in range(2):
        engine.perform("empire", EndPhase())
    engine.perform("orcs", EndPhase())
    # along the road from 1101, 0801 is in the way and cannot be entered
    with pytest.raises(RuleError, match="An enemy division stands at 0801"):
        engine.perform("orcs", MoveDivision(division="wolves", to="0801"))
    with pytest.raises(RuleError, match="cannot go from 0901 to 0801"):
        way = ["1101", "1001", "0901", "0801", "0701"]
        engine.perform("orcs", MoveDivision(division="wolves", path=way))


def test_defend_holds_a_settlement_it_stands_in():
    """Defend "may be given to an army which is inside a village, inside the home base,
    within the walls of a city etc.\""""
    engine = war({"scouts": "0401"})
    engine.perform("empire", GiveCommand(division="foot", command="defend"))
    assert engine.campaign.state.divisions["foot"].defends == "west-keep"
    assert lines(engine, "empire", "Command")["foot"] == "Defend (West Keep)"
    with pytest.raises(RuleError, match="'The Scouts' is in no settlement"):
        engine.perform("empire", GiveCommand(division="scouts", command="defend"))
    with pytest.raises(RuleError, match="'The Scouts' is not inside Mittel"):
        engine.perform("empire", GiveCommand(division="scouts", command="defend", defend="mittel"))


def test_defend_follows_a_friendly_division_in_its_hex_or_next_to_it():
    """Defend "... or following another friendly army division" (R-EL-19: in its hex or
    adjacent). An enemy division is refused as one that is not there, never by its name,
    which may be a secret (R-EL-27: one underground is "seen only by its owner")."""
    engine = war({"scouts": "0401", "horse": "0501", "foot": "0801"})
    with pytest.raises(RuleError, match="must be in the hex of 'The Foot' or next to it"):
        engine.perform("empire", GiveCommand(division="scouts", command="defend", defend="foot"))
    for enemy in ("boyz", "nobody"):
        with pytest.raises(RuleError) as refused:
            engine.perform("empire", GiveCommand(division="horse", command="defend", defend=enemy))
        assert str(refused.value) == (
            f"There is no settlement or friendly division '{enemy}' to defend: a Defend "
            "command holds a settlement or follows a friend"
        )
    engine.perform("empire", GiveCommand(division="scouts", command="defend", defend="horse"))
    assert lines(engine, "empire", "Command")["scouts"] == "Defend (following The Horse)"


def test_move_ya_is_for_greenskins_and_eats_goblins():
    """ "This special command can only be given to greenskins ... D6 Goblins of either
    tribe from each regiment will be slaughtered" (R-EL-25)."""
    engine = war(table_dice=True)
    with pytest.raises(RuleError, match="'The Foot' is not all greenskins"):
        engine.perform("empire", GiveCommand(division="foot", command="move ya!"))
    for _ in range(2):
        engine.perform("empire", EndPhase())
    # the Boyz' one goblin regiment is the Night Goblins (30 models); the Orc Boyz are not
    engine.perform("orcs", GiveCommand(division="boyz", command="move ya!", dice=[4]))
    night_goblins = engine.campaign.army("boyz").unit("boyz-night-goblins")
    assert night_goblins.models == 26
    assert engine.campaign.army("boyz").unit("boyz-orcs").models == 50
    eaten = next(e for e in engine.chronicle if e.kind == "goblins_eaten")
    assert eaten.text == (
        "Move ya! (the order is given): 'The Boyz' eats its Goblins: Night Goblins -4"
    )


def test_under_move_ya_a_one_each_later_hour_means_more_goblins_eaten():
    """ "Every turn after the command has been given you must roll a D6. On a roll of 1 the
    greenskins have eaten all the Goblins and must slaughter some more!" (R-EL-25), rolled
    as the owner's Command phase begins."""
    engine = war(table_dice=True)
    for seat in ("empire", "empire"):
        engine.perform(seat, EndPhase())
    engine.perform("orcs", GiveCommand(division="boyz", command="move_ya", dice=[4]))
    for seat in ("orcs", "orcs", "empire"):
        engine.perform(seat, EndPhase())
    # hour 2: the Orcs' Command phase begins as the Empire ends its Move phase
    with pytest.raises(DiceNeeded, match="hungry"):
        engine.perform("empire", EndPhase())
    engine.perform("empire", EndPhase(dice=[1, 5]))
    assert engine.campaign.army("boyz").unit("boyz-night-goblins").models == 30 - 4 - 5
    for seat in ("orcs", "orcs", "empire"):
        engine.perform(seat, EndPhase())
    engine.perform("empire", EndPhase(dice=[3]))
    spared = [e.text for e in engine.chronicle if e.kind == "goblins_spared"]
    assert spared == ["Move ya!: 'The Boyz' rolls 3, its Goblins are spared this hour"]
    assert engine.campaign.army("boyz").unit("boyz-night-goblins").models == 21


def test_a_follower_that_leaves_the_side_of_the_division_it_defends_loses_the_order():
    """Defend: "if it leaves any adjacent square to the defended army the command is
    canceled" (R-EL-19: ending farther away cancels the order)."""
    engine = war()
    engine.perform("empire", GiveCommand(division="scouts", command="defend", defend="horse"))
    engine.perform("empire", EndPhase())
    engine.perform("empire", MoveDivision(division="horse", to="0501"))
    for who in ("empire", "orcs", "orcs"):
        engine.perform(who, EndPhase())
    record = engine.campaign.state.divisions["scouts"]
    assert record.command == "patrol" and record.defends == ""
    cancelled = [e for e in engine.chronicle if "is cancelled" in e.text]
    assert cancelled[0].visible_to == ["empire"]


def test_at_the_home_base_a_division_splits_and_two_join():
    """ "If you at any time enters your home base ... it is also the only time where you can
    split an army division into two minor armies" (R-EL-32: joining there too)."""
    engine = war({"scouts": "0401"})
    with pytest.raises(RuleError, match="must keep some of its units"):
        engine.perform("empire", Split(division="horse", units=["horse-marshal", "horse-knights"]))
    with pytest.raises(RuleError, match="Name the character among the units who leads"):
        engine.perform("empire", Split(division="foot", units=["foot-halberdiers"]))
    with pytest.raises(RuleError, match="'The Scouts' is not at its home base"):
        engine.perform("empire", Join(division="foot", other="scouts"))
    engine.perform("empire", Join(division="foot", other="horse"))
    camp = engine.campaign
    assert camp.army("horse") is None and camp.army("foot").points == 2000
    generals = [u.id for u in camp.army("foot").units if "general" in u.flags]
    assert generals == ["foot-captain"]
    engine.perform(
        "empire",
        Split(
            division="foot",
            units=["horse-marshal", "horse-knights"],
            name="The Riders",
            general="horse-marshal",
        ),
    )
    riders = next(a for a in camp.armies if a.name == "The Riders")
    assert riders.points == 800 and "general" in riders.unit("horse-marshal").flags
    assert camp.state.divisions[riders.id].command == "patrol"
