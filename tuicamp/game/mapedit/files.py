"""Writing a scenario file: whole or not at all, and never over a file unasked.

A scenario is often the only copy of a Games Master's evening of map-making, so it is
written atomically (a crash leaves the old file or the new one, never half of each).
"""

from __future__ import annotations

from pathlib import Path

from tuicamp.engine.errors import InputError
from tuicamp.storage.locations import atomic_write


def write_scenario(path: Path, text: str, *, overwrite: bool = False) -> None:
    """Write ``text`` to ``path``; an InputError when the file exists and ``overwrite`` is
    not given, or the folder is missing."""
    if path.exists() and not overwrite:
        raise InputError(f"{path}: the file exists; give --force to write over it")
    if not path.parent.is_dir():
        raise InputError(f"{path}: no such folder {str(path.parent)!r}")
    atomic_write(path, text.encode("utf-8"))
