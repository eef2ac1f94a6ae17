"""Scenarios as the application reads them: the file's own checks, then each supported
ruleset's campaign started in memory and asked what is wrong with it.

Storage cannot start a campaign (that needs the rulesets and the set-up, which sit above
it), so it takes these checks as a parameter; every caller that wants the whole verdict
(`tuicamp check`, `tuicamp new`, the wizard, the scenario browser) reads scenarios here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tuicamp.engine import registry
from tuicamp.engine.errors import InputError
from tuicamp.engine.names import name_problems
from tuicamp.engine.problems import KeyPath, Problem, problems
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import new_campaign
from tuicamp.model.campaign import Campaign
from tuicamp.storage import scenario as files
from tuicamp.storage.scenario import Scenario


def scenario_problems(path: str | Path) -> list[str]:
    """Every problem of a scenario file, campaigns included, one line each, in file order."""
    return files.scenario_problems(path, checks=campaign_checks)


def analyse_scenario(path: str | Path) -> tuple[list[str], Scenario | None]:
    """Every problem of a scenario file, campaigns included, and the scenario when the
    file's own problems leave one to build (the campaigns' problems never stop that)."""
    return files.analyse_scenario(path, checks=campaign_checks)


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario; an InputError names the first problem (file:line: what)."""
    return files.load_scenario(path, checks=campaign_checks)


def campaign_checks(scenario: Scenario, top: dict[str, Any]) -> list[Problem]:
    """Start each supported ruleset's campaign in memory and ask the ruleset what is wrong
    with it: rules that need the whole map (one settlement per territory, points limits,
    victory keys) can only be judged there."""
    found: list[Problem] = []
    named = False  # the names are the scenario's, the same under every ruleset: once
    index = {
        kind: {
            item.get("id"): i for i, item in enumerate(top.get(kind, [])) if isinstance(item, dict)
        }
        for kind in ("settlement", "army", "territory", "player")
    }
    for rid in scenario.rulesets:
        ruleset = registry.get_ruleset(rid)
        try:
            campaign = new_campaign(scenario, rid, seed=0, check=False)
        except InputError as exc:
            found.append(Problem(("ruleset", rid), str(exc)))
            continue
        for problem in problems(ruleset.campaign_problems(Rules(campaign, ruleset))):
            found.append(
                Problem(_in_file(problem.path, rid, index), f"{ruleset.id}: {problem.text}")
            )
        if not named:
            found += _name_problems(campaign, top, index)
            named = True
    return found


# a campaign's collections (named_texts' key paths) as a scenario file names its arrays
_FILE_ARRAYS = {"players": "player", "armies": "army"}
_MAP_ARRAYS = {"settlements": "settlement", "territories": "territory"}


def _name_problems(
    campaign: Campaign, top: dict[str, Any], index: dict[str, dict[Any, int]]
) -> list[Problem]:
    """Names holding control characters, at the place in the file they were written: the
    title, a player, an army (one of its units), a settlement or a territory."""
    out = []
    for problem in name_problems(campaign):
        path = problem.path
        if path[0] == "map":
            kind, ident = _MAP_ARRAYS.get(str(path[1]), ""), _id_at(campaign, path)
        else:
            kind, ident = _FILE_ARRAYS.get(str(path[0]), ""), _id_at(campaign, path)
        if kind in index and ident in index[kind]:
            where: KeyPath = (kind, index[kind][ident], *path[(3 if path[0] == "map" else 2) :])
        else:
            where = ("title",) if path == ("name",) else ()
        out.append(Problem(where, problem.text))
    return out


def _id_at(campaign: Campaign, path: KeyPath) -> str | None:
    """The id of the player, army, settlement or territory a name's key path is in."""
    items: dict[str, list[Any]] = {
        "players": campaign.players,
        "armies": campaign.armies,
        "settlements": campaign.map.settlements,
        "territories": campaign.map.territories,
    }
    kind, i = (path[1], path[2]) if path[0] == "map" else (path[0], path[1])
    if str(kind) in items and isinstance(i, int) and i < len(items[str(kind)]):
        return str(items[str(kind)][i].id)
    return None


def _in_file(path: KeyPath, rid: str, index: dict[str, dict[Any, int]]) -> KeyPath:
    """Where in the file a campaign problem of ruleset ``rid`` is: the settlement, army,
    territory or player it names by id (at its place in the array), the [victory] table,
    the ruleset's option, or else the ruleset's own table."""
    kind = path[0] if path else ""
    ident = path[1] if len(path) > 1 else None
    if kind in index and ident in index[kind]:
        return (kind, index[kind][ident], *path[2:])
    if kind == "victory":
        return path
    if kind == "option" and ident is not None:
        return ("ruleset", rid, "options", ident)
    return ("ruleset", rid)
