"""What a seat may know of the realms, and its status lines.

The map is public: every realm's territories, Capital, Outposts and Strongholds. A
realm's books (Support, Resources, Wealth) are its own players' business and the Games
Master's; every other seat reads only how many territories a realm holds.
"""

from __future__ import annotations

import copy

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.aasen import declarations, realms
from tuicamp.rules.aasen.state import (
    TRUST_NAMES,
    AasenState,
    Invasion,
    PurchaseSheet,
    RealmBooks,
    astate,
)


@define
class RealmView:
    id: str
    name: str
    pirate: bool
    players: list[str]
    territories: int
    capital: str  # its name, "" once lost
    books: RealmBooks | None = None  # None: not this seat's to read


@define
class AasenView:
    realms: list[RealmView] = field(factory=list)
    generals: dict[str, str] = field(factory=dict)  # player -> "name (Glory n)", own only
    razed: list[str] = field(factory=list)  # public: the map shows the ruins
    # this turn's sheets as the seat may read them: its own realm's until the reveal
    sheets: api.SealedView[PurchaseSheet] | None = None
    initiative: dict[str, int] = field(factory=dict)  # public: rolled in the open
    invasions: list[Invasion] = field(factory=list)  # public: declared in the open
    to_declare: list[str] = field(factory=list)  # who declares, first to last


def reads_books(campaign: api.Campaign, seat: api.Seat, realm_id: str) -> bool:
    """The Games Master and the realm's own players read its books."""
    if seat.gm:
        return True
    return any(realms.realm_id_of(campaign, p) == realm_id for p in seat.players)


def _books_copy(books: RealmBooks) -> RealmBooks:
    return RealmBooks(books.support, books.resources, books.wealth)


def aasen_view(rules: api.Rules, seat: api.Seat) -> AasenView:
    camp, state = rules.campaign, astate(rules)
    out = AasenView(
        razed=list(state.razed),
        sheets=api.sealed.sealed_view(camp, state.sheets, seat),
        initiative=dict(state.initiative),
        invasions=[copy.copy(i) for i in state.invasions],
        to_declare=declarations.order(rules) if camp.phase == "declare" else [],
    )
    for team in realms.realms(camp):
        capital = realms.capital_of(camp, state, team.id)
        books = state.books.get(team.id)
        shown = _books_copy(books) if books and reads_books(camp, seat, team.id) else None
        out.realms.append(
            RealmView(
                team.id,
                team.name,
                realms.is_pirate(camp, team.id),
                list(team.members),
                len(realms.held_by(camp, team.id)),
                capital.name if capital is not None else "",
                shown,
            )
        )
    for player, general in state.generals.items():
        if seat.gm or player in seat.players:
            out.generals[player] = f"{general.name} (Glory {general.glory})"
    return out


def _realm_lines(camp: api.Campaign, state: AasenState, view: RealmView) -> list[api.StatusLine]:
    kind = "pirate realm" if view.pirate else "realm"
    capital = view.capital or "lost"
    lines = [
        api.StatusLine(view.name, f"{kind}, {view.territories} territories, Capital {capital}")
    ]
    if view.books is not None:
        earning = len(realms.earning(camp, state, view.id))
        books = view.books
        lines += [
            api.StatusLine("Resources", str(books.resources), player=view.players[0]),
            api.StatusLine("Wealth", str(books.wealth), player=view.players[0]),
            api.StatusLine(
                "Support",
                f"{books.support} (territories earning next year: {earning})",
                player=view.players[0],
            ),
        ]
    return lines


def status_lines(rules: api.Rules, seat: api.Seat) -> list[api.StatusLine]:
    """The seat's own realm first, with its books; then every other realm's size."""
    camp, state = rules.campaign, astate(rules)
    view = aasen_view(rules, seat)
    own = [r for r in view.realms if r.books is not None and not seat.gm]
    others = [r for r in view.realms if r not in own]
    lines: list[api.StatusLine] = []
    for realm_view in [*own, *others]:
        lines += _realm_lines(camp, state, realm_view)
    for player, text in view.generals.items():
        lines.append(api.StatusLine("General", text, player=player))
    if camp.phase == "purchases" and view.sheets is not None and view.sheets.waiting:
        lines.append(api.StatusLine("Sheets", view.sheets.waiting_text(camp)))
    if view.to_declare:
        ranked = ", ".join(
            f"{api.teams.name_of(camp, p)} {view.initiative.get(p, 0)}" for p in view.to_declare
        )
        lines.append(api.StatusLine("To declare", ranked))
    for i in view.invasions:
        lines.append(api.StatusLine("Invasion", invasion_text(camp, i)))
    return lines


def invasion_text(campaign: api.Campaign, invasion: Invasion) -> str:
    """One invasion as the declarations left it: who, from where, into where, the answer."""
    hexmap, name = campaign.map, api.teams.name_of
    source, target = hexmap.territory(invasion.source), hexmap.territory(invasion.target)
    start = source.name if source else invasion.source
    where = f"{start} -> {target.name if target else invasion.target}"
    answer = {
        "": "waiting for an answer",
        "stand": f"stands, {name(campaign, invasion.defender)} defends",
        "withdraw": "withdrawn",
        "neutral": "taken (nobody's land)",
    }.get(invasion.answer, invasion.answer)
    raid = "raid" if invasion.raid else "invasion"
    return f"{name(campaign, invasion.attacker)}'s {raid} {where}: {answer}"


def trust_lines(campaign: api.Campaign, state: AasenState) -> list[str]:
    """The trust table of the campaign, one line per pair, for the chronicle at set-up."""
    out = []
    for key, word in sorted(state.trust.items()):
        a, b = key.split("|")
        out.append(
            f"{api.teams.name_of(campaign, a)} - {api.teams.name_of(campaign, b)}: "
            f"{TRUST_NAMES.get(word, word)}"
        )
    return out
