"""The Rauscher screens' one stylesheet, named once: the ruleset's UI declares it (read when
a campaign opens) and the ledger and form screens name it too, so one opened on its own is
still styled, and one opened in play finds it already read."""

from __future__ import annotations

from pathlib import Path

STYLESHEET = Path(__file__).resolve().with_name("rauscher.tcss")
