"""The battle card: everything the players need at the table, as text or Markdown.

It is built from the battle record, the armies the campaign knows and the ruleset's own
notes, so the card shown on screen, exported to a file and printed by `tuicamp battles`
are the same.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from attrs import define, field

from tuicamp.engine.rules import Rules
from tuicamp.engine.views import CampaignView
from tuicamp.game.textreport import plural
from tuicamp.model.battle import MODE_TEXT, Battle
from tuicamp.model.terrain import BY_ID


@cache
def _layouts() -> dict[str, str]:
    text = resources.files("tuicamp.game").joinpath("battle_terrain.toml").read_text("utf-8")
    return tomllib.loads(text)["layout"]


@define
class CardSide:
    title: str
    players: list[str]
    armies: list[tuple[str, int, list[str]]]  # (army name, points, unit lines)
    points: int
    circumstances: list[str] = field(factory=list)


@define
class BattleCard:
    title: str
    where: str
    terrain: str
    layout: str
    settlement: str
    sides: list[CardSide]
    general: list[str]  # circumstances for both sides and the ruleset's notes
    record: list[str]  # what to write down after the battle
    status: str


def seat_fights(view: CampaignView, battle: Battle) -> bool:
    """Whether the seat of ``view`` plays one of the battle's sides (the GM counts)."""
    return view.gm or any(p in view.players_controlled for s in battle.sides for p in s.players)


def card_hidden_reason(view: CampaignView, battle: Battle) -> str | None:
    """Why this seat may not read the battle's card, or None when it may."""
    if seat_fights(view, battle):
        return None
    for side in battle.sides:
        for aid in side.armies:
            seen = view.army(aid)
            if seen is None or seen.known != "full":
                return (
                    f"The card of battle {battle.id} is for the players who fight it: "
                    "you do not know every army in it"
                )
    return None


def build_card(rules: Rules, battle: Battle) -> BattleCard:
    """The card of one battle, with the ruleset's result fields and notes in force.

    It lists every unit of both sides: ask :func:`card_hidden_reason` first whether the
    seat may read it."""
    campaign, ruleset = rules.campaign, rules.ruleset
    m = campaign.map
    sides = []
    for side in battle.sides:
        players = [f"{p.name} ({p.race})" for pid in side.players if (p := campaign.player(pid))]
        armies = []
        for aid in side.armies:
            army = campaign.army(aid)
            if army is None:
                continue
            lines = []
            for u in army.units:
                flags = f" [{', '.join(sorted(u.flags))}]" if u.flags else ""
                lines.append(
                    f"{u.name}: {plural(u.models, 'model')}, {u.points} pts, "
                    f"{u.category.value.replace('_', ' ')}, M{u.movement} Ld{u.leadership}{flags}"
                )
            armies.append((army.name, army.points, lines))
        sides.append(
            CardSide(
                side.title,
                players,
                armies,
                sum(p for _, p, _ in armies),
                [c.text for c in battle.circumstances_for(side.id)],
            )
        )
    settlement = ""
    if battle.settlement and (s := m.settlement(battle.settlement)):
        owner = campaign.player(s.owner).name if s.owner and campaign.player(s.owner) else "neutral"
        walls = ", walled" if s.walls else ""
        settlement = f"{s.name} ({s.kind}{walls}, {owner})"
    fields_ = ruleset.result_fields(rules, battle)
    record = ["Victory points of each side (Warhammer rules)."]
    record += [f"{f.label}{' (yes/no)' if f.kind == 'bool' else ''}" for f in fields_]
    record.append("For every unit: models killed and models that fled the table (keep them apart).")
    terrain = BY_ID.get(battle.terrain)
    return BattleCard(
        title=f"Battle {battle.id} — turn {battle.turn}",
        where=m.label(battle.hex),
        terrain=terrain.name if terrain else battle.terrain,
        layout=_layouts().get(battle.terrain, ""),
        settlement=settlement,
        sides=sides,
        general=[c.text for c in battle.circumstances_for(None)]
        + ruleset.battle_card_notes(rules, battle),
        record=record,
        status=f"{battle.status.value}"
        + (f", to be {MODE_TEXT[battle.mode]}" if battle.pending else ""),
    )


def card_text(card: BattleCard, width: int = 78) -> str:
    import textwrap

    def wrap(text: str, indent: str = "  ") -> list[str]:
        follow = " " * len(indent) + ("  " if not indent.strip() else "")
        return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=follow)

    out = [card.title, "=" * min(width, len(card.title)), ""]
    out.append(f"Where: hex {card.where}, {card.terrain}")
    if card.settlement:
        out.append(f"Settlement: {card.settlement}")
    out.append(f"Status: {card.status}")
    if card.layout:
        out += ["", "Lay out the table:", *wrap(card.layout)]
    for side in card.sides:
        out += ["", f"{side.title}: {', '.join(side.players) or 'neutral'} — {side.points} pts"]
        for name, points, units in side.armies:
            out.append(f"  {name} ({points} pts)")
            for line in units:
                out += wrap(line, "    - ")
        for c in side.circumstances:
            out += wrap(c, "  * ")
    if card.general:
        out += ["", "Special rules in force:"]
        for line in card.general:
            out += wrap(line, "  * ")
    out += ["", "Record after the battle:"]
    for line in card.record:
        out += wrap(line, "  - ")
    return "\n".join(out) + "\n"


def card_markdown(card: BattleCard) -> str:
    out = [f"# {card.title}", "", f"**Where:** hex {card.where}, {card.terrain}  "]
    if card.settlement:
        out.append(f"**Settlement:** {card.settlement}  ")
    out.append(f"**Status:** {card.status}")
    if card.layout:
        out += ["", "## Table", "", card.layout]
    for side in card.sides:
        out += ["", f"## {side.title}: {', '.join(side.players) or 'neutral'} ({side.points} pts)"]
        for name, points, units in side.armies:
            out += ["", f"**{name}** ({points} pts)", ""]
            out += [f"- {line}" for line in units]
        if side.circumstances:
            out += [""] + [f"- *{c}*" for c in side.circumstances]
    if card.general:
        out += ["", "## Special rules in force", ""] + [f"- {line}" for line in card.general]
    out += ["", "## Record after the battle", ""] + [f"- {line}" for line in card.record]
    return "\n".join(out) + "\n"
