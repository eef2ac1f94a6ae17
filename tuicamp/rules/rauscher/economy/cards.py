"""Event, encounter and magic cards, when the scenario brings its own decks (R-RA-10).

"each player may draw one event card from the Event deck at the beginning of their turn. A
player can play one of the Event cards in their hand anywhere on the board, or as per the
instructions on the Event card. They may be played at any time during the game". The cards
were promised for later articles: tuicamp invents none. A card's effect is the Games
Master's to apply (with corrections); tuicamp deals, keeps hands secret and shows the text.
The event deck is drawn in Upkeep; encounter and magic decks in the Effects phase, one card
per player each (tuicamp has no encounter hexes to trigger them, so each player draws).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tuicamp.engine.context import Context
from tuicamp.model.campaign import Campaign
from tuicamp.rules.kit.turns import acting_player
from tuicamp.rules.rauscher.economy.actions import DrawCard, PlayCard
from tuicamp.rules.rauscher.economy.common import econ, name_of, tell
from tuicamp.rules.rauscher.shared.common import require_not_done, require_phase
from tuicamp.rules.rauscher.shared.economy_state import Card, EconomyState

if TYPE_CHECKING:
    from tuicamp.engine.rules import Rules

DECK_KEYS = ("events", "encounters", "magic")


def deal_decks(state: EconomyState, setup: dict[str, Any]) -> None:
    """Take the scenario's decks (``events``, ``encounters``, ``magic``: cards with id,
    title, text) into the economy's state, in the scenario's order."""
    for deck in DECK_KEYS:
        cards = setup.get(deck)
        if not isinstance(cards, list):
            continue
        state.decks[deck] = []
        state.discards[deck] = []
        for card in cards:
            key = f"{deck}/{card['id']}"
            state.cards[key] = Card(str(card["id"]), deck, card["title"], card["text"])
            state.decks[deck].append(key)


def deck_phase(rules: Rules, deck: str) -> str:
    """The phase a deck is drawn in (the ``event_decks`` table; Upkeep when not named)."""
    return rules.table("event_decks").get(deck, "upkeep")


def _can_draw(campaign: Campaign, deck: str, player: str) -> bool:
    state = econ(campaign)
    if deck not in state.decks or state.drawn.get(f"{deck}:{player}") == campaign.turn:
        return False
    return bool(state.decks[deck] or state.discards.get(deck))


def draw_card(ctx: Context, action: DrawCard) -> None:
    state = econ(ctx)
    deck = action.deck
    ctx.require(deck in state.decks, f"This scenario has no {deck} deck (R-RA-10)")
    require_phase(ctx, deck_phase(ctx, deck))
    player = acting_player(ctx, action.player)
    require_not_done(ctx, player)
    name = name_of(ctx.campaign, player)
    ctx.require(
        state.drawn.get(f"{deck}:{player}") != ctx.campaign.turn,
        f'{name} has drawn from the {deck} deck this turn: "each player may draw one event '
        'card" a turn',
    )
    pile = state.decks[deck]
    note = ""
    if not pile and state.discards[deck]:
        pile.extend(state.discards[deck])  # the played cards, shuffled back by the draws
        state.discards[deck] = []
        note = " (the played cards were shuffled back into the deck)"
    ctx.require(pile, f"The {deck} deck is empty")
    index = 0
    if len(pile) > 1:
        index = ctx.dice.roll(f"d{len(pile)}", f"Draw from the {deck} deck").total - 1
    key = pile.pop(index)
    state.hands.setdefault(player, []).append(key)
    state.drawn[f"{deck}:{player}"] = ctx.campaign.turn
    card = state.cards[key]
    tell(
        ctx,
        player,
        "card_drawn",
        f"{name} draws '{card.title}' ({key}){note}: {card.text}",
        card=key,
    )


def play_card(ctx: Context, action: PlayCard) -> None:
    """Any phase, any time: "either in your turn or during another player's turn"."""
    state = econ(ctx)
    player = acting_player(ctx, action.player)
    hand = state.hands.get(player, [])
    key = next((k for k in hand if action.card in (k, k.split("/", 1)[1])), None)
    ctx.require(key is not None, f"{name_of(ctx.campaign, player)} holds no card {action.card!r}")
    hand.remove(key)
    card = state.cards[key]
    state.discards.setdefault(card.deck, []).append(key)
    ctx.emit(
        "card_played",
        f"{name_of(ctx.campaign, player)} plays '{card.title}': {card.text} "
        "(the Games Master applies its effect)",
        player=player,
        undoable=False,
        card=key,
    )


def pending(rules: Rules, player: str) -> list[str]:
    campaign = rules.campaign
    lines = []
    for deck in econ(campaign).decks:
        if deck_phase(rules, deck) == campaign.phase and _can_draw(campaign, deck, player):
            lines.append(f'draw your card from the {deck} deck (draw_card deck = "{deck}")')
    return lines


def start_effects(ctx: Context) -> None:
    decks = [d for d in econ(ctx).decks if deck_phase(ctx, d) == "effects"]
    if not decks:
        ctx.emit("effects", "No encounter or magic deck in this scenario (R-RA-10)", undoable=False)
        return
    ctx.emit(
        "effects",
        "Each Warmaster draws a card from the " + " and the ".join(decks) + " deck (R-RA-10)",
        undoable=False,
    )
