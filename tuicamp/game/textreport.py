"""Plain-text renderings of a seat's view, for `tuicamp show` and `tuicamp log`.

They read a CampaignView only, so what a seat may not see cannot leak into a report.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tuicamp.engine.actions import Event
from tuicamp.engine.letters import letter_of
from tuicamp.engine.ruleset import Ruleset
from tuicamp.engine.views import CampaignView
from tuicamp.model.words import with_race

if TYPE_CHECKING:
    from tuicamp.storage.scenario import Scenario

# The kind of the event an undo writes (tuicamp.engine.engine.Engine.undo).
UNDO = "undo"


def show_text(view: CampaignView, ruleset: Ruleset) -> str:
    m = view.map
    lines = [f"{view.name} — {ruleset.title}", ""]
    phase = ruleset.phase(view.phase)
    lines.append(f"Turn {view.turn}, {phase.title if phase else view.phase or 'no phase'}")
    if view.finished:
        winners = ", ".join(_player_name(view, p) for p in view.winner) or "nobody"
        lines.append(f"The campaign is over. Winner: {winners}")
    else:
        lines.append(f"To act: {', '.join(view.acting) or 'nobody'}")
        lines.extend(f"Pending: {p}" for p in view.pending)
    lines.append(f"You are: seat {view.seat}{' (Games Master)' if view.gm else ''}")
    lines += status_text(view)
    lines += ["", "Players:"]
    for p in view.players:
        money = "" if p.treasury is None else f", treasury {ruleset.format_money(p.treasury)}"
        lines.append(f"  [{p.letter}] {with_race(p.name, p.race)}{money}")
    own = [a for a in view.armies if a.owner in view.players_controlled and a.known == "full"]
    others = [a for a in view.armies if a not in own]
    lines += ["", "Your armies:" if not view.gm else "Armies:"]
    for a in own if not view.gm else view.armies:
        where = m.label(a.hex) if a.hex is not None else "off the map"
        lines.append(
            f"  {a.id} {a.name} ({_player_name(view, a.owner)}) at {where}: "
            f"{a.points} pts, M{a.movement}"
        )
        for u in a.units:
            flags = f" [{', '.join(sorted(u.flags))}]" if u.flags else ""
            lines.append(
                f"      {u.id} {u.name}: {u.points} pts, {u.category.value.replace('_', ' ')}, "
                f"M{u.movement} Ld{u.leadership}, {plural(u.models, 'model')}{flags}"
            )
    if not (own or view.gm):
        lines.append("  none")
    if others and not view.gm:
        lines += ["", "Other armies seen:"]
        for a in others:
            where = m.label(a.hex) if a.hex is not None else "off the map"
            detail = f": {a.points} pts" if a.known == "full" else " (strength unknown)"
            lines.append(f"  {a.id} {a.name} ({_player_name(view, a.owner)}) at {where}{detail}")
    lines += ["", f"Map: {m.width} x {m.height} hexes"]
    counts = Counter(ch for row in m.terrain for ch in row)
    lines.append(
        "  "
        + ", ".join(
            f"{terrain.name.lower()} {n}"
            for ch, n in counts.most_common()
            if (terrain := m.vocabulary.terrain(ch)) is not None
        )
    )
    if m.territories:
        lines.append(
            "  Territories: "
            + ", ".join(
                f"{t.name}" + (f" ({_player_name(view, t.owner)})" if t.owner else "")
                for t in m.territories
            )
        )
    if m.settlements:
        lines += ["", "Settlements:"]
        for s in m.settlements:
            owner = _player_name(view, s.owner) if s.owner else "neutral"
            lines.append(f"  {s.id} {s.name} ({s.kind}) at {m.label(s.hex)}, {owner}")
    recent = view.chronicle[-8:]
    if recent:
        lines += ["", "Latest in the chronicle:"]
        lines.extend(f"  {event_line(e)}" for e in recent)
    return "\n".join(lines) + "\n"


def status_text(view: CampaignView) -> list[str]:
    """The seat's ledgers as the ruleset reports them, one line each, a line about an
    army with the army's name (none: nothing)."""
    if not view.status_lines:
        return []
    lines = ["", "Status:"]
    for s in view.status_lines:
        army = view.army(s.army) if s.army else None
        about = f" ({army.name if army else s.army})" if s.army else ""
        lines.append(f"  {s.label}{about}: {s.text}")
    return lines


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def scenario_table(scenarios: Sequence[tuple[str, Scenario]]) -> list[str]:
    """``tuicamp scenarios``: one line per scenario, its id in a column as wide as the
    longest id, so the titles start in one column whatever the names."""
    width = max((len(name) for name, _ in scenarios), default=0)
    return [
        f"{name:<{width}}  {sc.title} ({plural(len(sc.players), 'player')}, "
        f"{sc.map.width}x{sc.map.height}; rulesets: {', '.join(sc.rulesets)})"
        for name, sc in scenarios
    ]


def _player_name(view: CampaignView, pid: str | None) -> str:
    p = view.player(pid) if pid else None
    return p.name if p else (pid or "?")


def event_line(e: Event) -> str:
    dice = ""
    if e.rolls:
        dice = (
            "  ["
            + "; ".join(
                f"{r.reason}: {r.expr}={r.total} ({'+'.join(map(str, r.dice))})"
                + (" table dice" if r.table else "")
                + (f" roll #{r.id}" if r.id else "")  # the number a re-roll names
                for r in e.rolls
            )
            + "]"
        )
    return f"#{e.seq} T{e.turn} {e.phase}: {e.text}{dice}"


def letter_lines(event: Event) -> list[str]:
    """The whole letter an event carries, indented under its line (none for other events)."""
    letter = letter_of(event)
    if letter is None:
        return []
    head = [f"  Subject: {letter.subject}"] if letter.subject else []
    return [*head, *(f"  {line}" for line in letter.text.splitlines())]


def chronicle_text(view: CampaignView) -> str:
    """The log: one line per event, a letter's text under its line."""
    return "".join(
        "".join(line + "\n" for line in [event_line(e), *letter_lines(e)]) for e in view.chronicle
    )


def diary_events(chronicle: Sequence[Event]) -> list[Event]:
    """The events a diary tells: what happened, so neither an action that was undone nor
    the undo itself (the log, ``chronicle_text``, keeps both: it is the record)."""
    undone = {seq for e in chronicle if e.kind == UNDO for seq in e.data.get("undoes", ())}
    return [e for e in chronicle if e.kind != UNDO and e.seq not in undone]


def chronicle_markdown(view: CampaignView, ruleset: Ruleset) -> str:
    """The chronicle as a campaign diary, a section per turn, without undone actions."""
    out = [f"# {view.name}", "", f"*{ruleset.title}*", ""]
    turn = None
    for e in diary_events(view.chronicle):
        if e.turn != turn:
            turn = e.turn
            out += [f"## Turn {turn}", ""]
        out.append(f"- {e.text}")
        for r in e.rolls:
            out.append(
                f"  - *{r.reason}*: {r.expr} = **{r.total}** ({', '.join(map(str, r.dice))})"
            )
    return "\n".join(out) + "\n"
