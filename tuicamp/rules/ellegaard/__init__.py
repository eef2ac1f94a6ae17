"""*Warhammer Wars* by Christian Ellegaard, as the ``ellegaard`` ruleset.

Modules, whose imports only point down, none of them inside a function:

    state < races < setup < hour < commands < meetings < movement < talks < contests
    < view < ruleset (the frame)

- ``state``: the attrs records the war keeps (divisions, home bases, War Points);
- ``races``: which race a unit marches as, from the ``race`` table;
- ``setup``: home bases, divisions and generals, the campaign total, the turn limit;
- ``hour``: the hour of R-EL-8 on the engine's flow (a Command and a Move phase per player);
- ``commands``: the commands and the change test (R-EL-3);
- ``meetings``: attention zones, the sealed fight or refuse, battles and prisoners;
- ``movement``: race rates, roads, terrain and hexsides, halting where zones meet;
- ``talks``: terms between a refuser and the other general, the Generals Discussing table;
- ``contests``: the table's rows played at the table (duel, chase, fair battle);
- ``view``: what a seat may know, and its status lines;
- ``tables/`` and ``docs/``: the TOML tables and the help chapters, rulings written out.
"""

from tuicamp.rules.ellegaard.ruleset import EllegaardRuleset

__all__ = ["EllegaardRuleset"]
