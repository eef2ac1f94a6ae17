"""The offers players make each other and answer by id: the turn's alliances (R-SU-12),
temporary alliances for a battle (§4.1), and who controls a castle allies share (R-SU-41).

Every one is an agreement of the kit's: one player offers (``to`` and the offer's own
fields), the others accept (``accept`` = its id) or decline (``decline`` = its id). The
action class here holds those fields and the answering, once for all three. The three
books count their ids as one (``one_count``): the kit codes an id from its book's count, so
three books counting apart gave their first offers the same id (R-ALL-7: never given twice).
"""

from __future__ import annotations

from typing import ClassVar

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.suvinen.state import sstate

BOOKS = ("alliances", "temp_alliances", "castle_deals")  # the state's books of offers


def one_count(ctx: api.Context) -> None:
    """Bring every book of offers to the highest count of them, so that the next id any of
    them gives is one none of them has given (R-ALL-7)."""
    state = sstate(ctx)
    books = [getattr(state, name) for name in BOOKS]
    top = max(book.next_id for book in books)
    for book in books:
        book.next_id = top


@define(kw_only=True)
class Offer(api.Action):
    """An offer or its answer; the subclass names its book in the state (``books``), says
    what is offered (:meth:`offer`) and what happens when the last party accepts
    (:meth:`agreed`)."""

    to: str = ""
    accept: str = ""
    decline: str = ""
    player: str = ""

    books: ClassVar[str] = ""  # the state's book of these offers

    def book(self, ctx: api.Context) -> api.Agreements:
        book = getattr(sstate(ctx), self.books)
        assert isinstance(book, api.Agreements)
        return book

    def offer(self, ctx: api.Context, me: str) -> None:
        raise NotImplementedError

    def agreed(self, ctx: api.Context, done: api.Agreement) -> None:
        """The last party accepted: the agreement is in force."""

    def apply(self, ctx: api.Context) -> None:
        me = api.turns.acting_player(ctx, self.player)
        if self.accept:
            done = api.agreements.accept(ctx, self.book(ctx), self.accept, me)
            if done is not None:
                self.agreed(ctx, done)
        elif self.decline:
            api.agreements.decline(ctx, self.book(ctx), self.decline, me)
        else:
            one_count(ctx)
            self.offer(ctx, me)
            one_count(ctx)
