"""The points ledger while editing: what each player's starting land, settlements and
armies come to, against the campaign size agreed, so a designer sees at once who starts
over or under.

The costs are the scenario's first ruleset's own: its ``settlement_costs`` table (a base
cost, and a palisade's, for each kind, read through its ``settlement_kind_aliases``) and
its ``campaign_points`` (the set-up's per-player table, else the option shared out
evenly), as the Rauscher text counts them. A ruleset without them has a ledger of land,
settlements and army points alone, with no allowance to warn against.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from tuicamp.engine import registry
from tuicamp.storage.scenario import Scenario

UNDER = 0.9  # a player below this share of the allowance is told they are under


@frozen
class LedgerLine:
    player: str
    name: str
    territories: int
    settlements: int
    points: int  # settlements' costs and armies' points
    allowance: int | None

    @property
    def warning(self) -> str | None:
        if self.allowance is None:
            return None
        if self.points > self.allowance:
            over = self.points - self.allowance
            return f"{self.name} is {over:,} pts over the {self.allowance:,} agreed"
        if self.points < self.allowance * UNDER:
            under = self.allowance - self.points
            return f"{self.name} is {under:,} pts under the {self.allowance:,} agreed"
        return None

    def short(self) -> str:
        """One line of the editor's panel."""
        of = f"/{self.allowance:,}" if self.allowance is not None else ""
        mark = (
            ""
            if self.warning is None
            else (" over" if self.points > (self.allowance or 0) else " under")
        )
        return f"{self.name[:8]}: {self.territories}T {self.settlements}S {self.points:,}{of}{mark}"


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
    out = []
    allowances = _allowances(scenario, ruleset, setup)
    for slot in scenario.players:
        mine = [s for s in m.settlements if s.owner == slot.id]
        points = sum(a.points for a in scenario.armies if a.owner == slot.id)
        for s in mine:
            rule = costs.get(aliases.get(s.kind.lower(), s.kind.lower()), {})
            points += int(rule.get("base", 0)) + (int(rule.get("palisade", 0)) if s.walls else 0)
        territories = sum(1 for t in m.territories if t.owner == slot.id)
        out.append(
            LedgerLine(slot.id, slot.name, territories, len(mine), points, allowances.get(slot.id))
        )
    return out


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
