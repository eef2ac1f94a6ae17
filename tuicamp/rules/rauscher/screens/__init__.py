"""The Rauscher ruleset's screens: Textual panels, commands and forms on plain data.

``ui`` is what ``RauscherRuleset.ui`` names (the commands, a panel for each phase and the
map move); ``commands``, ``panels``, ``forms`` and ``ledger`` are the Textual side. ``data``
computes every figure they print without Textual, so this package itself imports none:
``tuicamp.rules.rauscher.screens.data`` loads (and is tested) without a terminal.
"""
