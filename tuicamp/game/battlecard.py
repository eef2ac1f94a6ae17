"""The battle card: everything the players need at the table, as text or Markdown.

It is built from the battle record, the armies the campaign knows and the ruleset's own
notes, so the card shown on screen, exported to a file and printed by `tuicamp battles`
are the same.
"""

from __future__ import annotations

import textwrap
import tomllib
from functools import cache
from importlib import resources

from attrs import define, field

from tuicamp.engine.battles import clock_text
from tuicamp.engine.result_form import FieldScope, ResultField, ResultForm, form_of
from tuicamp.engine.rules import Rules
from tuicamp.engine.side_forces import forces, points_of
from tuicamp.engine.views import CampaignView
from tuicamp.game.textreport import plural
from tuicamp.model.battle import MODE_TEXT, Battle
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr
from tuicamp.model.words import with_race


@cache
def _layouts() -> dict[str, str]:
    text = resources.files("tuicamp.game").joinpath("battle_terrain.toml").read_text("utf-8")
    return tomllib.loads(text)["layout"]


# How a force without army counters is listed among a side's armies on the card.
NO_COUNTERS = "no army counters: field a force of this size"


@define
class CardSide:
    __repr__ = fields_repr
    __eq__ = fields_eq

    title: str
    players: list[str]
    # (army name, points, unit lines); a force without counters is listed with them
    armies: list[tuple[str, int, list[str]]]
    points: int
    circumstances: list[str] = field(factory=list)


@define
class BattleCard:
    __repr__ = fields_repr
    __eq__ = fields_eq

    title: str
    where: str
    terrain: str
    layout: str
    settlement: str
    sides: list[CardSide]
    general: list[str]  # circumstances for both sides and the ruleset's notes
    record: list[str]  # what to write down after the battle
    status: str
    when: str = ""  # the battle's clock: turn, phase, day
    result: str = ""  # how a fought battle ended: the outcome and each side's VP


def seat_fights(view: CampaignView, battle: Battle) -> bool:
    """Whether the seat of ``view`` plays one of the battle's sides (the GM counts)."""
    return view.gm or any(p in view.players_controlled for s in battle.sides for p in s.players)


def battles_to_fight(campaign: Campaign, view: CampaignView) -> list[Battle]:
    """The pending battles this seat fights in (all of them for the GM)."""
    return [b for b in campaign.pending_battles() if seat_fights(view, b)]


def battle_known(view: CampaignView, battle: Battle) -> bool:
    """Whether the seat of ``view`` knows of the battle at all: it fights it (the GM
    counts), or its chronicle tells of the battle (a ruleset that keeps a battle secret
    marks its event so). A battle the seat does not know of is, for it, no battle: it is
    neither listed nor named (R-ALL-7)."""
    return seat_fights(view, battle) or any(
        e.kind == "battle" and e.data.get("battle") == battle.id for e in view.chronicle
    )


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

    It lists every unit of both sides that takes part (the result form's, as the ruleset
    says: a duel's generals, not their armies): ask :func:`card_hidden_reason` first
    whether the seat may read it."""
    campaign, ruleset = rules.campaign, rules.ruleset
    m = campaign.map
    form = form_of(rules, battle)
    sides = []
    for side in battle.sides:
        players = [with_race(p.name, p.race) for pid in side.players if (p := campaign.player(pid))]
        armies = []
        questions = form.side(side.id)
        for fielded in questions.armies if questions is not None else ():
            lines = []
            for u in fielded.units:
                flags = f" [{', '.join(sorted(u.flags))}]" if u.flags else ""
                lines.append(
                    f"{u.name}: {plural(u.models, 'model')}, {u.points} pts, "
                    f"{u.category.value.replace('_', ' ')}, M{u.movement} Ld{u.leadership}{flags}"
                )
            armies.append((fielded.army_name, fielded.points, lines))
        for name, points in forces(rules, battle, side):
            armies.append((name, points, [NO_COUNTERS]))
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
        holder = campaign.player(s.owner) if s.owner else None
        owner = holder.name if holder else "neutral"
        walls = ", walled" if s.walls else ""
        settlement = f"{s.name} ({s.kind}{walls}, {owner})"
    record = record_lines(rules, battle, form)
    terrain = m.vocabulary.terrain_by_id(battle.terrain)
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
        status=ruleset.battle_status(rules, battle)
        + (f", to be {MODE_TEXT[battle.mode]}" if battle.pending else ""),
        when=clock_text(battle, ruleset),
        result=result_text(battle, told=ruleset.asks_victory_points(rules, battle)),
    )


def result_text(battle: Battle, told: bool = True) -> str:
    """A fought battle's outcome as its card prints it ("Attacker (Red) wins; Attacker
    (Red) 678 VP, Defender (Green) 22 VP"); "" while it waits to be fought. The VP of a
    result entered at the table are left out when nobody gave them (``told``, R-AA-99)."""
    result = battle.result
    if result is None:
        return ""
    titles = {side.id: side.title for side in battle.sides}
    vps = ", ".join(f"{titles.get(r.side, r.side)} {r.vp} VP" for r in result.sides)
    if not (told or result.auto):
        vps = ""
    how = " (auto-resolved)" if result.auto else ""
    return "; ".join(part for part in (result.text + how, vps) if part)


def _asked(spec: ResultField) -> str:
    return f"{spec.label}{' (yes/no)' if spec.kind == 'bool' else ''}"


def record_lines(rules: Rules, battle: Battle, form: ResultForm) -> list[str]:
    """What to write down after the battle, each field said of whom it is asked; a
    side's points lost are of each of its forces without counters (R-AA-54), asked only
    as its form asks them (an aasen result never reads them, R-AA-58), and neither the
    Victory points nor the units' losses are asked when the ruleset reads neither (an
    aasen result entered as its level, R-AA-99)."""
    asks_vp = rules.ruleset.asks_victory_points(rules, battle)
    record = ["Victory points of each side (Warhammer rules)."] if asks_vp else []
    for spec in form.fields:
        side = battle.side(spec.side) if spec.side else None
        if spec.scope is FieldScope.EACH_SIDE:
            record.append(_asked(spec))
        elif spec.scope is FieldScope.ONE_SIDE and side is not None:
            record.append(f"{side.title}: {_asked(spec)}")
        elif spec.scope is FieldScope.BATTLE:
            record.append(f"For the battle: {_asked(spec)}")
        elif spec.scope is FieldScope.CHARACTER and (side is not None or spec.side is None):
            of = f" of the {side.title}" if side else ""
            record.append(f"For every character{of}: {_asked(spec)}")
    for questions in form.sides:
        side = questions.side
        if questions.asks_points:
            record.append(
                f"{side.title}: points lost of the {side.points} pts of "
                f"{points_of(rules, battle, side)}."
            )
    if any(q.points_asked for q in form.sides) or not form.sides:
        record.append(
            "For every unit: models killed and models that fled the table (keep them apart)."
        )
    return record


def card_text(card: BattleCard, width: int = 78) -> str:
    def wrap(text: str, indent: str = "  ") -> list[str]:
        follow = " " * len(indent) + ("  " if not indent.strip() else "")
        return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=follow)

    out = [card.title, "=" * min(width, len(card.title)), ""]
    out.append(f"Where: hex {card.where}, {card.terrain}")
    if card.when:
        out.append(f"When: {card.when}")
    if card.settlement:
        out.append(f"Settlement: {card.settlement}")
    out.append(f"Status: {card.status}")
    if card.result:
        out += wrap(f"Result: {card.result}", "")
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
    if card.when:
        out.append(f"**When:** {card.when}  ")
    if card.settlement:
        out.append(f"**Settlement:** {card.settlement}  ")
    out.append(f"**Status:** {card.status}" + ("  " if card.result else ""))
    if card.result:
        out.append(f"**Result:** {card.result}")
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
