"""`tuicamp check FILE...` on a folder of played campaigns: saves, their chronicles and
scenarios are each recognised and checked as what they are; a file that is none of them,
or is of a newer format, gets one line. Real processes, real files: no traceback, exit 2
on any problem, and no file is ever changed by being checked."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from apps import rauscher_kit as K
from apps.ui_kit import FIXED_NOW, make_save

from tuicamp.game.file_checks import FileKind, check_file, kind_of
from tuicamp.storage.saves import FORMAT_VERSION
from tuicamp.storage.scenario import find_scenario


def check(*names: Path | str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "TUICAMP_NOW": FIXED_NOW, "TUICAMP_SAVES": str(cwd)}
    return subprocess.run(
        [sys.executable, "-m", "tuicamp", "check", *map(str, names)],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """A folder as a club's saves/ looks after some evenings: a Rauscher campaign four
    turns in, a sandbox campaign, their chronicles, and a scenario copied in."""
    folder = tmp_path_factory.mktemp("saves")
    K.played_save(folder, "stir")
    make_save(folder, "border")
    shutil.copy(find_scenario("border-war-empire-vs-orcs"), folder / "my-scenario.toml")
    return folder


def test_a_folder_of_played_campaigns_checks_clean(played):
    names = sorted(played.glob("*.toml"))  # what `tuicamp check saves/*.toml` passes
    assert {p.name for p in names} >= {"stir.chronicle.toml", "border.chronicle.toml"}
    before = snapshot(played)
    result = check(*names, cwd=played)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert f"{played / 'stir.chronicle.toml'}: ok (chronicle)" in result.stdout
    assert f"{played / 'stir.toml'}: ok (save)" in result.stdout
    assert f"{played / 'my-scenario.toml'}: ok (scenario)" in result.stdout
    assert snapshot(played) == before


def _bad_files(folder: Path, played: Path) -> dict[str, str]:
    """Bad inputs by file name, each with the words its one line must say."""
    save = (played / "stir.toml").read_text()
    chronicle = (played / "stir.chronicle.toml").read_text()
    scenario = (played / "my-scenario.toml").read_text()
    future = FORMAT_VERSION + 7
    writes = {
        "notes.toml": ('title = "shopping"\nitems = ["bread"]\n', "not a tuicamp file"),
        "empty.toml": ("", "not a tuicamp file"),
        "future.toml": (
            save.replace(f"format_version = {FORMAT_VERSION}", f"format_version = {future}", 1)
            + "\n[new_table]\nx = 1\n",
            f"format version {future}, newer than this tuicamp reads",
        ),
        "future-scenario.toml": (
            scenario.replace("format_version = 1", "format_version = 3", 1).replace(
                "[scenario]", "[scenario_v3]", 1
            ),
            "format_version 3 is not supported",
        ),
        "future-alone.chronicle.toml": (
            chronicle.replace(f"format_version = {FORMAT_VERSION}", f"format_version = {future}", 1)
            .replace("[[event]]", "[[entry]]")
            .replace("[event.", "[entry."),
            f"format version {future}, newer",
        ),
        "broken.toml": ("[header\n", "broken.toml:1"),
        "binary.toml": (None, "not UTF-8"),
    }
    # a chronicle beside its save that lost its last event: checked against the save
    (folder / "short.toml").write_text(save)
    blocks = chronicle.split("[[event]]")
    writes["short.chronicle.toml"] = ("[[event]]".join(blocks[:-1]), "needs")
    out = {}
    for name, (text, needle) in writes.items():
        if text is None:
            (folder / name).write_bytes(b"\x00\xff\xfe garbage")
        else:
            (folder / name).write_text(text)
        out[name] = needle
    return out


def test_every_bad_file_gets_one_clear_line_and_is_left_untouched(tmp_path, played):
    expected = _bad_files(tmp_path, played)
    names = [tmp_path / name for name in expected]
    before = snapshot(tmp_path)
    result = check(*names, cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    lines = result.stderr.strip().splitlines()
    for name, needle in expected.items():
        mine = [line for line in lines if line.startswith(f"{tmp_path / name}:")]
        assert len(mine) == 1, (name, mine)
        assert needle in mine[0], (name, mine[0])
    assert len(lines) == len(expected)
    assert snapshot(tmp_path) == before


def test_a_missing_file_and_a_folder_get_one_line_each(tmp_path):
    result = check(tmp_path / "nowhere.toml", tmp_path, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"{tmp_path / 'nowhere.toml'}: no such file",
        f"{tmp_path}: is a folder, not a TOML file",
    ]


@pytest.mark.parametrize(
    ("name", "data", "kind"),
    [
        ("x.chronicle.toml", {}, FileKind.CHRONICLE),
        ("x.toml", {"format_version": 2, "event": []}, FileKind.CHRONICLE),
        ("x.toml", {"header": {}, "campaign": {}}, FileKind.SAVE),
        ("x.toml", {"map": {}}, FileKind.SCENARIO),
        ("x.toml", {"scenario": {}}, FileKind.SCENARIO),
        ("x.toml", {"format_version": 1}, FileKind.UNKNOWN),
        ("x.toml", {"event": [], "title": "x"}, FileKind.UNKNOWN),
        ("x.toml", {}, FileKind.UNKNOWN),
    ],
)
def test_a_file_is_known_by_its_name_then_its_tables(name, data, kind):
    assert kind_of(Path(name), data) is kind


def test_a_chronicle_alone_is_checked_block_by_block(tmp_path, played):
    alone = tmp_path / "lost.chronicle.toml"
    text = (played / "stir.chronicle.toml").read_text()
    alone.write_text(text)
    assert check_file(alone).problems == []
    alone.write_text(text.replace("seq = 2\n", "seq = 5\n", 1))
    (line,) = check_file(alone).problems
    assert "event 2 has seq = 5" in line
