"""The README's orders example is true: made against the demo campaign as the README says,
the orders apply with ``tuicamp apply`` (the bundled scenario's real seat and army), and the
same orders again are refused, as the README promises for orders with an id."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def readme_orders() -> str:
    """The TOML block after the ``<!-- orders-example -->`` marker."""
    text = README.read_text(encoding="utf-8")
    found = re.search(r"<!-- orders-example -->\n```toml\n(.*?)```", text, re.S)
    assert found, "README.md has no orders example after <!-- orders-example -->"
    return found.group(1)


def readme_commands() -> list[list[str]]:
    """The README's `tuicamp new ... --no-play` and `tuicamp apply ...` of the example."""
    text = README.read_text(encoding="utf-8")
    new = re.search(r"`tuicamp (new skirmish-valley [^`]*--no-play)`", text)
    apply = re.search(r"`tuicamp (apply saves/valley\.toml orders\.toml)`", text)
    assert new and apply, "the README no longer says how to make and apply the example"
    return [new.group(1).split(), apply.group(1).split()]


def tuicamp(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tuicamp.cli", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "HOME": str(cwd), "TUICAMP_NOW": "2024-05-01T18:00:00Z"},
    )


def test_the_readme_orders_example_applies_to_the_demo_campaign(tmp_path: Path) -> None:
    (tmp_path / "orders.toml").write_text(readme_orders(), encoding="utf-8")
    new, apply = readme_commands()
    made = tuicamp(new, tmp_path)
    assert made.returncode == 0, made.stderr
    applied = tuicamp(apply, tmp_path)
    assert applied.returncode == 0, applied.stderr
    assert "moved 0204 -> 0304" in applied.stdout
    assert "saved at revision 2" in applied.stdout
    again = tuicamp(apply, tmp_path)
    assert again.returncode == 2
    assert "applied already" in again.stderr and again.stderr.count("\n") == 1
