"""The impulse board: what the impulse screen shows of the rotation and the MP (R-SU-3,
R-SU-4, R-SU-10, R-SU-11, R-SU-25).

Whose entry of the round it is, the entries ahead to the end of the impulse, and for each
corps of the seat's own and its allies' that takes the impulse: the MP it has left, or
that it has taken its impulse, and its commitment with the MP put in and the MP the hex
costs. An enemy's corps is a counter: its MP and commitment are not on the board.
"""

from __future__ import annotations

from attrs import frozen

from tuicamp.rules import api
from tuicamp.rules.suvinen.corps import allied, takes_impulse
from tuicamp.rules.suvinen.impulses import impulse_now, in_impulses, mp_text, round_order, rounds
from tuicamp.rules.suvinen.state import corps_record


@frozen
class CorpsMP:
    """One corps on the board."""

    army: str
    name: str
    mp_left: float
    taken: bool  # it has taken this impulse
    committed_to: str = ""  # the hex's label ('' for none)
    committed_mp: float = 0.0  # put in so far (R-SU-4)
    needed_mp: float = 0.0  # what entering that hex costs

    def text(self) -> str:
        """ "'The First Corps': 1 MP left; to 0403: 1 of 2 MP"."""
        done = "impulse taken" if self.taken else f"{mp_text(self.mp_left)} MP left"
        out = f"'{self.name}': {done}"
        if self.committed_to:
            put, need = mp_text(self.committed_mp), mp_text(self.needed_mp)
            out += f"; to {self.committed_to}: {put} of {need} MP"
        return out


@frozen
class ImpulseBoard:
    impulse: int
    round: int
    rounds: int
    moving: str  # the player whose entry of the round it is
    ahead: tuple[str, ...]  # the players of the entries after it, to the impulse's end
    corps: tuple[CorpsMP, ...] = ()

    def lines(self) -> list[str]:
        out = [f"Impulse {self.impulse}, round {self.round} of {self.rounds}"]
        out.append(f"Moving: {self.moving}")
        if self.ahead:
            out.append(f"Then: {', '.join(self.ahead)}")
        return out + [c.text() for c in self.corps]


def rotation_now(rules: api.Rules) -> tuple[str, list[str]] | None:
    """The player whose entry of the round it is, and the players of the entries after
    it to the end of the impulse (None outside the movement)."""
    camp, flow = rules.campaign, rules.campaign.flow
    if not in_impulses(rules) or not flow.order or flow.position >= len(flow.order):
        return None
    impulse = impulse_now(rules)
    ahead = list(flow.order[flow.position + 1 :])
    for later in range(camp.step + 1, rounds(rules, impulse) + 1):
        ahead += round_order(rules, impulse, later)
    return flow.order[flow.position], ahead


def board(rules: api.Rules, seat: api.Seat) -> ImpulseBoard | None:
    """The board of the impulse being played (None outside the movement)."""
    camp, rotation = rules.campaign, rotation_now(rules)
    if rotation is None:
        return None
    moving, ahead = rotation
    name, impulse = api.teams.name_of, impulse_now(rules)
    now = (camp.turn, impulse)
    costs = api.cost_model(camp.map, rules.tables)
    corps = []
    for army in camp.armies:
        known = seat.gm or any(allied(rules, p, army.owner) for p in seat.players)
        if army.hex is None or not known or not takes_impulse(rules, army, impulse):
            continue
        record = corps_record(rules, army.id)
        to = record.committed_to
        needed = costs.step_cost(army.hex, to) if to is not None else None
        corps.append(
            CorpsMP(
                army.id,
                army.name,
                record.mp_left,
                record.took == now,
                camp.map.label(to) if to is not None else "",
                record.committed_mp,
                needed or 0.0,
            )
        )
    return ImpulseBoard(
        impulse,
        camp.step,
        rounds(rules, impulse),
        name(camp, moving),
        tuple(name(camp, p) for p in ahead),
        tuple(corps),
    )
