"""What a save can hold: whole numbers of 64 bits, as TOML has them.

Python's integers have no limit, TOML's do: a treasury, a store, the revision, the dice's
``draws`` and ``rolls`` or ``next_id`` at 9,223,372,036,854,775,807 accepted the next
order, and the save written then no longer loaded (the codec refuses what TOML cannot
hold). So before anything of an action is written, the numbers it leaves are checked, and
an order that would carry one past the limit is refused, in one line, as any refusal is.

The TOML writer says whether it wrote such a number (``tomlwrite.Written.too_large``); where
it cannot say (text tomli_w wrote), the check reads the save's bytes (a plain search for runs
of 19 digits or more, which any number past the limit needs, each read as a number). The
data is walked only when one is past the limit, to name the place.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tuicamp.engine.codec import TOML_INT_MAX, TOML_INT_MIN
from tuicamp.engine.errors import RuleError
from tuicamp.engine.problems import KeyPath, where_text
from tuicamp.engine.settled_data import SettledData, SettledList

# Digits made one digit, so that a run of 19 of them (what a number past the limit is
# written as, and a dice seed too) is found by a plain search: a regular expression over
# a whole save costs ten times as much.
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_RUN = b"0" * 19


class NumberTooLarge(RuleError):
    """An action would leave a number no save can hold; nothing was written."""

    def __init__(self, where: str, value: int) -> None:
        self.where, self.value = where, value
        if value > 0:
            limit = f"more than a save can hold (at most {TOML_INT_MAX:,})"
        else:
            limit = f"less than a save can hold (at least {TOML_INT_MIN:,})"
        super().__init__(f"{where} would become {value:,}, {limit}")


def out_of_range(value: Any, at: KeyPath = ()) -> tuple[KeyPath, int] | None:
    """The first whole number in ``value`` (plain data) that TOML cannot hold, with its
    key path; None when there is none.

    Nearly every save holds no such number, so a walk that only looks comes first (a new
    campaign's whole data is walked before it is written); the key paths, a tuple per
    value, are made only when there is one to name."""
    if not _holds_out_of_range(value):
        return None
    return named_out_of_range(value, at)


def named_out_of_range(value: Any, at: KeyPath = ()) -> tuple[KeyPath, int] | None:
    """:func:`out_of_range` by the walk that names the key path of every value it meets
    (what finds the place once the quick look has found there is one)."""
    stack: list[tuple[KeyPath, Any]] = [(at, value)]
    while stack:
        path, item = stack.pop()
        kind = type(item)
        if kind is dict or kind is SettledData:
            stack.extend(((*path, k), v) for k, v in reversed(item.items()))
        elif kind is list or kind is tuple or kind is SettledList:
            stack.extend(((*path, i), v) for i, v in reversed(list(enumerate(item))))
        elif kind is int and not TOML_INT_MIN <= item <= TOML_INT_MAX:
            return path, item
    return None


def _holds_out_of_range(value: Any) -> bool:
    """Whether ``value`` holds a whole number TOML cannot, found without key paths."""
    stack = [value]
    pop, extend = stack.pop, stack.extend
    while stack:
        item = pop()
        kind = type(item)
        if kind is dict or kind is SettledData:
            extend(item.values())
        elif kind is list or kind is tuple or kind is SettledList:
            extend(item)
        elif kind is int and not TOML_INT_MIN <= item <= TOML_INT_MAX:
            return True
    return False


def may_hold_too_large(raw: bytes) -> bool:
    """Whether the written text could hold a number past the limit: a run of digits
    past it (one inside a text, a name of digits, gives a false alarm, which the walk of
    the data then clears)."""
    flat = raw.translate(_DIGITS_AS_ZERO)
    at = flat.find(_RUN)
    while at >= 0:
        start = at
        while start > 0 and flat[start - 1] == 0x30:  # the run's own start
            start -= 1
        end = at + len(_RUN)
        while end < len(flat) and flat[end] == 0x30:
            end += 1
        number = int(raw[start:end])
        negative = start > 0 and raw[start - 1] == 0x2D  # "-"
        if number > (TOML_INT_MAX + 1 if negative else TOML_INT_MAX):
            return True
        at = flat.find(_RUN, end)
    return False


def refuse_too_large(
    state: bytes, data: dict[str, Any], events: Iterable[Any] = (), walk: bool = False
) -> None:
    """Raise :class:`NumberTooLarge` when the save about to be written (``state``, the
    bytes of ``data``) or the events about to be appended hold a number past the limit.
    ``walk``: the data has not been written out yet; walk it whole."""
    if walk or may_hold_too_large(state):
        found = out_of_range(data)
        if found is not None:
            path, value = found
            raise NumberTooLarge(where_text(path), value)
    for seq, event in events:
        found = out_of_range(event)
        if found is not None:
            path, value = found
            raise NumberTooLarge(f"event {seq}: {where_text(path)}", value)
