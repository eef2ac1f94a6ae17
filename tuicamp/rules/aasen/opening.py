"""The year opens (4, 5.1): in the first, the island is told; a realm with no land is out
(3.1); then Support and Resources are earned (5.1). A campaign over earns nothing
(R-AA-26)."""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.aasen import endturn, realms, view, year
from tuicamp.rules.aasen.state import astate


def open_year(ctx: api.Context) -> None:
    tell_the_island(ctx)
    endturn.landless(ctx)
    year.earn(ctx)


def tell_the_island(ctx: api.Context) -> None:
    """As the first year begins, the chronicle tells every realm's Capital, Homeland and
    holdings, each player's General, and the trust table for the Games Master to check
    (R-AA-3, R-AA-15, R-AA-21)."""
    camp, state = ctx.campaign, astate(ctx)
    if camp.turn != 1:
        return
    for rank, realm_id in enumerate(state.realm_order, start=1):
        team = realms.realm(camp, realm_id)
        if team is None:
            continue
        capital = realms.capital_of(camp, state, realm_id)
        home = realms.names(realms.homeland(camp, state, realm_id))
        held = [
            f"{kind} in {t.name}"
            for t in realms.held_by(camp, realm_id)
            if (kind := realms.holding_in(state, t))
        ]
        kind = "pirate realm" if realms.is_pirate(camp, realm_id) else "realm"
        text = (
            f"Realm {rank}, {team.name} ({kind} of "
            f"{', '.join(api.teams.name_of(camp, p) for p in team.members)}): Capital "
            f"{capital.name if capital else 'none'}; Homeland {home}; "
            f"{'; '.join(held) or 'no Outpost or Stronghold'}"
        )
        ctx.emit("realm", text, undoable=False, realm=realm_id)
    for player, general in state.generals.items():
        who = api.teams.name_of(camp, player)
        text = f"{who} promotes {general.name} to General (the first turn's free promotion)"
        ctx.emit("general", text, undoable=False, player=player)
    lines = view.trust_lines(camp, state)
    if lines:
        ctx.emit("trust", "Trust between the armies: " + "; ".join(lines), undoable=False)
