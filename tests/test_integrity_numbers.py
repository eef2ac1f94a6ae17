"""An order that would carry a number past what a save holds is refused, and nothing is
written.

Issue 10, point 4: "A treasury, store, `revision`, `draws`, `rolls` or `next_id` at the
64-bit limit accepts the next order and writes a save that no longer loads. Refuse the
order (one line) before anything is written."
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from attrs import define
from integrity_kit import MOVE, ROLL, env, family, new_save, ok, orders, refused  # noqa: F401
from test_storage_kit import TINY, make_campaign, reseal

from tuicamp.engine import registry
from tuicamp.engine.actions import Action
from tuicamp.engine.codec import TOML_INT_MAX
from tuicamp.game.session import Session
from tuicamp.storage.limits import NumberTooLarge, may_hold_too_large, out_of_range
from tuicamp.storage.saves import load_save

LIMIT = TOML_INT_MAX  # 9,223,372,036,854,775,807
PAST = f"{LIMIT + 1:,}"

RAISE = """\
seat = "empire"

[[action]]
kind = "create_army"
name = "Levy"
hex = "0509"
units = [{ name = "Spears", points = 50 }]
"""


def _at_the_limit(save: Path, pattern: str) -> None:
    """Set every value matching ``pattern`` (a ``key = number`` line) to the limit, by
    hand, and seal the save again as ``tuicamp check --reseal`` would."""
    text, count = re.subn(rf"(?m)^({pattern}) = \d+$", rf"\1 = {LIMIT}", save.read_text("utf-8"))
    assert count, pattern
    save.write_text(text, encoding="utf-8")
    reseal(save)
    ok("check", save)  # a number at the limit is a good number


@pytest.mark.parametrize(
    ("pattern", "order", "where", "past"),
    [
        ("revision", MOVE, "header.revision", 1),
        ("draws", ROLL, "campaign.dice.draws", 1),
        ("rolls", ROLL, "campaign.dice.rolls", 1),
        ("next_id", RAISE, "campaign.next_id", 2),  # an id for the army, one for its unit
    ],
)
def test_an_order_past_the_limit_is_refused_before_anything_is_written(
    env: Path,  # noqa: F811
    pattern: str,
    order: str,
    where: str,
    past: int,
) -> None:
    save = new_save(env)
    _at_the_limit(save, pattern)
    path = orders(env, order)
    before = family(save)
    line = refused("apply", save, path)
    assert line == (
        f"tuicamp: {path}: refused, nothing changed: {where} would become {LIMIT + past:,}, more "
        f"than a save can hold (at most {LIMIT:,})"
    )
    assert family(save) == before
    ok("show", save)  # and the campaign still loads and plays
    ok("apply", save, orders(env, MOVE, "move.toml")) if pattern != "revision" else None


@define(kw_only=True)
class Pay(Action):
    kind = "pay"
    summary = "a player is paid: adds to the treasury"
    player: str
    amount: int


class PayingRuleset(type(TINY)):  # type: ignore[misc]
    id = "tiny"
    actions = (*TINY.actions, Pay)

    def apply(self, ctx, action) -> None:
        if isinstance(action, Pay):
            ctx.player(action.player).treasury += action.amount
            ctx.emit("paid", f"{action.player} is paid {action.amount}")
        else:
            super().apply(ctx, action)


def test_a_treasury_past_the_limit_is_refused_and_the_session_reloads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same through the session, as the terminal UI plays: the refusal is a
    RuleError (a notification), the files stay as they were, and the open campaign is
    the one on disk again."""
    paying = PayingRuleset()
    monkeypatch.setattr(registry, "load_rulesets", lambda: {"tiny": paying})
    campaign = make_campaign()
    campaign.players[0].treasury = LIMIT
    path = tmp_path / "rich.toml"
    session = Session.create(path, campaign)
    files = family(path)
    pid = campaign.players[0].id
    with pytest.raises(NumberTooLarge) as refusal:
        session.perform("s1", Pay(player=pid, amount=1))
    assert str(refusal.value) == (
        f"campaign.players[0].treasury would become {PAST}, more than a save can hold "
        f"(at most {LIMIT:,})"
    )
    assert family(path) == files
    assert session.campaign.player(pid).treasury == LIMIT
    assert len(session.chronicle) == len(load_save(path)[1])
    session.perform("s1", Pay(player=pid, amount=-5))  # and it plays on
    assert load_save(path)[0].player(pid).treasury == LIMIT - 5


def test_the_walk_names_the_first_number_out_of_range() -> None:
    data = {"a": [1, {"b": LIMIT}], "c": {"d": [0, -LIMIT - 2]}}
    assert out_of_range(data) == (("c", "d", 1), -LIMIT - 2)
    assert out_of_range({"a": [1, 2, LIMIT], "name": "9" * 40}) is None


@pytest.mark.parametrize(
    ("text", "past"),
    [
        (b"x = 9223372036854775807", False),
        (b"x = 9223372036854775808", True),
        (b"x = -9223372036854775808", False),
        (b"x = -9223372036854775809", True),
        (b"seed = 1234567890123456789", False),  # a dice seed has 19 digits too
        (b'name = "123456789012345678901234"', True),  # a false alarm the walk clears
        (b"x = 999999999999999999", False),
    ],
)
def test_the_search_of_the_text_finds_every_number_past_the_limit(text: bytes, past: bool) -> None:
    assert may_hold_too_large(text) is past
