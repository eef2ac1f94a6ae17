"""The Under-Empire: a test ruleset whose maps need terrain and a hexside feature of its
own, and whose state holds sides (see ruleset.py)."""

from rulesets.under_empire.ruleset import Collapse, HoldSide, March, UnderEmpire, UnderState

__all__ = ["Collapse", "HoldSide", "March", "UnderEmpire", "UnderState"]
