"""Suvinen turn start and impulses (points 2 and 3): the 2d6 order of play, alliances for
the turn, the eight impulses in rotation, MP in fractions, commitments.

§3.2: "The movement is done in 8 phases. Players move their units in a random order (roll
2d6, highest goes first, 2nd highest then etc)." "The first player moves one unit for 1
MP. This might be enough to move the unit 1, 2 or no hexes. If able to move 1 or 2 hexes,
then place the unit in the new hex. If not able, then the unit is said to be 'commited' to
the move." "Phases 5-8 are for LC units ONLY." "A 'commited move' may last from turn to
turn, if the unit is not attacked meanwhile. You may break a commited move by using 1 MP."
"""

from __future__ import annotations

import pytest
from test_suvinen_battles import three_sides
from test_suvinen_play import drill, end_council, play_entry, play_impulse

from tuicamp import cli
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase, acting_players
from tuicamp.engine.rules import Rules
from tuicamp.model.hexes import parse_label
from tuicamp.rules.suvinen import SuvinenRuleset
from tuicamp.rules.suvinen.council import Ally
from tuicamp.rules.suvinen.impulses import BreakCommitment, HoldCorps, MoveCorps
from tuicamp.rules.suvinen.withdrawal import TemporaryAlliance

RULESET = SuvinenRuleset()


def at(engine: Engine, army: str) -> str:
    found = engine.campaign.army(army)
    assert found is not None and found.hex is not None
    return engine.campaign.map.label(found.hex)


def status(engine: Engine, seat: str) -> list[str]:
    rules = Rules(engine.campaign, engine.ruleset)
    return [f"{s.label}: {s.text}" for s in RULESET.status_lines(rules, engine.campaign.seat(seat))]


def test_the_order_of_play_is_rolled_on_2d6_and_ties_are_rolled_again():
    """R-SU-3: "Players act in the order rolled on 2d6 at the start of the turn (re-roll
    ties)". Seed 7 rolls 5 and 5, then 9 against 6: the Empire first."""
    engine = drill(seed=7)
    (order,) = [e for e in engine.chronicle if e.kind == "order"]
    assert order.text.endswith("The Empire 5 then 9, Orcs & Goblins 5 then 6")
    assert engine.campaign.state.order == ["empire", "orcs"]
    assert drill(seed=3).campaign.state.order == ["orcs", "empire"]  # 10 against 8


def test_the_worked_example_of_section_3_2_hex_by_hex():
    """§3.2: "In the first phase the corps is commited to move to the west side, where there
    is a clear hex. The move takes 2 MP, so at the end of the 2nd phase the corps have
    crossed the stream. In phase 3 the player decides to use the road in this hex and the
    corps moves south via the road. The first hex is clear but the second is forest, that
    would be 1 1/2 MP together, so the corps is commited to move to the forest from the
    'new' clear hex. In phase 4 the corps have moved entirely to the forest hex via the
    road, so it can use the remaining 1/2 MP to move to a clear hex via the road."
    R-SU-2 (clear 1, stream +1, road halves), R-SU-10 (1/2 spent, 1/2 committed)."""
    engine = drill()
    end_council(engine)
    record = engine.campaign.state.corps["first-corps"]
    moves = {1: ["0403"], 2: ["0403"], 3: ["0404", "0405"], 4: ["0405", "0406"]}
    script = {
        (1, i, "first-corps"): MoveCorps(army="first-corps", path=p) for i, p in moves.items()
    }
    seen = []
    for _ in range(4):
        play_impulse(engine, script)
        target = record.committed_to
        seen.append((at(engine, "first-corps"), target and target.label(), record.committed_mp))
    assert seen == [
        ("0503", "0403", 1.0),  # committed across the stream: 1 of 2 MP
        ("0403", None, 0.0),  # "at the end of the 2nd phase the corps have crossed"
        ("0404", "0405", 0.5),  # road clear 1/2, then 1/2 of the forest's 1 committed
        ("0406", None, 0.0),  # the forest for the other 1/2, the clear hex for the last 1/2
    ]
    impulses = [
        (e.text, e.visible_to)
        for e in engine.chronicle
        if e.kind in ("impulse", "commitment") and "First" in e.text
    ]
    # R-SU-42: the hex committed to is told to the Empire's side only; all read "stays in"
    assert impulses == [
        ("Impulse 1: 'The First Corps' from 0503 stays in 0503", None),
        ("Impulse 1: 'The First Corps' is committed to 0403 (1 of 2 MP)", ["empire"]),
        ("Impulse 2: 'The First Corps' from 0503 enters 0403", None),
        ("Impulse 3: 'The First Corps' from 0403 enters 0404, stays in 0404", None),
        ("Impulse 3: 'The First Corps' is committed to 0405 (1/2 of 1 MP)", ["empire"]),
        ("Impulse 4: 'The First Corps' from 0404 enters 0405, enters 0406", None),
    ]


def test_the_rotation_gives_each_player_one_corps_in_turn():
    """§3.2: "When all have moved 1 unit the first player moves a second unit for 1 MP, and
    so on"; R-SU-11: the garrison (R-SU-20) takes no impulse."""
    engine = drill()
    end_council(engine)
    assert engine.campaign.flow.order == ["orcs", "empire"]  # round 1 of 2
    ahead = "then The Empire, Orcs & Goblins, The Empire"
    assert f"Rotation: impulse 1, round 1: Orcs & Goblins moves; {ahead}" in status(
        engine, "empire"
    )
    play_entry(engine, {})
    play_entry(engine, {})
    assert engine.campaign.step == 2 and engine.campaign.flow.order == ["orcs", "empire"]


def test_impulses_5_to_8_are_for_lc_corps_only():
    """§3.2: "Phases 5-8 are for LC units ONLY" (R-SU-1, R-SU-23)."""
    engine = drill()
    end_council(engine)
    for _ in range(4):
        play_impulse(engine, {})
    assert engine.campaign.phase == "impulse5"
    assert engine.campaign.flow.order == ["orcs", "empire"]
    assert "Rotation: impulse 5, round 1: Orcs & Goblins moves; then The Empire" in status(
        engine, "orcs"
    )
    with pytest.raises(RuleError, match="impulses 5-8 are for LC corps only"):
        engine.perform("empire", MoveCorps(army="first-corps", to="0403"))
    engine.perform("orcs", MoveCorps(army="wolf-riders", to="0701"))
    assert at(engine, "wolf-riders") == "0701"


def test_a_corps_without_a_leader_stands():
    """§3.3: "REMEMBER if you don't have a leader for the unit, the unit can only stand
    around doing nothing" (R-SU-1, R-SU-11: leaderless units pass)."""

    def no_general(scenario):
        corps = next(a for a in scenario.armies if a.id == "first-corps")
        corps.units = [u for u in corps.units if "leader" not in u.flags]

    engine = drill(edit=no_general)
    end_council(engine)
    line = "Rotation: impulse 1, round 1: Orcs & Goblins moves; then The Empire, Orcs & Goblins"
    assert line in status(engine, "orcs")
    engine.perform("orcs", HoldCorps(army="waaagh"))
    engine.perform("orcs", EndPhase())
    with pytest.raises(RuleError, match="it has no leader"):
        engine.perform("empire", MoveCorps(army="first-corps", to="0403"))
    assert any(e.kind == "leaderless" for e in engine.chronicle)


def test_every_entry_moves_one_corps_and_only_its_player_moves():
    """R-SU-11: "Every eligible unit takes its impulse (a hold counts)"; one corps per
    entry of the rotation, in the rolled order (R-SU-25)."""
    engine = drill()
    end_council(engine)
    with pytest.raises(RuleError, match="not The Empire's turn in the rotation"):
        engine.perform("empire", HoldCorps(army="first-corps"))
    with pytest.raises(RuleError, match="First: take impulse 1 with one of your corps"):
        engine.perform("orcs", EndPhase())
    engine.perform("orcs", HoldCorps(army="waaagh"))
    with pytest.raises(RuleError, match="One corps per round of the rotation"):
        engine.perform("orcs", HoldCorps(army="wolf-riders"))
    engine.perform("orcs", EndPhase())
    engine.perform("empire", HoldCorps(army="outriders"))
    engine.perform("empire", EndPhase())
    with pytest.raises(RuleError, match="has taken impulse 1 already"):
        engine.perform("orcs", HoldCorps(army="waaagh"))


def test_mp_not_spent_in_the_impulse_is_lost():
    """R-SU-3: "MP not spent or committed by the end of the impulse is lost": 1/2 MP along
    the road, and the other 1/2 is gone."""
    engine = drill(edit=lambda sc: _place(sc, "first-corps", "0403"))
    end_council(engine)
    play_impulse(engine, {(1, 1, "first-corps"): MoveCorps(army="first-corps", path=["0404"])})
    (moved,) = [e.text for e in engine.chronicle if e.kind == "impulse" and "First" in e.text]
    assert (
        moved
        == "Impulse 1: 'The First Corps' from 0403 enters 0404, 1/2 MP unspent and lost (R-SU-3)"
    )
    assert engine.campaign.state.corps["first-corps"].mp_left == 1.0  # impulse 2's fresh MP


def test_a_path_past_the_hex_committed_to_is_refused_in_words_to_act_on():
    """R-SU-10: "Commitments are to one named hex"."""
    engine = drill()
    end_council(engine)
    play_entry(engine, {})
    with pytest.raises(RuleError, match=r"can pay only 1 of the 2 MP into 0403: it commits"):
        engine.perform("empire", MoveCorps(army="first-corps", path=["0403", "0404"]))


def test_a_commitment_lasts_from_turn_to_turn_and_a_committed_corps_goes_on_there():
    """§3.2: "A 'commited move' may last from turn to turn"; R-SU-4: "Committed moves
    accumulate MP across impulses and turns until the hex is entered"."""
    engine = drill()
    end_council(engine)
    for _ in range(3):
        play_impulse(engine, {})
    play_impulse(engine, {(1, 4, "first-corps"): MoveCorps(army="first-corps", to="0403")})
    while engine.campaign.turn == 1:
        play_impulse(engine, {})
    record = engine.campaign.state.corps["first-corps"]
    assert record.committed_to == parse_label("0403") and record.committed_mp == 1.0
    assert "committed to 0403 (1 MP put in)" in " ".join(status(engine, "empire"))
    end_council(engine)
    play_entry(engine, {})  # whoever goes first in turn 2
    if acting_players(engine.campaign) != ["empire"]:
        play_entry(engine, {})
    with pytest.raises(RuleError, match=r"is committed to 0403 .* break the commitment for 1 MP"):
        engine.perform("empire", MoveCorps(army="first-corps", to="0504"))
    engine.perform("empire", MoveCorps(army="first-corps", to="0403"))
    assert at(engine, "first-corps") == "0403"


def test_breaking_a_commitment_costs_the_impulses_mp():
    """§3.2: "You may break a commited move by using 1 MP" (R-SU-4)."""
    engine = drill()
    end_council(engine)
    play_impulse(engine, {(1, 1, "first-corps"): MoveCorps(army="first-corps", to="0403")})
    play_impulse(engine, {(1, 2, "first-corps"): BreakCommitment(army="first-corps")})
    record = engine.campaign.state.corps["first-corps"]
    assert record.committed_to is None and at(engine, "first-corps") == "0503"
    told = [(e.text, e.visible_to) for e in engine.chronicle if "breaks" in e.text]
    stood = [e.text for e in engine.chronicle if e.kind == "impulse" and "First" in e.text]
    assert stood[-1] == "Impulse 2: 'The First Corps' stays in 0503"  # R-SU-42: all see it
    assert told == [
        (
            "Impulse 2: 'The First Corps' breaks its commitment to 0403 for 1 MP (R-SU-4)",
            ["empire"],
        ),
    ]
    play_entry(engine, {})
    with pytest.raises(RuleError, match="is committed to no hex"):
        engine.perform("empire", BreakCommitment(army="first-corps"))


def _place(scenario, army_id: str, label: str) -> None:
    next(a for a in scenario.armies if a.id == army_id).hex = parse_label(label)


def test_an_attack_cancels_the_commitment():
    """§3.2: a committed move lasts "if the unit is not attacked meanwhile"; R-SU-10: it
    "is cancelled, with no MP cost and its accumulated MP lost, when a hostile unit enters
    its hex"."""
    engine = drill(edit=lambda sc: _place(sc, "wolf-riders", "0603"))
    end_council(engine)
    play_impulse(engine, {(1, 1, "first-corps"): MoveCorps(army="first-corps", to="0403")})
    engine.perform("orcs", MoveCorps(army="wolf-riders", path=["0503"]))
    assert engine.campaign.state.corps["first-corps"].committed_to is None
    (cancelled,) = [e for e in engine.chronicle if e.kind == "commitment_cancelled"]
    assert cancelled.text == (
        "The commitment of 'The First Corps' to 0403 is cancelled: 'The Wolf Riders' (LC) "
        "attacks it (R-SU-10)"
    )
    assert cancelled.visible_to == ["empire"]  # the hex committed to is the Empire's (R-SU-42)


def test_a_river_is_crossed_only_at_a_bridge_or_a_ford():
    """R-SU-2: "crossing a river hexside needs a bridge or ford (else impassable)"."""
    engine = drill(edit=lambda sc: _place(sc, "first-corps", "0306"))
    end_council(engine)
    play_entry(engine, {})
    with pytest.raises(RuleError, match="cannot go from 0306 to 0307"):
        engine.perform("empire", MoveCorps(army="first-corps", path=["0307"]))
    engine.perform("empire", MoveCorps(army="first-corps", path=["0406"]))


def test_an_alliance_needs_both_players_and_lasts_the_turn():
    """§3.5: "You can declare with an other player at the beginning of the turn that you
    are allied"; R-SU-12: "Alliances need both players to declare them at the turn's start
    and last that turn". Allies read each other's corps in full."""
    engine = drill()
    engine.perform("empire", Ally(to="orcs"))
    (offer,) = engine.campaign.state.alliances.items
    assert not any(line.startswith("Alliance") for line in status(engine, "empire"))
    engine.perform("orcs", Ally(accept=offer.id))
    assert "Alliance: The Empire and Orcs & Goblins this turn (R-SU-12)" in status(engine, "empire")
    assert any("Corps 'The Wolf Riders'" in line for line in status(engine, "empire"))
    end_council(engine)
    while engine.campaign.turn == 1:
        play_impulse(engine, {})
    assert engine.campaign.state.alliances.items == []
    assert not any("Corps 'The Wolf Riders'" in line for line in status(engine, "empire"))


def test_the_books_survive_a_save_and_a_load():
    engine = drill()
    end_council(engine)
    play_impulse(engine, {(1, 1, "first-corps"): MoveCorps(army="first-corps", to="0403")})
    again = campaign_from_dict(campaign_to_dict(engine.campaign), RULESET.state_class)
    assert again.state == engine.campaign.state


COUNCIL = """seat = "gm"
[[action]]
kind = "end_phase"
player = "empire"
[[action]]
kind = "end_phase"
player = "orcs"
"""

IMPULSE_1 = """seat = "gm"
[[action]]
kind = "hold_corps"
army = "waaagh"
[[action]]
kind = "end_phase"
player = "orcs"
[[action]]
kind = "move_corps"
army = "first-corps"
path = ["0403"]
[[action]]
kind = "end_phase"
player = "empire"
"""


def committed_through_apply(tmp_path, monkeypatch, capsys) -> None:
    """The drill saved as ``d``, its council over and impulse 1 played through ``apply``:
    the Orcs hold, the First Corps commits to 0403 (1 of 2 MP)."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    assert cli.main(["new", "suvinen-drill", "--seed", "3", "--name", "d", "--no-play"]) == 0
    for i, text in enumerate((COUNCIL, IMPULSE_1)):
        orders = tmp_path / f"orders{i}.toml"
        orders.write_text(text)
        assert cli.main(["apply", "d", str(orders)]) == 0, text
    capsys.readouterr()


def test_the_impulses_through_apply_show_and_log(tmp_path, monkeypatch, capsys):
    """Every fact of the impulse through the command line: ``apply`` takes the orders,
    ``show --as`` prints the rotation and the corps' MP and commitment, ``log`` the moves."""
    committed_through_apply(tmp_path, monkeypatch, capsys)
    assert cli.main(["show", "d", "--as", "empire"]) == 0
    shown = capsys.readouterr().out
    assert "Rotation: impulse 1, round 2: Orcs & Goblins moves; then The Empire" in shown
    assert "Corps 'The First Corps': at 0503; 525 pts; impulse 1 taken; committed to 0403" in shown
    assert "Corps 'The Outriders' (LC): at 0206; 175 pts; 1 MP to spend" in shown
    assert cli.main(["log", "d", "--as", "empire"]) == 0
    log = capsys.readouterr().out
    assert "Impulse 1: 'The First Corps' from 0503 stays in 0503" in log
    assert "Impulse 1: 'The First Corps' is committed to 0403 (1 of 2 MP)" in log
    assert cli.main(["log", "d", "--as", "orcs"]) == 0
    log = capsys.readouterr().out
    assert "Impulse 1: 'The First Corps' from 0503 stays in 0503" in log  # R-SU-42
    assert "0403" not in log


def test_an_enemy_never_reads_the_hex_a_corps_is_committed_to(tmp_path, monkeypatch, capsys):
    """R-SU-42 (after R-SU-4, R-SU-10): a committed move's hex is the mover's intent. Made
    through ``apply``, it is in the Empire's ``log`` and ``show`` and the Games Master's
    ``log``, and in none of the Orcs' ``log --as``, ``show --as`` and ``battles --as``: they
    read only that 'The First Corps' stays in 0503. (``actions`` lists the ruleset's action
    kinds and reads no campaign, so it has nothing to tell.)"""
    committed_through_apply(tmp_path, monkeypatch, capsys)
    seen = {}
    for seat in ("empire", "orcs", "gm"):
        for command in ("log", "show", "battles"):
            assert cli.main([command, "d", "--as", seat]) == 0
            seen[seat, command] = capsys.readouterr().out
    assert cli.main(["actions", "--ruleset", "suvinen"]) == 0
    assert "0403" not in capsys.readouterr().out
    assert "committed to 0403" in seen["empire", "log"]
    assert "committed to 0403" in seen["empire", "show"]
    assert "committed to 0403" in seen["gm", "log"]
    for command in ("log", "show", "battles"):
        assert "0403" not in seen["orcs", command], command
    assert "'The First Corps' from 0503 stays in 0503" in seen["orcs", "log"]


def test_taking_back_a_commitment_tells_its_hex_to_the_movers_side_only():
    """R-SU-42: undoing a move that committed the First Corps to 0403 repeats the public
    line for all, and the commitment line only to the Empire (and the Games Master)."""
    engine = drill()
    end_council(engine)
    engine.perform("orcs", HoldCorps(army="waaagh"))
    engine.perform("orcs", EndPhase())
    engine.perform("empire", MoveCorps(army="first-corps", path=["0403"]))
    engine.undo("empire")
    undone = [(e.text, e.visible_to) for e in engine.chronicle if e.kind == "undo"]
    assert undone == [
        ("Undone: Impulse 1: 'The First Corps' from 0503 stays in 0503", None),
        ("Undone: Impulse 1: 'The First Corps' is committed to 0403 (1 of 2 MP)", ["empire"]),
    ]
    read = [e.text for e in engine.chronicle if e.visible_for(["orcs"], gm=False)]
    assert not [t for t in read if "0403" in t]


def test_pending_says_whether_the_player_is_to_move_or_to_end_its_part():
    """R-SU-25: a player takes one corps' impulse, then ends its part of the round."""
    engine = drill()
    end_council(engine)
    rules = Rules(engine.campaign, engine.ruleset)
    assert RULESET.pending(rules) == [
        "Impulse 1, round 1: Orcs & Goblins to move one corps, then end_phase"
    ]
    engine.perform("orcs", HoldCorps(army="waaagh"))
    assert RULESET.pending(Rules(engine.campaign, engine.ruleset)) == [
        "Impulse 1, round 1: Orcs & Goblins to end its part of the round (end_phase)"
    ]


OFFER = """seat = "empire"
[[action]]
kind = "ally"
to = "orcs"
"""


def applied(tmp_path, text: str) -> None:
    """Orders applied to the save ``d`` by the command line."""
    orders = tmp_path / "orders.toml"
    orders.write_text(text)
    assert cli.main(["apply", "d", str(orders)]) == 0, text


def shown_to(capsys, seat: str) -> str:
    """What ``tuicamp show d --as SEAT`` prints."""
    capsys.readouterr()
    assert cli.main(["show", "d", "--as", seat]) == 0
    return capsys.readouterr().out


def test_the_seat_asked_to_ally_sees_the_offer_and_its_id_in_show(tmp_path, monkeypatch, capsys):
    """§3.5: "You can declare with an other player at the beginning of the turn that you
    are allied"; R-SU-12: "Alliances need both players to declare them": the player asked
    reads the offer with its id and the order that answers it in ``show --as``, the
    proposer reads that it waits, and the answer given with that id makes the alliance."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    assert cli.main(["new", "suvinen-drill", "--seed", "3", "--name", "d", "--no-play"]) == 0
    applied(tmp_path, OFFER)
    pending, line = [x for x in shown_to(capsys, "orcs").splitlines() if "To answer:" in x]
    assert pending.startswith("Pending: To answer:")
    offer = line.split("accept=")[1].split()[0]
    assert line == (
        "  To answer: The Empire offers Orcs & Goblins an alliance for turn 1 (R-SU-12): "
        f"ally accept={offer} (or decline={offer})"
    )
    shown = shown_to(capsys, "empire")
    assert f"an alliance for turn 1 (R-SU-12) ({offer}): waiting for Orcs & Goblins" in shown
    assert "To answer" not in shown
    applied(tmp_path, f'seat = "orcs"\n[[action]]\nkind = "ally"\naccept = "{offer}"\n')
    shown = shown_to(capsys, "orcs")
    assert "Alliance: The Empire and Orcs & Goblins this turn (R-SU-12)" in shown
    assert "To answer" not in shown and "Offered" not in shown


def test_a_temporary_alliance_offer_is_pending_for_the_player_asked():
    """§4.1: "the players now have the chance to make temporal alliances" (R-SU-29): the
    player asked reads the offer and its id in what is pending for it, and may decline."""
    engine = three_sides()
    engine.perform("empire", TemporaryAlliance(hex="0503", to="dwarfs"))
    (offer,) = engine.campaign.state.temp_alliances.items
    rules = Rules(engine.campaign, engine.ruleset)
    asked = RULESET.pending(rules, engine.campaign.seat("dwarfs"))
    assert asked[0] == (
        "To answer: The Empire offers The Dwarfs a temporary alliance for the battle at 0503 "
        f"on day 1 (section 4.1): temporary_alliance accept={offer.id} (or decline={offer.id})"
    )
    assert not any("To answer" in x for x in RULESET.pending(rules, engine.campaign.seat("orcs")))
    engine.perform("dwarfs", TemporaryAlliance(decline=offer.id))
    assert offer.status == "declined"


def test_a_march_to_a_far_hex_goes_as_far_as_the_mp_and_a_typed_path_must_end_there():
    """R-SU-3: "Each impulse gives every eligible unit 1 MP, spent in fractions (two road
    hexes of 1/2)". A march to a hex beyond one impulse (``to``, as the screen's march to
    the cursor sends) takes the cheapest way as far as the impulse's MP go: the Outriders
    ride the road from 0206 through 0306 to 0406 and stop, 0407 left for the next impulse.
    A path typed hex by hex is what the player means to do now: one the MP cannot pay for
    is refused."""
    engine = drill()
    end_council(engine)
    engine.perform("orcs", HoldCorps(army="waaagh"))
    engine.perform("orcs", EndPhase())
    with pytest.raises(RuleError, match="has no MP left to go on to 0407"):
        engine.perform("empire", MoveCorps(army="outriders", path=["0306", "0406", "0407"]))
    engine.perform("empire", MoveCorps(army="outriders", to="0407"))
    assert at(engine, "outriders") == "0406"
    said = [e.text for e in engine.chronicle if e.kind == "impulse"][-1]
    assert said == "Impulse 1: 'The Outriders' (LC) from 0206 enters 0306, enters 0406"
