"""The rolls at a battle's start (8.2, R-AA-83, R-AA-87, R-AA-97): each character's Old
Battle Wound, then his Madness if the wound lets him take part, and Robbed.

They are made as a battle opens, before its result is asked: what they give decides who
fights and so what the result form asks of him (injuries.py, R-AA-88, R-AA-89). With
table dice each waits for the character's own player's seat (``roll_awaited``), the next
asked once the one before is in.
"""

from __future__ import annotations

from collections.abc import Callable

from tuicamp.rules import api
from tuicamp.rules.aasen.injuries import Fighter, fighters, kept_out, title, wound_key
from tuicamp.rules.aasen.state import Character, General, astate


def check(ctx: api.Context, battle: api.Battle) -> None:
    """Before a result is drawn, the dice at the battle's start are in, since what they
    gave decides who fights and what the form asks (R-AA-87)."""
    waiting = still_to_roll(ctx.campaign, battle)
    if waiting:
        raise api.RuleError(
            f"First the dice at the start of battle {battle.id} are rolled at the table "
            f"(roll_awaited): {'; '.join(a.text for a in waiting)}"
        )


def roll_at_start(ctx: api.Context, battle: api.Battle) -> None:
    """8.2: Old Battle Wound, "Roll a D6 at the start of each battle the General is involved
    in ... If he is the army General, the army has no General in this battle ... It is
    possible for a character to have more than one Old Battle Wound. If this is the case a
    D6 is rolled for each and the lowest result is taken"; Madness, "Roll a D6 at the start
    of each battle the character takes part in from now on". Rolled in the open as the
    battle opens for each fighter, the Senior Officers too (R-AA-83), and written on its
    card, the Old Battle Wound first and Madness only for one it does not keep out
    (R-AA-97); with table dice each character's dice wait for his own player's seat
    (``roll_awaited``, R-AA-87), never the seat whose order opened the battle. "Robbed. In
    the next battle the character takes part, all equipment, magic items and mounts cost
    double": written on the card of his next battle, then struck from his sheet
    (R-AA-44). A battle settled as it opened (``auto_resolve_battles``) has no start left
    for the dice to decide anything of."""
    for fighter in list(fighters(astate(ctx), battle)) if battle.pending else []:
        roll_next(ctx, battle, fighter)
    robbed(ctx, battle)


START_ROLL = "aasen_battle_start"  # a character's dice at his battle's start (R-AA-87)


def roll_next(ctx: api.Context, battle: api.Battle, fighter: Fighter, after: str = "") -> None:
    """The fighter's next roll at the battle's start, in the order of table battle_start
    (the Old Battle Wound first), after the rule ``after``: Madness is rolled "at the start
    of each battle the character takes part in", so not for one his Old Battle Wound keeps
    out, and with table dice its die is asked only once the wound's is in (R-AA-97)."""
    if kept_out(battle, fighter):
        not_rolled(ctx, battle, fighter)
        return
    rules = list(ctx.table("battle_start").items())
    ids = [rule_id for rule_id, _ in rules]
    for rule_id, rule in rules[ids.index(after) + 1 if after else 0 :]:
        count = carried(fighter.character, str(rule["injury"]))
        if not count:
            continue
        dice = f"{count} D6, the lowest" if rule["lowest"] and count > 1 else "D6"
        text = (
            f"{title(ctx.campaign, fighter)}'s {rule['injury']} at the start of battle "
            f"{battle.id} ({dice})"
        )
        now = _starter(ctx, battle, fighter, str(rule_id))
        data = {"battle": battle.id, "side": fighter.side, "who": fighter.key}
        api.carry_out(ctx, START_ROLL, text, [fighter.player], now, rule=rule_id, **data)
        return


def not_rolled(ctx: api.Context, battle: api.Battle, fighter: Fighter) -> None:
    """Drops the dice still waiting for a character his Old Battle Wound keeps out (a save
    written before R-AA-97 asked his Madness beside the wound), the chronicle saying so."""
    flow = ctx.campaign.flow
    mine = {"battle": battle.id, "side": fighter.side, "who": fighter.key}

    def his(a: api.AwaitedRoll) -> bool:
        return a.kind == START_ROLL and all(a.data.get(k) == v for k, v in mine.items())

    dropped = [a for a in flow.awaiting if his(a)]
    flow.awaiting = [a for a in flow.awaiting if not his(a)]
    for awaited in dropped:
        ctx.emit(
            "battle_start",
            f"Not rolled: {awaited.text}; the Old Battle Wound keeps the character out, and "
            "Madness is rolled only for one who takes part (8.2, R-AA-97)",
            battle=battle.id,
            player=fighter.player,
        )


def carried(character: Character, injury: str) -> int:
    """How many times the character's sheet carries the injury (8.2: "It is possible for a
    character to have more than one Old Battle Wound")."""
    return sum(1 for i in character.injuries if i.startswith(f"{injury} ("))


def _starter(
    ctx: api.Context, battle: api.Battle, fighter: Fighter, rule_id: str
) -> Callable[[], None]:
    def roll() -> None:
        start_roll(ctx, battle, fighter, rule_id)

    return roll


def start_roll(ctx: api.Context, battle: api.Battle, fighter: Fighter, rule_id: str) -> None:
    """One character's roll for one injury at the battle's start: a D6 for each he carries,
    the lowest taken where the table says so, told in the open and on the card."""
    rule = ctx.table("battle_start")[rule_id]
    character = fighter.character
    count = carried(character, str(rule["injury"]))
    reason = f"{character.name}'s {rule['injury']}"
    d6 = min(ctx.dice.d6(reason) for _ in range(count if rule["lowest"] else 1))
    row = next(r for r in rule["results"] if r["low"] <= d6 <= r["high"])
    general = isinstance(character, General)
    also = f"; {row['general']}" if general and row.get("general") else ""
    text = f"{title(ctx.campaign, fighter)}'s {rule['injury']} (8.2), {d6}: {row['text']}"
    key = wound_key(str(row["key"]), fighter)
    battle.circumstances.append(api.Circumstance(key, text + also, fighter.side, d6))
    ctx.emit("battle_start", text + also, battle=battle.id, player=fighter.player)
    roll_next(ctx, battle, fighter, rule_id)


def start_rolled(ctx: api.Context, awaited: api.AwaitedRoll) -> None:
    """A character's dice at his battle's start, entered at the table by his own player's
    seat or the Games Master (R-AA-87)."""
    data = awaited.data
    battle = ctx.found(
        next((b for b in ctx.campaign.battles if b.id == data.get("battle")), None),
        f"No battle {data.get('battle')!r}",
    )
    fighter = ctx.found(
        next(
            (
                f
                for f in fighters(astate(ctx), battle, everyone=True)
                if (f.side, f.key) == (data.get("side"), data.get("who"))
            ),
            None,
        ),
        f"{awaited.text}: the character is no longer in the battle",
    )
    start_roll(ctx, battle, fighter, str(data.get("rule", "")))


def still_to_roll(campaign: api.Campaign, battle: api.Battle) -> list[api.AwaitedRoll]:
    """The dice at the battle's start still waiting for the table (R-AA-87)."""
    return [
        a
        for a in campaign.flow.awaiting
        if a.kind == START_ROLL and a.data.get("battle") == battle.id
    ]


def robbed(ctx: api.Context, battle: api.Battle) -> None:
    """Robbed, for each fighter of the battle: on its card, and struck from his sheet."""
    row = next(r for r in ctx.table("injuries") if r["kind"] == "robbed")
    mark = f"{row['name']} ("
    for fighter in fighters(astate(ctx), battle):
        character = fighter.character
        if character.fate or not any(i.startswith(mark) for i in character.injuries):
            continue
        character.injuries = [i for i in character.injuries if not i.startswith(mark)]
        text = f"{character.name} was Robbed (8.2): {row['effect']}, this battle only"
        battle.circumstances.append(api.Circumstance("robbed", text, fighter.side))
        ctx.emit("battle_start", text, battle=battle.id, player=fighter.player)
