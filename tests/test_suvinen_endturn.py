"""Suvinen end of turn and victory (point 8): section 6.0, R-SU-19.

§6.0: "If a players Home Castle is lost all his troops are eliminated. If a player doesn't
have any troops left he is out of the game. If only one player has troops left he/she is
regarded as the winner. Two or more players may declare Joint Victory if there are no other
players left."
"""

from __future__ import annotations

from test_suvinen_control import placed
from test_suvinen_play import drill, end_council, play_impulse

from tuicamp.model.forces import Army, Category, Unit
from tuicamp.model.hexes import parse_label
from tuicamp.rules.suvinen.council import Ally
from tuicamp.storage.scenario import PlayerSlot


def test_a_lost_home_castle_takes_all_its_players_troops_and_the_other_wins():
    """R-SU-19: "Home Castle lost when, at the end of a turn, its hex holds hostile units
    and none of its owner's; then all that player's troops are eliminated"."""

    def at_carroburg(scenario) -> None:
        scenario.armies = [a for a in scenario.armies if a.id != "carroburg-garrison"]
        scenario.rulesets["suvinen"].setup["garrisons"] = {}
        placed(**{"wolf-riders": "0106"})(scenario)

    engine = drill(edit=at_carroburg)
    end_council(engine)
    while engine.campaign.turn == 1 and not engine.campaign.finished:
        play_impulse(engine, {})
    camp = engine.campaign
    assert not [a for a in camp.armies if a.owner == "empire"]
    lost = [e.text for e in engine.chronicle if e.kind == "castle_lost"]
    assert lost == [
        "Carroburg, The Empire's Home Castle, is lost: all The Empire's troops are eliminated "
        "(R-SU-19)"
    ]
    assert camp.finished
    assert any(
        "Orcs & Goblins alone has troops left and wins the war" in e.text for e in engine.chronicle
    )


def test_the_last_players_left_may_share_a_joint_victory_as_allies():
    """§6.0: "Two or more players may declare Joint Victory if there are no other players
    left": the Orcs have no troops, the Empire and the Dwarfs ally (R-SU-12)."""

    def dwarfs_no_orcs(scenario) -> None:
        scenario.players.append(PlayerSlot("dwarfs", "The Dwarfs", "Dwarfs", "blue", letter="D"))
        units = [Unit("thane", "Thane", 80, Category.CHARACTER, flags={"leader"})]
        scenario.armies = [a for a in scenario.armies if a.owner != "orcs"]
        scenario.armies.append(Army("karak", "Karak Host", "dwarfs", parse_label("0101"), units))

    engine = drill(edit=dwarfs_no_orcs)
    assert not engine.campaign.finished  # two players left, not allied
    engine.perform("empire", Ally(to="dwarfs"))
    (offer,) = engine.campaign.state.alliances.items
    engine.perform("dwarfs", Ally(accept=offer.id))
    assert engine.campaign.finished
    assert any("a joint victory" in e.text for e in engine.chronicle)
