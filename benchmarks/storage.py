"""How fast tuicamp saves and loads, against bare tomllib + tomli_w on the same data.

Run by hand, in the project's virtual environment: ``python benchmarks/storage.py``. It
builds a campaign with a
200 x 200 map, 500 armies and 5,000 chronicle events, then measures, in one run:

- the round trip through tuicamp's storage (``Session.create`` writes the save and its
  chronicle from model objects; ``load_save`` reads, validates and structures them back),
  against the same plain data written with ``tomli_w`` and read with ``tomllib``, files and
  all (target: no more than 1.3x);
- one autosave (``Session.perform`` of a GM correction, which rewrites the state and
  appends to the chronicle) with 50 events in the chronicle and with 5,000 (target: the
  second no more than 1.5x the first: the chronicle is not rewritten).

- the save alone (``Session.create``: the campaign unstructured, its numbers checked, the
  state sealed and both files written atomically) against ``tomli_w.dumps`` of the same
  plain data and a plain write of it (target: no more than 1.3x).

Times are the medians of interleaved runs (``measure.py``: the contenders take turns, the
garbage collector paused around each). Set ``TUICAMP_BENCH_REPEAT`` for more or fewer.
"""

from __future__ import annotations

import os
import random
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import tomli_w
from attrs import define, field
from measure import Goal, Row, interleaved, medians, report

from tuicamp.engine import registry
from tuicamp.engine.actions import Event
from tuicamp.engine.codec import campaign_to_dict, unstructure
from tuicamp.engine.corrections import CorrectTreasury
from tuicamp.engine.dice import Roll
from tuicamp.engine.ruleset import Phase, Ruleset
from tuicamp.game.session import Session
from tuicamp.model.campaign import Campaign, DiceState
from tuicamp.model.forces import Army, Category, Player, Seat, Unit
from tuicamp.model.hexes import Hex, Hexside
from tuicamp.model.map import HexMap, Settlement, Territory
from tuicamp.storage.chronicle import chronicle_head, event_dict
from tuicamp.storage.locations import chronicle_path
from tuicamp.storage.saves import FORMAT_VERSION, load_save, make_header

REPEAT = int(os.environ.get("TUICAMP_BENCH_REPEAT", "7"))
SIZE, ARMIES, EVENTS = 200, 500, 5_000


@define
class BenchState:
    fatigue: dict[str, int] = field(factory=dict)
    sieges: list[str] = field(factory=list)


class BenchRuleset(Ruleset):
    """A stand-in ruleset: the storage cost does not depend on the rules."""

    id = "bench"
    title = "Benchmark"
    phases = (Phase("move", "Move"), Phase("battle", "Battle"))
    state_class = BenchState
    # Defined in a script, it has no package for its tables to be read from (Ruleset
    # looks for tables/*.toml beside its module, and __main__ has no such place).
    _written_tables: ClassVar[dict[str, Any]] = {}

    def apply(self, ctx, action) -> None:
        raise NotImplementedError


def build_campaign(rng: random.Random) -> Campaign:
    letters = ".....ffhhmsdjwl~"
    terrain = ["".join(rng.choice(letters) for _ in range(SIZE)) for _ in range(SIZE)]
    territories = []
    for t in range(50):  # 50 territories of 4 rows x 200 columns
        hexes = [Hex.from_offset(c, r) for r in range(t * 4, t * 4 + 4) for c in range(SIZE)]
        territories.append(Territory(f"t{t}", f"Territory {t}", hexes, f"p{t % 8}", 3))
    settlements = [
        Settlement(
            f"s{i}",
            rng.choice(["village", "town", "city"]),
            f"Place {i}",
            Hex.from_offset(rng.randrange(SIZE), rng.randrange(SIZE)),
            owner=f"p{i % 8}",
            stores={"food": rng.randrange(6)},
        )
        for i in range(300)
    ]
    sides = []
    for _ in range(2_000):
        h = Hex.from_offset(rng.randrange(1, SIZE - 1), rng.randrange(1, SIZE - 1))
        sides.append(Hexside(h, h.neighbour(rng.randrange(6))))
    hexmap = HexMap(
        SIZE, SIZE, terrain, {"river": sides[:1000], "road": sides[1000:]}, territories, settlements
    )
    players = [Player(f"p{i}", f"Player {i}", "empire", treasury=100) for i in range(8)]
    seats = [Seat(f"s{i}", f"Seat {i}", [f"p{i}"]) for i in range(8)]
    seats.append(Seat("gm", "Games Master", gm=True))
    armies = []
    for a in range(ARMIES):
        units = [
            Unit(
                f"u{a}_{k}",
                f"Unit {k}",
                rng.randrange(50, 400),
                rng.choice(list(Category)),
                models=rng.randrange(1, 30),
                flags={"veteran"} if k == 0 else set(),
            )
            for k in range(rng.randrange(3, 8))
        ]
        armies.append(
            Army(
                f"a{a}",
                f"Army {a}",
                f"p{a % 8}",
                Hex.from_offset(rng.randrange(SIZE), rng.randrange(SIZE)),
                units,
            )
        )
    return Campaign(
        name="Benchmark campaign",
        scenario="bench",
        ruleset="bench",
        map=hexmap,
        players=players,
        seats=seats,
        armies=armies,
        phase="move",
        dice=DiceState(seed=99),
        state=BenchState({f"a{a}": a % 4 for a in range(ARMIES)}),
    )


def build_events(rng: random.Random, count: int) -> list[Event]:
    events = []
    for seq in range(1, count + 1):
        rolls = []
        if seq % 3 == 0:
            dice = [rng.randint(1, 6), rng.randint(1, 6)]
            rolls.append(Roll("2d6", "pursuit", dice, sum(dice), id=seq))
        events.append(
            Event(
                seq=seq,
                turn=1 + seq // 200,
                phase="move",
                kind="move",
                text=f"Army {seq % ARMIES} marches from 0101 to 0102 (event {seq})",
                seat=f"s{seq % 8}",
                rolls=rolls,
                undoable=not rolls,
                action=seq,
                data={"army": f"a{seq % ARMIES}", "path": ["0101", "0102"]},
            )
        )
    return events


def main() -> int:
    registry.load_rulesets = lambda: {"bench": BenchRuleset()}
    os.environ.setdefault("TUICAMP_NOW", "2024-05-01T18:00:00Z")
    rng = random.Random(7)
    campaign = build_campaign(rng)
    events = build_events(rng, EVENTS)
    with tempfile.TemporaryDirectory(prefix="tuicamp-bench-") as tmp:
        return measure(campaign, events, Path(tmp))


def measure(campaign: Campaign, events: list[Event], folder: Path) -> int:
    save = folder / "bench.toml"

    def tuicamp_round_trip() -> None:
        Session.create(save, campaign, events, overwrite=True)
        load_save(save)

    # The bare peer: the same plain data (unstructured once, outside the timing) written
    # with tomli_w and parsed with tomllib, through real files.
    plain_campaign = campaign_to_dict(campaign)
    plain_header = unstructure(make_header(campaign, 1, "2024-05-01T18:00:00Z"))
    plain_events = [event_dict(e) for e in events]
    bare_save, bare_chronicle = folder / "bare.toml", folder / "bare.chronicle.toml"

    def bare_write() -> None:
        doc = {"header": plain_header, "campaign": plain_campaign}
        bare_save.write_text(tomli_w.dumps(doc), encoding="utf-8")
        bare_chronicle.write_bytes(
            chronicle_head(FORMAT_VERSION) + tomli_w.dumps({"event": plain_events}).encode()
        )

    def bare_round_trip() -> None:
        bare_write()
        tomllib.loads(bare_save.read_text(encoding="utf-8"))
        tomllib.loads(bare_chronicle.read_text(encoding="utf-8"))

    tuicamp_round_trip()  # warm up imports and caches
    runs = interleaved(
        {
            "bare": bare_round_trip,
            "ours": tuicamp_round_trip,
            "bare write": bare_write,
            "save": lambda: Session.create(save, campaign, events, overwrite=True),
            "load": lambda: load_save(save),
        },
        REPEAT,
    )
    t = medians(runs)
    size = save.stat().st_size + chronicle_path(save).stat().st_size

    def autosaving(n_events: int) -> Callable[[], object]:
        path = folder / f"autosave-{n_events}.toml"
        Session.create(path, campaign, events[:n_events], overwrite=True)
        session = Session.open(path)
        amounts = iter(range(10**6))
        return lambda: session.perform(
            "gm", CorrectTreasury(player="p1", amount=next(amounts), reason="bench")
        )

    a = medians(
        interleaved({"small": autosaving(50), "large": autosaving(EVENTS)}, repeat=REPEAT * 4)
    )
    print(
        f"campaign: {SIZE} x {SIZE} map, {ARMIES} armies, {EVENTS} events; "
        f"files {size / 1e6:.1f} MB; median of {REPEAT} interleaved runs "
        f"(autosaves: of {REPEAT * 4}); load alone {t['load'] * 1000:.1f} ms"
    )
    rows = [
        Row("save + load round trip vs tomli_w + tomllib", t["ours"], t["bare"], Goal(1.3)),
        Row("save alone vs tomli_w.dumps + write", t["save"], t["bare write"], Goal(1.3)),
        Row(f"autosave with {EVENTS:,} events vs with 50", a["large"], a["small"], Goal(1.5)),
    ]
    return report(rows)


if __name__ == "__main__":
    raise SystemExit(main())
