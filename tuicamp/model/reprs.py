"""The repr of a model class, written once for all of them instead of generated for each.

attrs generates a ``__repr__`` for every class it builds, as source code compiled when the
class is made: for the model's classes that was a large share of what importing them costs,
and every command pays it at start-up (``tuicamp show``, a first frame) for a text read
only in a traceback or a test's failure. A class that says ``__repr__ = fields_repr`` gets
none from attrs (``auto_detect`` keeps the class's own), and this one prints the very same
text: ``Name(field=value, ...)`` over the fields attrs would show, each by ``repr`` or the
field's own ``repr=`` callable, and ``...`` for an object met again inside itself.
``tests/test_startup.py`` holds every model class to the repr attrs generates.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from attrs import AttrsInstance

_showing = threading.local()  # per thread, as attrs' own guard: the objects being shown


def fields_repr(self: AttrsInstance) -> str:
    """What attrs' generated ``__repr__`` answers for ``self``."""
    try:
        already: set[int] = _showing.ids
    except AttributeError:
        already = _showing.ids = set()
    if id(self) in already:
        return "..."
    already.add(id(self))
    try:
        cls = type(self)
        parts = []
        for a in attrs.fields(cls):
            if a.repr is False:
                continue
            value = getattr(self, a.name) if a.init else getattr(self, a.name, attrs.NOTHING)
            shown = repr(value) if a.repr is True else a.repr(value)
            parts.append(f"{a.name}={shown}")
        return f"{cls.__qualname__.rsplit('>.', 1)[-1]}({', '.join(parts)})"
    finally:
        already.discard(id(self))
