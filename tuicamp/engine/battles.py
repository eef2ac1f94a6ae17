"""What every ruleset's battles share: opening a battle, the result form's fields and its
validation, auto-resolving, applying a result, and the GM's take-back of a mis-entered one.

A ruleset finds battles in its own way and calls :func:`open_battle`; it declares the
extra result fields it needs (:meth:`Ruleset.result_fields`) and draws the consequences
(:meth:`Ruleset.apply_battle_result`). Entering a result is an action like any other, so it
can come from the form, an orders file or a script.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import define, field, frozen

from tuicamp.engine.actions import Action
from tuicamp.engine.errors import RuleError
from tuicamp.engine.resolver import auto_resolve
from tuicamp.model.battle import (
    MODE_TEXT,
    Battle,
    BattleResult,
    BattleSide,
    BattleStatus,
    Circumstance,
    SideResult,
    UnitLoss,
)
from tuicamp.model.campaign import Campaign
from tuicamp.model.hexes import Hex

if TYPE_CHECKING:
    from tuicamp.engine.context import Context


@frozen
class ResultField:
    """One field of a ruleset's result form, asked once per side."""

    key: str
    label: str
    kind: str = "bool"  # "bool" (0/1) or "int"
    minimum: int = 0
    maximum: int = 1
    help: str = ""


# --- actions ----------------------------------------------------------------------------


@define(kw_only=True)
class SideEntry:
    side: str
    vp: int = 0
    facts: dict[str, int] = field(factory=dict)
    losses: list[UnitLoss] = field(factory=list)


@define(kw_only=True)
class EnterBattleResult(Action):
    kind = "battle_result"
    summary = "Enter the result of a battle fought at the table (VP, facts, losses per unit)"
    battle: str
    sides: list[SideEntry] = field(factory=list)


@define(kw_only=True)
class AutoResolveBattle(Action):
    kind = "auto_resolve"
    summary = "Let tuicamp's dice settle a pending battle instead of the tabletop"
    battle: str


@define(kw_only=True)
class ChooseBattleMode(Action):
    kind = "battle_mode"
    summary = "Say whether a pending battle is fought at the table or auto-resolved"
    battle: str
    mode: str  # "table" or "auto"


@define(kw_only=True)
class RevertBattleResult(Action):
    kind = "gm_revert_battle"
    summary = "GM: take back a mis-entered battle result (and everything after it)"
    gm_only = True
    battle: str
    reason: str = ""


BATTLE_ACTIONS: tuple[type[Action], ...] = (
    EnterBattleResult,
    AutoResolveBattle,
    ChooseBattleMode,
    RevertBattleResult,
)


# --- opening ----------------------------------------------------------------------------


def open_battle(
    ctx: Context,
    hex: Hex,
    sides: list[BattleSide],
    circumstances: list[Circumstance] | None = None,
    settlement: str | None = None,
) -> Battle:
    """Record a new pending battle (and settle it at once when the campaign auto-resolves)."""
    camp = ctx.campaign
    battle = Battle(
        id=f"b{len(camp.battles) + 1}",
        turn=camp.turn,
        hex=hex,
        terrain=camp.map.terrain_at(hex).id,
        sides=sides,
        circumstances=list(circumstances or []),
        settlement=settlement,
        # the resolver settles two sides; a melee of three waits for the table
        mode="auto" if ctx.option("auto_resolve_battles") and len(sides) == 2 else "table",
    )
    camp.battles.append(battle)
    names = " vs ".join(side_names(camp, s) for s in sides)
    ev = ctx.emit(
        "battle",
        f"Battle {battle.id} at {camp.map.label(hex)} ({battle.terrain}): {names}",
        undoable=False,
        battle=battle.id,
    )
    battle.events.append(ev.seq)
    if battle.mode == "auto":
        _settle(ctx, battle, auto_resolve(camp, battle, ctx.dice))
    return battle


def side_names(camp: Campaign, side: BattleSide) -> str:
    armies = [camp.army(a) for a in side.armies]
    return ", ".join(a.name for a in armies if a is not None) or side.title


# --- validating and applying ------------------------------------------------------------


def _pending(ctx: Context, battle_id: str) -> Battle:
    battle = ctx.campaign.battle(battle_id)
    ctx.require(battle is not None, f"There is no battle {battle_id!r}")
    ctx.require(battle.pending, f"Battle {battle_id} is already {battle.status.value}")
    return battle


def _require_party(ctx: Context, battle: Battle) -> None:
    """Only someone who fights (or the GM) settles a battle."""
    if ctx.seat.gm:
        return
    players = {p for s in battle.sides for p in s.players}
    ctx.require(
        any(ctx.seat.controls(p) for p in players),
        f"Seat {ctx.seat.name} has no army in battle {battle.id}",
    )


def validate_result(ctx: Context, battle: Battle, entries: list[SideEntry]) -> BattleResult:
    """Check a result against the battle and the ruleset's form; refuse the impossible."""
    fields_ = {f.key: f for f in ctx.ruleset.result_fields(ctx, battle)}
    side_ids = [s.id for s in battle.sides]
    given = [e.side for e in entries]
    ctx.require(
        sorted(given) == sorted(side_ids),
        f"Give one entry for each side of battle {battle.id}: {', '.join(side_ids)}",
    )
    results = []
    for entry in entries:
        side = battle.side(entry.side)
        ctx.require(entry.vp >= 0, f"{side.title}: victory points cannot be negative")
        for key, value in entry.facts.items():
            spec = fields_.get(key)
            ctx.require(spec is not None, f"{key!r} is not on this battle's result form")
            ctx.require(
                spec.minimum <= value <= spec.maximum,
                f"{side.title}: {spec.label} is between {spec.minimum} and {spec.maximum}",
            )
        seen = set()
        for loss in entry.losses:
            ctx.require(
                loss.army in side.armies,
                f"Army {loss.army!r} did not fight for the {side.title.lower()}",
            )
            army = ctx.campaign.army(loss.army)
            unit = army.unit(loss.unit) if army else None
            ctx.require(unit is not None, f"Army {loss.army!r} has no unit {loss.unit!r}")
            ctx.require((loss.army, loss.unit) not in seen, f"Unit {unit.name} is entered twice")
            seen.add((loss.army, loss.unit))
            ctx.require(loss.killed >= 0 and loss.fled >= 0, "Losses cannot be negative")
            ctx.require(
                loss.killed + loss.fled <= unit.models,
                f"{unit.name} has {unit.models} models; {loss.killed} killed and "
                f"{loss.fled} fled is more",
            )
        facts = {k: entry.facts.get(k, 0) for k in fields_}
        results.append(SideResult(entry.side, entry.vp, facts, list(entry.losses)))
    top = max(r.vp for r in results)
    leaders = [r.side for r in results if r.vp == top]
    return BattleResult(results, winner=leaders[0] if len(leaders) == 1 else None)


def _settle(ctx: Context, battle: Battle, result: BattleResult) -> None:
    snapshot = _revert_snapshot(ctx.campaign)
    battle.result = result
    battle.status = BattleStatus.AUTO if result.auto else BattleStatus.FOUGHT
    winner = battle.side(result.winner).title if result.winner else None
    how = MODE_TEXT["auto" if result.auto else "table"]
    vp = ", ".join(f"{battle.side(r.side).title} {r.vp} VP" for r in result.sides)
    ev = ctx.emit(
        "battle_result",
        f"Battle {battle.id} {how}: {f'{winner} wins' if winner else 'a draw'} ({vp})",
        undoable=False,
        battle=battle.id,
        auto=result.auto,
    )
    battle.events.append(ev.seq)
    before = len(ctx.events)
    ctx.ruleset.apply_battle_result(ctx, battle)
    battle.events.extend(e.seq for e in ctx.events[before:])
    battle.revert_point = snapshot


def _revert_snapshot(camp: Campaign) -> dict:
    from tuicamp.engine.codec import campaign_to_dict

    data = campaign_to_dict(camp)
    data["map"] = {k: v for k, v in data["map"].items() if k not in ("terrain", "territory_rows")}
    for b in data.get("battles", []):
        b.pop("revert_point", None)
    return data


def apply_battle_action(ctx: Context, action: Action) -> None:
    if isinstance(action, EnterBattleResult):
        battle = _pending(ctx, action.battle)
        _require_party(ctx, battle)
        _settle(ctx, battle, validate_result(ctx, battle, action.sides))
    elif isinstance(action, AutoResolveBattle):
        battle = _pending(ctx, action.battle)
        _require_party(ctx, battle)
        ctx.require(len(battle.sides) == 2, "Only two-sided battles can be auto-resolved")
        _settle(ctx, battle, auto_resolve(ctx.campaign, battle, ctx.dice))
    elif isinstance(action, ChooseBattleMode):
        battle = _pending(ctx, action.battle)
        _require_party(ctx, battle)
        ctx.require(action.mode in MODE_TEXT, "A battle is fought at the table or auto")
        battle.mode = action.mode
        ctx.emit("battle_mode", f"Battle {battle.id} will be {MODE_TEXT[action.mode]}")
    elif isinstance(action, RevertBattleResult):
        _revert(ctx, action)
    else:  # pragma: no cover - the engine only routes battle actions here
        raise RuleError(f"{action.kind} is not a battle action")


def _revert(ctx: Context, action: RevertBattleResult) -> None:
    from tuicamp.engine.codec import campaign_from_dict

    ctx.require(action.reason.strip(), "A correction needs a reason, for the chronicle")
    camp = ctx.campaign
    battle = camp.battle(action.battle)
    ctx.require(battle is not None, f"There is no battle {action.battle!r}")
    ctx.require(battle.result is not None, f"Battle {battle.id} has no result to take back")
    ctx.require(
        battle.revert_point is not None,
        f"Battle {battle.id}'s result can no longer be taken back (only within its turn)",
    )
    data = dict(battle.revert_point)
    data["map"] = {**data["map"], "terrain": list(camp.map.terrain)}
    territory_rows = _territory_rows(camp)
    if territory_rows:
        data["map"]["territory_rows"] = territory_rows
    data["chronicle_length"] = camp.chronicle_length
    fresh = campaign_from_dict(data, ctx.ruleset.state_class)
    fresh.dice, fresh.next_id = camp.dice, camp.next_id  # a take-back never re-rolls the dice
    from attrs import fields as attrs_fields

    for a in attrs_fields(Campaign):
        setattr(camp, a.name, getattr(fresh, a.name))
    ctx.emit(
        "correction",
        f"GM correction: the result of battle {battle.id} is taken back; the battle is "
        f"pending again ({action.reason.strip()})",
        undoable=False,
        battle=battle.id,
    )


def _territory_rows(camp: Campaign) -> list[str] | None:
    from tuicamp.engine.codec import campaign_to_dict

    return campaign_to_dict(camp)["map"].get("territory_rows")


def clear_revert_points(camp: Campaign) -> None:
    """Results can be taken back only within their turn; call when a turn ends."""
    for b in camp.battles:
        b.revert_point = None


# --- consequences every ruleset may use --------------------------------------------------


def remove_losses(camp: Campaign, battle: Battle, *, fled_return: bool) -> list[str]:
    """Take killed (and, unless they return, fled) models off their units; a unit with no
    models left is gone. Returns one line per unit touched, for the chronicle."""
    lines = []
    for result in battle.result.sides:
        for loss in result.losses:
            army = camp.army(loss.army)
            unit = army.unit(loss.unit) if army else None
            if unit is None or not (loss.killed or loss.fled):
                continue
            gone = loss.killed + (0 if fled_return else loss.fled)
            per_model = unit.points / unit.models if unit.models else 0
            unit.models = max(0, unit.models - gone)
            unit.points = round(per_model * unit.models)
            if unit.models == 0:
                army.units.remove(unit)
                lines.append(f"{unit.name} of {army.name} is destroyed")
            elif gone:
                lines.append(f"{unit.name} of {army.name} lost {gone} models")
    return lines
