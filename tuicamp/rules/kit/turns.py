"""Small helpers for a ruleset's actions: whom a seat acts for, and hexes and paths as a
player types them.

Every ruleset took the same things from its players and refused them in the same words;
these are those words, in one place, so a new ruleset refuses exactly as the sandbox does.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from attrs import frozen

from tuicamp.engine.context import Context
from tuicamp.engine.errors import RuleError
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.forces import Army
from tuicamp.model.hexes import Hex, parse_label
from tuicamp.model.map import HexMap
from tuicamp.model.reprs import fields_repr

GM_MUST_NAME = 'Name the player (player = "...") for the Games Master'


def acting_player(ctx: Context, requested: str = "", *, among: Sequence[str] = ()) -> str:
    """The player the acting seat acts for: the one it names, else (when the action is
    about some players only, ``among``) the first of those the seat plays, else the
    seat's first player. The Games Master plays nobody, so it must name one."""
    if requested:
        ctx.require(ctx.campaign.player(requested) is not None, f"There is no player {requested!r}")
        ctx.require(ctx.seat.controls(requested), f"Seat {ctx.seat.name} does not play {requested}")
        return requested
    if not ctx.seat.gm:
        mine = next((p for p in among if p in ctx.seat.players), None)
        if mine is not None:
            return mine
    ctx.require(ctx.seat.players, GM_MUST_NAME)
    return ctx.seat.players[0]


def _not_a_label(text: object) -> RuleError:
    return RuleError(f"{text!r} is not a hex label (use CCRR, e.g. 0304, or col,row)")


def parse_hex(hexmap: HexMap, text: str) -> Hex:
    """A hex label from a player (``"0304"``), checked to be a label and on the map."""
    if not isinstance(text, str):
        raise _not_a_label(text)
    try:
        h = parse_label(text)
    except ValueError as exc:
        raise RuleError(str(exc)) from None
    if not hexmap.contains(h):
        raise RuleError(f"Hex {text} is off the map")
    return h


def parse_hexes(hexmap: HexMap, value: str | Sequence[str]) -> list[Hex]:
    """One label (``"0304"``) or a list of them (``["0304", "0305"]``) as hexes.

    A single text is always one hex: ``"3,4"`` is column 3, row 4, not two hexes.
    """
    if isinstance(value, str):
        return [parse_hex(hexmap, value)]
    if not isinstance(value, list | tuple):
        raise _not_a_label(value)
    return [parse_hex(hexmap, text) for text in value]


@frozen
class MoveRequest:
    """Where a player asks an army to go: a goal, and the hexes of the way when the
    player gave them (from the army's hex, its own hex first); None: find the way."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    goal: Hex
    hexes: tuple[Hex, ...] | None = None


def move_request(hexmap: HexMap, army: Army, to: str = "", path: Sequence[str] = ()) -> MoveRequest:
    """A move order as typed: ``to`` alone (the ruleset finds the way), or ``path``, the
    hexes after the army's own (a path that starts at the army's own hex is welcome),
    with ``to``, if given, its last hex."""
    if army.hex is None:
        raise RuleError(f"Army '{army.name}' is not on the map")
    if path:
        steps = parse_hexes(hexmap, path)
        if steps and steps[0] == army.hex:  # a path written from the army's own hex
            steps = steps[1:]
        hexes = (army.hex, *steps)
        if to and hexes[-1] != parse_hex(hexmap, to):
            raise RuleError("The path must end at the hex moved to")
        return MoveRequest(hexes[-1], hexes)
    if not to:
        raise RuleError('Say where to: to = "0304" (or give a path)')
    goal = parse_hex(hexmap, to)
    if goal == army.hex:
        raise RuleError(f"'{army.name}' is already at {to}")
    return MoveRequest(goal)


StepCost = Callable[[Hex, Hex], float | None]


def unwalkable(hexmap: HexMap, army: Army, hexes: Sequence[Hex], step_cost: StepCost) -> str:
    """Why a typed path cannot be walked, as the first step that fails says it: two hexes
    that are not neighbours, or a step the army cannot take (``step_cost`` None)."""
    for x, y in itertools.pairwise(hexes):
        if not x.is_adjacent(y):
            return f"{hexmap.label(x)} and {hexmap.label(y)} are not neighbours"
        if step_cost(x, y) is None:
            return f"'{army.name}' cannot go from {hexmap.label(x)} to {hexmap.label(y)}"
    return "That path cannot be walked"
