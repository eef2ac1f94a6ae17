"""Everything a ruleset is written with, from one module.

A ruleset author imports from here and nowhere else in tuicamp: ``from tuicamp.rules.api
import Ruleset, Phase, Rolled, ...``. What lies behind these names (which engine module
holds the flow, where the model keeps a battle) may be reorganised; these names stay. The
guide, ``docs/writing-a-ruleset.md``, walks through a ruleset written this way.

**Stable**: the contract (:class:`Ruleset`, :class:`Phase`, :class:`Option`,
:class:`Victory`, :class:`StatusLine`); actions and events; the read and acting contexts
(:class:`Rules`, :class:`Context`) and :class:`RuleError`; the flow's turn orders,
:class:`Play`, the end-of-phase actions, the clock and scheduled effects; battles (their
model, the result form's :class:`ResultField` and :class:`FieldScope`,
:class:`BattleOutcome`, :func:`open_battle`); the model classes a rule reads (campaign,
map, hexes and hexsides, a map's vocabulary of terrains and hexside features, forces,
teams); :class:`Problem`; and the kit, as its modules (``sealed``,
``agreements``, ``teams``, ``turns``, ``clock``, ``words``) and their data classes. A stable name
changes only with a note in the guide and a deprecation period.

**Provisional**: the names in :data:`PROVISIONAL`, helpers the bundled rulesets use
today that are still settling (pathing and movement costs, the treasury and stores
corrections, the dice's own classes, the engine's record of the flow, the battle
take-back's bookkeeping). They are here so that no ruleset has to reach past this module;
expect their shape to change.

The kit's functions are reached through its modules, so that each reads as what it does:
``sealed.write(ctx, round, writer, choice)``, ``agreements.propose(...)``,
``teams.hostile(campaign, a, b)``, ``turns.acting_player(ctx)``, ``clock.reached(...)``.

Screens are the other door: a ruleset's screens import the UI kit, ``tuicamp.ui.kit``, and
nothing else of the UI.
"""

from __future__ import annotations

from tuicamp.engine.actions import Action, Event
from tuicamp.engine.awaited import carry_out
from tuicamp.engine.battles import clear_revert_points, open_battle, remove_losses
from tuicamp.engine.codec import structure, unstructure
from tuicamp.engine.context import Context
from tuicamp.engine.corrections import set_stores, set_treasury
from tuicamp.engine.costs import cost_model
from tuicamp.engine.dice import Dice, Roll
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import (
    ByOption,
    Custom,
    EndAction,
    EndPhase,
    Fixed,
    Play,
    Rolled,
    Simultaneous,
    TurnOrder,
    acting_players,
    acting_seats,
    every_player,
)
from tuicamp.engine.kept import Kept
from tuicamp.engine.outcome import BattleOutcome, most_vp_outcome
from tuicamp.engine.pathing import (
    CostModel,
    Path,
    SideRule,
    cheapest_path,
    path_cost,
    path_towards,
    reachable,
)
from tuicamp.engine.problems import Problem
from tuicamp.engine.rerolls import Reroll, RerollWanted
from tuicamp.engine.result_form import FieldScope, ResultField
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import ActionsFrom, Hook, Option, Phase, Ruleset, StatusLine, Victory
from tuicamp.engine.side_paths import (
    Closures,
    LineStep,
    SideLine,
    SideNetwork,
    SideReach,
    StepKind,
    cheapest_line,
    search_sides,
    side_multi_source,
    side_reachable,
)
from tuicamp.model.battle import (
    Battle,
    BattleResult,
    BattleSide,
    BattleStatus,
    Circumstance,
    SideResult,
    UnitLoss,
)
from tuicamp.model.campaign import Campaign, DiceMode, OptionValue
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.flow import AwaitedRoll, Clock, FlowState, ScheduledEffect
from tuicamp.model.forces import Army, Category, Player, Seat, Unit, UnitSpec, unit_race
from tuicamp.model.hexes import (
    DIRECTION_NAMES,
    Hex,
    Hexside,
    SideOf,
    parse_hexside,
    parse_label,
    parse_side_of,
)
from tuicamp.model.ids import id_code
from tuicamp.model.map import HexMap, Settlement, Territory
from tuicamp.model.reprs import fields_repr
from tuicamp.model.rerolls import RecordedRoll
from tuicamp.model.teams import Team, TeamKind
from tuicamp.model.terrain import (
    BASE_VOCABULARY,
    TERRAINS,
    FeatureKind,
    FeatureLook,
    HexsideFeature,
    Terrain,
    TerrainLook,
    Vocabulary,
)
from tuicamp.rules.kit import agreements, clock, rerolls, sealed, teams, turns, words
from tuicamp.rules.kit.agreements import Agreement, Agreements, AgreementStatus
from tuicamp.rules.kit.clock import Moment
from tuicamp.rules.kit.sealed import SealedChoice, SealedView

# The names still settling (see the module's docstring); every other name is stable.
PROVISIONAL: frozenset[str] = frozenset(
    {
        "ActionsFrom",
        "AwaitedRoll",
        "carry_out",
        "id_code",
        "Closures",
        "CostModel",
        "Dice",
        "DiceMode",
        "FlowState",
        "LineStep",
        "Path",
        "Roll",
        "SideRule",
        "SideLine",
        "SideNetwork",
        "SideReach",
        "StepKind",
        "cheapest_line",
        "cheapest_path",
        "clear_revert_points",
        "cost_model",
        "path_cost",
        "path_towards",
        "reachable",
        "search_sides",
        "set_stores",
        "set_treasury",
        "side_multi_source",
        "side_reachable",
    }
)

__all__ = [
    "BASE_VOCABULARY",
    "DIRECTION_NAMES",
    "TERRAINS",
    "Action",
    "ActionsFrom",
    "Agreement",
    "AgreementStatus",
    "Agreements",
    "Army",
    "AwaitedRoll",
    "Battle",
    "BattleOutcome",
    "BattleResult",
    "BattleSide",
    "BattleStatus",
    "ByOption",
    "Campaign",
    "Category",
    "Circumstance",
    "Clock",
    "Closures",
    "Context",
    "CostModel",
    "Custom",
    "Dice",
    "DiceMode",
    "EndAction",
    "EndPhase",
    "Event",
    "FeatureKind",
    "FeatureLook",
    "FieldScope",
    "Fixed",
    "FlowState",
    "Hex",
    "HexMap",
    "Hexside",
    "HexsideFeature",
    "Hook",
    "Kept",
    "LineStep",
    "Moment",
    "Option",
    "OptionValue",
    "Path",
    "Phase",
    "Play",
    "Player",
    "Problem",
    "RecordedRoll",
    "Reroll",
    "RerollWanted",
    "ResultField",
    "Roll",
    "Rolled",
    "RuleError",
    "Rules",
    "Ruleset",
    "ScheduledEffect",
    "SealedChoice",
    "SealedView",
    "Seat",
    "Settlement",
    "SideLine",
    "SideNetwork",
    "SideOf",
    "SideReach",
    "SideResult",
    "SideRule",
    "Simultaneous",
    "StatusLine",
    "StepKind",
    "Team",
    "TeamKind",
    "Terrain",
    "TerrainLook",
    "Territory",
    "TurnOrder",
    "Unit",
    "UnitLoss",
    "UnitSpec",
    "Victory",
    "Vocabulary",
    "acting_players",
    "acting_seats",
    "agreements",
    "carry_out",
    "cheapest_line",
    "cheapest_path",
    "clear_revert_points",
    "clock",
    "cost_model",
    "every_player",
    "fields_eq",
    "fields_hash",
    "fields_repr",
    "id_code",
    "most_vp_outcome",
    "open_battle",
    "parse_hexside",
    "parse_label",
    "parse_side_of",
    "path_cost",
    "path_towards",
    "reachable",
    "remove_losses",
    "rerolls",
    "sealed",
    "search_sides",
    "set_stores",
    "set_treasury",
    "side_multi_source",
    "side_reachable",
    "structure",
    "teams",
    "turns",
    "unit_race",
    "unstructure",
    "words",
]
