"""The one way text is made safe for a terminal: control characters written out.

A name or a message printed on a player's terminal must not drive it: ESC could retitle it
or repaint the screen, BEL ring it, a newline forge a second line. :func:`escaped` is the
one function every path to a terminal goes through (views, refusals, the command line's
output); :func:`control_problem` is the one sentence that refuses such a name on input.
It imports nothing of the engine, so the errors themselves can use it.
"""

from __future__ import annotations

import re

# C0 controls (newline and tab included), DEL and the C1 controls (CSI, OSC, ... which some
# terminals obey as ESC sequences on their own)
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
NAMES = {"\x1b": "ESC", "\x07": "BEL", "\n": "newline", "\r": "carriage return", "\t": "tab"}


def escaped(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every control character written out as a visible escape (``\\x1b``,
    ``\\n``), so it prints as one harmless line; with ``keep_newlines`` the line breaks of
    a many-line report stay breaks and everything else is escaped."""
    if not CONTROL.search(text):
        return text
    if keep_newlines:
        return "\n".join(escaped(line) for line in text.split("\n"))
    return CONTROL.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char, f"\\x{ord(char):02x}")


# what a free text (a note, a reason) may hold that a name may not: it is escaped on output
LINE_BREAKS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def control_problem(text: str, *, breaks: bool = False) -> str | None:
    """What is wrong with ``text`` as a name (None: nothing): its first control
    character, named for a Games Master who must find it. With ``breaks`` (a note, a
    reason: free text) newlines and tabs are let through, and escaped when printed."""
    found = (LINE_BREAKS if breaks else CONTROL).search(text)
    if found is None:
        return None
    char = found.group()
    what = NAMES.get(char, "a control character")
    return (
        f"holds {what} ({_escape(found)}) at character {found.start() + 1}: names and texts "
        "must be printable"
    )
