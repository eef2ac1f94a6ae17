"""The combat module's own ledger in the Rauscher state (see state.py)."""

from __future__ import annotations

from attrs import define


@define
class CombatState:
    """Filled in by the combat module: only plain attrs data, saved with the campaign."""
