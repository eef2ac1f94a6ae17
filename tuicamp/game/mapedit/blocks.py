"""What a scenario holds beyond its map, edited as the TOML a designer writes in the file:
each ruleset's set-up block (``[ruleset.<id>]``: its options, its table overrides and
the set-up keys its text needs, such as Ellegaard's home bases, Suvinen's castles and
Aasen's Capitals), and the victory conditions with the turn limit.

A block is shown as its keys under comments that say what the ruleset takes (its
options with their defaults, the tables it lets a scenario override, and its own
``setup_example``), and read back with :mod:`tomllib`. Only what the file could not hold
is refused here (TOML that does not parse, an option the ruleset lacks or of the wrong
kind); the rest is judged by the checks of ``tuicamp check``, which the editor runs
after every edit, so the editor never holds a rule of its own about a set-up.
"""

from __future__ import annotations

import re
import textwrap
import tomllib
from typing import Any

from tuicamp.engine import registry
from tuicamp.game.mapedit.toml_text import key, value
from tuicamp.storage.scenario import RulesetSetup, Scenario

ENGINE_KEYS = ("options", "tables")  # the keys of a block that are not the ruleset's set-up
HELP_WIDTH = 60  # an option's help, cut to this in its comment line
COMMENT_WIDTH = 86  # the list of tables, wrapped to this


def block_text(scenario: Scenario, rid: str) -> str:
    """Ruleset ``rid``'s block of the scenario as TOML, under comments saying what it takes."""
    ruleset = registry.get_ruleset(rid)
    setup = scenario.rulesets.get(rid) or RulesetSetup()
    out = [f"# [ruleset.{rid}]: {ruleset.title}", "# options (their defaults):"]
    for option in ruleset.options:
        words = " ".join(option.help.split())
        cut = words if len(words) <= HELP_WIDTH else words[: HELP_WIDTH - 3] + "..."
        out.append(f"#   {option.name} = {value(option.default)}  {cut}")
    tables = ", ".join(ruleset.default_tables) or "none"
    said = f"tables = {{ NAME = ... }} overrides a table of its own: {tables}"
    out += [f"# {line}" for line in textwrap.wrap(said, COMMENT_WIDTH, subsequent_indent="  ")]
    if ruleset.setup_example.strip():
        out.append("# its set-up, like:")
        example = ruleset.setup_example.strip().splitlines()
        # a note's column padding closed up: the form is narrower than the source
        out += [re.sub(r"\s{2,}#", "  #", f"#   {line}".rstrip()) for line in example]
    out.append("")
    if setup.options:
        out.append(f"options = {value(setup.options)}")
    if setup.tables:
        out.append(f"tables = {value(setup.tables)}")
    out += [f"{key(k)} = {value(v)}" for k, v in setup.setup.items()]
    return "\n".join(out) + "\n"


def _parse(text: str, what: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{what}: not valid TOML ({exc})") from None


def set_block(scenario: Scenario, rid: str, text: str) -> bool:
    """Ruleset ``rid``'s block as typed in :func:`block_text`'s form; True when it changed.
    The options are read as the file's reader reads them (each the type of its default)."""
    if rid not in scenario.rulesets:
        supported = ", ".join(scenario.rulesets)
        raise ValueError(f"the scenario does not support {rid!r} (it supports {supported})")
    ruleset = registry.get_ruleset(rid)
    table = _parse(text, f"[ruleset.{rid}]")
    for name in ENGINE_KEYS:
        if not isinstance(table.get(name, {}), dict):
            raise ValueError(f"{name} is a table: {name} = {{ NAME = ... }}")
    options: dict[str, Any] = {}
    for name, given in table.get("options", {}).items():
        option = ruleset.option(name)
        if option is None:
            known = ", ".join(o.name for o in ruleset.options) or "none"
            raise ValueError(f"ruleset {rid} has no option {name!r} (options: {known})")
        options[name] = option.coerce(given)
    block = RulesetSetup(
        options=options,
        tables=dict(table.get("tables", {})),
        setup={k: v for k, v in table.items() if k not in ENGINE_KEYS},
    )
    if block == scenario.rulesets[rid]:
        return False
    scenario.rulesets = {r: block if r == rid else s for r, s in scenario.rulesets.items()}
    return True


def victory_text(scenario: Scenario) -> str:
    """The [victory] table and the turn limit as TOML, under comments saying what they are."""
    out = [
        "# [victory]: type and summary (text), and the keys the ruleset reads,",
        '#   like targets = { red = "a-settlement-id" }',
        "# turn_limit: the turns the campaign lasts (0: no limit)",
        "",
        f"turn_limit = {scenario.turn_limit}",
    ]
    out += [f"{key(k)} = {value(v)}" for k, v in scenario.victory.items() if k != "turn_limit"]
    return "\n".join(out) + "\n"


def set_victory_text(scenario: Scenario, text: str) -> bool:
    """The victory conditions and turn limit as typed in :func:`victory_text`'s form."""
    table = _parse(text, "[victory]")
    limit = table.pop("turn_limit", 0)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        raise ValueError(f"turn_limit {limit!r}: a whole number of turns, 0 for none")
    victory = dict(table)
    if limit:
        victory["turn_limit"] = limit  # as a scenario read from its file holds it
    if victory == scenario.victory and limit == scenario.turn_limit:
        return False
    scenario.victory, scenario.turn_limit = victory, limit
    return True
