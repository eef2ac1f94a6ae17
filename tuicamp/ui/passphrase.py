"""Seat passphrases: a hotseat courtesy, not a vault.

A passphrase only keeps an honest club-mate from pressing Enter on someone else's
hand-over; the save is a readable TOML file anyway. Still, it is stored as a salted
scrypt hash so a glance at the file does not give it away. No Textual here, so the SSH
seat and the command line can check the same hashes.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

_PREFIX = "scrypt"
_N, _R, _P = 2**14, 8, 1


def hash_passphrase(passphrase: str, salt: bytes | None = None) -> str:
    """``scrypt$<salt hex>$<hash hex>`` for Seat.passphrase_hash."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(passphrase.encode("utf-8"), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    return f"{_PREFIX}${salt.hex()}${digest.hex()}"


def check_passphrase(passphrase: str, stored: str | None) -> bool:
    """True when the passphrase matches; a seat without one accepts anything."""
    if not stored:
        return True
    try:
        prefix, salt_hex, digest_hex = stored.split("$")
        salt = bytes.fromhex(salt_hex)
    except ValueError:
        return False
    if prefix != _PREFIX:
        return False
    expected = hash_passphrase(passphrase, salt).split("$")[2]
    return hmac.compare_digest(expected, digest_hex)
