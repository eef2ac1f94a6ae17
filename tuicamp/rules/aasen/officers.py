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
from tuicamp.rules.aasen import advances, books, characters, injuries, marching, year
from tuicamp.rules.aasen.state import (
    CAPTURED,
    RETIRED,
    AasenState,
    General,
    Officer,
    PurchaseSheet,
    astate,
)

SKAVEN = "Skaven"
LEADERSHIP = "Ld"  # the profile's characteristic 8.5 compares (R-AA-65)
# 8.5: "only units within 8 inches may use his Leadership, instead of the normal 12"
EIGHT_INCHES = 'his Leadership 8" only'


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
        # his General, Senior Officers and the captives he replaced, who may come back
        kept = {c.name: advances.rank_of(c) for c in characters.on_record(state, player)}
        for name in names:
            ctx.require(bool(name.strip()), "A Senior Officer needs a name")
            ctx.require(names.count(name) == 1, f"{name!r} is named twice")
            ctx.require(
                name not in kept,
                f"{api.teams.name_of(camp, player)} has a {kept.get(name)} "
                f"{name!r} already (R-AA-41, R-AA-93)",
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
    must_promote(ctx, realm_id, sheet)
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


def free_officers(state: AasenState, player: str) -> list[Officer]:
    """The player's Senior Officers neither captured nor dead (8.5's "eligible")."""
    return [o for o in state.officers.get(player, []) if not o.fate]


def convertible(ctx: api.Context, realm_id: str) -> int:
    """The Resources the realm's Wealth could still become in these Promotions, 3 Wealth
    a Resource (7.2, R-AA-98): none for a realm with a Dwarf army, which "may not
    transfer Wealth back to Resources"."""
    if year.hoards_wealth(ctx.campaign, realm_id):
        return 0
    rate = int(ctx.table("earnings")["wealth_per_resource"])
    return books.books_of(ctx, realm_id).wealth // rate


def must_promote(ctx: api.Context, realm_id: str, sheet: PurchaseSheet) -> None:
    """8.5: "If a General is lost the player must promote a Senior Officer to General
    status in the Promotions segment next turn, if at all possible" (R-AA-64): a player
    of the realm whose General is lost, with a Senior Officer free to make General and the
    realm's Resources to pay for it (table 5.1), makes one General on this sheet. Wealth
    the realm may still turn into Resources here counts as Resources (R-AA-98): the
    refusal then says to convert it first."""
    camp, state = ctx.campaign, astate(ctx)
    price = int(ctx.table("costs")["promote_general"])
    resources = books.books_of(ctx, realm_id).resources
    means = resources + convertible(ctx, realm_id)
    owed = price * len(sheet.generals)
    for player in api.teams.members(camp, realm_id):
        general, kept = state.generals.get(player), free_officers(state, player)
        if general is None or not general.fate or not kept or player in sheet.generals:
            continue
        owed += price
        names = ", ".join(o.name for o in kept)
        short = (
            f"; the realm's {resources} Resources pay no {owed}: turn Wealth into Resources "
            "first (convert_wealth, 7.2, R-AA-98)"
            if owed > resources
            else ""
        )
        ctx.require(
            owed > means,
            f"{api.teams.name_of(camp, player)}'s General {general.name} is "
            f"{injuries.fate_text(camp, general)}: a Senior Officer must be made General at "
            f"these Promotions, if at all possible (8.5, R-AA-64); name one of {names} "
            f'(generals = {{{player} = "NAME"}}){short}',
        )


def lost(ctx: api.Context, realm_id: str) -> list[str]:
    """The realm's players whose General is lost (dead, captured or retired) as its sheet
    is written: those the sheet may, and if at all possible must, replace (R-AA-64)."""
    state = astate(ctx)
    return [
        player
        for player in api.teams.members(ctx.campaign, realm_id)
        if (general := state.generals.get(player)) is not None and general.fate
    ]


def lapse(ctx: api.Context, realm_id: str, sheet: PurchaseSheet) -> None:
    """8.5: a lost General's Glory selects the army "for the rest of that campaign turn";
    one still lost as the next sheets are revealed, no Senior Officer made General in his
    place, selects it no longer: "the army is now selected according to his [the
    substitute's] Glory" (R-AA-63). One lost after his realm's sheet was sealed, which
    could not replace him, is to be replaced "in the Promotions segment next turn": his
    Glory selects the army for the rest of this year, and next year's sheet is held to
    it (R-AA-94)."""
    camp, state = ctx.campaign, astate(ctx)
    for player in api.teams.members(camp, realm_id):
        general = state.generals.get(player)
        if general is None or not general.fate or general.lapsed or player in sheet.generals:
            continue
        if sheet.lost is not None and player not in sheet.lost:
            ctx.emit(
                "substitute",
                f"{api.teams.name_of(camp, player)}'s General {general.name} is "
                f"{injuries.fate_text(camp, general)}, lost after his realm's sheet was "
                "sealed: his Glory selects the army for the rest of the year, and next "
                "year's sheet must make a Senior Officer General in his place if at all "
                "possible (8.5, R-AA-94)",
                player=player,
            )
            continue
        general.lapsed = True
        ctx.emit(
            "substitute",
            f"{api.teams.name_of(camp, player)}'s General {general.name} is "
            f"{injuries.fate_text(camp, general)}; no Senior Officer is made General in his "
            "place: "
            f"{substitute_text(state.officers.get(player, []))}; from now on "
            f"{selected_by(state, player)} (8.5, R-AA-63)",
            player=player,
        )


def selecting_glory(state: AasenState, player: str) -> int:
    """The Glory table 9.1 reads for the player's army (8.5): his General's, a lost one's
    only for the rest of the turn he was lost (R-AA-63), then his substitute's; 0 with no
    General and no substitute ("his army will have no General")."""
    general = state.generals.get(player)
    if general is None:
        return 0
    if not (general.fate and general.lapsed):
        return general.glory
    standing = substitutes(state.officers.get(player, []))
    return standing[0].glory if standing else 0


def selected_by(state: AasenState, player: str) -> str:
    """Whose Glory selects a lapsed General's army, as the card and the chronicle say it
    (R-AA-63)."""
    standing = substitutes(state.officers.get(player, []))
    if not standing:
        return "the army is selected by Glory 0"
    who = f"{standing[0].name}'s" if len(standing) == 1 else "the substitute's"
    return f"the army is selected by {who} Glory, {standing[0].glory}"


def carry_out(ctx: api.Context, realm_id: str, sheet: PurchaseSheet) -> None:
    """The promotions of a revealed sheet: the new Senior Officers join their player's
    record with Glory 0; a Senior Officer made General keeps his Glory (8.5); a captured
    General replaced stays his captor's captive (8.2, R-AA-62)."""
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
        old = state.generals.get(player)
        if old is not None and old.fate == CAPTURED:
            # 8.2: "Should you be unable or unwilling to get the character back a
            # replacement may be recruited": he is still held, to free, sell or execute
            state.replaced.setdefault(player, []).append(old)
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
    lapse(ctx, realm_id, sheet)


def describe(sheet: PurchaseSheet) -> list[str]:
    parts = [f"{', '.join(names)} made Senior Officers" for names in sheet.officers.values()]
    encouraged = [f"{p}'s predecessor made an example of" for p in sheet.encourage]
    return parts + [f"{name} made General" for name in sheet.generals.values()] + encouraged


def officer_text(state_officers: list[Officer]) -> str:
    return ", ".join(
        characters.sheet_text(o) + (f"; {o.fate}" if o.fate else "") for o in state_officers
    )


def substitutes(kept: list[Officer]) -> list[Officer]:
    """8.5: "the Senior Officer with the highest amount of Glory stepping in as substitute
    General. If two or more Senior Officers have the same amount of Glory the eligible one
    with the highest Leadership is the General. If that too is equal the owning player
    chooses one": of the free Senior Officers those of the highest Glory, of them those of
    the highest Leadership declared (``set_character`` profile Ld) when each of them has
    declared it (R-AA-65). One left is the substitute; more are the player's choice."""
    free = [o for o in kept if not o.fate]  # a captive stands in for nobody
    if not free:
        return []
    best = max(o.glory for o in free)
    tied = [o for o in free if o.glory == best]
    if len(tied) > 1 and all(LEADERSHIP in o.profile for o in tied):
        top = max(o.profile[LEADERSHIP] for o in tied)
        tied = [o for o in tied if o.profile[LEADERSHIP] == top]
    return tied


def substitute_text(kept: list[Officer]) -> str:
    """The substitute General as the card and the chronicle name him (8.5: "If the player
    has no Senior Officer to take over, his army will have no General"; R-AA-65)."""
    standing = substitutes(kept)
    if not standing:
        return "no Senior Officer stands in: the army has no General"
    first, glory = standing[0], standing[0].glory
    equal = [o.name for o in kept if not o.fate and o.glory == glory]
    names = ", ".join(o.name for o in standing)
    if len(standing) == 1 and len(equal) == 1:
        return f"{first.name} (Glory {glory}) stands in as substitute General, {EIGHT_INCHES}"
    if len(standing) == 1:
        return (
            f"{first.name} (Glory {glory}, the highest Leadership of {', '.join(equal)}: "
            f"Ld {first.profile[LEADERSHIP]}) stands in as substitute General, {EIGHT_INCHES}"
        )
    if all(LEADERSHIP in o.profile for o in standing):
        return (
            f"the substitute General is the player's choice of {names} (Glory {glory}, "
            f"Ld {first.profile[LEADERSHIP]} each); {EIGHT_INCHES}"
        )
    undeclared = ", ".join(o.name for o in standing if LEADERSHIP not in o.profile)
    return (
        f"the substitute General is the one of {names} (Glory {glory}) with the highest "
        f"Leadership (not declared for {undeclared}: set_character profile Ld), else the "
        f"player's choice; {EIGHT_INCHES}"
    )
