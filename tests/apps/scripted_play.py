"""Whole games played by script for fixed seeds, and their chronicles written down.

Two clubs' evenings, played the same way every time: the Race to the Cauldron Temple under
the Rauscher ruleset, exactly as ``test_rauscher_campaign`` plays it by orders files, and a
Border War under the sandbox, in turn order and simultaneously, by a simple-minded player
who marches on the nearest enemy settlement, fights every battle by the auto-resolver,
takes what it stands on, splits an army once and rolls for the weather.

``record`` keeps of every event what the players read and what the dice said, so a change
of the engine's machinery can be checked against the chronicle the old machinery wrote
(``tests/data/chronicles/*.json``, written by ``python tests/apps/scripted_play.py``).
"""

from __future__ import annotations

import json
import random
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tuicamp.engine.actions import Action, Event
from tuicamp.engine.battles import AutoResolveBattle
from tuicamp.engine.codec import campaign_from_dict
from tuicamp.engine.corrections import CorrectTreasury
from tuicamp.engine.costs import cost_model
from tuicamp.engine.engine import Engine, action_types
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import acting_seats
from tuicamp.engine.pathing import cheapest_path
from tuicamp.engine.rules import Rules, merged_tables
from tuicamp.game.scenarios import load_scenario
from tuicamp.game.session import Session
from tuicamp.game.setup import start_campaign
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army
from tuicamp.rules.rauscher import ruleset as R
from tuicamp.rules.rauscher import victory
from tuicamp.rules.rauscher.economy import actions as RE
from tuicamp.rules.rauscher.movement import actions as RM
from tuicamp.rules.rauscher.movement.costs import reach
from tuicamp.rules.sandbox import actions as A
from tuicamp.rules.sandbox.ruleset import mp_left
from tuicamp.storage.orders import action_from_dict
from tuicamp.storage.scenario import find_scenario

DATA = Path(__file__).parent.parent / "data" / "chronicles"


def record(events: list[Event]) -> list[dict[str, Any]]:
    """What a chronicle says, event by event: kind, text, clock, who, and every die."""
    return [
        {
            "kind": e.kind,
            "text": e.text,
            "turn": e.turn,
            "phase": e.phase,
            "seat": e.seat,
            "player": e.player,
            "dice": [list(r.dice) for r in e.rolls],
        }
        for e in events
    ]


# --- Rauscher: the Race to the Cauldron Temple, by orders ------------------------------------
RAUSCHER_SCENARIO = "rauscher-cauldron-temple"
RULER_HOSTS = {"asur": "althran-host", "druchii": "dreadlord-host"}
GM_PHASES = ("combat", "resolution", "upkeep", "effects")
END = {"kind": "end_phase"}


def _scratch(session: Session) -> Engine:
    """A copy of the campaign to try orders on; never saved."""
    data = session.engine.snapshot()
    return Engine(campaign_from_dict(data, session.ruleset.state_class), [], session.ruleset)


def _warmasters_orders(session: Session, mover: str) -> list[dict[str, str]]:
    """March the ruler's host fast, as close to the temple as it may get this turn."""
    scratch = _scratch(session)
    camp = scratch.campaign
    host = RULER_HOSTS[mover]
    army = camp.army(host)
    temple = victory._temple(camp)
    if army is None or army.hex is None:
        return [END]
    orders = []
    march = {"kind": "march", "army": host, "march": "fast"}
    try:
        scratch.perform(mover, action_from_dict(march, action_types(scratch.ruleset)))
        orders.append(march)
    except RuleError:
        pass
    options = reach(Rules(camp, scratch.ruleset), host)
    best = min(options, key=lambda h: (h.distance(temple), options[h], h.col, h.row))
    if best != army.hex:
        orders.append({"kind": "move", "army": host, "to": camp.map.label(best)})
    rivals = [a for a in victory.holding_armies(camp, {temple}) if a.owner != mover]
    if best == temple and not rivals:
        return orders
    return [*orders, END]


def rauscher_race(seed: int, folder: Path) -> list[Event]:
    """The chronicle of the scripted Cauldron Temple campaign with dice ``seed``."""
    scenario = load_scenario(find_scenario(RAUSCHER_SCENARIO))
    engine = start_campaign(
        scenario, "rauscher", seed=seed, options={"auto_resolve_battles": "true"}
    )
    session = Session.create(folder / f"race-{seed}.toml", engine.campaign, engine.chronicle)
    types = action_types(session.ruleset)
    for _ in range(60):
        camp = session.campaign
        if camp.finished:
            break
        if camp.phase == "movement":
            mover = camp.state.move_order[camp.flow.position]
            seat, orders = mover, _warmasters_orders(session, mover)
        else:
            left = GM_PHASES[GM_PHASES.index(camp.phase) :]
            # the Games Master names each Warmaster whose part he ends, in the race order
            warmasters = camp.state.move_order
            seat, orders = "gm", [{**END, "player": p} for _ in left for p in warmasters]
        session.perform_all(seat, [action_from_dict(o, types) for o in orders])
    return list(session.chronicle)


# --- Rauscher: the Stir Border, by a player who tries whatever is plausible ---------------
STIR_SCENARIO = "rauscher-stir-border"


def _stir_candidates(engine: Engine) -> list[tuple[str, Action]]:
    """Plausible actions for the seats that may act now (some will be refused: fine)."""
    camp = engine.campaign
    out: list[tuple[str, Action]] = []
    for battle in camp.pending_battles():
        out.append(("gm", AutoResolveBattle(battle=battle.id)))
    for seat_id in acting_seats(camp):
        player = camp.seat(seat_id).players[0]
        out.append((seat_id, R.EndPhase()))
        own = [a for a in camp.armies_of(player) if a.hex is not None]
        settlements = [s for s in camp.map.settlements if s.owner == player]
        if camp.phase == "upkeep":
            out.append((seat_id, RE.BuyBaggage()))
            out.append((seat_id, RE.BuyRecruits(name="Levy", points=150, models=15)))
            out += [(seat_id, RE.BuySupplies(amount=1, settlement=s.id)) for s in settlements[:2]]
        if camp.phase == "movement":
            enemies = [a for a in camp.armies if a.owner != player and a.hex is not None]
            for army in own[:3]:
                if enemies:
                    target = min(enemies, key=lambda e, a=army: (a.hex.distance(e.hex), e.id))
                    out.append((seat_id, RM.Move(army=army.id, to=camp.map.label(target.hex))))
                for h in camp.map.neighbours(army.hex)[:3]:
                    out.append((seat_id, RM.Move(army=army.id, to=camp.map.label(h))))
                out.append((seat_id, RM.DeclareMarch(army=army.id, march="forced")))
                out.append((seat_id, RM.Rest(army=army.id)))
        if camp.phase == "resolution":
            for p in camp.state.economy.purchases:
                if p.player == player and not p.placed_at and not p.dismissed:
                    out += [
                        (seat_id, RE.PlacePurchase(purchase=p.id, settlement=s.id))
                        for s in settlements[:2]
                    ]
                    out.append((seat_id, RE.DismissPurchase(purchase=p.id)))
    return out


def rauscher_stir(seed: int, steps: int = 400) -> list[Event]:
    """The chronicle of ``steps`` tries of plausible actions on the Stir Border."""
    scenario = load_scenario(find_scenario(STIR_SCENARIO))
    engine = start_campaign(scenario, "rauscher", seed=seed)
    campaign = engine.campaign
    choose = random.Random(seed)
    for _ in range(steps):
        if campaign.finished:
            break
        options = _stir_candidates(engine)
        if not options:
            break
        seat, action = choose.choice(options)
        _try(engine, seat, action)
    return list(engine.chronicle)


# --- the sandbox: a Border War by a simple-minded player -------------------------------------
SANDBOX_SCENARIO = "border-war-empire-vs-orcs"


def _try(engine: Engine, seat: str, action: Action) -> list[Event]:
    try:
        return engine.perform(seat, action)
    except RuleError:
        return []


def _fight(engine: Engine, seat: str) -> None:
    """Every pending battle is auto-resolved by a player who fights in it."""
    for battle in list(engine.campaign.pending_battles()):
        player = battle.sides[0].players[0]
        fighter = next(s.id for s in engine.campaign.seats if player in s.players)
        _try(engine, fighter, AutoResolveBattle(battle=battle.id))


MADE_IN_PLAY = re.compile(r"a[2-9a-km-np-z]{4}")  # an army's id that counts nothing (R-ALL-7)


def _marching_order(army: Army) -> str:
    """The armies march in the order of their ids as the games were recorded: then an army
    made in play was ``a`` and a number, before every scenario id of the Border War; its id
    is a code now, which sorts as that number did."""
    return "a0" + army.id if MADE_IN_PLAY.fullmatch(army.id) else army.id


def _march(engine: Engine, seat: str, player: str) -> None:
    camp = engine.campaign
    model = cost_model(camp.map, merged_tables(engine.ruleset.default_tables, camp.tables))
    for army in sorted(camp.armies_of(player), key=_marching_order):
        if army.hex is None or not army.units or camp.army(army.id) is None:
            continue
        targets = [s for s in camp.map.settlements if s.owner != player]
        if not targets:
            continue
        goal = min(targets, key=lambda s: (army.hex.distance(s.hex), s.id))
        if goal.hex == army.hex:
            _try(engine, seat, A.Capture(army=army.id))
            continue
        path = cheapest_path(model, army.hex, goal.hex)
        if path is None:
            continue
        left = mp_left(Rules(camp, engine.ruleset), army.id)
        steps = path.hexes[1:3] if left is None else []
        if left is not None:
            spent = 0.0
            for x, y in zip(path.hexes, path.hexes[1:], strict=False):
                cost = model.step_cost(x, y)
                if cost is None or spent + cost > left + 1e-9:
                    break
                spent += cost
                steps.append(y)
        if not steps:
            continue
        _try(engine, seat, A.Move(army=army.id, path=[camp.map.label(h) for h in steps]))
        _fight(engine, seat)
        if camp.army(army.id) is not None:
            _try(engine, seat, A.Capture(army=army.id))


def _play_turn(engine: Engine, seat: str) -> None:
    camp = engine.campaign
    players = camp.seat(seat).players
    for player in players:
        _march(engine, seat, player)
    _try(engine, seat, A.Roll(expr="2d6", reason=f"the weather of turn {camp.turn}"))
    if camp.turn == 2:
        big = max(camp.armies_of(players[0]), key=lambda a: (len(a.units), a.id), default=None)
        if big is not None and len(big.units) > 2:
            _try(engine, seat, A.SplitArmy(army=big.id, units=[big.units[-1].id], name="Outriders"))
    if camp.turn == 3 and seat == camp.seats[0].id:
        _try(engine, "gm", CorrectTreasury(player=players[0], amount=55, reason="a tithe"))
    _fight(engine, seat)
    _try(engine, seat, A.EndTurn())


def sandbox_war(seed: int, simultaneous: bool, turns: int = 6) -> list[Event]:
    """The chronicle of the scripted Border War with dice ``seed``."""
    scenario = load_scenario(find_scenario(SANDBOX_SCENARIO))
    engine = start_campaign(
        scenario,
        "sandbox",
        seed=seed,
        options={"simultaneous": simultaneous, "enforce_movement": True},
    )
    campaign: Campaign = engine.campaign
    for _ in range(200):
        if campaign.finished or campaign.turn > turns:
            break
        acting = acting_seats(campaign)
        if not acting:
            break
        _play_turn(engine, acting[0])
    return list(engine.chronicle)


# --- the recorded games ----------------------------------------------------------------------
def games() -> dict[str, Callable[[Path], list[Event]]]:
    """Name -> a function playing that game in a scratch folder."""
    return {
        "rauscher-race-seed-1": lambda folder: rauscher_race(1, folder),
        "rauscher-race-seed-7": lambda folder: rauscher_race(7, folder),
        "rauscher-stir-seed-3": lambda folder: rauscher_stir(3),
        "sandbox-turns-seed-7": lambda folder: sandbox_war(7, simultaneous=False),
        "sandbox-together-seed-11": lambda folder: sandbox_war(11, simultaneous=True),
    }


def write_all() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for name, play in games().items():
        with tempfile.TemporaryDirectory() as folder:
            events = play(Path(folder))
        path = DATA / f"{name}.json"
        path.write_text(json.dumps(record(events), indent=1, ensure_ascii=False) + "\n")
        print(f"{path.name}: {len(events)} events")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent.parent))
    write_all()
