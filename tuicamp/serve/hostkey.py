"""The server's host key: made once, on the first start, and kept.

Clients remember the host key the first time they connect (OpenSSH's known_hosts) and
warn loudly if it ever changes, so it must survive restarts. It is an Ed25519 key,
written with mode 0600 and never logged; its fingerprint is, so that an admin can tell
the members what to expect.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import asyncssh

from tuicamp.engine.errors import InputError
from tuicamp.storage.seat_keys import fingerprint_of

log = logging.getLogger("tuicamp.serve")


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The host key at ``path``, made there first if there is none."""
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519", comment="tuicamp club server")
        data = key.export_private_key()
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another server made it meanwhile: use that one
            return load_host_key(path)
        except OSError as exc:
            raise InputError(f"--host-key {path}: cannot write it ({exc.strerror})") from None
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        log.info("made a new host key at %s", path)
    try:
        key = asyncssh.read_private_key(path)
    except (OSError, asyncssh.KeyImportError) as exc:
        raise InputError(f"--host-key {path}: not a private key it can read ({exc})") from None
    if path.stat().st_mode & 0o077:
        path.chmod(0o600)
    return key


def host_fingerprint(key: asyncssh.SSHKey) -> str:
    return fingerprint_of(key.public_data)
