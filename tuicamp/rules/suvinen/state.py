"""What the Suvinen ruleset remembers beside the core campaign.

Plain attrs data, saved with the campaign by the engine's codec: one record per corps
(its impulse, its commitment, its supply) and the turn's books (the rolled order of play,
the alliances of the turn, the home castles and garrisons, the control of the sides of
contested hexes). The rules that read and change
them live in the modules named after them (``impulses``, ``council`` for the order of play
and the alliances, ``control``, ``supply``, ``withdrawal``); this module holds no rule.
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.rules import api


@define
class Corps:
    """One corps' record (R-SU-1).

    ``mp_left`` is what it still has of this impulse's 1 MP (R-SU-3), ``took`` the impulse
    (turn, impulse) it last took, so the rotation knows who has gone. A commitment is to
    one named hex (R-SU-10): ``committed_to`` and the MP put into it so far, kept across
    impulses and turns until the hex is entered, cancelled by an attack, or broken.
    """

    mp_left: float = 0.0
    took: tuple[int, int] = (0, 0)
    committed_to: api.Hex | None = None
    committed_mp: float = 0.0
    disrupted: bool = False  # R-SU-18: Ld -2 until it traces a supply line again
    entered_by: api.SideOf | None = None  # R-SU-9: the side it came into a contested hex by
    supply: tuple[float, str] | None = None  # the last check's line: its MP and its source
    supply_checked: int = 0  # the turn of that check (0: none yet)
    # the hexes that line runs through, from the corps to its source (a waterway side
    # counted as the hex it is followed from), for the map to draw on request
    supply_path: list[api.Hex] = field(factory=list)


@define
class FollowUp:
    """A follow-up battle owed in a hex (R-SU-39): on ``day``, between ``players`` (the
    temporary allies who won ``battle``); ``attacker`` is the one with more VP."""

    day: int
    players: list[str]
    attacker: str
    battle: str
    vp: dict[str, int] = field(factory=dict)


@define
class SuvinenState:
    """The campaign's books: corps records by army id, the order of play rolled on 2d6 at
    the start of the turn (R-SU-3), the turn's alliances (R-SU-12), each player's Home
    Castle (a settlement id), the garrisons (settlement id -> army id, R-SU-20) and who holds
    each side of a contested hex (R-SU-8)."""

    corps: dict[str, Corps] = field(factory=dict)
    order: list[str] = field(factory=list)
    alliances: api.Agreements = field(factory=api.Agreements)
    home_castles: dict[str, str] = field(factory=dict)
    garrisons: dict[str, str] = field(factory=dict)
    control: dict[api.SideOf, str] = field(factory=dict)  # R-SU-8: a contested hex's sides
    day: int = 0  # the battle day of this turn (R-SU-15); 0: no battles going on
    # the day's sealed fight-or-withdraw rounds, by battle hex label (§4.3)
    withdrawals: dict[str, api.SealedChoice[str]] = field(factory=dict)
    # hexes whose open round comes before the day's battle (three sides or more, §4.1),
    # and the hexes of the day that have had that round
    before_battle: list[str] = field(factory=list)
    prebattle_done: list[str] = field(factory=list)
    # temporary battle alliances (§4.1), each for one hex and day (terms: hex, day)
    temp_alliances: api.Agreements = field(factory=api.Agreements)
    # the open rounds in which the besiegers of a garrison write assault or wait, by the
    # castle's hex label, and the hexes whose besiegers have chosen this turn (R-SU-36)
    sieges: dict[str, api.SealedChoice[str]] = field(factory=dict)
    sieges_done: list[str] = field(factory=list)
    # the follow-up battles owed by temporary allies who won together (§4.1, R-SU-39), by
    # hex label
    follow_ups: dict[str, FollowUp] = field(factory=dict)
    # the allies' proposals of who controls a castle or city they share (§4.6, R-SU-41)
    castle_deals: api.Agreements = field(factory=api.Agreements)
    points: int = 3500
    magic_item_limits: bool = False


def sstate(rules: api.Rules) -> SuvinenState:
    """The ruleset's state, typed: every module reads it through here."""
    state = rules.campaign.state
    if not isinstance(state, SuvinenState):
        raise api.RuleError("This campaign is not played under the Suvinen rules")
    return state


def corps_record(rules: api.Rules, army_id: str) -> Corps:
    """The record of a corps, made on first use (a corps raised by the Games Master)."""
    return sstate(rules).corps.setdefault(army_id, Corps())
