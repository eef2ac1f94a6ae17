"""Where saves live, and how files are put there without ever leaving a half-written one.

The saves folder is, in order: ``$TUICAMP_SAVES``; ``saves/`` in the current folder when it
exists (the repository ships one, so a club checkout keeps its campaigns beside it); else
the user's data folder, ``$XDG_DATA_HOME/tuicamp/saves`` or ``~/.local/share/tuicamp/saves``.

One campaign is a small family of files next to each other::

    NAME.toml             the state (rewritten, atomically, after every action)
    NAME.chronicle.toml   the chronicle (only ever appended to)
    NAME.toml.bak         the state before the last save
    NAME.toml.lock        taken with flock around every write
    .NAME.chronicle.toml.new   a new campaign's chronicle, for the moment `new --force`
                          takes to replace an old campaign (see Session.create)

They are plain files side by side. tuicamp never reads or writes one of them through a
symbolic link (:func:`refuse_links`): a link would let a save overwrite whatever file it
points to, or two campaigns share one chronicle. A link to the saves *folder* is fine.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import stat
import time
import unicodedata
from collections.abc import Iterator, Mapping
from pathlib import Path

from tuicamp.engine.errors import InputError, RuleError

SAVES_ENV = "TUICAMP_SAVES"
SAVE_SUFFIX = ".toml"
CHRONICLE_SUFFIX = ".chronicle.toml"
# The club server's files beside a save (storage/seat_keys.py): TOML, but no saves.
SEATS_SUFFIX, MARKS_SUFFIX = ".seats.toml", ".marks.toml"
COMPANION_SUFFIXES = (CHRONICLE_SUFFIX, SEATS_SUFFIX, MARKS_SUFFIX)
LOCK_TIMEOUT = 10.0  # seconds; a write holds the lock for milliseconds


# --- the saves folder -------------------------------------------------------------------
def saves_dir(env: Mapping[str, str] | None = None, cwd: Path | None = None) -> Path:
    """The folder saves are listed from and new campaigns are saved to (not created)."""
    env = os.environ if env is None else env
    if env.get(SAVES_ENV):
        return Path(env[SAVES_ENV]).expanduser()
    local = (cwd or Path.cwd()) / "saves"
    if local.is_dir():
        return local
    xdg = env.get("XDG_DATA_HOME", "")
    if xdg and Path(xdg).is_absolute():  # the XDG spec says to ignore a relative one
        base = Path(xdg)
    else:
        home = Path(env["HOME"]) if env.get("HOME") else Path.home()
        base = home / ".local" / "share"
    return base / "tuicamp" / "saves"


def slug(name: str) -> str:
    """A campaign name as a file name: lower-case letters and digits joined by dashes,
    accents dropped where a plain letter exists (``Grünburg`` -> ``grunburg``)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    text = re.sub(r"[\W_]+", "-", plain.lower()).strip("-")
    return text[:60].rstrip("-") or "campaign"


def new_save_path(name: str, folder: Path | None = None) -> Path:
    """A path for a new campaign called ``name`` that does not clash with an existing save."""
    folder = saves_dir() if folder is None else folder
    base = slug(name)
    candidate = folder / f"{base}{SAVE_SUFFIX}"
    n = 2
    while candidate.exists() or chronicle_path(candidate).exists():
        candidate = folder / f"{base}-{n}{SAVE_SUFFIX}"
        n += 1
    return candidate


def resolve_save(name: str | Path, folder: Path | None = None) -> Path:
    """What ``tuicamp play NAME`` opens: an existing path as given (NAME.toml too), else
    NAME in the saves folder."""
    given = Path(name).expanduser()
    if given.exists() or given.parent != Path(".") or given.is_absolute():
        return given
    folder = saves_dir() if folder is None else folder
    file_name = given.name if given.name.endswith(SAVE_SUFFIX) else given.name + SAVE_SUFFIX
    kept = folder / file_name
    here = given.with_name(given.name + SAVE_SUFFIX)
    if not given.name.endswith(SAVE_SUFFIX) and here.is_file():
        # A scenario of that name in the working folder (say ./border-war.toml, being
        # edited) is no campaign: the saves folder's campaign of the name is the one meant.
        return kept if kept.is_file() and not opens_as_save(here) else here
    return kept


_FIRST_TABLE_RE = re.compile(rb"^\s*\[([^\]]*)\]")


def opens_as_save(path: Path) -> bool:
    """Whether the file's first table is a save's ``[header]``: a scenario starts with
    another, so a name that finds both is not taken for a save by mistake."""
    try:
        with open(path, "rb") as f:
            for line in f:
                table = _FIRST_TABLE_RE.match(line)
                if table:
                    return table.group(1).strip() == b"header"
                if len(line) > 4096:
                    return False
    except OSError:
        return False
    return False


def is_save_file(path: Path) -> bool:
    """A campaign's state file, not one of its companions."""
    name = path.name
    return (
        name.endswith(SAVE_SUFFIX)
        and not name.endswith(COMPANION_SUFFIXES)
        and not name.startswith(".")
        and path.is_file()
    )


# --- the companions of one save ---------------------------------------------------------
def chronicle_path(save: Path) -> Path:
    """``NAME.toml`` -> ``NAME.chronicle.toml``."""
    name = save.name
    stem = name[: -len(SAVE_SUFFIX)] if name.endswith(SAVE_SUFFIX) else name
    return save.with_name(stem + CHRONICLE_SUFFIX)


def pending_chronicle_path(save: Path) -> Path:
    """``NAME.toml`` -> ``.NAME.chronicle.toml.new``: a new campaign's chronicle, written
    before its state replaces an old campaign's, and renamed into place after."""
    return save.with_name(f".{chronicle_path(save).name}.new")


def save_of_chronicle(chronicle: Path) -> Path:
    """``NAME.chronicle.toml`` -> ``NAME.toml``, the save a chronicle belongs to."""
    name = chronicle.name
    stem = name[: -len(CHRONICLE_SUFFIX)] if name.endswith(CHRONICLE_SUFFIX) else name
    return chronicle.with_name(stem + SAVE_SUFFIX)


def backup_path(save: Path) -> Path:
    return save.with_name(save.name + ".bak")


def lock_path(save: Path) -> Path:
    return save.with_name(save.name + ".lock")


# --- writing without half-written files -------------------------------------------------
def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (some file systems cannot; that is fine)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ONOFOLLOW: a file of a campaign opened for writing is never a link's target.
NOFOLLOW = getattr(os, "ONOFOLLOW", 0)


def companions(save: Path) -> tuple[Path, ...]:
    """The files of one campaign: the state, its chronicle, its backup, its lock, and the
    chronicle of a new campaign about to replace it."""
    return (
        save,
        chronicle_path(save),
        backup_path(save),
        lock_path(save),
        pending_chronicle_path(save),
    )


def refuse_links(save: Path) -> None:
    """Refuse, in one line, a campaign one of whose files is a symbolic link.

    Written through, a link planted at ``NAME.toml`` (or its chronicle, backup or lock)
    overwrites the file it points to; a save replaced by a plain file while its chronicle
    is still a link leaves two campaigns writing one chronicle. The three files are
    treated alike: none may be a link, and the Games Master is told which one is.
    """
    for path in companions(save):
        try:
            is_link = stat.S_ISLNK(os.lstat(path).st_mode)
        except OSError:  # missing (or unreadable: the read or the write will say so)
            continue
        if is_link:
            target = os.readlink(path)
            raise InputError(
                f"{path}: is a symbolic link (to {target}); tuicamp reads and writes a "
                "campaign's files only as plain files side by side: put the file itself here"
            )


def _unguessable() -> str:
    """48 random bits from the system's source, in hex: what ``secrets.token_hex(6)``
    answers, without importing ``secrets`` (and ``random``, ``hmac``, ``base64``) into
    every command that merely reads a save."""
    return os.urandom(6).hex()


def hidden_temporary(path: Path, purpose: str) -> tuple[Path, int]:
    """A new file beside ``path`` under a name no one can guess, opened for writing.

    ``O_CREAT | O_EXCL | ONOFOLLOW``: it is made here and now, never found waiting (a
    link planted under a fixed name would have been written through)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    while True:
        tmp = path.with_name(f".{path.name}.{_unguessable()}.{purpose}")
        try:
            return tmp, os.open(tmp, flags, 0o666)
        except FileExistsError:  # 48 random bits met another: draw again
            continue


def _leftovers(path: Path) -> list[Path]:
    """Temporaries of ``path`` a writer killed mid-write left behind (callers hold the
    lock, so no other writer is using them)."""
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    prefix = f".{path.name}."
    return [
        path.with_name(n) for n in names if n.startswith(prefix) and n.endswith((".tmp", ".bak"))
    ]


def _write_synced(path: Path, data: bytes, mode: int | None) -> Path:
    """``data`` in a new hidden file beside ``path``, flushed and fsynced; its path."""
    tmp, fd = hidden_temporary(path, "tmp")
    try:
        with open(fd, "wb", closefd=True) as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    return tmp


def _set_aside(path: Path, backup: Path) -> Path:
    """A second name for the current ``path`` (a hard link: no copy), to become the backup
    once the new file is in place."""
    while True:
        aside = backup.with_name(f".{path.name}.{_unguessable()}.bak")
        try:
            os.link(path, aside, follow_symlinks=False)
            return aside
        except FileExistsError:
            continue
        except OSError:  # no hard links here (some network or FUSE file systems): copy
            break
    import shutil  # a copy only where no hard link can be made: never to read a save

    aside, fd = hidden_temporary(path, "bak")
    with open(fd, "wb", closefd=True) as f, open(path, "rb") as old:
        shutil.copyfileobj(old, f)
        f.flush()
        os.fsync(f.fileno())
    return aside


class CannotWrite(InputError, OSError):
    """A file could not be written where it was asked for (a missing or read-only folder,
    a file where a folder should be, a full disk).

    An InputError, so the command line says it in one line; an OSError too (with the
    original errno and strerror), so callers that handle failed writes keep doing so."""

    def __init__(self, path: Path, exc: OSError) -> None:
        OSError.__init__(self, exc.errno, exc.strerror, exc.filename)
        self.message = f"{path}: cannot write here ({_reason(exc)})"

    def __str__(self) -> str:
        return self.message


def _reason(exc: OSError) -> str:
    if isinstance(exc, FileExistsError | NotADirectoryError) and exc.filename:
        where = Path(os.fsdecode(exc.filename))
        if where.exists() and not where.is_dir():
            return f"{where} is a file, not a folder"
    return exc.strerror or type(exc).__name__


def make_folder(folder: Path, for_path: Path | None = None) -> None:
    """Create ``folder`` and its parents if needed; CannotWrite (naming ``for_path``, the
    file meant to go there) when that is impossible."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CannotWrite(for_path or folder, exc) from None


def atomic_write(path: Path, data: bytes, backup: Path | None = None) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves the old file or the new one.

    The data goes to a temporary file in the same folder (a rename is only atomic within
    one file system), is flushed and fsynced, and is renamed over the old file; then the
    folder is fsynced so the rename itself survives a power cut. With ``backup``, the old
    file becomes the backup *after* the new one is in place, so the backup is always older
    than the file (after a crash in between it is one save older still). The temporary
    has a name no one can guess and is created, never opened if found (a symbolic link
    planted there is not written through); a killed writer's temporaries are removed by
    the next write (callers hold the save's lock). A link at ``path`` itself is refused.
    A failed write raises :class:`CannotWrite` and leaves the old file as it was.
    """
    aside: Path | None = None
    tmp: Path | None = None
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        mode: int | None = None
    except OSError as exc:  # a file where a folder should be, a folder we may not read
        raise CannotWrite(path, exc) from None
    else:
        if stat.S_ISLNK(st.st_mode):
            raise InputError(
                f"{path}: is a symbolic link (to {os.readlink(path)}); tuicamp will not "
                "write through it: put the file itself here"
            )
        mode = st.st_mode & 0o7777
    for stale in _leftovers(path):
        with contextlib.suppress(OSError):
            stale.unlink()
    try:
        tmp = _write_synced(path, data, mode)
        if backup is not None and mode is not None:
            aside = _set_aside(path, backup)
        os.replace(tmp, path)
    except BaseException as exc:
        for leftover in (tmp, aside):
            if leftover is not None:
                with contextlib.suppress(OSError):
                    leftover.unlink()
        if isinstance(exc, OSError) and not isinstance(exc, CannotWrite):
            raise CannotWrite(path, exc) from exc
        raise
    if aside is not None:
        try:
            os.replace(aside, backup)
        except OSError:  # the new file is in place: a missed backup must not undo that
            with contextlib.suppress(OSError):
                aside.unlink()
    fsync_dir(path.parent)


# --- one writer at a time ---------------------------------------------------------------
class SaveBusy(RuleError):
    """Another tuicamp held the save's lock for too long."""


@contextlib.contextmanager
def write_lock(save: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold ``flock`` on ``SAVE.toml.lock`` (released by the kernel if the holder dies).

    A campaign any of whose files is a symbolic link is refused first (:func:`refuse_links`),
    and the lock is opened without following one, so a link there creates nothing."""
    make_folder(save.parent, save)
    refuse_links(save)
    try:
        fd = os.open(lock_path(save), os.O_RDWR | os.O_CREAT | NOFOLLOW, 0o666)
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # planted between the look and the open
            refuse_links(save)
        raise CannotWrite(save, exc) from None
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    raise CannotWrite(save, exc) from None  # no locks here (ENOLCK)
                if time.monotonic() >= deadline:
                    raise SaveBusy(
                        f"{save} is being written by another player or terminal; try again"
                    ) from None
                time.sleep(0.01)
        yield
    finally:
        os.close(fd)
