"""Long lists of problems, cut to what a Games Master can read.

A scenario with 2,000 copies of one unit has 2,000 problems of one kind; printing every
one buries the others, and the first few say all there is to say. So after the first few
problems of a kind, the rest of that kind become one line: ``... and 1,995 more like it``,
placed at the line of the first one left out (the next place to look).

Two problems are of one kind when their sentences differ only in what they quote and
count: ``duplicate unit id 'a' (first at line 12)`` and ``duplicate unit id 'b' (first at
line 40)`` are one kind.
"""

from __future__ import annotations

import re

KEEP = 5  # problems of one kind shown in full

_PLACE_RE = re.compile(r"^(?P<file>.*?):(?P<line>\d+): (?P<text>.*)$", re.S)
_VARYING_RE = re.compile(r"'[^']*'|\"[^\"]*\"|\d+(?:[.,]\d+)*")


def kind_of(text: str) -> str:
    """A problem's sentence with what it quotes and counts blanked out."""
    return _VARYING_RE.sub("#", text)


def summarise(lines: list[str], keep: int = KEEP) -> list[str]:
    """``lines`` (``file:line: what``) in their order, each kind after its first ``keep``
    problems summed up in one line at the place of the first one left out."""
    kinds: list[tuple[str, str]] = []
    for line in lines:
        m = _PLACE_RE.match(line)
        kinds.append((m["file"], kind_of(m["text"])) if m else ("", kind_of(line)))
    total: dict[tuple[str, str], int] = {}
    for kind in kinds:
        total[kind] = total.get(kind, 0) + 1
    shown: dict[tuple[str, str], int] = {}
    out: list[str] = []
    for line, kind in zip(lines, kinds, strict=True):
        seen = shown.get(kind, 0)
        shown[kind] = seen + 1
        if seen < keep:
            out.append(line)
        elif seen == keep:
            m = _PLACE_RE.match(line)
            where = f"{m['file']}:{m['line']}: " if m else ""
            out.append(f"{where}... and {total[kind] - keep:,} more like it")
    return out
