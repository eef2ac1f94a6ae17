"""Table 9.1's limits on an army, and the Support Contingents' share of them (5.5, 9.1,
R-AA-18, R-AA-47).

"The Glory of a General decides the maximum number of Heroes, Special units, Rare units
and how many Open choices an army has." 5.5: "they [Support Contingents] and the
invasion you declare count as a single army and follows all of the restrictions of that
... The number of Heroes, Special / Rare units and so on also apply to the main invasion
army and Support Contingents combined ... The Contingent must also include one Senior
Officer (you cannot send the General to lead a Support Contingent) ... Since each Hero in
the Support Contingents counts towards the total number of Heroes in the army, this
limits how many Support Contingents an army can send." And a Contingent cancelled: "The
points are simply lost that turn and you also have one less Hero choice for your main
invasion."
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.aasen import injuries, officers
from tuicamp.rules.aasen.state import Contingent, astate


def selection(rules: api.Rules, points: int) -> dict[str, int]:
    """Table 9.1's row for a General's Glory."""
    rows = sorted(rules.table("selection"), key=lambda r: int(r["glory"]))
    return next(r for r in reversed(rows) if points >= int(r["glory"]))


def row_of(rules: api.Rules, player: str) -> dict[str, int]:
    """The player's army's row: by his General's Glory (8.5: a lost General's still for
    the rest of that year, then his substitute's, R-AA-63), 0 with none."""
    return selection(rules, officers.selecting_glory(astate(rules), player))


def general_notes(rules: api.Rules, player: str) -> list[str]:
    """The card's lines of a fighting player's General and the limits his Glory, or his
    substitute's, sets his army (table 9.1, 8.5, R-AA-63, R-AA-65)."""
    camp, state = rules.campaign, astate(rules)
    general = state.generals.get(player)
    if general is None:
        return []
    row = row_of(rules, player)
    limits = (
        f"{row['heroes']} Heroes, {row['special']} Special, {row['rare']} Rare, "
        f"{row['open']} Open choices (table 9.1)"
    )
    kept = state.officers.get(player, [])
    who = f"{api.teams.name_of(camp, player)}'s General {general.name}"
    if not general.fate:
        return [f"{who} (Glory {general.glory}): {limits}"]
    fate = injuries.fate_text(camp, general)
    if general.lapsed:
        return [
            f"{who} is {fate}, lost in an earlier year and no Senior Officer made General "
            f"in his place: {officers.selected_by(state, player)}: {limits}; "
            f"{officers.substitute_text(kept)} (8.5)"
        ]
    return [
        f"{who} (Glory {general.glory}): {limits}",
        f"{general.name} is {fate}: the army is selected by his Glory for the rest of the "
        f"year; {officers.substitute_text(kept)} (8.5)",
    ]


def sent(rules: api.Rules, player: str) -> list[Contingent]:
    """This year's Contingents of the player, each a Hero of his army: refused, absent or
    turned ones too (their Hero choice is spent, 5.5)."""
    return [c for c in astate(rules).contingents if c.player == player]


def most_contingents(rules: api.Rules, player: str) -> int:
    """How many Contingents the player's army may send this year: one Hero each, the
    General being the army's Hero too (R-AA-47)."""
    return max(0, int(row_of(rules, player)["heroes"]) - 1)


def core_minimum(rules: api.Rules, points: int) -> int:
    """5.5: "Support Contingents of 300 pts must include at least 1 Core unit and
    Contingents of 600 pts must include at least 2 Core units"."""
    return int(rules.table("support")["core_units"][str(points)])


def card_notes(
    rules: api.Rules, battle_players: list[str], contingents: list[Contingent]
) -> list[str]:
    """The card's reminders: each Contingent's Core units and Senior Officer, and for
    each player sending Contingents this year what they take of his army's limits."""
    name = api.teams.name_of
    camp = rules.campaign
    notes = []
    for c in contingents:
        if not c.fights:
            continue
        lead = f"led by his Senior Officer {c.officer}" if c.officer else "led by a Senior Officer"
        notes.append(
            f"{name(camp, c.player)}'s Support Contingent of {c.points} points (5.5): at "
            f"least {core_minimum(rules, c.points)} Core unit(s), {lead}, never the General"
        )
    shown = list(dict.fromkeys([*battle_players, *(c.player for c in contingents)]))
    for player in shown:
        mine = sent(rules, player)
        if not mine:
            continue
        row = row_of(rules, player)
        notes.append(
            f"{name(camp, player)}'s invasion army and his {len(mine)} Support Contingent(s) "
            f"this year are one army (5.5): together {row['heroes']} Heroes ({len(mine)} "
            f"lead the Contingents), {row['special']} Special, {row['rare']} Rare, "
            f"{row['open']} Open choices (table 9.1)"
        )
    return notes
