"""Who may sit at which seat: public keys bound to seats, kept beside the save.

``NAME.seats.toml`` sits next to ``NAME.toml`` and holds, per seat, the SSH public keys
that open it and the command that tells the seat its turn has come::

    format_version = 1

    [seat.p1]
    keys = ["ssh-ed25519 AAAAC3Nz... anna@laptop"]
    notice = ["notify-club", "anna"]

Why beside the save and not in it: the save is game state, which a GM reads and edits,
every seat's view is cut from and the chronicle tells; keys and hook commands are the club
server's business. A separate file keeps them out of every view, lets an admin bind and
unbind keys without touching (or bumping the revision of) the campaign, and is read only
by the processes that decide who sits where: ``tuicamp serve`` and ``tuicamp play``.
It is written with mode 0600, under its own lock, atomically.

``NAME.marks.toml`` beside it is what those processes remember per seat between sessions:
how much of the chronicle the seat had seen when it last looked (the lobby's "what changed")
and which turns it has been told of (a turn notice is sent once per due point).

A public key is read in OpenSSH's one-line form (``ssh-ed25519 AAAA... comment``, the
``.pub`` file beside a private key); its fingerprint is OpenSSH's ``SHA256:...``, the same
``ssh-keygen -lf`` prints, which is how keys are named in listings and logs.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import tomli_w
from attrs import define, field, frozen

from tuicamp.engine.errors import InputError
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr
from tuicamp.storage.locations import (
    MARKS_SUFFIX,
    SAVE_SUFFIX,
    SEATS_SUFFIX,
    atomic_write,
    write_lock,
)
from tuicamp.storage.tomlfile import read_toml

FORMAT = 1
PRIVATE_MODE = 0o600

# The key types OpenSSH clients offer today (DSA is long gone from them).
KEY_KINDS = frozenset(
    {
        "ssh-ed25519",
        "ssh-rsa",
        "ecdsa-sha2-nistp256",
        "ecdsa-sha2-nistp384",
        "ecdsa-sha2-nistp521",
        "sk-ssh-ed25519@openssh.com",
        "sk-ecdsa-sha2-nistp256@openssh.com",
    }
)

T = TypeVar("T")


def _companion(save: Path, suffix: str) -> Path:
    name = save.name
    stem = name[: -len(SAVE_SUFFIX)] if name.endswith(SAVE_SUFFIX) else name
    return save.with_name(stem + suffix)


def seats_path(save: Path) -> Path:
    """``NAME.toml`` -> ``NAME.seats.toml``."""
    return _companion(save, SEATS_SUFFIX)


def marks_path(save: Path) -> Path:
    """``NAME.toml`` -> ``NAME.marks.toml``."""
    return _companion(save, MARKS_SUFFIX)


# --- public keys ----------------------------------------------------------------------------
@frozen
class PublicKey:
    """An SSH public key: its type, its bytes (the blob) and the owner's comment."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    kind: str
    blob: bytes
    comment: str = ""

    @property
    def fingerprint(self) -> str:
        """OpenSSH's ``SHA256:`` fingerprint (what ``ssh-keygen -lf`` prints)."""
        digest = base64.b64encode(hashlib.sha256(self.blob).digest()).decode("ascii")
        return "SHA256:" + digest.rstrip("=")

    def line(self) -> str:
        """The key as one line of an authorized_keys file."""
        text = f"{self.kind} {base64.b64encode(self.blob).decode('ascii')}"
        return f"{text} {self.comment}" if self.comment else text

    def label(self) -> str:
        """How listings name the key: its fingerprint, and the comment when it has one."""
        return f"{self.fingerprint} ({self.comment})" if self.comment else self.fingerprint


def fingerprint_of(blob: bytes) -> str:
    """The fingerprint of a key given as its blob (what an SSH server is offered)."""
    return PublicKey("", blob).fingerprint


def _blob_kind(blob: bytes) -> str | None:
    """The type a key blob names in its first field (None: not a key blob)."""
    if len(blob) < 4:
        return None
    (length,) = struct.unpack(">I", blob[:4])
    if length > len(blob) - 4:
        return None
    try:
        return blob[4 : 4 + length].decode("ascii")
    except UnicodeDecodeError:
        return None


def parse_public_key(text: str, where: str) -> PublicKey:
    """One key in OpenSSH's one-line form; an InputError starting with ``where`` says
    what is wrong in words an admin can act on."""
    line = text.strip()
    if "PRIVATE KEY" in line:
        raise InputError(
            f"{where}: that is a private key; give the public key (the .pub file beside it)"
        )
    parts = line.split(None, 2)
    if not parts:
        raise InputError(f"{where}: no public key in it")
    if parts[0] not in KEY_KINDS:
        if any(p in KEY_KINDS for p in parts[1:2]) or "," in parts[0] or "=" in parts[0]:
            raise InputError(
                f"{where}: the key has authorized_keys options in front ({parts[0]}); "
                "give the key alone"
            )
        kinds = ", ".join(sorted(KEY_KINDS))
        raise InputError(f"{where}: {parts[0][:40]!r} is not an SSH public key type ({kinds})")
    if len(parts) < 2:
        raise InputError(f"{where}: the {parts[0]} key has no key data after its type")
    try:
        blob = base64.b64decode(parts[1], validate=True)
    except (binascii.Error, ValueError):
        raise InputError(f"{where}: the key data is not base64 (a damaged copy?)") from None
    if _blob_kind(blob) != parts[0]:
        raise InputError(f"{where}: the key data is not a {parts[0]} key (a damaged copy?)")
    comment = parts[2].strip() if len(parts) > 2 else ""
    return PublicKey(parts[0], blob, "".join(c for c in comment if c.isprintable()))


def read_public_key_file(path: Path) -> PublicKey:
    """The key of a ``.pub`` file (its first key line)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not text"
        raise InputError(f"{path}: cannot read it ({reason})") from None
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        raise InputError(f"{path}: no public key in it")
    if "PRIVATE KEY" in text:
        return parse_public_key(text, str(path))
    return parse_public_key(lines[0], str(path))


def read_key_list(path: Path) -> list[PublicKey]:
    """Every key of an authorized_keys-style file (one key a line, ``#`` comments);
    a missing file is no keys. An InputError names the line of a bad key."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not text"
        raise InputError(f"{path}: cannot read it ({reason})") from None
    keys = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            keys.append(parse_public_key(line, f"{path}:{number}"))
    return keys


# --- the seats file -------------------------------------------------------------------------
@define
class SeatBinding:
    """What the seats file says of one seat."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    keys: list[PublicKey] = field(factory=list)
    notice: list[str] = field(factory=list)  # the command line of its turn notice; []: none


@define
class SeatKeys:
    """The whole seats file of one campaign."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    seats: dict[str, SeatBinding] = field(factory=dict)

    def seat(self, seat_id: str) -> SeatBinding:
        return self.seats.setdefault(seat_id, SeatBinding())

    def keys_of(self, seat_id: str) -> list[PublicKey]:
        binding = self.seats.get(seat_id)
        return list(binding.keys) if binding else []

    def seat_of(self, fingerprint: str) -> str | None:
        """The seat a key opens (None: it opens none here)."""
        for seat_id, binding in self.seats.items():
            if any(k.fingerprint == fingerprint for k in binding.keys):
                return seat_id
        return None

    def bind(self, seat_id: str, key: PublicKey) -> bool:
        """Bind a key to a seat; False when it already was. A key opens one seat of a
        campaign (the server must know which), so one bound elsewhere is refused."""
        holder = self.seat_of(key.fingerprint)
        if holder == seat_id:
            return False
        if holder is not None:
            raise InputError(
                f"the key {key.fingerprint} already opens seat {holder!r}: a key opens one "
                f"seat of a campaign (unbind it from {holder!r} first)"
            )
        self.seat(seat_id).keys.append(key)
        return True

    def unbind(self, seat_id: str, fingerprint: str | None = None) -> list[PublicKey]:
        """Take one key (None: every key) off a seat; the keys taken off."""
        binding = self.seats.get(seat_id)
        if binding is None:
            return []
        gone = [k for k in binding.keys if fingerprint is None or k.fingerprint == fingerprint]
        binding.keys = [k for k in binding.keys if k not in gone]
        return gone

    def to_toml(self) -> dict[str, Any]:
        seats: dict[str, Any] = {}
        for seat_id, binding in sorted(self.seats.items()):
            entry: dict[str, Any] = {}
            if binding.keys:
                entry["keys"] = [k.line() for k in binding.keys]
            if binding.notice:
                entry["notice"] = list(binding.notice)
            if entry:
                seats[seat_id] = entry
        return {"format_version": FORMAT, "seat": seats}


_SEATS_HEAD = (
    "# Who may sit at which seat of this campaign, and how each seat is told its turn.\n"
    "# Written by `tuicamp seats`; read by `tuicamp serve` and `tuicamp play` only.\n\n"
)


def _checked_list(
    doc_where: Callable[[tuple[str | int, ...], str], InputError],
    path: tuple[str | int, ...],
    value: object,
) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise doc_where(path, "write it as a list of strings in quotes")
    return list(value)


def read_seat_keys(save: Path) -> SeatKeys:
    """The seats file of a save (none yet: no keys bound). Every problem is one line
    naming the file and the line."""
    path = seats_path(save)
    if not path.exists():
        return SeatKeys()
    doc = read_toml(path)
    version = doc.data.get("format_version", FORMAT)
    if not isinstance(version, int) or version > FORMAT:
        raise doc.error(
            ("format_version",), f"written by a newer tuicamp (format {version}); upgrade"
        )
    seats = doc.data.get("seat", {})
    if not isinstance(seats, dict):
        raise doc.error(("seat",), "write the seats as [seat.ID] tables")
    out = SeatKeys()
    for seat_id, entry in seats.items():
        if not isinstance(entry, dict):
            raise doc.error(("seat", seat_id), "a seat is a table with keys and notice")
        unknown = set(entry) - {"keys", "notice"}
        if unknown:
            key = sorted(unknown)[0]
            raise doc.error(("seat", seat_id, key), f"unknown key {key!r} (keys, notice)")
        lines = _checked_list(doc.error, ("seat", seat_id, "keys"), entry.get("keys", []))
        where = doc.where(("seat", seat_id, "keys"))
        binding = out.seat(seat_id)
        for line in lines:
            binding.keys.append(parse_public_key(line, where))
        binding.notice = _checked_list(
            doc.error, ("seat", seat_id, "notice"), entry.get("notice", [])
        )
    return out


def write_seat_keys(save: Path, keys: SeatKeys) -> None:
    """Write the seats file (mode 0600, atomically). Hold :func:`seats_lock`."""
    data = (_SEATS_HEAD + tomli_w.dumps(keys.to_toml())).encode("utf-8")
    _write_private(seats_path(save), data)


def update_seat_keys(save: Path, change: Callable[[SeatKeys], T]) -> T:
    """Read, change and write the seats file under its lock; ``change``'s answer."""
    with write_lock(seats_path(save)):
        keys = read_seat_keys(save)
        answer = change(keys)
        write_seat_keys(save, keys)
    return answer


def _write_private(path: Path, data: bytes) -> None:
    """Write a file only its owner reads: created 0600, and made so if it was not."""
    atomic_write(path, data)
    path.chmod(PRIVATE_MODE)


# --- the marks file -------------------------------------------------------------------------
NOTICES_KEPT = 8  # the last due points told per seat (a point is told once)


@define
class Marks:
    """What is remembered per seat between sessions."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    seen: dict[str, int] = field(factory=dict)  # seat -> chronicle length last looked at
    noticed: dict[str, list[str]] = field(factory=dict)  # seat -> due points told

    def told(self, seat_id: str, point: str) -> bool:
        return point in self.noticed.get(seat_id, [])

    def tell(self, seat_id: str, point: str) -> None:
        kept = [p for p in self.noticed.get(seat_id, []) if p != point]
        self.noticed[seat_id] = [*kept, point][-NOTICES_KEPT:]


def read_marks(save: Path) -> Marks:
    """The marks of a save; a missing or damaged file is no marks (they are a courtesy:
    at worst a seat is told again what changed)."""
    path = marks_path(save)
    try:
        doc = read_toml(path)
    except InputError:
        return Marks()
    marks = Marks()
    seen = doc.data.get("seen", {})
    if isinstance(seen, dict):
        marks.seen = {k: v for k, v in seen.items() if isinstance(v, int)}
    noticed = doc.data.get("noticed", {})
    if isinstance(noticed, dict):
        marks.noticed = {
            k: [p for p in v if isinstance(p, str)]
            for k, v in noticed.items()
            if isinstance(v, list)
        }
    return marks


def update_marks(save: Path, change: Callable[[Marks], T]) -> T:
    """Read, change and write the marks under their lock (several sessions share them)."""
    path = marks_path(save)
    with write_lock(path):
        marks = read_marks(save)
        answer = change(marks)
        data = {"format_version": FORMAT, "seen": marks.seen, "noticed": marks.noticed}
        _write_private(path, tomli_w.dumps(data).encode("utf-8"))
    return answer
