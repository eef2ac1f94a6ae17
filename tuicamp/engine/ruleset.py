"""What a ruleset is.

A ruleset is a plugin found through the ``tuicamp.rulesets`` entry-point group. Core code
only ever talks to this interface, so rulesets as different as weekly strategic turns,
hourly commands, movement impulses and yearly invasions fit the same engine: each declares
its phases (with their turn orders, steps and hooks), actions, options and tables; the
engine runs the flow of play (:mod:`tuicamp.engine.flow`) and ``apply`` the rest.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from attrs import field, frozen

from tuicamp.engine import flow
from tuicamp.engine.actions import Action
from tuicamp.engine.flow import Play, Simultaneous, TurnOrder
from tuicamp.engine.outcome import BattleOutcome, most_vp_outcome
from tuicamp.engine.resolver import auto_resolve
from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import BOOL_WORDS, Campaign, OptionValue
from tuicamp.model.flow import ScheduledEffect
from tuicamp.model.forces import Army, Seat
from tuicamp.model.rerolls import RecordedRoll

if TYPE_CHECKING:
    from tuicamp.engine.battles import ResultField
    from tuicamp.engine.context import Context
    from tuicamp.engine.dice import Dice
    from tuicamp.model.battle import Battle, BattleResult

Hook = Callable[["Context"], None]


@frozen
class Phase:
    """One phase of a turn, as the engine runs it.

    ``order`` says who acts and in which order (:mod:`tuicamp.engine.flow`); ``steps`` (a
    count, or a function of the campaign's rules) splits the phase into steps that each run
    the order again; ``play`` says whether a hotseat hand-over must hide the screen. The
    hooks run on entering and leaving the phase and on beginning each step; ``ends_when``
    ends the step (or the phase) by itself as soon as it holds; ``allows`` lists the action
    kinds of the ruleset done in it (empty: any). ``ended_text`` is what the chronicle says
    when a player ends their part ({players}, {phase}, {turn}, {step}).
    """

    id: str
    title: str
    help: str = field(default="", kw_only=True)
    order: TurnOrder = field(factory=Simultaneous, kw_only=True)
    play: Play = field(default=Play.PRIVATE, kw_only=True)
    steps: int | Callable[[Rules], int] = field(default=0, kw_only=True)
    step_name: str = field(default="step", kw_only=True)
    allows: tuple[str, ...] = field(default=(), kw_only=True)
    on_enter: Hook | None = field(default=None, kw_only=True)
    on_leave: Hook | None = field(default=None, kw_only=True)
    on_step: Hook | None = field(default=None, kw_only=True)
    ends_when: Callable[[Rules], bool] | None = field(default=None, kw_only=True)
    ended_text: str = field(default="{players} has finished the {phase} phase", kw_only=True)

    @property
    def simultaneous(self) -> bool:
        """Whether everyone acts at once (False when an option decides it)."""
        return self.order.simultaneous

    def step_count(self, rules: Rules) -> int:
        """How many steps the phase has in this campaign (0: none)."""
        return self.steps(rules) if callable(self.steps) else self.steps

    def allows_kind(self, kind: str) -> bool:
        return not self.allows or kind in self.allows


@frozen
class Option:
    """A house-rule switch. Its type is its default's type."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] = ()

    def coerce(self, text: str | OptionValue) -> OptionValue:
        """Turn ``--option K=V`` text (or a TOML value) into the option's type."""
        kind = type(self.default)
        if isinstance(text, kind) and not (kind is int and isinstance(text, bool)):
            value: OptionValue = text
        elif kind is bool:
            low = str(text).strip().lower()
            if low not in BOOL_WORDS:
                raise ValueError(f"option {self.name} is true or false, not {text!r}")
            value = BOOL_WORDS[low]
        else:
            try:
                value = kind(text)
            except (TypeError, ValueError):
                raise ValueError(
                    f"option {self.name} takes a {kind.__name__}, not {text!r}"
                ) from None
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise ValueError(f"option {self.name} is one of {allowed}, not {value!r}")
        return value


# Options every campaign has, whatever its ruleset.
CORE_OPTIONS: tuple[Option, ...] = (
    Option(
        "auto_resolve_battles",
        False,
        "Settle every battle with tuicamp's auto-resolver as soon as it is found "
        "(solo testing, quick campaigns); otherwise the players choose per battle.",
    ),
)


@frozen
class Victory:
    winners: list[str]  # player ids
    text: str
    # (player id, what they hold), best first
    standings: list[tuple[str, str]] = field(factory=list)


@frozen
class StatusLine:
    """One line of a seat's ledgers (whose turn, movement points spent, stores...), as a
    ruleset reports it: ``tuicamp show`` prints them and the campaign screen's side panel
    shows them, so neither has to know the ruleset's state. ``army`` or ``player`` says
    whom the line is about: the side panel shows an army's lines under that army and the
    text report names it, so the text need not."""

    label: str
    text: str
    army: str | None = None
    player: str | None = None


class Ruleset:
    """Base class with the defaults a simple ruleset needs; override what differs."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    phases: ClassVar[tuple[Phase, ...]] = ()
    actions: ClassVar[tuple[type[Action], ...]] = ()
    options: ClassVar[tuple[Option, ...]] = ()
    state_class: ClassVar[type | None] = None
    # "module:callable" giving the ruleset's Textual panels; only the UI imports it.
    ui: ClassVar[str | None] = None
    coin: ClassVar[str] = "gc"  # how treasuries are shown when the ruleset has no money rule
    # What the chronicle says as a turn begins, and as a phase does (when there are several).
    turn_text: ClassVar[str] = "Turn {turn} begins"
    phase_text: ClassVar[str] = "The {phase} phase begins"

    # --- data files next to the ruleset's module -----------------------------------
    @property
    def _package(self) -> str:
        return type(self).__module__.rpartition(".")[0] or type(self).__module__

    def _resource(self, name: str) -> str | None:
        try:
            return resources.files(self._package).joinpath(name).read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError, TypeError):
            return None

    @cached_property
    def default_tables(self) -> dict[str, Any]:
        text = self._resource("tables.toml")
        return tomllib.loads(text) if text else {}

    def help_text(self) -> str:
        return self._resource("docs.md") or self.summary

    # --- options --------------------------------------------------------------------
    @property
    def all_options(self) -> tuple[Option, ...]:
        """The ruleset's own options and the ones every campaign has."""
        return self.options + CORE_OPTIONS

    def option(self, name: str) -> Option | None:
        return next((o for o in self.all_options if o.name == name), None)

    def option_value(self, campaign: Campaign, name: str) -> OptionValue:
        """The campaign's setting of an option, or its default: the one way to read one."""
        if name in campaign.options:
            return campaign.options[name]
        opt = self.option(name)
        if opt is None:
            raise KeyError(f"ruleset {self.id} has no option {name!r}")
        return opt.default

    def default_options(self) -> dict[str, OptionValue]:
        return {o.name: o.default for o in self.all_options}

    # --- life cycle -----------------------------------------------------------------
    def setup(self, campaign: Campaign, setup: dict[str, Any]) -> None:
        """Prepare a new campaign's ruleset state. ``setup`` is the scenario's
        ``[ruleset.<id>]`` table (without options and tables, which the engine handles).

        The engine calls this in the campaign's first action (``setup``) and then enters
        the first phase, with its hooks."""
        campaign.phase = self.phases[0].id if self.phases else ""
        if self.state_class is not None:
            campaign.state = self.state_class()

    def setup_problems(self, setup: dict[str, Any]) -> list[tuple[str, str]]:
        """(key path, problem) for a scenario's ruleset table; empty when it is fine."""
        return []

    def campaign_problems(self, rules: Rules) -> list[tuple[str, str]]:
        """What is wrong with a campaign a scenario would start, for `tuicamp check`.

        Returns (where, problem) pairs; ``where`` names the scenario part: "settlement:ID",
        "army:ID", "territory:ID", "player:ID", "victory", "option:NAME" or "" (the
        ruleset's own table). Only real problems: advice belongs in the game's chronicle.
        """
        return []

    def apply(self, ctx: Context, action: Action) -> None:
        """Validate and perform one action, emitting events; raise RuleError to refuse."""
        raise NotImplementedError

    # --- the flow's hooks (the engine runs the flow itself) ---------------------------
    def end_blockers(self, ctx: Context, player: str) -> list[str]:
        """Why ``player`` may not end the phase (or step) yet, one refusal sentence each;
        empty when nothing stands in the way."""
        return []

    def turn_start(self, ctx: Context) -> None:
        """A new turn has begun (before its first phase): reset what lasts one turn."""

    def fire(self, ctx: Context, effect: ScheduledEffect) -> None:
        """A scheduled effect's time has come (``ctx.schedule``): make it happen, emitting
        events. By default the chronicle tells the effect's text."""
        if effect.text:
            ctx.emit(effect.kind, effect.text, visible_to=effect.visible_to, **effect.data)

    # --- what the UI and the command line ask -----------------------------------------
    # Every question that changes nothing is given the read context (``Rules``: the
    # campaign, this ruleset, the tables in force and the options), so a ruleset never has
    # to look itself up in the registry; a ``Context`` is a ``Rules`` too.
    def acting_seats(self, campaign: Campaign) -> list[str]:
        """Seats that may act now, in order: the engine's flow says (not a hook)."""
        return flow.acting_seats(campaign)

    def pending(self, rules: Rules, seat: Seat | None = None) -> list[str]:
        """What must still happen before the phase can end, as sentences ``seat`` may read
        (None: only what everyone may know)."""
        return []

    def victory(self, rules: Rules) -> Victory | None:
        """Whether the war is decided (asked after every action), and by whom."""
        return None

    def army_visibility(self, rules: Rules, seat: Seat, army: Army) -> str:
        """'full', 'counter' (position only) or 'hidden' for this seat."""
        if seat.controls(army.owner):
            return "full"
        return "counter"

    def view_state(self, rules: Rules, seat: Seat) -> object | None:
        """The ruleset's own state as ``seat`` may know it (attrs classes holding copies,
        never the live state), delivered in the seat's view beside its armies and
        chronicle, so a ruleset's screens read no secret they would have to filter by
        hand. None: the ruleset shows no state of its own."""
        return None

    def status_lines(self, rules: Rules, seat: Seat) -> list[StatusLine]:
        """The seat's ledgers as short lines (whose turn, what its armies spent...): only
        what ``seat`` may know, since they are printed and shown as they are."""
        return []

    # --- battles --------------------------------------------------------------------
    def result_fields(self, rules: Rules, battle: Battle) -> tuple[ResultField, ...]:
        """The ruleset's own result-form fields, asked per side (VP and losses always are)."""
        return ()

    def battle_card_notes(self, rules: Rules, battle: Battle) -> list[str]:
        """Deployment and special rules in force, one sentence each, for the battle card."""
        return []

    def apply_battle_result(self, ctx: Context, battle: Battle) -> None:
        """Draw the consequences of ``battle.result`` (emit an event for each)."""

    def phase(self, phase_id: str) -> Phase | None:
        return next((p for p in self.phases if p.id == phase_id), None)

    def format_money(self, amount: int) -> str:
        return f"{amount} {self.coin}"

    # --- battles: settling and the outcome ----------------------------------------------
    def resolve_battle(self, rules: Rules, battle: Battle, dice: Dice) -> BattleResult:
        """Settle ``battle`` by dice instead of the tabletop, for any number of sides.

        The default is the core resolver (:mod:`tuicamp.engine.resolver`). A ruleset with a
        method of its own returns the same kind of result: one :class:`SideResult` per
        side with VP, losses within what the side brought, and a rank (1 is best; leave 0
        and the ranks follow the VP). Roll only through ``dice``, so table dice and the
        chronicle see every roll.
        """
        return auto_resolve(rules.campaign, battle, dice)

    def battle_outcome(self, rules: Rules, battle: Battle, result: BattleResult) -> BattleOutcome:
        """Who won ``result`` (one side, several together, or none: a draw) and the words
        the chronicle uses for it ("Attacker wins"). Asked of table and auto results alike,
        before :meth:`apply_battle_result`. The default is the tabletop's: the side with
        the most VP wins and a tie at the top is a draw; a ruleset whose resolver decides
        otherwise than by VP words its outcome here too.
        """
        return most_vp_outcome(battle, result)

    # --- re-rolls (the engine's re-roll point: tuicamp.engine.rerolls) ------------------
    def may_reroll(self, rules: Rules, seat: Seat, roll: RecordedRoll, player: str) -> str | None:
        """Why ``seat`` may not re-roll ``roll`` of the last action that rolled dice (the
        campaign's ``reroll`` point) for ``player`` (empty: the seat's own); None: it may.

        Asked of the campaign as it is now, its point in it; the shared checks (whose roll
        it is, who read it) are in ``tuicamp.rules.kit.rerolls``. By default nobody may: a
        ruleset without a rule for it allows no re-roll."""
        return f"{self.title or self.id} has no rule that lets a roll be re-rolled"

    def pay_for_reroll(self, ctx: Context, roll: RecordedRoll, player: str) -> None:
        """Spend what re-rolling ``roll`` costs (a fate point), emitting an event that says
        so. Asked once :meth:`may_reroll` has allowed it, of the campaign as it was before
        the roll's action (its point beside it), which is played again next; raise
        RuleError to refuse after all. Pay without dice: the action's dice are the replay's."""
