"""The `tuicamp` command line: a thin layer over the engine and storage.

Exit codes: 0 success, 2 bad input or a refused action (one line on stderr, no traceback),
1 an internal error (set TUICAMP_DEBUG=1 for the traceback).
"""

from __future__ import annotations

import argparse
import functools
import os
import shlex
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from tuicamp.engine.errors import InputError, RuleError
from tuicamp.engine.printable import escaped

if TYPE_CHECKING:
    from tuicamp.game.notices import NoticeWatcher
    from tuicamp.model.campaign import Campaign


def say(*values: object, file: TextIO | None = None, end: str = "\n") -> None:
    """``print``, escaped: every line the command line prints may quote a name a player
    typed, and none may drive the terminal it lands on (ESC, BEL; line breaks stay)."""
    print(*(escaped(str(v), keep_newlines=True) for v in values), file=file, end=end)


def write_out(text: str) -> None:
    """A report to standard output, escaped as :func:`say` escapes."""
    sys.stdout.write(escaped(text, keep_newlines=True))


EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` answers it (``COLUMNS``, else
    the terminal's, else 80), without importing ``shutil`` and the compression modules it
    brings into every short command (``tuicamp show``)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    stdout = sys.__stdout__
    try:
        return (os.get_terminal_size(stdout.fileno()).columns if stdout else 0) or 80
    except (AttributeError, ValueError, OSError):
        return 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help, as wide as argparse makes it (the terminal's width less 2)."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        width = _columns() - 2 if width is None else width
        super().__init__(prog, indent_increment, max_help_position, width)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line like every other bad input, and its help is
    formatted without ``shutil`` (:class:`_Formatter`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command's, or with ``command`` that one's alone.

    Running a command needs its own arguments only, and argparse builds each argument of
    every command it is given (a formatter each), a good part of a short command's start
    (``tuicamp show``); help and a word that is no command need them all."""
    p = _Parser(prog="tuicamp", description="A terminal referee for Warhammer map campaigns.")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    for names, add in PARSERS:
        if command is None or command in names:
            add(sub)
    return p


def _command_in(argv: Sequence[str]) -> str | None:
    """The command ``argv`` runs, when its first word names one (the top level takes no
    option but --help, which needs every command); otherwise None."""
    first = argv[0] if argv else ""
    return first if any(first in names for names, _ in PARSERS) else None


def _add_new_parser(sub: argparse._SubParsersAction) -> None:
    new = sub.add_parser("new", help="start a campaign from a scenario")
    new.add_argument("scenario", help="a scenario file, or a bundled scenario's name")
    new.add_argument(
        "--ruleset",
        "-r",
        help="ruleset id (see `tuicamp rulesets`); may be left out when the scenario is "
        "written for one ruleset only",
    )
    new.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="K=V",
        help="a house-rule option (repeatable)",
    )
    new.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="NAME:RACE",
        help="name (and race) of each player slot in order (repeatable)",
    )
    new.add_argument("--seed", type=int, help="dice seed (default: random)")
    new.add_argument(
        "--dice",
        choices=["app", "table"],
        default="app",
        help="app: tuicamp rolls; table: roll real dice and type the values",
    )
    new.add_argument("--name", default="", help="the campaign's name")
    new.add_argument("-o", "--output", help="save file (default: in the saves folder)")
    new.add_argument("--force", action="store_true", help="overwrite an existing save")
    new.add_argument("--no-play", action="store_true", help="create the save, do not open it")


def _add_play_parser(sub: argparse._SubParsersAction) -> None:
    play = sub.add_parser("play", help="open a saved campaign in the terminal UI")
    play.add_argument("save")
    play.add_argument("--as", dest="seat", help="play as this seat only (for SSH seats)")
    play.add_argument(
        "--by-key",
        metavar="FINGERPRINT",
        help="the key sshd let in (written by `tuicamp seats SAVE authorized-keys`)",
    )


def _add_check_parser(sub: argparse._SubParsersAction) -> None:
    check = sub.add_parser("check", help="validate scenario and save files")
    check.add_argument("files", nargs="+")
    check.add_argument(
        "--reseal",
        action="store_true",
        help="after a hand edit: check each save fully and, if all is well, seal it again",
    )


def _add_rulesets_parser(sub: argparse._SubParsersAction) -> None:
    sub.add_parser("rulesets", help="list the installed rulesets")


def _add_scenarios_parser(sub: argparse._SubParsersAction) -> None:
    sub.add_parser("scenarios", help="list the bundled scenarios")


def _add_actions_parser(sub: argparse._SubParsersAction) -> None:
    actions = sub.add_parser(
        "actions",
        help="every action with its fields, as TOML: a save's (its ruleset's), or a ruleset's",
    )
    actions.add_argument(
        "save", nargs="?", help="a save or campaign name: the actions of its ruleset"
    )
    actions.add_argument(
        "--ruleset", "-r", help="a ruleset id (see `tuicamp rulesets`); default sandbox"
    )


def _add_apply_parser(sub: argparse._SubParsersAction) -> None:
    apply = sub.add_parser("apply", help="perform a file of actions (all or nothing)")
    apply.add_argument("save")
    apply.add_argument("orders")
    apply.add_argument("--as", dest="seat", help="the seat giving the orders")


def _add_show_parser(sub: argparse._SubParsersAction) -> None:
    show = sub.add_parser("show", help="what a seat sees, as text")
    show.add_argument("save")
    show.add_argument("--as", dest="seat")


def _add_log_parser(sub: argparse._SubParsersAction) -> None:
    log = sub.add_parser("log", help="the chronicle")
    log.add_argument("save")
    log.add_argument("--as", dest="seat", help="only what this seat may read (default: GM)")
    log.add_argument("--markdown", action="store_true", help="as a Markdown campaign diary")


def _add_battles_parser(sub: argparse._SubParsersAction) -> None:
    battles = sub.add_parser("battles", help="pending battles, a battle's card and result form")
    battles.add_argument("save")
    battles.add_argument("--as", dest="seat")
    battles.add_argument("--card", metavar="ID", help="print this battle's card")
    battles.add_argument("--markdown", action="store_true", help="the card as Markdown")
    battles.add_argument(
        "--form",
        metavar="ID",
        help="print this battle's result form as an orders file, for `tuicamp apply`",
    )
    battles.add_argument("--all", action="store_true", help="list fought battles too")


def _add_roll_parser(sub: argparse._SubParsersAction) -> None:
    roll = sub.add_parser("roll", help="roll dice: d6, 2d6, d66, 3d6+1, ...")
    roll.add_argument("expr")
    roll.add_argument("--seed", type=int)


def _add_seats_parser(sub: argparse._SubParsersAction) -> None:
    seats = sub.add_parser("seats", help="a campaign's seats and the SSH keys that open them")
    seats.add_argument("save")
    what = seats.add_subparsers(dest="seats_command", parser_class=_Parser, metavar="WHAT")
    bind = what.add_parser("bind", help="let a public key open a seat (several keys per seat)")
    bind.add_argument("seat")
    bind.add_argument("--key", required=True, action="append", metavar="PUBKEY_FILE")
    unbind = what.add_parser("unbind", help="take keys off a seat (all of them without --key)")
    unbind.add_argument("seat")
    unbind.add_argument(
        "--key", action="append", default=[], metavar="PUBKEY_FILE|SHA256:...", help="one key"
    )
    notice = what.add_parser("notice", help="the command that tells a seat its turn has come")
    notice.add_argument("seat")
    notice.add_argument(
        "notice_command",
        nargs="?",
        metavar="COMMAND",
        help="run as: COMMAND CAMPAIGN SEAT TURN PHASE",
    )
    notice.add_argument("--off", action="store_true", help="no notice for this seat")
    passphrase = what.add_parser("passphrase", help="set (or clear) a seat's passphrase")
    passphrase.add_argument("seat")
    passphrase.add_argument("--clear", action="store_true", help="the seat needs none")
    keys = what.add_parser(
        "authorized-keys", help="authorized_keys lines for a dedicated account under OpenSSH"
    )
    keys.add_argument("--program", help="the tuicamp sshd runs (default: this one)")


def _add_map_parsers(sub: argparse._SubParsersAction) -> None:
    """``generate`` (a random map) and ``edit`` (the scenario editor)."""
    gen = sub.add_parser("generate", help="a random map as a scenario file, with fair starts")
    gen.add_argument("--size", default="40x30", metavar="WxH", help="hexes across x down")
    gen.add_argument("--players", type=int, default=2, help="player slots (2 to 6)")
    gen.add_argument("--seed", type=int, default=0, help="the same seed makes the same map")
    gen.add_argument("--ruleset", "-r", default="sandbox", help="the ruleset it is for")
    gen.add_argument("--out", "-o", help="scenario file to write (default: print it)")
    gen.add_argument("--force", action="store_true", help="write over an existing file")
    edit = sub.add_parser("edit", help="the scenario editor (a blank map without SCENARIO)")
    edit.add_argument("scenario", nargs="?", help="a scenario file, or a bundled one's name")
    edit.add_argument("--ruleset", "-r", default="sandbox", help="a blank map's ruleset")


def _size(text: str) -> tuple[int, int]:
    width, x, height = text.lower().partition("x")
    if not (x and width.strip().isdigit() and height.strip().isdigit()):
        raise InputError(f"--size {text!r}: give hexes across x down, like 40x30")
    return int(width), int(height)


def cmd_generate(args: argparse.Namespace) -> int:
    from tuicamp.game.mapedit.files import write_scenario
    from tuicamp.game.mapgen import MapSpec, generate

    width, height = _size(args.size)
    made = generate(MapSpec(width, height, args.players, args.seed, args.ruleset))
    text = made.text().text
    if args.out:
        write_scenario(Path(args.out), text, overwrite=args.force)
        say(f"{args.out}: written ({width} x {height}, seed {args.seed})")
        report = sys.stdout
    else:
        write_out(text)
        report = sys.stderr
    for line in made.report():
        say(line, file=report)
    return EXIT_OK


def cmd_edit(args: argparse.Namespace) -> int:
    from tuicamp.storage.scenario import find_scenario
    from tuicamp.ui.app import TuicampApp
    from tuicamp.ui.editor import open_editor

    path = find_scenario(args.scenario) if args.scenario else None
    bundled = path is not None and not Path(args.scenario).is_file()  # saved elsewhere
    screen = open_editor(path, args.ruleset, save_as=bundled)  # problems shown, to fix
    app = TuicampApp(home=lambda: screen)
    return int(app.run() or 0)


def _add_serve_parser(sub: argparse._SubParsersAction) -> None:
    serve = sub.add_parser("serve", help="the club server: SSH where each key is a seat")
    serve.add_argument("--listen", default="127.0.0.1:2222", metavar="HOST:PORT")
    serve.add_argument("--campaigns", metavar="DIR", help="the campaigns (default: the saves)")
    serve.add_argument(
        "--host-key",
        metavar="FILE",
        help="the host key, made on the first start (default: DIR/ssh_host_ed25519_key)",
    )
    serve.add_argument(
        "--gm-keys",
        metavar="FILE",
        help="public keys of the club's GMs, one a line (default: DIR/gm_keys)",
    )
    serve.add_argument(
        "--idle-timeout",
        type=float,
        default=30.0,
        metavar="MINUTES",
        help="end a session after this long without a key pressed (default: 30)",
    )
    serve.add_argument(
        "--notice",
        metavar="COMMAND",
        help="the turn notice of seats without their own: COMMAND CAMPAIGN SEAT TURN PHASE",
    )
    serve.add_argument("--max-sessions", type=int, default=64, metavar="N")


# Every command's parser, in the order help lists them: (its names, what adds it).
PARSERS: tuple[tuple[tuple[str, ...], Callable[[argparse._SubParsersAction], None]], ...] = (
    (("new",), _add_new_parser),
    (("play",), _add_play_parser),
    (("check",), _add_check_parser),
    (("rulesets",), _add_rulesets_parser),
    (("scenarios",), _add_scenarios_parser),
    (("actions",), _add_actions_parser),
    (("apply",), _add_apply_parser),
    (("show",), _add_show_parser),
    (("log",), _add_log_parser),
    (("battles",), _add_battles_parser),
    (("seats",), _add_seats_parser),
    (("generate", "edit"), _add_map_parsers),
    (("serve",), _add_serve_parser),
    (("roll",), _add_roll_parser),
)


# --- commands ---------------------------------------------------------------------------


def _resolve_save(name: str) -> Path:
    from tuicamp.storage.locations import resolve_save

    return resolve_save(name)


def _default_seat(session, requested: str | None) -> str:
    return _seat_in(session.path, session.campaign, requested)


def _seat_in(path: Path, camp: Campaign, requested: str | None) -> str:
    """The seat a command acts or reports as: the one asked for, else the Games Master,
    else the first seat to act. From the campaign alone, so that `show` needs no session."""
    from tuicamp.engine.flow import acting_seats

    if requested:
        if camp.seat(requested) is None:
            known = ", ".join(s.id for s in camp.seats)
            raise InputError(f"there is no seat {requested!r} in {path} (seats: {known})")
        return requested
    gm = camp.gm_seat()
    if gm is not None:
        return gm.id
    acting = acting_seats(camp)
    if acting:
        return acting[0]
    raise InputError(f"{path}: say which seat with --as")


def _only_ruleset(supported: Iterable[str], scenario: str) -> str:
    """The ruleset a scenario is written for, when it names exactly one; otherwise the
    player must choose, and is told from what."""
    names = sorted(supported)
    if len(names) == 1:
        return names[0]
    choice = ", ".join(names) or "none"
    raise InputError(f"{scenario} can be played under {choice}: say which with --ruleset")


def cmd_new(args: argparse.Namespace) -> int:
    from tuicamp.game.scenarios import load_scenario
    from tuicamp.game.session import Session
    from tuicamp.game.setup import start_campaign
    from tuicamp.model.campaign import DiceMode
    from tuicamp.storage.locations import make_folder, new_save_path, saves_dir, slug
    from tuicamp.storage.scenario import find_scenario

    output = _save_name(args.output) if args.output else None
    scenario = load_scenario(find_scenario(args.scenario))
    if not (args.output or args.name or args.force or args.no_play):
        made = saves_dir() / f"{slug(scenario.title)}.toml"
        if made.is_file() and _offer_to_continue(made):
            return _run_ui(made, None)
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--option {item!r}: write it as NAME=VALUE")
        options[key.strip()] = value.strip()
    players = []
    for item in args.player:
        name, _, race = item.partition(":")
        if not name.strip():
            raise InputError(f"--player {item!r}: write it as NAME or NAME:RACE")
        players.append((name.strip(), race.strip()))
    engine = start_campaign(
        scenario,
        args.ruleset or _only_ruleset(scenario.rulesets, args.scenario),
        name=args.name,
        options=options,
        players=players,
        seed=args.seed,
        dice_mode=DiceMode(args.dice),
    )
    campaign = engine.campaign
    path = output or new_save_path(campaign.name)
    make_folder(path.parent, path)
    session = Session.create(path, campaign, engine.chronicle, overwrite=args.force)
    say(
        f"Created {session.path}: {campaign.name} ({session.ruleset.title}), "
        f"{len(campaign.players)} players, seed {campaign.dice.seed}"
    )
    if args.no_play:
        return EXIT_OK
    if not _on_a_terminal():
        say(f"Not on a terminal, so not opened: play it with `tuicamp play {session.path}`")
        return EXIT_OK
    return _run_ui(session.path, None, session)


def _on_a_terminal() -> bool:
    """Whether a person is at the keyboard: the terminal UI needs one, and a script or
    a pipe that runs `tuicamp new` would otherwise hang in a screen nobody sees."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _save_name(output: str) -> Path:
    """The save ``-o`` names. A save is NAME.toml beside NAME.chronicle.toml: a name that
    ends in .toml is taken as given, one without a suffix gets it (``-o camp`` writes
    camp.toml, as ``show camp`` finds it); any other suffix (``-o x.json``) is refused
    rather than written as x.json.toml, a file nobody asked for."""
    path = Path(output)
    if path.suffix == ".toml":
        return path
    if not path.suffix:
        return path.with_name(path.name + ".toml")
    raise InputError(
        f"-o {output}: a save is a TOML file, NAME.toml: write -o {path.with_suffix('.toml')} "
        f"(or -o {output}.toml)"
    )


def _offer_to_continue(save: Path) -> bool:
    """Running the same ``tuicamp new SCENARIO`` again (the README's demo command) finds
    the campaign it made: ask whether to go on with it rather than start a second one.
    Only on a terminal; a script gets a new campaign beside the old one, as before."""
    if not _on_a_terminal():
        return False
    answer = input(f"{save} exists, made from this scenario. Continue it? [Y/n] ")
    return answer.strip().lower() in ("", "y", "yes")


def _run_ui(save: Path | None, seat: str | None, session=None) -> int:
    """The terminal UI, on ``session`` when the save is open already (read once)."""
    try:
        from tuicamp.ui.app import run_app
    except ImportError as exc:  # the UI package is optional only while it is being built
        raise InputError(f"the terminal UI is not available here ({exc})") from None
    return run_app(save=save, seat=seat, session=session)


def cmd_play(args: argparse.Namespace) -> int:
    from tuicamp.ui.startup import collection_held

    with collection_held():  # until the UI's first frame: start-up makes nothing to collect
        return _play(args)


def _play(args: argparse.Namespace) -> int:
    from tuicamp.game.session import Session
    from tuicamp.ui.startup import after_first_frame

    path = _resolve_save(args.save)
    session = Session.open(path)  # fail fast with a one-line error before the UI starts
    if args.by_key and not args.seat:
        raise InputError("--by-key names the key of a seat: give the seat with --as")
    if args.seat:
        _default_seat(session, args.seat)
        _seat_gate(session, args.seat, args.by_key)
    notices = _NoticesLater(path)  # the seats' turn notices, while it runs
    after_first_frame(notices.start)
    try:
        # played as read, unless someone saved while a passphrase was being typed
        return _run_ui(path, args.seat, None if session.stale() else session)
    finally:
        notices.stop()


class _NoticesLater:
    """The turn notices' watcher of ``tuicamp play``, made and started once the UI's first
    frame is drawn: its module, and its first poll, would slow the UI's start. Stopped
    before that (the UI never drew a frame: its start is run as the command ends), it
    never starts."""

    def __init__(self, save: Path) -> None:
        self.save = save
        self.watcher: NoticeWatcher | None = None
        self.stopped = False

    def start(self) -> None:
        if self.stopped or self.watcher is not None:
            return
        from tuicamp.game.notices import NoticeWatcher

        self.watcher = NoticeWatcher(lambda: [self.save])
        self.watcher.start()

    def stop(self) -> None:
        self.stopped = True
        if self.watcher is not None:
            self.watcher.stop()


PASSPHRASE_TRIES = 3


def _seat_gate(session, seat_id: str, by_key: str | None) -> None:
    """``--as SEAT`` opens a seat that has bound keys or a passphrase only to its key or
    its passphrase, asked before anything of the campaign is drawn."""
    import getpass

    from tuicamp.storage.seat_keys import read_seat_keys
    from tuicamp.ui.passphrase import check_passphrase

    keys = read_seat_keys(session.path).keys_of(seat_id)
    if by_key:
        if by_key not in {k.fingerprint for k in keys}:
            raise InputError(
                f"the key {by_key} does not open seat {seat_id!r} of {session.path} "
                "(not any more?): ask the Games Master"
            )
        return
    stored = session.campaign.seat(seat_id).passphrase_hash
    if not stored:
        if keys:
            raise InputError(
                f"seat {seat_id!r} of {session.path} is opened by its SSH keys: connect "
                "through the club server (or its authorized-keys line), or ask the Games "
                f"Master for a passphrase (tuicamp seats {session.path.stem} passphrase "
                f"{seat_id})"
            )
        return
    for _ in range(PASSPHRASE_TRIES):
        try:
            typed = getpass.getpass(f"Passphrase for seat {seat_id}: ")
        except EOFError:
            break
        if check_passphrase(typed, stored):
            return
        print("That is not the passphrase.", file=sys.stderr)
    raise InputError(f"seat {seat_id!r}: no right passphrase given; nothing was opened")


def cmd_check(args: argparse.Namespace) -> int:
    from tuicamp.game.file_checks import FileKind, check_file
    from tuicamp.storage.saves import looks_like_save, sealed_state

    problems: list[str] = []
    for name in args.files:
        verdict = check_file(name)
        if args.reseal:
            problems.extend(_reseal(name, looks_like_save(name)))
            continue
        problems.extend(verdict.problems)
        if verdict.problems:
            continue
        if verdict.kind is FileKind.SAVE and not sealed_state(Path(name)):
            say(f"{name}: ok (save, written before saves were sealed: its next write seals it)")
        else:
            say(f"{name}: ok ({verdict.kind.value})")
    for line in problems:
        say(line, file=sys.stderr)
    return EXIT_BAD_INPUT if problems else EXIT_OK


def _reseal(name: str, is_save: bool) -> list[str]:
    """``check --reseal``: seal a hand-edited save again once everything else about it
    is right; the problems that stop it, else [] (and what was done is printed)."""
    from tuicamp.game.session import Session
    from tuicamp.storage.locations import backup_path
    from tuicamp.storage.saves import save_problems, sealed_state

    if not is_save:
        return [f"{name}: --reseal seals saves, and this is a scenario (it needs no seal)"]
    found = save_problems(name, check_seal=False)
    if found:
        return [*found, f"{name}: not sealed: put the problems above right first"]
    if sealed_state(Path(name)) and not save_problems(name):
        print(f"{name}: ok (save); its seal already holds, nothing written")
        return []
    session = Session.reseal(name)
    print(
        f"{name}: checked and sealed again at revision {session.revision} "
        f"(the file as it was is kept as {backup_path(session.path).name})"
    )
    return []


def cmd_rulesets(args: argparse.Namespace) -> int:
    from tuicamp.engine.registry import describe_rulesets

    for about in describe_rulesets():  # from each ruleset's about.toml: none is imported
        say(f"{about.id:<12} {about.title}")
        if about.summary:
            say(f"{'':<12} {about.summary}")
    return EXIT_OK


def cmd_scenarios(args: argparse.Namespace) -> int:
    from tuicamp.game.scenarios import load_scenario
    from tuicamp.game.textreport import scenario_table
    from tuicamp.storage.scenario import bundled_scenarios

    for line in scenario_table([(p.stem, load_scenario(p)) for p in bundled_scenarios()]):
        say(line)
    return EXIT_OK


def cmd_actions(args: argparse.Namespace) -> int:
    from tuicamp.engine.engine import action_types
    from tuicamp.engine.registry import get_ruleset
    from tuicamp.storage.orders import action_example

    ruleset = get_ruleset(args.ruleset or _ruleset_of_save(args.save) or "sandbox")
    say(f"# Actions of {ruleset.title}; put them in an orders file for `tuicamp apply`.")
    say('# `seat = "p1"` at the top of the file says whose orders they are.\n')
    for cls in action_types(ruleset).values():
        if note := ruleset.action_notes.get(cls.kind):
            say(f"# {note}")
        say(action_example(cls))
        say()
    return EXIT_OK


def _ruleset_of_save(name: str | None) -> str | None:
    """The ruleset id of the save ``name`` (None without one), for `tuicamp actions SAVE`;
    a name that is no save is refused with the way to name a ruleset instead."""
    from tuicamp.storage.chronicle import Reading
    from tuicamp.storage.saves import read_save

    if not name:
        return None
    try:
        loaded = read_save(_resolve_save(name), events=Reading.NONE)
    except InputError as error:
        raise InputError(
            f"{error}; for a ruleset's actions without a save: tuicamp actions --ruleset ID "
            "(see `tuicamp rulesets`)"
        ) from error
    assert loaded is not None  # read_save raises rather than collecting here
    return loaded.ruleset.id


def cmd_apply(args: argparse.Namespace) -> int:
    from tuicamp.engine.engine import action_types
    from tuicamp.game.session import Session, refusal
    from tuicamp.storage.chronicle import Reading
    from tuicamp.storage.orders import read_orders_file

    # The chronicle's tail alone: orders add events and print only theirs, so a long
    # campaign costs what a short one does (storage.chronicle.read_chronicle_tail).
    session = Session.open(_resolve_save(args.save), events=Reading.TAIL)
    orders = read_orders_file(args.orders, action_types(session.ruleset))
    actions = orders.actions
    if not (args.seat or orders.seat):  # orders never fall back to the GM's powers
        raise InputError(
            f'{args.orders}: say whose orders these are: seat = "..." at the top, or --as SEAT'
        )
    if args.seat and orders.seat and args.seat != orders.seat:  # a slip, never a wish
        raise InputError(
            f"{args.orders}: these orders are for seat {orders.seat!r}, but --as names "
            f"{args.seat!r}: drop --as, or change the file's seat"
        )
    seat = _default_seat(session, args.seat or orders.seat)
    if not actions:
        raise InputError(f"{args.orders}: no [[action]] in it")
    try:
        # on the save as it is when the lock is taken, whoever wrote it since it was read
        events = session.apply_orders(seat, orders)
    except RuleError as exc:
        raise InputError(refusal(str(args.orders), orders, exc, session.revision)) from None
    from attrs import evolve

    from tuicamp.game.textreport import event_line

    giver = session.campaign.seat(seat)
    assert giver is not None  # _default_seat found it
    controlled = [p.id for p in session.campaign.players if giver.controls(p.id)]
    number = _readable_before(session, len(events), controlled) if not giver.gm else 0
    for event in events:
        if event.visible_for(controlled, giver.gm):
            number += 1  # as the seat's log numbers it (R-ALL-7); the GM's are the chronicle's
            say(event_line(event if giver.gm else evolve(event, seq=number)))
    if session.engine.skipped:
        say(
            f"The campaign is over: the last {session.engine.skipped} order(s) were not "
            "carried out."
        )
    print(f"{session.path}: saved at revision {session.revision}")
    return EXIT_OK


def _readable_before(session, new: int, players: list[str]) -> int:
    """How many events before the last ``new`` the seat controlling ``players`` may read:
    from the events read, and for those the tail read left unread, from the chronicle's
    ``visible_to`` lines (``storage.chronicle.readable_count``)."""
    from bisect import bisect_left

    from tuicamp.storage.chronicle import UnreadEvent, readable_count
    from tuicamp.storage.locations import chronicle_path
    from tuicamp.storage.saves import FORMAT_VERSION

    before = session.chronicle[: len(session.chronicle) - new]
    # the unread events are the first ones, if any: found by halving, not by a walk
    unread = bisect_left(before, True, key=lambda e: not isinstance(e, UnreadEvent))
    read = sum(1 for e in before[unread:] if e.visible_for(players, False))
    if not unread:
        return read
    return read + readable_count(chronicle_path(session.path), unread, players, FORMAT_VERSION)


def cmd_show(args: argparse.Namespace) -> int:
    """The light read side: the state read and viewed, no session or engine built.

    The state alone: its seal proves it whole, and the chronicle, which may be the
    longest file of a campaign, is for `tuicamp log` (the view has no events to show).
    A report writes nothing and performs nothing, so it never imports the engine's
    action pipeline (``tuicamp.engine.engine``: snapshots, battles, corrections) nor the
    session that writes saves; ``tests/test_startup.py`` pins it."""
    from tuicamp.engine.rules import Rules
    from tuicamp.engine.views import view_for
    from tuicamp.game.textreport import show_text
    from tuicamp.storage.chronicle import Reading
    from tuicamp.storage.saves import read_save

    loaded = read_save(_resolve_save(args.save), events=Reading.NONE)
    assert loaded is not None  # read_save raises rather than collecting here
    rules = Rules(loaded.campaign, loaded.ruleset)
    seat = _seat_in(loaded.path, loaded.campaign, args.seat)
    write_out(show_text(view_for(rules, [], seat), loaded.ruleset))
    say(f"\nThe chronicle: tuicamp log {shlex.quote(args.save)} --as {shlex.quote(seat)}")
    return EXIT_OK


def cmd_log(args: argparse.Namespace) -> int:
    from tuicamp.game.session import Session
    from tuicamp.game.textreport import chronicle_markdown

    path = _resolve_save(args.save)
    if args.markdown:  # a diary of sections per turn: written once the whole is read
        session = Session.open(path)
        seat = _default_seat(session, args.seat)
        write_out(chronicle_markdown(session.view(seat), session.ruleset))
        return EXIT_OK
    _stream_log(path, args.seat)
    return EXIT_OK


def _stream_log(path: Path, requested: str | None) -> None:
    """`tuicamp log`: each event printed as it is read, so a long campaign's chronicle
    starts scrolling at once; the tail is checked first (the chronicle is the save's own
    and holds its events), each event as it comes, and a bad one stops the log with the
    whole read's one-line complaint."""
    from attrs import evolve

    from tuicamp.engine.views import seat_chronicle, view_for
    from tuicamp.game.session import Session
    from tuicamp.game.textreport import chronicle_text
    from tuicamp.storage.chronicle import Reading, stream_chronicle
    from tuicamp.storage.locations import chronicle_path
    from tuicamp.storage.saves import FORMAT_VERSION

    session = Session.open(path, events=Reading.TAIL)
    seat_id = _default_seat(session, requested)
    seat = session.campaign.seat(seat_id)
    assert seat is not None  # _default_seat found it
    controlled = [p.id for p in session.campaign.players if seat.controls(p.id)]
    if session.reading is Reading.TAIL:
        events = stream_chronicle(
            chronicle_path(path), session.campaign.chronicle_length, FORMAT_VERSION
        )
    else:  # the tail could not vouch for it: read whole already
        events = iter(session.chronicle)
    empty = view_for(session.rules, [], seat_id)  # the seat's view, its events one by one
    number = 0
    for event in events:
        for shown in seat_chronicle([event], controlled, seat.gm):  # visible, escaped
            number += 1
            shown = shown if seat.gm else evolve(shown, seq=number)
            write_out(chronicle_text(evolve(empty, chronicle=[shown])))


def cmd_battles(args: argparse.Namespace) -> int:
    from tuicamp.engine.battles import clock_text
    from tuicamp.engine.result_form import form_of
    from tuicamp.engine.side_forces import sides_named
    from tuicamp.game.battlecard import (
        battle_known,
        build_card,
        card_hidden_reason,
        card_markdown,
        card_text,
    )
    from tuicamp.game.result_orders import result_orders
    from tuicamp.game.session import Session
    from tuicamp.model.battle import MODE_TEXT

    session = Session.open(_resolve_save(args.save))
    seat = _default_seat(session, args.seat)
    camp = session.campaign
    view = session.view(seat)
    known = [b for b in camp.battles if battle_known(view, b)]  # for this seat (R-ALL-7)
    if args.card and args.form:
        raise InputError("--card and --form print one thing each: give one of them")
    wanted = args.card or args.form
    if wanted:
        battle = next((b for b in known if b.id == wanted), None)
        if battle is None:
            listed = ", ".join(b.id for b in known) or "none yet"
            raise InputError(f"there is no battle {wanted!r} (battles: {listed})")
        hidden = card_hidden_reason(view, battle)
        if hidden:
            raise InputError(hidden)
        if args.form:
            if not battle.pending:
                raise InputError(f"battle {battle.id} is already {battle.status.value}")
            form = form_of(session.rules, battle)
            write_out(result_orders(session.rules, battle, form, args.seat, session.revision))
            return EXIT_OK
        card = build_card(session.rules, battle)
        write_out(card_markdown(card) if args.markdown else card_text(card))
        return EXIT_OK
    shown = [b for b in known if args.all or b.pending]
    if not shown:
        say("No battles pending." if not args.all else "No battles yet.")
    for b in shown:
        sides = sides_named(session.rules, b)
        mode = f", to be {MODE_TEXT[b.mode]}"
        status = session.ruleset.battle_status(session.rules, b) + (mode if b.pending else "")
        say(
            f"{b.id}  {clock_text(b, session.ruleset)}  hex {camp.map.label(b.hex)} "
            f"({b.terrain}): {sides} [{status}]"
        )
    return EXIT_OK


def cmd_seats(args: argparse.Namespace) -> int:
    """`tuicamp seats SAVE [bind | unbind | notice | passphrase | authorized-keys]`."""
    from tuicamp.game.session import Session
    from tuicamp.storage.chronicle import Reading

    path = _resolve_save(args.save)
    session = Session.open(path, events=Reading.TAIL)  # seats and keys: no event printed
    what = args.seats_command
    if what is not None and what != "authorized-keys":
        _default_seat(session, args.seat)
    handler = {
        None: _seats_list,
        "bind": _seats_bind,
        "unbind": _seats_unbind,
        "notice": _seats_notice,
        "passphrase": _seats_passphrase,
        "authorized-keys": _seats_authorized_keys,
    }[what]
    return handler(session, args)


def _seats_list(session, args: argparse.Namespace) -> int:
    from tuicamp.game.club import seat_name
    from tuicamp.storage.seat_keys import read_seat_keys, seats_path

    keys = read_seat_keys(session.path)
    camp = session.campaign
    print(f"Seats of {camp.name} ({session.path}); keys in {seats_path(session.path)}")
    for seat in camp.seats:
        binding = keys.seats.get(seat.id)
        bound = binding.keys if binding else []
        guard = ", passphrase" if seat.passphrase_hash else ""
        gm = " [GM]" if seat.gm else ""
        print(f"  {seat.id:<10} {seat_name(camp, seat)}{gm}: {len(bound)} key(s){guard}")
        for key in bound:
            print(f"      {key.label()}")
        if binding and binding.notice:
            print(f"      notice: {shlex.join(binding.notice)}")
    return EXIT_OK


def _key_files(names: list[str]):
    from tuicamp.storage.seat_keys import read_public_key_file

    return [read_public_key_file(Path(name)) for name in names]


def _seats_bind(session, args: argparse.Namespace) -> int:
    from tuicamp.storage.seat_keys import PublicKey, SeatKeys, update_seat_keys

    def bind(keys: SeatKeys, key: PublicKey) -> bool:
        return keys.bind(args.seat, key)

    for key in _key_files(args.key):
        added = update_seat_keys(session.path, functools.partial(bind, key=key))
        what = "now opens" if added else "already opened"
        print(f"{key.label()} {what} seat {args.seat} of {session.path.name}")
    return EXIT_OK


def _seats_unbind(session, args: argparse.Namespace) -> int:
    from tuicamp.storage.seat_keys import PublicKey, SeatKeys, update_seat_keys

    def unbind(keys: SeatKeys, fingerprint: str | None) -> list[PublicKey]:
        return keys.unbind(args.seat, fingerprint)

    prints = [k if k.startswith("SHA256:") else None for k in args.key]
    files = [k for k, fp in zip(args.key, prints, strict=True) if fp is None]
    prints = [fp for fp in prints if fp] + [k.fingerprint for k in _key_files(files)]
    wanted: list[str | None] = list(prints) if args.key else [None]
    gone = []
    for fingerprint in wanted:
        gone += update_seat_keys(session.path, functools.partial(unbind, fingerprint=fingerprint))
    if args.key and len(gone) < len(prints):
        raise InputError(f"seat {args.seat!r} had no such key (see tuicamp seats {args.save})")
    for key in gone:
        print(f"{key.label()} no longer opens seat {args.seat}")
    if not gone:
        print(f"seat {args.seat} had no keys")
    return EXIT_OK


def _seats_notice(session, args: argparse.Namespace) -> int:
    from tuicamp.game.notices import split_command
    from tuicamp.storage.seat_keys import update_seat_keys

    if args.off == bool(args.notice_command):
        raise InputError("give the notice command, or --off for none")
    words = [] if args.off else split_command(args.notice_command)

    def change(keys) -> None:
        keys.seat(args.seat).notice = words

    update_seat_keys(session.path, change)
    if words:
        print(f"seat {args.seat} is told its turn by: {shlex.join(words)} CAMPAIGN SEAT TURN PHASE")
    else:
        print(f"seat {args.seat} is told its turn by no command")
    return EXIT_OK


def _seats_passphrase(session, args: argparse.Namespace) -> int:
    import getpass

    from tuicamp.ui.passphrase import hash_passphrase

    seat = session.campaign.seat(args.seat)
    if args.clear:
        seat.passphrase_hash = None
    else:
        first = getpass.getpass(f"New passphrase for seat {args.seat}: ")
        if not first:
            raise InputError("an empty passphrase: nothing changed (--clear takes it away)")
        if getpass.getpass("The same again: ") != first:
            raise InputError("the two passphrases differ: nothing changed")
        seat.passphrase_hash = hash_passphrase(first)
    session.engine.changed()
    session.save()
    print(f"seat {args.seat}: passphrase {'cleared' if args.clear else 'set'}")
    return EXIT_OK


def _seats_authorized_keys(session, args: argparse.Namespace) -> int:
    """Lines for the authorized_keys of an account that only plays: each key runs
    `tuicamp play SAVE --as SEAT` and nothing else (restrict: no forwarding, no shell)."""
    import shutil

    from tuicamp.storage.seat_keys import read_seat_keys

    program = args.program or shutil.which(sys.argv[0]) or shutil.which("tuicamp") or "tuicamp"
    program = str(Path(program).resolve()) if Path(program).exists() else program
    save = str(session.path.resolve())
    keys = read_seat_keys(session.path)
    lines = []
    for seat in session.campaign.seats:
        for key in keys.keys_of(seat.id):
            command = shlex.join(
                [program, "play", save, "--as", seat.id, "--by-key", key.fingerprint]
            )
            escaped = command.replace("\\", "\\\\").replace('"', '\\"')
            lines.append(f'restrict,pty,command="{escaped}" {key.line()}')
    if not lines:
        raise InputError(f"no keys are bound to the seats of {session.path.name} yet")
    print(
        f"# tuicamp seats of {session.path.name}: put these in ~/.ssh/authorized_keys of an "
        "account that does nothing else"
    )
    for line in lines:
        print(line)
    return EXIT_OK


def cmd_serve(args: argparse.Namespace) -> int:
    from tuicamp.game.notices import split_command
    from tuicamp.serve.config import make_config
    from tuicamp.serve.server import run
    from tuicamp.storage.locations import saves_dir

    config = make_config(
        args.listen,
        Path(args.campaigns) if args.campaigns else saves_dir(),
        Path(args.host_key) if args.host_key else None,
        Path(args.gm_keys) if args.gm_keys else None,
        idle_minutes=args.idle_timeout,
        notice=tuple(split_command(args.notice)) if args.notice else (),
        max_sessions=args.max_sessions,
    )
    return run(config)


def cmd_roll(args: argparse.Namespace) -> int:
    import secrets

    from tuicamp.engine.dice import Dice
    from tuicamp.model.campaign import DiceState

    seed = args.seed if args.seed is not None else secrets.randbits(63)
    roll = Dice(DiceState(seed=seed)).roll(args.expr, "the command line")
    shown = " + ".join(map(str, roll.dice))
    say(f"{roll.expr}: {roll.total}  ({shown})")
    return EXIT_OK


COMMANDS = {
    "new": cmd_new,
    "play": cmd_play,
    "check": cmd_check,
    "rulesets": cmd_rulesets,
    "scenarios": cmd_scenarios,
    "actions": cmd_actions,
    "apply": cmd_apply,
    "show": cmd_show,
    "log": cmd_log,
    "battles": cmd_battles,
    "roll": cmd_roll,
    "seats": cmd_seats,
    "serve": cmd_serve,
    "generate": cmd_generate,
    "edit": cmd_edit,
}


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(_command_in(words)).parse_args(words)
    try:
        if args.command is None:
            return _run_ui(None, None)
        return COMMANDS[args.command](args)
    except (InputError, RuleError) as exc:
        say(f"tuicamp: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # a bug: say so plainly, keep the traceback for the report
        if os.environ.get("TUICAMP_DEBUG"):
            import traceback  # only for a bug's report: not loaded by every command

            traceback.print_exc()
        say(
            f"tuicamp: internal error: {type(exc).__name__}: {exc} "
            "(set TUICAMP_DEBUG=1 for details)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
