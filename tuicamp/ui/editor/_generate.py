"""The form that asks for a map to generate (size, players, seed, ruleset), as the
editor's ``g`` and the editor's start both ask it, read into the generator's MapSpec."""

from __future__ import annotations

from collections.abc import Callable

from textual.screen import Screen

from tuicamp.engine import registry
from tuicamp.engine.errors import InputError
from tuicamp.game.mapgen import MapSpec, generate
from tuicamp.storage.scenario import Scenario
from tuicamp.ui.editor._forms import FieldsForm


def fields(ruleset: str) -> list[tuple[str, str]]:
    """The form's fields, the ruleset offered first ``ruleset``."""
    names = ", ".join(sorted(registry.load_rulesets()))
    return [
        ("Size (across x down)", "24x18"),
        ("Players (2 to 6)", "2"),
        ("Seed", "1"),
        (f"Ruleset ({names})", ruleset),
    ]


def spec(answer: list[str]) -> MapSpec:
    """The form's answer as a MapSpec; a ValueError says which field to put right."""
    size, players, seed, ruleset = (a.strip() for a in answer)
    width, x, height = size.lower().partition("x")
    if not (x and width.strip().isdigit() and height.strip().isdigit()):
        raise ValueError(f"size {size!r}: hexes across x down, like 40x30")
    for name, number in (("players", players), ("seed", seed)):
        if not number.lstrip("-").isdigit():
            raise ValueError(f"{name} {number!r}: a whole number")
    if ruleset not in registry.load_rulesets():
        raise ValueError(f"ruleset {ruleset!r} is not installed")
    return MapSpec(int(width), int(height), int(players), int(seed), ruleset)


def generated(answer: list[str]) -> Scenario:
    """The scenario the form asks for; a ValueError says why it cannot be made."""
    try:
        return generate(spec(answer)).scenario
    except InputError as exc:
        raise ValueError(str(exc)) from None


def ask(screen: Screen[None], title: str, ruleset: str, then: Callable[[Scenario], None]) -> None:
    """Ask on ``screen`` for a map to generate and give ``then`` the scenario made; what
    cannot be made is told in the form, which stays open as typed, and nothing given."""

    made: list[Scenario] = []  # the scenario the accepted answer made

    def make(answer: list[str]) -> str | None:
        try:
            made[:] = [generated(answer)]
        except ValueError as exc:
            return f"cannot generate: {exc}"
        return None

    def done(answer: list[str] | None) -> None:
        if answer is not None and made:  # given once the form is gone: it may switch screens
            then(made[0])

    screen.app.push_screen(FieldsForm(title, fields(ruleset), accept=make), done)
