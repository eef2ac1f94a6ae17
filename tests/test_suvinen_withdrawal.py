"""Suvinen withdrawal (point 5, after each battle): §4.3, R-SU-1, R-SU-14, R-SU-32, R-SU-33.

§4.3: "NOTE: A player who had no troops on the table when the battle ended MUST withdraw.
If he has nowhere to withdraw his troops are eliminated instead." "You may not withdraw to
a hex with enemy forces. However if there is an unsolved battle yet to be fought the hex
may become free of enemy troops. If the hex becomes free of enemy troops on the same day
(or earlier) as the battle you are withdrawing from you CAN withdraw the units there."
§3.3: "REMEMBER if you don't have a leader for the unit, the unit can only stand around
doing nothing."
"""

from __future__ import annotations

import pytest
from test_suvinen_control import placed
from test_suvinen_play import drill, end_council, play_impulse

from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.errors import RuleError
from tuicamp.model.forces import Army, Unit
from tuicamp.model.hexes import parse_label
from tuicamp.rules.suvinen.impulses import MoveCorps
from tuicamp.rules.suvinen.withdrawal import ChooseWithdrawal

FIGHT = "fight"


def entered(engine, hex_label: str, off_table: tuple[str, ...] = ()) -> None:
    """The pending battle at ``hex_label`` entered with no losses; the players named in
    ``off_table`` had no troops on the table at the end."""
    camp = engine.campaign
    (battle,) = [b for b in camp.pending_battles() if camp.map.label(b.hex) == hex_label]
    entry = [
        SideEntry(side=s.id, facts={"off_table": int(bool(set(s.players) & set(off_table)))})
        for s in battle.sides
    ]
    engine.perform("gm", EnterBattleResult(battle=battle.id, sides=entry))


def two_battles():
    """Two battles on day 1. The Wolf Riders ride from 0603 into the First Corps' 0503 by
    its E side; the Outriders take the empty 0603 behind them; the Huge Orc Army comes into
    0603 from 0604, by its SE side. The Wolf Riders leave the table at 0503."""
    edit = placed(**{"wolf-riders": "0603", "outriders": "0703", "waaagh": "0604"})
    engine = drill(edit=edit)
    end_council(engine)
    script = {
        (1, 1, "wolf-riders"): MoveCorps(army="wolf-riders", path=["0503"]),
        (1, 1, "outriders"): MoveCorps(army="outriders", path=["0603"]),
        (1, 2, "waaagh"): MoveCorps(army="waaagh", path=["0603"]),
    }
    while engine.campaign.phase.startswith("impulse"):
        play_impulse(engine, script)
    entered(engine, "0503", off_table=("orcs",))
    entered(engine, "0603")
    return engine


@pytest.mark.parametrize("outriders_go", [True, False])
def test_a_forced_side_with_no_hex_open_goes_where_the_day_frees_one_or_is_eliminated(
    outriders_go,
):
    """§4.3: "If he has nowhere to withdraw his troops are eliminated instead" and "If the
    hex becomes free of enemy troops on the same day ... you CAN withdraw the units there";
    R-SU-33: "such a side goes to the first hex the day's withdrawals have opened to it ...
    and is eliminated when there is none". The Wolf Riders' only way out is their E side,
    into 0603, where the Outriders stand: they write withdraw alone."""
    engine = two_battles()
    camp = engine.campaign
    with pytest.raises(RuleError, match="0603 holds hostile troops: no withdrawal into it"):
        engine.perform("orcs", ChooseWithdrawal(hex="0503", choice="withdraw", to="0603"))
    engine.perform("orcs", ChooseWithdrawal(hex="0503", choice="withdraw"))
    engine.perform("empire", ChooseWithdrawal(hex="0503", choice=FIGHT))
    engine.perform("orcs", ChooseWithdrawal(hex="0603", choice=FIGHT))
    secret = [e for e in engine.chronicle if e.kind == "withdrawal_choice"]
    assert secret[0].visible_to == ["orcs"] and secret[0].text == (
        "Orcs & Goblins' sealed choices to fight on or withdraw at 0503 after the battle of "
        "day 1: withdraw (no hex open)"
    )
    if outriders_go:
        engine.perform("empire", ChooseWithdrawal(hex="0603", choice="withdraw", to="0703"))
        revealed = [e.text for e in engine.chronicle if e.kind == "withdrawal_revealed"]
        assert revealed[-1] == (
            "The sealed choices to fight on or withdraw at 0603 after the battle of day 1 are "
            "revealed: The Empire: withdraw to 0703; Orcs & Goblins: fight"
        )
        assert camp.army("wolf-riders").hex == parse_label("0603")
        assert camp.army("outriders").hex == parse_label("0703")
    else:
        engine.perform("empire", ChooseWithdrawal(hex="0603", choice=FIGHT))
        assert camp.army("wolf-riders") is None
        (gone,) = [e.text for e in engine.chronicle if e.kind == "eliminated"]
        assert gone == (
            "'The Wolf Riders' (LC) has nowhere to withdraw from 0503: it is eliminated (R-SU-14)"
        )


def test_a_side_not_forced_with_nowhere_to_go_is_told_to_fight():
    """R-SU-14: "A side with no such hex is eliminated" only when it must withdraw
    (R-SU-33: "Only a side that must withdraw and has no hex open may write withdraw
    alone"). The First Corps at 0503 is not forced; were the Wolf Riders not off the table,
    nor would they be."""
    engine = two_battles()
    engine.perform("orcs", ChooseWithdrawal(hex="0603", choice=FIGHT))
    with pytest.raises(RuleError, match="Name the hex to withdraw to from 0603: to = 0703"):
        engine.perform("empire", ChooseWithdrawal(hex="0603", choice="withdraw"))


def stragglers(where: str):
    """An Orc corps without a leader, the Stragglers (200 pts, more than a fifth of the
    First Corps' 525: no forced withdrawal), stands at ``where`` with the First Corps from
    the start (R-SU-26: a contest that begins without an entry)."""

    def edit(scenario) -> None:
        placed(**{"wolf-riders": "0603"})(scenario)
        units = [Unit("strag-boyz", "Orc Boyz", 200, models=30)]
        scenario.armies.append(
            Army("stragglers", "The Stragglers", "orcs", parse_label(where), units)
        )

    return edit


def stragglers_fight(also_wolves: bool = False, off_table: bool = False):
    engine = drill(edit=stragglers("0503"))
    end_council(engine)
    script = {}
    if also_wolves:
        script[(1, 1, "wolf-riders")] = MoveCorps(army="wolf-riders", path=["0503"])
    while engine.campaign.phase.startswith("impulse"):
        play_impulse(engine, script)
    entered(engine, "0503", off_table=("orcs",) if off_table else ())
    return engine


def test_a_corps_without_a_leader_cannot_withdraw():
    """§3.3: "if you don't have a leader for the unit, the unit can only stand around doing
    nothing" (R-SU-1); R-SU-32: "a player whose corps in the hex all lack a leader cannot
    write withdraw unless it must withdraw"."""
    engine = stragglers_fight()
    with pytest.raises(RuleError, match="'The Stragglers' at 0503 cannot withdraw: a corps"):
        engine.perform("orcs", ChooseWithdrawal(hex="0503", choice="withdraw", to="0603"))
    engine.perform("orcs", ChooseWithdrawal(hex="0503", choice=FIGHT))


def test_a_corps_without_a_leader_that_must_withdraw_is_eliminated():
    """§4.3: "A player who had no troops on the table when the battle ended MUST withdraw.
    If he has nowhere to withdraw his troops are eliminated instead"; R-SU-32: "when the
    withdrawal is forced it is eliminated"."""
    engine = stragglers_fight(off_table=True)
    engine.perform("orcs", ChooseWithdrawal(hex="0503", choice="withdraw"))
    engine.perform("empire", ChooseWithdrawal(hex="0503", choice=FIGHT))
    assert engine.campaign.army("stragglers") is None
    assert any(
        e.text == "'The Stragglers' must withdraw from 0503 but has no leader: it is "
        "eliminated (R-SU-1, R-SU-32)"
        for e in engine.chronicle
    )


def test_when_its_side_withdraws_a_corps_without_a_leader_stays():
    """R-SU-32: "when its other corps withdraw, a leaderless one stays in the hex"."""
    engine = stragglers_fight(also_wolves=True)
    camp = engine.campaign
    engine.perform("orcs", ChooseWithdrawal(hex="0503", choice="withdraw", to="0603"))
    engine.perform("empire", ChooseWithdrawal(hex="0503", choice=FIGHT))
    assert camp.army("wolf-riders").hex == parse_label("0603")
    assert camp.army("stragglers").hex == parse_label("0503")
    stays = [e for e in engine.chronicle if "has no leader and stays" in e.text]
    assert [e.text for e in stays] == [
        "'The Stragglers' has no leader and stays at 0503 (R-SU-1, R-SU-32)"
    ]
    (battle,) = camp.pending_battles()  # the Stragglers fight alone on day 2 (R-SU-15)
    assert battle.day == 2 and camp.map.label(battle.hex) == "0503"
