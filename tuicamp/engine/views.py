"""What one seat may see.

Every screen and every text report reads a view, never the raw campaign, so secret state
is filtered in exactly one place — the chronicle and the ruleset's own state included:
the ruleset projects its state for the seat (``Ruleset.view_state``) and reports the
seat's ledgers (``Ruleset.status_lines``), and the view carries both. Names and texts in a
view are escaped (``printable.escaped``): a name a player typed must not drive another
player's terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import define, evolve, field

from tuicamp.engine import flow
from tuicamp.engine.actions import Event
from tuicamp.engine.letters import letters_in
from tuicamp.engine.printable import escaped
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import StatusLine
from tuicamp.model.equality import fields_eq
from tuicamp.model.forces import Army, Player, Unit
from tuicamp.model.hexes import Hex
from tuicamp.model.letters import Letter
from tuicamp.model.map import HexMap
from tuicamp.model.reprs import fields_repr


@define
class ArmyView:
    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    name: str
    owner: str
    hex: Hex | None
    # "full"; "categories" (points by category, as good scouts report); "points" (the
    # total only); "counter" (position only)
    known: str
    points: int | None = None
    category_points: dict[str, int] = field(factory=dict)
    movement: int | None = None
    units: list[Unit] = field(factory=list)
    flags: set[str] = field(factory=set)


@define
class PlayerView:
    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    name: str
    race: str
    colour: str
    letter: str
    treasury: int | None  # None: not yours to know


@define
class CampaignView:
    __repr__ = fields_repr
    __eq__ = fields_eq

    seat: str
    gm: bool
    players_controlled: list[str]
    name: str
    ruleset: str
    turn: int
    phase: str
    map: HexMap
    players: list[PlayerView]
    armies: list[ArmyView]
    chronicle: list[Event]
    acting: list[str]
    pending: list[str]
    finished: bool
    winner: list[str]
    # The ruleset's state as this seat may know it (Ruleset.view_state); None: none.
    ruleset_state: object | None = None
    # The seat's ledgers (Ruleset.status_lines), as `tuicamp show` and the side panel
    # show them.
    status_lines: list[StatusLine] = field(factory=list)
    step: int = 0  # the clock's step (0: the phase has none)
    play: str = "private"  # the phase's play at one terminal: "private" or "open"
    # The letters this seat may read (sent, received, to all; the GM: every one), taken
    # from the filtered chronicle above, so a letter is never shown to a third seat.
    letters: list[Letter] = field(factory=list)
    # What waits for the table's dice that this seat may roll now (R-ALL-8): the texts of
    # the work ``roll_awaited`` carries out, oldest first.
    awaiting: list[str] = field(factory=list)

    def army(self, army_id: str) -> ArmyView | None:
        return next((a for a in self.armies if a.id == army_id), None)

    def armies_at(self, h: Hex) -> list[ArmyView]:
        return [a for a in self.armies if a.hex == h]

    def own_armies(self) -> list[ArmyView]:
        return [a for a in self.armies if a.known == "full" and a.owner in self.players_controlled]

    def player(self, pid: str) -> PlayerView | None:
        return next((p for p in self.players if p.id == pid), None)

    def status_of(self, army_id: str) -> list[StatusLine]:
        """The status lines about one army."""
        return [line for line in self.status_lines if line.army == army_id]

    def seat_status(self) -> list[StatusLine]:
        """The status lines about no army in particular (turn, treasuries...)."""
        return [line for line in self.status_lines if line.army is None]


def _army_view(army: Army, known: str) -> ArmyView:
    if known == "full":
        return ArmyView(
            army.id,
            escaped(army.name),
            army.owner,
            army.hex,
            known,
            points=army.points,
            movement=army.movement,
            units=[evolve(u, name=escaped(u.name), flags=set(u.flags)) for u in army.units],
            flags=set(army.flags),
        )
    view = ArmyView(army.id, escaped(army.name), army.owner, army.hex, known)
    if known in ("points", "categories"):
        view.points = army.points
    if known == "categories":
        for u in army.units:
            key = u.category.value
            view.category_points[key] = view.category_points.get(key, 0) + u.points
    return view


def _player_view(p: Player, visible: bool) -> PlayerView:
    return PlayerView(
        p.id, escaped(p.name), escaped(p.race), p.colour, p.letter, p.treasury if visible else None
    )


def _event_view(event: Event, number: int | None) -> Event:
    """The event as the seat reads it: numbered in the seat's own chronicle (``number``;
    None keeps the chronicle's) and with its text escaped for a terminal; a copy when
    either changes it, never the chronicle's own event."""
    text = escaped(event.text)
    seq = event.seq if number is None else number
    return event if (text, seq) == (event.text, event.seq) else evolve(event, text=text, seq=seq)


def seat_chronicle(chronicle: Sequence[Event], controlled: list[str], gm: bool) -> list[Event]:
    """The events a seat may read, numbered 1, 2, 3... in its own chronicle. Numbered as
    the whole chronicle is, the gaps would count the events hidden from the seat (another
    player's purchases, his sealed orders); the Games Master reads every event and keeps
    the chronicle's own numbers."""
    readable = [e for e in chronicle if e.visible_for(controlled, gm)]
    return [_event_view(e, None if gm else n) for n, e in enumerate(readable, 1)]


def _status_view(line: StatusLine) -> StatusLine:
    return evolve(line, label=escaped(line.label), text=escaped(line.text))


def view_for(rules: Rules, chronicle: Sequence[Event], seat_id: str) -> CampaignView:
    """The campaign as seat ``seat_id`` may know it, read through the campaign's rules."""
    campaign, ruleset = rules.campaign, rules.ruleset
    seat = campaign.seat(seat_id)
    if seat is None:
        raise KeyError(seat_id)
    controlled = [p.id for p in campaign.players if seat.controls(p.id)]
    chronicle = [e for e in chronicle if e.visible_for(controlled, seat.gm)]
    armies = []
    for army in campaign.armies:
        known = "full" if seat.gm else ruleset.army_visibility(rules, seat, army)
        if known != "hidden":
            armies.append(_army_view(army, known))
    shown = seat_chronicle(chronicle, controlled, seat.gm)  # numbered as the seat reads it
    return CampaignView(
        seat=seat.id,
        gm=seat.gm,
        players_controlled=controlled,
        name=escaped(campaign.name),
        ruleset=campaign.ruleset,
        turn=campaign.turn,
        phase=campaign.phase,
        map=campaign.map,
        players=[
            _player_view(p, ruleset.keeps_treasury and seat.controls(p.id))
            for p in campaign.players
        ],
        armies=armies,
        chronicle=shown,
        acting=flow.acting_seats(campaign),
        pending=[
            *(escaped(flow.waiting_line(a)) for a in campaign.flow.awaiting),
            *(escaped(line) for line in ruleset.pending(rules, seat)),
        ],
        finished=campaign.finished,
        winner=list(campaign.winner),
        ruleset_state=ruleset.view_state(rules, seat),
        status_lines=[_status_view(line) for line in ruleset.status_lines(rules, seat)],
        step=campaign.step,
        play=str(phase.play) if (phase := ruleset.phase(campaign.phase)) else "private",
        letters=letters_in(shown),
        awaiting=[escaped(a.text) for a in campaign.flow.awaiting if a.may_roll(seat)],
    )
