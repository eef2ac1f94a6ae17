"""The battles (6): the armies' sizes on the card, the result form (the level of victory
and who won, R-AA-4; Scoring units, R-AA-24), the consequences of tables 6.1 and 6.2, a
raid's shift (table 5.4), concessions, unplayed battles (R-AA-6) and the auto-resolver's
result read by points.

"An army may consist of 1200 points, plus 50 pts for each point of Support the realm has"
(6.1); "Whenever a player is defending his Homeland ... he can add 10% to his army size
... This bonus only applies when defending and does not apply to any allies" (3.5,
R-AA-21); Support Contingents' points come off the sender's invasion army (R-AA-18) and
"The compositions of any defensive armies ... are not affected by Support Contingents".
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.aasen import (
    amphibious,
    battle_start,
    bonuses,
    books,
    captives,
    claim,
    glory,
    gm,
    hatred,
    injuries,
    limits,
    missions,
    realms,
    support,
    trust,
)
from tuicamp.rules.aasen.state import (
    ATTACKER,
    DEFENDER,
    STAND,
    AasenAction,
    Bonus,
    Contingent,
    Invasion,
    astate,
)
from tuicamp.rules.kit.words import possessive

LEVELS = ("draw", "minor", "solid", "massacre")  # the form's 0..3
LEVEL_NAMES = {"draw": "Draw", "minor": "Minor Victory", "solid": "Solid Victory"}
LEVEL_NAMES["massacre"] = "Massacre"
SIDE_CODES = {0: None, 1: ATTACKER, 2: DEFENDER}
Degree = tuple[str | None, str]  # the winning side (None: a draw) and the level


def army_size(rules: api.Rules, realm_id: str) -> int:
    """6.1: 1,200 points and 50 for each point of the realm's Support this year."""
    table = rules.table("army_size")
    support_points = astate(rules).books.get(realm_id)
    earned = support_points.support if support_points is not None else 0
    return int(table["base"]) + int(table["per_support"]) * earned


def sizes(rules: api.Rules, invasion: Invasion) -> tuple[int, int, bool]:
    """The invader's army and the defender's, and whether the defender fights for his
    Homeland; a raid brings the defender down to the invader's size (5.9)."""
    camp, state = rules.campaign, astate(rules)
    attack = army_size(rules, invasion.realm) - support.sent_points(rules, invasion.attacker)
    defend = army_size(rules, invasion.defender_realm)
    home = [t.id for t in realms.homeland(camp, state, invasion.defender_realm)]
    homeland = invasion.target in home
    if homeland:
        defend += defend * int(rules.table("army_size")["homeland_percent"]) // 100
    if invasion.by_sea:
        attack = amphibious.smaller(rules, attack, invasion.mishap)  # table 5.3
    if invasion.raid:
        defend = min(defend, attack)
    return max(attack, 0), defend, homeland


def open_battles(ctx: api.Context) -> None:
    """The Battle phase begins: a battle for every invasion the invaded realm stands
    against, in the order declared, each side with its Support Contingents."""
    camp, state = ctx.campaign, astate(ctx)
    for invasion in state.invasions:
        if invasion.answer != STAND or invasion.battle:
            continue
        target = ctx.found(camp.map.territory(invasion.target), "no such territory")
        attack, defend, homeland = sizes(ctx, invasion)
        sides = []
        for side, player, points in (
            (ATTACKER, invasion.attacker, attack),
            (DEFENDER, invasion.defender, defend),
        ):
            helpers = support.contingents_for(ctx, invasion.id, side)
            sides.append(
                api.BattleSide(
                    side,
                    side.title(),
                    [player, *(c.player for c in helpers)],
                    points=points + sum(support.strength(ctx, c) for c in helpers),
                    name=api.teams.name_of(camp, player),
                )
            )
        circumstances = []
        if homeland:
            text = "The defender fights for his Homeland: +10 % army size (3.5)"
            circumstances.append(api.Circumstance("homeland", text, DEFENDER, 10))
        if invasion.raid:
            text = "A raid: the result counts three steps in the defender's favour (5.9)"
            circumstances.append(api.Circumstance("raid", text, ATTACKER))
        circumstances += mishaps(invasion)
        battle = api.open_battle(
            ctx, realms.territory_hex(target), sides, circumstances, linked=fought_in(invasion)
        )
        battle_start.roll_at_start(ctx, battle)
        if target.id not in state.fought_in:
            state.fought_in.append(target.id)


MISHAP = "The fleet's mishap (table 5.3): "
MISHAPS = (
    (amphibious.SMALLER, "fleet_mishap_smaller", MISHAP + "the invading army is 10 % smaller"),
    (amphibious.SHIFTED, "fleet_mishap_shift", MISHAP + "the result shifts a step to the defender"),
    (amphibious.HAMPERED, "fleet_mishap_rolls", MISHAP + "the defender has +1 on pre-game rolls"),
)


def mishaps(invasion: Invasion) -> list[api.Circumstance]:
    """Table 5.3's results, cumulative: "if you rolled a 2, you would also suffer as if you
    had rolled a 3 and a 4"."""
    if not invasion.by_sea or not invasion.mishap:
        return []
    return [
        api.Circumstance(key, text, ATTACKER)
        for worst, key, text in MISHAPS
        if invasion.mishap <= worst
    ]


def fought_in(invasion: Invasion) -> Callable[[api.Battle], None]:
    """What links ``invasion`` to its battle as the battle opens, before the chronicle
    names the battle's sides by its Contingents (R-AA-57) and the dice may settle it."""

    def link(battle: api.Battle) -> None:
        invasion.battle = battle.id

    return link


def invasion_of(rules: api.Rules, battle: api.Battle) -> Invasion | None:
    return next((i for i in astate(rules).invasions if i.battle == battle.id), None)


def result_fields(rules: api.Rules, battle: api.Battle) -> tuple[api.ResultField, ...]:
    """R-AA-4: "Players enter the result level (Massacre ... Massacred) and who won" (with
    the option ``result_from_vp`` the level is read from the points, so neither is asked);
    R-AA-24: "Scoring units left are entered per player, for who actually won" (each
    player's asked of his side, ``claim``); R-AA-53: each player's own missions fulfilled,
    asked of his side, which his Senior Officers' missions may not exceed (``missions``);
    a concession "automatically counts as a Massacre to the other side" (6.3)."""
    asked = () if bool(rules.option("result_from_vp")) else WINNER_AND_LEVEL
    return (
        *asked,
        api.ResultField(
            "conceded",
            "Conceded by: 0 nobody, 1 the attacker, 2 the defender",
            "int",
            0,
            2,
            scope=api.FieldScope.BATTLE,
        ),
        *claim.fields(rules.campaign, battle),
        *glory.fields(rules.campaign, battle),
        *missions.fields(rules.campaign, battle),
        *glory.officer_fields(rules.campaign, battle),
        *injuries.fields(rules.campaign, battle),
    )


WINNER_AND_LEVEL = (
    api.ResultField(
        "winner",
        "Who won: 0 a draw, 1 the attacker, 2 the defender",
        "int",
        0,
        2,
        scope=api.FieldScope.BATTLE,
    ),
    api.ResultField(
        "level",
        "How won: 0 a draw, else 1 Minor Victory, 2 Solid Victory, 3 Massacre",
        "int",
        0,
        3,
        scope=api.FieldScope.BATTLE,
    ),
)


def by_points(rules: api.Rules, battle: api.Battle, result: api.BattleResult) -> Degree:
    """R-AA-4's option, and the auto-resolver's reading: the Victory Point difference as
    a share of the smaller army: under 10 % a draw, under 25 % minor, under 50 % solid,
    else a massacre."""
    vp = {r.side: r.vp for r in result.sides}
    smaller = min((s.points for s in battle.sides), default=0) or 1
    diff = vp.get(ATTACKER, 0) - vp.get(DEFENDER, 0)
    share = abs(diff) * 100 / smaller
    limits = [int(n) for n in rules.table("degree")["below_percent"]]
    below = [i for i, limit in enumerate(limits) if share < limit]
    level = LEVELS[below[0]] if below else LEVELS[-1]
    if level == "draw":
        return None, "draw"
    return (ATTACKER if diff > 0 else DEFENDER), level


def degree(rules: api.Rules, battle: api.Battle, result: api.BattleResult) -> Degree:
    """Who won (a side, None for a draw) and the level, from the form or from the points."""
    facts = result.facts
    conceded = SIDE_CODES.get(int(facts.get("conceded", 0)))
    if conceded is not None:
        return (DEFENDER if conceded == ATTACKER else ATTACKER), "massacre"
    if result.auto or bool(rules.option("result_from_vp")) or "winner" not in facts:
        return by_points(rules, battle, result)
    winner = SIDE_CODES.get(int(facts.get("winner", 0)))
    level = LEVELS[int(facts.get("level", 0))]
    if (winner is None) != (level == "draw"):
        raise api.RuleError(
            "A win is Minor (level 1), Solid (2) or a Massacre (3), and a draw has no winner "
            "(winner 0, level 0): give both together (R-AA-25)"
        )
    return winner, level


def attackers_step(rules: api.Rules, winner: str | None, level: str) -> int:
    """The result on the seven steps seen from the attacker (0 his Massacre ... 6
    Massacred)."""
    if winner is None:
        return 3
    index = {"massacre": 0, "solid": 1, "minor": 2}[level]
    return index if winner == ATTACKER else 6 - index


def from_step(step: int) -> Degree:
    if step == 3:
        return None, "draw"
    levels = ("massacre", "solid", "minor")
    return (ATTACKER, levels[step]) if step < 3 else (DEFENDER, levels[6 - step])


def outcome(rules: api.Rules, battle: api.Battle, result: api.BattleResult) -> api.BattleOutcome:
    winner, level = final(rules, battle, result)
    if winner is None:
        return api.BattleOutcome((), "a Draw")
    side = battle.side(winner)
    title = side.title if side is not None else winner
    return api.BattleOutcome((winner,), f"{title} wins a {LEVEL_NAMES[level]}")


def final(rules: api.Rules, battle: api.Battle, result: api.BattleResult) -> Degree:
    """The result as it counts: a raid is shifted three steps to the defender (table 5.4,
    R-AA-12: never past Massacred)."""
    winner, level = degree(rules, battle, result)
    shift = 3 if any(c.key == "raid" for c in battle.circumstances) else 0
    if any(c.key == "fleet_mishap_shift" for c in battle.circumstances):
        shift += 1  # table 5.3: "shifted one step in favour of the defender"
    if shift:
        return from_step(min(attackers_step(rules, winner, level) + shift, 6))
    return winner, level


def consequences(ctx: api.Context, battle: api.Battle, winner: str | None, level: str) -> None:
    """Tables 6.1 and 6.2: conquest, razing, Follow-ups and the Blitz, the spoils going to
    whoever actually won (6.3, R-AA-31)."""
    camp, state = ctx.campaign, astate(ctx)
    invasion = invasion_of(ctx, battle)
    if invasion is None:
        return
    target = ctx.found(camp.map.territory(invasion.target), "no such territory")
    was_razed = target.id in state.razed
    if winner == DEFENDER:
        row = ctx.table("defender")[level]
        won = claimed(ctx, battle, DEFENDER, invasion.defender)
        if row["razed"]:
            raze(ctx, target)
        if row["follow_up"]:
            bonus = Bonus(
                won.player, int(row["follow_up"]), "follow-up", target.id, invasion.source
            )
            win_bonus(ctx, bonus)
        return
    row = ctx.table("attacker")[level]  # the attacker's win, or a draw
    won = (
        claimed(ctx, battle, ATTACKER, invasion.attacker)
        if winner == ATTACKER
        else claim.Claim(invasion.realm, invasion.attacker, 0, 0)
    )
    if row["conquers"]:
        captives.capital_lost(ctx, target, target.owner or "")
        target.owner = won.realm
        camp.map.invalidate()
        ctx.emit(
            "conquest",
            f"{api.teams.name_of(camp, won.realm)} conquers {target.name}",
            battle=battle.id,
        )
        second_attack(ctx, invasion, won)
    if row["razed"]:
        raze(ctx, target)
    if row["follow_up"]:
        bonus = Bonus(won.player, int(row["follow_up"]), "follow-up", invasion.source, target.id)
        win_bonus(ctx, bonus)
    if row["blitz"] and not was_razed:  # R-AA-23: a razed territory stays razed: no blitz
        blitz = Bonus(won.player, int(row["blitz"]), "blitz", target.id, "", invasion.source)
        if invasion.by_sea:  # 6.3: "into any adjacent non-coastal territory" (R-AA-52)
            blitz.inland = [
                t.id
                for t in realms.neighbours(camp, target)
                if not ctx.table("type_rules").get(realms.territory_type(ctx, t), {}).get("fleets")
            ]
        win_bonus(ctx, blitz)


def claimed(ctx: api.Context, battle: api.Battle, side: str, supported: str) -> claim.Claim:
    """Who takes the side's victory (R-AA-31), told when a supporter claims it."""
    won = claim.claim(ctx, battle, side, supported)
    if won.player != supported:
        name = api.teams.name_of
        same = won.realm == realms.realm_id_of(ctx.campaign, supported)
        # R-AA-80: one of the supported player's realm counts his own units against his
        mine, theirs = won.player_units, won.own_units
        if not same:
            mine, theirs = won.units, won.supported_units
        ruling = "R-AA-31, R-AA-80" if same else "R-AA-31"
        ctx.emit(
            "victory_claimed",
            f"{name(ctx.campaign, won.player)} claims the victory: {mine} Scoring units "
            f"left to {possessive(name(ctx.campaign, supported))} {theirs} (6.3, "
            f"R-AA-24, {ruling})",
            battle=battle.id,
        )
    return won


def raze(ctx: api.Context, territory: api.Territory) -> None:
    state = astate(ctx)
    if territory.id not in state.razed:
        state.razed.append(territory.id)
        ctx.emit("razed", f"{territory.name} is razed")


def win_bonus(ctx: api.Context, bonus: Bonus) -> None:
    """The bonus for next year, unless its invasion can never be made (R-AA-84): then the
    chronicle says so and nothing is kept to be shown all year."""
    name = api.teams.name_of(ctx.campaign, bonus.player)
    never = bonuses.never_reason(ctx.campaign, bonus)
    if never:
        ctx.emit(
            "bonus_none",
            f"{name} wins no {bonus.kind}: {never} (6.3, R-AA-84)",
            player=bonus.player,
        )
        return
    astate(ctx).bonuses.append(bonus)
    ctx.emit(
        "bonus",
        f"{name} may {bonus.kind} next year with +{bonus.initiative} Initiative",
        player=bonus.player,
    )


def second_attack(ctx: api.Context, first: Invasion, holder: claim.Claim) -> None:
    """R-AA-16: when the first battle conquers the Capital, the second goes on only
    against a hostile holder; otherwise it is cancelled and its marching paid back.
    R-AA-28: the holder is hostile when he is of another realm than the second attacker and
    the second attacker does not Trust him (R-AA-3); the conqueror then defends it."""
    camp, state = ctx.campaign, astate(ctx)
    for other in state.invasions:
        if other.id == first.id or other.target != first.target or not other.battle:
            continue
        battle = next((b for b in camp.battles if b.id == other.battle), None)
        if battle is None or battle.status != api.BattleStatus.PENDING:
            continue
        hostile = other.realm != holder.realm and not trust.trusts(
            state, other.attacker, holder.player
        )
        if hostile:
            _new_defender(ctx, battle, other, holder)
            continue
        battle.status = api.BattleStatus.CANCELLED
        why = "its own realm holds it" if other.realm == holder.realm else "a Trusted army holds it"
        text = f"Battle {battle.id} is called off: the Capital is taken and {why} (R-AA-16)"
        ctx.emit("battle_cancelled", text, battle=battle.id)
        for c in state.contingents:
            if c.invasion == other.id:
                _pay_back(ctx, c)
        if other.march:  # R-AA-33: the army's own march through friendly land
            books.change(ctx, other.realm, "an army's march called off", resources=other.march)


def _pay_back(ctx: api.Context, contingent: Contingent) -> None:
    """A Contingent whose battle is gone: its march is paid back, and it is refused no more."""
    if contingent.refused:
        return
    contingent.refused = True
    if contingent.cost:
        realm_id = realms.realm_id_of(ctx.campaign, contingent.player) or ""
        books.change(ctx, realm_id, "a march called off", resources=contingent.cost)


def _new_defender(
    ctx: api.Context, battle: api.Battle, other: Invasion, holder: claim.Claim
) -> None:
    """R-AA-28: the second battle goes on with the conqueror defending the Capital, at his
    own army's size; the Contingents sent to the old defender go home, paid back."""
    camp, state = ctx.campaign, astate(ctx)
    for c in state.contingents:
        if c.invasion == other.id and c.side == DEFENDER:
            _pay_back(ctx, c)
    other.defender_realm, other.defender = holder.realm, holder.player
    _, defend, homeland = sizes(ctx, other)
    side = ctx.found(battle.side(DEFENDER), "the battle has no defender")
    side.players, side.points = [holder.player], defend
    side.name = api.teams.name_of(camp, holder.player)
    if not homeland:
        battle.circumstances = [c for c in battle.circumstances if c.key != "homeland"]
    target = ctx.found(camp.map.territory(other.target), "no such territory")
    ctx.emit(
        "battle_defender",
        f"Battle {battle.id} goes on: {api.teams.name_of(camp, holder.player)} now holds "
        f"{target.name} and defends it (R-AA-16, R-AA-28)",
        battle=battle.id,
    )


def apply_result(ctx: api.Context, battle: api.Battle) -> None:
    if battle.result is None:
        return
    battle_start.check(ctx, battle)  # R-AA-87: the start's dice in
    injuries.check(ctx, battle)  # R-AA-89: who fought
    glory.check_absent(ctx, battle)  # R-AA-95: no deeds for one who did not fight
    missions.check(ctx, battle)  # R-AA-53: before anything of the result is drawn
    winner, level = final(ctx, battle, battle.result)
    consequences(ctx, battle, winner, level)
    conceded = SIDE_CODES.get(int(battle.result.facts.get("conceded", 0)))
    glory.award(ctx, battle, glory.earned(ctx, battle, winner, level, conceded=conceded))
    invasion = invasion_of(ctx, battle)
    if invasion is not None:
        sent = [c for c in astate(ctx).contingents if c.invasion == invasion.id]
        glory.contingent_glory(ctx, battle, sent)
    missions.tell(ctx, battle)
    glory.officer_glory(ctx, battle)
    injuries.survived(ctx, battle)
    injuries.wasting(ctx, battle)  # before this battle's injuries: they count from the next
    injuries.apply(ctx, battle)


def side_forces(
    rules: api.Rules, battle: api.Battle, side: api.BattleSide
) -> list[tuple[str, int]]:
    """The card's line of each player of a side, with his own army's points: the
    supported player's army, and each Support Contingent fighting with it on its
    sender's line, 300 or 600 points taken off his own invasion (5.5, R-AA-18, R-AA-54);
    together the side's points."""
    invasion = invasion_of(rules, battle)
    helpers = support.contingents_for(rules, invasion.id, side.id) if invasion else []
    sent = [(contingent_name(rules, c, battle), support.strength(rules, c)) for c in helpers]
    own = side.points - sum(points for _, points in sent)
    return [(side.force_name, own), *sent]


def contingent_name(rules: api.Rules, contingent: Contingent, battle: api.Battle) -> str:
    """ "Khazrak One-Eye's Support Contingent, led by Gorthor"; "..., without its
    Commander" when his Old Battle Wound keeps him out of the battle (R-AA-96)."""
    led = f", led by {contingent.officer}" if contingent.officer else ""
    if contingent.officer and support.commander_kept_out(rules, battle, contingent):
        led = f", without its Commander ({contingent.officer} may not fight)"
    return f"{api.teams.name_of(rules.campaign, contingent.player)}'s Support Contingent{led}"


def card_notes(rules: api.Rules, battle: api.Battle) -> list[str]:
    """The card: each army's size, the selection limits by each General's Glory (table
    9.1), the text's reminders (R-ALL-3)."""
    camp, state = rules.campaign, astate(rules)
    invasion = invasion_of(rules, battle)
    notes = []
    if invasion is not None:
        attack, defend, _ = sizes(rules, invasion)
        notes.append(
            f"Armies (6.1): the attacker {attack} points, the defender {defend} points; "
            "Support Contingents 300 or 600 each"
        )
        target = camp.map.territory(invasion.target)
        if target is not None:
            kind = realms.territory_type(rules, target)
            notes.append(f"The battle is fought in {target.name}, {kind}")
            if kind in ("primeval forest", "swamp"):
                notes.append("The jungle fighting rules apply (2.2)")
            capital = realms.capital_of(camp, state, invasion.defender_realm)
            if capital is not None and capital.id == target.id:
                notes.append(
                    "A Capital: the defender may fight the battle as a siege, with a castle "
                    "for free; the Homeland's +10 % is kept (6.2)"
                )
            if realms.has_river(target):
                notes.append("A double on the terrain table: the invaded player may place a river")
        for player in (invasion.attacker, invasion.defender):
            notes += limits.general_notes(rules, player)
            general = state.generals.get(player)
            if general is not None and general.injuries:
                notes.append(f"{general.name}'s injuries (8.2): {'; '.join(general.injuries)}")
    notes += injuries.officers_on_card(camp, battle)
    notes += voyages(rules, invasion)
    if invasion is not None:
        sent = [c for c in state.contingents if c.invasion == invasion.id]
        notes += limits.card_notes(rules, [invasion.attacker], sent)
        notes += [n for c in sent if (n := support.commander_out(rules, battle, c))]
    notes += hatred.card_notes(camp, state, glory.generals(battle))
    notes.append(
        "Not allowed: special characters, Regiments of Renown, Albion and Kislev units; "
        "the army lists themselves are the players' business (R-ALL-3)"
    )
    return notes


def voyages(rules: api.Rules, invasion: Invasion | None) -> list[str]:
    """The card's routes of the fleets that carried the invader's army and the Contingents
    to the battle (5.7: "Declare which route your fleet will take", R-AA-86)."""
    if invasion is None:
        return []
    camp, state = rules.campaign, astate(rules)
    carried = [(invasion.attacker, invasion.source)] if invasion.by_sea else []
    carried += [(c.player, c.fleet) for c in state.contingents if c.invasion == invasion.id]
    return [
        f"{api.teams.name_of(camp, f.carried)}'s fleet sailed {amphibious.route_text(camp, f)}"
        for player, where in carried
        for f in state.fleets
        if where and f.used and (f.carried, f.where) == (player, where) and f.route
    ]


selection = limits.selection


@define(kw_only=True)
class Unplayed(AasenAction):
    kind = "gm_unplayed"
    summary = "GM: a battle not played in time (tried = attacker, defender or both)"
    gm_only = True
    battle: str
    tried: str

    def apply(self, ctx: api.Context) -> None:
        """6.4: "If a battle is not played in time, it counts as a Massacre in favour of
        the player who made an effort to get it played. If both players made a decent
        effort, the battle is simply discounted" (R-AA-6)."""
        ctx.require_gm("mark a battle unplayed")
        battle = ctx.found(
            next((b for b in ctx.campaign.battles if b.id == self.battle), None),
            f"No battle {self.battle!r}",
        )
        ctx.require(battle.status == api.BattleStatus.PENDING, f"Battle {battle.id} is settled")
        ctx.require(self.tried in (ATTACKER, DEFENDER, "both"), "attacker, defender or both?")
        battle.status = api.BattleStatus.CANCELLED
        gm.mark_unplayed(battle, self.tried)
        if self.tried == "both":
            ctx.emit("unplayed", f"Battle {battle.id} was not played: it is discounted (R-AA-6)")
            return
        ctx.emit(
            "unplayed",
            f"Battle {battle.id} was not played: a Massacre for the {self.tried} (R-AA-6)",
            battle=battle.id,
        )
        consequences(ctx, battle, self.tried, "massacre")
        earned = glory.earned(ctx, battle, self.tried, "massacre", penalty=False)  # R-AA-36
        glory.award(ctx, battle, earned)


def blockers(rules: api.Rules) -> list[str]:
    pending = [b.id for b in rules.campaign.battles if b.status == api.BattleStatus.PENDING]
    if pending:
        return [f"First: the battles are settled ({', '.join(pending)})"]
    return []


ACTIONS = (Unplayed,)
