"""Actions cost what they change: one action on a big map, a turn with many armies, its memory.

Run by hand, in the project's virtual environment: ``python benchmarks/turn_scaling.py
[--repeat R]``. Three rows, each with its goal and verdict (``benchmarks/measure.py``):

- **one action on a 200 x 200 map** against the same action on the demo map, both through
  what a player runs (``Session.perform``: the engine, its refusal and undo points, and the
  autosave). The demo is ``skirmish-valley`` under the sandbox; the big campaign is the
  same campaign with its map grown to 200 x 200 (the demo's rows repeated), so the two
  differ in the map alone. The action is a GM correction of a treasury, which no
  ruleset's search prices: what is measured is what the engine and the session do per
  action. Goal: <= 2x. The same action on the storage benchmark's campaign (200 x 200,
  500 armies, 5,000 events: ``benchmarks/storage.py``) is a second row with the same goal,
  and the engine's share of it (without the autosave) is printed beside it: the autosave
  writes the whole state, so that row measures the save as much as the action.
- **one Rauscher turn on a 40 x 40 map, 32 armies against 128**, through the engine (the
  Stir Border scenario, its map grown to 40 x 40, two field armies cloned): every phase
  ended in turn, every army marching one hex in the Movement phase. Four times the armies
  make about three and a half times the actions, so the turn may cost no more than x4.4.
- **memory of one Rauscher turn with 128 armies**: the most memory the turn held above
  what it started with (tracemalloc's peak: the undo points of its Movement phase, the
  chronicle's new events and every temporary), against the campaign's own size (the
  memory its objects take, read from its plain data as a save is read: the converter
  warmed first, since the code cattrs generates once per process is no campaign's, and the
  data decoded from its text inside the measure and dropped, so the campaign owns its
  texts as one read from disk does). Goal: <= 2x.

Every repetition builds the campaigns afresh outside the timing; the contenders take turns
and the medians are compared. Exit status 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import sys
import tempfile
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path

import storage as storage_bench
from attrs import evolve
from measure import Goal, Row, interleaved, medians, report

from tuicamp.engine.actions import Action
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.corrections import CorrectTreasury
from tuicamp.engine.engine import Engine
from tuicamp.engine.flow import acting_seats
from tuicamp.game.scenarios import load_scenario
from tuicamp.game.session import Session
from tuicamp.game.setup import new_campaign, start_campaign
from tuicamp.model.campaign import Campaign
from tuicamp.model.map import HexMap
from tuicamp.rules.rauscher.movement.actions import Move
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.sandbox.state import SandboxState
from tuicamp.storage.scenario import find_scenario

BIG_MAP, TURN_MAP = 200, 40
FEW, MANY = 32, 128
ACTION_GOAL, TURN_GOAL, MEMORY_GOAL = Goal(2.0), Goal(4.4), Goal(2.0)


def grown(hexmap: HexMap, size: int) -> HexMap:
    """``hexmap`` grown to ``size`` x ``size``: its rows repeated across and down, its
    hexsides, territories and settlements where they were."""
    rows = [
        "".join(hexmap.terrain[r % hexmap.height][c % hexmap.width] for c in range(size))
        for r in range(size)
    ]
    return HexMap(
        size,
        size,
        rows,
        hexmap.hexsides,
        hexmap.territories,
        hexmap.settlements,
        vocabulary=hexmap.vocabulary,
    )


# --- one action on the demo map and on a 200 x 200 map -------------------------------------
def demo_session(folder: Path, size: int | None) -> Session:
    """The demo campaign, saved, its map grown to ``size`` (None: as it is)."""
    engine = start_campaign(load_scenario(find_scenario("skirmish-valley")), "sandbox", seed=5)
    campaign = engine.campaign
    if size is not None:
        campaign.map = grown(campaign.map, size)
    name = f"demo-{size or 'as-is'}.toml"
    return Session.create(folder / name, campaign, engine.chronicle, overwrite=True)


def one_action(session: Session) -> Callable[[], object]:
    """A GM correction of the first player's treasury, alternating between two amounts."""
    return _corrections(session.campaign, session.perform)


def one_action_in(engine: Engine) -> Callable[[], object]:
    """:func:`one_action` performed by the engine alone, without the autosave."""
    return _corrections(engine.campaign, engine.perform)


def _corrections(
    campaign: Campaign, perform: Callable[[str, Action], object]
) -> Callable[[], object]:
    player = campaign.players[0].id
    gm = next(s.id for s in campaign.seats if s.gm)
    amounts = iter(range(10**9))

    def act() -> object:
        amount = 100 + next(amounts) % 2
        return perform(gm, CorrectTreasury(player=player, amount=amount, reason="count"))

    return act


def crowded_session(folder: Path) -> Session:
    """The storage benchmark's campaign (200 x 200, 500 armies, 5,000 events) under the
    sandbox, saved."""
    rng = random.Random(7)
    campaign = storage_bench.build_campaign(rng)
    campaign.ruleset, campaign.state, campaign.phase = "sandbox", SandboxState(), ""
    events = storage_bench.build_events(rng, storage_bench.EVENTS)
    return Session.create(folder / "crowded.toml", campaign, events, overwrite=True)


def action_rows(repeat: int) -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="tuicamp-turns-") as tmp:
        folder = Path(tmp)
        demo, big = demo_session(folder, None), demo_session(folder, BIG_MAP)
        crowded = crowded_session(folder)
        assert big.campaign.map.width == BIG_MAP and demo.campaign.map.width < 50
        acts = {"big": one_action(big), "demo": one_action(demo), "crowded": one_action(crowded)}
        engine_only = {
            "crowded engine": one_action_in(crowded.engine),
            "demo engine": one_action_in(demo.engine),
        }
        for act in (*acts.values(), *engine_only.values()):  # warm: caches, the first copy
            act()
        runs = interleaved({**acts, **engine_only}, repeat * 5)
    mid = medians(runs)
    print(
        f"  the crowded campaign's action without its autosave (the engine alone): "
        f"{mid['crowded engine'] * 1000:.2f} ms, the demo's {mid['demo engine'] * 1000:.2f} ms"
    )
    return [
        Row(
            f"one action, {BIG_MAP}x{BIG_MAP} map vs demo map", mid["big"], mid["demo"], ACTION_GOAL
        ),
        Row(
            f"one action, {BIG_MAP}x{BIG_MAP}, 500 armies, 5,000 events vs demo",
            mid["crowded"],
            mid["demo"],
            ACTION_GOAL,
        ),
    ]


# --- one Rauscher turn with 32 and with 128 armies -------------------------------------------
STIR = load_scenario(find_scenario("rauscher-stir-border"))


def rauscher_campaign(armies: int, seed: int = 3) -> Campaign:
    """The Stir Border on a 40 x 40 map with ``armies`` field armies, half each side's,
    cloned from each side's first field army without militia and spread over the land."""
    camp = new_campaign(STIR, "rauscher", seed=seed, options={"auto_resolve_battles": "true"})
    camp.map = grown(camp.map, TURN_MAP)
    state = rstate(camp)
    first, second = (p.id for p in camp.players[:2])
    models = {
        owner: next(
            a
            for a in camp.armies_of(owner)
            if a.hex is not None and a.units and not any("militia" in u.flags for u in a.units)
        )
        for owner in (first, second)
    }
    land = [h for h in camp.map.hexes() if not camp.map.terrain_at(h).water]
    random.Random(seed).shuffle(land)
    clones = []
    for i in range(armies):
        model = models[(first, second)[i % 2]]
        units = []
        for u in model.units:
            unit = evolve(u, id=f"{u.id}-{i}", flags=set(u.flags))
            state.units[unit.id] = copy.deepcopy(state.unit(u.id))
            units.append(unit)
        clone = evolve(
            model, id=f"{model.id}-{i}", name=f"{model.name} {i}", hex=land[i], units=units
        )
        state.armies[clone.id] = copy.deepcopy(state.army(model.id))
        clones.append(clone)
    for model in models.values():
        state.armies.pop(model.id, None)
    off_map = [a for a in camp.armies if a.hex is None and a not in models.values()]
    camp.armies = off_map + clones
    return camp


def marching_orders(camp: Campaign) -> dict[str, str]:
    """Where each army on the map marches this turn: the first land hex next to it that
    no army stands on and no other army marches to (worked out before the turn, so that
    the turn's time is the engine's alone)."""
    taken = {a.hex for a in camp.armies if a.hex is not None}
    orders = {}
    for army in camp.armies:
        if army.hex is None:
            continue
        free = [
            h
            for h in camp.map.neighbours(army.hex)
            if not camp.map.terrain_at(h).water and h not in taken
        ]
        if free:
            taken.add(free[0])
            orders[army.id] = camp.map.label(free[0])
    return orders


def play_turn(engine: Engine, orders: dict[str, str]) -> int:
    """One whole turn: every phase ended, every army with an order marching one hex in
    the Movement phase, each player's in turn. The actions performed."""
    camp = engine.campaign
    turn, done = camp.turn, 0
    waiting = {p.id: [a for a in camp.armies_of(p.id) if a.id in orders] for p in camp.players}
    while camp.turn == turn:
        seat = acting_seats(camp)[0]
        player = camp.seat(seat).players[0]
        mine = waiting.get(player, [])
        if camp.phase == "movement" and mine:
            army = mine.pop()
            engine.perform(seat, Move(army=army.id, to=orders[army.id]))
        else:
            engine.perform(seat, EndPhase())
        done += 1
    return done


def turn_of(armies: int) -> Callable[[], int]:
    """A turn to play: the campaign and its orders made now, the turn played when called."""
    engine = Engine(rauscher_campaign(armies))
    orders = marching_orders(engine.campaign)
    return partial(play_turn, engine, orders)


def turn_rows(repeat: int) -> list[Row]:
    few_actions = turn_of(FEW)()  # warm, and count the actions
    many_actions = turn_of(MANY)()
    print(f"  a turn: {few_actions} actions with {FEW} armies, {many_actions} with {MANY}")
    runs: dict[str, list[float]] = {"many": [], "few": []}
    for _ in range(max(1, repeat)):
        once = interleaved({"many": turn_of(MANY), "few": turn_of(FEW)}, 1)
        for name, times in once.items():
            runs[name] += times
    mid = medians(runs)
    label = f"Rauscher turn, {TURN_MAP}x{TURN_MAP}, {MANY} vs {FEW} armies"
    return [Row(label, mid["many"], mid["few"], TURN_GOAL), memory_row()]


def memory_row() -> Row:
    """The peak memory of one turn with many armies, against the campaign's own size."""
    camp = rauscher_campaign(MANY)
    data = campaign_to_dict(camp)
    state_class = type(camp.state)
    text = json.dumps(data)
    campaign_from_dict(json.loads(text), state_class)  # the converter's hooks, made once
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        plain = json.loads(text)  # its own texts, as read from disk
        own = campaign_from_dict(plain, state_class)
        del plain
        size = tracemalloc.get_traced_memory()[0] - before
        del own
        engine = Engine(camp)
        orders = marching_orders(camp)
        start = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        play_turn(engine, orders)
        peak = tracemalloc.get_traced_memory()[1] - start
    finally:
        tracemalloc.stop()
    label = f"memory of a turn, {MANY} armies, vs the campaign"
    return Row(label, peak / 2**20, size / 2**20, MEMORY_GOAL, unit="MiB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="repetitions of each measure")
    args = parser.parse_args()
    os.environ.setdefault("TUICAMP_NOW", "2024-05-01T18:00:00Z")
    rows = [*action_rows(args.repeat), *turn_rows(args.repeat)]
    return report(rows)


if __name__ == "__main__":
    sys.exit(main())
