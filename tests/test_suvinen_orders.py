"""Playing a Suvinen campaign through the command line, for the tests that pin a rule by
``tuicamp apply``, ``show``, ``battles`` and ``log`` (this module holds no test of its own).

Every order goes through ``tuicamp apply`` as its seat's orders file; the save is read
back only to know whose entry of the rotation it is and which corps have still to go,
as a player reads it off ``tuicamp show``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import tomli_w

from tuicamp import cli
from tuicamp.engine.flow import acting_players
from tuicamp.engine.rules import Rules
from tuicamp.rules.suvinen import SuvinenRuleset
from tuicamp.rules.suvinen.corps import takes_impulse
from tuicamp.rules.suvinen.impulses import impulse_now
from tuicamp.storage.saves import load_save

RULESET = SuvinenRuleset()
# (turn, impulse, army id) -> the fields of the action that corps takes then
Orders = dict[tuple[int, int, str], dict[str, object]]


class Club:
    """A campaign save ``name`` in ``folder`` and the seats that play it by orders files."""

    def __init__(self, folder: Path, name: str, capsys) -> None:
        self.folder, self.name, self.capsys = folder, name, capsys
        self.count = 0

    def cli(self, *args: str) -> str:
        """One command; what it printed."""
        self.capsys.readouterr()
        code = cli.main(list(args))
        out = self.capsys.readouterr()
        assert code == 0, out.err
        return out.out

    def apply(self, seat: str, *actions: dict[str, object]) -> str:
        """The seat's orders file of ``actions`` through ``tuicamp apply``."""
        self.count += 1
        orders = self.folder / f"orders-{self.count}.toml"
        orders.write_text(tomli_w.dumps({"seat": seat, "action": list(actions)}))
        return self.cli("apply", self.name, str(orders))

    def show(self, seat: str) -> str:
        return self.cli("show", self.name, "--as", seat)

    def campaign(self):
        return load_save(self.folder / f"{self.name}.toml")[0]

    def end_phase(self, *players: str) -> None:
        for player in players:
            self.apply(player, {"kind": "end_phase"})

    def play_impulses(
        self,
        orders: Orders,
        until: Callable[[object], bool] | None = None,
        marches: dict[str, str] | None = None,
    ) -> None:
        """Every entry of the rotation to the end of the movement (or until ``until`` says
        of the campaign): the acting seat takes the impulse of its scripted corps when one
        is due, or marches a corps of ``marches`` (army id -> the hex it marches to) not
        there yet, else holds its first corps still to go; and ends its part of the round."""
        marches = marches or {}
        while True:
            camp = self.campaign()
            if not camp.phase.startswith("impulse") or (until and until(camp)):
                return
            (player,) = acting_players(camp)
            rules = Rules(camp, RULESET)
            impulse = impulse_now(rules)
            now = (camp.turn, impulse)
            waiting = [
                a
                for a in camp.armies
                if a.owner == player
                and takes_impulse(rules, a, impulse)
                and camp.state.corps[a.id].took != now
            ]
            marching = {
                a.id: {"kind": "move_corps", "to": marches[a.id]}
                for a in waiting
                if a.id in marches and a.hex is not None and camp.map.label(a.hex) != marches[a.id]
            }
            due = {
                a.id: orders[(camp.turn, impulse, a.id)]
                for a in waiting
                if (camp.turn, impulse, a.id) in orders
            }
            due = {**marching, **due}
            army = next((a for a in waiting if a.id in due), waiting[0])
            action = due.get(army.id, {"kind": "hold_corps"})
            self.apply(player, {**action, "army": army.id}, {"kind": "end_phase"})
