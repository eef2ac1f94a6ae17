"""The bottom of the Rauscher ruleset: what every phase package may read.

The state classes of every phase (``state`` with its per-phase ``*_state`` ledgers), the
small helpers every phase uses (``common``: phases, allegiance, checks), money, cargo and
the scenario's alliances. Nothing here imports a phase package.
"""
