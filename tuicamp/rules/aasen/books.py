"""Every change of a realm's Support, Resources and Wealth, in one place.

Each change is one ``books`` event carrying its deltas (``resources``, ``wealth``) and
read by the realm's own players only, so the ledgers can be summed from the chronicle and
always equal the books: nothing is made or lost unseen. A realm never spends what it does
not have: the refusal names what it has.
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.aasen.state import RealmBooks, astate


def books_of(rules: api.Rules, realm_id: str) -> RealmBooks:
    return astate(rules).books.setdefault(realm_id, RealmBooks())


def change(
    ctx: api.Context, realm_id: str, why: str, *, resources: int = 0, wealth: int = 0
) -> None:
    """Add (or take, when negative) Resources and Wealth, telling the realm why."""
    books = books_of(ctx, realm_id)
    name = api.teams.name_of(ctx.campaign, realm_id)
    ctx.require(
        books.resources + resources >= 0,
        f"{name} has {books.resources} Resources: {why} needs {-resources}",
    )
    ctx.require(
        books.wealth + wealth >= 0, f"{name} has {books.wealth} Wealth: {why} needs {-wealth}"
    )
    books.resources += resources
    books.wealth += wealth
    parts = [f"{n:+d} {what}" for n, what in ((resources, "Resources"), (wealth, "Wealth")) if n]
    now = f"now {books.resources} Resources, {books.wealth} Wealth"
    text = f"{name}: {', '.join(parts)} ({why}); {now}"
    ctx.emit(
        "books",
        text,
        visible_to=api.teams.members(ctx.campaign, realm_id),
        realm=realm_id,
        resources=resources,
        wealth=wealth,
    )


def spend(ctx: api.Context, realm_id: str, amount: int, why: str) -> None:
    if amount:
        change(ctx, realm_id, why, resources=-amount)
