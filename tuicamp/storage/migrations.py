"""Upgrading old saves: an ordered chain of steps, one per format version.

A save records the ``format_version`` it was written in. When tuicamp's format changes,
the change gets one :class:`Upgrade` that turns plain data of version ``n`` into version
``n + 1``; loading applies every step from the file's version up to the current one, in
order, so a save from any older release opens (as Freeciv does). Steps work on the plain
TOML data, before anything is structured, because the old data no longer fits the classes.

A save written by a *newer* tuicamp is refused instead: guessing what unknown fields mean
could quietly lose part of a campaign.

Steps are registered with :func:`register_upgrade` (or the :func:`upgrade` decorator)::

    @upgrade(1, note="armies gained 'flags'")
    def _v1_to_v2(doc):
        for army in doc["campaign"].get("armies", []):
            army.setdefault("flags", [])
        return doc
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import frozen

from tuicamp.model.campaign import BOOL_WORDS
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr

Doc = dict[str, Any]
Step = Callable[[Doc], Doc | None]


@frozen
class Upgrade:
    """Turns data of ``from_version`` into ``from_version + 1``.

    ``save`` receives the whole save document (``{"header": ..., "campaign": ...}``) and
    ``event`` one chronicle event; each returns the new data (or None after editing in
    place). Either may be None when that part did not change.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    from_version: int
    save: Step | None = None
    event: Step | None = None
    note: str = ""


# from_version -> step; an ordered chain because every step moves exactly one version.
UPGRADES: dict[int, Upgrade] = {}


class MigrationError(ValueError):
    """A version that cannot be brought up to date; the message is for the player."""


def register_upgrade(
    from_version: int, *, save: Step | None = None, event: Step | None = None, note: str = ""
) -> Upgrade:
    if from_version in UPGRADES:
        raise ValueError(f"an upgrade from format version {from_version} is already registered")
    step = Upgrade(from_version, save, event, note)
    UPGRADES[from_version] = step
    return step


def upgrade(from_version: int, note: str = "") -> Callable[[Step], Step]:
    """Decorator form of :func:`register_upgrade` for a step on the save document."""

    def register(fn: Step) -> Step:
        register_upgrade(from_version, save=fn, note=note)
        return fn

    return register


def version_problem(version: object, current: int) -> str | None:
    """Why data of ``version`` cannot be read by a tuicamp at ``current``; None if it can."""
    if isinstance(version, bool) or not isinstance(version, int):
        return f"format_version must be a whole number, not {version!r}"
    if version > current:
        return (
            f"this save has format version {version}, newer than this tuicamp reads "
            f"({current}); update tuicamp to open it"
        )
    # the first gap, found lazily: a version far below every step must not list them all
    missing = next((v for v in range(version, current) if v not in UPGRADES), None)
    if missing is not None:
        return (
            f"this save has format version {version} and tuicamp has no upgrade from "
            f"version {missing}; it cannot be opened"
        )
    return None


def _chain(version: int, current: int) -> list[Upgrade]:
    problem = version_problem(version, current)
    if problem:
        raise MigrationError(problem)
    return [UPGRADES[v] for v in range(version, current)]


def upgrade_save(doc: Doc, version: int, current: int) -> Doc:
    """The save document brought from ``version`` to ``current``."""
    for step in _chain(version, current):
        if step.save is not None:
            result = step.save(doc)
            doc = doc if result is None else result
        header = doc.get("header")
        if isinstance(header, dict):
            header["format_version"] = step.from_version + 1
    return doc


def upgrade_events(events: list[Doc], version: int, current: int) -> list[Doc]:
    """Chronicle events brought from ``version`` to ``current``."""
    for step in _chain(version, current):
        if step.event is None:
            continue
        upgraded = []
        for event in events:
            result = step.event(event)
            upgraded.append(event if result is None else result)
        events = upgraded
    return events


# --- the steps ------------------------------------------------------------------------------
def _flag(value: Any) -> bool:
    """An option as a save may hold it: true, or a yes-word a Games Master typed."""
    if isinstance(value, str):
        return BOOL_WORDS.get(value.strip().lower(), False)
    return bool(value)


def _sandbox_flow(campaign: Doc, state: Doc) -> Doc:
    order = list(state.pop("order", []) or [])
    current = state.pop("current", 0)
    ended = list(state.pop("ended", []) or [])
    simultaneous = _flag((campaign.get("options") or {}).get("simultaneous", False))
    position = current % len(order) if order and isinstance(current, int) else 0
    flow: Doc = {"order": order, "position": 0 if simultaneous else position}
    flow.update({"simultaneous": simultaneous, "ended": ended if simultaneous else []})
    return flow


def _rauscher_flow(campaign: Doc, state: Doc) -> Doc:
    order = list(state.get("move_order", []) or [])
    mover = state.pop("mover", 0)
    done = list(state.pop("phase_done", []) or [])
    if campaign.get("phase") == "movement":  # race by race, the others everyone at once
        return {"order": order, "position": mover, "simultaneous": False, "ended": []}
    return {"order": order, "position": 0, "simultaneous": True, "ended": done}


# How each bundled ruleset of version 1 kept its own turn order in its state.
_OLD_FLOWS: dict[str, Callable[[Doc, Doc], Doc]] = {
    "sandbox": _sandbox_flow,
    "rauscher": _rauscher_flow,
}


@upgrade(1, note="the engine keeps the flow of play (campaign.flow, campaign.step)")
def _v1_to_v2(doc: Doc) -> None:
    """Whose turn it is moves from the ruleset's state into the campaign's flow.

    The sandbox kept ``order``, ``current`` and ``ended`` in its state, Rauscher
    ``move_order`` (still its race order), ``mover`` and ``phase_done``. A campaign of any
    other ruleset gets no flow here: the engine arranges its phase's order as it opens.
    """
    campaign = doc.get("campaign")
    if not isinstance(campaign, dict):
        return
    campaign.setdefault("step", 0)
    state = campaign.get("state")
    make = _OLD_FLOWS.get(campaign.get("ruleset", ""))
    if make is None or not isinstance(state, dict) or "flow" in campaign:
        return
    campaign["flow"] = {**make(campaign, state), "started": True}


@upgrade(2, note="a save carries a seal: the digest of its content, in its header")
def _v2_to_v3(doc: Doc) -> None:
    """Nothing to change in the data: a save of version 2 was written before seals, so it
    is trusted as it is read, and the next write seals it (storage.seal)."""
