"""What a seat may know of the realms, and its status lines.

The map is public: every realm's territories, Capital, Outposts and Strongholds. A
realm's books (Support, Resources, Wealth) are its own players' business and the Games
Master's; every other seat reads only how many territories a realm holds.
"""

from __future__ import annotations

import copy

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.aasen import (
    amphibious,
    bonuses,
    captives,
    cards,
    characters,
    declarations,
    hatred,
    injuries,
    officers,
    purchases,
    realms,
    support,
)
from tuicamp.rules.aasen.cards import CharacterCard, Standing, lost_selection
from tuicamp.rules.aasen.mapmarks import MapMarks, map_marks
from tuicamp.rules.aasen.state import (
    TRUST_NAMES,
    AasenState,
    Contingent,
    Fleet,
    General,
    Invasion,
    PurchaseSheet,
    RealmBooks,
    astate,
)
from tuicamp.rules.kit.words import possessive


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
    captives: list[str] = field(factory=list)  # public: told as the battle ended (8.2)
    # the character sheets of the seat's own players, and the realms' standings (4.1)
    cards: list[CharacterCard] = field(factory=list)
    standings: list[Standing] = field(factory=list)
    marks: MapMarks = field(factory=MapMarks)  # public: the invasions' routes, the fleets


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
        cards=cards.cards(rules, seat),
        standings=cards.standings(rules, seat),
        marks=map_marks(rules),
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
            selection = lost_selection(state, player, general)
            text = general_text(camp, general)
            out.generals[player] = f"{text}; {selection}" if selection else text
    for player, held in captives.captives_of(state):
        out.captives.append(
            f"{captives.captive_name(camp, state, player, held)} (Glory {held.glory}), held by "
            f"{api.teams.name_of(camp, held.captor)}"
        )
    return out


def general_text(campaign: api.Campaign, general: General) -> str:
    """A General as his own seat reads him: name, Glory, injuries and fate (8.2, 8.3)."""
    text = characters.sheet_text(general)
    fate = injuries.fate_text(campaign, general)
    return f"{text}; {fate}" if fate else text


def _realm_lines(camp: api.Campaign, state: AasenState, view: RealmView) -> list[api.StatusLine]:
    kind = "pirate realm" if view.pirate else "realm"
    # while the set-up is drafted no Capital is chosen yet (2.1), none is lost
    capital = view.capital or ("not yet chosen" if state.draft is not None else "lost")
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
        kept = state.officers.get(player, [])
        if kept:
            text = officers.officer_text(kept)
            lines.append(api.StatusLine("Senior Officers", text, player=player))
    lines += [api.StatusLine("Captive", text) for text in view.captives] or [
        api.StatusLine("Captives", "none")
    ]
    lines += [api.StatusLine("Grudge", text) for text in hatred.grudge_lines(camp, state)]
    if camp.phase == "purchases" and view.sheets is not None and view.sheets.waiting:
        lines.append(api.StatusLine("Sheets", view.sheets.waiting_text(camp)))
    if camp.phase == "purchases" and view.sheets is not None:
        lines += sheet_lines(rules, view.sheets)
    if view.to_declare:
        ranked = ", ".join(
            f"{api.teams.name_of(camp, p)} {view.initiative.get(p, 0)}" for p in view.to_declare
        )
        lines.append(api.StatusLine("To declare", ranked))
    for i in view.invasions:
        lines.append(api.StatusLine("Invasion", invasion_text(camp, i)))
    return lines + contingent_lines(rules, seat) + public_lines(rules) + answer_lines(rules, seat)


CONTINGENT_FATES = (  # what became of a Contingent, first match (5.5, 6.2, 5.7)
    ("refused", "refused"),
    ("cancelled", "cancelled"),
    ("absent", "stays away"),
    ("lost", "turned back at sea"),
    ("turned", "turned its coat"),
)


def _helped(state: AasenState, c: Contingent) -> str:
    """The player a Contingent is sent to ("" when its invasion is gone)."""
    invasion = state.invasion(c.invasion)
    return support.supported_player(invasion, c.side) if invasion is not None else ""


def contingent_text(rules: api.Rules, c: Contingent) -> str:
    """One Support Contingent: who sends it, to whom, where, its points and what became
    of it (R-AA-50: those it never brings still come off its sender's army)."""
    camp, state, name = rules.campaign, astate(rules), api.teams.name_of
    invasion = state.invasion(c.invasion)
    helped = _helped(state, c)
    target = camp.map.territory(invasion.target) if invasion is not None else None
    where = target.name if target is not None else c.invasion
    brings = support.strength(rules, c)
    points = f"{c.points} points" + (f", {brings} arrive" if brings != c.points else "")
    fate = next((text for flag, text in CONTINGENT_FATES if getattr(c, flag)), "")
    sea = f", by the fleet at {realms.place_name(camp, c.fleet)}" if c.fleet else ""
    lead = f", led by {c.officer}" if c.officer else ""
    return (
        f"{name(camp, c.player)} to {name(camp, helped)} in {where} ({c.invasion}, "
        f"{c.side}): {points}{lead}{sea}" + (f"; {fate}" if fate else "")
    )


def contingent_lines(rules: api.Rules, seat: api.Seat) -> list[api.StatusLine]:
    """The seat's own Support Contingents of the year, sent and received (the Games
    Master's: all of them), with their points and their battle."""
    state = astate(rules)
    lines = []
    for c in state.contingents:
        if seat.gm or c.player in seat.players or _helped(state, c) in seat.players:
            kind = "Contingent sent" if c.player in seat.players else "Contingent received"
            lines.append(api.StatusLine(kind, contingent_text(rules, c), player=c.player))
    return lines


def sheet_lines(rules: api.Rules, sheets: api.SealedView[PurchaseSheet]) -> list[api.StatusLine]:
    """The sealed sheets this seat may read before the reveal - its own realm's (the Games
    Master: every one handed in) - with what each costs against the realm's Resources
    (5.3, table 5.1), so a player need not search the chronicle for what he wrote."""
    if sheets.revealed:
        return []
    camp, state = rules.campaign, astate(rules)
    lines = []
    for realm_id, sheet in sheets.choices.items():
        has = state.books.get(realm_id, RealmBooks()).resources
        text = (
            f"{api.teams.name_of(camp, realm_id)}: {purchases.describe(camp, sheet)}; "
            f"costs {purchases.cost(rules, sheet)} of {has} Resources"
        )
        lines.append(api.StatusLine("Sheet", text))
    return lines


# The segments of the Start of the turn before the Follow-ups and Blitzes are counted.
BEFORE_THE_CLAIM = ("earn", "trade", "purchases")


def public_lines(rules: api.Rules) -> list[api.StatusLine]:
    """What the whole table knows: the Capitals, Outposts and Strongholds on the map, the
    fleets put out this year (revealed with the sheets), the Follow-ups and Blitzes won
    (told as the battles end), and the trade offers with their ids (all trade is open)."""
    camp, state = rules.campaign, astate(rules)
    lines = [api.StatusLine("Holdings", text) for text in holdings_texts(camp, state)]
    razed = razed_text(camp, state)
    lines += [api.StatusLine("Razed", razed)] if razed else []
    lines += [api.StatusLine("Fleet", fleet_text(camp, f)) for f in state.fleets]
    name = api.teams.name_of
    for bonus in state.claimed:
        text = f"{name(camp, bonus.player)}'s Initiative counts {bonuses.describe(camp, bonus)}"
        lines.append(api.StatusLine("This year", text, player=bonus.player))
    # a Follow-up or Blitz is counted as the declarations open: before them, one still
    # waiting was won last year and is for this year (R-AA-103)
    when = "This year" if camp.phase in BEFORE_THE_CLAIM else "Next year"
    for bonus in state.bonuses:
        text = f"{name(camp, bonus.player)} may make {bonuses.describe(camp, bonus)}"
        lines.append(api.StatusLine(when, text, player=bonus.player))
    for offer in state.trades.items:
        if offer.pending:
            to = ", ".join(name(camp, r) for r in offer.parties)
            text = f"{offer.id}: {name(camp, offer.proposer)} to {to}: {offer.text}"
            lines.append(api.StatusLine("Offer", text))
    return lines


def holdings_texts(campaign: api.Campaign, state: AasenState) -> list[str]:
    """Each realm's Capital, Strongholds and Outposts, one text a realm."""
    out = []
    for team in realms.realms(campaign):
        capital = realms.capital_of(campaign, state, team.id)
        parts = [f"Capital {capital.name}" if capital is not None else "no Capital"]
        for territory in realms.held_by(campaign, team.id):
            kind = realms.holding_in(state, territory)
            if kind:
                parts.append(f"{kind.title()} in {territory.name}")
        out.append(f"{team.name}: {'; '.join(parts)}")
    return out


def razed_text(campaign: api.Campaign, state: AasenState) -> str:
    """The razed territories, each with its holder: razing is done in the open (a battle's
    result, 6.3; a realm's own, R-AA-23), and a razed territory earns nothing (5.1) until
    it is rebuilt (7.1)."""
    out = []
    for tid in state.razed:
        territory = campaign.map.territory(tid)
        if territory is not None:
            holder = api.teams.name_of(campaign, territory.owner) if territory.owner else "nobody"
            out.append(f"{territory.name} ({holder}'s)")
    if not out:
        return ""
    return f"{', '.join(out)}: earning nothing until rebuilt (5.1, 7.1)"


def fleet_text(campaign: api.Campaign, fleet: Fleet) -> str:
    """A fleet put out this year and, once it has carried a force, whose and by which
    route: the route is declared with the force, in the open, and told then (5.7, R-AA-86),
    so every seat reads it here as in the chronicle and on the card; a fleet has none
    before (R-AA-55)."""
    where = realms.place_name(campaign, fleet.where)
    text = f"{api.teams.name_of(campaign, fleet.realm)}'s fleet at {where}"
    if not fleet.used:
        return text
    who = possessive(api.teams.name_of(campaign, fleet.carried))
    route = f" {amphibious.route_text(campaign, fleet)}" if fleet.route else ""
    return f"{text}, has carried {who} force{route} (5.7, R-AA-86)"


def answer_lines(rules: api.Rules, seat: api.Seat) -> list[api.StatusLine]:
    """What the seat's realm must answer, with the ids and the action that answers: the
    invasion waiting for it to stand or withdraw, the trade offers made to it."""
    camp, state = rules.campaign, astate(rules)
    own = {r for p in seat.players if (r := realms.realm_id_of(camp, p)) is not None}
    lines = []
    waiting = declarations.awaiting(rules)
    if waiting is not None and (seat.gm or waiting.defender_realm in own):
        members = api.teams.members(camp, waiting.defender_realm)
        text = (
            f"invasion {waiting.id} ({invasion_text(camp, waiting)}): answer_invasion "
            f"choice=stand defender={'|'.join(members)}, or choice=withdraw"
        )
        lines.append(api.StatusLine("To answer", text))
    for offer in state.trades.items:
        if offer.pending and any(r in own or seat.gm for r in offer.waiting):
            text = f"offer {offer.id} ({offer.text}): trade accept={offer.id} or decline={offer.id}"
            lines.append(api.StatusLine("To answer", text))
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
        "failed": "failed: the fleet was forced to head back (5.7)",
    }.get(invasion.answer, invasion.answer)
    raid = "raid" if invasion.raid else "invasion"
    return f"{invasion.id}: {name(campaign, invasion.attacker)}'s {raid} {where}: {answer}"


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
