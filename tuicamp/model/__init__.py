"""The campaign state as attrs classes: pure data, no Textual, no I/O."""

from tuicamp.model.campaign import Campaign, DiceMode, DiceState, OptionValue
from tuicamp.model.flow import Clock, FlowState, RolledOrder, ScheduledEffect
from tuicamp.model.forces import Army, Category, Player, Seat, Unit
from tuicamp.model.hexes import Hex, Hexside, parse_hexside, parse_label
from tuicamp.model.map import HexMap, Settlement, Territory
from tuicamp.model.terrain import BY_ID, BY_LETTER, TERRAINS, Terrain

__all__ = [
    "BY_ID",
    "BY_LETTER",
    "TERRAINS",
    "Army",
    "Campaign",
    "Category",
    "Clock",
    "DiceMode",
    "DiceState",
    "FlowState",
    "Hex",
    "HexMap",
    "Hexside",
    "OptionValue",
    "Player",
    "RolledOrder",
    "ScheduledEffect",
    "Seat",
    "Settlement",
    "Terrain",
    "Territory",
    "Unit",
    "parse_hexside",
    "parse_label",
]
