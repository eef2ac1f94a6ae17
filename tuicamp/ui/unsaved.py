"""Whether quitting now loses work: a campaign saves every action as it happens, while a
screen that saves only when asked (the editor, on Ctrl+S) says so by having an
``unsaved_question`` method, which answers what to ask before quitting (None: nothing to
lose). The quit key and the too-small message both ask here, so they agree."""

from __future__ import annotations

from collections.abc import Iterable

from textual.screen import Screen


def saves_when_asked(stack: Iterable[Screen]) -> bool:
    """Whether a screen of ``stack`` keeps work that is saved only when asked."""
    return any(hasattr(s, "unsaved_question") for s in stack)


def unsaved_question(stack: Iterable[Screen]) -> str | None:
    """What to ask before quitting: the first question a screen of ``stack`` holding
    unsaved work asks (None: everything is on disk)."""
    questions = (getattr(s, "unsaved_question", lambda: None)() for s in stack)
    return next((q for q in questions if q), None)
