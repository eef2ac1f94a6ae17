"""A whole turn of the Crossroads by the command line, four seats giving their own orders
and each reading its own ``tuicamp show``: §3.2, §3.5, §5.0, §6.0 (R-SU-1, R-SU-3, R-SU-11,
R-SU-12, R-SU-17, R-SU-20, R-SU-25, R-SU-35).

§3.2: "Players move their units in a random order (roll 2d6, highest goes first, 2nd
highest then etc)"; "Phases 5-8 are for LC units ONLY"; §3.5: "You can declare with an
other player at the beginning of the turn that you are allied"; §5.0: "After all battles
are fought you'll have to check supply for all units."

The Empire and the Dwarfs ally; each realm marches its second corps and its light cavalry
by the roads to the crossroads, Mittelburg (1515) or the east end of its bridge (1615).
"""

from __future__ import annotations

from test_suvinen_orders import Club

SEATS = ("empire", "dwarfs", "bretonnia", "orcs")
GOALS = {"empire": "1515", "bretonnia": "1515", "dwarfs": "1615", "orcs": "1615"}
MARCHES = {f"{p}-{n}": goal for p, goal in GOALS.items() for n in (1, 3)}


def status(shown: str) -> list[str]:
    """The status lines of a ``show``."""
    return shown.split("Status:\n")[1].split("\n\n")[0].splitlines()


def test_four_seats_play_a_turn_of_the_crossroads_by_orders_files(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    club = Club(tmp_path, "x", capsys)
    club.cli("new", "suvinen-crossroads", "--seed", "7", "--name", "x", "--no-play")
    first = club.show("empire")
    assert "treasury" not in first  # the text knows no money: troops are points (R-SU-7)
    assert "Order of play: Bretonnia, Orcs & Goblins, The Empire, The Dwarfs" in first
    club.apply("empire", {"kind": "ally", "to": "dwarfs"})
    (offer,) = club.campaign().state.alliances.items
    assert "To answer: The Empire offers The Dwarfs an alliance for turn 1" in club.show("dwarfs")
    club.apply("dwarfs", {"kind": "ally", "accept": offer.id})
    club.end_phase(*SEATS)
    club.play_impulses({}, until=lambda c: c.phase == "impulse5", marches=MARCHES)
    # impulse 5: light cavalry only (section 3.2); each seat reads its own and its allies'
    shown = {seat: club.show(seat) for seat in SEATS}
    for seat in SEATS:
        lines = status(shown[seat])
        assert (
            "  Rotation: impulse 5, round 1: Bretonnia moves; then Orcs & Goblins, The Empire, "
            "The Dwarfs"
        ) in lines
        allied = seat in ("empire", "dwarfs")
        assert ("  Alliance: The Empire and The Dwarfs this turn (R-SU-12)" in lines) is allied
    empire = status(shown["empire"])
    assert any(
        line.startswith("  Corps 'The Dwarf Rangers' (LC) of The Dwarfs: at ") for line in empire
    )
    assert any(line.startswith("  Corps 'The Empire Outriders' (LC): at ") for line in empire)
    assert not any("Knights Errant" in line or "Wolf Riders" in line for line in empire)
    bretonnia = status(shown["bretonnia"])
    assert not any("of The" in line or "Outriders" in line for line in bretonnia)
    assert "strength unknown" in shown["bretonnia"]  # the Empire's corps are counters
    club.play_impulses({}, marches=MARCHES)
    camp = club.campaign()
    assert (camp.turn, camp.phase) == (2, "council") and not camp.battles
    log = club.cli("log", "x", "--as", "gm")
    late = [ln for ln in log.splitlines() if ": Impulse 5:" in ln or ": Impulse 8:" in ln]
    assert late and all("(LC)" in ln for ln in late)  # phases 5-8 are for LC units ONLY
    # the Knights Errant rode 16 road hexes to Mittelburg and hold it (R-SU-20)
    assert camp.map.label(camp.army("bretonnia-3").hex) == "1515"
    assert "Bretonnia holds Mittelburg (R-SU-20)" in log
    after = status(club.show("bretonnia"))
    assert (
        "  Corps 'The Knights Errant' (LC): at 1515; 270 pts; supplied: 0 MP to Mittelburg (turn 1)"
    ) in after
    every = [ln for ln in status(club.show("gm")) if ln.startswith("  Corps ")]
    assert len(every) == 20 and all("supplied: " in ln for ln in every)  # all at once (5.0)
    assert "Alliance:" not in club.show("empire")  # it lasted the turn (R-SU-12)
