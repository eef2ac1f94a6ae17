"""What a ruleset is.

A ruleset is a plugin found through the ``tuicamp.rulesets`` entry-point group. Core code
only ever talks to this interface, so rulesets as different as weekly strategic turns,
hourly commands, movement impulses and yearly invasions fit the same engine: each declares
its phases, actions, options and tables, and does all of its own sequencing in ``apply``.
"""

from __future__ import annotations

import tomllib
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from attrs import field, frozen

from tuicamp.engine.actions import Action
from tuicamp.engine.outcome import BattleOutcome, most_vp_outcome
from tuicamp.engine.resolver import auto_resolve
from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import BOOL_WORDS, Campaign, OptionValue
from tuicamp.model.forces import Army, Seat

if TYPE_CHECKING:
    from tuicamp.engine.battles import ResultField
    from tuicamp.engine.context import Context
    from tuicamp.engine.dice import Dice
    from tuicamp.model.battle import Battle, BattleResult


@frozen
class Phase:
    id: str
    title: str
    simultaneous: bool = False  # every player acts, then the phase resolves
    help: str = ""


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
        """Prepare a new campaign: ruleset state, first phase. ``setup`` is the scenario's
        ``[ruleset.<id>]`` table (without options and tables, which the engine handles)."""
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

    # --- what the UI and the command line ask -----------------------------------------
    # Every question that changes nothing is given the read context (``Rules``: the
    # campaign, this ruleset, the tables in force and the options), so a ruleset never has
    # to look itself up in the registry; a ``Context`` is a ``Rules`` too.
    def acting_seats(self, campaign: Campaign) -> list[str]:
        """Seats that may act now, in order (the hotseat hand-over follows this)."""
        return [s.id for s in campaign.seats if not s.gm]

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
