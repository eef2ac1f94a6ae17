"""What the sandbox remembers between actions (whose turn it is is the engine's flow)."""

from __future__ import annotations

from attrs import define, field


@define
class SandboxState:
    mp_used: dict[str, float] = field(factory=dict)  # army id -> MP spent this turn (R-SB-4)
