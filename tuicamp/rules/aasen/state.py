"""What the Aasen ruleset remembers beside the core campaign.

Plain attrs data, saved with the campaign by the engine's codec. The map keeps each
territory's realm; this state keeps each realm's Capital, the Outposts and Strongholds
by territory, each realm's books (Support, Resources, Wealth), which territories are
razed, each player's General and Mark of Chaos, and the trust between
every two players. The rules that read and change these live in the modules named after
them; this module holds no rule.
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.rules import api

# The three answers of table 3.1 (R-AA-3), as the tables and the state write them.
TRUSTED = "trusted"
DISTRUSTED = "distrusted"
SWORN = "sworn"
TRUST_WORDS = (TRUSTED, DISTRUSTED, SWORN)
TRUST_NAMES = {TRUSTED: "Trusted", DISTRUSTED: "Distrusted", SWORN: "Sworn enemies"}

# What table 8.2 may make of a General (8.2).
DEAD = "dead"
CAPTURED = "captured"
RETIRED = "retired"  # 8.2: "Should the character lose both eyes he must be retired"; 8.5

# What a realm may build on its land (5.3).
OUTPOST = "outpost"
STRONGHOLD = "stronghold"
HOLDINGS = (OUTPOST, STRONGHOLD)


class AasenAction(api.Action):
    """An action of this ruleset: each carries out its own rule, refusing with RuleError."""

    def apply(self, ctx: api.Context) -> None:
        raise NotImplementedError


@define
class Hate:
    """Whom a character Hates (table 8.2's Bitter enemy): ``whom`` is "general" (that
    General), "army" (all models in that player's army) or "realm" (all models of that
    realm); the enemy General's player, name and realm when it was rolled."""

    whom: str
    player: str
    name: str
    realm: str


@define
class Grudge:
    """A Dwarf player's grudge (9.2) against another player's General, by name: it lasts
    while that General lives."""

    player: str
    name: str


@define
class Character:
    """What a General and a Senior Officer both carry (8.1: "They gain glory, advances and
    injuries, just like your General"). tuicamp keeps no army list, so what the rules need
    of the profile is what the player declares of it (``set_character``, R-AA-43): whether
    he is a Wizard and rolls on the Wizard's table, and the characteristics the injury and
    advance tables read. ``picks`` are the skills an advance lets him choose, still to be
    chosen (8.4)."""

    name: str
    glory: int = 0
    injuries: list[str] = field(factory=list)
    advances: list[str] = field(factory=list)  # tables 8.3 and 8.4's results, as rolled
    raised: list[str] = field(factory=list)  # the characteristics advances raised
    advanced_to: int = 0  # the most Glory he has rolled advances for (R-AA-42)
    skills: list[str] = field(factory=list)  # 8.4: the skills picked
    picks: list[str] = field(factory=list)  # 8.4: the skill lists still to pick from
    wizard: bool = False  # a Wizard, who rolls on the Wizard's table (8.3)
    warrior_table: bool = False  # a Wizard who rolls on the Warrior's table instead
    all_spells: bool = False  # he knows all the spells of his lore (8.3)
    no_miscast: bool = False  # he does not miscast (8.3)
    reroll_repeats: bool = True  # a Wizard's repeated result is rolled again (8.3)
    profile: dict[str, int] = field(factory=dict)  # the characteristics declared: M WS ...
    hates: list[Hate] = field(factory=list)  # table 8.2's Bitter enemy
    joins: bool = True  # he may join friendly units (table 8.2's Paranoia)
    armour: bool = True  # he may wear armour (table 8.2's Deathwish)
    fate: str = ""  # "" | dead | captured | retired
    captor: str = ""  # the realm holding him, while captured


@define
class General(Character):
    """A player's General: "the General is the only thing that may not be altered as the
    player pleases from game to game" (8). He is made by the free promotion of the first
    turn (R-AA-15); his Glory starts at 0 and decides the army's selection (table 9.1).
    His injuries (table 8.2) are kept as the chronicle told them; ``fate`` is "dead" or
    "captured" once table 8.2 says so, and ``captor`` the realm that holds him captive.
    His advances (tables 8.3, 8.4) are kept with the characteristics they raised.

    ``lapsed``: 8.5 selects the army by a lost General's Glory only "for the rest of that
    campaign turn"; from the next Promotions, when no Senior Officer was made General in
    his place, "the army is now selected according to his [the substitute's] Glory"
    (R-AA-63). Set as the sheets are revealed, cleared when he is freed."""

    lapsed: bool = False


@define
class Officer(Character):
    """A Senior Officer: "A record is kept over which Senior Officers a player has ...
    Senior Officers can gain Glory, a Junior Officer can not" (8.1)."""


@define
class RealmBooks:
    """One realm's ledgers: "Support points add to the size of each army the realm can
    field, while Resources can be spent during a turn"; unspent Resources become Wealth
    at the end of the turn (5.1, 7.2). Support is what the realm earned at the start of
    this turn: "if you capture or lose a territory it won't affect the armies in your
    realm until next turn" (6.1)."""

    support: int = 0
    resources: int = 0
    wealth: int = 0


@define
class PurchaseSheet:
    """A realm's Promotions & Purchases sheet (5.3), written in secret: where each new
    Outpost and Stronghold goes, which Outposts become Strongholds, and where each fleet is
    launched (a territory, or for a pirate realm a sea hex's label), and the promotions:
    Junior Officers made Senior Officers, and a Senior Officer made General (8.1, 8.5)."""

    outposts: list[str] = field(factory=list)
    strongholds: list[str] = field(factory=list)
    upgrades: list[str] = field(factory=list)
    fleets: list[str] = field(factory=list)
    # 8.1: player -> the names of the Junior Officers he makes Senior Officers
    officers: dict[str, list[str]] = field(factory=dict)
    # 8.5: player -> the Senior Officer he makes his General, his own being lost
    generals: dict[str, str] = field(factory=dict)
    # 9.2, Skaven: the players whose new General pays Clan Eshin for a grisly example
    encourage: list[str] = field(factory=list)
    # 8.5: the players whose General was lost as the sheet was written, the only ones it
    # could replace; one lost after it is sealed is replaced "next turn" (R-AA-94). None:
    # a sheet written before it was kept, read as knowing of every loss (R-AA-63)
    lost: list[str] | None = None


@define
class Fleet:
    """A fleet launched this turn: it "will patrol that territory and all adjacent
    coastal, river and sea territories" (5.3) and is gone at the turn's end."""

    realm: str
    where: str  # a territory id, or a sea hex's label
    used: bool = False  # "A fleet may only carry one army per campaign turn" (5.7)
    carried: str = ""  # the player whose force it carried
    route: list[str] = field(factory=list)  # 5.7 "Declare which route": the steps entered


# How the invaded realm answers (5.4); a neutral territory is taken without an answer.
WAITING = ""
STAND = "stand"
WITHDRAW = "withdraw"
NEUTRAL = "neutral"
FAILED = "failed"  # 5.7: "The fleet is forced to head back ... The invasion fails"


@define
class Invasion:
    """An invasion declared this year: by whom, from which territory into which, and how
    the invaded realm answered (stand, naming its defending player, R-AA-17; withdraw;
    or nobody's land). A raid is declared with it (5.9)."""

    id: str
    attacker: str  # player
    realm: str  # the attacker's realm
    source: str  # territory id
    target: str  # territory id
    defender_realm: str = ""  # "" for a neutral territory
    answer: str = WAITING
    defender: str = ""  # the defending player, once the realm stands
    raid: bool = False
    battle: str = ""  # the battle's id, once opened
    # 5.6: an army that marched through friendly land to ``source``: the way it went
    # (its own territory first) and what the march cost
    path: list[str] = field(factory=list)
    march: int = 0
    # 5.7: carried by the realm's fleet; the lowest mishap die of table 5.3 (0: none rolled)
    by_sea: bool = False
    mishap: int = 0


@define
class Bonus:
    """Initiative won for next year by a battle (6.3): a Follow-up (the same invasion
    again, or the defender's back along it) or a Blitz from the territory conquered."""

    player: str
    initiative: int
    kind: str  # follow-up | blitz
    source: str  # the territory it is launched from
    target: str  # the territory it invades ("" for a blitz: any of R-AA-22's)
    origin: str = ""  # a blitz's: the territory the conquering invasion came from
    # 6.3: a blitz after an amphibious invasion goes "into any adjacent non-coastal
    # territory": those neighbours, as the conquest found them
    inland: list[str] | None = None
    # 6.3: "If you gain a follow-up after launching an amphibious invasion you don't need a
    # fleet to transport you - the army is already there" (R-AA-70)
    landed: bool = False


ATTACKER = "attacker"
DEFENDER = "defender"


@define
class Contingent:
    """A Support Contingent (5.5): 300 or 600 points of a player's army marching to
    another player's battle, on the invader's side or the defender's, led by a Senior
    Officer. Its points come off the sender's own invasion army that year (R-AA-18); its
    march was paid when it was declared, and is paid back if it is refused or cancelled."""

    player: str
    invasion: str
    side: str  # attacker | defender
    points: int
    cost: int
    path: list[str] = field(factory=list)  # the territories marched through, start first
    refused: bool = False
    absent: bool = False  # it did not show up for the battle (6.2): its points are lost
    turned: bool = False  # it changed sides before the battle (6.2): ``side`` is the new one
    officer: str = ""  # the Senior Officer who leads it, if the sender names one (6.4)
    # 5.7: carried by a fleet, where it is and the lowest mishap die (0: none rolled); a 1
    # turned the fleet back and the Contingent never arrives (``lost``)
    fleet: str = ""
    mishap: int = 0
    lost: bool = False
    cancelled: bool = False  # 5.5: its sender cancelled it before the supported declared

    @property
    def fights(self) -> bool:
        """Whether it is with its battle: not refused, cancelled, stayed away or lost."""
        return not (self.refused or self.absent or self.lost or self.cancelled)


def pair_key(a: str, b: str) -> str:
    """Two players' trust is one entry whichever is named first: the ids sorted, joined."""
    first, second = sorted((a, b))
    return f"{first}|{second}"


@define
class Draft:
    """The set-up draft (2.1, R-AA-7), while it is made: the starting territories, the
    stage (roll, capitals, picks, holdings) and whose turn in it; the realms' 4D6."""

    starts: list[str] = field(factory=list)
    stage: str = "roll"
    turn: int = 0
    rolls: dict[str, int] = field(factory=dict)
    # each realm's 4D6 (with its Dark Elves' +1), one a round, ties rolling again (R-AA-7)
    scores: dict[str, list[int]] = field(factory=dict)


@define
class AasenState:
    books: dict[str, RealmBooks] = field(factory=dict)  # realm (team id) -> its ledgers
    razed: list[str] = field(factory=list)  # territory ids, razed (6.3, 7.1)
    generals: dict[str, General] = field(factory=dict)  # player id -> his General
    officers: dict[str, list[Officer]] = field(factory=dict)  # player id -> Senior Officers
    # 8.2: player id -> his captured Generals a Senior Officer was made General in place of,
    # still captives of their captors until freed or executed (R-AA-62)
    replaced: dict[str, list[General]] = field(factory=dict)
    # 6.4: "battle|player" -> the Glory his General earned in it, and how much he gave away
    earned: dict[str, int] = field(factory=dict)
    given: dict[str, int] = field(factory=dict)
    marks: dict[str, str] = field(factory=dict)  # player id -> his General's Mark of Chaos
    grudges: dict[str, Grudge] = field(factory=dict)  # Dwarf player -> his grudge (9.2)
    trust: dict[str, str] = field(factory=dict)  # pair_key(a, b) -> trusted | distrusted | sworn
    capitals: dict[str, str] = field(factory=dict)  # realm -> its Capital's territory id
    holdings: dict[str, str] = field(factory=dict)  # territory id -> outpost | stronghold
    eliminated: list[str] = field(factory=list)  # realms out of the campaign (3.1)
    fleets: list[Fleet] = field(factory=list)  # this turn's (5.3)
    sheets: api.SealedChoice[PurchaseSheet] = field(
        factory=lambda: api.SealedChoice("", "", [])
    )  # this turn's Promotions & Purchases sheets, one per realm
    initiative: dict[str, int] = field(factory=dict)  # player -> this year's Initiative
    tiebreak: dict[str, int] = field(factory=dict)  # player -> a die for equal Initiative
    declared: list[str] = field(factory=list)  # players who have declared or passed
    invasions: list[Invasion] = field(factory=list)  # this year's
    contingents: list[Contingent] = field(factory=list)  # this year's Support Contingents
    fought_in: list[str] = field(factory=list)  # territories a battle was fought in this year
    bonuses: list[Bonus] = field(factory=list)  # Initiative won for next year's declarations
    claimed: list[Bonus] = field(factory=list)  # this year's, counted in the Initiative (6.3)
    passages: list[str] = field(factory=list)  # this year's leave to march: "granter>grantee"
    over: bool = False  # the campaign's last year is played (4.1)
    trades: api.Agreements = field(factory=api.Agreements)  # this year's offers (5.2)
    # The order the realms were ranked in at set-up (Realm 1 first, R-AA-7): the scenario's
    # order of its realms when it fixes the allocation.
    realm_order: list[str] = field(factory=list)
    draft: Draft | None = None  # the set-up draft, while it is made (2.1, R-AA-48)

    def invasion(self, invasion_id: str) -> Invasion | None:
        """This year's invasion of that id, if there is one."""
        return next((i for i in self.invasions if i.id == invasion_id), None)


def astate(rules: api.Rules) -> AasenState:
    """The campaign's Aasen state (set up by the ruleset before the first action)."""
    state = rules.campaign.state
    if not isinstance(state, AasenState):
        raise api.RuleError("This campaign is not set up for The Invasion of Hex Island")
    return state
