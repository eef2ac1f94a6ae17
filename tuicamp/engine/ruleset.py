"""What a ruleset is.

A ruleset is a plugin found through the ``tuicamp.rulesets`` entry-point group. Core code
only ever talks to this interface, so rulesets as different as weekly strategic turns,
hourly commands, movement impulses and yearly invasions fit the same engine: each declares
its phases (with their turn orders, steps and hooks), actions, options and tables; the
engine runs the flow of play (:mod:`tuicamp.engine.flow`) and ``apply`` the rest.

:class:`Ruleset` is the contract: ``apply`` is the one method a ruleset must write, every
other hook has a default. A ruleset author imports all of this, and the rest of what a
ruleset is written with, from one module, :mod:`tuicamp.rules.api`.
"""

from __future__ import annotations

import tomllib
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from functools import cached_property
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar

from attrs import field, frozen

from tuicamp.engine.actions import Action
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import Play, Simultaneous, TurnOrder
from tuicamp.engine.package_files import package_files
from tuicamp.engine.rules import Rules
from tuicamp.engine.vocabulary import Declarations, read_declarations
from tuicamp.model.campaign import BOOL_WORDS, Campaign, OptionValue
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.flow import AwaitedRoll, ScheduledEffect
from tuicamp.model.forces import Army, Seat, Unit
from tuicamp.model.reprs import fields_repr
from tuicamp.model.rerolls import RecordedRoll
from tuicamp.model.terrain import Vocabulary

if TYPE_CHECKING:
    from tuicamp.engine.battles import ResultField
    from tuicamp.engine.context import Context
    from tuicamp.engine.dice import Dice
    from tuicamp.engine.outcome import BattleOutcome
    from tuicamp.engine.problems import Problem
    from tuicamp.model.battle import Battle, BattleResult, BattleSide

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

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

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

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

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
    Option(
        "pass_idle_phases",
        True,
        "A player with nothing to decide in a phase passes it by itself, and the chronicle "
        "says why (R-ALL-12); off: every player ends every phase by hand.",
    ),
    Option(
        "auto_resolve_consent",
        True,
        "Auto-resolving a battle needs every side's asking or the Games Master "
        "(R-ALL-10); off: any seat that fights in it may auto-resolve it alone.",
    ),
)


@frozen
class Victory:
    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

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

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    label: str
    text: str
    army: str | None = None
    player: str | None = None


class ActionsFrom:
    """A ruleset's ``actions`` named by where they are written (``"module:NAME"``, a
    tuple of :class:`~tuicamp.engine.actions.Action` classes) and imported the first
    time they are read, from the class or a ruleset alike: a process that reads a
    campaign and never acts on it (``tuicamp show``) builds none of their classes.
    Reading them gives the tuple, as a ruleset that declares its actions in place has."""

    def __init__(self, where: str) -> None:
        self.where = where
        self._found: tuple[type[Action], ...] | None = None

    def __get__(self, ruleset: object, owner: type | None = None) -> tuple[type[Action], ...]:
        if self._found is None:
            module, _, name = self.where.partition(":")
            self._found = tuple(getattr(import_module(module), name))
        return self._found

    def __repr__(self) -> str:
        return f"ActionsFrom({self.where!r})"


# What reading a ruleset's data beside its module may raise when there is none: no file or
# folder, no package (a ruleset class written in a script, whose ``__main__`` has no spec,
# raises AttributeError inside importlib.resources).
NO_RESOURCE = (
    FileNotFoundError,
    ModuleNotFoundError,
    TypeError,
    NotADirectoryError,
    AttributeError,
)


class Ruleset(ABC):
    """The contract between a ruleset and the engine: what a ruleset must write, and the
    hooks it may write, each with a working default.

    **Required.** A ruleset declares its ``id`` (the word saves and scenarios name it by)
    and ``title``, and implements :meth:`apply`, the one abstract method: everything the
    engine does not do itself (set-up, ending a phase, corrections, battle results) is an
    action of the ruleset's, and only the ruleset knows what one does.

    **Declared.** ``phases`` (the flow the engine runs: :class:`Phase`), ``actions`` (its
    :class:`~tuicamp.engine.actions.Action` classes), ``options`` (house-rule switches),
    ``state_class`` (its own attrs state, saved with the campaign), ``ui`` (its screens),
    ``coin`` and the chronicle's ``turn_text`` and ``phase_text``. Its tables and help are
    data files next to its module.

    **Optional hooks**, grouped below by concern, each with the default a simple ruleset
    needs: set-up and checks; the flow; what a seat may know; battles. The hooks that
    change nothing are given the read context (``Rules``); the ones that change the
    campaign are given a ``Context`` (a ``Rules`` with the acting seat, the dice, ``emit``
    and ``schedule``). A ruleset never looks itself up in the registry.
    """

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    phases: ClassVar[tuple[Phase, ...]] = ()
    actions: ClassVar[tuple[type[Action], ...]] = ()
    # A sentence `tuicamp actions` prints above an action's block, by kind: what this
    # ruleset asks of a core action's fields (an aasen result asks no losses, R-AA-58).
    action_notes: ClassVar[dict[str, str]] = {}
    options: ClassVar[tuple[Option, ...]] = ()
    state_class: ClassVar[type | None] = None
    # The shape of the ruleset's saved state. A ruleset that changes it raises this by one
    # and teaches upgrade_state the step, so the saves its clubs wrote before still load.
    state_version: ClassVar[int] = 1

    def upgrade_state(self, state: dict[str, Any], from_version: int) -> dict[str, Any]:
        """One step: a save's plain ``[campaign]`` data (the ruleset's own state under its
        ``"state"`` key) written at ``from_version``, returned as ``from_version + 1``.

        Loading calls it once per version, oldest first, before anything is structured,
        because old data no longer fits the classes. It is given the whole campaign table,
        not only the ``state`` under it, since a step may move data between the two (a
        ruleset's own alliances becoming the campaign's teams). The default changes nothing.
        """
        return state

    # "module:callable" giving the ruleset's Textual panels; only the UI imports it.
    ui: ClassVar[str | None] = None
    coin: ClassVar[str] = "gc"  # how treasuries are shown when the ruleset has no money rule
    # What the chronicle says as a turn begins, and as a phase does (when there are several).
    turn_text: ClassVar[str] = "Turn {turn} begins"
    phase_text: ClassVar[str] = "The {phase} phase begins"
    # Whether each player keeps a treasury of coin; a ruleset whose money is kept otherwise
    # (a realm's Resources, in its status lines) says False, and no seat's view has one.
    keeps_treasury: ClassVar[bool] = True
    # For the scenario editor: the ``[ruleset.<id>]`` set-up keys a scenario gives, as TOML
    # lines with comments (shown above the block it edits); how the text counts a starting
    # army, "units" (an army list) or "points" (an allocation spent at the table); and the
    # flag its commander's unit carries.
    setup_example: ClassVar[str] = ""
    starting_army: ClassVar[str] = "units"
    commander_flag: ClassVar[str] = "general"

    # --- required -------------------------------------------------------------------
    @abstractmethod
    def apply(self, ctx: Context, action: Action) -> None:
        """Validate and perform one of the ruleset's actions, emitting events; raise
        RuleError to refuse. A refusal leaves no trace, whatever was changed before it
        (the engine restores its snapshot), so check and change in whichever order reads
        best. Who may act is the ruleset's to check (:func:`flow.acting_players` says who
        is to act); the phase's ``allows`` is checked before this is called."""

    # --- data files next to the ruleset's module -----------------------------------
    # Every ruleset has the same folder shape: ``tables/*.toml`` (its dice and cost tables,
    # merged; a table may be written in one file only) and ``docs/*.md`` (its help, rulings
    # included), beside its module. ``help_files`` orders the chapters (default: an
    # ``overview.md`` first, then the rest by name). A flat ``tables.toml``/``docs.md``, as
    # older plugins have, is still read.
    help_files: ClassVar[tuple[str, ...]] = ()

    @property
    def _package(self) -> str:
        return type(self).__module__.rpartition(".")[0] or type(self).__module__

    def _resource(self, name: str) -> str | None:
        try:
            return package_files(self._package).joinpath(name).read_text(encoding="utf-8")
        except NO_RESOURCE:
            return None

    def _folder(self, name: str, suffix: str) -> list[str]:
        """The file names of one data folder, sorted; none when it is missing."""
        try:
            folder = package_files(self._package).joinpath(name)
            return sorted(f.name for f in folder.iterdir() if f.name.endswith(suffix))
        except NO_RESOURCE:
            return []

    @cached_property
    def _written_tables(self) -> dict[str, Any]:
        """Every ``tables/*.toml`` beside the module, as written (declarations included)."""
        files = [f"tables/{n}" for n in self._folder("tables", ".toml")] or ["tables.toml"]
        tables: dict[str, Any] = {}
        for name in files:
            text = self._resource(name)
            for key, value in (tomllib.loads(text) if text else {}).items():
                if key in tables:
                    raise ValueError(f"ruleset {self.id}: table {key!r} is written twice")
                tables[key] = value
        return tables

    @cached_property
    def _declarations(self) -> Declarations:
        return read_declarations(self._written_tables)

    @cached_property
    def default_tables(self) -> dict[str, Any]:
        """The ruleset's tables (every ``tables/*.toml`` beside its module), under which a
        campaign's house rules are laid (``Rules.tables``). Its terrain and hexside-feature
        declarations are not among them (they are the ruleset's :attr:`vocabulary`), but
        their default costs are, in its terrain_cost and hexside tables."""
        return self._declarations.tables

    @cached_property
    def vocabulary(self) -> Vocabulary:
        """The terrains and hexside features this ruleset's maps may use: the core's base
        set and the ruleset's own ``[terrain.<id>]`` and ``[hexside_feature.<id>]``
        declarations (:mod:`tuicamp.engine.vocabulary`). The scenario checker, the
        renderer, the legend, the help and the movement tables all read it."""
        return self._declarations.vocabulary

    def vocabulary_problems(self) -> list[Problem]:
        """What is wrong with the ruleset's declarations (each left out of its vocabulary),
        with key paths below its tables (``terrain.glacier.glyph``); empty when sound. A
        scenario that supports the ruleset reports them."""
        return list(self._declarations.problems)

    def help_text(self) -> str:
        """The ruleset's chapters (``docs/``) in order, or its summary when it has none."""
        names = list(self.help_files) or sorted(
            self._folder("docs", ".md"), key=lambda n: (n != "overview.md", n)
        )
        chapters = [self._resource(f"docs/{n}") for n in names] or [self._resource("docs.md")]
        return "\n\n".join(c.strip() for c in chapters if c) or self.summary

    # --- options --------------------------------------------------------------------
    @property
    def all_options(self) -> tuple[Option, ...]:
        """The ruleset's own options and the ones every campaign has."""
        return self.options + CORE_OPTIONS

    def option(self, name: str) -> Option | None:
        """The option called ``name`` (the core's included), or None."""
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
        """Every option at its default: what a new campaign starts with."""
        return {o.name: o.default for o in self.all_options}

    # --- set-up and checks ------------------------------------------------------------
    def setup(self, campaign: Campaign, setup: dict[str, Any]) -> None:
        """Prepare a new campaign's ruleset state. ``setup`` is the scenario's
        ``[ruleset.<id>]`` table (without options and tables, which the engine handles).

        The engine calls this in the campaign's first action (``setup``) and then enters
        the first phase, with its hooks. The default starts in the first phase with a
        fresh ``state_class()``."""
        campaign.phase = self.phases[0].id if self.phases else ""
        if self.state_class is not None:
            campaign.state = self.state_class()

    # Every check answers in one shape, a :class:`~tuicamp.engine.problems.Problem`: the
    # key path to the value at fault (so a file reader points at its line) and a sentence.
    def setup_problems(self, setup: dict[str, Any]) -> Sequence[Problem]:
        """What is wrong with a scenario's ``[ruleset.<id>]`` table, each Problem's path
        below that table (``("roles", "guard")``); empty when it is fine. The message
        names the place by the path (``roles.guard``), unless the Problem words it."""
        return []

    def campaign_problems(self, rules: Rules) -> Sequence[Problem]:
        """What is wrong with a campaign a scenario would start, for `tuicamp check`.

        Each Problem's path names the part of the scenario at fault, by id where the
        file has an array of them: ``("settlement", ID)``, ``("army", ID)``,
        ``("territory", ID)``, ``("player", ID)``, ``("victory",)``, ``("option", NAME)``,
        or ``()`` (the ruleset's own table). Only real problems: advice belongs in the
        game's chronicle.
        """
        return []

    def state_problems(self, campaign: Campaign) -> Sequence[Problem]:
        """What is wrong with the ruleset's own state, as a hand-edited save or a Games
        Master's correction (``gm_set_state``) may leave it, each Problem's path below the
        campaign (``("state", "mp_used", "a1")``); empty when it makes sense. The codec
        already checks the types, so this is for what types cannot say (a negative
        ledger, an id that names nothing)."""
        return []

    # --- the flow (the engine runs it; these are its hooks) ---------------------------
    def phase(self, phase_id: str) -> Phase | None:
        """The declared phase ``phase_id``, or None."""
        return next((p for p in self.phases if p.id == phase_id), None)

    def end_blockers(self, ctx: Context, player: str) -> list[str]:
        """Why ``player`` may not end the phase (or step) yet, one refusal sentence each;
        empty when nothing stands in the way."""
        return []

    def letter_refusal(self, rules: Rules, seat: Seat) -> str | None:
        """Why ``seat`` may write no letter (a seat whose players are out of the campaign),
        one refusal sentence; None (the default) when it may."""
        return None

    def idle(self, rules: Rules, player: str) -> str | None:
        """Why ``player`` has nothing to decide in the phase (or step) now, in the
        chronicle's words ("no battles this turn"), or None when it has something to
        decide. The flow passes a player whose part begins with nothing to decide
        (R-ALL-12). The default: there is always something, nobody is passed."""
        return None

    def left_undone(self, rules: Rules, player: str) -> list[str] | None:
        """What ``player`` could still do in this phase and has not, one short sentence
        each ("The Riverwardens have not moved"): ending the phase is confirmed only when
        something is, and the question names it (R-ALL-9). [] when nothing is left; None
        (the default) when the ruleset does not say, and the question is always asked."""
        return None

    def turn_start(self, ctx: Context) -> None:
        """A new turn has begun (before its first phase): reset what lasts one turn. The
        default keeps everything."""
        return None

    def fire(self, ctx: Context, effect: ScheduledEffect) -> None:
        """A scheduled effect's time has come (``ctx.schedule``): make it happen, emitting
        events. By default the chronicle tells the effect's text."""
        if effect.text:
            ctx.emit(effect.kind, effect.text, visible_to=effect.visible_to, **effect.data)

    def roll_awaited(self, ctx: Context, awaited: AwaitedRoll) -> None:
        """Carry out work that waited for the table's dice (``engine.awaited.carry_out``,
        R-ALL-8), rolling them now with ``ctx.dice``. A ruleset that makes work wait
        answers for each ``kind`` it records; by default there is none to answer for."""
        raise RuleError(f"Nothing in this ruleset waits for dice as {awaited.kind!r}")

    # --- what a seat may know (nothing changes: the read context) ---------------------
    # Every question that changes nothing is given the read context (``Rules``: the
    # campaign, this ruleset, the tables in force and the options), so a ruleset never has
    # to look itself up in the registry; a ``Context`` is a ``Rules`` too.
    def pending(self, rules: Rules, seat: Seat | None = None) -> list[str]:
        """What must still happen before the phase can end, as sentences ``seat`` may read
        (None: only what everyone may know)."""
        return []

    def victory(self, rules: Rules) -> Victory | None:
        """Whether the war is decided (asked after every action), and by whom."""
        return None

    def army_visibility(self, rules: Rules, seat: Seat, army: Army) -> str:
        """'full', 'categories', 'points', 'counter' (position only) or 'hidden' for this
        seat (the Games Master sees every army in full without asking)."""
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

    def format_money(self, amount: int) -> str:
        """An amount of the ruleset's smallest coin as the players read it."""
        return f"{amount} {self.coin}"

    # --- battles --------------------------------------------------------------------
    # A ruleset finds its battles itself and opens them with ``engine.battles.open_battle``;
    # the engine takes the results (table or dice), then asks these.
    def result_fields(self, rules: Rules, battle: Battle) -> tuple[ResultField, ...]:
        """The ruleset's own result-form fields, each with the scope that says who answers
        it (every side, one side, the battle, each character); VP and losses always are."""
        return ()

    def battle_units(self, rules: Rules, battle: Battle, army: Army) -> Sequence[Unit]:
        """The units of ``army`` that take part in ``battle``: every one by default. A
        ruleset whose contests field a few (a duel of generals) names those, and the card,
        the result form and orders files list only them, so a side never reads the rest of
        an enemy's army there."""
        return army.units

    def side_forces(self, rules: Rules, battle: Battle, side: BattleSide) -> list[tuple[str, int]]:
        """The forces without army counters ``side`` fields, each named with its points:
        the side's one force of ``side.points`` by default (none when it has none). A
        ruleset whose side joins several players' forces (an army and an ally's
        contingent) names each, their points adding up to ``side.points``. Wherever a side
        is named, it is named by these (:mod:`tuicamp.engine.side_forces`): the
        chronicle's line that opens the battle, the refusal of points lost beyond the
        side's, the card (a line each, and what its points lost are of), the result
        form's heading of the side, the battle queue, the orders file of the result and
        `tuicamp battles`. A ruleset that knows a side's forces from its own state links
        the battle to it as it opens (``open_battle``'s ``linked``)."""
        return [(side.force_name, side.points)] if side.points > 0 else []

    def asks_points_lost(self, rules: Rules, battle: Battle) -> bool:
        """Whether the result form asks a side with points without army counters how many
        of them it lost: yes by default, since the consequences may read them (the core's
        ``remove_losses`` tells them). A ruleset whose result never reads them (an aasen
        battle's result is its level and who won, R-AA-4) says no, and the result form,
        its orders file and the card ask no number nobody reads; a result that gives
        one anyway is refused."""
        return True

    def battle_status(self, rules: Rules, battle: Battle) -> str:
        """The battle's status as the listing and its card word it: its status ("fought",
        "cancelled") by default; a ruleset that settles a battle unfought says what it
        counted as."""
        return battle.status.value

    def asks_victory_points(self, rules: Rules, battle: Battle) -> bool:
        """Whether a result entered at the table gives each side's Victory points: yes by
        default. A ruleset whose players enter the outcome itself says no (an aasen result
        without its ``result_from_vp`` option, R-AA-58, R-AA-99), and neither the card nor
        the chronicle's line of the result speaks of VP nobody gave."""
        return True

    def battle_card_notes(self, rules: Rules, battle: Battle) -> list[str]:
        """Deployment and special rules in force, one sentence each, for the battle card."""
        return []

    def resolve_battle(self, rules: Rules, battle: Battle, dice: Dice) -> BattleResult:
        """Settle ``battle`` by dice instead of the tabletop, for any number of sides.

        The default is the core resolver (:mod:`tuicamp.engine.resolver`). A ruleset with a
        method of its own returns the same kind of result: one :class:`SideResult` per
        side with VP, losses within what the side brought, and a rank (1 is best; leave 0
        and the ranks follow the VP). Roll only through ``dice``, so table dice and the
        chronicle see every roll.
        """
        # The resolver is imported with the first battle settled, not with the contract:
        # every process that opens a campaign loads this module, and most settle none.
        from tuicamp.engine.resolver import auto_resolve

        return auto_resolve(rules.campaign, battle, dice)

    def battle_outcome(self, rules: Rules, battle: Battle, result: BattleResult) -> BattleOutcome:
        """Who won ``result`` (one side, several together, or none: a draw) and the words
        the chronicle uses for it ("Attacker wins"). Asked of table and auto results alike,
        before :meth:`apply_battle_result`. The default is the tabletop's: the side with
        the most VP wins and a tie at the top is a draw; a ruleset whose resolver decides
        otherwise than by VP words its outcome here too.
        """
        from tuicamp.engine.outcome import most_vp_outcome  # with the first result

        return most_vp_outcome(battle, result)

    def apply_battle_result(self, ctx: Context, battle: Battle) -> None:
        """Draw the consequences of ``battle.result`` (emit an event for each): the default
        draws none, so a ruleset that only keeps the books needs nothing here."""
        return None

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
        return None
