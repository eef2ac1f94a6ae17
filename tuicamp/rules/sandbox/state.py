"""What the sandbox remembers between actions."""

from __future__ import annotations

from attrs import define, field


@define
class SandboxState:
    order: list[str] = field(factory=list)  # player ids in turn order (R-SB-1)
    current: int = 0  # index into order of the player to act (turn-order play)
    ended: list[str] = field(factory=list)  # players who ended this turn (simultaneous play)
    mp_used: dict[str, float] = field(factory=dict)  # army id -> MP spent this turn (R-SB-4)
