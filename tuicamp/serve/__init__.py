"""The club server, ``tuicamp serve``: an SSH server of its own where each key is a seat.

Players connect with any OpenSSH client. A key is authenticated against the seats files
of the campaigns folder (``tuicamp seats SAVE bind``), and an unknown key is refused
before anything is drawn. Each interactive session runs the tuicamp app — the lobby of
the key's campaigns, then a campaign as the key's seat and no other — in a process of its
own on a pseudo-terminal; a command (``ssh club show valley``) runs one of a few
non-interactive commands as that seat.

The package sits above the UI (its child processes run the app) and below the command
line; the server process itself loads neither Textual nor a campaign until it must.

- ``config.py``: the server's settings, as the command line gives them.
- ``hub.py``: which key opens what (read afresh at every login), as passed to a session.
- ``hostkey.py``: the host key, made once and kept.
- ``privacy.py``: the file permissions the server keeps on the campaigns folder.
- ``terminal.py``: one player's pseudo-terminal: bytes both ways, resizes, idle time.
- ``commands.py``: what ``ssh club COMMAND`` runs (list, show, log, apply).
- ``server.py``: the asyncssh server: authentication, sessions, the turn notices.
- ``child.py`` and ``app.py``: what runs in a session's own process: the club's app.
"""
