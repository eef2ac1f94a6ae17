"""Moments a lower phase package hands to a higher one, so that imports only point down.

Combat settles battles, but a battle also matters to the siege it was fought in, and a
beaten army may change sides in a Family Squabble (victory); the economy feeds armies, but
the besieged eat from their stockpile (siege). Rather than import upward, the lower package
calls a hook here at that moment and the higher package registers its function when it is
imported. Importing the ruleset imports every phase package (the frame lists them all), so
every hook is in place before the first action; a hook nobody registered does nothing.

Each hook is a list, run in the order of registration.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import define, field

from tuicamp.engine.context import Context
from tuicamp.engine.rules import Rules
from tuicamp.model.battle import Battle
from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr
from tuicamp.rules.rauscher.shared.combat_state import BattleInfo

# The Combat phase begins, before its battles are found (sieges that no longer stand end).
BeforeBattles = Callable[[Context], None]
# A battle's consequences are drawn, before its hex is looked at again (does a siege stand?).
BattleSettled = Callable[[Context, Battle, BattleInfo], None]
# A side is beaten: (ctx, battle or None, its armies, the victor's lead) -> the armies that
# still retreat as usual (the others stay, e.g. to fight for the victor's banner).
SideBeaten = Callable[[Context, Battle | None, list[str], str], list[str]]
# What the battle card adds for a battle (the siege's walls and equipment).
CardNotes = Callable[[Rules, Battle, BattleInfo], list[str]]
# Is this settlement or army shut in (its food is then not the economy's business)?
ShutIn = Callable[[Rules, str], bool]


@define
class Hooks:
    """What the higher packages have hung on the lower ones' moments."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    before_battles: list[BeforeBattles] = field(factory=list)
    battle_settled: list[BattleSettled] = field(factory=list)
    side_beaten: list[SideBeaten] = field(factory=list)
    card_notes: list[CardNotes] = field(factory=list)
    shut_in: list[ShutIn] = field(factory=list)


HOOKS = Hooks()


def before_battles(ctx: Context) -> None:
    for hook in HOOKS.before_battles:
        hook(ctx)


def battle_settled(ctx: Context, battle: Battle, info: BattleInfo) -> None:
    for hook in HOOKS.battle_settled:
        hook(ctx, battle, info)


def still_retreating(
    ctx: Context, battle: Battle | None, armies: list[str], victor: str
) -> list[str]:
    """The beaten armies that retreat; each hook may keep some back."""
    for hook in HOOKS.side_beaten:
        armies = hook(ctx, battle, armies, victor)
    return armies


def card_notes(rules: Rules, battle: Battle, info: BattleInfo) -> list[str]:
    return [line for hook in HOOKS.card_notes for line in hook(rules, battle, info)]


def shut_in(rules: Rules, ident: str) -> bool:
    return any(hook(rules, ident) for hook in HOOKS.shut_in)
