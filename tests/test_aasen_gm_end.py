"""The Invasion of Hex Island (``aasen``): the Games Master ending a player's part of a
segment all play at once, and the player told so (the segments of 5, played at once)."""

from __future__ import annotations

import pytest
from test_aasen_year import new

from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase


def test_the_gm_ending_a_part_unnamed_says_whose_and_the_player_learns_it():
    """In the Support and Resources segment everyone acts at once: the Games Master's
    end_phase naming nobody ends the first player's part (the chronicle names him), and
    that player's own end_phase is told his part is ended already, not that another is
    to play."""
    engine = new()
    (event,) = engine.perform("gm", EndPhase())
    assert event.text.startswith("Malus of Hag Graef has finished")
    with pytest.raises(RuleError) as refused:
        engine.perform("malus", EndPhase())
    assert str(refused.value) == (
        "It is not your turn: the part of Malus of Hag Graef in this phase is ended already "
        "(see the chronicle); still to act: Khazrak One-Eye, Eltharion of Arnheim, "
        "Tehenhauin's Chosen"
    )
    engine.perform("gm", EndPhase(player="tehen"))
    assert engine.campaign.flow.ended == ["malus", "tehen"]
