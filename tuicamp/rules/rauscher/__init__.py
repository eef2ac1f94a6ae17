"""*Warhammer Campaign* by David Rauscher, as the ``rauscher`` ruleset: the template the
next rulesets copy.

Packages, in layers whose imports only point down (``tests/test_rauscher_layers.py``
holds the ruleset to them, with no import inside a function):

    shared < economy < movement < combat < siege < victory < view < ruleset (the frame)
    < screens

- ``shared``: the state classes of every phase, the helpers every phase uses, money,
  cargo, alliances, the upgrades of older saves' state; the read context for a bare
  campaign (``shared.rules``) and the hooks a higher package hangs on a lower one's
  moments (``shared.hooks``). It imports no phase package.
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
registered, and the frame is wired for the functions handed a bare campaign, before anything
runs.
"""

from tuicamp.rules.rauscher.ruleset import RauscherRuleset
from tuicamp.rules.rauscher.shared.rules import wire_frame

wire_frame(RauscherRuleset())

__all__ = ["RauscherRuleset"]
