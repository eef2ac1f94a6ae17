"""A bad save gives one line, ``file:line: what``, and nothing is ever overwritten."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_storage_kit import make_campaign, reseal, tiny  # noqa: F401

from tuicamp.engine.errors import InputError
from tuicamp.game.session import Session
from tuicamp.storage.locations import backup_path, chronicle_path
from tuicamp.storage.saves import load_save, read_header, save_problems

pytestmark = pytest.mark.usefixtures("tiny")


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "war.toml"
    session = Session.create(path, make_campaign())
    session.perform("s1", _note("one"))
    session.perform("s1", _note("two"))
    return path


def _note(text: str):
    from test_storage_kit import Note

    return Note(text=text)


def line_of(path: Path, needle: str, after: str = "") -> int:
    """1-based line of the first line containing ``needle`` (after a line with ``after``)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if after in line) if after else 0
    return next(i for i, line in enumerate(lines) if i >= start and needle in line) + 1


def edit(path: Path, old: str, new: str, count: int = 1, after: str = "") -> None:
    """A hand edit; a save is sealed again after it, so that what loading says is about
    the edited content (the seal's own refusal has tests of its own)."""
    text = path.read_text(encoding="utf-8")
    start = text.index(after) if after else 0
    assert old in text[start:], old
    path.write_text(text[:start] + text[start:].replace(old, new, count), encoding="utf-8")
    if not path.name.endswith(".chronicle.toml"):
        reseal(path)


def load_error(path: Path) -> str:
    """The message of loading ``path``, checked to be one line naming the file; and
    loading, failed or not, must not have written anything."""
    family = [path, chronicle_path(path), backup_path(path)]
    before = {p: p.read_bytes() if p.exists() else None for p in family}
    with pytest.raises(InputError) as failure:
        load_save(path)
    message = str(failure.value)
    assert "\n" not in message
    assert message.startswith((f"{path}:", f"{chronicle_path(path)}:"))
    assert re.match(r"^[^:]+:\d+: \S", message), message
    with pytest.raises(InputError, match=re.escape(message)):
        Session.open(path)
    assert {p: p.read_bytes() if p.exists() else None for p in family} == before
    return message


def _cut_short(save: Path) -> str:
    return (
        f"{save}:2: the save's seal does not match its content: it was cut short or edited "
        f"by hand; restore war.toml.bak, or check it and seal it again with "
        f"`tuicamp check --reseal {save}`"
    )


def test_truncated_toml(save: Path) -> None:
    """A save cut short is told to be cut short (its seal); sealed again regardless, it
    is still no valid TOML."""
    text = save.read_text(encoding="utf-8")
    cut = text.index('name = "Halberdiers"') + len('name = "Halb')
    save.write_text(text[:cut], encoding="utf-8")
    assert load_error(save) == _cut_short(save)
    reseal(save)
    message = load_error(save)
    assert message.startswith(f"{save}:{text[:cut].count(chr(10)) + 1}: not valid TOML")


def test_truncated_between_tables(save: Path) -> None:
    text = save.read_text(encoding="utf-8")
    save.write_text(text[: text.index("[campaign]")], encoding="utf-8")
    assert load_error(save) == _cut_short(save)
    reseal(save)
    assert load_error(save).endswith("the save has no [campaign] table")


@pytest.mark.parametrize(
    ("old", "new", "needle", "after", "expected"),
    [
        (
            "turn = 1\n",
            'turn = "one"\n',
            'turn = "one"',
            "[campaign]",
            "expected a whole number, not 'one'",
        ),
        ("points = 250", "points = 2.5", "points = 2.5", "", "expected a whole number, not 2.5"),
        ("gm = true", 'gm = "sure"', 'gm = "sure"', "", "expected true or false, not 'sure'"),
        (
            'category = "character"',
            'category = "wizard"',
            "wizard",
            "",
            "'wizard' is not a valid Category",
        ),
        (
            'hex = "0202"',
            'hex = "k9"',
            '"k9"',
            "",
            "'k9' is not a hex label (use CCRR, e.g. 0304, or col,row)",
        ),
    ],
)
def test_wrong_types(save: Path, old, new, needle, after, expected) -> None:
    edit(save, old, new, after=after)
    assert load_error(save) == f"{save}:{line_of(save, needle, after)}: {expected}"


def test_unknown_key_names_its_own_line(save: Path) -> None:
    edit(save, "[[campaign.armies]]\n", '[[campaign.armies]]\nbanner = "red"\n')
    assert load_error(save) == f"{save}:{line_of(save, 'banner')}: unknown key(s) (banner)"


def test_unknown_table(save: Path) -> None:
    save.write_text(save.read_text(encoding="utf-8") + "\n[extras]\nx = 1\n", "utf-8")
    reseal(save)
    message = load_error(save)
    assert (
        message == f"{save}:{line_of(save, '[extras]')}: unknown table [extras] (a save "
        "holds [header] and [campaign])"
    )


def test_unknown_ruleset(save: Path) -> None:
    edit(save, 'ruleset = "tiny"', 'ruleset = "warpstone"', count=2)
    line = line_of(save, 'ruleset = "warpstone"', "[campaign]")
    assert load_error(save) == (
        f"{save}:{line}: ruleset 'warpstone' is not installed (installed: tiny)"
    )


def test_a_50_mb_file(save: Path) -> None:
    with save.open("a", encoding="utf-8") as f:
        f.write("# padding\n" * 5_000_000)
    message = load_error(save)
    assert message == f"{save}:1: the file is 50 MB; tuicamp reads at most 20 MB"
    with pytest.raises(InputError, match="50 MB"):
        read_header(save)


@pytest.mark.parametrize(
    ("old", "new", "needle", "expected"),
    [
        ('    ".fhmsd",\n', '    ".fhXsd",\n', ".fhXsd", "terrain row 1: unknown terrain letter"),
        ('    ".fhmsd",\n', '    ".fh",\n', '".fh"', "terrain row 1 has 3 hexes; the map is 6"),
        ('owner = "p2"\nhex', 'owner = "p9"\nhex', '"p9"', "army 'a1': no player 'p9'"),
        (
            'phase = "move"',
            'phase = "dinner"',
            "dinner",
            "phase 'dinner' is not one of move, battle",
        ),
        ('"p1",\n]\ngm', '"p7",\n]\ngm', '"p7"', "seat 's1': no player 'p7'"),
        ('id = "a1"', 'id = "a0"', 'id = "a0"', "a second army with id 'a0'"),
    ],
)
def test_inconsistent_campaigns(save: Path, old, new, needle, expected) -> None:
    edit(save, old, new, after="[campaign]")
    message = load_error(save)
    line = line_of(save, needle, "[campaign]")
    if needle == 'id = "a0"':  # the second army's id, not the first one's
        line = line_of(save, needle, 'name = "Host 0"')
    assert message.startswith(f"{save}:{line}: {expected}")


def test_not_a_save(tmp_path: Path) -> None:
    path = tmp_path / "scenario.toml"
    path.write_text('format_version = 1\n[scenario]\nid = "x"\n', encoding="utf-8")
    assert (
        load_error(path) == f"{path}:1: not a tuicamp save: it does not start with a [header] table"
    )
    with pytest.raises(InputError, match="does not start with a \\[header\\]"):
        read_header(path)
    empty = tmp_path / "empty.toml"
    empty.write_text("", encoding="utf-8")
    assert "not a tuicamp save" in load_error(empty)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        load_save(tmp_path / "nothing.toml")
    with pytest.raises(InputError, match="no such file"):
        read_header(tmp_path / "nothing.toml")
    with pytest.raises(InputError, match="is a folder"):
        load_save(tmp_path)


def test_bad_header_is_one_line(save: Path) -> None:
    edit(save, "revision = 3\nfinished", 'revision = "three"\nfinished')
    line = line_of(save, 'revision = "three"')
    expected = f"{save}:{line}: expected a whole number, not 'three'"
    assert load_error(save) == expected
    with pytest.raises(InputError) as failure:
        read_header(save)
    assert str(failure.value) == expected


def test_a_chronicle_problem_names_the_chronicle(save: Path) -> None:
    chron = chronicle_path(save)
    edit(chron, "seq = 2\nturn = 1", "seq = 2\nturn = false")
    assert load_error(save) == (
        f"{chron}:{line_of(chron, 'turn = false')}: expected a whole number, not False"
    )


def test_events_out_of_order(save: Path) -> None:
    chron = chronicle_path(save)
    edit(chron, "seq = 2\n", "seq = 7\n")
    assert load_error(save) == (
        f"{chron}:{line_of(chron, 'seq = 7')}: event 2 has seq = 7; the events must be "
        "numbered 1, 2, 3, ... in order"
    )


def test_fewer_events_than_the_save_needs(save: Path) -> None:
    chron = chronicle_path(save)
    text = chron.read_text(encoding="utf-8")
    chron.write_text(text[: text.rindex("[[event]]")], encoding="utf-8")
    message = load_error(save)
    assert message.startswith(f"{chron}:")
    assert "holds 1 events but war.toml needs 2" in message
    chron.unlink()
    assert load_error(save) == (
        f"{save}:{line_of(save, 'chronicle_length')}: the chronicle war.chronicle.toml is "
        "missing; war.toml needs 2 events from it"
    )


def test_save_problems_lists_every_problem(save: Path) -> None:
    assert save_problems(save) == []
    edit(save, "turn = 1\n", 'turn = "one"\n', after="[campaign]")
    edit(save, "[[campaign.armies]]\n", '[[campaign.armies]]\nbanner = "red"\n')
    edit(save, 'ruleset = "tiny"', 'ruleset = "warpstone"', count=2)
    edit(chronicle_path(save), "seq = 2\n", "seq = 5\n")
    problems = save_problems(save)
    assert len(problems) == 4, problems
    assert all("\n" not in p and re.match(r"^[^:]+:\d+: ", p) for p in problems)
    joined = "\n".join(problems)
    for expected in ("'one'", "banner", "warpstone", "seq = 5"):
        assert expected in joined
    assert problems == save_problems(save)  # checking writes nothing either


def test_save_problems_of_an_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("[header]\nformat_version = 1\nname = \n", encoding="utf-8")
    [problem] = save_problems(path)
    assert problem.startswith(f"{path}:3: not valid TOML")


def test_a_good_save_is_loaded_without_scanning_for_lines(save: Path, monkeypatch) -> None:
    # The line locator costs about as much as parsing; only a complaint may build it.
    from tuicamp.storage.tomlfile import Locator

    def no_scan(text):
        raise AssertionError("the locator was built for a good file")

    monkeypatch.setattr(Locator, "scan", staticmethod(no_scan))
    campaign, events = load_save(save)
    assert len(events) == 2 and campaign.state.notes == ["begun", "one", "two"]
