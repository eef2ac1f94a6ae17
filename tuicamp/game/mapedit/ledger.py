"""The points ledger while editing: what each player's starting land, settlements and
armies come to, against the campaign size agreed, so a designer sees at once who starts
over or under.

The costs are the scenario's first ruleset's own: its ``settlement_costs`` table (a base
cost, and a palisade's, for each kind, read through its ``settlement_kind_aliases``) and
its ``campaign_points`` (the set-up's per-player table, else the option shared out
evenly), as the Rauscher text counts them. A ruleset whose tables hold a ``realm_size``
(Aasen: "11 for each normal realm and 6 for each pirate realm", R-AA-1) has a line per
realm instead, its territories against that size, its members' settlements and armies
added up. A ruleset without either has a ledger of land, settlements and army points
alone, with no allowance to warn against.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from tuicamp.engine import registry
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.map import Settlement
from tuicamp.model.reprs import fields_repr
from tuicamp.model.teams import Team, TeamKind
from tuicamp.storage.scenario import Scenario

# The word a generated realm's name starts with, before the place that names it.
GENERIC_REALM_WORDS = ("realm", "corsairs", "kingdom", "pirates")
UNDER = 0.9  # a player below this share of the allowance is told they are under


@frozen
class LedgerLine:
    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    player: str  # a player slot, or a realm's team (a realm ledger)
    name: str
    territories: int
    settlements: int
    points: int  # settlements' costs and armies' points
    allowance: int | None
    land: int | None = None  # the territories it should start with (a realm's size)

    @property
    def warning(self) -> str | None:
        if self.land is not None and self.territories != self.land:
            off = self.territories - self.land
            side = "over" if off > 0 else "under"
            return (
                f"{self.name} holds {self.territories} territories, {abs(off)} {side}"
                f" the {self.land} it starts with"
            )
        if self.allowance is None:
            return None
        if self.points > self.allowance:
            over = self.points - self.allowance
            return f"{self.name} is {over:,} pts over the {self.allowance:,} agreed"
        if self.points < self.allowance * UNDER:
            under = self.allowance - self.points
            return f"{self.name} is {under:,} pts under the {self.allowance:,} agreed"
        return None

    def figures(self) -> str:
        """The line's figures without its name: land, settlements, points against the
        allowance, and over or under."""
        of = f"/{self.allowance:,}" if self.allowance is not None else ""
        land = f"/{self.land}" if self.land is not None else ""
        if self.warning is None:
            mark = ""
        elif self.land is not None and self.territories != self.land:
            mark = " over" if self.territories > self.land else " under"
        else:
            mark = " over" if self.points > (self.allowance or 0) else " under"
        return f"{self.territories}{land}T {self.settlements}S {self.points:,}{of}{mark}"

    def short(self) -> str:
        """The whole line: the whole name, then the figures (the panel fits it to its
        width)."""
        return f"{self.name}: {self.figures()}"


def ledger(scenario: Scenario) -> list[LedgerLine]:
    rid = next(iter(scenario.rulesets), None)
    ruleset = registry.load_rulesets().get(rid) if rid else None
    setup = scenario.rulesets[rid] if rid else None
    tables: dict[str, Any] = dict(ruleset.default_tables) if ruleset is not None else {}
    if setup is not None:
        tables.update(setup.tables)
    costs = tables.get("settlement_costs", {})
    aliases = {str(k).lower(): str(v) for k, v in tables.get("settlement_kind_aliases", {}).items()}
    m = scenario.map

    def cost(s: Settlement) -> int:
        rule = costs.get(aliases.get(s.kind.lower(), s.kind.lower()), {})
        return int(rule.get("base", 0)) + (int(rule.get("palisade", 0)) if s.walls else 0)

    def line(
        holder: str, name: str, members: set[str], allowance: int | None, land: int | None
    ) -> LedgerLine:
        mine = [s for s in m.settlements if s.owner in members]
        points = sum(a.points for a in scenario.armies if a.owner in members)
        points += sum(cost(s) for s in mine)
        territories = sum(1 for t in m.territories if t.owner in members)
        return LedgerLine(holder, name, territories, len(mine), points, allowance, land)

    sizes = tables.get("realm_size")
    realms = [t for t in scenario.teams if t.kind is TeamKind.REALM]
    if isinstance(sizes, dict) and realms:
        return [
            line(t.id, _realm_word(t.name), {t.id, *t.members}, None, _realm_size(sizes, t))
            for t in realms
        ]
    allowances = _allowances(scenario, ruleset, setup)
    return [
        line(slot.id, slot.name, {slot.id}, allowances.get(slot.id), None)
        for slot in scenario.players
    ]


def _realm_word(name: str) -> str:
    """A realm's name as the narrow panel has room for it: "The Realm of Berndorf" is
    Berndorf, "The Brethren of the Vampire Coast" Brethren, "The Hag Graef Reach" Hag
    Graef Reach."""
    words = name.removeprefix("The ")
    head, of, rest = words.partition(" of ")
    if of and head.lower() in GENERIC_REALM_WORDS:
        return rest.removeprefix("the ") or name
    return head or name


def _realm_size(sizes: dict[str, Any], team: Team) -> int | None:
    """The territories a realm starts with: "all normal realms should have eleven
    territories and all pirate realms should have six" (Aasen 2.1); None for a realm of
    neither size of party (the check names it)."""
    by_party = {sizes.get("normal_players", 2): "normal", sizes.get("pirate_players", 1): "pirate"}
    kind = by_party.get(len(team.members))
    size = sizes.get(kind) if kind else None
    return size if isinstance(size, int) else None


def _allowances(scenario: Scenario, ruleset: Any, setup: Any) -> dict[str, int]:
    if ruleset is None or ruleset.option("campaign_points") is None:
        return {}
    table = setup.setup.get("campaign_points") if setup is not None else None
    players = [p.id for p in scenario.players]
    if isinstance(table, dict):
        return {p: int(table[p]) for p in players if isinstance(table.get(p), int)}
    total = setup.options.get("campaign_points") if setup is not None else None
    if total is None:
        total = ruleset.option("campaign_points").default
    return {p: int(total) // len(players) for p in players} if players and total else {}
