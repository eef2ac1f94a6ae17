"""Saves of format 1, when each ruleset kept its own turn order, open in the engine's flow:
the sandbox's ``order``/``current``/``ended`` and Rauscher's ``mover``/``phase_done``
become ``campaign.flow``, and play goes on with the same player to act."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from tuicamp.engine.flow import EndPhase
from tuicamp.game.scenarios import load_scenario
from tuicamp.game.session import Session
from tuicamp.game.setup import start_campaign
from tuicamp.rules.sandbox import actions as A
from tuicamp.storage.locations import chronicle_path
from tuicamp.storage.saves import FORMAT_VERSION, load_save, save_problems
from tuicamp.storage.scenario import find_scenario


def saved(folder: Path, scenario: str, ruleset: str, **options: Any) -> Path:
    engine = start_campaign(
        load_scenario(find_scenario(scenario)), ruleset, seed=3, options=options
    )
    path = folder / f"{ruleset}.toml"
    Session.create(path, engine.campaign, engine.chronicle)
    return path


def as_version_1(path: Path, phase: str, old_state: dict[str, Any]) -> None:
    """Write the save as format 1 did: no flow, no step, the turn order in the state."""
    doc = tomllib.loads(path.read_text("utf-8"))
    doc["header"]["format_version"] = 1
    del doc["header"]["seal"]  # saves were sealed from format 3 on
    camp = doc["campaign"]
    del camp["flow"], camp["step"]
    camp["phase"] = doc["header"]["phase"] = phase
    camp["state"].update(old_state)
    path.write_text(tomli_w.dumps(doc), "utf-8")
    chron = chronicle_path(path)
    text = chron.read_text("utf-8")
    chron.write_text(text.replace(f"format_version = {FORMAT_VERSION}", "format_version = 1"))


def test_a_sandbox_save_in_turn_order_goes_on_with_the_player_to_act(tmp_path):
    """The sandbox kept "current: index into order of the player to act"."""
    path = saved(tmp_path, "border-war-empire-vs-orcs", "sandbox")
    as_version_1(path, "play", {"order": ["empire", "orcs"], "current": 1, "ended": []})
    assert save_problems(path) == []
    campaign, _ = load_save(path)
    flow = campaign.flow
    assert (flow.order, flow.position, flow.simultaneous, flow.started) == (
        ["empire", "orcs"],
        1,
        False,
        True,
    )
    assert campaign_state_keys(path) == {"order", "current", "ended"}  # loading wrote nothing
    session = Session.open(path)
    assert session.acting_seats() == ["orcs"]
    session.perform("orcs", A.EndTurn())
    assert session.campaign.turn == 2 and session.acting_seats() == ["empire"]
    written = tomllib.loads(path.read_text("utf-8"))
    assert written["header"]["format_version"] == FORMAT_VERSION
    assert set(written["campaign"]["state"]) == {"mp_used"}


def campaign_state_keys(path: Path) -> set[str]:
    return set(tomllib.loads(path.read_text("utf-8"))["campaign"]["state"]) - {"mp_used"}


def test_a_simultaneous_sandbox_save_keeps_who_has_ended(tmp_path):
    path = saved(tmp_path, "border-war-empire-vs-orcs", "sandbox", simultaneous="yes")
    as_version_1(path, "play", {"order": ["empire", "orcs"], "current": 0, "ended": ["empire"]})
    session = Session.open(path)
    assert session.campaign.flow.simultaneous and session.campaign.flow.ended == ["empire"]
    assert session.acting_seats() == ["orcs"]


def test_a_rauscher_save_in_movement_goes_on_with_the_race_moving(tmp_path):
    """Rauscher kept ``mover``, "index into move_order during the movement phase"."""
    path = saved(tmp_path, "rauscher-cauldron-temple", "rauscher")
    order = tomllib.loads(path.read_text("utf-8"))["campaign"]["state"]["move_order"]
    as_version_1(path, "movement", {"mover": 1, "phase_done": []})
    assert save_problems(path) == []
    session = Session.open(path)
    camp = session.campaign
    assert (camp.flow.order, camp.flow.position, camp.flow.simultaneous) == (order, 1, False)
    assert camp.flow.position == 1 and camp.state.move_order == order
    assert session.acting_seats() == [order[1]]
    session.perform(order[1], EndPhase())
    assert camp.phase == "combat" and session.acting_seats() == order


def test_a_rauscher_save_keeps_who_has_finished_the_phase(tmp_path):
    path = saved(tmp_path, "rauscher-cauldron-temple", "rauscher")
    order = tomllib.loads(path.read_text("utf-8"))["campaign"]["state"]["move_order"]
    as_version_1(path, "upkeep", {"mover": 0, "phase_done": [order[0]]})
    session = Session.open(path)
    camp = session.campaign
    assert camp.flow.simultaneous and camp.flow.ended == [order[0]]
    assert session.acting_seats() == order[1:]
