"""What ``ssh club COMMAND`` runs: a few commands, always as the key's own seat.

A club member (or their script, or a bot of the club's chat) can read and play without a
terminal::

    ssh -p 2222 club.example campaigns
    ssh -p 2222 club.example show valley
    ssh -p 2222 club.example log valley --markdown
    ssh -p 2222 club.example apply valley < orders.toml

There is no ``--as``: the seat is the one the key opens in that campaign, and orders that
name another seat are refused. ``CAMPAIGN`` is the save's name (``valley`` for
``valley.toml``); it may be left out when the key reaches one campaign.

Orders are performed all or nothing, as ``tuicamp apply`` does. When someone else played
between the moment the orders were read against and the moment they are performed, the
revision check of the save refuses them as stale; they are then checked again against the
campaign as it now is and performed once (the player is told), never twice and never on top
of someone else's play.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from attrs import frozen

from tuicamp.engine.engine import action_types
from tuicamp.engine.errors import InputError, RuleError
from tuicamp.game.club import Access, Grant, reachable
from tuicamp.game.notices import campaign_name
from tuicamp.game.session import Session, refusal
from tuicamp.game.textreport import chronicle_markdown, chronicle_text, event_line, show_text
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr
from tuicamp.storage.orders import parse_orders

MAX_ORDERS_BYTES = 1_000_000
CAUGHT_UP = (  # told when the orders were played on a save newer than the one first read
    "tuicamp: the campaign changed meanwhile: reloaded, and the orders checked again against it\n"
)
EXIT_OK, EXIT_BAD_INPUT = 0, 2

USAGE = """\
tuicamp club server. Log in with a terminal for the lobby (ssh -t), or run one of:
  campaigns                   the campaigns where your key holds a seat
  show CAMPAIGN               what your seat sees, as text
  log CAMPAIGN [--markdown]   the chronicle your seat may read (letters included)
  apply CAMPAIGN < ORDERS     perform an orders file as your seat, all or nothing
CAMPAIGN is the save's name; leave it out when your key holds one seat.
"""

COMMANDS = ("campaigns", "show", "log", "apply", "help")


@frozen
class Outcome:
    """What a command answers: its exit status and its two outputs."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    status: int
    out: str = ""
    err: str = ""


@frozen
class Request:
    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    name: str
    campaign: str | None = None
    markdown: bool = False


def parse_request(text: str) -> Request:
    """The command a client sent; InputError with the usage when it is none of them."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise InputError(f"cannot read the command ({exc})\n{USAGE}") from None
    if not words or words[0] not in COMMANDS:
        what = words[0] if words else ""
        raise InputError(f"no such command {what!r} here\n{USAGE}")
    name, rest = words[0], words[1:]
    markdown = "--markdown" in rest and name == "log"
    rest = [w for w in rest if not (markdown and w == "--markdown")]
    if (name in ("campaigns", "help") and rest) or len(rest) > 1:
        raise InputError(f"{name}: unexpected {' '.join(rest)!r}\n{USAGE}")
    return Request(name, rest[0] if rest else None, markdown)


def pick(access: Access, folder: Path, name: str | None) -> Grant:
    """The campaign a command is about, among those the key reaches."""
    grants = reachable(access, folder)
    names = ", ".join(sorted(g.campaign for g in grants)) or "none"
    if name is None:
        if len(grants) == 1:
            return grants[0]
        raise InputError(f"say which campaign (yours: {names})")
    found = [g for g in grants if g.campaign == name or g.save.name == name]
    if not found:
        raise InputError(f"your key holds no seat in a campaign {name!r} (yours: {names})")
    return found[0]


def campaigns(access: Access, folder: Path) -> Outcome:
    lines = []
    for grant in reachable(access, folder):
        try:
            session = Session.open(grant.save)
        except InputError as exc:
            lines.append(f"{grant.campaign:<20} (cannot be read: {exc})")
            continue
        camp = session.campaign
        acting = session.acting_seats()
        state = "over" if camp.finished else ("your turn" if grant.seat in acting else "waiting")
        phase = session.ruleset.phase(camp.phase)
        lines.append(
            f"{grant.campaign:<20} seat {grant.seat:<8} turn {camp.turn}, "
            f"{phase.title if phase else camp.phase}: {state}  ({camp.name})"
        )
    return Outcome(EXIT_OK, "".join(line + "\n" for line in lines) or "No campaigns yet.\n")


def show(grant: Grant) -> Outcome:
    """The seat's view of the state alone, as ``tuicamp show`` prints it: the chronicle,
    which may be the longest file of a campaign, is for ``log``."""
    session = Session.peek(grant.save)
    text = show_text(session.view(grant.seat), session.ruleset)
    return Outcome(EXIT_OK, f"{text}\nThe chronicle: log {grant.campaign}\n")


def log(grant: Grant, markdown: bool) -> Outcome:
    session = Session.open(grant.save)
    view = session.view(grant.seat)
    text = chronicle_markdown(view, session.ruleset) if markdown else chronicle_text(view)
    return Outcome(EXIT_OK, text)


def open_for_orders(grant: Grant) -> Session:
    return Session.open(grant.save)


def apply_orders(session: Session, grant: Grant, raw: bytes) -> Outcome:
    """Perform orders as the grant's seat, all or nothing; stale means checked again."""
    if len(raw) > MAX_ORDERS_BYTES:
        return Outcome(EXIT_BAD_INPUT, err=f"orders: at most {MAX_ORDERS_BYTES} bytes\n")
    name = f"{grant.campaign} orders"
    try:
        orders = parse_orders(raw, name, action_types(session.ruleset))
        file_seat, actions = orders.seat, orders.actions
    except InputError as exc:
        return Outcome(EXIT_BAD_INPUT, err=f"{exc}\n")
    if file_seat is not None and file_seat != grant.seat:
        return Outcome(
            EXIT_BAD_INPUT,
            err=f"{name}: these orders are for seat {file_seat!r}; your key opens seat "
            f"{grant.seat!r} of {grant.campaign}\n",
        )
    if not actions:
        return Outcome(EXIT_BAD_INPUT, err=f"{name}: no [[action]] in it\n")
    read_at = session.revision
    try:
        # under the lock, on the save as it is then (whoever wrote it since it was read),
        # and refused when the save has applied these orders already (their id, or their
        # content at their revision): as `tuicamp apply` does
        events = session.apply_orders(grant.seat, orders)
    except RuleError as exc:
        return Outcome(EXIT_BAD_INPUT, err=refusal(name, orders, exc, session.revision) + "\n")
    except InputError as exc:
        return Outcome(EXIT_BAD_INPUT, err=f"{exc}\n")
    visible = {e.seq for e in session.view(grant.seat).chronicle}
    out = "".join(event_line(e) + "\n" for e in events if e.seq in visible)
    caught_up = session.revision > read_at + 1
    return Outcome(EXIT_OK, out, CAUGHT_UP if caught_up else "")


def ready_line(grant: Grant, session: Session) -> str:
    """Told before orders are read: what they will be performed against."""
    return (
        f"tuicamp: orders for seat {grant.seat} of {campaign_name(grant.save)} "
        f"(revision {session.revision}): send them and end the input\n"
    )
