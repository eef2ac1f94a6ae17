"""The bottom of the Rauscher ruleset: what every phase package may read.

The state classes of every phase (``state`` with its per-phase ``*_state`` ledgers), the
small helpers every phase uses (``common``: phases, allegiance, checks), money, cargo, the
scenario's alliances (made the campaign's teams) and the steps that bring an older save's
state up to this one (``upgrades``). Nothing here imports a phase package.
"""
