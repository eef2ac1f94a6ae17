"""*The Invasion of Hex Island* by Tarjei Aasen, as the ``aasen`` ruleset.

Modules, whose imports only point down, none of them inside a function:

    state < realms < trust < setup < view < ruleset

- ``state``: the attrs records the campaign keeps (each realm's books, razed land, the
  Generals, marks and trust);
- ``realms``: the realms and their land read off the map: Capital, Homeland, connection;
- ``trust``: table 3.1 as data and the Mark of Chaos rules over it (R-AA-3);
- ``setup``: the island as the scenario fixes it, and the checks a Games Master fixes;
- ``view``: what a seat may know, and its status lines;
- ``ruleset``: the frame: the year's phases, set-up, the dispatch;
- ``screens``: the campaign screen's side (realm borders); the only module with the UI;
- ``tables/`` and ``docs/``: the TOML tables and the help chapters, rulings written out.
"""

from tuicamp.rules.aasen.ruleset import AasenRuleset

__all__ = ["AasenRuleset"]
