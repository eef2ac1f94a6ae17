"""What every ruleset's battles share: opening a battle, the result form's fields and its
validation, auto-resolving, applying a result, and the GM's take-back of a mis-entered one.

A ruleset finds battles in its own way and calls :func:`open_battle`; it declares the
extra result fields it needs (:meth:`Ruleset.result_fields`, each asked of every side, one
side, the battle or each character: :mod:`tuicamp.engine.result_form`), may settle battles
by its own dice (:meth:`Ruleset.resolve_battle`), decides and words the outcome
(:meth:`Ruleset.battle_outcome`) and draws the consequences
(:meth:`Ruleset.apply_battle_result`). Entering a result is an action like any other, so it
can come from the form, an orders file or a script.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from attrs import define, field
from attrs import fields as attrs_fields

from tuicamp.engine.actions import Action
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.errors import RuleError
from tuicamp.engine.outcome import BattleOutcome, ranks_by_vp
from tuicamp.engine.result_form import (
    FieldedArmy,
    FieldScope,
    ResultField,
    ResultForm,
    SideQuestions,
    form_of,
)
from tuicamp.engine.side_forces import points_of, sides_named
from tuicamp.model.battle import (
    MODE_TEXT,
    Battle,
    BattleResult,
    BattleSide,
    BattleStatus,
    CharacterResult,
    Circumstance,
    SideResult,
    UnitLoss,
)
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq
from tuicamp.model.forces import Unit
from tuicamp.model.hexes import Hex
from tuicamp.model.reprs import fields_repr

if TYPE_CHECKING:
    from tuicamp.engine.context import Context
    from tuicamp.engine.ruleset import Ruleset


# --- actions ----------------------------------------------------------------------------


@define(kw_only=True)
class CharacterEntry:
    """The answers about one character of a side (fields of the character scope)."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    army: str
    unit: str
    facts: dict[str, int] = field(factory=dict)


@define(kw_only=True)
class SideEntry:
    __repr__ = fields_repr
    __eq__ = fields_eq

    side: str
    vp: int = 0
    facts: dict[str, int] = field(factory=dict)
    losses: list[UnitLoss] = field(factory=list)
    points_lost: int = 0  # of the points the side fielded without army counters
    characters: list[CharacterEntry] = field(factory=list)


@define(kw_only=True)
class EnterBattleResult(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "battle_result"
    summary = "Enter the result of a battle fought at the table (VP, facts, losses per unit)"
    battle: str
    sides: list[SideEntry] = field(factory=list)
    facts: dict[str, int] = field(factory=dict)  # the fields asked once for the battle


@define(kw_only=True)
class AutoResolveBattle(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "auto_resolve"
    summary = (
        "Let tuicamp's dice settle a pending battle instead of the tabletop (every side "
        "asks, or the GM: R-ALL-10)"
    )
    battle: str


@define(kw_only=True)
class ChooseBattleMode(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "battle_mode"
    summary = "Say whether a pending battle is fought at the table or auto-resolved"
    battle: str
    mode: str  # "table" or "auto"


@define(kw_only=True)
class RevertBattleResult(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "gm_revert_battle"
    summary = "GM: take back a mis-entered battle result (and everything after it)"
    gm_only = True
    battle: str
    reason: str = ""


@define(kw_only=True)
class TakeBackResult(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "take_back_result"
    summary = (
        "Ask to take back a mis-entered battle result: taken back when every side that "
        "fought asks, or the GM does (R-ALL-13)"
    )
    battle: str
    reason: str = ""


BATTLE_ACTIONS: tuple[type[Action], ...] = (
    EnterBattleResult,
    AutoResolveBattle,
    ChooseBattleMode,
    RevertBattleResult,
    TakeBackResult,
)


# --- opening ----------------------------------------------------------------------------


def open_battle(
    ctx: Context,
    hex: Hex,
    sides: list[BattleSide],
    circumstances: list[Circumstance] | None = None,
    settlement: str | None = None,
    *,
    day: int = 0,
    linked: Callable[[Battle], None] | None = None,
) -> Battle:
    """Record a new pending battle (and settle it at once when the campaign auto-resolves).

    Its clock is the campaign's turn and phase; a ruleset that fights day by day within a
    turn says which ``day`` (or step) it is. ``linked`` records the battle in the
    ruleset's own state (an invasion's battle) before the chronicle names its sides and
    the dice may settle it, since the ruleset knows a side's forces by that link
    (:meth:`Ruleset.side_forces`).
    """
    camp = ctx.campaign
    battle = Battle(
        id=f"b{len(camp.battles) + 1}",
        turn=camp.turn,
        hex=hex,
        terrain=camp.map.terrain_at(hex).id,
        sides=sides,
        circumstances=list(circumstances or []),
        settlement=settlement,
        mode="auto" if ctx.option("auto_resolve_battles") else "table",
        phase=camp.phase,
        day=day,
    )
    camp.battles.append(battle)
    if linked is not None:
        linked(battle)
    ev = ctx.emit(
        "battle",
        f"Battle {battle.id} at {camp.map.label(hex)} ({battle.terrain}): "
        f"{sides_named(ctx, battle)}",
        undoable=False,
        battle=battle.id,
    )
    battle.events.append(ev.seq)
    if battle.mode == "auto":
        _settle(ctx, battle, _resolved(ctx, battle))
    return battle


def clock_text(battle: Battle, ruleset: Ruleset) -> str:
    """When the battle was opened: ``turn 3, Movement phase, day 2`` (no day when 0)."""
    parts = [f"turn {battle.turn}"]
    if battle.phase:
        phase = ruleset.phase(battle.phase)
        parts.append(f"{phase.title if phase else battle.phase} phase")
    if battle.day:
        parts.append(f"day {battle.day}")
    return ", ".join(parts)


# --- validating and applying ------------------------------------------------------------


def _pending(ctx: Context, battle_id: str) -> Battle:
    battle = ctx.found(ctx.campaign.battle(battle_id), f"There is no battle {battle_id!r}")
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


def _awaits_consent(ctx: Context, battle: Battle) -> bool:
    """R-ALL-10: the dice settle a battle only when every side that has players asked for
    them, or the Games Master does (the core option ``auto_resolve_consent``, default
    on). A side's asking is recorded and told; True while another side has not agreed."""
    if ctx.seat.gm or not ctx.option("auto_resolve_consent"):
        return False
    for side in battle.sides:
        mine = any(ctx.seat.controls(p) for p in side.players)
        if mine and side.id not in battle.auto_consent:
            battle.auto_consent.append(side.id)
    waiting = [s for s in battle.sides if s.players and s.id not in battle.auto_consent]
    if not waiting:
        return False
    others = " and ".join(s.title for s in waiting)
    ctx.emit(
        "auto_resolve_asked",
        f"{ctx.seat.name} asks to auto-resolve battle {battle.id}: {others} must agree "
        "(auto-resolve it too), or the GM decides",
        battle=battle.id,
    )
    return True


def validate_result(ctx: Context, battle: Battle, action: EnterBattleResult) -> BattleResult:
    """Check a result against the battle and the ruleset's form; refuse the impossible.

    Every field is checked against whom it is asked of: a side answers its own fields, each
    character of a side the character fields, the battle the battle-wide ones. Unanswered
    fields count as their default (0, or the nearest value they allow).
    """
    form = form_of(ctx, battle)
    entries = action.sides
    side_ids = [s.id for s in battle.sides]
    given = [e.side for e in entries]
    ctx.require(
        sorted(given) == sorted(side_ids),
        f"Give one entry for each side of battle {battle.id}: {', '.join(side_ids)}",
    )
    results = [_side_result(ctx, battle, form, entry) for entry in entries]
    facts = _checked_facts(ctx, form, form.battle_fields, action.facts, f"Battle {battle.id}")
    ranks = ranks_by_vp(results)
    for r in results:
        r.rank = ranks[r.side]
    return BattleResult(results, facts=facts)


def _side_result(ctx: Context, battle: Battle, form: ResultForm, entry: SideEntry) -> SideResult:
    side = ctx.found(battle.side(entry.side), f"Battle {battle.id} has no side {entry.side!r}")
    questions = ctx.found(form.side(entry.side), f"The result form asks nothing of {side.title}")
    ctx.require(entry.vp >= 0, f"{side.title}: victory points cannot be negative")
    facts = _checked_facts(ctx, form, questions.fields, entry.facts, side.title)
    _check_points_lost(ctx, battle, questions, entry.points_lost)
    _check_losses(ctx, battle, questions, entry.losses)
    characters = _character_results(ctx, form, side, entry.characters)
    return SideResult(
        entry.side,
        entry.vp,
        facts,
        list(entry.losses),
        points_lost=entry.points_lost,
        characters=characters,
    )


def _checked_facts(
    ctx: Context,
    form: ResultForm,
    asked: tuple[ResultField, ...],
    given: dict[str, int],
    who: str,
) -> dict[str, int]:
    """The answers to ``asked`` (defaults for those not given), refusing any other key."""
    by_key = {f.key: f for f in asked}
    for key, value in given.items():
        spec = by_key.get(key)
        if spec is None:
            on_form = any(f.key == key for f in form.fields)
            ctx.require(on_form, f"{key!r} is not on this battle's result form")
            raise RuleError(f"{who}: {key!r} is not asked here ({_asked_of(form, key)})")
        ctx.require(
            spec.allows(value),
            f"{who}: {spec.label} is between {spec.minimum} and {spec.maximum}",
        )
    return {f.key: given.get(f.key, f.default) for f in asked}


def _asked_of(form: ResultForm, key: str) -> str:
    """Whom a field is asked of, for a refusal that says where the answer belongs."""
    spec = next(f for f in form.fields if f.key == key)
    if spec.scope is FieldScope.BATTLE:
        return "it is asked once for the battle"
    if spec.scope is FieldScope.CHARACTER:
        return "it is asked of each character"
    if spec.scope is FieldScope.EACH_SIDE:
        return "it is asked of each side"
    side = next((q.side for q in form.sides if q.side.id == spec.side), None)
    return f"it is asked of the {side.title if side else spec.side} only"


def _check_points_lost(
    ctx: Context, battle: Battle, questions: SideQuestions, points_lost: int
) -> None:
    """Points lost only of a side's points without counters, only when the form asks
    them, and no more of them than it fielded, named force by force
    (:func:`~tuicamp.engine.side_forces.points_of`)."""
    if not points_lost:
        return
    side = questions.side
    ctx.require(
        side.points > 0,
        f"{side.title} fielded no points without army counters, so lost none of them",
    )
    ctx.require(
        questions.asks_points,
        f"{side.title}: points lost are not on this battle's result form",
    )
    ctx.require(
        0 <= points_lost <= side.points,
        f"{side.title}: points lost are between 0 and the {side.points} pts of "
        f"{points_of(ctx, battle, side)}",
    )


def _check_losses(
    ctx: Context, battle: Battle, questions: SideQuestions, losses: list[UnitLoss]
) -> None:
    """R-ALL-14: a loss is entered only for a unit that took part in the battle for that
    side, the units its result form lists (the ruleset's ``battle_units``: every unit of
    the side's armies, or the few a contest fields), and of no more models than it fielded
    there. A unit that did not take part, or that no army has, is refused in one sentence
    either way, so a refusal never tells whether an enemy's list holds a unit (R-ALL-6)."""
    side = questions.side
    fielded = {f.army: f for f in questions.armies}
    seen: set[tuple[str, str]] = set()
    for loss in losses:
        ctx.require(
            loss.army in side.armies,
            f"Army {loss.army!r} did not fight for the {side.title.lower()} in battle {battle.id}",
        )
        army = fielded.get(loss.army)
        there = army.units if army else ()
        unit = ctx.found(
            next((u for u in there if u.id == loss.unit), None),
            _not_fielded(battle, side, loss, army),
        )
        ctx.require((loss.army, loss.unit) not in seen, f"Unit {unit.name} is entered twice")
        seen.add((loss.army, loss.unit))
        ctx.require(loss.killed >= 0 and loss.fled >= 0, "Losses cannot be negative")
        ctx.require(
            loss.killed + loss.fled <= unit.models,
            f"{unit.name} has {unit.models} models{_in_part(ctx, battle, loss, unit)}; "
            f"{loss.killed} killed and {loss.fled} fled is more",
        )


def _not_fielded(battle: Battle, side: BattleSide, loss: UnitLoss, army: FieldedArmy | None) -> str:
    """The refusal of a loss for a unit the side did not field, naming the units it did
    (those its result form and card list, which its players read already)."""
    who = repr(army.army_name) if army else repr(loss.army)
    names = ", ".join(u.name for u in army.units) if army else ""
    fielded = f"its units there: {names}" if names else "none of its units is entered there"
    return (
        f"Unit {loss.unit!r} of {who} did not take part in battle {battle.id} for the "
        f"{side.title.lower()} ({fielded})"
    )


def _in_part(ctx: Context, battle: Battle, loss: UnitLoss, unit: Unit) -> str:
    """ " in battle b1" when the unit fielded fewer models there than its army holds."""
    army = ctx.campaign.army(loss.army)
    whole = army.unit(loss.unit) if army else None
    return f" in battle {battle.id}" if whole is not None and whole.models > unit.models else ""


def _character_results(
    ctx: Context, form: ResultForm, side: BattleSide, entries: list[CharacterEntry]
) -> list[CharacterResult]:
    """One result per character of the side when it is asked anything, answers checked."""
    questions = ctx.found(form.side(side.id), f"The result form asks nothing of {side.title}")
    known = {(c.army, c.unit.id): c for c in questions.characters}
    given: dict[tuple[str, str], CharacterEntry] = {}
    for entry in entries:
        where = (entry.army, entry.unit)
        character = ctx.found(
            known.get(where),
            f"{entry.army}/{entry.unit} is not a character who fought for the {side.title}"
            + ("" if questions.character_fields else " (nothing is asked of its characters)"),
        )
        ctx.require(where not in given, f"{character.unit.name} is entered twice")
        given[where] = entry
    out = []
    for (army, unit), character in known.items():
        answered = given.get((army, unit))
        facts = _checked_facts(
            ctx,
            form,
            questions.character_fields,
            answered.facts if answered else {},
            f"{character.unit.name} ({side.title})",
        )
        out.append(CharacterResult(army, unit, facts))
    return out


def _resolved(ctx: Context, battle: Battle) -> BattleResult:
    """The ruleset's resolver's result, checked to answer for every side once."""
    result = ctx.ruleset.resolve_battle(ctx, battle, ctx.dice)
    got = sorted(r.side for r in result.sides)
    if got != sorted(s.id for s in battle.sides):
        raise ValueError(
            f"the resolver of {ctx.ruleset.id} settled sides {got} of battle {battle.id}"
        )
    result.auto = True
    return result


def decide_outcome(ctx: Context, battle: Battle, result: BattleResult) -> BattleOutcome:
    """Ask the ruleset who won and how it is said; write it into ``result``."""
    if any(r.rank < 1 for r in result.sides):  # a resolver that did not rank the sides
        ranks = ranks_by_vp(result.sides)
        for r in result.sides:
            r.rank = ranks[r.side]
    outcome = ctx.ruleset.battle_outcome(ctx, battle, result)
    unknown = [w for w in outcome.winners if battle.side(w) is None]
    if unknown or not outcome.text:
        raise ValueError(f"{ctx.ruleset.id}: outcome {outcome!r} of battle {battle.id}")
    result.winners = list(outcome.winners)
    result.winner = outcome.winners[0] if len(outcome.winners) == 1 else None
    result.text = outcome.text
    return outcome


def _settle(ctx: Context, battle: Battle, result: BattleResult) -> None:
    snapshot = _revert_snapshot(ctx.campaign)
    outcome = decide_outcome(ctx, battle, result)
    battle.result = result
    battle.status = BattleStatus.AUTO if result.auto else BattleStatus.FOUGHT
    how = MODE_TEXT["auto" if result.auto else "table"]
    titles = {s.id: s.title for s in battle.sides}  # the result answers for these sides
    vp = ", ".join(f"{titles[r.side]} {r.vp} VP" for r in result.sides)
    told = result.auto or ctx.ruleset.asks_victory_points(ctx, battle)
    ev = ctx.emit(
        "battle_result",
        f"Battle {battle.id} {how}: {outcome.text}" + (f" ({vp})" if told else ""),
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
    data = campaign_to_dict(camp)
    data["map"] = {k: v for k, v in data["map"].items() if k not in ("terrain", "territory_rows")}
    for b in data.get("battles", []):
        b.pop("revert_point", None)
    return data


def apply_battle_action(ctx: Context, action: Action) -> None:
    if isinstance(action, EnterBattleResult):
        battle = _pending(ctx, action.battle)
        _require_party(ctx, battle)
        _settle(ctx, battle, validate_result(ctx, battle, action))
    elif isinstance(action, AutoResolveBattle):
        battle = _pending(ctx, action.battle)
        _require_party(ctx, battle)
        if not _awaits_consent(ctx, battle):
            _settle(ctx, battle, _resolved(ctx, battle))
    elif isinstance(action, ChooseBattleMode):
        battle = _pending(ctx, action.battle)
        _require_party(ctx, battle)
        ctx.require(action.mode in MODE_TEXT, "A battle is fought at the table or auto")
        battle.mode = action.mode
        ctx.emit("battle_mode", f"Battle {battle.id} will be {MODE_TEXT[action.mode]}")
    elif isinstance(action, RevertBattleResult):
        _gm_revert(ctx, _revertible(ctx, action.battle, action.reason), action.reason)
    elif isinstance(action, TakeBackResult):
        _take_back(ctx, action)
    else:  # pragma: no cover - the engine only routes battle actions here
        raise RuleError(f"{action.kind} is not a battle action")


def _revertible(ctx: Context, battle_id: str, reason: str) -> Battle:
    """The battle whose result may be taken back now, refusing what may not be."""
    ctx.require(reason.strip(), "A correction needs a reason, for the chronicle")
    battle = ctx.found(ctx.campaign.battle(battle_id), f"There is no battle {battle_id!r}")
    ctx.require(battle.result is not None, f"Battle {battle.id} has no result to take back")
    ctx.require(
        battle.revert_point is not None,
        f"Battle {battle.id}'s result can no longer be taken back (only within its turn)",
    )
    return battle


def _gm_revert(ctx: Context, battle: Battle, reason: str) -> None:
    line = f"GM correction: the result of battle {battle.id} is taken back"
    _revert(ctx, battle, line, reason.strip())


def _take_back(ctx: Context, action: TakeBackResult) -> None:
    """R-ALL-13: a fighting side's asking is recorded and told; the result is taken back
    when every side with players has asked, or at once when the Games Master asks."""
    battle = _revertible(ctx, action.battle, action.reason)
    reason = action.reason.strip()
    if ctx.seat.gm:
        _gm_revert(ctx, battle, reason)
        return
    _require_party(ctx, battle)
    for side in battle.sides:
        mine = any(ctx.seat.controls(p) for p in side.players)
        if mine and side.id not in battle.take_back_asked:
            battle.take_back_asked.append(side.id)
    waiting = [s for s in battle.sides if s.players and s.id not in battle.take_back_asked]
    if waiting:
        others = " and ".join(s.title for s in waiting)
        ctx.emit(
            "take_back_asked",
            f"{ctx.seat.name} asks to take back the result of battle {battle.id} "
            f"({reason}): {others} must agree (take it back too), or the GM decides",
            battle=battle.id,
        )
        return
    _revert(
        ctx,
        battle,
        f"Correction agreed by every side: the result of battle {battle.id} is taken back "
        f"(last asked by {ctx.seat.name})",
        reason,
    )


def _revert(ctx: Context, battle: Battle, line: str, reason: str) -> None:
    """Put the campaign back as it was just before ``battle``'s result was applied, and
    say so in ``line`` with the ``reason``."""
    camp = ctx.campaign
    revert_point = ctx.found(battle.revert_point, f"Battle {battle.id} cannot be taken back")
    data = dict(revert_point)
    data["map"] = {**data["map"], "terrain": list(camp.map.terrain)}
    territory_rows = _territory_rows(camp)
    if territory_rows:
        data["map"]["territory_rows"] = territory_rows
    data["chronicle_length"] = camp.chronicle_length
    fresh = campaign_from_dict(data, ctx.ruleset.state_class)
    fresh.map.vocabulary = ctx.ruleset.vocabulary  # never saved: bound again
    fresh.dice, fresh.next_id = camp.dice, camp.next_id  # a take-back never re-rolls the dice
    for a in attrs_fields(Campaign):
        setattr(camp, a.name, getattr(fresh, a.name))
    pending = camp.battle(battle.id)
    if pending is not None:  # asked for again, if the dice are wanted (R-ALL-10)
        pending.auto_consent = []
        pending.take_back_asked = []
    ctx.emit(
        "correction",
        f"{line}; the battle is pending again ({reason})",
        undoable=False,
        battle=battle.id,
    )


def _territory_rows(camp: Campaign) -> list[str] | None:
    return campaign_to_dict(camp)["map"].get("territory_rows")


def clear_revert_points(camp: Campaign) -> None:
    """Results can be taken back only within their turn; call when a turn ends."""
    for b in camp.battles:
        b.revert_point = None
        b.take_back_asked = []  # an asking not answered in its step lapses (R-ALL-13)


# --- consequences every ruleset may use --------------------------------------------------


def remove_losses(camp: Campaign, battle: Battle, *, fled_return: bool) -> list[str]:
    """Take killed (and, unless they return, fled) models off their units; a unit with no
    models left is gone. Returns one line per unit touched, for the chronicle, and one per
    force without counters that lost points (what follows from that is the ruleset's:
    the battle only records it)."""
    if battle.result is None:
        raise ValueError(f"battle {battle.id} has no result whose losses could be removed")
    lines = []
    for result in battle.result.sides:
        side = battle.side(result.side)
        if side is not None and result.points_lost:
            lines.append(f"{side.force_name} lost {result.points_lost} of {side.points} pts")
        for loss in result.losses:
            army = camp.army(loss.army)
            unit = army.unit(loss.unit) if army else None
            if army is None or unit is None or not (loss.killed or loss.fled):
                continue
            gone = loss.killed + (0 if fled_return else loss.fled)
            per_model = unit.points / unit.models if unit.models else 0
            unit.models = max(0, unit.models - gone)
            unit.points = round(per_model * unit.models)
            if unit.models == 0:
                army.units.remove(unit)
                lines.append(f"{unit.name} of {army.name} is destroyed")
            elif gone:
                lines.append(
                    f"{unit.name} of {army.name} lost {gone} model{'s' if gone != 1 else ''}"
                )
    return lines
