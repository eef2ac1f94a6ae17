"""The siege module's own ledger in the Rauscher state (see state.py)."""

from __future__ import annotations

from attrs import define


@define
class SiegeState:
    """Filled in by the siege module: only plain attrs data, saved with the campaign."""
