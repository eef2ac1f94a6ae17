"""How a captive is named on every line (R-AA-62, R-AA-101): one naming function, kept
apart from the captives' actions so that the grudge lines (hatred), which captives' orders
read, may use it too without an import circle."""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.aasen import advances
from tuicamp.rules.aasen.state import AasenState, Character


def is_replaced(state: AasenState, owner: str, character: Character) -> bool:
    """Whether ``character`` is a captured General his player replaced (R-AA-62)."""
    return any(g is character for g in state.replaced.get(owner, []))


def captive_name(
    campaign: api.Campaign, state: AasenState, owner: str, character: Character
) -> str:
    """A captive (or one just freed or executed) as every line names him: his player's
    "General" or "Senior Officer", or "former General" once another leads in his place
    (R-AA-62, R-AA-101): the captive line, trade offers, the execution, the freed line and
    the refusals all say it so."""
    rank = "former General" if is_replaced(state, owner, character) else None
    rank = rank or advances.rank_of(character)
    return f"{api.teams.name_of(campaign, owner)}'s {rank} {character.name}"
