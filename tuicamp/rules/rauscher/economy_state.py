"""The economy module's own ledger in the Rauscher state (see state.py)."""

from __future__ import annotations

from attrs import define


@define
class EconomyState:
    """Filled in by the economy module: only plain attrs data, saved with the campaign."""
