"""The Movement phase's actions (what a player asks for; the handlers decide)."""

from __future__ import annotations

from attrs import define, field

from tuicamp.engine.actions import Action


@define(kw_only=True)
class DeclareMarch(Action):
    kind = "march"
    summary = "Declare an army's march before it moves: normal, fast (x1.5) or forced (x2)"
    army: str
    march: str = "normal"


@define(kw_only=True)
class Move(Action):
    kind = "move"
    summary = "Move a counter to a hex by the cheapest path, or along the hexes given"
    army: str
    to: str = ""  # hex label; with path empty the cheapest legal path is taken
    path: list[str] = field(factory=list)  # hex labels after the start, ending at the goal


@define(kw_only=True)
class Halt(Action):
    kind = "halt"
    summary = "Say a counter has completed its movement (it may not move again this turn)"
    army: str


@define(kw_only=True)
class PrepareDefences(Action):
    kind = "prepare_defences"
    summary = "Spend the whole turn building field fortifications (no move)"
    army: str


@define(kw_only=True)
class HastyDefence(Action):
    kind = "hasty_defence"
    summary = "Dig in after at most half the movement allowance (optionally moving first)"
    army: str
    to: str = ""
    path: list[str] = field(factory=list)


@define(kw_only=True)
class Rest(Action):
    kind = "rest"
    summary = "Rest an army all turn (no move) so its fatigue may drop in Resolution"
    army: str


@define(kw_only=True)
class SetAmbush(Action):
    kind = "set_ambush"
    summary = "Secretly draw an ambush (at most 1,000 pts) from an army into a territory"
    army: str
    units: list[str]
    territory: str
    name: str = ""


@define(kw_only=True)
class RevealAmbush(Action):
    kind = "reveal_ambush"
    summary = "Spring a hidden ambush on an enemy army in its territory (any time in Movement)"
    ambush: str
    target: str


@define(kw_only=True)
class WithdrawAmbush(Action):
    kind = "withdraw_ambush"
    summary = "Call a hidden ambush back onto the map in its territory, as an army"
    ambush: str
    hex: str


@define(kw_only=True)
class Scout(Action):
    kind = "scout"
    summary = "Scout an enemy army: a scouting party within 1 hex, or an army's scouts adjacent"
    scout: str
    target: str


@define(kw_only=True)
class SendMessenger(Action):
    kind = "send_messenger"
    summary = "Give a messenger the settlement it rides to for aid"
    messenger: str
    settlement: str


@define(kw_only=True)
class Escort(Action):
    kind = "escort"
    summary = "Have an army escort a messenger in its hex (army empty: ride alone again)"
    messenger: str
    army: str = ""


@define(kw_only=True)
class Load(Action):
    kind = "load"
    summary = "Load food (from the settlement) or gold (coppers, from the treasury) aboard"
    carrier: str
    food: int = 0
    gold: int = 0  # in coppers


@define(kw_only=True)
class Unload(Action):
    kind = "unload"
    summary = "Unload food into a settlement's stores or gold (coppers) into the treasury"
    carrier: str
    food: int = 0
    gold: int = 0  # in coppers


@define(kw_only=True)
class Embark(Action):
    kind = "embark"
    summary = "Embark an army on a ship next to it (4 of the ship's MP)"
    ship: str
    army: str


@define(kw_only=True)
class Disembark(Action):
    kind = "disembark"
    summary = "Land an army from a ship onto a hex next to it (4 of the ship's MP)"
    ship: str
    army: str
    hex: str
