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

# What a realm may build on its land (5.3).
OUTPOST = "outpost"
STRONGHOLD = "stronghold"
HOLDINGS = (OUTPOST, STRONGHOLD)


@define
class General:
    """A player's General: "the General is the only thing that may not be altered as the
    player pleases from game to game" (8). He is made by the free promotion of the first
    turn (R-AA-15); his Glory starts at 0 and decides the army's selection (table 9.1).
    Skills, injuries and Senior Officers join him with the characters of the text's
    chapter 8."""

    name: str
    glory: int = 0


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


def pair_key(a: str, b: str) -> str:
    """Two players' trust is one entry whichever is named first: the ids sorted, joined."""
    first, second = sorted((a, b))
    return f"{first}|{second}"


@define
class AasenState:
    books: dict[str, RealmBooks] = field(factory=dict)  # realm (team id) -> its ledgers
    razed: list[str] = field(factory=list)  # territory ids, razed (6.3, 7.1)
    generals: dict[str, General] = field(factory=dict)  # player id -> his General
    marks: dict[str, str] = field(factory=dict)  # player id -> his General's Mark of Chaos
    trust: dict[str, str] = field(factory=dict)  # pair_key(a, b) -> trusted | distrusted | sworn
    capitals: dict[str, str] = field(factory=dict)  # realm -> its Capital's territory id
    holdings: dict[str, str] = field(factory=dict)  # territory id -> outpost | stronghold
    # The order the realms were ranked in at set-up (Realm 1 first, R-AA-7): the scenario's
    # order of its realms when it fixes the allocation.
    realm_order: list[str] = field(factory=list)


def astate(rules: api.Rules) -> AasenState:
    """The campaign's Aasen state (set up by the ruleset before the first action)."""
    state = rules.campaign.state
    if not isinstance(state, AasenState):
        raise api.RuleError("This campaign is not set up for The Invasion of Hex Island")
    return state
