"""Glory earned in a battle (6.4, table 6.3, R-AA-14), kept on each player's General.

"During a battle points of Glory may be earned according to table 6.3 ... Treat any
result below 0 Glory in a battle as 0." Only the Generals who fight the battle, the
attacker's and the defender's, earn Glory from its result: "only Generals get Glory from
the result of a battle - Senior Officers do not, even when they lead Supporting
Contingents" (R-AA-35). The result form asks each of the two Generals' heroic deeds; the
Glory is told in the chronicle and the General's status line, and the next battle card
reads table 9.1 at it.
"""

from __future__ import annotations

from attrs import define, frozen

from tuicamp.rules import api
from tuicamp.rules.aasen import advances, hatred, injuries, trust
from tuicamp.rules.aasen.state import (
    ATTACKER,
    DEFENDER,
    AasenAction,
    AasenState,
    Contingent,
    Officer,
    astate,
)

PREFIX = "glory_"  # the form's fields: glory_<deed>_<player id>

# The General's heroic deeds of table 6.3, as the form asks them: the key, the question,
# the most a battle may give, and how the chronicle names one.
DEEDS = (
    ("officers", "enemy Junior or Senior Officers slain", 20, "officer slain"),
    ("general", "slew the enemy General (1 yes)", 1, "the enemy General slain"),
    ("wizards", "enemy wizards slain with magic (not Bound items)", 20, "wizard slain"),
    ("standards", "enemy standards captured", 20, "standard captured"),
)
KILLINGS = ("officers", "general")  # the deeds of "killing enemy characters" (9.2's Grudge)
# A Senior Officer's deeds (table 6.3's second column, R-AA-35): the General's, and the
# missions he was vital in fulfilling, within his player's missions fulfilled (R-AA-53,
# missions.py).
OFFICER_DEEDS = (
    ("officers", "enemy Junior or Senior Officers slain", 20, "officer slain"),
    ("general", "slew the enemy General (1 yes)", 1, "the enemy General slain"),
    ("wizards", "enemy wizards slain with magic (not Bound items)", 20, "wizard slain"),
    ("standards", "enemy standards captured", 20, "standard captured"),
    ("missions", "his player's missions he was vital in fulfilling", 20, "mission fulfilled"),
)
RESULT_WORDS = {"draw": "a Draw", "minor": "a Minor Victory", "solid": "a Solid Victory"}
RESULT_WORDS["massacre"] = "a Massacre"


def field_key(deed: str, player: str) -> str:
    return f"{PREFIX}{deed}_{player}"


def generals(battle: api.Battle) -> dict[str, str]:
    """Side -> the player whose General fights it: the attacker, and the defending player
    the realm named (R-AA-17); the others on a side sent Contingents."""
    return {side.id: side.players[0] for side in battle.sides if side.players}


def fields(campaign: api.Campaign, battle: api.Battle) -> tuple[api.ResultField, ...]:
    """Table 6.3's deeds of each fighting General, asked of his side."""
    name = api.teams.name_of
    return tuple(
        api.ResultField(
            field_key(deed, player),
            f"Glory (6.4): {possessive_general(name(campaign, player))} {question}",
            "int",
            0,
            most,
            scope=api.FieldScope.ONE_SIDE,
            side=side,
        )
        for side, player in generals(battle).items()
        if injuries.on_the_table(campaign, player)  # R-AA-82: none asked of one lost
        and not injuries.general_kept_out(campaign, battle, side)  # R-AA-88
        for deed, question, most, _ in DEEDS
    )


def officer_fields(campaign: api.Campaign, battle: api.Battle) -> tuple[api.ResultField, ...]:
    """Table 6.3's deeds of each Senior Officer of a player on a side, asked of his side
    (R-AA-35)."""
    state = campaign.state
    if not isinstance(state, AasenState):
        return ()
    return tuple(
        api.ResultField(
            field_key(deed, fighter.key),
            f"Glory (6.4): {injuries.title(campaign, fighter)}: {question}",
            "int",
            0,
            most,
            scope=api.FieldScope.ONE_SIDE,
            side=fighter.side,
        )
        for fighter in injuries.fighters(state, battle)
        if isinstance(fighter.character, Officer)
        for deed, question, most, _ in OFFICER_DEEDS
    )


def officer_glory(ctx: api.Context, battle: api.Battle) -> None:
    """Each Senior Officer's Glory of the battle: his deeds as the form gives them, "Treat
    any result below 0 Glory in a battle as 0"; a Dwarf's grudge doubles what he earns for
    killing enemy characters (9.2)."""
    result, state = battle.result, astate(ctx)
    if result is None:
        return
    worth = ctx.table("glory")["officer_deeds"]
    fighting = generals(battle)
    for fighter in list(injuries.fighters(state, battle)):
        officer = fighter.character
        entry = result.side(fighter.side)
        if not isinstance(officer, Officer) or entry is None:
            continue
        enemy = next((p for side, p in fighting.items() if side != fighter.side), "")
        factor = hatred.glory_factor(state, fighter.player, enemy)
        items = []
        for deed, _, _, word in OFFICER_DEEDS:
            count = int(entry.facts.get(field_key(deed, fighter.key), 0))
            times = factor if deed in KILLINGS else 1
            if count:
                items.append((f"{count} x {word}", count * int(worth[deed]) * times))
        got = Earned(fighter.player, tuple(items))
        if not got.total:
            continue
        ctx.emit(
            "glory",
            f"Glory (6.4): {injuries.title(ctx.campaign, fighter)} earns {got.total} "
            f"({got.text()}): Glory {officer.glory + got.total}",
            battle=battle.id,
            player=fighter.player,
        )
        advances.gain(ctx, fighter.player, officer, got.total)


def check_absent(ctx: api.Context, battle: api.Battle) -> None:
    """Refuses a result giving deeds of table 6.3 to a Senior Officer it declares absent
    (R-AA-89): the Glory for a standard goes to one who "was with the unit that captured
    the standard", a mission's to one "he or the unit he was with was vital in
    fulfilling", a slain character's to one who slew him (6.4), and one who did not fight
    did none of these (R-AA-95)."""
    result = battle.result
    if result is None:
        return
    for fighter in injuries.fighters(astate(ctx), battle):
        entry = result.side(fighter.side)
        if entry is None or not injuries.absent(battle, fighter):
            continue
        given = [w for d, _, _, w in OFFICER_DEEDS if entry.facts.get(field_key(d, fighter.key))]
        if given:
            raise api.RuleError(
                f"{injuries.title(ctx.campaign, fighter)} is declared absent from battle "
                f"{battle.id} (did not fight): he can have no standards captured, missions or "
                f"kills in it, yet the result gives him {', '.join(given)} (6.4, R-AA-95)"
            )


def close_giving(ctx: api.Context) -> None:
    """6.4: "When Glory is allocated after the battle, a General may give away up to half
    of the Glory he has earned": the Battles segment over, so is the allocation of its
    battles' Glory, and what each General earned and gave there is forgotten (R-AA-42)."""
    state = astate(ctx)
    state.earned.clear()
    state.given.clear()


def possessive_general(name: str) -> str:
    return f"{name}'s General:"


@frozen
class Earned:
    """What one General earned in one battle, item by item, and the total kept."""

    player: str
    items: tuple[tuple[str, int], ...]  # (what, Glory), in the order of table 6.3

    @property
    def total(self) -> int:
        """ "Treat any result below 0 Glory in a battle as 0" (6.4, R-AA-14)."""
        return max(0, sum(points for _, points in self.items))

    def text(self) -> str:
        return ", ".join(f"{what} {points:+d}" for what, points in self.items) or "nothing"


def earned(
    rules: api.Rules,
    battle: api.Battle,
    winner: str | None,
    level: str,
    *,
    penalty: bool = True,
    conceded: str | None = None,
) -> list[Earned]:
    """Each fighting General's Glory from the battle: the result's (R-AA-14: the winner's
    1 or 2, both Generals' 1 in a Draw), each deed the form names, and 1 lost for every
    full 500 points the opposing side has less than his own. "If one side concedes ...
    any negative factors for having a larger army are ignored" for the side that did not
    concede; ``penalty`` False (a battle not played, R-AA-36) ignores them for both. A
    General whose Old Battle Wound rolled 1 did not fight it and earns nothing (table
    6.3: "Fighting a battle", R-AA-88)."""
    table = rules.table("glory")
    points = {side.id: side.points for side in battle.sides}
    out = []
    for side, player in generals(battle).items():
        if injuries.general_kept_out(rules.campaign, battle, side):
            continue
        items: list[tuple[str, int]] = []
        if winner is None or winner == side:
            items.append((RESULT_WORDS[level], int(table["result"][level])))
        items += deeds_of(rules, battle, side, player)
        other = DEFENDER if side == ATTACKER else ATTACKER
        larger = points.get(side, 0) - points.get(other, 0)
        fines = larger // int(table["larger_army_per"]) if larger > 0 else 0
        ignored = not penalty or (conceded is not None and conceded != side)
        if fines and not ignored:
            items.append((f"army larger by {larger} points", -fines))
        out.append(Earned(player, tuple(items)))
    return out


def deeds_of(rules: api.Rules, battle: api.Battle, side: str, player: str) -> list[tuple[str, int]]:
    """The deeds the result form gives the General of ``side`` (none for a battle
    resolved without the form)."""
    result = battle.result
    entry = result.side(side) if result else None
    if entry is None:
        return []
    worth = rules.table("glory")["deeds"]
    enemy = next((p for s, p in generals(battle).items() if s != side), "")
    factor = hatred.glory_factor(astate(rules), player, enemy)
    out = []
    for deed, _, _, word in DEEDS:
        count = int(entry.facts.get(field_key(deed, player), 0))
        if count:
            what = word if count == 1 or deed == "general" else f"{count} x {word}"
            times = factor if deed in KILLINGS else 1
            out.append(
                (
                    what + (", double for a grudge" if times > 1 else ""),
                    count * int(worth[deed]) * times,
                )
            )
    return out


def award(ctx: api.Context, battle: api.Battle, earned_now: list[Earned]) -> None:
    """Adds each fighting General's Glory to his own and tells the chronicle how it was
    made."""
    camp, state = ctx.campaign, astate(ctx)
    for got in earned_now:
        general = state.generals.get(got.player)
        if general is None or general.fate:  # dead or captured earlier: he did not lead
            continue
        ctx.emit(
            "glory",
            f"Glory (6.4): {api.teams.name_of(camp, got.player)}'s General {general.name} "
            f"earns {got.total} ({got.text()}): Glory {general.glory + got.total}",
            battle=battle.id,
            player=got.player,
        )
        state.earned[f"{battle.id}|{got.player}"] = got.total
        advances.gain(ctx, got.player, general, got.total)


def contingent_glory(ctx: api.Context, battle: api.Battle, sent: list[Contingent]) -> None:
    """6.4: "a Senior Officer leading a Support Contingent in aid of a Trusted army (from
    any realm, including his own) gains +1 Glory, regardless of the outcome of the battle"
    (table 6.3: "Leading a Support Contingent to a Trusted army | N/A | +1"); a Contingent
    refused or absent fought in no battle, and a Commander who did not fight it, kept out
    by his Old Battle Wound or declared absent, led none (R-AA-95, R-AA-96)."""
    camp, state = ctx.campaign, astate(ctx)
    fighting = generals(battle)
    for c in sent:
        if not c.officer or not c.fights or c.side not in fighting:
            continue
        officer = next((o for o in state.officers.get(c.player, []) if o.name == c.officer), None)
        if officer is None or not trust.trusts(state, c.player, fighting[c.side]):
            continue
        why = injuries.did_not_fight(battle, injuries.Fighter(c.side, c.player, officer))
        if why:
            ctx.emit(
                "glory",
                f"Glory (6.4): {api.teams.name_of(camp, c.player)}'s Senior Officer "
                f"{officer.name} gains nothing for leading a Support Contingent: he did not "
                f"fight battle {battle.id}, {why}; no Glory of table 6.3 for one who did not "
                "fight (R-AA-95)",
                battle=battle.id,
                player=c.player,
            )
            continue
        ctx.emit(
            "glory",
            f"Glory (6.4): {api.teams.name_of(camp, c.player)}'s Senior Officer {officer.name} "
            f"gains 1 for leading a Support Contingent to a Trusted army: Glory "
            f"{officer.glory + 1}",
            battle=battle.id,
            player=c.player,
        )
        advances.gain(ctx, c.player, officer, 1)


@define(kw_only=True)
class GiveGlory(AasenAction):
    kind = "give_glory"
    summary = "Give Glory your General earned in a battle to one of your Senior Officers"
    battle: str
    officer: str
    points: int = 1

    def apply(self, ctx: api.Context) -> None:
        """6.4: "When Glory is allocated after the battle, a General may give away up to
        half of the Glory he has earned and distribute it amongst his Senior Officers (you
        may not share the glory with someone else's officers). These points will then count
        towards the Senior Officer's advancement but not the General's" (R-AA-20, R-AA-42:
        they leave the General's Glory)."""
        camp, state = ctx.campaign, astate(ctx)
        battle = ctx.found(
            next((b for b in camp.battles if b.id == self.battle), None),
            f"No battle {self.battle!r}",
        )
        player = api.turns.acting_player(ctx, among=list(generals(battle).values()))
        key = f"{battle.id}|{player}"
        name = api.teams.name_of(camp, player)
        ctx.require(key in state.earned, f"{name}'s General earned no Glory in {battle.id}")
        general = ctx.found(state.generals.get(player), "no General")
        officer = ctx.found(
            next((o for o in state.officers.get(player, []) if o.name == self.officer), None),
            f"{self.officer!r} is none of your Senior Officers",
        )
        most = state.earned[key] // 2 - state.given.get(key, 0)
        ctx.require(
            0 < self.points <= min(most, general.glory),
            f"Your General may give 1 to {max(most, 0)} Glory of battle {battle.id} (half of "
            f"the {state.earned[key]} he earned there, less what he gave)",
        )
        state.given[key] = state.given.get(key, 0) + self.points
        general.glory -= self.points
        ctx.emit(
            "glory",
            f"Glory (6.4): {api.teams.name_of(camp, player)}'s General {general.name} gives "
            f"{self.points} of battle {battle.id} to his Senior Officer {officer.name}: Glory "
            f"{general.glory} and {officer.glory + self.points}",
            battle=battle.id,
            player=player,
        )
        advances.gain(ctx, player, officer, self.points)


ACTIONS = (GiveGlory,)
