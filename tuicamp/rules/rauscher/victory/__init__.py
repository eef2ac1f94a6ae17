"""Rauscher: who wins the campaign (the text's "D. Victory Conditions").

"Victory conditions, again, are really up to the imagination of the players ... If you wish
to fight a war, but want to limit the time period (or length) of the campaign, following
are some useful rules for deciding on a winner."

The scenario's ``[victory]`` table names one of the six conditions (``type``) and the keys
that condition needs; ``turn_limit`` comes from the scenario's ``[scenario]`` table. The
frame calls :func:`check` after every action: a condition that ends the war at once (a
capital taken, the temple entered, every rival gone) ends it there; otherwise the points
decide when the Resolution phase of the last turn ends (:data:`PHASE_END`).

The ``[victory]`` keys, by type (every type also takes ``summary``, free text)::

    type = "conquest"          # 1 point per territory held at the end
    type = "destruction"       # 1 point per 1,000 pts of enemy troops killed
    type = "art_of_war"        # 1 point per battle won
    type = "invasion"
    invader = "orcs"           #   the player who must take the capital
    defender = "empire"        #   the player who holds it
    capital = "averheim"       #   optional: a settlement id (default: the defender's capital)
    type = "family_squabble"
    capital = "penleck-keep"   #   optional: the neutral capital (default: the one capital)
    type = "cauldron_temple"
    temple = "0906"            #   the temple's hex (CCRR)
    temple_name = "..."        #   optional: how the chronicle names it

The scenario file is checked (``tuicamp check``) before the ``[victory]`` table reaches the
ruleset, so these keys are checked when a campaign is started (:func:`victory_problems`,
called by :func:`setup`): a mistake stops ``tuicamp new`` with a one-line message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import define, frozen

from tuicamp.engine.actions import Action
from tuicamp.engine.context import Context
from tuicamp.engine.dice import Dice, Roll
from tuicamp.engine.problems import Problem
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import Victory
from tuicamp.model.battle import Battle
from tuicamp.model.campaign import Campaign, DiceMode
from tuicamp.model.flow import ScheduledEffect
from tuicamp.model.forces import Army
from tuicamp.model.hexes import Hex, parse_label
from tuicamp.model.map import Territory
from tuicamp.rules.rauscher.shared import hooks
from tuicamp.rules.rauscher.shared.common import enemies, friendly, rstate, side_key, side_of
from tuicamp.rules.rauscher.shared.state import PlayerState, RauscherState, Role
from tuicamp.rules.rauscher.shared.victory_state import Allegiance, VictoryState

RULER = "ruler"  # the unit flag of a player's ruler ("not a typical army General")
DEFAULT_TYPE = "conquest"
KILLS_PER_POINT = 1000  # "1 point for every 1,000 points in troops killed"
MAX_CLAIMANTS = 6  # one d6 decides a territory's allegiance
# The set-up's effect by which a Family Squabble's territories declare (see setup).
ALLEGIANCE = "allegiance"
# Counters that hold ground: they keep a player in the war and guard the temple. Scouts,
# messengers, baggage, ships and refugees do not. (Territories change hands by the combat
# module's rule at the end of the Combat phase.)
HOLDING_ROLES = (Role.ARMY, Role.MERCENARIES, Role.NEUTRAL)


def vstate(campaign: Campaign | Rules) -> VictoryState:
    return rstate(campaign).victory


# --- what the campaign holds ---------------------------------------------------------------
def claimants(campaign: Campaign) -> list[str]:
    """The players who can win: every player slot but the scenario's neutral forces."""
    neutral = set(rstate(campaign).neutral_players)
    return [p.id for p in campaign.players if p.id not in neutral]


def teams(campaign: Campaign) -> list[list[str]]:
    """The claimants by side: an alliance ("working in allegiance") wins or loses
    together; a player in no alliance is a side of one."""
    out: dict[str, list[str]] = {}
    for pid in claimants(campaign):
        out.setdefault(side_key(campaign, pid), []).append(pid)
    return list(out.values())


def team_of(campaign: Campaign, pid: str | None) -> list[str]:
    """The claimants on ``pid``'s side (itself first)."""
    if not pid:
        return []
    players = claimants(campaign)
    rest = [p for p in side_of(campaign, pid) if p in players and p != pid]
    return [pid, *rest]


def _record(state: RauscherState, pid: str) -> PlayerState:
    """A player's record, without creating one: check() must not change the campaign."""
    return state.players.get(pid) or PlayerState()


def _role(state: RauscherState, army: Army) -> Role:
    record = state.armies.get(army.id)
    return record.role if record is not None else Role.ARMY


def strength(campaign: Campaign, army: Army) -> int:
    """Points in the army: its units, and allocations not yet filled (R-RA-3)."""
    record = rstate(campaign).armies.get(army.id)
    allocated = sum(a.points for a in record.allocations) if record is not None else 0
    return army.points + allocated


def is_neutral(campaign: Campaign, army: Army) -> bool:
    state = rstate(campaign)
    return army.owner in state.neutral_players or _role(state, army) is Role.NEUTRAL


def holding_armies(campaign: Campaign, hexes: set[Hex] | None = None) -> list[Army]:
    """Armies that hold ground (in ``hexes``; or anywhere, off the map too: aboard ship)."""
    state = rstate(campaign)
    return [
        a
        for a in campaign.armies
        if (hexes is None or a.hex in hexes)
        and _role(state, a) in HOLDING_ROLES
        and strength(campaign, a) > 0
    ]


def territories_held(campaign: Campaign, pid: str) -> int:
    return sum(1 for t in campaign.map.territories if t.owner == pid)


def kill_points(campaign: Campaign, pid: str) -> int:
    return _record(rstate(campaign), pid).troops_killed // KILLS_PER_POINT


def troops_killed(campaign: Campaign, pid: str) -> int:
    return _record(rstate(campaign), pid).troops_killed


def battles_won(campaign: Campaign, pid: str) -> int:
    return _record(rstate(campaign), pid).battles_won


def in_the_game(campaign: Campaign, pid: str) -> bool:
    """A player still fights while holding land, a settlement or an army in the field."""
    return (
        territories_held(campaign, pid) > 0
        or any(s.owner == pid for s in campaign.map.settlements)
        or any(a.owner == pid for a in holding_armies(campaign))
    )


def turn_limit(campaign: Campaign) -> int:
    value = campaign.victory.get("turn_limit", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def victory_type(campaign: Campaign) -> str:
    return str(campaign.victory.get("type", DEFAULT_TYPE))


# --- measures: what the points are at the end ----------------------------------------------
@frozen
class Measure:
    """One way of counting a player's achievements (points, and a tie-break)."""

    id: str
    one: str  # "territory"
    many: str  # "territories"
    count: Callable[[Campaign, str], int]

    def say(self, n: int) -> str:
        return f"{n:,} {self.one if n == 1 else self.many}"


MEASURES: dict[str, Measure] = {
    m.id: m
    for m in (
        Measure("territories", "territory", "territories", territories_held),
        Measure("kill_points", "point", "points", kill_points),
        Measure("kills", "pt of enemy troops killed", "pts of enemy troops killed", troops_killed),
        Measure("battles", "battle won", "battles won", battles_won),
    )
}


# --- the six conditions ---------------------------------------------------------------
Decision = tuple[list[str], str]  # winners, why


@frozen
class VictoryType:
    """One of the text's victory conditions, as data: its words, keys and measures.

    ``points`` is what decides at the turn limit; ``tiebreaks`` settle equal points in
    order (a tie in all of them is a shared victory). ``decide`` ends the war before the
    turn limit; ``at_limit`` replaces the points when the condition has its own ending.
    """

    id: str
    title: str
    text: str  # the text's words, shown in the help and the victory screen
    points: str = "territories"
    tiebreaks: tuple[str, ...] = ("kills", "battles")
    keys: tuple[str, ...] = ()
    decide: Callable[[Campaign], Decision | None] | None = None
    at_limit: Callable[[Campaign], Decision] | None = None
    describe: Callable[[Campaign, str], str] | None = None  # a standing line, when not points
    problems: Callable[[Campaign], list[str]] | None = None


def _player_name(campaign: Campaign, pid: str | None) -> str:
    player = campaign.player(pid) if pid else None
    return player.name if player is not None else "nobody"


def _names(campaign: Campaign, pids: list[str]) -> str:
    names = [_player_name(campaign, p) for p in pids]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _win(pids: list[str]) -> str:
    return "wins" if len(pids) == 1 else "win"


# Invasion ----------------------------------------------------------------------------------
def _capital_id(campaign: Campaign, owner: str | None = None) -> str | None:
    """The settlement the condition turns on: the [victory] key, or the one capital."""
    given = campaign.victory.get("capital")
    if isinstance(given, str):
        return given
    found = [
        s
        for s in campaign.map.settlements
        if s.kind == "capital" and (owner is None or s.owner == owner)
    ]
    return found[0].id if len(found) == 1 else None


def _settlement_name(campaign: Campaign, sid: str | None) -> str:
    s = campaign.map.settlement(sid) if sid else None
    if s is not None:
        return s.name
    gone = [d for d in rstate(campaign).combat.destroyed if d.id == sid]
    return gone[0].name if gone else str(sid)


def _invasion_capital(campaign: Campaign) -> str | None:
    return _capital_id(campaign, campaign.victory.get("defender"))


def _invasion_decide(campaign: Campaign) -> Decision | None:
    invader, capital = campaign.victory.get("invader"), _invasion_capital(campaign)
    settlement = campaign.map.settlement(capital) if capital else None
    name = _settlement_name(campaign, capital)
    side = team_of(campaign, invader)
    if settlement is None:
        return side, f"{name} is no more: {_names(campaign, side)} {_win(side)} the Invasion"
    if friendly(campaign, settlement.owner, invader):
        taker = settlement.owner if settlement.owner in side else invader
        return side, (
            f"{_player_name(campaign, taker)} has taken {name}: the Invasion succeeds"
            + (f" ({_names(campaign, side)} win together)" if len(side) > 1 else "")
        )
    return None


def _invasion_at_limit(campaign: Campaign) -> Decision:
    defender, capital = campaign.victory.get("defender"), _invasion_capital(campaign)
    side = team_of(campaign, defender)
    return side, (
        f"{_player_name(campaign, defender)} still holds "
        f"{_settlement_name(campaign, capital)}: the Invasion has failed"
        + (f" ({_names(campaign, side)} win together)" if len(side) > 1 else "")
    )


def _invasion_describe(campaign: Campaign, pid: str) -> str:
    capital = _invasion_capital(campaign)
    s = campaign.map.settlement(capital) if capital else None
    name = _settlement_name(campaign, capital)
    holder = "it is no more" if s is None else f"held by {_player_name(campaign, s.owner)}"
    invader, defender = campaign.victory.get("invader"), campaign.victory.get("defender")
    if pid == invader:
        return f"invader: must take {name} ({holder})"
    if pid == defender:
        return f"defender: must hold {name} ({holder})"
    if pid in team_of(campaign, invader):
        return f"ally of the invader: helps take {name} ({holder})"
    if pid in team_of(campaign, defender):
        return f"ally of the defender: helps hold {name} ({holder})"
    return "takes no part in the Invasion"


def _invasion_problems(campaign: Campaign) -> list[str]:
    out = []
    players = claimants(campaign)
    roles = {}
    for key in ("invader", "defender"):
        value = campaign.victory.get(key)
        if value not in players:
            out.append(f"{key} should be one of the players ({', '.join(players)}), not {value!r}")
        roles[key] = value
    if roles["invader"] == roles["defender"] and roles["invader"] is not None:
        out.append("invader and defender are the same player")
    elif roles["invader"] in players and not enemies(campaign, roles["invader"], roles["defender"]):
        out.append("invader and defender are allies (alliances): they must be enemies")
    capital = _invasion_capital(campaign)
    settlement = campaign.map.settlement(capital) if capital else None
    if settlement is None:
        out.append(
            f"capital: name the defender's capital (a settlement id); {capital!r} is not one"
            if capital
            else 'capital: the defender has no single capital; name one with capital = "id"'
        )
    elif roles["defender"] in players and settlement.owner != roles["defender"]:
        out.append(f"capital {capital!r} should belong to the defender {roles['defender']!r}")
    return out


# Family Squabble -----------------------------------------------------------------------------
def _squabble_decide(campaign: Campaign) -> Decision | None:
    capital = _capital_id(campaign)
    s = campaign.map.settlement(capital) if capital else None
    if s is not None and s.owner in claimants(campaign):
        side = team_of(campaign, s.owner)
        return side, (
            f"{_player_name(campaign, s.owner)} holds {s.name}, and with it the kingdom"
            + (f" ({_names(campaign, side)} win together)" if len(side) > 1 else "")
        )
    return None


def _squabble_describe(campaign: Campaign, pid: str) -> str:
    return MEASURES["territories"].say(territories_held(campaign, pid))


def _squabble_problems(campaign: Campaign) -> list[str]:
    out = []
    players = claimants(campaign)
    if not 2 <= len(players) <= MAX_CLAIMANTS:
        out.append(f"a Family Squabble needs 2 to {MAX_CLAIMANTS} claimants, not {len(players)}")
    capital = _capital_id(campaign)
    s = campaign.map.settlement(capital) if capital else None
    if s is None:
        out.append(
            f"capital {capital!r} is not a settlement"
            if capital
            else 'capital: there is no single capital; name it with capital = "id"'
        )
    elif s.owner in players:
        out.append(
            f"capital {capital!r} should be neutral (held by nobody or by a neutral "
            f"player), not by {s.owner!r}"
        )
    return out


# Race to the Cauldron Temple -------------------------------------------------------------------
def _temple(campaign: Campaign) -> Hex | None:
    try:
        h = parse_label(str(campaign.victory.get("temple", "")))
    except ValueError:
        return None
    return h if campaign.map.contains(h) else None


def _temple_name(campaign: Campaign) -> str:
    return str(campaign.victory.get("temple_name", "the Cauldron Temple"))


def rulers(campaign: Campaign, pid: str) -> list[tuple[Army, Any]]:
    """(army, unit) of each unit flagged "ruler" that the player has in the field."""
    return [
        (a, u)
        for a in campaign.armies_of(pid)
        if a.hex is not None
        for u in a.units
        if RULER in u.flags
    ]


def temple_defenders(campaign: Campaign) -> list[Army]:
    temple = _temple(campaign)
    if temple is None:
        return []
    return [a for a in holding_armies(campaign, {temple}) if is_neutral(campaign, a)]


def _temple_decide(campaign: Campaign) -> Decision | None:
    """ "The first General ... to enter the temple gets a powerful magic item": a ruler
    standing in the temple hex once no neutral defender and no rival army is left there."""
    temple = _temple(campaign)
    if temple is None or temple_defenders(campaign):
        return None
    here = holding_armies(campaign, {temple})
    for pid in claimants(campaign):
        mine = [(a, u) for a, u in rulers(campaign, pid) if a.hex == temple]
        rivals = [a for a in here if enemies(campaign, pid, a.owner)]
        if mine and not rivals:
            ruler = mine[0][1]
            side = team_of(campaign, pid)
            return side, (
                f"{ruler.name} of {_player_name(campaign, pid)} enters {_temple_name(campaign)} "
                "and takes the powerful magic item"
                + (f" ({_names(campaign, side)} win together)" if len(side) > 1 else "")
            )
    return None


def _temple_describe(campaign: Campaign, pid: str) -> str:
    temple = _temple(campaign)
    held = MEASURES["territories"].say(territories_held(campaign, pid))
    found = rulers(campaign, pid)
    if temple is None or not found:
        return f"no ruler in the field; {held}"
    army, ruler = min(found, key=lambda au: au[0].hex.distance(temple))
    steps = army.hex.distance(temple)
    where = "in the temple" if steps == 0 else f"{steps} hex{'es' if steps != 1 else ''} away"
    return f"{ruler.name} {where}; {held}"


def _temple_problems(campaign: Campaign) -> list[str]:
    out = []
    temple = _temple(campaign)
    if temple is None:
        out.append(
            f"temple should be the temple's hex on the map (CCRR), not "
            f"{campaign.victory.get('temple')!r}"
        )
    elif not temple_defenders(campaign):
        out.append(
            "the temple has no neutral defenders: place a neutral army in its hex "
            '(a neutral_players slot, or roles = { army = "neutral" })'
        )
    for pid in claimants(campaign):
        n = sum(1 for a in campaign.armies_of(pid) for u in a.units if RULER in u.flags)
        if n != 1:
            out.append(f'player {pid!r} should have one unit flagged "ruler", not {n}')
    return out


TYPES: dict[str, VictoryType] = {
    t.id: t
    for t in (
        VictoryType(
            "conquest",
            "War of Conquest",
            "Players receive 1 point for each territory under their control at the end of "
            "the game.",
        ),
        VictoryType(
            "destruction",
            "War of Destruction",
            "Whoever kills the most troops, wins! Receive 1 point for every 1,000 points in "
            "troops killed.",
            points="kill_points",
            tiebreaks=("kills", "territories", "battles"),
        ),
        VictoryType(
            "invasion",
            "Invasion",
            "The invading player must capture the defender's capital.",
            keys=("invader", "defender", "capital"),
            decide=_invasion_decide,
            at_limit=_invasion_at_limit,
            describe=_invasion_describe,
            problems=_invasion_problems,
        ),
        VictoryType(
            "art_of_war",
            "The Art of War",
            "Players receive one point for each battle they win.",
            points="battles",
            tiebreaks=("kills", "territories"),
        ),
        VictoryType(
            "family_squabble",
            "Family Squabble",
            "Each territory has aligned themselves with one of the competitors ... At the "
            "very center, place a fortress - the capitol - which will defend against any "
            "player who tries to take it. As soon as any army is defeated, they will switch "
            "their allegiance to the victor ... Battle for possession of the kingdom.",
            keys=("capital",),
            decide=_squabble_decide,
            describe=_squabble_describe,
            problems=_squabble_problems,
        ),
        VictoryType(
            "cauldron_temple",
            "The Race to the Cauldron Temple",
            "The temple is defended by 1,500 points worth of neutral troops. The first "
            "General (not a typical army General, but your ruler) to enter the temple gets a "
            "powerful magic item - fight it out.",
            keys=("temple", "temple_name"),
            decide=_temple_decide,
            describe=_temple_describe,
            problems=_temple_problems,
        ),
    )
}
COMMON_KEYS = ("type", "summary", "turn_limit")


def current_type(campaign: Campaign) -> VictoryType:
    return TYPES.get(victory_type(campaign), TYPES[DEFAULT_TYPE])


# --- standings and the end ------------------------------------------------------------------
def _rank_key(campaign: Campaign, vt: VictoryType, pid: str) -> tuple[int, ...]:
    return tuple(MEASURES[m].count(campaign, pid) for m in (vt.points, *vt.tiebreaks))


def team_key(campaign: Campaign, vt: VictoryType, team: list[str]) -> tuple[int, ...]:
    """An alliance's points and tie-breaks: its members' added up (territories held,
    troops killed, battles won — each battle counts once for a side, see combat.py)."""
    keys = [_rank_key(campaign, vt, p) for p in team]
    return tuple(sum(column) for column in zip(*keys, strict=True))


def ranked_teams(campaign: Campaign) -> list[list[str]]:
    """The sides best first by the condition's points and tie-breaks."""
    vt = current_type(campaign)
    return sorted(teams(campaign), key=lambda t: team_key(campaign, vt, t), reverse=True)


def ranking(campaign: Campaign) -> list[str]:
    """The claimants best first: by their side's points and tie-breaks, then their own."""
    vt = current_type(campaign)
    return [
        p
        for team in ranked_teams(campaign)
        for p in sorted(team, key=lambda p: _rank_key(campaign, vt, p), reverse=True)
    ]


def standings(campaign: Campaign) -> list[tuple[str, str]]:
    """(player id, what they hold) best first: for the victory screen and the ledger."""
    vt = current_type(campaign)
    order = ranking(campaign)
    # whoever has won leads, whatever the points say; else whoever would win if time ran out
    decided = vt.decide(campaign) if vt.decide is not None else None
    if decided is None and vt.at_limit is not None:
        decided = vt.at_limit(campaign)
    if decided is not None:
        order.sort(key=lambda p: p not in decided[0])
    out = []
    for pid in order:
        if vt.describe is not None:
            out.append((pid, vt.describe(campaign, pid)))
            continue
        points = MEASURES[vt.points]
        n = points.count(campaign, pid)
        line = points.say(n)
        if vt.points == "kill_points":
            line += f" ({MEASURES['kills'].say(troops_killed(campaign, pid))})"
        team = team_of(campaign, pid)
        if len(team) > 1:
            total = team_key(campaign, vt, team)[0]
            line += f"; with {_names(campaign, team[1:])}: {points.say(total)}"
        out.append((pid, line))
    if not in_the_game_all(campaign):
        out = [
            (p, text if in_the_game(campaign, p) else f"out of the war; {text}") for p, text in out
        ]
    return out


def in_the_game_all(campaign: Campaign) -> bool:
    return all(in_the_game(campaign, p) for p in claimants(campaign))


def _by_points(campaign: Campaign, vt: VictoryType) -> Decision:
    """Most points wins; equal points go to the tie-breaks; a tie in all is shared. An
    alliance counts as one side with its members' points added up, and wins together."""
    order = ranked_teams(campaign)
    if not order:
        return [], "Nobody is left to win"
    best = team_key(campaign, vt, order[0])
    won = [t for t in order if team_key(campaign, vt, t) == best]
    winners = [p for t in won for p in t]
    points = MEASURES[vt.points]
    n = best[0]
    verb = "win" if len(winners) > 1 else "wins"
    tied = [t for t in order if team_key(campaign, vt, t)[0] == n]
    how = ""
    if len(tied) > 1 and len(won) == 1:
        how = " (ahead on the tie-break)"
    elif len(won) > 1:
        how = " (a shared victory: equal in every count)"
    together = " together" if any(len(t) > 1 for t in won) else ""
    return winners, (
        f"{_names(campaign, winners)} {verb} the {vt.title}{together} with {points.say(n)}{how}"
    )


def _eliminated(campaign: Campaign) -> Decision | None:
    """ "A battle to the death": the war is over when one side alone is left in it (a
    player, or an alliance of which any member still fights: all its members win)."""
    sides = teams(campaign)
    alive = [t for t in sides if any(in_the_game(campaign, p) for p in t)]
    if len(sides) >= 2 and len(alive) == 1:
        (team,) = alive
        if len(team) == 1:
            return team, f"{_player_name(campaign, team[0])} is the last one standing"
        return team, f"{_names(campaign, team)}, allies, are the last ones standing"
    return None


def check(rules: Rules) -> Victory | None:
    """Has the war been won? Read after every action; it changes nothing."""
    campaign = rules.campaign
    if not isinstance(campaign.state, RauscherState):
        return None
    vt = current_type(campaign)
    decided = vt.decide(campaign) if vt.decide is not None else None
    if decided is None:
        decided = _eliminated(campaign)
    if decided is None and vstate(campaign).time_up:
        end = vt.at_limit(campaign) if vt.at_limit is not None else _by_points(campaign, vt)
        decided = end[0], f"Turn {turn_limit(campaign)}, the last, has ended. {end[1]}"
    if decided is None:
        return None
    winners, why = decided
    return Victory(list(winners), f"{vt.title}: {why}", standings(campaign))


def _end_of_turn(ctx: Context) -> None:
    """ "At the end of the game": the Resolution phase of the last turn."""
    limit = turn_limit(ctx.campaign)
    if limit and ctx.campaign.turn >= limit:
        vstate(ctx).time_up = True


# --- Family Squabble: allegiances and turncoats ----------------------------------------------
def to_allot(campaign: Campaign) -> list[Territory]:
    """Territories that declare at set-up: every one nobody holds, but the capital's."""
    capital = campaign.map.settlement(_capital_id(campaign) or "")
    home = campaign.map.territory_of(capital.hex) if capital is not None else None
    return [t for t in campaign.map.territories if t.owner is None and t is not home]


def _allegiance_die(dice: Dice, players: list[str], territory: Territory) -> tuple[str, list[int]]:
    """One d6 per territory: the faces shared evenly among the claimants, re-rolling the
    faces left over (four or five claimants)."""
    n = len(players)
    share = 6 // n
    rolled = []
    while True:
        v = dice.d6(f"allegiance of {territory.name}")
        rolled.append(v)
        if v <= share * n:
            return players[(v - 1) // share], rolled


def allot(campaign: Campaign, dice: Dice) -> list[Allegiance]:
    """Roll each territory's allegiance and hand it over, with its settlements and its
    neutral garrisons ("randomly select which territories are under either player's
    control")."""
    state, players = rstate(campaign), claimants(campaign)
    out = []
    for territory in to_allot(campaign):
        pid, rolled = _allegiance_die(dice, players, territory)
        _hand_over(campaign, state, territory, pid)
        out.append(Allegiance(territory.id, pid, rolled))
    vs = state.victory
    vs.allegiances, vs.allotted = out, True
    return out


def _hand_over(campaign: Campaign, state: RauscherState, territory: Territory, pid: str) -> None:
    territory.owner = pid
    inside = set(territory.hexes)
    for s in campaign.map.settlements:
        if s.hex in inside and (s.owner is None or s.owner in state.neutral_players):
            s.owner = s.original_owner = pid
            originals = state.player(pid).original_settlements
            if s.id not in originals:
                originals.append(s.id)
            for other in state.players.values():
                if other is not state.player(pid) and s.id in other.original_settlements:
                    other.original_settlements.remove(s.id)
    for army in campaign.armies:
        if army.hex in inside and army.owner in state.neutral_players:
            army.owner = pid
            record = state.army(army.id)
            if record.role is Role.NEUTRAL:
                record.role = Role.ARMY


def _allegiance_text(campaign: Campaign, records: list[Allegiance]) -> str:
    faces = _faces(campaign, claimants(campaign))
    parts = []
    for r in records:
        territory = campaign.map.territory(r.territory)
        parts.append(
            f"{territory.name if territory else r.territory} "
            f"({'/'.join(map(str, r.dice))}): {_player_name(campaign, r.player)}"
        )
    return (
        f"The territories declare their allegiance ({faces}): " + "; ".join(parts)
        if parts
        else "No territory was left to declare its allegiance"
    )


def _faces(campaign: Campaign, players: list[str]) -> str:
    if not players:
        return ""
    share = 6 // len(players)
    out = []
    for i, pid in enumerate(players):
        lo, hi = i * share + 1, (i + 1) * share
        out.append(f"{lo}{'-' + str(hi) if hi > lo else ''} {_player_name(campaign, pid)}")
    if share * len(players) < 6:
        out.append(f"{share * len(players) + 1}+ roll again")
    return ", ".join(out)


def _declare(ctx: Context) -> None:
    """The territories declare, on the action's dice, and the chronicle tells it with its
    rolls: at set-up (:func:`fire_allegiance`) or when the Games Master rolls them."""
    records = allot(ctx.campaign, ctx.dice)
    vstate(ctx).announced = True
    ctx.emit(
        "allegiance",
        _allegiance_text(ctx.campaign, records),
        undoable=False,
        allegiance={r.territory: r.player for r in records},
    )


def fire_allegiance(ctx: Context, effect: ScheduledEffect) -> None:
    """The set-up's effect (:func:`setup`) comes due as the first phase begins, within the
    set-up action: the territories declare on the set-up's own dice, so the chronicle shows
    them with every other set-up roll (each with its roll number) and the seed decides them
    as it did when they were rolled before the first phase began."""
    if not vstate(ctx).allotted:
        _declare(ctx)


def _announce(ctx: Context) -> None:
    """A save made before the set-up rolled through the engine holds the allegiance rolled
    but not told: the chronicle tells it when the first Upkeep ends, as it did then."""
    vs = vstate(ctx)
    if not vs.allotted or vs.announced:
        return
    for r in vs.allegiances:
        territory = ctx.campaign.map.territory(r.territory)
        name = territory.name if territory else r.territory
        for v in r.dice:
            ctx.dice.rolls.append(Roll("d6", f"allegiance of {name} (at set-up)", [v], v))
    vs.announced = True
    ctx.emit(
        "allegiance",
        _allegiance_text(ctx.campaign, vs.allegiances),
        undoable=False,
        allegiance={r.territory: r.player for r in vs.allegiances},
    )


@define(kw_only=True)
class AllotTerritories(Action):
    kind = "allot_territories"
    summary = "GM: roll each territory's allegiance (Family Squabble, table dice)"
    gm_only = True


def _allot_action(ctx: Context, action: AllotTerritories) -> None:
    ctx.require(
        victory_type(ctx.campaign) == "family_squabble",
        "Territories declare their allegiance only in a Family Squabble (the scenario's "
        "victory type)",
    )
    ctx.require(
        not vstate(ctx).allotted,
        "The territories have already declared: they declare once, at the war's start",
    )
    _declare(ctx)


SWITCHING_ROLES = (Role.ARMY, Role.MERCENARIES, Role.NEUTRAL)


def on_battle_lost(
    ctx: Context, battle: Battle | None, loser_armies: list[str], victor_player: str
) -> list[str]:
    """Family Squabble: "As soon as any army is defeated, they will switch their allegiance
    to the victor, and survivors will fight for their banner."

    The combat rules call this for the beaten side of every battle with a victor; outside a
    Family Squabble it does nothing. Returns the ids of the beaten armies that keep their
    colours (so the combat rules retreat them as usual): armies destroyed or gone, counters
    that are not troops (scouts, baggage, messengers), and an army with a ruler in it (a
    claimant does not bend the knee).
    """
    camp = ctx.campaign
    if victory_type(camp) != "family_squabble":
        return list(loser_armies)
    state = rstate(camp)
    kept = []
    for aid in loser_armies:
        army = camp.army(aid)
        if army is None:
            continue
        record = state.army(aid)
        ruled = any(RULER in u.flags for u in army.units)
        if (
            ruled
            or record.role not in SWITCHING_ROLES
            or strength(camp, army) == 0
            or army.owner == victor_player
        ):
            kept.append(aid)
            continue
        before = army.owner
        army.owner = victor_player
        record.role = (
            Role.NEUTRAL
            if victor_player in state.neutral_players
            else (Role.ARMY if record.role is Role.NEUTRAL else record.role)
        )
        ctx.emit(
            "allegiance",
            f"{army.name}, beaten in battle {battle.id if battle is not None else ''}, switches "
            f"its allegiance from {_player_name(camp, before)} to "
            f"{_player_name(camp, victor_player)}",
            player=victor_player,
            army=aid,
            previous=before,
        )
    return kept


# --- checking a scenario's [victory] -------------------------------------------------------
def victory_problems(campaign: Campaign) -> list[str]:
    """What is wrong with the campaign's [victory] table, one sentence each."""
    v = campaign.victory
    kind = v.get("type", DEFAULT_TYPE)
    if not isinstance(kind, str) or kind not in TYPES:  # a list or a table is no type either
        return [f"type {kind!r} is not one of {', '.join(TYPES)}"]
    vt = TYPES[kind]
    out = [
        f"{key!r} is not a key of a {vt.title} victory (keys: "
        f"{', '.join((*COMMON_KEYS, *vt.keys))})"
        for key in v
        if key not in COMMON_KEYS and key not in vt.keys
    ]
    limit = v.get("turn_limit", 0)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        out.append(f"turn_limit should be a whole number of turns, not {limit!r}")
    if vt.problems is not None:
        out.extend(vt.problems(campaign))
    return out


def setup_problems(setup: dict[str, Any]) -> list[Problem]:
    """The set-up keys the victory conditions rest on: the neutral forces and roles.

    The [victory] table itself is not in ``setup``; see :func:`victory_problems`."""
    out: list[Problem] = []
    neutral = setup.get("neutral_players", [])
    if not isinstance(neutral, list) or not all(isinstance(p, str) for p in neutral):
        out.append(Problem(("neutral_players",), 'should be a list of player ids, e.g. ["temple"]'))
    roles = setup.get("roles", {})
    if not isinstance(roles, dict):
        out.append(Problem(("roles",), "should be a table of army id = role"))
    else:
        known = [r.value for r in Role]
        for army, role in roles.items():
            if role not in known:
                out.append(Problem(("roles", army), f"{role!r} is not a role ({', '.join(known)})"))
    return out


def setup(campaign: Campaign, setup: dict[str, Any]) -> None:
    """Check the [victory] table; a Family Squabble's territories declare at set-up.

    "Create a country with it's territories, then randomly select which territories are
    under either player's control." The dice are the set-up's own (the campaign's seeded
    dice), rolled before anyone has seen the map: the ruleset's set-up is given no dice,
    so it leaves an effect due as the first phase begins (:data:`ALLEGIANCE`), which the
    engine fires within the set-up action, before any phase hook (the economy's set-up
    check then reads the map as the territories left it). With table dice the Games
    Master rolls them instead (allot_territories)."""
    # A bad [victory] table is reported by RauscherRuleset.campaign_problems, which
    # `tuicamp check` and new_campaign ask after set-up.
    if victory_type(campaign) == "family_squabble" and campaign.dice.mode is DiceMode.APP:
        _due_as_play_begins(campaign, ALLEGIANCE)


def _due_as_play_begins(campaign: Campaign, kind: str) -> None:
    """An effect due at the clock the set-up leaves (turn 1, the first phase), fired by
    the engine as that phase begins, within the set-up action. Set straight into the
    flow's record: there is no Context yet to schedule it with, and it is due now, which
    ``Context.schedule`` (for later clock values) would refuse."""
    flow = campaign.flow
    flow.scheduled.append(ScheduledEffect(flow.next_effect, campaign.turn, campaign.phase, kind))
    flow.next_effect += 1


# --- the phase-module interface -------------------------------------------------------------
ACTIONS: tuple[type[Action], ...] = (AllotTerritories,)
HANDLERS: dict[type[Action], Callable[[Context, Any], None]] = {AllotTerritories: _allot_action}
PHASE_START: dict[str, Callable[[Context], None]] = {}
PHASE_END: dict[str, Callable[[Context], None]] = {
    "upkeep": _announce,
    "resolution": _end_of_turn,
}


def pending(rules: Rules, player: str | None) -> list[str]:
    """What must still happen before ``player`` may end the phase (None: anyone)."""
    campaign = rules.campaign
    state = campaign.state
    if not isinstance(state, RauscherState):
        return []
    if victory_type(campaign) == "family_squabble" and not state.victory.allotted:
        return ["The Games Master rolls the territories' allegiance (allot_territories)"]
    return []


# --- what combat asks of the war ------------------------------------------------------------
# Combat lies below victory: a beaten side's armies pass through the Family Squabble here.
hooks.HOOKS.side_beaten.append(on_battle_lost)
