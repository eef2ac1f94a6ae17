"""Numbers count only what a seat may see (R-ALL-7): "Ids and numbers a seat is shown do
not count what is hidden from it. A seat's chronicle is numbered 1, 2, 3... over the
events it may read ... `tuicamp battles`, `--card` and `--form` list and name only the
battles the seat fights or its chronicle tells of."

The report: a seat's chronicle numbers had gaps where hidden events were, and `battles`
listed every battle to every seat while `battles --card X` named all battle ids. Each as
the command line shows it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from apps import rauscher_kit as K
from attrs import evolve

from tuicamp import cli
from tuicamp.engine.battles import AutoResolveBattle
from tuicamp.game.battlecard import battle_known
from tuicamp.game.session import Session
from tuicamp.model.hexes import parse_label
from tuicamp.rules.rauscher import siege as S
from tuicamp.rules.rauscher.economy import actions as E

NUMBER = re.compile(r"^#(\d+) ", re.MULTILINE)


def _bought_in_turn(engine) -> None:
    """Sylvania buys twice, in secret, before Stirland buys once."""
    engine.perform("sylvania", E.BuyRecruits(name="Crimson Ghouls", points=100, models=10))
    engine.perform("sylvania", E.BuyRecruits(name="Crimson Bats", points=50, models=5))
    engine.perform("stirland", E.BuyRecruits(name="Azure Halberdiers", points=100, models=10))


def _numbers(text: str) -> list[int]:
    return [int(n) for n in NUMBER.findall(text)]


def test_a_seats_log_has_no_gaps_where_hidden_events_were(tmp_path: Path, capsys):
    """`tuicamp log --as stirland` numbers its lines 1, 2, 3... though Sylvania's secret
    purchases sit between them in the chronicle; the GM's log keeps the chronicle's own
    numbers, every one of them."""
    engine = K.fresh()
    _bought_in_turn(engine)
    save = K.write(engine, tmp_path, "numbers")
    hidden = [e for e in engine.chronicle if e.visible_to and "stirland" not in e.visible_to]
    assert hidden  # there is something to leave a gap
    assert cli.main(["log", str(save), "--as", "stirland"]) == 0
    seen = _numbers(capsys.readouterr().out)
    assert seen == list(range(1, len(seen) + 1))
    assert len(seen) == len(engine.chronicle) - len(hidden)
    assert cli.main(["log", str(save), "--as", "gm"]) == 0
    assert _numbers(capsys.readouterr().out) == [e.seq for e in engine.chronicle]


def test_apply_prints_the_seats_own_numbers(tmp_path: Path, capsys):
    """`apply` tells the seat its new events under the numbers its log gives them."""
    engine = K.fresh()
    _bought_in_turn(engine)
    save = K.write(engine, tmp_path, "apply")
    orders = tmp_path / "orders.toml"
    orders.write_text(
        'seat = "stirland"\n[[action]]\nkind = "buy_recruits"\nname = "Azure Pikes"\n'
        "points = 50\nmodels = 5\n",
        encoding="utf-8",
    )
    assert cli.main(["apply", str(save), str(orders)]) == 0
    told = _numbers(capsys.readouterr().out)
    assert cli.main(["log", str(save), "--as", "stirland"]) == 0
    assert told and told == _numbers(capsys.readouterr().out)[-len(told) :]


def _battle_save(tmp_path: Path, *, secret: bool) -> Path:
    """A siege's assault battle between Stirland and Sylvania; with ``secret`` its event is
    marked for the two who fight it alone, as a ruleset keeping battles secret would."""
    engine = K.fresh()
    camp = engine.campaign
    camp.army(K.HOST).hex = parse_label("1203")
    K.until(engine, "movement")
    engine.perform("stirland", K.M.Move(army=K.HOST, to="1303"))
    K.until(engine, "combat")
    engine.perform("stirland", S.DeclareSiege(army=K.HOST, settlement="vargrav"))
    engine.perform("stirland", S.WriteSiegeOrders(siege="siege1", order="attack"))
    engine.perform("sylvania", S.WriteSiegeOrders(siege="siege1", order="nothing"))
    (battle,) = camp.pending_battles()
    if secret:
        for e in engine.chronicle:
            if e.kind == "battle":
                e.visible_to = ["stirland", "sylvania"]
    engine.perform("gm", AutoResolveBattle(battle=battle.id))
    return K.write(engine, tmp_path, "battle")


@pytest.mark.parametrize("secret", [False, True])
def test_a_battle_kept_from_a_seat_is_no_battle_for_it(tmp_path: Path, secret):
    """A seat of no side knows of a battle only through its chronicle: with the battle's
    event kept from it, the battle is not one it is listed or named (R-ALL-7)."""
    save = _battle_save(tmp_path, secret=secret)
    session = Session.open(save)
    battle = session.campaign.battles[0]
    bystander = evolve(session.view("sylvania"), players_controlled=["ostland"])
    bystander.chronicle = [e for e in bystander.chronicle if not e.visible_to]
    assert battle_known(bystander, battle) is (not secret)
    assert battle_known(session.view("stirland"), battle)  # a fighter always knows


def test_battles_names_only_the_battles_the_seat_knows_of(tmp_path: Path, capsys):
    """`battles` lists the seat's battle; `--card` of an id never used names, of the ids,
    only those the seat knows of."""
    save = _battle_save(tmp_path, secret=True)
    assert cli.main(["battles", str(save), "--as", "stirland", "--all"]) == 0
    assert capsys.readouterr().out.startswith("b1  ")
    assert cli.main(["battles", str(save), "--as", "stirland", "--card", "b9"]) == 2
    assert capsys.readouterr().err.strip() == "tuicamp: there is no battle 'b9' (battles: b1, b2)"
