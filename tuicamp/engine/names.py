"""Names and texts that reach a terminal: printable, never terminal control.

An army's, a player's or a campaign's name is typed by one player and printed on every
other player's terminal. A name holding ESC could retitle another player's terminal or
repaint his screen, a BEL ring it, a newline forge a second line of a refusal or of the
chronicle. So control characters are refused wherever a name comes in (scenarios, saves,
orders, the wizard: :func:`name_problems`, :func:`action_problem`), and whatever still
holds one (a save written before they were refused) is printed escaped by
:func:`~tuicamp.engine.printable.escaped`, the one function every path to a terminal goes
through (views, refusals, the command line's output).
"""

from __future__ import annotations

from collections.abc import Iterator

from attrs import fields, has

from tuicamp.engine.actions import Action
from tuicamp.engine.printable import control_problem
from tuicamp.engine.problems import KeyPath, Problem
from tuicamp.model.campaign import Campaign


def named_texts(campaign: Campaign) -> Iterator[tuple[KeyPath, str]]:
    """Every name of a campaign a terminal prints, at its key path in the campaign."""
    yield ("name",), campaign.name
    for i, player in enumerate(campaign.players):
        yield ("players", i, "name"), player.name
        yield ("players", i, "race"), player.race
    for i, seat in enumerate(campaign.seats):
        yield ("seats", i, "name"), seat.name
    for i, team in enumerate(campaign.teams):
        yield ("teams", i, "name"), team.name
    for i, army in enumerate(campaign.armies):
        yield ("armies", i, "name"), army.name
        for j, unit in enumerate(army.units):
            yield ("armies", i, "units", j, "name"), unit.name
    for i, settlement in enumerate(campaign.map.settlements):
        yield ("map", "settlements", i, "name"), settlement.name
    for i, territory in enumerate(campaign.map.territories):
        yield ("map", "territories", i, "name"), territory.name


def name_problems(campaign: Campaign) -> list[Problem]:
    """Each name of the campaign that holds a control character, at its key path."""
    out = []
    for path, text in named_texts(campaign):
        problem = control_problem(text)
        if problem is not None:
            out.append(Problem(path, f"{path[-1]} {problem}"))
    return out


def action_problem(action: Action) -> str | None:
    """The first text of an order that holds a control character, said for its field:
    a name given in an orders file, a form or a key press is refused before it is kept.
    A free text (any field but a name or an id: a note, a reason) may break lines, which
    the chronicle prints escaped; nothing may hold ESC, BEL or the like."""
    for field in fields(type(action)):
        free = "name" not in field.name and field.name not in ID_FIELDS
        for text in _texts(getattr(action, field.name)):
            problem = control_problem(text, breaks=free)
            if problem is not None:
                return f"{action.kind}: {field.name} {problem}"
    return None


# the fields of orders that name or pick a record, never free text
ID_FIELDS = frozenset({"id", "army", "armies", "unit", "units", "player", "settlement", "to"})


def _texts(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _texts(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(key)
            yield from _texts(item)
    elif has(type(value)):
        for field in fields(type(value)):  # type: ignore[arg-type]  # has() checked
            yield from _texts(getattr(value, field.name))
