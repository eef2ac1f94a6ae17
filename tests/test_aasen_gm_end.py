"""The Invasion of Hex Island (``aasen``): the Games Master ending a player's part of a
segment all play at once, and the player told so (the segments of 5, played at once)."""

from __future__ import annotations

import pytest
from test_aasen_year import new

from tuicamp import cli
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase


def refused(engine, seat):
    """The refusal of the seat's end_phase naming nobody."""
    with pytest.raises(RuleError) as refusal:
        engine.perform(seat, EndPhase())
    return str(refusal.value)


def test_the_gm_names_the_player_whose_part_he_ends():
    """In the Support and Resources segment everyone acts at once: the Games Master's
    end_phase naming nobody would end a part he did not choose, so it is refused, the
    refusal listing the players he may name and the way to end them all; his end_phase
    naming a player ends that player's part alone."""
    engine = new()
    assert refused(engine, "gm") == (
        "Several of your players act in this phase: name the player whose part ends "
        "(end_phase with player = PLAYER, one of malus (Malus of Hag Graef), khazrak "
        "(Khazrak One-Eye), eltharion (Eltharion of Arnheim), tehen (Tehenhauin's Chosen)), "
        "or end all of theirs (end_phase with everyone = true)"
    )
    assert engine.campaign.flow.ended == []
    (event,) = engine.perform("gm", EndPhase(player="khazrak"))
    assert event.text.startswith("Khazrak One-Eye has finished")
    assert engine.campaign.flow.ended == ["khazrak"]


def test_the_player_whose_part_the_gm_ended_is_told_so():
    """A player whose part the Games Master ended is told his part is ended already, not
    that another is to play; a seat of one player still ends its part naming nobody."""
    engine = new()
    engine.perform("gm", EndPhase(player="malus"))
    assert refused(engine, "malus") == (
        "It is not your turn: the part of Malus of Hag Graef in this phase is ended already "
        "(see the chronicle); still to act: Khazrak One-Eye, Eltharion of Arnheim, "
        "Tehenhauin's Chosen"
    )
    engine.perform("tehen", EndPhase())
    assert engine.campaign.flow.ended == ["malus", "tehen"]


def test_the_gm_ending_a_part_already_ended_is_told_so(tmp_path, monkeypatch, capsys):
    """The segments of 5 are played at once: the Games Master's end_phase player="malus"
    for a part already ended is refused saying so, as Malus's own seat is, not that Malus
    "is not to act now" (`tuicamp apply`)."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    monkeypatch.setenv("TUICAMP_NOW", "2026-01-01T00:00:00")
    assert cli.main(["new", "hex-island-duel", "--seed", "4", "--name", "isle", "--no-play"]) == 0
    orders = tmp_path / "end.toml"
    orders.write_text('seat = "gm"\n[[action]]\nkind = "end_phase"\nplayer = "malus"\n')
    assert cli.main(["apply", "isle", str(orders)]) == 0
    capsys.readouterr()
    assert cli.main(["apply", "isle", str(orders)]) != 0
    assert (
        "The part of Malus of Hag Graef in this phase is ended already (see the chronicle); "
        "still to act: Khazrak One-Eye, Eltharion of Arnheim, Tehenhauin's Chosen"
    ) in " ".join(capsys.readouterr().err.split())


def test_the_gm_ends_everyones_part_at_once():
    """The Games Master's end_phase with everyone = true ends the part of every player
    still to act, told in one line, and the segment moves on; naming a player beside it
    is refused."""
    engine = new()
    engine.perform("gm", EndPhase(player="malus"))
    with pytest.raises(RuleError, match="not both"):
        engine.perform("gm", EndPhase(player="tehen", everyone=True))
    events = engine.perform("gm", EndPhase(everyone=True))
    assert events[0].text.startswith(
        "Khazrak One-Eye, Eltharion of Arnheim, Tehenhauin's Chosen has finished"
    )
    assert events[0].player is None
    assert engine.campaign.phase == "trade"
