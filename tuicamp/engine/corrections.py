"""Referee corrections: the GM seat may amend any part of the state, in every ruleset.

Clubs mis-type results and forget moves; these actions fix such mistakes openly. Each
takes a reason, and each is logged in the chronicle like any other action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from attrs import define, field, fields, has

from tuicamp.engine.actions import Action
from tuicamp.engine.codec import describe_structure_error, structure, unstructure
from tuicamp.engine.errors import RuleError
from tuicamp.engine.problems import Problem
from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr
from tuicamp.model.words import possessive

if TYPE_CHECKING:
    from tuicamp.engine.context import Context
    from tuicamp.model.forces import Player
    from tuicamp.model.map import Settlement


@define(kw_only=True)
class Correction(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    gm_only = True
    reason: str = ""


@define(kw_only=True)
class CorrectArmyPosition(Correction):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "gm_move_army"
    summary = 'GM: put an army on any hex (or off the map with hex = "")'
    army: str
    hex: str = ""


@define(kw_only=True)
class CorrectUnitPoints(Correction):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "gm_set_points"
    summary = "GM: set a unit's points (and optionally its model count)"
    army: str
    unit: str
    points: int
    models: int = -1


@define(kw_only=True)
class CorrectTreasury(Correction):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "gm_set_treasury"
    summary = "GM: set a player's treasury"
    player: str
    amount: int


@define(kw_only=True)
class CorrectOwner(Correction):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "gm_set_owner"
    summary = 'GM: give an army, settlement or territory to a player (owner = "" for neutral)'
    target: str  # army, settlement or territory id
    owner: str = ""


@define(kw_only=True)
class CorrectStores(Correction):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "gm_set_stores"
    summary = "GM: set what a settlement stores (food, gold, ...)"
    settlement: str
    stores: dict[str, int] = field(factory=dict)


@define(kw_only=True)
class CorrectTurn(Correction):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "gm_set_turn"
    summary = "GM: set the turn and phase"
    turn: int
    phase: str = ""


@define(kw_only=True)
class CorrectRulesetState(Correction):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "gm_set_state"
    summary = "GM: set one field of the ruleset's state (path like 'fatigue.a3')"
    path: str
    value: Any = None


CORRECTIONS: tuple[type[Correction], ...] = (
    CorrectArmyPosition,
    CorrectUnitPoints,
    CorrectTreasury,
    CorrectOwner,
    CorrectStores,
    CorrectTurn,
    CorrectRulesetState,
)


# What a handler did, in words, and who may read it (None: everyone).
Told = tuple[str, list[str] | None]

# Who reads a correction in the chronicle: what is public stays public; a treasury, a
# unit's strength or a ruleset's hidden bookkeeping only for those it concerns.
PUBLIC: list[str] | None = None
GM_ONLY: list[str] = []


def _owner_only(owner: str | None) -> list[str] | None:
    return [owner] if owner else GM_ONLY


def _player_or_neutral(ctx: Context, pid: str) -> str | None:
    if not pid:
        return None
    if ctx.campaign.player(pid) is None:
        raise RuleError(f"There is no player {pid!r}")
    return pid


def apply_correction(ctx: Context, action: Correction) -> None:
    if not action.reason.strip():
        raise RuleError("A correction needs a reason, for the chronicle")
    handler = _HANDLERS[type(action)]
    text, concerns = handler(ctx, action)
    ctx.emit(
        "correction",
        f"GM correction: {text} ({action.reason.strip()})",
        visible_to=concerns,
    )


def _move(ctx: Context, a: CorrectArmyPosition) -> Told:
    army = ctx.army(a.army)
    army.hex = ctx.hex(a.hex) if a.hex else None
    return f"army '{army.name}' placed at {a.hex or 'off the map'}", PUBLIC


def _points(ctx: Context, a: CorrectUnitPoints) -> Told:
    army = ctx.army(a.army)
    unit = ctx.unit(army, a.unit)
    ctx.require(a.points >= 0, "Points cannot be negative")
    unit.points = a.points
    if a.models >= 0:
        unit.models = a.models
    return f"unit '{unit.name}' of '{army.name}' set to {a.points} pts", [army.owner]


def set_treasury(ctx: Context, player: Player, amount: int) -> int:
    """Set a treasury (never below nothing); returns what it held. Shared with free play."""
    ctx.require(amount >= 0, "A treasury cannot be negative")
    old, player.treasury = player.treasury, amount
    return old


def set_stores(ctx: Context, settlement: Settlement, stores: dict[str, int]) -> str:
    """Set what a settlement stores (never below nothing); returns it as text."""
    ctx.require(all(v >= 0 for v in stores.values()), "Stores cannot be negative")
    settlement.stores = dict(stores)
    return ", ".join(f"{k} {v}" for k, v in sorted(stores.items())) or "nothing"


def _treasury(ctx: Context, a: CorrectTreasury) -> Told:
    player = ctx.player(a.player)
    set_treasury(ctx, player, a.amount)
    return f"{possessive(player.name)} treasury set to {ctx.ruleset.format_money(a.amount)}", [
        player.id
    ]


def _owner(ctx: Context, a: CorrectOwner) -> Told:
    owner = _player_or_neutral(ctx, a.owner)
    camp = ctx.campaign
    army = camp.army(a.target)
    if army is not None:
        if owner is None:
            raise RuleError("An army must belong to a player")
        army.owner = owner
        return f"army '{army.name}' given to {owner}", PUBLIC
    settlement = camp.map.settlement(a.target)
    if settlement is not None:
        settlement.owner = owner
        return f"settlement {settlement.name} given to {owner or 'no one'}", PUBLIC
    territory = camp.map.territory(a.target)
    if territory is not None:
        territory.owner = owner
        return f"territory {territory.name} given to {owner or 'no one'}", PUBLIC
    raise RuleError(f"There is no army, settlement or territory {a.target!r}")


def _stores(ctx: Context, a: CorrectStores) -> Told:
    settlement = ctx.settlement(a.settlement)
    shown = set_stores(ctx, settlement, a.stores)
    return f"{settlement.name} now stores {shown}", _owner_only(settlement.owner)


def _turn(ctx: Context, a: CorrectTurn) -> Told:
    ctx.require(a.turn >= 1, "Turns start at 1")
    phases = [p.id for p in ctx.ruleset.phases]
    phase = a.phase or ctx.campaign.phase
    ctx.require(not phases or phase in phases, f"Phase {phase!r} is not one of {phases}")
    ctx.campaign.turn, ctx.campaign.phase = a.turn, phase
    return f"turn {a.turn}, phase {phase}", PUBLIC


def _state(ctx: Context, a: CorrectRulesetState) -> Told:
    """Set one value of the ruleset's state, named by a dotted path of its own fields.

    A path may only walk what the state is made of: the attrs fields of its classes, the
    keys of their dicts and the indexes of their lists. Nothing else is reachable, so a
    path such as ``__init__.__globals__.x`` (a live module) or ``__class__`` is refused
    like any path that names no field."""
    state: Any = ctx.campaign.state
    ctx.require(state is not None, "This ruleset keeps no state of its own")
    ctx.require(a.value is not None, f"Give the new value of {a.path}: value = ...")
    parts = a.path.split(".")
    holder = state
    for part in parts[:-1]:
        holder = _child(holder, part, a.path)
    last = parts[-1]
    if isinstance(holder, dict):
        _state_key(holder, last, a.path, new_key=True)
        holder[last] = a.value
    elif isinstance(holder, list):
        holder[_state_index(holder, last, a.path)] = a.value
    else:
        _state_field(holder, last, a.path)
        _same_kind(getattr(holder, last), a.value, a.path)
        setattr(holder, last, a.value)
    _require_saveable_state(ctx, a.path)
    return f"state {a.path} = {a.value!r}", GM_ONLY


def _child(holder: Any, part: str, path: str) -> Any:
    """One step down a state path: a field, an existing key or an index; else refused."""
    if isinstance(holder, dict):
        _state_key(holder, part, path, new_key=False)
        return holder[part]
    if isinstance(holder, list):
        return holder[_state_index(holder, part, path)]
    _state_field(holder, part, path)
    return getattr(holder, part)


def _no_path(path: str, why: str) -> RuleError:
    return RuleError(f"No such state path {path!r}: {why}")


def _state_field(holder: Any, name: str, path: str) -> None:
    """``name`` must be a field of the attrs class ``holder`` is (no other attribute)."""
    if not has(type(holder)):
        raise _no_path(path, f"{type(holder).__name__} {holder!r} has no parts to name")
    names = [f.name for f in fields(type(holder)) if not f.name.startswith("_")]
    if name not in names:
        listed = ", ".join(names) or "none"
        raise _no_path(path, f"{name!r} is not a field of {type(holder).__name__} ({listed})")


def _state_key(holder: dict[Any, Any], key: str, path: str, new_key: bool) -> None:
    """``key`` names an entry of a dict of the state (a new one only at the path's end)."""
    if not key or key.startswith("_"):
        raise _no_path(path, f"{key!r} is not a key a state holds")
    if key not in holder and not new_key:
        listed = ", ".join(map(str, holder)) or "none"
        raise _no_path(path, f"there is no {key!r} here (keys: {listed})")


def _state_index(holder: list[Any], text: str, path: str) -> int:
    """``text`` is the index of an item of a list of the state, counted from 0."""
    if not text.isdigit() or not text.isascii():
        raise _no_path(path, f"{text!r} is not an index of a list (0, 1, 2, ...)")
    index = int(text)
    if index >= len(holder):
        raise _no_path(path, f"the list has {len(holder)} items, counted from 0")
    return index


def _same_kind(current: Any, value: Any, path: str) -> None:
    if current is not None and type(current) is not type(value):
        raise RuleError(f"{path} holds a {type(current).__name__}")


def _require_saveable_state(ctx: Context, path: str) -> None:
    """The edited state must still save, load and make sense to its ruleset; a GM's typo
    must never leave a campaign that cannot be opened again."""
    state = ctx.campaign.state
    try:
        structure(unstructure(state), type(state))
    except Exception as exc:  # cattrs groups every problem in one exception
        problems = describe_structure_error(exc) or [((), str(exc))]
        _where, message = problems[0]
        raise RuleError(f"{path} cannot take that value: {message}") from None
    for found in ctx.ruleset.state_problems(ctx.campaign):
        raise RuleError(f"{path} cannot take that value: {Problem.of(found).text}")


_HANDLERS: dict[type[Correction], Callable[[Context, Any], Told]] = {
    CorrectArmyPosition: _move,
    CorrectUnitPoints: _points,
    CorrectTreasury: _treasury,
    CorrectOwner: _owner,
    CorrectStores: _stores,
    CorrectTurn: _turn,
    CorrectRulesetState: _state,
}
