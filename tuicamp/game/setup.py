"""Starting a campaign from a scenario: the players in its slots, the seats, the seed, the
house rules, then the ruleset's own set-up.

This is the application's job, not the files': storage reads and checks a scenario, the
ruleset prepares its state, and this module puts the two together (the command line, the
new-campaign wizard and ``tuicamp check`` all start campaigns here). The ruleset's set-up
is the campaign's first engine action, so its dice and notes open the chronicle:
:func:`start_campaign` gives the engine holding them, :func:`new_campaign` the campaign
alone.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import Any

from tuicamp.engine import registry
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import InputError, RuleError
from tuicamp.engine.printable import control_problem
from tuicamp.engine.problems import KeyPath, Problem
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import Ruleset
from tuicamp.model.campaign import Campaign, DiceMode, DiceState, OptionValue
from tuicamp.model.forces import Player, Seat
from tuicamp.storage.scenario import GM_SEAT, RulesetSetup, Scenario, listing


def _players_for(scenario: Scenario, chosen: Sequence[tuple[str, str]]) -> list[Player]:
    if len(chosen) > len(scenario.players):
        raise InputError(
            f"scenario {scenario.id} has {len(scenario.players)} player slots "
            f"({listing([p.id for p in scenario.players])}), not {len(chosen)}"
        )
    players = []
    for i, slot in enumerate(scenario.players):
        name, race = chosen[i] if i < len(chosen) else ("", "")
        race = race.strip() or slot.race
        picked = slot.allows(race)
        if picked is None:
            raise InputError(
                f"player slot {slot.id} ({slot.name}) may be {listing(slot.races)}, not {race!r}"
            )
        players.append(
            Player(
                slot.id, name.strip() or slot.name, picked, slot.colour, slot.treasury, slot.letter
            )
        )
    _distinct_letters(players)
    return players


def _distinct_letters(players: list[Player]) -> None:
    """Two players with one map marker cannot be told apart; give the later one another."""
    used: set[str] = set()
    for p in players:
        if p.letter in used:
            spare = [c.upper() for c in p.name + p.id if c.isascii() and c.isalnum()]
            spare += [chr(c) for c in range(ord("A"), ord("Z") + 1)]
            p.letter = next((c for c in spare if c not in used), p.letter)
        used.add(p.letter)


def _options_for(
    ruleset: Ruleset, setup: RulesetSetup, overrides: Mapping[str, str | OptionValue]
) -> dict[str, OptionValue]:
    options = ruleset.default_options()
    options.update(setup.options)
    for name, value in overrides.items():
        option = ruleset.option(name)
        if option is None:
            known = listing([o.name for o in ruleset.options])
            raise InputError(f"ruleset {ruleset.id} has no option {name!r} (options: {known})")
        try:
            options[name] = option.coerce(value)
        except ValueError as exc:
            raise InputError(str(exc)) from None
    return options


def _place(path: KeyPath) -> str:
    """Where a campaign problem is, for a sentence about the scenario: the part and what
    names it (" (settlement s1)", " (victory)"); nothing for the ruleset's own table."""
    if not path:
        return ""
    kind, *rest = path
    return f" ({kind} {'.'.join(map(str, rest))})" if rest else f" ({kind})"


def _refuse_unprintable(name: str, players: Sequence[tuple[str, str]]) -> None:
    """The names a Games Master types for a new campaign (the wizard, ``tuicamp new``)
    are printed on every player's terminal: a control character in one is refused."""
    given = [("the campaign's name", name)]
    for i, (player, race) in enumerate(players, 1):
        given += [(f"player {i}'s name", player), (f"player {i}'s race", race)]
    for what, text in given:
        problem = control_problem(text)
        if problem is not None:
            raise InputError(f"{what} {problem}")


def new_campaign(scenario: Scenario, ruleset_id: str, **choices: Any) -> Campaign:
    """A fresh campaign of ``scenario``, set up, without the chronicle of its set-up (for
    checks and tests; a campaign to be played starts with :func:`start_campaign`, which
    takes the same ``choices``)."""
    campaign = start_campaign(scenario, ruleset_id, **choices).campaign
    campaign.chronicle_length = 0
    return campaign


def start_campaign(
    scenario: Scenario,
    ruleset_id: str,
    *,
    name: str = "",
    options: Mapping[str, str | OptionValue] = {},  # read only, never changed
    players: Sequence[tuple[str, str]] = (),
    seed: int | None = None,
    dice_mode: DiceMode = DiceMode.APP,
    gm_seat: bool = True,
    check: bool = True,
) -> Engine:
    """A fresh campaign of ``scenario`` under one of the rulesets it supports, in an engine
    whose chronicle opens with its set-up (the campaign's first action).

    ``players`` fills the slots in order with (name, race); an empty name or race keeps the
    slot's. ``options`` are ``--option`` overrides (text is coerced to the option's type).
    The scenario object is not changed: the campaign gets its own copies of map and armies.
    """
    _refuse_unprintable(name, players)
    setup = scenario.rulesets.get(ruleset_id)
    if setup is None:
        raise InputError(
            f"scenario {scenario.id} does not support ruleset {ruleset_id!r} "
            f"(it supports: {listing(scenario.rulesets)})"
        )
    ruleset = registry.get_ruleset(ruleset_id)
    roster = _players_for(scenario, players)
    seats = [Seat(p.id, p.name, [p.id]) for p in roster]
    if gm_seat:
        seats.append(Seat(GM_SEAT, "Games Master", [], gm=True))
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    hexmap = copy.deepcopy(scenario.map)
    for s in hexmap.settlements:
        if s.original_owner is None:
            s.original_owner = s.owner
    campaign = Campaign(
        name=name.strip() or scenario.title,
        scenario=scenario.id,
        ruleset=ruleset_id,
        map=hexmap,
        players=roster,
        seats=seats,
        armies=copy.deepcopy(scenario.armies),
        options=_options_for(ruleset, setup, options),
        tables=copy.deepcopy(setup.tables),
        dice=DiceState(seed=seed, mode=DiceMode(dice_mode)),
        victory=copy.deepcopy(scenario.victory),
        teams=copy.deepcopy(scenario.teams),
        state_version=ruleset.state_version,
    )
    try:
        engine = Engine.new(campaign, copy.deepcopy(setup.setup))
    except RuleError as exc:  # e.g. table dice the set-up would need
        raise InputError(f"scenario {scenario.id}: the set-up cannot be done: {exc}") from None
    if check:
        problems = ruleset.campaign_problems(Rules(campaign, ruleset))
        if problems:
            first = Problem.of(problems[0])
            raise InputError(f"scenario {scenario.id}{_place(first.path)}: {first.text}")
    return engine
