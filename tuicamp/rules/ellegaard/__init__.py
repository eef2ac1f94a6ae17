"""*Warhammer Wars* by Christian Ellegaard, as the ``ellegaard`` ruleset.

Modules, whose imports only point down, none of them inside a function:

    state < races < setup < hour < ledger < roster < quicksand < commands < prices
    < flight < meetings < tunnels < movement < tabletop < talks < contests < allies < home
    < muster < blockade < view < upgrades < ruleset

- ``state``: the attrs records the war keeps (divisions, meetings, prisoners, tunnels...);
- ``races``: which race a unit marches as, from the ``race`` table;
- ``setup``: home bases, divisions and generals, the campaign total, the turn limit,
  tunnels dug before play;
- ``hour``: the hour of R-EL-8 on the engine's flow (a Command and a Move phase per player);
- ``ledger``: War Points, each change one event;
- ``roster``: a division left without troops is gone;
- ``quicksand``: the swamp's quicksand hexes, a D6 per unit and character;
- ``commands``: the commands and the change test (R-EL-3), Move ya!'s goblins;
- ``prices``: what a division pays to enter each hex;
- ``flight``: fleeing, rallying, pursuing, war machines left behind, healing at home;
- ``meetings``: attention zones, the sealed fight or refuse, battles and prisoners, the
  Scout's d6;
- ``tunnels``: the Skaven's tunnels;
- ``movement``: race rates, roads, terrain and hexsides, halting where zones meet;
- ``talks``: terms between a refuser and the other general, the Generals Discussing table;
- ``tabletop``: the Generals Discussing rows fought at the table (duel, chase, fair
  battle) as battles: their cards, result forms, outcomes and auto-resolver;
- ``contests``: the refuser's chase units, and what follows a duel or a chase;
- ``allies``: handing a battle to an ally;
- ``home``: splitting and joining divisions at the home base;
- ``muster``: changing the army list at the home base;
- ``blockade``: the Block battle's result form and score;
- ``view``: what a seat may know, and its status lines;
- ``upgrades``: old saves' state brought up to today's (a contest of an old save opened
  as its battle);
- ``ruleset``: the frame: the phase, its hooks, the dispatch, battles' consequences, the end;
- ``tables/`` and ``docs/``: the TOML tables and the help chapters, rulings written out.
"""

from tuicamp.rules.ellegaard.ruleset import EllegaardRuleset

__all__ = ["EllegaardRuleset"]
