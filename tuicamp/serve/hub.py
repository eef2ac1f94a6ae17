"""Which key opens what, read afresh at every login, and handed to a session's process.

Nothing is cached: binding or unbinding a key (``tuicamp seats``), or editing the GM keys
file, takes effect at the next login without restarting the server. What a session was
granted at login is fixed for that session: it is passed to its process in the
environment (``TUICAMP_ACCESS``), as JSON, by the server alone; nothing typed in the
session can change it.
"""

from __future__ import annotations

import json
from pathlib import Path

from attrs import define

from tuicamp.engine.errors import InputError
from tuicamp.game.club import Access, Grant, access_for
from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr
from tuicamp.storage.seat_keys import read_key_list

ACCESS_ENV = "TUICAMP_ACCESS"


@define
class Hub:
    __repr__ = fields_repr
    __eq__ = fields_eq

    campaigns: Path
    gm_keys: Path

    def club_gm(self, fingerprint: str) -> bool:
        """Whether the key is one of the club's Games Masters'."""
        try:
            return any(k.fingerprint == fingerprint for k in read_key_list(self.gm_keys))
        except InputError:
            return False  # the server logs the broken file at start; it opens nothing

    def access(self, fingerprint: str) -> Access:
        return access_for(self.campaigns, fingerprint, self.club_gm(fingerprint))


def encode_access(access: Access) -> str:
    return json.dumps(
        {
            "fingerprint": access.fingerprint,
            "club_gm": access.club_gm,
            "grants": [{"save": str(g.save), "seat": g.seat} for g in access.grants],
        }
    )


def decode_access(text: str) -> Access:
    """The access a session was started with; InputError when it is not one."""
    try:
        data = json.loads(text)
        grants = tuple(Grant(Path(g["save"]), str(g["seat"])) for g in data["grants"])
        return Access(str(data["fingerprint"]), grants, bool(data["club_gm"]))
    except (ValueError, KeyError, TypeError) as exc:
        raise InputError(f"this session was started without its seats ({exc})") from None
