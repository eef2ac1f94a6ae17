"""Find rulesets through the ``tuicamp.rulesets`` entry-point group.

The bundled rulesets register themselves in ``pyproject.toml`` exactly as a club's own
package would, so nothing in core names a ruleset.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from tuicamp.engine.errors import InputError
from tuicamp.engine.ruleset import Ruleset

GROUP = "tuicamp.rulesets"


@cache
def load_rulesets() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    for ep in entry_points(group=GROUP):
        cls = ep.load()
        ruleset = cls() if isinstance(cls, type) else cls
        if not isinstance(ruleset, Ruleset):
            continue
        found.setdefault(ruleset.id or ep.name, ruleset)
    return dict(sorted(found.items()))


def get_ruleset(ruleset_id: str) -> Ruleset:
    rulesets = load_rulesets()
    try:
        return rulesets[ruleset_id]
    except KeyError:
        known = ", ".join(rulesets) or "none"
        raise InputError(f"ruleset {ruleset_id!r} is not installed (installed: {known})") from None
