"""What `check` passes, play can play; what play would stumble on, `check` refuses.

Issue 10, point 6: "Checks that pass what play refuses. Bad `[campaign.victory]` values
(`turn_limit = inf`, `nan`, `"six"`, `targets = "x"`) pass `check` and then every `apply`
exits 1; `chronicle_length = -1` makes `check` exit 1; `models = 0` passes. Saves get the
same checks as scenarios."
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from integrity_kit import MOVE, SCENARIO, env, family, new_save, ok, orders, refused, tuicamp  # noqa: F401
from test_storage_kit import reseal

from tuicamp.storage.scenario import find_scenario

CAPITALS = '[campaign.victory.capitals]\nempire = "averheim"\norcs = "black-crag"\n'


def _edit(save: Path, old: str, new: str) -> int:
    """A hand edit, sealed again as `tuicamp check --reseal` would (without its checks):
    the content is what is judged. Returns the line of the edit."""
    text = save.read_text(encoding="utf-8")
    assert old in text, old
    at = text.index(old)
    save.write_text(text[:at] + new + text[at + len(old) :], encoding="utf-8")
    reseal(save)
    return text[:at].count("\n") + 1


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "turn_limit = 12",
            "turn_limit = inf",
            "turn_limit is a whole number of turns (0: no limit), not inf",
        ),
        (
            "turn_limit = 12",
            "turn_limit = nan",
            "turn_limit is a whole number of turns (0: no limit), not nan",
        ),
        (
            "turn_limit = 12",
            'turn_limit = "six"',
            "turn_limit is a whole number of turns (0: no limit), not 'six'",
        ),
        (
            "turn_limit = 12",
            "turn_limit = -1",
            "turn_limit is a whole number of turns (0: no limit), not -1",
        ),
        (
            'type = "capitals"',
            'type = "capture"\ntargets = "x"',
            "victory targets is a table of player = settlement, not 'x'",
        ),
        (
            CAPITALS,
            'capitals = "x"\n',
            "victory capitals is a table of player = settlement, not 'x'",
        ),
        ('empire = "averheim"', "empire = 5", "victory capitals.empire names no settlement (5)"),
        ('type = "capitals"', "type = 7", "victory type is text, not 7"),
        ("chronicle_length = 1", "chronicle_length = -1", "chronicle_length cannot be negative"),
        ("chronicle_length = 1", "chronicle_length = -5", "chronicle_length cannot be negative"),
        ("treasury = 50", "treasury = -50", "player 'empire': a treasury cannot be negative (-50)"),
        ("revenue = 20", "revenue = -20", "revenue cannot be negative (-20)"),
    ],
)
def test_a_save_check_refuses_what_play_could_not_play(
    env: Path,  # noqa: F811
    old: str,
    new: str,
    expected: str,
) -> None:
    save = new_save(env)
    line = _edit(save, old, new)
    run = tuicamp("check", save)
    assert run.code == 2
    first = run.err.split("\n")[0]
    assert re.match(rf"^{re.escape(str(save))}:\d+: ", first), first
    assert first.endswith(expected), first
    assert abs(int(first.split(":")[1]) - line) <= 3, (first, line)  # at the edit
    move = orders(env, MOVE)
    before = family(save)
    for command in (["apply", save, move], ["show", save], ["log", save], ["battles", save]):
        assert refused(*command).endswith(expected)
    assert family(save) == before


def test_stores_in_a_save_are_never_negative(env: Path) -> None:  # noqa: F811
    save = new_save(env)
    text = save.read_text(encoding="utf-8")
    stores = re.search(r"(?m)^\[campaign\.map\.settlements\.stores\]\n(\w+) = (\d+)", text)
    if stores is None:  # the bundled border war keeps none: give Averheim some by hand
        _edit(save, 'id = "averheim"\n', 'id = "averheim"\nstores = { food = -2 }\n')
    else:
        _edit(save, stores.group(0), stores.group(0).replace(f"= {stores.group(2)}", "= -2"))
    assert refused("show", save).endswith("stores cannot be negative (food -2)")


def test_a_scenario_victory_the_sandbox_cannot_read_is_refused(env: Path) -> None:  # noqa: F811
    """The scenario's own check asks the ruleset about its [victory] table too (R-SB-12),
    so `new` never starts a campaign whose first action would stumble on it."""
    path = env / "bad.toml"
    shutil.copyfile(find_scenario(SCENARIO), path)
    text = path.read_text(encoding="utf-8")
    start = text.index("[victory]")
    end = text.index("\n[", start + 1)
    victory = '[victory]\ntype = "capture"\ntargets = "x"\n'
    path.write_text(text[:start] + victory + text[end:], encoding="utf-8")
    run = tuicamp("check", path)
    assert run.code == 2
    line = text[:start].count("\n") + 3  # the targets = "x" line itself
    assert run.err == (
        f"{path}:{line}: sandbox: victory targets is a table of player = settlement, not 'x'\n"
    )
    assert refused("new", path, "-r", "sandbox", "-o", env / "x.toml", "--no-play").endswith(
        "victory targets is a table of player = settlement, not 'x'"
    )


def test_a_unit_of_no_models_is_checked_and_played_in_the_sandbox(env: Path) -> None:  # noqa: F811
    """R-SB-2: "a unit's points, models and M cannot be negative": the sandbox itself
    raises and keeps units of no models (the club's business), so a save holding one is
    no problem to `check`, and play goes on with it (nothing divides by models)."""
    save = new_save(env)
    _edit(save, "models = 20", "models = 0")
    assert ok("check", save).out == f"{save}: ok (save)\n"
    ok("apply", save, orders(env, MOVE))
    assert "0 models" in ok("show", save).out


def test_a_scenario_number_no_save_can_hold_is_refused_before_any_file_is_made(
    env: Path,  # noqa: F811
) -> None:
    """A campaign started from it could not be saved: `check` says so at its line, and
    `new` makes no file at all (not even the save's lock)."""
    path = env / "big.toml"
    text = find_scenario("rauscher-penleck-crown").read_text(encoding="utf-8")
    assert "campaign_points = 18000" in text
    path.write_text(
        text.replace("campaign_points = 18000", "campaign_points = 9223372036854775808"), "utf-8"
    )
    line = text[: text.index("campaign_points = 18000")].count("\n") + 1
    expected = (
        f"{path}:{line}: 9223372036854775808 is past the largest number a save can hold "
        "(9,223,372,036,854,775,807); nothing in a scenario needs one so large"
    )
    run = tuicamp("check", path)
    assert (run.code, run.err) == (2, expected + "\n")
    out = env / "out"
    out.mkdir()
    assert refused("new", path, "-r", "rauscher", "-o", out / "x.toml", "--no-play") == (
        f"tuicamp: {expected}"
    )
    assert list(out.iterdir()) == []


def test_a_rauscher_victory_type_that_is_no_text_is_refused(env: Path) -> None:  # noqa: F811
    path = env / "typed.toml"
    text = find_scenario("rauscher-stir-border").read_text(encoding="utf-8")
    path.write_text(text.replace('type = "conquest"', 'type = ["x"]', 1), "utf-8")
    run = tuicamp("check", path)
    assert run.code == 2
    assert run.err.strip().endswith(
        "rauscher: type ['x'] is not one of conquest, destruction, "
        "invasion, art_of_war, family_squabble, cauldron_temple"
    )


def test_a_war_decided_as_its_last_player_ended_the_phase_loads(env: Path) -> None:  # noqa: F811
    """The clock stops where the war was decided: when the last player of the order ended
    the phase, the position is one past the last player, and the save is whole. Before
    the war is over the same position is refused."""
    save = new_save(env)
    _edit(save, "position = 0", "position = 2")
    assert refused("show", save).endswith(
        "position is 2: it counts the players of the turn order, from 0 to 1"
    )
    _edit(save, "next_id = 1\nfinished = false", "next_id = 1\nfinished = true")  # the campaign's
    assert ok("show", save)
