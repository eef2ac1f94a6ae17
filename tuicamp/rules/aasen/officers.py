"""Senior Officers and promotions on the Promotions & Purchases sheet (5.3, 8.1, 8.5,
R-AA-41).

"It costs 2 Resources to promote a Junior Officer to a Senior Officer"; "Senior Officers
can lead support contingents and be promoted to General (if the old General is lost or
retires), Junior Officers can not"; "If a General is lost the player must promote a
Senior Officer to General status in the Promotions segment next turn, if at all
possible". A sheet names, per player, the Junior Officers made Senior Officers and the
Senior Officer made General; both are paid and made as the sheets are revealed.
"""

from __future__ import annotations

import attrs

from tuicamp.rules import api
from tuicamp.rules.aasen import advances, characters, injuries, marching
from tuicamp.rules.aasen.state import RETIRED, General, Officer, PurchaseSheet, astate

SKAVEN = "Skaven"


def cost(rules: api.Rules, sheet: PurchaseSheet) -> int:
    """Table 5.1: "Promoting a Junior Officer to Senior Officer 2", "Promoting a Senior
    Officer to General 3"."""
    costs = rules.table("costs")
    made = sum(len(names) for names in sheet.officers.values())
    return (
        made * int(costs["promote_senior"])
        + len(sheet.generals) * int(costs["promote_general"])
        + len(sheet.encourage) * int(costs["encourage"])
    )


def check(ctx: api.Context, realm_id: str, sheet: PurchaseSheet) -> None:
    """Each promotion is of a player of the realm; a new Senior Officer's name is new to
    him; a General is made of one of his Senior Officers, only when his own is lost
    (R-AA-41)."""
    camp, state = ctx.campaign, astate(ctx)
    members = api.teams.members(camp, realm_id)
    for player in [*sheet.officers, *sheet.generals]:
        ctx.require(player in members, f"{player!r} is no player of your realm")
    for player, names in sheet.officers.items():
        kept = [o.name for o in state.officers.get(player, [])]
        for name in names:
            ctx.require(bool(name.strip()), "A Senior Officer needs a name")
            ctx.require(names.count(name) == 1, f"{name!r} is named twice")
            ctx.require(
                name not in kept,
                f"{api.teams.name_of(camp, player)} has a Senior Officer {name!r} already",
            )
    for player in sheet.encourage:
        who = api.teams.name_of(camp, player)
        old = state.generals.get(player)
        ctx.require(
            marching.race(camp, player) == SKAVEN and player in sheet.generals,
            f"{who}: only a Skaven player making a new General encourages the others (9.2)",
        )
        ctx.require(
            old is not None and old.fate == RETIRED and not old.injuries,
            f"{who}: the old General must be dismissed, not dead or injured (9.2)",
        )
    for player, name in sheet.generals.items():
        who = api.teams.name_of(camp, player)
        ctx.require(
            not injuries.commands(state, player),
            f"{who}'s General leads his army: a Senior Officer is made General only when the "
            "General is lost (8.5, R-AA-41)",
        )
        ctx.require(
            any(o.name == name and not o.fate for o in state.officers.get(player, [])),
            f"{who} has no Senior Officer {name!r} free to make General (promote him first)",
        )


def carry_out(ctx: api.Context, sheet: PurchaseSheet) -> None:
    """The promotions of a revealed sheet: the new Senior Officers join their player's
    record with Glory 0; a Senior Officer made General keeps his Glory (8.5)."""
    camp, state = ctx.campaign, astate(ctx)
    for player, names in sheet.officers.items():
        state.officers.setdefault(player, []).extend(Officer(n) for n in names)
        ctx.emit(
            "promotion",
            f"{api.teams.name_of(camp, player)} makes {', '.join(names)} Senior Officer (8.1)",
            player=player,
        )
    for player, name in sheet.generals.items():
        kept = state.officers.get(player, [])
        officer = next(o for o in kept if o.name == name)
        kept.remove(officer)
        # 8.5: he keeps his Glory, advances, injuries and all else on his sheet
        state.generals[player] = General(**attrs.asdict(officer, recurse=False))
        ctx.emit(
            "promotion",
            f"{api.teams.name_of(camp, player)} makes his Senior Officer {name} General, with "
            f"Glory {officer.glory} (8.5)",
            player=player,
        )
        if player in sheet.encourage:
            why = "Clan Eshin's grisly example of his predecessor encourages the others, 9.2"
            advances.general_gains_1(ctx, player, why)


def describe(sheet: PurchaseSheet) -> list[str]:
    parts = [f"{', '.join(names)} made Senior Officers" for names in sheet.officers.values()]
    encouraged = [f"{p}'s predecessor made an example of" for p in sheet.encourage]
    return parts + [f"{name} made General" for name in sheet.generals.values()] + encouraged


def officer_text(state_officers: list[Officer]) -> str:
    return ", ".join(
        characters.sheet_text(o) + (f"; {o.fate}" if o.fate else "") for o in state_officers
    )


def substitute_text(kept: list[Officer]) -> str:
    """8.5: "the Senior Officer with the highest amount of Glory stepping in as substitute
    General. If two or more Senior Officers have the same amount of Glory the eligible one
    with the highest Leadership is the General. If that too is equal the owning player
    chooses ... If the player has no Senior Officer to take over, his army will have no
    General" (the Leadership is the table's to compare, R-AA-41)."""
    kept = [o for o in kept if not o.fate]  # a captive stands in for nobody
    if not kept:
        return "no Senior Officer stands in: the army has no General"
    best = max(o.glory for o in kept)
    names = [o.name for o in kept if o.glory == best]
    if len(names) == 1:
        return f'{names[0]} stands in as substitute General, his Leadership 8" only'
    return (
        f"the substitute General is the one of {', '.join(names)} (Glory {best}) with the "
        "highest Leadership, else the player's choice; his Leadership 8\" only"
    )
