"""Ids made in play count nothing (R-ALL-7): "What is made in play gets an id that counts
nothing: a letter for what it is and four characters that look random ..., keyed by the
campaign's secret seed and never given twice, so a seat's first purchase does not say that
another seat bought first, nor a new army how many were made unseen. ... Ids written by an
older tuicamp stay valid."

The report: "A seat's first purchase is `p2` because another seat bought first." The
reproduction as the command line shows it, then the codes' own promises: never the same
code twice, short and typable, another sequence for another seed, and an older save's
counted ids kept (and never given again)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from integrity_kit import Run, tuicamp

from tuicamp.game.session import Session
from tuicamp.model.forces import Army
from tuicamp.model.ids import ALPHABET, id_code, roll_number

CODE = re.compile(rf"[{ALPHABET}]{{4}}")
PURCHASE = re.compile(r"\(purchase (p\w+);")

BUY = """\
seat = "{seat}"

[[action]]
kind = "buy_recruits"
name = "{name}"
points = 100
models = 10
"""


@pytest.fixture(autouse=True)
def _quiet(monkeypatch, tmp_path):
    monkeypatch.setenv("TUICAMP_NOW", "2026-01-01T12:00:00Z")
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path / "saves"))
    monkeypatch.delenv("TUICAMP_DEBUG", raising=False)
    monkeypatch.chdir(tmp_path)


def _ok(*args: str) -> Run:
    run = tuicamp(*args)
    assert run.code == 0, (run.code, run.out, run.err)
    return run


def _stirland_buys(folder: Path, sylvania_first: bool) -> str:
    """A new Stir Border campaign (seed 5) where Stirland buys his first recruits, Sylvania
    having bought hers before or not: Stirland's log, as `tuicamp log --as` prints it."""
    folder.mkdir()
    save = folder / "war.toml"
    _ok("new", "rauscher-stir-border", "--ruleset", "rauscher", "-o", str(save), "--no-play",
        "--seed", "5")  # fmt: skip
    if sylvania_first:
        (folder / "sylvania.toml").write_text(BUY.format(seat="sylvania", name="Zombies"))
        _ok("apply", str(save), str(folder / "sylvania.toml"))
    (folder / "stirland.toml").write_text(BUY.format(seat="stirland", name="Halberdiers"))
    _ok("apply", str(save), str(folder / "stirland.toml"))
    return _ok("log", str(save), "--as", "stirland").out


def test_a_first_purchase_does_not_tell_that_another_seat_bought_first(tmp_path: Path) -> None:
    """Stirland's log reads the same whether or not Sylvania bought before him, but for the
    code of his purchase, which is no count: not `p2`, not `p1`, four characters."""
    alone = _stirland_buys(tmp_path / "alone", sylvania_first=False)
    after = _stirland_buys(tmp_path / "after", sylvania_first=True)
    (id_alone,) = PURCHASE.findall(alone)
    (id_after,) = PURCHASE.findall(after)
    for purchase in (id_alone, id_after):
        assert purchase[0] == "p" and CODE.fullmatch(purchase[1:]), purchase
    assert alone.replace(id_alone, "ID") == after.replace(id_after, "ID")
    assert "Zombies" not in after


@settings(max_examples=30)
@given(st.integers(0, 2**63), st.integers(1, 2**20 - 2000))
def test_a_counter_never_gives_one_code_twice(seed: int, start: int) -> None:
    """A permutation of the count: two thousand ids in a row are two thousand codes, each
    four characters that cannot be misread."""
    codes = [id_code(seed, "campaign", n) for n in range(start, start + 2000)]
    assert len(set(codes)) == len(codes)
    assert all(CODE.fullmatch(c) for c in codes)


def test_past_a_million_ids_the_codes_grow_and_stay_unique() -> None:
    edge = 2**20
    codes = [id_code(7, "economy", n) for n in range(edge - 3, edge + 3)]
    assert len(set(codes)) == 6 and all(len(c) == 4 for c in codes[:4])
    assert all(len(c) == 5 for c in codes[4:])


def test_another_seed_or_counter_gives_other_codes() -> None:
    """The codes are keyed by the secret seed: knowing one campaign's tells nothing of
    another's, nor one counter's of another's (a purchase's code says nothing of an
    army's)."""
    first = [id_code(1, "campaign", n) for n in range(1, 50)]
    assert first != [id_code(2, "campaign", n) for n in range(1, 50)]
    assert first != [id_code(1, "economy", n) for n in range(1, 50)]


def test_the_codes_do_not_sort_as_the_count_does() -> None:
    """Nor does their order tell the count: of the first hundred ids, about as many are
    followed by a smaller code as by a larger one."""
    codes = [id_code(3, "campaign", n) for n in range(1, 101)]
    rising = sum(a < b for a, b in itertools.pairwise(codes))
    assert 30 < rising < 70


def test_an_older_saves_counted_ids_stay_and_are_never_given_again(tmp_path: Path) -> None:
    """A save written with counted ids keeps them; when the next code happens to be an id an
    older save holds (an army called that by hand), it is passed over."""
    save = tmp_path / "old.toml"
    _ok("new", "rauscher-stir-border", "--ruleset", "rauscher", "-o", str(save), "--no-play",
        "--seed", "5")  # fmt: skip
    session = Session.open(save)
    camp = session.campaign
    taken = "a" + id_code(camp.dice.seed, "campaign", camp.next_id)
    camp.armies.append(Army("a12", "An old army", "stirland"))
    camp.armies.append(Army(taken, "A hand-named army", "stirland"))
    fresh = camp.new_id("a")
    assert fresh not in {"a12", taken} and CODE.fullmatch(fresh[1:])
    assert camp.army("a12") is not None


def test_roll_numbers_count_nothing_and_never_repeat() -> None:
    """ "A roll is numbered the same way (`roll #4821`, four digits, never given twice)":
    the first 9,000 rolls are 9,000 four-digit numbers, the next block's have five digits,
    and the first roll of one campaign is not the first of another."""
    numbers = [roll_number(11, n) for n in range(1, 9001)]
    assert len(set(numbers)) == 9000 and all(1000 <= n <= 9999 for n in numbers)
    assert numbers[:3] != [1, 2, 3] and numbers[:3] != [roll_number(12, n) for n in (1, 2, 3)]
    later = [roll_number(11, n) for n in range(9001, 9101)]
    assert all(10_000 <= n < 20_000 for n in later) and not set(later) & set(numbers)
