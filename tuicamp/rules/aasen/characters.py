"""A character's sheet as his player keeps it: what he is (8.1's innate abilities, the
profile the tables read) and the skills his advances let him pick (8.3, 8.4, R-AA-43).

tuicamp keeps no army list. The tables need a few facts of a character's profile - is he
a Wizard, what are his characteristics - so his player declares them (``set_character``),
in the open as the chronicle tells it; "Once promoted, the following abilities may not be
altered ... Magic level (Wizards only)" (table 8.1), so a Wizard stays one. A skill an
advance offers is picked with ``pick_skill``: "A character getting a Skill result from
the advancement table may freely pick which skill he wants from the available lists. A
character may not have the same skill twice" (8.4).
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.aasen import marching
from tuicamp.rules.aasen.state import (
    RETIRED,
    AasenAction,
    AasenState,
    Character,
    General,
    astate,
)

# The characteristics a profile declares, in the order of a Warhammer profile.
STATS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
STAT_NAMES = {"M": "Movement", "S": "Strength"}
# What table 8.2 takes from a character for good: the fact, the injury, why (R-AA-44).
INJURY_BARS = (
    ("joins", "Paranoia", "he may no longer join friendly units"),
    ("armour", "Deathwish", "he refuses any armour"),
)


def characters_of(state: AasenState, player: str) -> list[Character]:
    """The player's General (if any) and his Senior Officers."""
    general = state.generals.get(player)
    return [*([general] if general is not None else []), *state.officers.get(player, [])]


def on_record(state: AasenState, player: str) -> list[Character]:
    """Every character of the player's the record keeps: his General, his Senior Officers
    and the captured Generals he replaced, still their captors' captives (R-AA-62). Names
    are unique among them (R-AA-41, R-AA-93)."""
    return [*characters_of(state, player), *state.replaced.get(player, [])]


def find(ctx: api.Context, player: str, name: str) -> Character:
    """The player's General ("" names him) or Senior Officer by name."""
    state = astate(ctx)
    if not name:
        return ctx.found(state.generals.get(player), "You have no General")
    found = next((c for c in characters_of(state, player) if c.name == name), None)
    return ctx.found(found, f"{name!r} is neither your General nor one of your Senior Officers")


def choices(rules: api.Rules, player: str, character: Character, row_name: str) -> list[str]:
    """What an advance's pending row lets the character pick: the skills of its list he
    does not have (and his army's own Miscellaneous skill, 9.2), or the characteristic
    instead when not raised already."""
    row = rules.table("skill_rows")[row_name]
    skills = list(rules.table("skills")[row["list"]])
    own = rules.table("army_misc_skills").get(marching.race(rules.campaign, player))
    if row["list"] == "misc" and own:
        skills.append(str(own))
    out = [s for s in skills if s not in character.skills]
    stat = str(row["instead"])
    if stat and stat not in character.raised:
        out.insert(0, f"+1 {STAT_NAMES.get(stat, stat)}")
    return out


@define(kw_only=True)
class SetCharacter(AasenAction):
    kind = "set_character"
    summary = (
        'Declare what your General (character = "") or a Senior Officer is: wizard = true '
        "(he rolls on the Wizard's Advancement table unless warrior_table), all_spells / "
        "no_miscast / reroll_repeats for its re-rolls, joins = false if he may not join "
        "units, armour = false if he may wear none, and profile = {M = 4, WS = 5, ...}"
    )
    character: str = ""
    wizard: bool = False
    warrior_table: bool = False
    joins: bool = True
    armour: bool = True
    all_spells: bool = False
    no_miscast: bool = False
    reroll_repeats: bool = True
    profile: dict[str, int] = field(factory=dict)
    player: str = ""

    def apply(self, ctx: api.Context) -> None:
        """Table 8.1: the Magic level is innate, so a Wizard stays one (R-AA-43)."""
        player = api.turns.acting_player(ctx, self.player)
        character = find(ctx, player, self.character)
        ctx.require(
            self.wizard or not character.wizard,
            f"{character.name} is a Wizard: his Magic level may not be altered (table 8.1); "
            "declare him with wizard = true",
        )
        for allowed, injury, why in INJURY_BARS:
            taken = any(i.startswith(f"{injury} (") for i in character.injuries)
            ctx.require(
                not (getattr(self, allowed) and taken),
                f"{character.name}'s {injury} (8.2): {why}; declare {allowed} = false",
            )
        bad = sorted(set(self.profile) - set(STATS))
        ctx.require(not bad, f"No characteristic {', '.join(bad)}: use {' '.join(STATS)}")
        ctx.require(
            all(1 <= v <= 10 for v in self.profile.values()), "Characteristics run from 1 to 10"
        )
        character.wizard = self.wizard
        character.warrior_table = self.warrior_table
        character.joins = self.joins
        character.armour = self.armour
        character.all_spells = self.all_spells
        character.no_miscast = self.no_miscast
        character.reroll_repeats = self.reroll_repeats
        if self.profile:
            character.profile = {s: int(self.profile[s]) for s in STATS if s in self.profile}
        ctx.emit(
            "character",
            f"{api.teams.name_of(ctx.campaign, player)} declares {character.name}: "
            f"{describe(character)}",
            player=player,
        )


def describe(character: Character) -> str:
    """The declared facts, as the sheet and the chronicle read them."""
    parts = []
    if character.wizard:
        table = "Warrior's" if character.warrior_table else "Wizard's"
        wizard = f"a Wizard (rolls on the {table} Advancement table)"
        extra = [
            ("knows all his lore's spells", character.all_spells),
            ("does not miscast", character.no_miscast),
            ("keeps a repeated result", not character.reroll_repeats),
        ]
        parts.append(", ".join([wizard, *(text for text, on in extra if on)]))
    else:
        parts.append("no Wizard")
    bars = [("may not join units", character.joins), ("wears no armour", character.armour)]
    parts += [text for text, allowed in bars if not allowed]
    if character.profile:
        parts.append(" ".join(f"{s}{v}" for s, v in character.profile.items()))
    return "; ".join(parts)


def sheet_text(character: Character) -> str:
    """A character as his own seat reads him: name, Glory, what he is, advances, skills
    and the skills still to pick, injuries (8.2, 8.3, 8.4)."""
    text = f"{character.name} (Glory {character.glory})"
    if character.wizard or character.profile:
        text += f"; {describe(character)}"
    parts = [
        ("advances", character.advances),
        ("skills", character.skills),
        ("injuries", character.injuries),
    ]
    for label, items in parts:
        if items:
            text += f"; {label}: {', '.join(items)}"
    if character.picks:
        text += f"; to pick: {len(character.picks)} skill(s) (pick_skill)"
    return text


@define(kw_only=True)
class PickSkill(AasenAction):
    kind = "pick_skill"
    summary = (
        "Pick the skill (or the characteristic instead) an advance of your General "
        '(character = "") or a Senior Officer offers'
    )
    skill: str
    character: str = ""
    player: str = ""

    def apply(self, ctx: api.Context) -> None:
        """8.4: "may freely pick which skill he wants from the available lists. A
        character may not have the same skill twice"; table 8.3's 5 and 11-12: "Choose
        either +1 Strength OR one Strength skill", "+1 Movement OR one Miscellaneous
        skill" (the characteristic not raised twice)."""
        player = api.turns.acting_player(ctx, self.player)
        character = find(ctx, player, self.character)
        ctx.require(bool(character.picks), f"{character.name} has no skill to pick")
        row_name = next(
            (r for r in character.picks if self.skill in choices(ctx, player, character, r)),
            None,
        )
        offered = "; ".join(", ".join(choices(ctx, player, character, r)) for r in character.picks)
        row_name = ctx.found(row_name, f"{self.skill!r} is not offered: {offered}")
        character.picks.remove(row_name)
        if self.skill.startswith("+1 "):
            stat = str(ctx.table("skill_rows")[row_name]["instead"])
            character.raised.append(stat)
            if stat in character.profile:
                character.profile[stat] += 1
        else:
            character.skills.append(self.skill)
        ctx.emit(
            "advance",
            f"Skills (8.4): {api.teams.name_of(ctx.campaign, player)}'s {character.name} "
            f"picks {self.skill} ({row_name})",
            player=player,
        )


@define(kw_only=True)
class Retire(AasenAction):
    kind = "retire"
    summary = (
        'Retire your General (character = "") or a Senior Officer, in the Trade or the '
        "Promotions segment: a Senior Officer is promoted General on the sheet"
    )
    character: str = ""
    player: str = ""

    def apply(self, ctx: api.Context) -> None:
        """8: "A General may be replaced during the campaign (for example if he has been
        slain, captured or is too injured to continue) and a Senior Officer may be promoted
        in his place"; 8.1: "Senior Officers can ... be promoted to General (if the old
        General is lost or retires)". A retired General stays on the sheet with his fate,
        and his player promotes a Senior Officer in his place as for one lost (8.5,
        R-AA-44); a retired Senior Officer leaves the record."""
        player = api.turns.acting_player(ctx, self.player)
        character = find(ctx, player, self.character)
        ctx.require(not character.fate, f"{character.name} is {character.fate} already")
        character.fate = RETIRED
        state = astate(ctx)
        if not isinstance(character, General):
            kept = state.officers.get(player, [])
            state.officers[player] = [o for o in kept if o is not character]
        rank = "General" if isinstance(character, General) else "Senior Officer"
        ctx.emit(
            "fate",
            f"{api.teams.name_of(ctx.campaign, player)} retires his {rank} {character.name} (8)",
            player=player,
        )


ACTIONS = (SetCharacter, PickSkill, Retire)
