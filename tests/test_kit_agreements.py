"""Agreements: proposed by one, accepted or declined by the others, or lapsed."""

from __future__ import annotations

import contextlib
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from kit_world import ctx_for, world

from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.errors import RuleError
from tuicamp.rules.kit.agreements import (
    Agreements,
    AgreementStatus,
    accept,
    decline,
    lapse_due,
    propose,
    withdraw,
)
from tuicamp.rules.kit.clock import Moment


def test_an_accepted_agreement_is_returned_for_the_ruleset_to_act_on() -> None:
    """ "one player proposes (a kind and terms), the other(s) accept ...; an accepted
    agreement is an event the ruleset acts on (the function returns it)"."""
    camp = world()
    book = Agreements()
    ctx = ctx_for(camp, "a")
    ag = propose(ctx, book, "truce", "a", ["b"], {"turns": 2}, text="no battles for 2 turns")
    (event,) = ctx.events
    assert event.kind == "agreement_proposed" and event.visible_to == ["a", "b"]
    assert event.text == "Anna proposes a truce to Bruno: no battles for 2 turns"
    assert ag.pending and ag.proposed == Moment(1, "orders") and book.awaiting("b") == [ag]
    ctx = ctx_for(camp, "b")
    done = accept(ctx, book, ag.id)
    assert done is ag and ag.status is AgreementStatus.ACCEPTED and ag.terms == {"turns": 2}
    (event,) = ctx.events
    assert event.kind == "agreement_accepted" and event.data["terms"] == {"turns": 2}
    assert event.text == "Truce agreed between Anna and Bruno: no battles for 2 turns"
    assert book.in_force("b", "a", "truce") is ag and book.awaiting("b") == []


def test_every_party_must_accept() -> None:
    """The chronicle says it as a sentence would: "proposes an alliance", "Anna, Bruno and
    Realm of the East", never "a alliance" nor a bare list of names."""
    camp = world()
    book = Agreements()
    ctx = ctx_for(camp, "a")
    ag = propose(ctx, book, "alliance", "a", ["b", "east"])
    assert ctx.events[0].text == "Anna proposes an alliance to Bruno and Realm of the East"
    ctx = ctx_for(camp, "b")
    assert accept(ctx, book, ag.id) is None
    assert ctx.events[0].text == (
        "Bruno accepts the alliance proposed by Anna; waiting for Realm of the East"
    )
    assert ag.pending and ag.waiting == ["east"]
    ctx = ctx_for(camp, "c")
    assert accept(ctx, book, ag.id) is ag  # Carla answers for her realm
    assert ag.status is AgreementStatus.ACCEPTED
    assert ctx.events[0].text == "Alliance agreed between Anna, Bruno and Realm of the East"


def test_a_proposal_lapsing_unanswered_names_whoever_did_not_answer() -> None:
    camp = world()
    book = Agreements()
    propose(ctx_for(camp, "a"), book, "truce", "a", ["b", "c"], lapses=Moment(2))
    gm = ctx_for(camp, "gm")
    lapse_due(gm, book, Moment(2))
    assert gm.events[-1].text == "The truce proposed by Anna lapses unanswered by Bruno and Carla"


def test_a_decline_ends_the_proposal_for_everyone() -> None:
    camp = world()
    book = Agreements()
    ag = propose(ctx_for(camp, "a"), book, "alliance", "a", ["b", "c"])
    ctx = ctx_for(camp, "c")
    assert decline(ctx, book, ag.id) is ag and ag.status is AgreementStatus.DECLINED
    assert ctx.events[0].text == "Carla declines the alliance proposed by Anna"
    with pytest.raises(
        RuleError, match=f"Only a pending proposal is answered: {ag.id} is declined"
    ):
        accept(ctx_for(camp, "b"), book, ag.id)


def test_one_pending_proposal_per_pair_and_kind() -> None:
    """ "one pending proposal per pair and kind; refusals name the rule"."""
    camp = world()
    book = Agreements()
    first = propose(ctx_for(camp, "a"), book, "truce", "a", ["b"])
    with pytest.raises(RuleError) as exc:
        propose(ctx_for(camp, "b"), book, "truce", "b", ["a"])
    assert str(exc.value) == (
        "One truce proposal at a time between two parties: Bruno and Anna already have one "
        f"pending ({first.id})"
    )
    with pytest.raises(RuleError, match="Bruno and Anna already have one"):
        propose(ctx_for(camp, "ab"), book, "truce", "b", ["c", "a"])
    propose(ctx_for(camp, "a"), book, "passage", "a", ["b"])  # another kind is welcome
    propose(ctx_for(camp, "a"), book, "truce", "a", ["c"])  # and another pair
    ids = [x.id for x in book.items]
    assert len(set(ids)) == 3 and all(re.fullmatch(r"ag[2-9a-km-np-z]{4}", i) for i in ids)


@pytest.mark.parametrize(
    ("seat", "proposer", "parties", "refusal"),
    [
        ("b", "a", ["b"], "Seat Bruno does not play a"),
        ("a", "a", [], "A proposal is made to someone: name the other party"),
        ("a", "a", ["a"], "A proposal is made to others: Anna cannot propose to itself"),
        ("a", "a", ["b", "b"], "A proposal names each party once"),
        ("a", "a", ["zed"], "There is no player or team 'zed'"),
        ("a", "zed", ["b"], "There is no player or team 'zed'"),
    ],
)
def test_refusals_name_the_rule(seat, proposer, parties, refusal) -> None:
    camp = world()
    with pytest.raises(RuleError) as exc:
        propose(ctx_for(camp, seat), Agreements(), "truce", proposer, parties)
    assert str(exc.value) == refusal


def test_only_the_parties_answer_and_only_once() -> None:
    camp = world()
    book = Agreements()
    ag = propose(ctx_for(camp, "a"), book, "alliance", "a", ["b", "c"])
    with pytest.raises(RuleError) as exc:
        accept(ctx_for(camp, "a"), book, ag.id)
    assert (
        str(exc.value)
        == f"Only those a proposal is made to answer it: seat Anna is not asked in {ag.id}"
    )
    with pytest.raises(RuleError, match=f"Anna is not asked in {ag.id}"):
        accept(ctx_for(camp, "gm"), book, ag.id, party="a")
    with pytest.raises(RuleError, match="Seat Bruno does not play c"):
        accept(ctx_for(camp, "b"), book, ag.id, party="c")
    accept(ctx_for(camp, "b"), book, ag.id)
    with pytest.raises(RuleError, match=f"Bruno has already accepted {ag.id}"):
        accept(ctx_for(camp, "b"), book, ag.id)
    with pytest.raises(RuleError, match="There is no proposal 'ag9'"):
        decline(ctx_for(camp, "b"), book, "ag9")


def test_a_proposal_lapses_at_a_clock_value() -> None:
    """ "or it lapses at a clock value (turn, phase, step: compare as the flow orders
    them)"; an answer after that moment is refused even before the ruleset lapses it."""
    camp = world()
    book = Agreements()
    ag = propose(ctx_for(camp, "a"), book, "truce", "a", ["b"], lapses=Moment(2, "march"))
    gm = ctx_for(camp, "gm")
    assert lapse_due(gm, book, at=Moment(2, "orders", 5)) == [] and ag.pending
    with pytest.raises(RuleError, match=f"Proposal {ag.id} lapsed at turn 2, March phase"):
        accept(ctx_for(camp, "b"), book, ag.id, at=Moment(2, "battle"))
    assert lapse_due(gm, book, at=Moment(2, "march")) == [ag]
    assert ag.status is AgreementStatus.LAPSED and ag.settled == Moment(2, "march")
    assert gm.events[-1].text == "The truce proposed by Anna lapses unanswered by Bruno"
    assert lapse_due(gm, book, at=Moment(5)) == []  # once


def test_a_proposal_lapses_after_it_is_made() -> None:
    camp = world()
    camp.turn, camp.phase = 3, "march"
    for too_soon in (Moment(3, "march"), Moment(3, "orders"), Moment(2, "battle")):
        with pytest.raises(RuleError, match="A proposal must lapse after it is made"):
            propose(ctx_for(camp, "a"), Agreements(), "truce", "a", ["b"], lapses=too_soon)
    with pytest.raises(RuleError, match="'winter' is not a phase of this ruleset"):
        propose(ctx_for(camp, "a"), Agreements(), "truce", "a", ["b"], lapses=Moment(4, "winter"))
    propose(ctx_for(camp, "a"), Agreements(), "truce", "a", ["b"], lapses=Moment(3, "march", 1))


def test_the_proposer_may_withdraw() -> None:
    camp = world()
    book = Agreements()
    ag = propose(ctx_for(camp, "a"), book, "truce", "a", ["b"])
    with pytest.raises(
        RuleError, match=f"Only the proposer withdraws a proposal: {ag.id} is Anna's"
    ):
        withdraw(ctx_for(camp, "b"), book, ag.id)
    assert withdraw(ctx_for(camp, "a"), book, ag.id).status is AgreementStatus.WITHDRAWN
    propose(ctx_for(camp, "b"), book, "truce", "b", ["a"])  # the pair is free again


def test_a_public_proposal_is_read_by_all() -> None:
    camp = world()
    ctx = ctx_for(camp, "a")
    propose(ctx, Agreements(), "duel", "a", ["b"], public=True)
    assert ctx.events[0].visible_to is None


def test_the_book_round_trips_through_the_campaign_converter() -> None:
    camp = world()
    book = Agreements()
    ag = propose(ctx_for(camp, "a"), book, "truce", "a", ["east"], {"gold": 5}, lapses=Moment(4))
    accept(ctx_for(camp, "d"), book, ag.id)
    propose(ctx_for(camp, "b"), book, "passage", "b", ["a"], {"hexes": ["0101", "0102"]})
    camp.state = book
    assert campaign_from_dict(campaign_to_dict(camp), Agreements).state == book


@given(st.lists(st.tuples(st.sampled_from("abcd"), st.sampled_from("abcd")), max_size=12))
def test_never_two_pending_proposals_of_a_kind_between_a_pair(pairs) -> None:
    """However proposals come, a pair never has two pending of one kind."""
    camp = world()
    book = Agreements()
    for proposer, party in pairs:
        with contextlib.suppress(RuleError):
            propose(ctx_for(camp, "gm"), book, "truce", proposer, [party])
    for a in "abcd":
        for b in "abcd":
            if a != b:
                assert len(book.between(a, b, "truce", AgreementStatus.PENDING)) <= 1
