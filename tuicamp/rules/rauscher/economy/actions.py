"""The economy's actions: what a Warmaster does in the Upkeep and Resolution phases.

``player`` names the Warmaster a seat acts for; it may stay empty for a seat of one player
(the Games Master must name one).
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.engine.actions import Action
from tuicamp.model.forces import Category


# --- Upkeep: "1. Reorganize armies" ---------------------------------------------------
@define(kw_only=True)
class SplitArmy(Action):
    kind = "split_army"
    summary = "Upkeep: split units (and allocated points) off an army into a new army"
    army: str
    units: list[str] = field(factory=list)
    allocation_points: list[int] = field(factory=list)  # points taken from each allocation
    name: str = ""


@define(kw_only=True)
class MergeArmies(Action):
    kind = "merge_armies"
    summary = "Upkeep: merge an army (or a scouting party) into another in the same hex"
    army: str
    into: str


@define(kw_only=True)
class Designate(Action):
    kind = "designate"
    summary = "Upkeep: name an army's patrols and scouts (unit ids)"
    army: str
    patrols: list[str] = field(factory=list)
    scouts: list[str] = field(factory=list)


@define(kw_only=True)
class CreateScoutingParty(Action):
    kind = "create_scouting_party"
    summary = "Upkeep: send 1 unit of scouts (+ champion, lord, spell-caster) as a scouting party"
    army: str
    scouts: str  # the unit of scouts
    characters: list[str] = field(factory=list)
    name: str = ""


# --- Upkeep: "2. Spend gold" -------------------------------------------------------------
@define(kw_only=True)
class BuyRecruits(Action):
    kind = "buy_recruits"
    summary = "Upkeep: recruit a unit (or, allocation = true, points of a category)"
    name: str
    points: int
    category: Category = Category.RANK_AND_FILE
    movement: int = 4
    leadership: int = 7
    models: int = 1
    flags: list[str] = field(factory=list)
    allocation: bool = False
    player: str = ""


@define(kw_only=True)
class BuyBaggage(Action):
    kind = "buy_baggage"
    summary = "Upkeep: buy a baggage train (2c), optionally loaded with supplies (1c each)"
    food: int = 0
    player: str = ""


@define(kw_only=True)
class BuyShip(Action):
    kind = "buy_ship"
    summary = "Upkeep: buy a ship (2s), launched at a coastal settlement in Resolution"
    player: str = ""


@define(kw_only=True)
class BuySiegeEquipment(Action):
    kind = "buy_siege_equipment"
    summary = "Upkeep: buy points of siege equipment, placed with any army in Resolution"
    points: int
    player: str = ""


@define(kw_only=True)
class BuySupplies(Action):
    kind = "buy_supplies"
    summary = "Upkeep: buy supplies (1c each) into a settlement's stores or a baggage train"
    amount: int
    settlement: str = ""
    baggage: str = ""
    player: str = ""


@define(kw_only=True)
class BuyMessenger(Action):
    kind = "buy_messenger"
    summary = "Upkeep: send out a messenger (1c) from one of your settlements"
    settlement: str
    name: str = ""
    player: str = ""


@define(kw_only=True)
class CancelPurchase(Action):
    kind = "cancel_purchase"
    summary = "Upkeep: cancel a purchase of this Upkeep phase (refunded)"
    purchase: str


@define(kw_only=True)
class SeekMercenaries(Action):
    kind = "seek_mercenaries"
    summary = "Upkeep: look for mercenaries in one of your cities (1c, once a turn)"
    settlement: str
    player: str = ""


@define(kw_only=True)
class AnswerMercenaries(Action):
    kind = "answer_mercenaries"
    summary = "Upkeep: hire the mercenaries found (as a new army, or into an army) or refuse"
    accept: bool
    army: str = ""  # an army in the city's hex they join; empty: their own army
    name: str = ""
    player: str = ""


@define(kw_only=True)
class LoadFood(Action):
    kind = "load_food"
    summary = "Upkeep/Resolution: load food from a settlement onto a baggage train or ship"
    carrier: str
    amount: int  # negative: unload into the settlement


# --- ransom (R-RA-11) ---------------------------------------------------------------------
@define(kw_only=True)
class WriteRansom(Action):
    kind = "write_ransom"
    summary = "Upkeep: write your sealed ransom offer (owner) or demand (captor)"
    prisoner: str
    amount: str  # money like "1g 1s 3c", or coppers
    player: str = ""


@define(kw_only=True)
class PlaceRansomed(Action):
    kind = "place_ransomed"
    summary = "Upkeep: place a character returned alive in one of your settlements"
    prisoner: str
    settlement: str
    army: str = ""  # an army in that settlement's hex to join


# --- cards (R-RA-10) ------------------------------------------------------------------------
@define(kw_only=True)
class DrawCard(Action):
    kind = "draw_card"
    summary = "Draw your card of a scenario deck (events in Upkeep; encounters, magic in Effects)"
    deck: str = "events"
    player: str = ""


@define(kw_only=True)
class PlayCard(Action):
    kind = "play_card"
    summary = "Play a card from your hand (its text goes to the chronicle; the GM applies it)"
    card: str
    player: str = ""


# --- Resolution: "Place New Units" -------------------------------------------------------
@define(kw_only=True)
class PlacePurchase(Action):
    kind = "place_purchase"
    summary = "Resolution: place a purchase (in an original settlement, or with an army)"
    purchase: str
    settlement: str = ""
    army: str = ""
    name: str = ""


@define(kw_only=True)
class DismissPurchase(Action):
    kind = "dismiss_purchase"
    summary = "Resolution: give up a purchase that cannot be placed (no refund)"
    purchase: str


# --- fate ------------------------------------------------------------------------------------
@define(kw_only=True)
class UseFate(Action):
    """ "A fate point may be used at any time during the course of play to re-roll any one
    roll" (R-RA-12): ``roll`` names an open offer by its id, or any roll of yours of the
    last action that rolled dice by its number in the chronicle (12, or #12)."""

    kind = "use_fate"
    summary = (
        "Spend a fate point to re-roll one roll: an open offer (its id) or one of the last "
        "action's rolls (its number in the chronicle); default: your latest"
    )
    roll: str = ""
    player: str = ""
