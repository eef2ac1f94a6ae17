"""A club's own ruleset, shipped as its own package, plugs in through the entry-point group
exactly like the bundled ones (DESIGN: "a ruleset is a plugin")."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tuicamp.storage.scenario import find_scenario

PLUGIN = textwrap.dedent(
    '''
    """A tiny third-party ruleset: one action, one phase."""
    from attrs import define
    from tuicamp.engine.actions import Action
    from tuicamp.engine.ruleset import Phase, Ruleset


    @define(kw_only=True)
    class Shout(Action):
        kind = "shout"
        summary = "Shout a battle cry"
        words: str


    class ClubRules(Ruleset):
        id = "clubrules"
        title = "Club Rules (third party)"
        summary = "A ruleset from outside tuicamp."
        phases = (Phase("war", "War"),)
        actions = (Shout,)

        def apply(self, ctx, action):
            ctx.require(action.words.strip(), "Shout something")
            ctx.emit("shout", f"{ctx.seat.name} shouts: {action.words}")
    '''
)


def install_plugin(root: Path) -> dict[str, str]:
    """A real installed distribution: a module and a dist-info with entry_points.txt."""
    (root / "clubrules.py").write_text(PLUGIN)
    info = root / "clubrules-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: clubrules\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[tuicamp.rulesets]\nclubrules = clubrules:ClubRules\n")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH", "")]))
    env["TUICAMP_SAVES"] = str(root / "saves")
    return env


def tuicamp(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tuicamp", *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_third_party_ruleset_is_listed_and_starts_a_campaign(tmp_path):
    env = install_plugin(tmp_path)
    listed = tuicamp(["rulesets"], env, tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "clubrules" in listed.stdout and "Club Rules (third party)" in listed.stdout

    text = find_scenario("skirmish-valley").read_text()
    scenario = tmp_path / "club.toml"
    scenario.write_text(text + "\n[ruleset.clubrules]\n")
    assert tuicamp(["check", str(scenario)], env, tmp_path).returncode == 0
    created = tuicamp(
        ["new", str(scenario), "--ruleset", "clubrules", "-o", "c.toml", "--no-play"],
        env,
        tmp_path,
    )
    assert created.returncode == 0, created.stderr
    seats = tuicamp(["show", "c.toml"], env, tmp_path)
    assert "Club Rules (third party)" in seats.stdout
    (tmp_path / "o.toml").write_text('[[action]]\nkind = "shout"\nwords = "Waaagh!"\n')
    applied = tuicamp(["apply", "c.toml", "o.toml", "--as", "gm"], env, tmp_path)
    assert applied.returncode == 0, applied.stderr
    assert "shouts: Waaagh!" in applied.stdout


def test_without_the_plugin_the_ruleset_is_unknown(tmp_path):
    env = dict(os.environ, TUICAMP_SAVES=str(tmp_path / "saves"))
    listed = tuicamp(["rulesets"], env, tmp_path)
    assert "clubrules" not in listed.stdout
