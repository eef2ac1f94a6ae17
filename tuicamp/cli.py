"""The `tuicamp` command line: a thin layer over the engine and storage.

Exit codes: 0 success, 2 bad input or a refused action (one line on stderr, no traceback),
1 an internal error (set TUICAMP_DEBUG=1 for the traceback).
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from tuicamp.engine.errors import InputError, RuleError
from tuicamp.engine.printable import escaped


def say(*values: object, file: TextIO | None = None, end: str = "\n") -> None:
    """``print``, escaped: every line the command line prints may quote a name a player
    typed, and none may drive the terminal it lands on (ESC, BEL; line breaks stay)."""
    print(*(escaped(str(v), keep_newlines=True) for v in values), file=file, end=end)


def write_out(text: str) -> None:
    """A report to standard output, escaped as :func:`say` escapes."""
    sys.stdout.write(escaped(text, keep_newlines=True))


EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line like every other bad input."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="tuicamp", description="A terminal referee for Warhammer map campaigns.")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    new = sub.add_parser("new", help="start a campaign from a scenario")
    new.add_argument("scenario", help="a scenario file, or a bundled scenario's name")
    new.add_argument("--ruleset", "-r", required=True, help="ruleset id (see `tuicamp rulesets`)")
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

    play = sub.add_parser("play", help="open a saved campaign in the terminal UI")
    play.add_argument("save")
    play.add_argument("--as", dest="seat", help="play as this seat only (for SSH seats)")

    check = sub.add_parser("check", help="validate scenario and save files")
    check.add_argument("files", nargs="+")

    sub.add_parser("rulesets", help="list the installed rulesets")
    sub.add_parser("scenarios", help="list the bundled scenarios")

    actions = sub.add_parser("actions", help="every action with its fields, as TOML")
    actions.add_argument("--ruleset", "-r", default="sandbox")

    apply = sub.add_parser("apply", help="perform a file of actions (all or nothing)")
    apply.add_argument("save")
    apply.add_argument("orders")
    apply.add_argument("--as", dest="seat", help="the seat giving the orders")

    show = sub.add_parser("show", help="what a seat sees, as text")
    show.add_argument("save")
    show.add_argument("--as", dest="seat")

    log = sub.add_parser("log", help="the chronicle")
    log.add_argument("save")
    log.add_argument("--as", dest="seat", help="only what this seat may read (default: GM)")
    log.add_argument("--markdown", action="store_true", help="as a Markdown campaign diary")

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

    roll = sub.add_parser("roll", help="roll dice: d6, 2d6, d66, 3d6+1, ...")
    roll.add_argument("expr")
    roll.add_argument("--seed", type=int)
    return p


# --- commands ---------------------------------------------------------------------------


def _resolve_save(name: str) -> Path:
    from tuicamp.storage.locations import resolve_save

    return resolve_save(name)


def _default_seat(session, requested: str | None) -> str:
    camp = session.campaign
    if requested:
        if camp.seat(requested) is None:
            known = ", ".join(s.id for s in camp.seats)
            raise InputError(f"there is no seat {requested!r} in {session.path} (seats: {known})")
        return requested
    gm = camp.gm_seat()
    if gm is not None:
        return gm.id
    acting = session.acting_seats()
    if acting:
        return acting[0]
    raise InputError(f"{session.path}: say which seat with --as")


def cmd_new(args: argparse.Namespace) -> int:
    from tuicamp.game.scenarios import load_scenario
    from tuicamp.game.session import Session
    from tuicamp.game.setup import start_campaign
    from tuicamp.model.campaign import DiceMode
    from tuicamp.storage.locations import make_folder, new_save_path
    from tuicamp.storage.scenario import find_scenario

    scenario = load_scenario(find_scenario(args.scenario))
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
        args.ruleset,
        name=args.name,
        options=options,
        players=players,
        seed=args.seed,
        dice_mode=DiceMode(args.dice),
    )
    campaign = engine.campaign
    path = Path(args.output) if args.output else new_save_path(campaign.name)
    if path.suffix != ".toml":  # a save is NAME.toml beside NAME.chronicle.toml
        path = path.with_name(path.name + ".toml")
    make_folder(path.parent, path)
    session = Session.create(path, campaign, engine.chronicle, overwrite=args.force)
    say(
        f"Created {session.path}: {campaign.name} ({session.ruleset.title}), "
        f"{len(campaign.players)} players, seed {campaign.dice.seed}"
    )
    if args.no_play:
        return EXIT_OK
    return _run_ui(session.path, None)


def _run_ui(save: Path | None, seat: str | None) -> int:
    try:
        from tuicamp.ui.app import run_app
    except ImportError as exc:  # the UI package is optional only while it is being built
        raise InputError(f"the terminal UI is not available here ({exc})") from None
    return run_app(save=save, seat=seat)


def cmd_play(args: argparse.Namespace) -> int:
    from tuicamp.game.session import Session

    path = _resolve_save(args.save)
    session = Session.open(path)  # fail fast with a one-line error before the UI starts
    if args.seat:
        _default_seat(session, args.seat)
    return _run_ui(path, args.seat)


def cmd_check(args: argparse.Namespace) -> int:
    from tuicamp.game.scenarios import scenario_problems
    from tuicamp.storage.saves import save_problems
    from tuicamp.storage.tomlfile import read_toml

    problems: list[str] = []
    for name in args.files:
        try:
            doc = read_toml(name)
        except InputError as exc:
            problems.append(str(exc))
            continue
        is_save = "header" in doc.data
        found = save_problems(name) if is_save else scenario_problems(name)
        problems.extend(found)
        if not found:
            say(f"{name}: ok ({'save' if is_save else 'scenario'})")
    for line in problems:
        say(line, file=sys.stderr)
    return EXIT_BAD_INPUT if problems else EXIT_OK


def cmd_rulesets(args: argparse.Namespace) -> int:
    from tuicamp.engine.registry import load_rulesets

    for rid, ruleset in load_rulesets().items():
        say(f"{rid:<12} {ruleset.title}")
        if ruleset.summary:
            say(f"{'':<12} {ruleset.summary}")
    return EXIT_OK


def cmd_scenarios(args: argparse.Namespace) -> int:
    from tuicamp.game.scenarios import load_scenario
    from tuicamp.storage.scenario import bundled_scenarios

    for path in bundled_scenarios():
        sc = load_scenario(path)
        rulesets = ", ".join(sc.rulesets)
        say(
            f"{path.stem:<24} {sc.title} ({len(sc.players)} players, "
            f"{sc.map.width}x{sc.map.height}; rulesets: {rulesets})"
        )
    return EXIT_OK


def cmd_actions(args: argparse.Namespace) -> int:
    from tuicamp.engine.engine import action_types
    from tuicamp.engine.registry import get_ruleset
    from tuicamp.storage.orders import action_example

    ruleset = get_ruleset(args.ruleset)
    say(f"# Actions of {ruleset.title}; put them in an orders file for `tuicamp apply`.")
    say('# `seat = "p1"` at the top of the file says whose orders they are.\n')
    for cls in action_types(ruleset).values():
        say(action_example(cls))
        say()
    return EXIT_OK


def cmd_apply(args: argparse.Namespace) -> int:
    from tuicamp.engine.engine import action_types
    from tuicamp.game.session import Session
    from tuicamp.storage.orders import read_orders

    session = Session.open(_resolve_save(args.save))
    file_seat, actions = read_orders(args.orders, action_types(session.ruleset))
    if not (args.seat or file_seat):  # orders never fall back to the GM's powers
        raise InputError(
            f'{args.orders}: say whose orders these are: seat = "..." at the top, or --as SEAT'
        )
    seat = _default_seat(session, args.seat or file_seat)
    if not actions:
        raise InputError(f"{args.orders}: no [[action]] in it")
    try:
        events = session.perform_all(seat, actions)
    except RuleError as exc:
        index = getattr(exc, "action_index", None)
        which = f" order {index + 1} ({actions[index].kind})" if index is not None else ""
        raise InputError(f"{args.orders}: refused{which}, nothing changed: {exc}") from None
    from tuicamp.game.textreport import event_line

    view = session.view(seat)
    controlled, gm = view.players_controlled, view.gm
    shown = sum(1 for event in events if event.visible_for(controlled, gm))
    for event in view.chronicle[len(view.chronicle) - shown :]:  # as the seat numbers them
        say(event_line(event))
    if session.engine.skipped:
        say(
            f"The campaign is over: the last {session.engine.skipped} order(s) were not "
            "carried out."
        )
    return EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    from tuicamp.game.session import Session
    from tuicamp.game.textreport import show_text

    session = Session.open(_resolve_save(args.save))
    seat = _default_seat(session, args.seat)
    write_out(show_text(session.view(seat), session.ruleset))
    return EXIT_OK


def cmd_log(args: argparse.Namespace) -> int:
    from tuicamp.game.session import Session
    from tuicamp.game.textreport import chronicle_markdown, chronicle_text

    session = Session.open(_resolve_save(args.save))
    seat = _default_seat(session, args.seat)
    view = session.view(seat)
    text = chronicle_markdown(view, session.ruleset) if args.markdown else chronicle_text(view)
    write_out(text)
    return EXIT_OK


def cmd_battles(args: argparse.Namespace) -> int:
    from tuicamp.engine.battles import clock_text, side_names
    from tuicamp.engine.result_form import form_of
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
            write_out(result_orders(camp, battle, form, args.seat))
            return EXIT_OK
        card = build_card(session.rules, battle)
        write_out(card_markdown(card) if args.markdown else card_text(card))
        return EXIT_OK
    shown = [b for b in known if args.all or b.pending]
    if not shown:
        say("No battles pending." if not args.all else "No battles yet.")
    for b in shown:
        sides = " vs ".join(side_names(camp, s) for s in b.sides)
        mode = f", to be {MODE_TEXT[b.mode]}"
        status = b.status.value + (mode if b.pending else "")
        say(
            f"{b.id}  {clock_text(b, session.ruleset)}  hex {camp.map.label(b.hex)} "
            f"({b.terrain}): {sides} [{status}]"
        )
    return EXIT_OK


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
}


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
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
            traceback.print_exc()
        say(
            f"tuicamp: internal error: {type(exc).__name__}: {exc} "
            "(set TUICAMP_DEBUG=1 for details)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
