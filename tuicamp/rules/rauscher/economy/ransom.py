"""Prisoners and ransom (R-RA-11: both notes are sealed until both are written, a sealed
choice of the kit: :mod:`tuicamp.rules.kit.sealed`).

"At the beginning of each turn, during the Upkeep phase, each player should write down the
amount they offer in ransom, while the other writes down the amount demanded for his return.
If the amount demanded by the ransomer is less than or equal to the amount offered, the
amount offered is received in payment and the character is returned. Roll a d6 - on a 1 to
3, the character is even returned alive! ... Place a ransomed character in any of your
settlement."

The combat module captures prisoners into ``CombatState.prisoners`` (records with id,
unit, owner, captor, turn); this module only reads and removes them.
"""

from __future__ import annotations

from tuicamp.engine.context import Context
from tuicamp.engine.dice import Roll
from tuicamp.model.campaign import Campaign
from tuicamp.model.flow import AwaitedRoll
from tuicamp.rules.kit.sealed import SealedChoice, after_reveal, write
from tuicamp.rules.kit.turns import acting_player
from tuicamp.rules.rauscher.economy.actions import PlaceRansomed, WriteRansom
from tuicamp.rules.rauscher.economy.common import (
    JOINABLE,
    available,
    earn,
    econ,
    in_band,
    money,
    name_of,
    new_army,
    own_settlement,
    players,
    prisoners,
    require_room,
    tell,
)
from tuicamp.rules.rauscher.economy.fate import REROLLS, offer_reroll
from tuicamp.rules.rauscher.shared.combat_state import Prisoner
from tuicamp.rules.rauscher.shared.common import (
    require_not_done,
    require_phase,
    rstate,
)
from tuicamp.rules.rauscher.shared.economy_state import (
    Ransomed,
    RansomNote,
    Rerollable,
    ransom_id,
)
from tuicamp.rules.rauscher.shared.money import parse_money


def _prisoner(ctx: Context, pid: str) -> Prisoner:
    found = next((p for p in prisoners(ctx.campaign) if p.id == pid), None)
    ctx.require(found is not None, f"There is no prisoner {pid!r}")
    return found


def _notes(ctx: Context, prisoner: Prisoner) -> SealedChoice[RansomNote]:
    """This Upkeep's sealed round of the two notes, opened by the first one written."""
    rounds = econ(ctx).ransom
    sealed = rounds.get(prisoner.id)
    turn = ctx.campaign.turn
    if sealed is None or sealed.id != ransom_id(prisoner.id, turn):
        sealed = rounds[prisoner.id] = SealedChoice(
            ransom_id(prisoner.id, turn),
            f"ransom notes for {prisoner.unit.name}",
            [prisoner.owner, prisoner.captor],
            amend=False,  # "write down the amount": a note, once written, stands
            kind="ransom",
        )
    return sealed


def _describe(note: RansomNote) -> str:
    return f"{note.what}s {money(note.amount)}"


def _release(campaign: Campaign, prisoner: Prisoner) -> None:
    held = rstate(campaign).combat.prisoners
    held[:] = [p for p in held if p.id != prisoner.id]


def write_ransom(ctx: Context, action: WriteRansom) -> None:
    require_phase(ctx, "upkeep")
    player = acting_player(ctx, action.player)
    require_not_done(ctx, player)
    prisoner = _prisoner(ctx, action.prisoner)
    ctx.require(
        player in (prisoner.owner, prisoner.captor),
        f"{name_of(ctx.campaign, player)} neither holds nor has lost {prisoner.unit.name}: "
        "the owner offers, the captor demands",
    )
    try:
        amount = parse_money(str(action.amount))
    except ValueError as exc:
        ctx.require(False, str(exc))
    sealed = _notes(ctx, prisoner)
    offering = player == prisoner.owner
    what = "offer" if offering else "demand"
    ctx.require(
        player not in sealed.choices,
        f"Your sealed {what} for {prisoner.unit.name} is already written: once written, it "
        "stands until both are revealed (R-RA-11)",
    )
    if offering:
        have = available(ctx.campaign, player)
        ctx.require(
            amount <= have,
            f"You cannot offer {money(amount)}; you have {money(have)} to spend (rule: an "
            "offer must be payable when revealed)",
        )
    if write(ctx, sealed, player, RansomNote(what, amount), _describe) is not None:
        if _agreed(prisoner, sealed):  # the return roll waits for the table (R-ALL-8)
            after_reveal(ctx, sealed, lambda: _settle(ctx, prisoner, sealed), prisoner=prisoner.id)
        else:
            _settle(ctx, prisoner, sealed)


def _agreed(prisoner: Prisoner, sealed: SealedChoice[RansomNote]) -> bool:
    """The demand is at most the offer: the prisoner is paid for, and a die says whether he
    comes home alive."""
    return sealed.choices[prisoner.captor].amount <= sealed.choices[prisoner.owner].amount


def roll_awaited(ctx: Context, awaited: AwaitedRoll) -> None:
    """A revealed ransom agreement, its return roll made with the table's dice (R-ALL-8)."""
    wanted = str(awaited.data.get("prisoner", ""))
    prisoner = next((p for p in prisoners(ctx.campaign) if p.id == wanted), None)
    if prisoner is None:  # no longer held (a hand-edited save): nothing to settle
        ctx.emit("ransom", f"Nothing is settled for {awaited.text}: the prisoner is gone")
        return
    _settle(ctx, prisoner, _notes(ctx, prisoner))


def _settle(ctx: Context, prisoner: Prisoner, sealed: SealedChoice[RansomNote]) -> None:
    """Both notes are out (the kit's reveal said what each wrote): "If the amount
    demanded by the ransomer is less than or equal to the amount offered, the amount
    offered is received in payment and the character is returned"."""
    camp = ctx.campaign
    offer = sealed.choices[prisoner.owner].amount
    captor = name_of(camp, prisoner.captor)
    head = f"Ransom for {prisoner.unit.name}"
    if not _agreed(prisoner, sealed):
        ctx.emit(
            "ransom",
            f"{head}: the demand is more than the offer. No agreement: the prisoner stays "
            f"with {captor}.",
            undoable=False,
            prisoner=prisoner.id,
        )
        return
    pay = min(offer, camp.player(prisoner.owner).treasury)
    camp.player(prisoner.owner).treasury -= pay
    earn(camp, prisoner.captor, pay)
    _release(camp, prisoner)
    table = ctx.table("ransom")
    roll = ctx.dice.roll(table["return_roll"], f"Ransomed {prisoner.unit.name} returns alive?")
    alive = in_band(table["alive"], roll.total)
    back = Ransomed(prisoner.id, prisoner.owner, prisoner.unit, camp.turn, alive=alive)
    econ(ctx).ransomed.append(back)
    ctx.emit(
        "ransom",
        f"{head}: {money(pay)} is paid to {captor}; {_fate_text(back)}",
        undoable=False,
        prisoner=prisoner.id,
        alive=alive,
    )
    offer_reroll(ctx, prisoner.owner, "ransom_return", roll, secret=False, prisoner=prisoner.id)


def _fate_text(back: Ransomed) -> str:
    if back.alive:
        return f"{back.unit.name} is returned alive, to be placed in a settlement."
    return f"{back.unit.name} is killed in transit."


def _reroll_return(ctx: Context, offer: Rerollable, roll: Roll) -> str:
    back = next(r for r in econ(ctx).ransomed if r.prisoner == offer.target["prisoner"])
    if back.placed:
        return "The character is already home; nothing changes."
    back.alive = in_band(ctx.table("ransom")["alive"], roll.total)
    return _fate_text(back)


REROLLS["ransom_return"] = _reroll_return


def place_ransomed(ctx: Context, action: PlaceRansomed) -> None:
    require_phase(ctx, "upkeep")
    back = next(
        (r for r in econ(ctx).ransomed if r.prisoner == action.prisoner and not r.placed), None
    )
    ctx.require(back is not None, f"No ransomed character {action.prisoner!r} waits to be placed")
    ctx.require(
        back.alive,
        f'{back.unit.name} was killed in transit ("on a 4 or more, the character is killed '
        'in transit")',
    )
    ctx.require(ctx.seat.controls(back.owner), f"{back.unit.name} is not yours to place")
    where = own_settlement(ctx, action.settlement, back.owner)
    if action.army:
        army = ctx.own_army(action.army)
        ctx.require(
            army.hex == where.hex and rstate(ctx).army(army.id).role in JOINABLE,
            f"'{army.name}' is not an army in {where.name}: \"Place a ransomed character in "
            'any of your settlement"',
        )
        require_room(ctx, army, back.unit.points)
    else:
        army, _ = new_army(ctx, back.unit.name, back.owner, where)
    army.units.append(back.unit)
    back.placed = True
    tell(
        ctx,
        back.owner,
        "ransom_placed",
        f"{back.unit.name} is home again, in '{army.name}' at {where.name}",
        army=army.id,
    )


def pending(campaign: Campaign, player: str) -> list[str]:
    """Unwritten notes block the end of Upkeep; so do characters waiting at the gate."""
    if campaign.phase != "upkeep":
        return []
    lines = []
    notes = econ(campaign).ransom
    for p in prisoners(campaign):
        if p.turn >= campaign.turn or player not in (p.owner, p.captor):
            continue
        if p.owner not in players(campaign) or p.captor not in players(campaign):
            continue
        sealed = notes.get(p.id)
        fresh = sealed is not None and sealed.id == ransom_id(p.id, campaign.turn)
        if not (fresh and player in sealed.choices):
            what = "offer" if player == p.owner else "demand"
            lines.append(f"write your sealed ransom {what} for {p.unit.name} (write_ransom)")
    for back in econ(campaign).ransomed:
        home = any(s.owner == player for s in campaign.map.settlements)
        if back.owner == player and back.alive and not back.placed and home:
            lines.append(f"place {back.unit.name}, ransomed, in a settlement (place_ransomed)")
    return lines


def end_upkeep(ctx: Context) -> None:
    """Notes of this Upkeep are spent; characters with nowhere to go are lost."""
    state = econ(ctx)
    for back in state.ransomed:
        if back.alive and not back.placed:
            ctx.emit(
                "ransom",
                f"{back.unit.name} finds no settlement of "
                f"{name_of(ctx.campaign, back.owner)} to return to and is lost",
                undoable=False,
            )
    state.ransomed = []
    state.ransom = {}
