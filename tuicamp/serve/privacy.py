"""Only the server reads the saves: the permissions it keeps on the campaigns folder.

A save holds the whole fog of war, so no other account may read it. At start the server
sets its umask to 077 — every file it (or a session, or a turn notice) creates is then
0600 and every folder 0700 — makes the campaigns folder 0700 and every file in it 0600
(saves, chronicles, seats files, backups, locks, the host key, the GM keys). It reports
what it changed, and a file owned by another account, which it cannot make private.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

log = logging.getLogger("tuicamp.serve")

FOLDER_MODE, FILE_MODE, UMASK = 0o700, 0o600, 0o077


def make_private(folder: Path) -> list[str]:
    """Set the umask, the folder's mode and its files'; what was changed, as sentences."""
    os.umask(UMASK)
    changes = []
    for path in (folder, *sorted(folder.iterdir())):
        try:
            info = path.lstat()
        except OSError:
            continue
        if stat.S_ISLNK(info.st_mode):
            continue
        wanted = FOLDER_MODE if stat.S_ISDIR(info.st_mode) else FILE_MODE
        if path != folder and stat.S_ISDIR(info.st_mode):
            continue  # a sub-folder is not the server's business
        mode = stat.S_IMODE(info.st_mode)
        if (mode & ~wanted & 0o777) == 0:
            continue
        if info.st_uid != os.geteuid():
            log.warning("%s belongs to another account: the server cannot make it private", path)
            continue
        path.chmod(mode & wanted)
        changes.append(f"{path.name}: {oct(mode)} -> {oct(mode & wanted)}")
    for change in changes:
        log.info("made private: %s", change)
    return changes
