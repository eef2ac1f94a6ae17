"""Letters between seats (issue 13): "A seat can write to another seat or to all; letters
are stored with the campaign, readable only by sender and recipients (and the GM)".

The letter is an engine action every ruleset takes (``kind = "letter"``); these tests
pin who reads it, through the one filter every view, report and the log go through, and
that it is talk rather than play: out of turn, no undo, no re-roll point settled.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from conftest import small_campaign
from hypothesis import given, settings
from hypothesis import strategies as st

from tuicamp.engine.engine import Engine, action_types
from tuicamp.engine.errors import RuleError
from tuicamp.engine.letters import WriteLetter, letter_of
from tuicamp.engine.registry import get_ruleset
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.game.session import Session
from tuicamp.game.textreport import chronicle_text
from tuicamp.model.forces import Player, Seat
from tuicamp.model.letters import Letter
from tuicamp.rules.sandbox.actions import Roll

SECRET = "meet me at the ford at midnight"
SEATS = ("p1", "p2", "p3", "gm")


def three_seats() -> Engine:
    """Anna (p1), Bruno (p2), Carl (p3) and the GM."""
    camp = small_campaign()
    camp.players.append(Player("p3", "Carl", "Dwarfs", "red"))
    camp.seats.insert(2, Seat("p3", "Carl", ["p3"]))
    return Engine(camp)


def readers(engine: Engine, seq: int) -> set[str]:
    """The seats whose view holds event ``seq`` of the chronicle; its chronicle and its
    letters agree. A seat numbers its own chronicle (the numbers would count what is
    hidden from it), so the letter is found in a view by what it says, not by number."""
    (event,) = [e for e in engine.chronicle if e.seq == seq]
    wanted = letter_of(event)
    assert wanted is not None
    said = _said(wanted)
    out = set()
    rules = Rules(engine.campaign, engine.ruleset)
    for seat in engine.campaign.seats:
        view = view_for(rules, engine.chronicle, seat.id)
        shown = [(e, letter_of(e)) for e in view.chronicle]
        in_log = [e.seq for e, letter in shown if letter and _said(letter) == said]
        as_letter = [letter.seq for letter in view.letters if _said(letter) == said]
        assert in_log == as_letter, seat.id
        if in_log:
            out.add(seat.id)
    return out


def _said(letter: Letter) -> tuple[object, ...]:
    return (letter.sender, letter.to, letter.subject, letter.text)


_subjects = itertools.count(1)


def write(engine: Engine, sender: str, to: str, text: str = SECRET, subject: str = "") -> int:
    """Write a letter; the global number of its event. Each letter gets a subject of its
    own when none is given, so that a view can tell it from the others."""
    subject = subject or f"letter {next(_subjects)}"
    (event,) = engine.perform(sender, WriteLetter(to=to, text=text, subject=subject))
    return event.seq


def test_a_letter_is_read_by_sender_recipient_and_gm_only() -> None:
    engine = three_seats()
    seq = write(engine, "p1", "p2", subject="An offer")
    assert readers(engine, seq) == {"p1", "p2", "gm"}
    (letter,) = view_for(Rules(engine.campaign, engine.ruleset), engine.chronicle, "p2").letters
    assert (letter.sender, letter.to, letter.subject, letter.text) == (
        "p1",
        ("p2",),
        "An offer",
        SECRET,
    )


def test_a_letter_to_all_is_read_by_every_seat() -> None:
    engine = three_seats()
    seq = write(engine, "p3", "all")
    assert readers(engine, seq) == set(SEATS)


def test_a_letter_to_several_and_from_the_gm() -> None:
    engine = three_seats()
    assert readers(engine, write(engine, "p1", "p2, p3")) == {"p1", "p2", "p3", "gm"}
    assert readers(engine, write(engine, "gm", "p3")) == {"p3", "gm"}
    assert readers(engine, write(engine, "p2", "gm")) == {"p2", "gm"}


def test_the_log_of_a_third_seat_never_shows_the_letter() -> None:
    engine = three_seats()
    write(engine, "p1", "p2", subject="Ransom")
    rules = Rules(engine.campaign, engine.ruleset)
    assert "Ransom" in chronicle_text(view_for(rules, engine.chronicle, "p2"))
    assert "Ransom" not in chronicle_text(view_for(rules, engine.chronicle, "p3"))


@pytest.mark.parametrize(
    ("to", "text", "refusal"),
    [
        ("p9", SECRET, "There is no seat 'p9' to write to (seats: p1, p2, p3, gm)"),
        ("", SECRET, "Write to whom?"),
        ("p1", SECRET, "A letter goes to another seat, not only to your own"),
        ("p2", "  \n ", "The letter is empty"),
        ("p2", "x" * 4001, "A letter is at most 4000 characters"),
    ],
)
def test_a_bad_letter_is_refused_and_changes_nothing(to: str, text: str, refusal: str) -> None:
    engine = three_seats()
    before = (engine.snapshot(), len(engine.chronicle))
    with pytest.raises(RuleError, match=refusal.replace("(", r"\(").replace(")", r"\)")):
        write(engine, "p1", to, text)
    assert (engine.snapshot(), len(engine.chronicle)) == before


def test_control_characters_are_taken_out() -> None:
    engine = three_seats()
    write(engine, "p1", "p2", text="hello\x1b[2Jworld\nsecond line")
    letter = view_for(Rules(engine.campaign, engine.ruleset), engine.chronicle, "p2").letters[0]
    assert letter.text == "hello[2Jworld\nsecond line"


def test_a_letter_is_written_out_of_turn_and_leaves_undo_and_rerolls_alone() -> None:
    """Talk is not play: the seat not to act may write; the acting seat's last move can
    still be undone, and its dice still re-rolled, after someone else's letter."""
    engine = three_seats()
    acting = engine.acting_seats()[0]
    other = next(s for s in ("p1", "p2", "p3") if s != acting)
    engine.perform(acting, Roll(expr="2d6", reason="a test"))
    point = engine.campaign.reroll
    assert point is not None
    write(engine, other, acting)
    assert engine.campaign.reroll == point


def test_a_letter_is_not_undone() -> None:
    engine = three_seats()
    write(engine, "p1", "p2")
    assert not engine.can_undo("p1")


def test_letters_are_an_action_of_every_ruleset() -> None:
    for rid in ("sandbox", "rauscher"):
        assert action_types(get_ruleset(rid))["letter"] is WriteLetter


def test_letters_are_kept_with_the_campaign(tmp_path: Path) -> None:
    engine = three_seats()
    session = Session.create(tmp_path / "march.toml", engine.campaign, engine.chronicle)
    session.perform("p1", WriteLetter(to="p2", text=SECRET, subject="Terms"))
    again = Session.open(tmp_path / "march.toml")
    assert [(x.subject, x.text) for x in again.view("p2").letters] == [("Terms", SECRET)]
    assert again.view("p3").letters == []


@settings(max_examples=40, deadline=None)
@given(
    letters=st.lists(
        st.tuples(st.sampled_from(SEATS), st.lists(st.sampled_from(SEATS), min_size=1)),
        min_size=1,
        max_size=6,
    )
)
def test_a_seat_reads_exactly_the_letters_it_wrote_or_was_sent(
    letters: list[tuple[str, list[str]]],
) -> None:
    """Invariant: whatever letters fly, a seat that is neither sender nor recipient (nor
    the GM) never reads one."""
    engine = three_seats()
    expected: dict[int, set[str]] = {}
    for sender, to in letters:
        others = [s for s in to if s != sender]
        if not others:
            continue
        seq = write(engine, sender, ",".join(others))
        expected[seq] = {sender, *others, "gm"}
    for seq, who in expected.items():
        assert readers(engine, seq) == who
