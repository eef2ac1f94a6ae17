"""Who trusts whom: table 3.1 as data (R-AA-3), with the Mark of Chaos rules over it.

"T = Trusted - may ally; D = Distrusted - may ally, some disadvantages; S = Sworn enemies
- may not ally" (3). The text's table is lost, so the ``trust`` table gives every army a
side and overrides pairs; the Chaos marks always apply on top: "Khorne and Slaanesh
armies Distrust each other, while Tzeentch and Nurgle do the same. Armies always trust
other armies led by a General with the same Mark of Chaos."
"""

from __future__ import annotations

from typing import Any

from tuicamp.rules import api
from tuicamp.rules.aasen.state import DISTRUSTED, SWORN, TRUSTED, AasenState, pair_key


def race_trust(table: dict[str, Any], race_a: str, race_b: str) -> str:
    """The table's word for two armies: a pair's own entry, else by their sides (the same
    side Trusted, opposed sides Sworn enemies, else Distrusted)."""
    pairs = table.get("pairs", {})
    for key in (f"{race_a}|{race_b}", f"{race_b}|{race_a}"):
        if key in pairs:
            return str(pairs[key])
    if race_a == race_b:
        return TRUSTED
    sides = table.get("side", {})
    side_a, side_b = sides.get(race_a), sides.get(race_b)
    if side_a is None or side_b is None:
        return DISTRUSTED
    if side_a == side_b:
        return TRUSTED
    opposed = table.get("opposed", {})
    if opposed.get(side_a) == side_b or opposed.get(side_b) == side_a:
        return SWORN
    return DISTRUSTED


def with_marks(marks_table: dict[str, Any], word: str, mark_a: str, mark_b: str) -> str:
    """The marks over the table's word: the same mark always Trusts, rival marks Distrust
    (a sworn enmity of the armies' sides stays sworn only between unmarked Generals)."""
    if mark_a and mark_a == mark_b:
        return TRUSTED
    for rivals in marks_table.get("rivals", []):
        if {mark_a, mark_b} == set(rivals):
            return DISTRUSTED
    return word


def player_trust(rules: api.Rules, marks: dict[str, str], a: str, b: str) -> str:
    """How two players' armies stand to each other, from their races and marks."""
    camp = rules.campaign
    pa, pb = camp.player(a), camp.player(b)
    if pa is None or pb is None:
        return DISTRUSTED
    word = race_trust(rules.table("trust"), pa.race, pb.race)
    return with_marks(rules.table("marks"), word, marks.get(a, ""), marks.get(b, ""))


def trust_table(rules: api.Rules, marks: dict[str, str]) -> dict[str, str]:
    """Every pair of players' trust, as the state keeps it (the GM may correct it)."""
    players = [p.id for p in rules.campaign.players]
    return {
        pair_key(a, b): player_trust(rules, marks, a, b)
        for i, a in enumerate(players)
        for b in players[i + 1 :]
    }


def trust_between(state: AasenState, a: str, b: str) -> str:
    """The trust the campaign keeps between two players; one's own army Trusts itself."""
    if a == b:
        return TRUSTED
    return state.trust.get(pair_key(a, b), DISTRUSTED)


def sworn(state: AasenState, a: str, b: str) -> bool:
    return trust_between(state, a, b) == SWORN


def trusts(state: AasenState, a: str, b: str) -> bool:
    """Whether two players' armies Trust each other (one's own army always does)."""
    return trust_between(state, a, b) == TRUSTED
