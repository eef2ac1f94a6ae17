"""Shared builders for the Rauscher movement tests (imported by test_rauscher_movement*).

The small test map (tests/conftest.py): 8 x 6 hexes, Westmark (columns 1-4, Anna = p1,
town Altdorf at 0202) and Eastmark (columns 5-8, Bruno = p2, village Grunberg at 0705), a
lake at 0305, forest at 0602, mountains at 0702, a river between columns 4 and 5 bridged
at row 3, a stream 0201-0301 and a road 0104-0204. Anna (Empire: Humans) moves before
Bruno (Orcs & Goblins) in the text's race order.
"""

from __future__ import annotations

from conftest import H, small_campaign

from tuicamp.engine.engine import Engine
from tuicamp.model import Army, Campaign, Category, Hex, Unit
from tuicamp.model.campaign import DiceMode
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import Role


def L(col: int, row: int) -> str:
    """The printed label of the hex at 0-based (col, row)."""
    return H(col, row).label()


def new_campaign(**options) -> Campaign:
    return small_campaign("rauscher", **options)


def to_movement(engine: Engine) -> None:
    """Both players end Upkeep and Effects, as they would at the table."""
    for _ in range(2):
        for seat in ("p1", "p2"):
            engine.perform(seat, EndPhase())
    assert engine.campaign.phase == "movement"


def end_moves(engine: Engine) -> None:
    """Every player ends their move: the Movement phase closes."""
    camp = engine.campaign
    while camp.phase == "movement":
        mover = rstate(camp).move_order[camp.flow.position]
        engine.perform(mover, EndPhase())


def unit(uid: str, points: int, movement: int = 4, **kw) -> Unit:
    category = kw.pop("category", Category.RANK_AND_FILE)
    flags = set(kw.pop("flags", ()))
    return Unit(
        uid, kw.pop("name", uid), points, category, movement, 7, kw.pop("models", 10), flags
    )


def add_army(
    camp: Campaign,
    aid: str,
    owner: str,
    where: Hex,
    units: list[Unit] | None = None,
    role: Role = Role.ARMY,
    **record,
) -> Army:
    """A counter on the map, with its Rauscher record."""
    army = Army(aid, aid, owner, where, list(units or []))
    camp.armies.append(army)
    rec = rstate(camp).army(aid)
    rec.role = role
    for key, value in record.items():
        setattr(rec, key, value)
    return army


def table_dice(camp: Campaign) -> None:
    """Dice typed in with each action (``dice=[...]``), so every roll is exact."""
    camp.dice.mode = DiceMode.TABLE


def started(**options) -> tuple[Campaign, Engine]:
    """A campaign in its first Movement phase, with Anna to move."""
    camp = new_campaign(**options)
    engine = Engine(camp)
    to_movement(engine)
    return camp, engine


def test_kit_reaches_the_movement_phase_with_anna_to_move():
    """Text: "For the Movement phase ... use the following list": Humans before Orcs."""
    camp, _ = started()
    assert camp.phase == "movement"
    assert rstate(camp).move_order[camp.flow.position] == "p1"
