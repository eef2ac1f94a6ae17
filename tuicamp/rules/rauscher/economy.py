"""Rauscher: the economy rules. (Being written: see the module interface in ruleset.py.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tuicamp.engine.actions import Action
from tuicamp.engine.context import Context
from tuicamp.model.campaign import Campaign

ACTIONS: tuple[type[Action], ...] = ()
HANDLERS: dict[type[Action], Callable[[Context, Any], None]] = {}
PHASE_START: dict[str, Callable[[Context], None]] = {}
PHASE_END: dict[str, Callable[[Context], None]] = {}


def pending(campaign: Campaign, player: str | None) -> list[str]:
    """What must still happen before ``player`` may end the phase (None: anyone)."""
    return []
