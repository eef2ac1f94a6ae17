"""The sandbox: a complete free-play ruleset.

It enforces only what the map itself says (terrain you cannot cross, hexes off the map,
who owns what) and keeps turn order, so clubs with their own rules and GMs preparing a
campaign get the map, the ledgers and the chronicle without a referee's opinions (R-SB-2).
Every choice it still has to make is one of its rulings, ``R-SB-1`` … in its ``docs/overview.md``.

Its one phase is the turn: players take it in their slot order, or (the ``simultaneous``
option) all at once; the engine runs that flow, ``end_turn`` included (R-SB-1).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

from tuicamp.engine.actions import Action
from tuicamp.engine.battles import open_battle, remove_losses
from tuicamp.engine.context import Context
from tuicamp.engine.corrections import set_stores, set_treasury
from tuicamp.engine.costs import cost_model
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import ByOption, Fixed, Simultaneous, acting_players
from tuicamp.engine.pathing import cheapest_path, path_cost
from tuicamp.engine.problems import Problem
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import Option, Phase, Ruleset, StatusLine, Victory
from tuicamp.model.battle import BattleSide, Circumstance
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army, Seat, Unit
from tuicamp.rules.kit.turns import acting_player, move_request, unwalkable
from tuicamp.rules.kit.words import hex_count
from tuicamp.rules.sandbox import actions as A
from tuicamp.rules.sandbox.state import SandboxState
from tuicamp.rules.sandbox.view import ArmyLedger, SandboxView, sandbox_status


class SandboxRuleset(Ruleset):
    id = "sandbox"
    title = "Sandbox (free play)"
    summary = "Free play: move, raise and edit armies, roll dice; tuicamp keeps the books."
    phases = (
        Phase(
            "play",
            "Play",
            help="Do anything; end your turn when you are done.",
            order=ByOption("simultaneous", on=Simultaneous(), off=Fixed()),
            ended_text="{players} ended turn {turn}",
        ),
    )
    actions = A.SANDBOX_ACTIONS
    options = (
        Option("simultaneous", False, "Everyone acts at once; the turn ends when all have ended."),
        Option("enforce_movement", False, "An army may spend its slowest unit's M each turn."),
        Option("fog_of_war", False, "Other players' armies are shown as counters only."),
        Option("battles", True, "An army that moves onto another player's army starts a battle."),
        Option("fled_return", True, "Models that fled the table rejoin their unit afterwards."),
    )
    state_class = SandboxState
    ui = "tuicamp.rules.sandbox.screens:sandbox_ui"  # only the UI imports it (Textual)

    # --- life cycle -----------------------------------------------------------------
    def setup(self, campaign: Campaign, setup: dict[str, Any]) -> None:
        super().setup(campaign, setup)
        campaign.state = SandboxState()

    def end_blockers(self, ctx: Context, player: str) -> list[str]:
        """A turn ends only once its battles are fought or auto-resolved (R-SB-9)."""
        camp = ctx.campaign
        return [
            f"Battle {b.id} at {camp.map.label(b.hex)} must be fought or auto-resolved first"
            for b in camp.pending_battles()
        ]

    def turn_start(self, ctx: Context) -> None:
        """Every army's movement is fresh in a new turn (R-SB-1, R-SB-4)."""
        ctx.campaign.state.mp_used = {}

    def pending(self, rules: Rules, seat: Seat | None = None) -> list[str]:
        campaign = rules.campaign
        names = [
            (campaign.player(p).name if campaign.player(p) else p) for p in acting_players(campaign)
        ]
        battles = [
            f"battle {b.id} at {campaign.map.label(b.hex)} to be fought or auto-resolved"
            for b in campaign.pending_battles()
        ]
        return battles + [f"{n} to end the turn" for n in names]

    # --- battles --------------------------------------------------------------------
    def battle_card_notes(self, rules: Rules, battle) -> list[str]:
        notes = ["Sandbox: deploy and fight by your club's rules."]
        if rules.option("fled_return"):
            notes.append("Models that flee the table rejoin their units after the battle.")
        return notes

    def apply_battle_result(self, ctx: Context, battle) -> None:
        """Losses come off the units and nothing else happens: nobody is moved and nothing
        changes hands, the club's own rules decide the rest (R-SB-8)."""
        lines = remove_losses(ctx.campaign, battle, fled_return=bool(ctx.option("fled_return")))
        winner = battle.side(battle.result.winner) if battle.result.winner else None
        held = f"{winner.title} holds the field" if winner else "Neither side gives way"
        ctx.emit(
            "battle_losses",
            f"After battle {battle.id}: {held}. " + ("; ".join(lines) or "No losses."),
            undoable=False,
            battle=battle.id,
            # with fog of war, what each unit lost is for those who fought (R-SB-11)
            visible_to=sorted({p for s in battle.sides for p in s.players})
            if ctx.option("fog_of_war")
            else None,
        )

    def victory(self, rules: Rules) -> Victory | None:
        return sandbox_victory(rules.campaign)

    def army_visibility(self, rules: Rules, seat: Seat, army: Army) -> str:
        """Everything in full, unless fog of war makes others' armies counters (R-SB-11)."""
        if seat.controls(army.owner) or not rules.option("fog_of_war"):
            return "full"
        return "counter"

    # --- what one seat may know of the sandbox's own state ------------------------------
    def view_state(self, rules: Rules, seat: Seat) -> SandboxView:
        """Whose turn it is, and the movement ledger of the armies the seat sees in full
        (with fog of war: its own only, since what an army spent tells how far it went)."""
        campaign = rules.campaign
        state: SandboxState = campaign.state
        return SandboxView(
            order=tuple(campaign.flow.order),
            to_play=tuple(acting_players(campaign)),
            ended=tuple(campaign.flow.ended),
            simultaneous=bool(rules.option("simultaneous")),
            enforce_movement=bool(rules.option("enforce_movement")),
            armies=tuple(
                ArmyLedger.of(army, state.mp_used.get(army.id, 0.0), _mp_left_of(rules, army))
                for army in campaign.armies
                if self.army_visibility(rules, seat, army) == "full"
            ),
        )

    def status_lines(self, rules: Rules, seat: Seat) -> list[StatusLine]:
        campaign = rules.campaign

        def name_of(pid: str) -> str:
            player = campaign.player(pid)
            return player.name if player else pid

        return sandbox_status(self.view_state(rules, seat), seat, name_of)

    # --- actions --------------------------------------------------------------------
    def apply(self, ctx: Context, action: Action) -> None:
        handler: Callable[[Context, Any], None] | None = _HANDLERS.get(type(action))
        if handler is None:
            raise RuleError(f"The sandbox has no action {action.kind!r}")
        if not isinstance(action, A.Roll):  # any seat rolls at any time (R-SB-1)
            self._require_turn(ctx)
        handler(ctx, action)

    def _require_turn(self, ctx: Context) -> None:
        """Only the players whose turn it is act; the GM acts at any time (R-SB-1)."""
        if ctx.seat.gm:
            return
        acting = acting_players(ctx.campaign)
        if not any(p in ctx.seat.players for p in acting):
            names = ", ".join(ctx.campaign.player(p).name for p in acting if ctx.campaign.player(p))
            raise RuleError(f"It is not your turn: {names or 'nobody'} is to play")

    # --- checks of what a Games Master writes by hand ------------------------------------
    def setup_problems(self, setup: dict[str, Any]) -> list[Problem]:
        """The sandbox has no set-up of its own, so any key beside options and tables is a
        typo (``option = {...}``) that would otherwise be dropped without a word."""
        known = ("options", "tables")  # the engine's keys, taken out before this call
        out = []
        for key in setup:
            close = difflib.get_close_matches(key, known, n=1)
            hint = f"did you mean {close[0]!r}?" if close else "it takes options and tables"
            out.append(Problem((key,), f"unknown key ({hint})"))
        return out

    def campaign_problems(self, rules: Rules) -> list[Problem]:
        """A scenario's [victory] table, as the sandbox reads it (R-SB-12)."""
        return victory_problems(rules.campaign)

    def state_problems(self, campaign: Campaign) -> list[Problem]:
        """What a hand edit of a save can break in the sandbox's state (the MP ledger) and
        in the [victory] table it reads after every action (R-SB-12)."""
        out = victory_problems(campaign)
        state = campaign.state
        if not isinstance(state, SandboxState):
            return out
        out += [
            Problem(("state", "mp_used", army), f"army {army!r} cannot have used {used} MP")
            for army, used in state.mp_used.items()
            if not used >= 0
        ]
        return out


# --- handlers ---------------------------------------------------------------------------


def _private(ctx: Context, owner: str) -> list[str] | None:
    """With fog of war, what happens inside an army is its owner's business (R-SB-11)."""
    return [owner] if ctx.option("fog_of_war") else None


def _strength(ctx: Context, army: Army) -> str:
    """An army's points for the chronicle, unless fog of war keeps them from the others
    (R-SB-11)."""
    return "" if ctx.option("fog_of_war") else f" ({army.points} pts)"


def _move(ctx: Context, a: A.Move) -> None:
    """The cheapest path, or the one given walked step by step (R-SB-3), priced by the
    ruleset's movement tables (R-SB-5) and, with ``enforce_movement``, paid for in MP
    (R-SB-4); arriving on another player's army may start a battle (R-SB-6)."""
    army = ctx.own_army(a.army)
    m = ctx.campaign.map
    request = move_request(m, army, a.to, a.path)
    model = cost_model(m, ctx.tables)
    if request.hexes:
        path = path_cost(model, list(request.hexes))
        if path is None:
            raise RuleError(unwalkable(m, army, request.hexes, model.step_cost))
    else:
        assert army.hex is not None  # move_request refuses an army off the map
        path = cheapest_path(model, army.hex, request.goal)
        if path is None:
            raise RuleError(f"'{army.name}' cannot reach {a.to}: no passable way")
    state: SandboxState = ctx.campaign.state
    left = mp_left(ctx, army.id)
    if left is not None:
        ctx.require(
            path.cost <= left + 1e-9,
            f"Army '{army.name}' has {_mp(left)} MP left; that path costs {_mp(path.cost)}",
        )
        state.mp_used[army.id] = state.mp_used.get(army.id, 0.0) + path.cost
    start, army.hex = army.hex, path.hexes[-1]
    ctx.emit(
        "move",
        f"{army.name} moved {m.label(start)} -> {m.label(army.hex)} "
        f"({hex_count(len(path.hexes) - 1)}, {_mp(path.cost)} MP)",
        player=army.owner,
        army=army.id,
        path=[m.label(h) for h in path.hexes],
    )
    if ctx.option("battles"):
        _battle_if_enemies(ctx, army)


def _battle_if_enemies(ctx: Context, army: Army) -> None:
    """Moving onto another player's army starts a battle: the mover attacks, everyone else
    there defends, one battle per hex at a time (R-SB-6), a defender's walls count (R-SB-7)."""
    camp = ctx.campaign
    if not army.units:  # an empty counter fights nobody
        return
    here = [a for a in camp.armies_at(army.hex) if a.units]
    owners = [army.owner, *sorted({a.owner for a in here if a.owner != army.owner})]
    if len(owners) < 2 or any(b.hex == army.hex for b in camp.pending_battles()):
        return
    sides = []
    for i, owner in enumerate(owners):
        player = camp.player(owner)
        title = "Attacker" if i == 0 else "Defender" if len(owners) == 2 else f"Defender {i}"
        sides.append(
            BattleSide(
                "attacker" if i == 0 else f"defender{'' if len(owners) == 2 else i}",
                f"{title} ({player.name if player else owner})",
                [owner],
                [a.id for a in here if a.owner == owner],
            )
        )
    circumstances = []
    settlement = next(iter(camp.map.settlements_at(army.hex)), None)
    if settlement is not None and settlement.walls and settlement.owner in owners[1:]:
        side = sides[owners.index(settlement.owner)]
        circumstances.append(
            Circumstance("defence", f"Defends behind the walls of {settlement.name}", side.id, 2)
        )
    open_battle(
        ctx, army.hex, sides, circumstances, settlement=settlement.id if settlement else None
    )


def mp_left(rules: Rules, army_id: str) -> float | None:
    """With ``enforce_movement``, the army's M less what it spent this turn; else no limit
    (R-SB-4)."""
    army = rules.campaign.army(army_id)
    return None if army is None else _mp_left_of(rules, army)


def _mp_left_of(rules: Rules, army: Army) -> float | None:
    """:func:`mp_left` of an army in hand: a seat's view asks it of every army, and a
    look-up by id among every army for each made a view of 500 armies quadratic."""
    if not rules.option("enforce_movement"):
        return None
    return max(0.0, army.movement - rules.campaign.state.mp_used.get(army.id, 0.0))


def _mp(value: float) -> str:
    return f"{value:g}"


def _make_unit(ctx: Context, spec: A.UnitSpec) -> Unit:
    """A unit as written, refused only where its numbers cannot be (R-SB-2)."""
    ctx.require(spec.name.strip(), "A unit needs a name")
    ctx.require(spec.points >= 0, f"Unit '{spec.name}': points cannot be negative")
    ctx.require(spec.models >= 0, f"Unit '{spec.name}': models cannot be negative")
    ctx.require(spec.movement >= 0, f"Unit '{spec.name}': M cannot be negative")
    return spec.make(ctx.campaign.new_id("u"))


def _create(ctx: Context, a: A.CreateArmy) -> None:
    """Raise an army anywhere on land; raising one on an enemy starts nothing (R-SB-2,
    R-SB-6)."""
    owner = acting_player(ctx, a.player)
    ctx.require(a.name.strip(), "An army needs a name")
    h = ctx.hex(a.hex)
    ctx.require(
        not ctx.campaign.map.terrain_at(h).water, f"An army cannot stand in water at {a.hex}"
    )
    units = [_make_unit(ctx, spec) for spec in a.units]
    army = Army(ctx.campaign.new_id("a"), a.name.strip(), owner, h, units)
    ctx.campaign.armies.append(army)
    ctx.emit(
        "create_army",
        f"{army.name} raised at {ctx.campaign.map.label(h)}" + _strength(ctx, army),
        player=owner,
        army=army.id,
    )


def _split(ctx: Context, a: A.SplitArmy) -> None:
    """At least one unit stays behind (R-SB-2); the detachment has spent what its army had
    (R-SB-4)."""
    army = ctx.own_army(a.army)
    _not_in_battle(ctx, army)
    ctx.require(a.units, "Name the units that leave")
    leaving = []
    for uid in a.units:
        unit = ctx.unit(army, uid)
        ctx.require(unit not in leaving, f"Unit {uid!r} is named twice")
        leaving.append(unit)
    ctx.require(len(leaving) < len(army.units), "At least one unit must stay (or rename the army)")
    army.units = [u for u in army.units if u not in leaving]
    name = a.name.strip() or f"{army.name} (detachment)"
    new = Army(ctx.campaign.new_id("a"), name, army.owner, army.hex, leaving)
    ctx.campaign.armies.append(new)
    state: SandboxState = ctx.campaign.state
    if army.id in state.mp_used:
        state.mp_used[new.id] = state.mp_used[army.id]
    ctx.emit(
        "split_army",
        f"{new.name} ({new.points} pts) split from {army.name}",
        player=army.owner,
        visible_to=_private(ctx, army.owner),
        army=army.id,
        new_army=new.id,
    )


def _merge(ctx: Context, a: A.MergeArmies) -> None:
    """One player's armies on one hex; the merged army has spent the most any of them had
    (R-SB-4)."""
    ctx.require(len(a.armies) >= 2, "Name at least two armies to merge")
    ctx.require(len(set(a.armies)) == len(a.armies), "An army is named twice")
    armies = [ctx.own_army(aid) for aid in a.armies]
    for army in armies:
        _not_in_battle(ctx, army)
    first = armies[0]
    for other in armies[1:]:
        ctx.require(other.owner == first.owner, "Only one player's armies can merge")
        ctx.require(other.hex == first.hex, f"'{other.name}' is not on {first.name}'s hex")
    state: SandboxState = ctx.campaign.state
    for other in armies[1:]:
        first.units.extend(other.units)
        ctx.campaign.armies.remove(other)
        used = state.mp_used.pop(other.id, 0.0)
        if used:
            state.mp_used[first.id] = max(state.mp_used.get(first.id, 0.0), used)
    ctx.emit(
        "merge_armies",
        f"{', '.join(x.name for x in armies[1:])} merged into {first.name}" + _strength(ctx, first),
        player=first.owner,
        army=first.id,
    )


def _not_in_battle(ctx: Context, army: Army) -> None:
    """An army waiting for its battle keeps its units until the battle is settled (R-SB-9)."""
    battle = next((b for b in ctx.campaign.pending_battles() if b.side_of_army(army.id)), None)
    ctx.require(
        battle is None,
        f"{army.name} is in battle {battle.id}: fight or auto-resolve it first" if battle else "",
    )


def _disband(ctx: Context, a: A.DisbandArmy) -> None:
    army = ctx.own_army(a.army)
    _not_in_battle(ctx, army)
    ctx.campaign.armies.remove(army)
    ctx.campaign.state.mp_used.pop(army.id, None)
    ctx.emit("disband_army", f"{army.name} disbanded", player=army.owner, army=army.id)


def _rename(ctx: Context, a: A.RenameArmy) -> None:
    army = ctx.own_army(a.army)
    ctx.require(a.name.strip(), "An army needs a name")
    old, army.name = army.name, a.name.strip()
    ctx.emit("rename_army", f"{old} is now called {army.name}", player=army.owner, army=army.id)


def _unit_event(ctx: Context, kind: str, text: str, army: Army, unit: Unit) -> None:
    """What happens inside an army: with fog of war, its owner's business."""
    ctx.emit(
        kind,
        text,
        player=army.owner,
        visible_to=_private(ctx, army.owner),
        army=army.id,
        unit=unit.id,
    )


def _add_unit(ctx: Context, a: A.AddUnit) -> None:
    army = ctx.own_army(a.army)
    unit = _make_unit(ctx, a.unit)
    army.units.append(unit)
    _unit_event(ctx, "add_unit", f"{unit.name} ({unit.points} pts) joined {army.name}", army, unit)


def _edit_unit(ctx: Context, a: A.EditUnit) -> None:
    army = ctx.own_army(a.army)
    unit = ctx.unit(army, a.unit)
    changes = []
    if a.name.strip():
        unit.name = a.name.strip()
        changes.append(f"name {unit.name}")
    for attr, value, label in (
        ("points", a.points, "pts"),
        ("movement", a.movement, "M"),
        ("leadership", a.leadership, "Ld"),
        ("models", a.models, "models"),
    ):
        if value != -1:
            ctx.require(value >= 0, f"{label} cannot be negative")
            setattr(unit, attr, value)
            changes.append(f"{label} {value}")
    ctx.require(changes, "Nothing to change: give a name, points, movement, leadership or models")
    _unit_event(ctx, "edit_unit", f"{unit.name} of {army.name}: {', '.join(changes)}", army, unit)


def _remove_unit(ctx: Context, a: A.RemoveUnit) -> None:
    army = ctx.own_army(a.army)
    unit = ctx.unit(army, a.unit)
    army.units.remove(unit)
    _unit_event(ctx, "remove_unit", f"{unit.name} left {army.name}", army, unit)


def _set_treasury(ctx: Context, a: A.SetTreasury) -> None:
    """A seat's own players' treasuries (R-SB-2), written for that player only (R-SB-11)."""
    player = ctx.player(a.player)
    ctx.require(ctx.seat.controls(player.id), f"{player.name}'s treasury is not yours to set")
    old = set_treasury(ctx, player, a.amount)
    ctx.emit(
        "set_treasury",
        f"{player.name}'s treasury: {old} -> {a.amount} {ctx.ruleset.coin}",
        player=player.id,
        visible_to=[player.id],
    )


def _set_stores(ctx: Context, a: A.SetStores) -> None:
    """The stores of a settlement the seat owns; the GM sets any (R-SB-2)."""
    settlement = ctx.settlement(a.settlement)
    ctx.require(
        ctx.seat.gm or (settlement.owner is not None and ctx.seat.controls(settlement.owner)),
        f"{settlement.name} is not yours",
    )
    shown = set_stores(ctx, settlement, a.stores)
    ctx.emit("set_stores", f"{settlement.name} stores {shown}", player=settlement.owner)


def _roll(ctx: Context, a: A.Roll) -> None:
    reason = a.reason.strip() or "a roll"
    roll = ctx.dice.roll(a.expr, reason)
    ctx.emit("roll", f"{ctx.seat.name} rolled {roll.expr} for {reason}: {roll.total}")


def _capture(ctx: Context, a: A.Capture) -> None:
    """Take an undefended settlement on the army's hex (R-SB-10), not while a battle is
    pending there (R-SB-9)."""
    army = ctx.own_army(a.army)
    ctx.require(army.hex is not None and army.units, f"'{army.name}' cannot take anything")
    camp = ctx.campaign
    here = camp.map.settlements_at(army.hex)
    if a.settlement:
        settlement = camp.map.settlement(a.settlement)
        ctx.require(settlement in here, f"'{army.name}' is not at {a.settlement}")
    else:
        ctx.require(here, f"There is no settlement at {camp.map.label(army.hex)}")
        settlement = here[0]
    ctx.require(settlement.owner != army.owner, f"{settlement.name} is already yours")
    rivals = [x for x in camp.armies_at(army.hex) if x.owner != army.owner and x.units]
    ctx.require(not rivals, f"{rivals[0].name} still holds {settlement.name}" if rivals else "")
    ctx.require(
        not any(b.hex == army.hex for b in camp.pending_battles()),
        "Fight the battle here first",
    )
    before = camp.player(settlement.owner).name if settlement.owner else "no one"
    settlement.owner = army.owner
    ctx.emit(
        "capture",
        f"{army.name} takes {settlement.name} from {before}",
        player=army.owner,
        settlement=settlement.id,
    )


def victory_problems(campaign: Campaign) -> list[Problem]:
    """What in the [victory] table the sandbox could not read (R-SB-12): ``targets`` and
    ``capitals`` are tables of player = settlement, ``type`` and ``summary`` are text.
    A scenario's check and a save's both ask, so a table play would stumble on is
    refused before play."""
    v = campaign.victory
    out: list[Problem] = []
    for key in ("type", "summary"):
        if key in v and not isinstance(v[key], str):
            out.append(Problem(("victory", key), f"victory {key} is text, not {v[key]!r}"))
    players = {p.id for p in campaign.players}
    settlements = {s.id for s in campaign.map.settlements}
    for key in ("targets", "capitals"):
        if key not in v:
            continue
        table = v[key]
        if not isinstance(table, dict):
            out.append(
                Problem(
                    ("victory", key),
                    f"victory {key} is a table of player = settlement, not {table!r}",
                )
            )
            continue
        for pid, sid in table.items():
            where: tuple[str | int, ...] = ("victory", key, pid)
            if pid not in players:
                out.append(Problem(where, f"victory {key} names no player {pid!r}"))
            elif not isinstance(sid, str) or sid not in settlements:
                out.append(Problem(where, f"victory {key}.{pid} names no settlement ({sid!r})"))
    return out


# What a sandbox scenario's [victory] may ask, checked after every action (R-SB-12). "capture":
# `targets = { player = settlement }` — a player wins on holding their target. "capitals":
# `capitals = { player = settlement }` — a player wins on holding another's capital. Any
# type with `turn_limit`: when that turn ends, most settlements held wins (ties share).
def sandbox_victory(campaign: Campaign) -> Victory | None:
    v = campaign.victory
    m = campaign.map
    held = {p.id: sum(s.owner == p.id for s in m.settlements) for p in campaign.players}

    def standings() -> list[tuple[str, str]]:
        order = sorted(campaign.players, key=lambda p: -held[p.id])
        return [(p.id, f"{held[p.id]} settlements") for p in order]

    def owner(sid: str) -> str | None:
        s = m.settlement(sid)
        return s.owner if s else None

    def table(key: str) -> dict[str, Any]:  # a bad one is refused by victory_problems
        found = v.get(key, {})
        return found if isinstance(found, dict) else {}

    winners: list[str] = []
    if v.get("type") == "capture":
        winners = [p for p, sid in table("targets").items() if owner(sid) == p]
    elif v.get("type") == "capitals":
        capitals = table("capitals")
        winners = [p for p in held if any(owner(sid) == p for q, sid in capitals.items() if q != p)]
    if winners:
        names = ", ".join(campaign.player(p).name for p in winners)
        return Victory(
            winners, f"{names} wins: {v.get('summary', 'the objective is taken')}", standings()
        )
    limit = int(v.get("turn_limit", 0) or 0)
    if limit and campaign.turn > limit:
        best = max(held.values(), default=0)
        winners = [p for p, n in held.items() if n == best]
        names = ", ".join(campaign.player(p).name for p in winners)
        return Victory(
            winners, f"Turn {limit} is over: {names} holds the most settlements", standings()
        )
    return None


_HANDLERS: dict[type, Callable[[Context, Any], None]] = {
    A.Move: _move,
    A.Capture: _capture,
    A.CreateArmy: _create,
    A.SplitArmy: _split,
    A.MergeArmies: _merge,
    A.DisbandArmy: _disband,
    A.RenameArmy: _rename,
    A.AddUnit: _add_unit,
    A.EditUnit: _edit_unit,
    A.RemoveUnit: _remove_unit,
    A.SetTreasury: _set_treasury,
    A.SetStores: _set_stores,
    A.Roll: _roll,
}
