"""The movement module's own ledger in the Rauscher state (see state.py)."""

from __future__ import annotations

from attrs import define


@define
class MovementState:
    """Filled in by the movement module: only plain attrs data, saved with the campaign."""
