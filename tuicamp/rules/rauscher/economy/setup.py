"""The economy's part of a scenario's set-up: decks, campaign points, settlement costs.

Keys of ``[ruleset.rauscher]`` the economy reads:

- ``campaign_points = { empire = 10000, orcs = 10000 }``: each player's share of the
  campaign's points; without it each player's share is the campaign_points option divided
  among the players;
- ``events``, ``encounters``, ``magic``: decks, arrays of tables with ``id``, ``title`` and
  ``text`` (R-RA-10).

:func:`setup_problems` sees only that table, so it checks these keys. What needs the map and
the armies (settlement costs against the campaign points, militia limits, one settlement per
territory, one capital per player, 5,000-point armies) is checked when the campaign is made,
and told once, in the first economy event of the campaign: "problem" where the text sets a
limit, "warning" where it only advises.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from tuicamp.engine.context import Context
from tuicamp.engine.problems import Problem
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army, Category
from tuicamp.rules.rauscher.economy.cards import DECK_KEYS, deal_decks
from tuicamp.rules.rauscher.economy.common import (
    KINDS,
    TROOP_ROLES,
    army_points,
    econ,
    kind_of,
    max_army_points,
    players,
)
from tuicamp.rules.rauscher.shared.common import rstate

if TYPE_CHECKING:
    from tuicamp.engine.rules import Rules


def setup_problems(setup: dict[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    points = setup.get("campaign_points")
    if points is not None:
        if not isinstance(points, dict):
            problems.append(
                Problem(
                    ("campaign_points",),
                    "should be a table of player id = points, like { empire = 10000 }",
                )
            )
        else:
            for pid, value in points.items():
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    problems.append(
                        Problem(
                            ("campaign_points", pid),
                            f"should be a whole number of points, not {value!r}",
                        )
                    )
    for deck in DECK_KEYS:
        cards = setup.get(deck)
        if cards is None:
            continue
        if not isinstance(cards, list):
            problems.append(
                Problem(
                    (deck,),
                    "should be an array of cards ([[ruleset.rauscher."
                    f"{deck}]] with id, title and text)",
                )
            )
            continue
        seen: set[str] = set()
        for i, card in enumerate(cards):
            where = (deck, i)
            if not isinstance(card, dict):
                problems.append(Problem(where, "a card is a table with id, title and text"))
                continue
            for key in ("id", "title", "text"):
                value = card.get(key)
                if not isinstance(value, str) or not value.strip():
                    problems.append(Problem((*where, key), f'a card needs {key} = "..."'))
            cid = card.get("id")
            if isinstance(cid, str):
                if cid in seen:
                    problems.append(
                        Problem((*where, "id"), f"card id {cid!r} is used twice in {deck}")
                    )
                seen.add(cid)
    return problems


def setup(campaign: Campaign, setup_table: dict[str, Any]) -> None:
    """Deal the decks and keep the campaign points; the set-up check waits for the first
    economy event, so that what later set-up hooks do (a scenario dealing out territories
    at random) is checked too."""
    state = econ(campaign)
    deal_decks(state, setup_table)
    points = setup_table.get("campaign_points")
    if isinstance(points, dict):
        state.campaign_points = {str(p): int(v) for p, v in points.items()}
    state.setup_notes, state.setup_notes_told = [], False


def _allowance(rules: Rules) -> dict[str, int]:
    campaign = rules.campaign
    who = players(campaign)
    table = econ(campaign).campaign_points
    if table:
        return {p: table[p] for p in who if p in table}
    total = int(rules.option("campaign_points") or 0)
    return {p: total // len(who) for p in who} if who and total else {}


def _garrison(campaign: Campaign, s) -> list[Army]:
    state = rstate(campaign)
    return [
        a
        for a in campaign.armies_at(s.hex)
        if a.owner == s.owner and state.army(a.id).role in TROOP_ROLES
    ]


def setup_findings(rules: Rules) -> list[tuple[str, str, str]]:
    """(level, key path, sentence) for the scenario's settlements and armies."""
    campaign = rules.campaign
    tables = rules.tables
    costs = tables["settlement_costs"]
    out: list[tuple[str, str, str]] = []
    spent: Counter[str] = Counter()
    capitals: Counter[str] = Counter()
    who = set(players(campaign))
    m = campaign.map
    per_territory: Counter[str] = Counter()
    for s in m.settlements:
        path = f"settlement.{s.id}"
        kind = kind_of(tables, s)
        territory = m.territory_of(s.hex)
        if territory is not None:
            per_territory[territory.id] += 1
            if per_territory[territory.id] == 2:
                out.append(
                    (
                        "problem",
                        path,
                        f"{territory.name} holds more than one "
                        'settlement ("no more than one per territory")',
                    )
                )
        if kind not in KINDS:
            out.append(
                (
                    "problem",
                    f"{path}.kind",
                    f"{s.name}: the Rauscher rules know {', '.join(KINDS)}, not {s.kind!r}",
                )
            )
            continue
        if s.owner not in who:
            continue
        rule = costs[kind]
        forces = sum(army_points(campaign, a) for a in _garrison(campaign, s))
        spent[s.owner] += int(rule["base"]) + (int(rule.get("palisade", 0)) if s.walls else 0)
        if kind == "capital":
            capitals[s.owner] += 1
            if capitals[s.owner] > int(rule.get("per_player", 1)):
                out.append(
                    (
                        "problem",
                        path,
                        f"{s.name}: a player has no more than "
                        f"{rule.get('per_player', 1)} free capital",
                    )
                )
        if "forces_max" in rule and forces > int(rule["forces_max"]):
            out.append(
                (
                    "problem",
                    path,
                    f"{s.name} holds {forces:,} pts; a {kind}'s "
                    f"forces may cost at most {int(rule['forces_max']):,}",
                )
            )
        if "inside_max" in rule and forces > int(rule["inside_max"]):
            out.append(
                (
                    "warning",
                    path,
                    f"{s.name} holds {forces:,} pts; only "
                    f"{int(rule['inside_max']):,} fit within its walls",
                )
            )
        need = rule.get("needs")
        if need and forces and not _has(campaign, _garrison(campaign, s), need):
            out.append(("warning", path, f"{s.name}'s garrison should include a {need}"))
    limit = max_army_points(rules)
    armies_in: Counter[tuple[str, str]] = Counter()
    for army in campaign.armies:
        if army.owner not in who:
            continue
        points = army_points(campaign, army)
        spent[army.owner] += points
        if points > limit:
            out.append(
                (
                    "problem",
                    f"army.{army.id}",
                    f"'{army.name}' holds {points:,} pts; an army holds at most {limit:,}",
                )
            )
        territory = m.territory_of(army.hex) if army.hex else None
        garrison = any(s.hex == army.hex and s.owner == army.owner for s in m.settlements)
        if territory is not None and not garrison:
            armies_in[(army.owner, territory.id)] += 1
            if armies_in[(army.owner, territory.id)] == 2:
                out.append(
                    (
                        "warning",
                        f"army.{army.id}",
                        f"{territory.name} holds more than "
                        "one army of its player at the start (the text advises one)",
                    )
                )
    for player, allowance in _allowance(rules).items():
        if spent[player] > allowance:
            out.append(
                (
                    "warning",
                    f"campaign_points.{player}",
                    f"{campaign.player(player).name}'s settlements and armies cost "
                    f"{spent[player]:,} pts, more than the {allowance:,} agreed",
                )
            )
    return out


def _has(campaign: Campaign, armies: list[Army], need: str) -> bool:
    units = [u for a in armies for u in a.units]
    if need == "character":
        return any(u.category is Category.CHARACTER for u in units) or any(
            rstate(campaign).army(a.id).allocations for a in armies
        )
    return any(need in u.flags for u in units) or any(
        rstate(campaign).army(a.id).allocations for a in armies
    )


def setup_notes(rules: Rules) -> list[str]:
    """The set-up check ("problem - settlement.x: ..."): as told, or as it stands now."""
    campaign = rules.campaign
    state = econ(campaign)
    if state.setup_notes_told:
        return list(state.setup_notes)
    return [f"{level} - {path}: {text}" for level, path, text in setup_findings(rules)]


def tell_setup_notes(ctx: Context) -> None:
    """Told once, in the first economy event of the campaign (nothing when all is well)."""
    state = econ(ctx)
    if state.setup_notes_told:
        return
    state.setup_notes = setup_notes(ctx)
    state.setup_notes_told = True
    if state.setup_notes:
        ctx.emit(
            "setup_check",
            "Set-up check (Set-Up, Population Centers): " + "; ".join(state.setup_notes),
            notes=list(state.setup_notes),
        )
