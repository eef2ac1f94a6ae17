"""What the character sheets and the standings show, as plain records of a seat's view
(8, 8.1-8.5, 4.1): the screens draw these, and nothing of a realm's that the seat may not
read is in them.

A seat reads its own players' Generals and Senior Officers whole; the standings give every
realm's territories (the map shows them to all), a pirate realm's counted double, and the
Wealth and Glory only of the seat's own realm, or of every realm once the campaign is over
(4.1: the standings are drawn then).
"""

from __future__ import annotations

from attrs import frozen

from tuicamp.rules import api
from tuicamp.rules.aasen import (
    advances,
    characters,
    endturn,
    hatred,
    injuries,
    limits,
    officers,
    realms,
)
from tuicamp.rules.aasen.state import AasenState, Character, General, astate


@frozen
class CharacterCard:
    """One character's sheet: his player's name, rank and name, and its lines."""

    player: str
    owner: str  # the player's name
    rank: str
    name: str
    lines: tuple[str, ...]


@frozen
class Standing:
    """One realm's place: territories held and counted (double for a pirate realm), and
    Wealth and Glory where the seat may read them (None else)."""

    realm: str
    name: str
    pirate: bool
    territories: int
    counted: int
    out: bool
    wealth: int | None = None
    glory: int | None = None


def card(rules: api.Rules, player: str, character: Character) -> CharacterCard:
    camp, state = rules.campaign, astate(rules)
    lines = [f"Glory {character.glory}"]
    if advances.rank_of(character) == "General":
        lines[0] += selection_text(rules, player, character)
    lines.append(characters.describe(character))
    lines.append(f"Advances: {', '.join(character.advances) or 'none yet'}")
    lines.append(f"Skills: {', '.join(character.skills) or 'none'}")
    for row_name in character.picks:
        offered = characters.choices(rules, player, character, row_name)
        lines.append(f"To pick ({row_name}): {', '.join(offered)}")
    lines.append(f"Injuries: {'; '.join(character.injuries) or 'none'}")
    if character.hates:
        lines.append("Hates: " + "; ".join(hatred.hate_text(camp, h) for h in character.hates))
    fate = injuries.fate_text(camp, character)
    if fate:
        lines.append(f"Fate: {fate}")
    grudge = hatred.grudge_of(state, player)
    if grudge is not None and advances.rank_of(character) == "General":
        lines.append(
            f"Grudge: {hatred.nominated_name(camp, state, grudge)}"
            f"{hatred.where_now(camp, state, grudge)} (9.2, R-AA-66)"
        )
    return CharacterCard(
        player,
        api.teams.name_of(camp, player),
        advances.rank_of(character),
        character.name,
        tuple(lines),
    )


def selection_text(rules: api.Rules, player: str, general: Character) -> str:
    """What follows a General's Glory on his sheet: the limits of table 9.1 and by whose
    Glory they are (R-AA-92, as the card says it, R-AA-63): his own while he leads, his
    own for the rest of the year he was lost, then his substitute's or Glory 0."""
    row = limits.row_of(rules, player)
    choices = (
        f"{row['heroes']} Heroes, {row['special']} Special, {row['rare']} Rare, "
        f"{row['open']} Open choices (table 9.1)"
    )
    if not general.fate:
        return f": {choices}"
    state = astate(rules)
    if not isinstance(general, General) or not general.lapsed:
        return f"; {STILL_HIS}: {choices}"
    return (
        f"; {LAPSED}, {officers.selected_by(state, player)}: "
        f"{choices}; {officers.substitute_text(state.officers.get(player, []))} (8.5)"
    )


STILL_HIS = "lost, his Glory still selects the army for the rest of the year"
LAPSED = "lost in an earlier year and not replaced"


def lost_selection(state: AasenState, player: str, general: General) -> str:
    """By whose Glory a lost General's army is selected, in the sheet's words (R-AA-63,
    R-AA-92), for the seat's General line (R-AA-100); "" for a General who leads."""
    if not general.fate:
        return ""
    if not general.lapsed:
        return STILL_HIS
    kept = state.officers.get(player, [])
    return f"{LAPSED}, {officers.selected_by(state, player)}; {officers.substitute_text(kept)}"


def cards(rules: api.Rules, seat: api.Seat) -> list[CharacterCard]:
    """The seat's own players' characters (every player's for the Games Master)."""
    state = astate(rules)
    players = [p.id for p in rules.campaign.players if seat.gm or p.id in seat.players]
    return [
        card(rules, player, character)
        for player in players
        for character in characters.characters_of(state, player)
    ]


def standings(rules: api.Rules, seat: api.Seat) -> list[Standing]:
    """Every realm, the most territories counted first (4.1)."""
    camp, state = rules.campaign, astate(rules)
    out = []
    for team in realms.realms(camp):
        land, wealth, glory = endturn.score(rules, state, team.id)
        shown = seat.gm or state.over or any(p in seat.players for p in team.members)
        out.append(
            Standing(
                team.id,
                team.name,
                realms.is_pirate(camp, team.id),
                len(realms.held_by(camp, team.id)),
                land,
                team.id in state.eliminated,
                wealth if shown else None,
                glory if shown else None,
            )
        )
    return sorted(out, key=lambda s: (s.out, -s.counted, s.name))
