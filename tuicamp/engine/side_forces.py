"""A battle side's forces without army counters, named as the ruleset makes them up.

The ruleset says what a side's points without counters are made of
(:meth:`Ruleset.side_forces`: one force of the side's points by default; an aasen side
the supported player's army and each Support Contingent fighting with it, R-AA-54). The
engine's own words about a side (the chronicle's battle line, the refusal of points lost
beyond the side's) and the game layer's lists, form, card and orders file
(:mod:`tuicamp.game.side_forces`) all name them from here, so a side that joins several
players' forces is never called by one of them, and a ruleset with one force a side reads
exactly as it always did.
"""

from __future__ import annotations

from tuicamp.engine.rules import Rules
from tuicamp.model.battle import Battle, BattleSide
from tuicamp.model.words import and_list


def forces(rules: Rules, battle: Battle, side: BattleSide) -> list[tuple[str, int]]:
    """Each force of the side without army counters, named, with its points."""
    return rules.ruleset.side_forces(rules, battle, side)


def points_of(rules: Rules, battle: Battle, side: BattleSide) -> str:
    """What the side's points without counters are of, for "the 2350 pts of ...": the
    one force's name, or each force with its own points ("Malus of Hag Graef (1750 pts)
    and Khazrak One-Eye's Support Contingent, led by Kouran (600 pts)")."""
    listed = forces(rules, battle, side)
    if len(listed) == 1:
        return listed[0][0]
    return and_list([f"{name} ({points} pts)" for name, points in listed])


def side_names(rules: Rules, battle: Battle, side: BattleSide) -> str:
    """What the chronicle and a list of battles call the side: its armies and each of its
    forces without counters (the side's title when it has neither)."""
    armies = [army.name for aid in side.armies if (army := rules.campaign.army(aid))]
    names = armies + [name for name, _ in forces(rules, battle, side)]
    return ", ".join(names) or side.title


def sides_named(rules: Rules, battle: Battle) -> str:
    """Every side of the battle by :func:`side_names`: ``Red Vanguard vs Defender``."""
    return " vs ".join(side_names(rules, battle, side) for side in battle.sides)
