"""The club server's settings, as ``tuicamp serve`` was given them."""

from __future__ import annotations

from pathlib import Path

from attrs import frozen

from tuicamp.engine.errors import InputError
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr

DEFAULT_LISTEN = "127.0.0.1:2222"
HOST_KEY_NAME = "ssh_host_ed25519_key"  # in the campaigns folder unless --host-key
GM_KEYS_NAME = "gm_keys"  # the club's Games Masters' public keys, one a line


@frozen
class ServeConfig:
    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    host: str
    port: int  # 0: any free port (the log says which)
    campaigns: Path
    host_key: Path
    gm_keys: Path
    idle_timeout: float = 30 * 60.0  # seconds without a key pressed before a session ends
    notice: tuple[str, ...] = ()  # the turn notice of seats without their own
    max_sessions: int = 64
    login_timeout: float = 30.0


def parse_listen(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:2222`` for IPv6) -> (host, port); InputError otherwise."""
    host, sep, port = text.rpartition(":")
    if not sep or not host:
        raise InputError(f"--listen {text!r}: write it as HOST:PORT, e.g. {DEFAULT_LISTEN}")
    host = host.removeprefix("[").removesuffix("]")
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise InputError(f"--listen {text!r}: the port is a number from 0 to 65535")
    return host, int(port)


def make_config(
    listen: str,
    campaigns: Path,
    host_key: Path | None = None,
    gm_keys: Path | None = None,
    idle_minutes: float = 30.0,
    notice: tuple[str, ...] = (),
    max_sessions: int = 64,
) -> ServeConfig:
    """The settings, checked: every mistake is one sentence naming the flag."""
    host, port = parse_listen(listen)
    if not campaigns.is_dir():
        raise InputError(f"--campaigns {campaigns}: no such folder (make it, or point elsewhere)")
    if idle_minutes <= 0:
        raise InputError("--idle-timeout: give the minutes a session may sit idle (over 0)")
    if max_sessions < 1:
        raise InputError("--max-sessions: at least 1")
    return ServeConfig(
        host=host,
        port=port,
        campaigns=campaigns.resolve(),
        host_key=(host_key or campaigns / HOST_KEY_NAME).resolve(),
        gm_keys=(gm_keys or campaigns / GM_KEYS_NAME).resolve(),
        idle_timeout=idle_minutes * 60.0,
        notice=notice,
        max_sessions=max_sessions,
    )
