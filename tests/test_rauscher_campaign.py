"""A whole Rauscher campaign played from the command line, as a play-by-file club would:
`tuicamp new` with a fixed seed and auto-resolved battles, then one orders file after
another through `tuicamp apply` (real files; the first and last commands real processes,
the orders of the war between them the same command line run in the test's process),
until the war is won.

The scenario is the Race to the Cauldron Temple: "Both players armies rush to take the
temple in the middle. The temple is defended by 1,500 points worth of neutral troops. The
first General (not a typical army General, but your ruler) to enter the temple gets a
powerful magic item - fight it out."

Each Warmaster plays the obvious plan: the ruler's host marches fast towards the temple,
as far as it may go each turn; the Games Master closes the phases nobody acts in. Where the
host may go is asked of the rules (the save read back, the march tried on a scratch copy),
so the orders are whatever a player would write; the dice decide the rest.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

from integrity_kit import tuicamp
from rauscher_rules import rauscher_rules

from tuicamp.engine.errors import RuleError
from tuicamp.game.session import Session
from tuicamp.rules.rauscher import victory
from tuicamp.rules.rauscher.movement.actions import DeclareMarch
from tuicamp.rules.rauscher.movement.costs import reach

SCENARIO = "rauscher-cauldron-temple"
SEED = 1
RULER_HOSTS = {"asur": "althran-host", "druchii": "dreadlord-host"}
# the phases the Games Master closes for both Warmasters, from each phase up to Movement
GM_PHASES = ("combat", "resolution", "upkeep", "effects")
END = {"kind": "end_phase"}


@contextlib.contextmanager
def _environ(env: dict[str, str]) -> Iterator[None]:
    old = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(old)


class Table:
    """The club: a save folder, the tuicamp command, and the orders files written so far.

    ``run`` starts the real ``python -m tuicamp`` process; the orders files of the war,
    which only repeat that start-up, are applied by the same command line run in this
    process (integrity_kit.tuicamp), in the same folder with the same environment."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.save = folder / "cauldron.toml"
        self.orders = 0
        self.env = {**os.environ, "TUICAMP_SAVES": str(folder / "saves")}

    def run(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "tuicamp", *args],
            cwd=self.folder,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    def run_here(self, *args: str) -> subprocess.CompletedProcess:
        with contextlib.chdir(self.folder), _environ(self.env):
            done = tuicamp(*args)
        return subprocess.CompletedProcess(args, done.code, done.out, done.err)

    def apply(
        self, seat: str, actions: list[dict], *, real: bool = False
    ) -> subprocess.CompletedProcess:
        self.orders += 1
        path = self.folder / f"orders-{self.orders:02d}-{seat}.toml"
        lines = [f'seat = "{seat}"', ""]
        for action in actions:
            lines.append("[[action]]")
            lines += [f'{k} = "{v}"' for k, v in action.items()]
            lines.append("")
        path.write_text("\n".join(lines), encoding="utf-8")
        return (self.run if real else self.run_here)("apply", str(self.save), str(path))

    def campaign(self):
        return Session.open(self.save).campaign


def warmasters_orders(table: Table, mover: str) -> list[dict]:
    """March the ruler's host fast, as close to the temple as it may get this turn."""
    scratch = Session.open(table.save)  # read only: its engine is never saved
    camp = scratch.campaign
    host = RULER_HOSTS[mover]
    army = camp.army(host)
    temple = victory._temple(camp)
    if army is None or army.hex is None:
        return [END]
    orders = []
    try:
        scratch.engine.perform(mover, DeclareMarch(army=host, march="fast"))
        orders.append({"kind": "march", "army": host, "march": "fast"})
    except RuleError:
        pass  # it has moved already, or may not march: it moves as it stands
    options = reach(rauscher_rules(camp), host)
    best = min(options, key=lambda h: (h.distance(temple), options[h], h.col, h.row))
    if best != army.hex:
        orders.append({"kind": "move", "army": host, "to": camp.map.label(best)})
    rivals = [a for a in victory.holding_armies(camp, {temple}) if a.owner != mover]
    if best == temple and not rivals:
        return orders  # this move wins the race: nothing may follow it
    return [*orders, END]


def test_a_campaign_played_by_orders_files_to_its_victory(tmp_path):
    table = Table(tmp_path)
    made = table.run(
        "new",
        SCENARIO,
        "--ruleset",
        "rauscher",
        "--seed",
        str(SEED),
        "--option",
        "auto_resolve_battles=true",
        "--option",
        "pass_idle_phases=false",  # the Games Master's orders end every phase by hand
        "--no-play",
        "-o",
        str(table.save),
    )
    assert made.returncode == 0, made.stderr

    for _ in range(60):  # at most 12 turns of 3 orders files, with room to spare
        camp = table.campaign()
        if camp.finished:
            break
        if camp.phase == "movement":
            mover = camp.state.move_order[camp.flow.position]
            done = table.apply(mover, warmasters_orders(table, mover))
        else:
            left = GM_PHASES[GM_PHASES.index(camp.phase) :]
            # the Games Master names each Warmaster whose part he ends, in the race order
            ends = [{**END, "player": p} for _ in left for p in camp.state.move_order]
            done = table.apply("gm", ends)
        assert done.returncode == 0, (done.stdout, done.stderr)
    else:
        raise AssertionError("the campaign never ended")

    # the save says the war is over, and who won
    data = tomllib.loads(table.save.read_text(encoding="utf-8"))
    assert data["header"]["finished"] is True and data["campaign"]["finished"] is True
    winners = data["campaign"]["winner"]
    assert len(winners) == 1 and winners[0] in RULER_HOSTS

    # ... and it is the rules' verdict: read back, the state shows why
    camp = table.campaign()
    verdict = victory.check(rauscher_rules(camp))
    assert verdict is not None and verdict.winners == winners
    if "enters the Cauldron Temple" in verdict.text:  # the race was won in the temple
        temple = victory._temple(camp)
        ((host, _ruler),) = victory.rulers(camp, winners[0])
        assert host.hex == temple and not victory.temple_defenders(camp)
        assert not [a for a in victory.holding_armies(camp, {temple}) if a.owner != winners[0]]
    else:  # or nobody got in, and the most territories won when the last turn ended
        assert (camp.turn, camp.phase) == (victory.turn_limit(camp), "resolution")
        held = {p: victory.territories_held(camp, p) for p in RULER_HOSTS}
        assert held[winners[0]] == max(held.values())
    assert any(b.status.value == "auto" for b in camp.battles), "battles were fought"
    assert all(not b.pending for b in camp.battles)

    # `tuicamp show` and the chronicle report it
    name = camp.player(winners[0]).name
    shown = table.run("show", str(table.save))
    assert shown.returncode == 0, shown.stderr
    assert f"The campaign is over. Winner: {name}" in shown.stdout
    log = table.run("log", str(table.save))
    assert "The Race to the Cauldron Temple:" in log.stdout

    # once it is over, nobody gives orders any more
    late = table.apply("asur", [END], real=True)
    assert late.returncode == 2 and "over" in late.stderr
    assert tomllib.loads(table.save.read_text(encoding="utf-8"))["campaign"]["winner"] == winners
