"""What runs in a club session's own process: ``python -m tuicamp.serve.child``.

The server starts it on the session's pseudo-terminal, in a session of its own, with what
the key opens in ``TUICAMP_ACCESS`` and the campaigns folder in ``TUICAMP_SAVES``. It
makes the terminal its controlling terminal (so the kernel tells it of resizes and hang-
ups), then runs the club's app until the player quits.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sys
import termios
from pathlib import Path

from tuicamp.engine.errors import InputError
from tuicamp.serve.app import ClubApp
from tuicamp.serve.hub import ACCESS_ENV, decode_access
from tuicamp.storage.locations import SAVES_ENV


def main() -> int:
    with contextlib.suppress(OSError):
        fcntl.ioctl(sys.stdin.fileno(), termios.TIOCSCTTY, 0)
    try:
        access = decode_access(os.environ.get(ACCESS_ENV, ""))
        folder = Path(os.environ[SAVES_ENV])
    except (InputError, KeyError) as exc:
        print(f"tuicamp: {exc}", file=sys.stderr)
        return 2
    app = ClubApp(access, folder)
    result = app.run()
    return int(result or 0) if app.return_code in (None, 0) else int(app.return_code)


if __name__ == "__main__":
    sys.exit(main())
