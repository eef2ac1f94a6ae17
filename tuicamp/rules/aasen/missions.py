"""The missions of a battle and the Senior Officers credited with them (6.4, table 6.3,
R-AA-53).

"Missions are something Senior Officers can get Glory for while Generals can't ... A
Senior Officer gains a point of Glory for each mission he or the unit he was with was
vital in fulfilling ... Only one Senior Officer can get Glory for each mission" (table
6.3: "Each own mission fulfilled | 0 | +1"). The result form asks, of each player on a
side, how many of his own missions he fulfilled, beside each of his Senior Officers'
missions (glory.py's ``OFFICER_DEEDS``); a result crediting a player's Senior Officers
with more missions than he fulfilled is refused, and so is one crediting a General (no
such field is on the form), and what was fulfilled and credited is told in the
chronicle.
"""

from __future__ import annotations

from attrs import frozen

from tuicamp.rules import api
from tuicamp.rules.aasen import glory, injuries, players_fields
from tuicamp.rules.aasen.state import AasenState, Officer, astate

PREFIX = "missions_"  # the form's field of each player: missions_<player id>
MOST = 20  # as many as a Senior Officer's missions field allows (glory.OFFICER_DEEDS)


def field_key(player: str) -> str:
    return f"{PREFIX}{player}"


def fields(campaign: api.Campaign, battle: api.Battle) -> tuple[api.ResultField, ...]:
    """One field for each player of each side, asked of his side: his own missions
    fulfilled, which his Senior Officers' missions may not exceed (R-AA-53)."""

    def label(player: str) -> str:
        return (
            f"Missions (6.4): {api.teams.name_of(campaign, player)}'s own missions fulfilled "
            "(one Senior Officer of his may be credited with each; a General never is)"
        )

    return players_fields.each_player(battle, field_key, label, MOST)


@frozen
class Tally:
    """One player's missions of a battle: how many he fulfilled, and each of his Senior
    Officers credited with some, in the form's order."""

    side: str
    player: str
    fulfilled: int
    credits: tuple[tuple[str, int], ...]  # (Senior Officer's name, missions)

    @property
    def credited(self) -> int:
        return sum(n for _, n in self.credits)


def tallies(state: AasenState, battle: api.Battle) -> list[Tally]:
    """Each player's missions as the result gives them (none for a battle resolved
    without the form)."""
    result = battle.result
    if result is None:
        return []
    credits: dict[tuple[str, str], list[tuple[str, int]]] = {}
    for fighter in injuries.fighters(state, battle):
        if isinstance(fighter.character, Officer):
            key = glory.field_key("missions", fighter.key)
            count = players_fields.answer(result, fighter.side, key)
            if count:
                mine = credits.setdefault((fighter.side, fighter.player), [])
                mine.append((fighter.character.name, count))
    return [
        Tally(
            side.id,
            player,
            players_fields.answer(result, side.id, field_key(player)),
            tuple(credits.get((side.id, player), ())),
        )
        for side in battle.sides
        for player in side.players
    ]


def check(ctx: api.Context, battle: api.Battle) -> None:
    """Refuses a result crediting a player's Senior Officers with more missions than he
    fulfilled: "Only one Senior Officer can get Glory for each mission", and only for his
    own player's ("Each own mission fulfilled"), never another player's on his side
    (R-AA-53)."""
    name = api.teams.name_of
    for tally in tallies(astate(ctx), battle):
        if tally.credited <= tally.fulfilled:
            continue
        who = name(ctx.campaign, tally.player)
        raise api.RuleError(
            f"{who}'s Senior Officers are credited with {tally.credited} mission(s) "
            f"({_credits_text(tally)}) but {who} fulfilled {tally.fulfilled} of his own: "
            "only one Senior Officer can get Glory for each mission, and only for his own "
            "player's missions, never another player's (6.4, R-AA-53)"
        )


def tell(ctx: api.Context, battle: api.Battle) -> None:
    """The chronicle: each player's missions fulfilled and who was vital in them."""
    name = api.teams.name_of
    for tally in tallies(astate(ctx), battle):
        if not tally.fulfilled:
            continue
        who = name(ctx.campaign, tally.player)
        vital = _credits_text(tally) if tally.credits else "no Senior Officer"
        ctx.emit(
            "missions",
            f"Missions (6.4): {who} fulfilled {tally.fulfilled} of his own mission(s); "
            f"vital in them: {vital} (R-AA-53)",
            battle=battle.id,
            player=tally.player,
        )


def _credits_text(tally: Tally) -> str:
    return ", ".join(f"Senior Officer {officer} {n}" for officer, n in tally.credits)
