"""The seat's Rauscher ledgers as status lines, drawn from its view alone.

``tuicamp show`` prints them and the campaign screen's side panel shows them (an army's
under that army). They are made from :class:`RauscherView` and nothing else, so they
cannot tell more than the view does: per own player the treasury, the fate points, the
prisoners it holds and what still blocks ending the phase; per own counter its movement
points and fatigue, and where there is any its cargo, its captured characters and its
stores (the food within its reach against its need, its siege equipment).
"""

from __future__ import annotations

from tuicamp.engine.ruleset import StatusLine
from tuicamp.rules.rauscher.shared.money import format_money
from tuicamp.rules.rauscher.view.records import ArmyLedger, PlayerLedger, RauscherView


def _mp(value: float) -> str:
    return f"{value:g}"


def _player_lines(ledger: PlayerLedger, who: str) -> list[StatusLine]:
    treasury = format_money(ledger.treasury)
    if ledger.available != ledger.treasury:
        treasury += f" ({format_money(ledger.available)} free of ransom offers)"
    fate = str(ledger.fate)
    if ledger.fate and ledger.rerolls:
        fate += f", {len(ledger.rerolls)} roll(s) to re-roll"
    lines = [
        StatusLine(f"Treasury{who}", treasury, player=ledger.player),
        StatusLine(f"Fate points{who}", fate, player=ledger.player),
    ]
    lines += [StatusLine(f"To do{who}", line, player=ledger.player) for line in ledger.blocking]
    return lines


def _cargo(army: ArmyLedger) -> str:
    parts = []
    if army.cargo.food:
        parts.append(f"food {army.cargo.food}")
    if army.cargo.gold:
        parts.append(f"gold {format_money(army.cargo.gold)}")
    return ", ".join(parts) or "empty"


def _stores(army: ArmyLedger) -> str:
    parts = []
    if army.supply is not None and army.supply.need:
        row = army.supply
        parts.append(
            f"{row.to_hand} food in reach for {row.need}" + (", short" if row.short else "")
        )
    if army.siege_equipment:
        parts.append(f"siege gear {army.siege_equipment:,} pts")
    return "; ".join(parts)


def _army_lines(view: RauscherView, army: ArmyLedger) -> list[StatusLine]:
    def line(label: str, text: str) -> StatusLine:
        return StatusLine(label, text, army=army.army, player=army.owner)

    spent = f"{_mp(army.mp_spent)} spent, {_mp(army.mp_left)} of {_mp(army.mp_total)} left"
    if army.halted:
        spent += ", halted"
    lines = [line("MP", spent), line("Fatigue", str(army.fatigue))]
    if army.carrier:
        lines.append(line("Cargo", _cargo(army)))
    captives = [p for pid in army.captives if (p := view.prisoner(pid)) is not None]
    if captives:
        held = ", ".join(f"{p.name} held by {p.captor_name}" for p in captives)
        lines.append(line("Prisoners", held))
    stores = _stores(army)
    if stores:
        lines.append(line("Stores", stores))
    return lines


def rauscher_status(view: RauscherView) -> list[StatusLine]:
    """The seat's status lines: its players' first (named when it plays several), then
    each of its counters'."""
    several = len(view.players) > 1
    lines: list[StatusLine] = []
    for ledger in view.players:
        who = f" ({ledger.name})" if several else ""
        lines += _player_lines(ledger, who)
        held = [p for p in view.prisoners if p.captor == ledger.player]
        if held:
            text = ", ".join(f"{p.name} ({p.owner_name}'s)" for p in held)
            lines.append(StatusLine(f"Prisoners held{who}", text, player=ledger.player))
    for army in view.armies:
        lines += _army_lines(view, army)
    return lines
