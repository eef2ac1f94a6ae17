"""The *Basic Campaign Rules* by Jarkko Suvinen, as the ``suvinen`` ruleset.

Modules, whose imports only point down, none of them inside a function:

    state < offers < corps < control < roster < council < impulses < hill < battles
    < followup < supply < castles < withdrawal < assault < crews < garrisons < sharing
    < endturn < setup < board < view < ruleset

- ``state``: the attrs records the campaign keeps (corps, the order, alliances, castles);
- ``offers``: offers of alliance and of a castle's control, answered by their ids;
- ``corps``: leaders, the LC flag, who takes an impulse, who is hostile to whom;
- ``control``: hexside control in contested hexes, and who may leave them by which side;
- ``council``: the start of a turn: the 2d6 order of play and the turn's alliances;
- ``impulses``: the eight impulses in rounds of the rotation, MP in fractions, commitments;
- ``battles``: battles where hostile corps meet after the movement, their card, casualties;
- ``followup``: the temporary allies' follow-up battle when they win together;
- ``hill``: where and in what order the sides of King of the Hill deploy;
- ``supply``: the supply check of every corps at once, Disrupted and eliminated corps;
- ``roster``: a corps taken out of the war;
- ``castles``: garrisons inside their walls, sieges, the assault battle, withdrawing inside;
- ``withdrawal``: the sealed fight-or-withdraw choices after a day's battles, the next day;
- ``assault``: the besiegers' sealed choice to assault a garrison or wait;
- ``garrisons``: garrisons declared and released in the council;
- ``sharing``: allies who share a castle agreeing which of them controls it;
- ``crews``: war machine crews made up from the corps' regiments;
- ``endturn``: lost Home Castles, captured castles, players out, the winner;
- ``setup``: Home Castles, garrisons, the campaign's size, and their checks;
- ``board``: the impulse board: whose entry, the rotation ahead, the seat's corps' MP;
- ``view``: what a seat may know, and its status lines;
- ``ruleset``: the frame: the phases, their hooks, the dispatch;
- ``tables/`` and ``docs/``: the TOML tables and the help chapters, rulings written out.
"""

from tuicamp.rules.suvinen.ruleset import SuvinenRuleset

__all__ = ["SuvinenRuleset"]
