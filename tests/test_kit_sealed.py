"""Sealed choices: written in secret, revealed together, fixed after the reveal."""

from __future__ import annotations

import pytest
from attrs import define, field
from hypothesis import given
from hypothesis import strategies as st
from kit_world import KitRuleset, ctx_for, world

from tuicamp.engine.actions import Action
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.rules.kit.clock import Moment
from tuicamp.rules.kit.sealed import SealedChoice, close_if_due, reveal, sealed_view, write
from tuicamp.rules.kit.turns import acting_player


@define
class Order:
    order: str
    units: list[str] = field(factory=list)


def describe(order: Order) -> str:
    return order.order + (f" with {', '.join(order.units)}" if order.units else "")


def orders(**kw) -> SealedChoice[Order]:
    return SealedChoice("s1", "siege orders for s1", ["a", "b"], **kw)


def test_nothing_is_revealed_until_every_writer_has_written() -> None:
    """ "each of a set of players writes secretly; nothing is revealed until every one has
    written"; writing is one event naming the writer for all, and one with the content
    for the writer's players only; the reveal is one event for all."""
    camp = world()
    sealed = orders()
    ctx = ctx_for(camp, "a")
    assert write(ctx, sealed, "a", Order("attack", ["u1"]), describe) is None
    public, private = ctx.events
    assert public.visible_to is None and public.text == "Anna writes its sealed siege orders for s1"
    assert "attack" not in public.text and "attack" not in str(public.data)
    assert private.visible_to == ["a"] and private.text.endswith(": attack with u1")
    assert not sealed.revealed and sealed.waiting == ["b"]

    ctx = ctx_for(camp, "b")
    event = write(ctx, sealed, "b", Order("sally"), describe)
    assert event is ctx.events[-1] and sealed.revealed
    assert event.visible_to is None and not event.undoable
    assert event.text == (
        "The sealed siege orders for s1 are revealed: Anna: attack with u1; Bruno: sally"
    )


def test_a_seat_sees_who_has_written_and_only_its_own_choice() -> None:
    """ "a view per seat says who has written and who not and shows the seat only its own
    choice until the reveal"; the Games Master reads all, as in the chronicle."""
    camp = world()
    sealed = orders()
    write(ctx_for(camp, "a"), sealed, "a", Order("mine"))
    for_b = sealed_view(camp, sealed, camp.seat("b"))
    assert (for_b.written, for_b.waiting, for_b.choices) == (["a"], ["b"], {})
    assert for_b.waiting_text(camp) == "Waiting for Bruno"
    assert sealed_view(camp, sealed, camp.seat("a")).choices == {"a": Order("mine")}
    assert sealed_view(camp, sealed, camp.seat("gm")).choices == {"a": Order("mine")}
    write(ctx_for(camp, "b"), sealed, "b", Order("nothing"))
    after = sealed_view(camp, sealed, camp.seat("c"))
    assert after.revealed and after.choices == {"a": Order("mine"), "b": Order("nothing")}
    assert after.waiting_text(camp) == ""


def test_no_change_after_the_reveal() -> None:
    camp = world()
    sealed = orders()
    write(ctx_for(camp, "a"), sealed, "a", Order("attack"))
    write(ctx_for(camp, "b"), sealed, "b", Order("sally"))
    with pytest.raises(RuleError, match="no choice changes after the reveal"):
        write(ctx_for(camp, "a"), sealed, "a", Order("nothing"))
    with pytest.raises(RuleError, match="already revealed"):
        reveal(ctx_for(camp, "gm"), sealed)
    assert sealed.choices["a"] == Order("attack")


def test_a_choice_may_change_before_the_reveal_unless_it_stands_once_written() -> None:
    camp = world()
    sealed = orders()
    write(ctx_for(camp, "a"), sealed, "a", Order("attack"))
    ctx = ctx_for(camp, "a")
    write(ctx, sealed, "a", Order("mine"))
    assert sealed.choices["a"] == Order("mine") and ctx.events[0].text.startswith("Anna changes")
    notes = SealedChoice("r1", "ransom notes for Kurt", ["a", "b"], amend=False)
    write(ctx_for(camp, "a"), notes, "a", 5)
    with pytest.raises(RuleError, match="once written, it stands"):
        write(ctx_for(camp, "a"), notes, "a", 6)


def test_only_the_writers_write_and_only_from_their_seats() -> None:
    camp = world()
    sealed = orders()
    with pytest.raises(RuleError, match="Carla has no sealed choice to write"):
        write(ctx_for(camp, "c"), sealed, "c", Order("attack"))
    with pytest.raises(RuleError, match="Seat Bruno does not play a"):
        write(ctx_for(camp, "b"), sealed, "a", Order("attack"))
    write(ctx_for(camp, "gm"), sealed, "a", Order("attack"))  # the GM writes for anyone
    assert sealed.written == ["a"]


def test_the_ruleset_may_close_a_round_at_a_clock_value() -> None:
    """ "(or the ruleset closes it, e.g. at a clock value)": whoever has not written by
    then has written nothing."""
    camp = world()
    sealed = orders(closes=Moment(2, "march"))
    write(ctx_for(camp, "a"), sealed, "a", Order("bombard"))
    ctx = ctx_for(camp, "gm")
    assert close_if_due(ctx, sealed, describe, at=Moment(2, "orders")) is None
    assert close_if_due(ctx, sealed, describe, at=Moment(1, "battle", 9)) is None
    event = close_if_due(ctx, sealed, describe, at=Moment(2, "march"))
    assert event.text.endswith("Anna: bombard; Bruno: nothing written") and sealed.revealed
    assert close_if_due(ctx, sealed, describe, at=Moment(3)) is None  # already out
    # with no closing moment it never falls due; the campaign's own clock is the default
    assert close_if_due(ctx, orders(), describe) is None


def test_a_team_writes_for_all_its_players() -> None:
    """A realm writes one choice; any of its players' seats may write it, and all its
    players read it."""
    camp = world()
    sealed = SealedChoice("t1", "tribute offers", ["a", "east"])
    ctx = ctx_for(camp, "d")
    write(ctx, sealed, "east", 30)
    public, private = ctx.events
    assert public.text == "Realm of the East writes its sealed tribute offers"
    assert private.visible_to == ["c", "d"] and public.player is None
    assert sealed_view(camp, sealed, camp.seat("c")).choices == {"east": 30}
    assert sealed_view(camp, sealed, camp.seat("a")).choices == {}


@define
class SiegeLedger:
    orders: dict[str, SealedChoice[Order]] = field(factory=dict)
    bids: SealedChoice[int] = field(factory=lambda: SealedChoice("bids", "bids", ["a"]))


def test_the_state_round_trips_through_the_campaign_converter() -> None:
    """ "State is attrs data a ruleset keeps in its own state class (it round-trips
    through tuicamp.engine.codec's converter)", typed choices included."""
    camp = world()
    ledger = SiegeLedger()
    ledger.orders["s1"] = orders(closes=Moment(3, "battle", 2))
    write(ctx_for(camp, "a"), ledger.orders["s1"], "a", Order("attack", ["u1", "u2"]))
    write(ctx_for(camp, "a"), ledger.bids, "a", 12)
    camp.state = ledger
    back = campaign_from_dict(campaign_to_dict(camp), SiegeLedger)
    assert back.state == ledger
    assert isinstance(back.state.orders["s1"].choices["a"], Order)


@given(st.permutations(["a", "b", "c", "d"]), st.integers(0, 3))
def test_a_round_opens_exactly_when_its_last_writer_writes(order, peeker) -> None:
    """Whatever the order of writing, nobody sees another's choice before the last one
    is written, and the round opens with that last write, never before."""
    camp = world()
    sealed = SealedChoice("x", "moves", ["a", "b", "c", "d"])
    seat = camp.seat("abcd"[peeker])
    for i, writer in enumerate(order):
        event = write(ctx_for(camp, "gm"), sealed, writer, f"SECRET-{writer}")
        last = i == len(order) - 1
        assert (event is not None) == last == sealed.revealed
        seen = sealed_view(camp, sealed, seat).choices
        assert set(seen) <= ({seat.players[0]} if not last else set(order))


# --- through the engine, as a ruleset uses it ------------------------------------------
@define
class BidState:
    bids: SealedChoice[int] = field(factory=lambda: SealedChoice("bids", "bids", ["a", "b"]))


@define(kw_only=True)
class Bid(Action):
    kind = "bid"
    summary = "write a sealed bid"
    amount: int
    player: str = ""


class BiddingRuleset(KitRuleset):
    id = "kit-bids"
    actions = (Bid,)
    state_class = BidState

    def apply(self, ctx, action) -> None:
        player = acting_player(ctx, action.player)
        write(ctx, ctx.campaign.state.bids, player, action.amount, lambda n: f"{n} crowns")


def test_in_play_each_seat_reads_only_what_it_may() -> None:
    """Through the engine: the others read that Anna bid, not how much; after Bruno's bid
    everyone reads both; the bids survive a save."""
    ruleset = BiddingRuleset()
    camp = world()
    camp.ruleset, camp.state = ruleset.id, BidState()
    engine = Engine(camp, ruleset=ruleset)
    engine.perform("a", Bid(amount=40))

    def texts(seat: str) -> list[str]:
        return [e.text for e in view_for(Rules(camp, ruleset), engine.chronicle, seat).chronicle]

    assert texts("b") == ["Anna writes its sealed bids"]
    assert texts("a") == ["Anna writes its sealed bids", "Anna's sealed bids: 40 crowns"]
    back = campaign_from_dict(campaign_to_dict(camp), BidState)
    assert back.state == camp.state and back.state.bids.choices == {"a": 40}
    engine.perform("b", Bid(amount=30))
    assert texts("c")[-1] == "The sealed bids are revealed: Anna: 40 crowns; Bruno: 30 crowns"
    with pytest.raises(RuleError, match="no choice changes after the reveal"):
        engine.perform("b", Bid(amount=50))
    assert camp.state.bids.choices == {"a": 40, "b": 30}
