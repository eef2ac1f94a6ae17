"""Names cut to fit: after a whole word, with "...", so a campaign or a player is never
shown as half a word ("The Crown of King Pen..."). Where a name is cut, the screen that is
about it shows it whole (the side panel, the save's own line in the chronicle)."""

from __future__ import annotations

ELLIPSIS = "..."


def cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells: whole, or cut after its last whole word that
    fits, then ``...``; a first word longer than the room is cut inside it."""
    if len(text) <= width:
        return text
    room = max(0, width - len(ELLIPSIS))
    space = text.rfind(" ", 0, room + 1)
    kept = text[:space] if space > 0 else text[:room]
    return kept.rstrip(" ,;:-") + ELLIPSIS
