"""Rauscher saves of state version 1 load at version 3: what the state kept moved onto the
kit ("bump its state_version to 2 and move the old alliances state into teams in
upgrade_state"), and models off the table became the flow's scheduled returns (version 3).

The old save in tests/data/saves_before_kit was written before the kit; hand-made ones are
campaigns of the other tests written as version 1 wrote them: an allied campaign (Anna and
Clara against Bruno) with the alliance in the state and no teams, a siege with one order
written by role, a ransom offer in a note.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from test_rauscher_alliances import allied_campaign
from test_rauscher_economy import ransom_camp
from test_rauscher_siege import besieged, the_siege

from tuicamp.engine.awaited import RollAwaited
from tuicamp.engine.codec import strip_none, unstructure
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.registry import get_ruleset
from tuicamp.game.session import Session
from tuicamp.game.setup import new_campaign
from tuicamp.model.teams import Team, TeamKind
from tuicamp.rules.rauscher import siege as S
from tuicamp.rules.rauscher.combat.after import scheduled_returns
from tuicamp.rules.rauscher.economy import actions as E
from tuicamp.rules.rauscher.economy.common import available
from tuicamp.rules.rauscher.shared import upgrades
from tuicamp.rules.rauscher.shared.combat_state import Returning
from tuicamp.rules.rauscher.shared.common import enemies, side_key
from tuicamp.storage.saves import load_save, save_problems
from tuicamp.storage.scenario import find_scenario, load_scenario
from tuicamp.storage.seal import sealed

OLD_SAVES = Path(__file__).parent / "data" / "saves_before_kit"
ANNA_AND_CLARA = Team(
    "alliance1", "Alliance of Anna and Clara", ["p1", "p3"], TeamKind.ALLIANCE, True
)


def _read(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _write(path: Path, doc: dict[str, Any]) -> None:
    """The save as an older ruleset wrote it, sealed as this tuicamp seals a save."""
    doc["header"].pop("seal", None)
    path.write_bytes(sealed(tomli_w.dumps(doc).encode()))


def test_rauscher_is_at_state_version_3_and_new_campaigns_record_it() -> None:
    """ "new campaigns record the ruleset's version" (game/setup.py)."""
    assert get_ruleset("rauscher").state_version == upgrades.STATE_VERSION == 3
    sc = load_scenario(find_scenario("rauscher-stir-border"))
    assert new_campaign(sc, "rauscher", seed=7).state_version == 3


def test_the_save_from_before_the_kit_loads_and_is_written_at_version_3(tmp_path: Path) -> None:
    for f in OLD_SAVES.glob("rauscher*.toml"):
        shutil.copy(f, tmp_path / f.name)
    path = tmp_path / "rauscher.toml"
    assert "state_version" not in path.read_text("utf-8")
    assert save_problems(path) == []
    campaign, _ = load_save(path)
    assert campaign.state_version == 3 and campaign.teams == []
    Session.open(path).save()
    doc = _read(path)
    assert doc["campaign"]["state_version"] == 3 and "alliances" not in doc["campaign"]["state"]


def _version_1_save(tmp_path: Path) -> Path:
    """The allied campaign, written as state version 1 wrote it."""
    path = tmp_path / "allied.toml"
    camp = allied_campaign()
    camp.teams = []
    Session.create(path, camp)
    doc = _read(path)
    data = doc["campaign"]
    data["state_version"] = 1
    data.pop("teams", None)
    data["state"]["alliances"] = [["p1", "p3"]]
    _write(path, doc)
    return path


def test_a_save_with_alliances_keeps_its_allies(tmp_path: Path) -> None:
    """ "Warhammer Campaign is designed to be played by 2 or more players, working in
    allegiance or as opposing forces": the alliance the old state held is the campaign's
    team now, and its players are still allies."""
    path = _version_1_save(tmp_path)
    assert save_problems(path) == []
    camp, _ = load_save(path)
    assert camp.teams == [ANNA_AND_CLARA] and camp.state_version == 3
    assert not enemies(camp, "p1", "p3") and enemies(camp, "p1", "p2")
    assert enemies(camp, "p3", "p2") and side_key(camp, "p3") == side_key(camp, "p1")
    session = Session.open(path)
    session.save()
    data = _read(path)["campaign"]
    assert data["state_version"] == 3 and "alliances" not in data["state"]
    again, _ = load_save(path)
    assert again.teams == [ANNA_AND_CLARA]


def test_an_alliance_already_a_team_is_not_made_twice() -> None:
    """A version-1 save of a scenario that declared its alliance as a [[team]] too keeps
    one team; a new alliance's id is one nobody has."""
    data = {
        "players": [{"id": "p1", "name": "Anna"}, {"id": "p2", "name": "Bruno"}],
        "teams": [{"id": "alliance1", "name": "The Pact", "members": ["p2", "p1"]}],
        "state": {"alliances": [["p1", "p2"], ["p2", "p9"]]},
    }
    out = upgrades.upgrade(data, 1)
    assert "alliances" not in out["state"]
    assert [(t["id"], t["name"], t["members"]) for t in out["teams"]] == [
        ("alliance1", "The Pact", ["p2", "p1"]),
        ("alliance2", "Alliance of Bruno and p9", ["p2", "p9"]),
    ]


def _rewrite(path: Path, change) -> None:
    """Edit a save's [campaign] table as an older tuicamp wrote it: state version 1."""
    doc = _read(path)
    doc["campaign"]["state_version"] = 1
    change(doc["campaign"])
    _write(path, doc)


def test_a_siege_order_written_before_stays_sealed_and_opens_with_the_other(
    tmp_path: Path,
) -> None:
    """R-RA-11: "each is seen only by its writer until both are written". A version-1 save
    in the middle of it (Anna's order written, by role, Bruno's not) is a sealed round
    now: Anna's order kept and unread, Bruno's order opening both."""
    engine = besieged()
    engine.perform("p1", S.WriteSiegeOrders(siege="siege1", order="bombard"))
    path = tmp_path / "siege.toml"
    Session.create(path, engine.campaign, engine.chronicle)

    def as_version_1(data: dict[str, Any]) -> None:
        siege = data["state"]["siege"]["sieges"]["siege1"]
        siege["orders"] = {"besieger": siege["orders"]["choices"]["p1"]}
        siege["revealed"] = False

    _rewrite(path, as_version_1)
    assert save_problems(path) == []
    session = Session.open(path)
    siege = the_siege(session.campaign)
    turn = session.campaign.turn
    assert siege.order("besieger", turn).order == "bombard"
    assert siege.order("defender", turn) is None and not siege.orders.revealed
    assert siege.orders.writers == ["p1", "p2"]
    events = session.perform("p2", S.WriteSiegeOrders(siege="siege1", order="nothing"))
    reveal = next(e for e in events if e.kind == "siege_orders_revealed")
    assert "Anna: bombard" in reveal.text and "Bruno: nothing" in reveal.text


def test_a_ransom_offer_written_before_is_still_promised_and_sealed(tmp_path: Path) -> None:
    """ "each player should write down the amount they offer in ransom, while the other
    writes down the amount demanded": Anna's offer of a version-1 save stands (the money
    stays promised, a second offer is refused) until Bruno's demand opens both."""
    camp = ransom_camp()
    engine = Engine(camp)
    engine.perform("p1", E.WriteRansom(prisoner="pr1", amount="1s"))
    path = tmp_path / "ransom.toml"
    Session.create(path, camp, engine.chronicle)

    def as_version_1(data: dict[str, Any]) -> None:
        economy = data["state"]["economy"]
        offer = economy["ransom"]["pr1"]["choices"]["p1"]["amount"]
        economy["ransom"] = {"pr1": {"prisoner": "pr1", "turn": 1, "offer": offer}}

    _rewrite(path, as_version_1)
    assert save_problems(path) == []
    session = Session.open(path)
    assert available(session.campaign, "p1") == 95  # 100c, 1s (5c) of it promised
    with pytest.raises(RuleError, match="already written"):
        session.perform("p1", E.WriteRansom(prisoner="pr1", amount="2s"))
    events = session.perform("p2", E.WriteRansom(prisoner="pr1", amount="4c"))
    reveal = next(e for e in events if e.kind == "ransom_revealed")
    assert reveal.text.endswith("Anna: offers 1s; Bruno: demands 4c")
    session.perform("p2", RollAwaited(dice=[3]))  # the return roll, after the reveal (R-ALL-8)
    assert session.campaign.player("p2").treasury == 105


def test_models_off_the_table_in_a_version_2_save_become_scheduled_returns(
    tmp_path: Path,
) -> None:
    """Wounded models "will be ready to fight in 4 weeks (4 turns)": a save of state version
    2 kept them in ``state.combat.returning``; loaded, they are the flow's scheduled returns
    at the Upkeep of their due turn (or the next turn's, when that Upkeep has passed), and
    the state no longer holds them."""
    path = tmp_path / "wounded.toml"
    camp = allied_campaign()
    army = camp.armies[0]
    unit = army.units[0]
    later = Returning(army.id, unit, army.owner, camp.turn + 3, "seriously injured", army.hex)
    today = Returning(army.id, unit, army.owner, camp.turn, "in the tavern", army.hex, "b1")
    Session.create(path, camp)
    doc = _read(path)
    data = doc["campaign"]
    data["state_version"] = 2
    data["state"].setdefault("combat", {})["returning"] = [
        strip_none(unstructure(later)),
        strip_none(unstructure(today)),
    ]
    _write(path, doc)
    assert save_problems(path) == []
    loaded, _ = load_save(path)
    assert loaded.state_version == 3
    scheduled = scheduled_returns(loaded)
    assert [(e.turn, e.phase) for e, _ in scheduled] == [
        (camp.turn + 3, "upkeep"),
        (camp.turn + 1, "upkeep"),
    ]
    assert [r for _, r in scheduled] == [later, today]
    Session.open(path).save()
    assert "returning" not in _read(path)["campaign"]["state"].get("combat", {})
    assert [r for _, r in scheduled_returns(load_save(path)[0])] == [later, today]
