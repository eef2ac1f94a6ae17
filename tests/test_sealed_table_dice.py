"""Sealed orders take no dice (R-ALL-8): "With table dice, the order that completes a sealed
round (siege orders, ransom notes) is accepted without dice, and the round is revealed at
once. What the revealed orders set off ... waits for the table's dice: whoever holds them, a
seat of a player the round concerns or the Games Master, rolls them with the order
`roll_awaited` once everything is out in the open. ... The phase does not end while such
dice wait."

The report: when the second writer of a siege order was asked for dice, the prompt was for
the *first* writer's rolls ("Roll d6 for bombardment: Mortar at the gate"), revealing the
first order, and since the refused order had not happened, the second could then change his
own. Each step as the command line shows it: write the orders file, run `apply`, read the
exit code, the one line, and what each seat's `show --as` and `log --as` say; then the dice
prompt of the campaign screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from apps import rauscher_kit as K
from apps.ui_kit import make_app, sync, wait_for_screen, wait_until
from attrs import define
from integrity_kit import Run, family, tuicamp
from test_flow import FlowRules, make_campaign, new_engine

from tuicamp.engine.actions import Action
from tuicamp.engine.awaited import RollAwaited, carry_out
from tuicamp.engine.context import Context
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import DiceNeeded
from tuicamp.engine.ruleset import Phase
from tuicamp.game.session import Session
from tuicamp.model.campaign import DiceMode
from tuicamp.model.flow import AwaitedRoll
from tuicamp.model.hexes import parse_label
from tuicamp.rules.rauscher import siege as S
from tuicamp.rules.rauscher.movement import actions as M
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.ui.app import screen_text
from tuicamp.ui.screens.dice_entry import DiceEntryScreen

BOMBARD = """\
seat = "stirland"

[[action]]
kind = "siege_orders"
siege = "siege1"
order = "bombard"
"""

NOTHING = """\
seat = "sylvania"

[[action]]
kind = "siege_orders"
siege = "siege1"
order = "{order}"
"""

ROLL = """\
seat = "{seat}"

[[action]]
kind = "roll_awaited"
{dice}
"""

END = """\
seat = "sylvania"

[[action]]
kind = "end_phase"
"""

WAITING = (
    "The dice for the siege orders for Fort Vargrav (siege1) are to be rolled at the table "
    "(roll_awaited)"
)
BOMBARDMENT_PROMPT = "bombardment: Great Cannon"  # what the first writer's order makes roll


@pytest.fixture(autouse=True)
def _quiet(quiet_home, monkeypatch, tmp_path):
    monkeypatch.delenv("TUICAMP_DEBUG", raising=False)
    monkeypatch.chdir(tmp_path)  # files are named as a GM types them: by their names


def _siege_engine() -> Engine:
    """The Stir Border in table-dice mode: the Stirland Host has laid siege to Fort Vargrav
    (siege1) in the Combat phase of turn 1; no order is written yet."""
    engine = K.fresh()
    engine.campaign.army(K.HOST).hex = parse_label("1203")
    K.until(engine, "movement")
    engine.perform("stirland", M.Move(army=K.HOST, to="1303"))
    K.until(engine, "combat")
    engine.perform("stirland", S.DeclareSiege(army=K.HOST, settlement="vargrav"))
    engine.campaign.dice.mode = DiceMode.TABLE
    return engine


def _orders(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _apply(save: Path, orders: Path) -> Run:
    return tuicamp("apply", save.name, orders.name)


def _log(save: Path, seat: str) -> str:
    run = tuicamp("log", save.name, "--as", seat)
    assert run.code == 0, run.err
    return run.out


def _show(save: Path, seat: str) -> str:
    run = tuicamp("show", save.name, "--as", seat)
    assert run.code == 0, run.err
    return run.out


def test_the_second_siege_order_is_accepted_without_dice(tmp_path: Path) -> None:
    """The defender's order completes the round: `apply` exits 0 with its one saved line,
    and neither seat has been asked to roll for the besieger's bombardment."""
    save = K.write(_siege_engine(), tmp_path, "siege")
    first = _apply(save, _orders(tmp_path, "bombard.toml", BOMBARD))
    assert first.code == 0 and first.err == ""
    second = _apply(save, _orders(tmp_path, "nothing.toml", NOTHING.format(order="nothing")))
    assert second.code == 0 and second.err == "", second.err
    assert second.out.splitlines()[-1] == "siege.toml: saved at revision 3"
    assert BOMBARDMENT_PROMPT not in second.out + second.err
    sealed = rstate(Session.open(save).campaign).siege.sieges["siege1"].orders
    assert sealed.revealed and sealed.choices["sylvania"].order == "nothing"
    for seat in ("stirland", "sylvania"):
        log = _log(save, seat)
        assert (
            "The sealed siege orders for Fort Vargrav (siege1) are revealed: Stirland: "
            "bombard, as besieger; Sylvania: nothing, as defender"
        ) in log
        assert "Bombardment of Fort Vargrav" not in log  # not carried out yet
        assert f"Pending: {WAITING}" in _show(save, seat)


def test_the_second_writer_cannot_change_his_order_once_revealed(tmp_path: Path) -> None:
    """What the old refusal allowed: the defender, having seen the prompt, writes another
    order. Now his first one stands: the round is revealed, and the file is unchanged."""
    save = K.write(_siege_engine(), tmp_path, "siege")
    _apply(save, _orders(tmp_path, "bombard.toml", BOMBARD))
    _apply(save, _orders(tmp_path, "nothing.toml", NOTHING.format(order="nothing")))
    sally = _orders(tmp_path, "sally.toml", NOTHING.format(order="sally"))
    before = family(save)
    again = _apply(save, sally)
    assert again.code == 2
    assert again.line == (
        "tuicamp: sally.toml: refused order 1 (siege_orders), nothing changed: The sealed "
        "siege orders for Fort Vargrav (siege1) are revealed: no choice changes after the "
        "reveal"
    )
    assert family(save) == before


def test_the_dice_are_asked_after_the_reveal_and_the_phase_waits_for_them(
    tmp_path: Path,
) -> None:
    """`roll_awaited` without dice names every roll the bombardment takes (one line, exit 2,
    nothing written); the phase does not end meanwhile; with the values, the bombardment is
    told to both seats and nothing waits any more."""
    save = K.write(_siege_engine(), tmp_path, "siege")
    _apply(save, _orders(tmp_path, "bombard.toml", BOMBARD))
    _apply(save, _orders(tmp_path, "nothing.toml", NOTHING.format(order="nothing")))
    end_orders = _orders(tmp_path, "end.toml", END)
    ask = _orders(tmp_path, "ask.toml", ROLL.format(seat="sylvania", dice=""))
    before = family(save)
    end = _apply(save, end_orders)
    assert end.code == 2
    assert end.line == (
        f"tuicamp: end.toml: refused order 1 (end_phase), nothing changed: {WAITING} before "
        "the phase ends"
    )
    asked = _apply(save, ask)
    assert asked.code == 2
    assert asked.line.startswith(
        "tuicamp: ask.toml: refused order 1 (roll_awaited), nothing changed: Roll d6 for "
        "bombardment: Great Cannon at the military at the table and enter 1 value (then"
    )
    assert "4 values in all" in asked.line
    assert family(save) == before
    rolled = _apply(
        save,
        _orders(tmp_path, "roll.toml", ROLL.format(seat="stirland", dice="dice = [3, 4, 5, 2]")),
    )
    assert rolled.code == 0, rolled.err
    for seat in ("stirland", "sylvania"):
        assert "Bombardment of Fort Vargrav" in _log(save, seat)
        assert WAITING not in _show(save, seat)
    nothing_left = _apply(
        save, _orders(tmp_path, "again.toml", ROLL.format(seat="stirland", dice=""))
    )
    assert nothing_left.code == 2
    assert nothing_left.line.endswith("No dice are waiting to be rolled for you")


def test_with_the_apps_dice_the_revealed_orders_are_carried_out_at_once() -> None:
    """Nothing is asked of anyone with the app's dice: the bombardment follows the reveal
    in the same order, and nothing waits."""
    engine = _siege_engine()
    engine.campaign.dice.mode = DiceMode.APP
    engine.perform("stirland", S.WriteSiegeOrders(siege="siege1", order="bombard"))
    events = engine.perform("sylvania", S.WriteSiegeOrders(siege="siege1", order="nothing"))
    kinds = [e.kind for e in events]
    assert kinds.index("siege_orders_revealed") < kinds.index("bombardment")
    assert engine.campaign.flow.awaiting == []


def test_the_games_master_may_roll_what_waits() -> None:
    """Whoever holds the dice: the GM's seat rolls them too."""
    engine = _siege_engine()
    engine.perform("stirland", S.WriteSiegeOrders(siege="siege1", order="bombard"))
    engine.perform("sylvania", S.WriteSiegeOrders(siege="siege1", order="nothing"))
    with pytest.raises(DiceNeeded, match="bombardment"):
        engine.perform("gm", RollAwaited())
    events = engine.perform("gm", RollAwaited(dice=[1, 1, 1, 1]))
    assert any(e.kind == "bombardment" for e in events)


@sync
async def test_the_dice_prompt_follows_the_reveal_and_never_comes_before_it(tmp_path):
    """The campaign screen of the defender: his order is sent, saved and revealed before
    any prompt; the dice form that then comes asks for the bombardment, out in the open,
    and its values carry it out."""
    engine = _siege_engine()
    engine.perform("stirland", S.WriteSiegeOrders(siege="siege1", order="bombard"))
    save = K.write(engine, tmp_path, "siege")
    app = make_app(save.parent, save=save, seat="sylvania")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("O")
        await wait_until(
            pilot, lambda: "Sealed orders" in screen_text(pilot.app), "the sealed orders form"
        )
        await pilot.press("ctrl+s")
        prompt = await wait_for_screen(pilot, DiceEntryScreen)
        on_disk = Session.open(save)
        sealed = rstate(on_disk.campaign).siege.sieges["siege1"].orders
        assert sealed.revealed  # the order was taken, without dice, before the prompt
        assert [e.kind for e in on_disk.chronicle][-2:] == ["siege_orders_revealed", "dice_awaited"]
        assert prompt.expr == "d6" and BOMBARDMENT_PROMPT in prompt.reason
        for value in ("3", "4", "5", "2"):
            prompt = await wait_for_screen(pilot, DiceEntryScreen)
            for key in value:
                await pilot.press(key)
            await pilot.press("enter")
            await wait_until(pilot, lambda p=prompt: pilot.app.screen is not p, "the next prompt")
    campaign = Session.open(save).campaign
    assert campaign.flow.awaiting == []
    assert any(e.kind == "bombardment" for e in Session.open(save).chronicle)


def test_a_siege_lifted_before_its_dice_lets_the_phase_end() -> None:
    """The besieger lifts the siege while its revealed orders wait for the dice: rolling
    them then carries out nothing, says so, and the phase may end."""
    engine = _siege_engine()
    engine.perform("stirland", S.WriteSiegeOrders(siege="siege1", order="bombard"))
    engine.perform("sylvania", S.WriteSiegeOrders(siege="siege1", order="nothing"))
    engine.perform("stirland", S.LiftSiege(siege="siege1"))
    (event,) = engine.perform("sylvania", RollAwaited())
    assert event.text == (
        "Nothing is carried out for the siege orders for Fort Vargrav (siege1): the siege has ended"
    )
    assert engine.campaign.flow.awaiting == []
    K.end_phase(engine)
    assert engine.campaign.phase != "combat"


@define(kw_only=True)
class Reveal(Action):
    kind = "reveal"
    summary = "Complete a round whose outcome is rolled"


class SelfEndingRules(FlowRules):
    """One phase that ends by itself once its round is revealed, and the reveal's roll."""

    actions = (Reveal,)

    def apply(self, ctx: Context, action: Action) -> None:
        ctx.campaign.options["revealed"] = True
        carry_out(ctx, "round", "the round", [], lambda: ctx.dice.d6("the round"))

    def roll_awaited(self, ctx: Context, awaited: AwaitedRoll) -> None:
        ctx.emit("rolled", f"The round rolls {ctx.dice.d6('the round')}")


def test_a_phase_that_ends_by_itself_waits_for_the_dice_too() -> None:
    """ "The phase does not end while such dice wait": nor when it ends by itself."""
    rules = SelfEndingRules(
        Phase("orders", "Orders", ends_when=lambda r: r.campaign.options.get("revealed") is True),
        Phase("war", "War"),
    )
    engine = new_engine(rules, make_campaign(table_dice=True))
    engine.perform("p1", Reveal())
    assert engine.campaign.phase == "orders" and len(engine.campaign.flow.awaiting) == 1
    engine.perform("p2", RollAwaited(dice=[4]))
    assert engine.campaign.phase == "war"
    assert "The round rolls 4" in [e.text for e in engine.chronicle]
