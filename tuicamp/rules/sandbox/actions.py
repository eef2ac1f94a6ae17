"""The sandbox's free-play actions."""

from __future__ import annotations

from attrs import define, field

from tuicamp.engine.actions import Action
from tuicamp.engine.flow import EndAction
from tuicamp.model.equality import fields_eq
from tuicamp.model.forces import UnitSpec
from tuicamp.model.reprs import fields_repr


@define(kw_only=True)
class Move(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "move"
    summary = "Move an army to a hex, by the cheapest path or along the hexes given"
    army: str
    to: str = ""  # hex label; with path empty the cheapest path is taken
    path: list[str] = field(factory=list)  # hex labels after the start, ending at the goal


@define(kw_only=True)
class CreateArmy(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "create_army"
    summary = "Raise a new army on a hex (the GM may raise one for any player)"
    name: str
    hex: str
    player: str = ""  # default: the acting seat's player
    units: list[UnitSpec] = field(factory=list)


@define(kw_only=True)
class SplitArmy(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "split_army"
    summary = "Split some units off an army into a new army on the same hex"
    army: str
    units: list[str]  # unit ids that leave
    name: str = ""


@define(kw_only=True)
class MergeArmies(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "merge_armies"
    summary = "Merge armies of one player on the same hex into the first"
    armies: list[str]


@define(kw_only=True)
class DisbandArmy(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "disband_army"
    summary = "Disband an army (its units are gone)"
    army: str


@define(kw_only=True)
class RenameArmy(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "rename_army"
    summary = "Give an army a new name"
    army: str
    name: str


@define(kw_only=True)
class AddUnit(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "add_unit"
    summary = "Add a unit to an army"
    army: str
    unit: UnitSpec


@define(kw_only=True)
class EditUnit(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "edit_unit"
    summary = "Change a unit's name, points, M, Ld or models (-1 / empty keeps the value)"
    army: str
    unit: str
    name: str = ""
    points: int = -1
    movement: int = -1
    leadership: int = -1
    models: int = -1


@define(kw_only=True)
class RemoveUnit(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "remove_unit"
    summary = "Remove a unit from an army"
    army: str
    unit: str


@define(kw_only=True)
class SetTreasury(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "set_treasury"
    summary = "Set one of your players' treasury"
    player: str
    amount: int


@define(kw_only=True)
class SetStores(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "set_stores"
    summary = "Set what a settlement you own stores (food, gold, ...)"
    settlement: str
    stores: dict[str, int] = field(factory=dict)


@define(kw_only=True)
class Roll(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "roll"
    summary = "Roll any dice expression for your own tables (2d6, d66, 3d6+1)"
    expr: str
    reason: str = ""


@define(kw_only=True)
class EndTurn(EndAction):
    """The engine ends the seat's turn: in turn order the player to act passes to the next;
    when everyone acts at once, every player of the seat ends at once."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "end_turn"
    summary = "End your turn (in turn order, pass to the next player)"
    whole_seat = True


@define(kw_only=True)
class Capture(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "capture"
    summary = "Take a settlement your army stands in, with no other player's army there"
    army: str
    settlement: str = ""  # default: the settlement on the army's hex


SANDBOX_ACTIONS: tuple[type[Action], ...] = (
    Move,
    Capture,
    CreateArmy,
    SplitArmy,
    MergeArmies,
    DisbandArmy,
    RenameArmy,
    AddUnit,
    EditUnit,
    RemoveUnit,
    SetTreasury,
    SetStores,
    Roll,
    EndTurn,
)
