"""What the Ellegaard screens read: the seat's view of the war (``EllegaardView``), never
the campaign, and the lines they draw from it, as plain ASCII text that reads the same in
16 colours and in monochrome (a marker glyph, never a colour alone)."""

from __future__ import annotations

import textwrap

from tuicamp.rules.ellegaard.state import COMMAND_NAMES
from tuicamp.rules.ellegaard.view import DivisionLine, EllegaardView, MeetingLine
from tuicamp.ui.kit import CampaignView

CURSOR, BLANK = "> ", "  "
WIDTH = 76  # inside an 80-column terminal and the screen's padding


def wrapped(text: str, indent: str = "    ", width: int = WIDTH) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent + "  ")


def ellegaard_state(view: CampaignView) -> EllegaardView | None:
    state = view.ruleset_state
    return state if isinstance(state, EllegaardView) else None


def name_of(view: CampaignView, player: str) -> str:
    found = next((p for p in view.players if p.id == player), None)
    return found.name if found is not None else player


def army_name(view: CampaignView, army_id: str) -> str:
    found = next((a for a in view.armies if a.id == army_id), None)
    return f"'{found.name}'" if found is not None else "an unseen division"


def division_lines(line: DivisionLine, chosen: bool, phase: str) -> list[str]:
    """A division on the Command screen: its command, its general, and what a change asks
    now (the Ld test shown before it is rolled) or its march."""
    command = COMMAND_NAMES.get(line.command, line.command)
    head = f"{CURSOR if chosen else BLANK}{line.name} ({line.points:,} pts): {command}"
    out = [head, *wrapped(f"general {line.general}" + (f"; {line.state}" if line.state else ""))]
    if line.frozen:
        out += wrapped("the command test failed: it does not move this hour (R-EL-3)")
    elif phase == "command":
        out += wrapped(f"a change: {line.change}")
    else:
        out += wrapped(f"march: {line.move}")
    return out


def open_meetings(state: EllegaardView) -> list[MeetingLine]:
    return [m for m in state.meetings if not m.done]


def meeting_lines(view: CampaignView, line: MeetingLine) -> list[str]:
    """A meeting as the seat may know it: its own sealed choice, the other general's only
    that he has written, both once revealed (R-EL-18)."""
    sealed = line.choices
    names = " and ".join(army_name(view, d) for d in line.divisions)
    out = [f"Meeting {line.id}, hour {line.hour}: {names}"]
    for writer in [*sealed.written, *sealed.waiting]:
        who = name_of(view, writer)
        if writer in sealed.choices:
            out.append(f"  {who}: {sealed.choices[writer]}")
        elif writer in sealed.written:
            out.append(f"  {who}: has written (sealed)")
        else:
            out.append(f"  {who}: to choose")
    if sealed.revealed:
        out.append(f"  revealed: {OUTCOMES.get(line.outcome, line.outcome or 'settled')}")
    else:
        mine = any(p in sealed.waiting for p in view.players_controlled)
        out.append("  fight or refuse, sealed" + (": your choice" if mine else ""))
    return out


OUTCOMES = {
    "battle": "both fight: a battle",
    "postponed": "both fight: the battle waits for the next hour (R-EL-28)",
    "prisoners": "prisoners to be handed over (R-EL-29)",
    "talk": "one refuses: agree terms or discuss (R-EL-6)",
    "contest": "the Generals Discussing row is fought at the table (R-EL-41)",
    "settled": "settled",
}
