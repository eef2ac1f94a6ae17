"""*Warhammer Campaign* by David Rauscher, as the ``rauscher`` ruleset: the template the
next rulesets copy.

Packages, in layers whose imports only point down (``tests/test_rauscher_layers.py``
holds the ruleset to them, with no import inside a function):

    shared < economy < movement < combat < siege < victory < view < ruleset (the frame)
    < screens

- ``shared``: the state classes of every phase, the helpers every phase uses, money,
  cargo, alliances, the upgrades of older saves' state, and the hooks a higher package
  hangs on a lower one's moments (``shared.hooks``). It imports no phase package.
  Whatever reads tables or options is given the read context (a ``Rules``; the acting
  ``Context`` is one) by whoever calls it, down from the frame's hooks.
- ``economy``, ``movement``, ``combat``, ``siege``, ``victory``: one package per part of the
  rules, each exporting what the frame reads — ``ACTIONS``, ``HANDLERS``, ``PHASE_START``,
  ``PHASE_END``, ``pending``, ``setup`` and ``setup_problems`` — every one of them, empty
  where the package has none. A package reads the ones below it; where a lower package's
  moment matters to a higher one (a battle settled matters to its siege and to a Family
  Squabble, the economy's supply to whoever is besieged), the higher package registers a
  hook in ``shared.hooks`` when it is imported.
- ``view``: what one seat may know of the ruleset's state (the frame's ``view_state``)
  and its status lines, read from every phase package; the screens read it instead of the
  raw campaign.
- ``ruleset``: the frame — phases, who acts, the dispatch of actions to the packages.
- ``screens``: the Textual side (``screens.ui`` is ``RauscherRuleset.ui``) on plain data
  (``screens.data``, no Textual).
- ``tables/`` and ``docs/``: the TOML tables and the Markdown help chapters, data read
  through ``importlib.resources``.

Importing this package imports the frame and with it every phase package, so every hook is
registered before anything runs.
"""

from tuicamp.rules.rauscher.ruleset import RauscherRuleset

__all__ = ["RauscherRuleset"]
