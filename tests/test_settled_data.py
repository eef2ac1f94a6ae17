"""An autosave writes anew only what the action changed.

Issue 12: "Actions cost what they change ... structural sharing of the map, which never
changes in play ... not a full ``campaign_to_dict`` per action". The engine's snapshot is
made from its copy of the campaign between actions, whose objects an action did not touch
are the very objects of the copy before; what the last snapshot made of them (their plain
data, a SettledData) is taken again, and so are their TOML text and their parsed copy's
JSON (engine/settled_data.py, storage/tomlwrite.py, storage/parsed.py). These tests pin
that mechanism without timing anything (they count what is made anew), and that the text
written is always the one the whole campaign written afresh gives, byte for byte.
"""

from __future__ import annotations

import json
import tomllib

import pytest
import tomli_w
from conftest import small_campaign
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_dirty_tracking import ARMIES, CHANGES, change, crowded_campaign

from tuicamp.engine.codec import campaign_to_dict
from tuicamp.engine.corrections import CorrectTreasury
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.settled_data import Keeper, SettledData, SettledList
from tuicamp.engine.snapshots import Memory
from tuicamp.game.session import Session
from tuicamp.model.rerolls import RerollPoint
from tuicamp.rules.sandbox import actions as A
from tuicamp.storage import tomlwrite
from tuicamp.storage.limits import NumberTooLarge
from tuicamp.storage.parsed import json_bytes


def settled_tables(value) -> list[SettledData]:
    """Every SettledData in plain data, outermost first."""
    found, stack = [], [value]
    while stack:
        item = stack.pop()
        if type(item) in (SettledData, SettledList):
            found.append(item)
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def written(data: dict) -> tuple[str, str]:
    """The TOML text of a save's tables and its parsed copy's JSON, as tuicamp writes them."""
    out = tomlwrite.write({"campaign": data})
    assert out.read_back is not None
    return out.text, json_bytes(out.read_back).decode()


def afresh(data: dict) -> tuple[str, str]:
    """The same, written by tomli_w and json from data that shares nothing."""
    text = tomli_w.dumps({"campaign": json.loads(json.dumps(data))})
    return text, json.dumps(tomllib.loads(text), ensure_ascii=False, separators=(",", ":"))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(CHANGES, max_size=4), min_size=1, max_size=6))
def test_a_snapshot_with_a_keeper_is_the_campaign_written_afresh(rounds):
    """Whatever changed, and however, each snapshot of the copy made with the keeper
    equals the live campaign's own plain data; its TOML text is tomli_w's and its JSON is
    json's, byte for byte; and every earlier snapshot, whose tables the later ones share,
    still holds what it held (nothing kept is ever changed)."""
    camp = crowded_campaign()
    memory, keeper = Memory(), Keeper()
    copy = memory.copy(camp)
    kept = []
    for changes in [[], *rounds]:
        for kind, i, value in changes:
            if kind == "copy":
                Memory().copy(camp)
            else:
                change(camp, kind, i, value)
        copy = memory.updated(copy, camp)
        data = campaign_to_dict(copy, keeper)
        assert data == campaign_to_dict(camp)
        assert written(data) == afresh(data)
        kept.append((data, json.dumps(data, sort_keys=True)))
    for data, then in kept:
        assert json.dumps(data, sort_keys=True) == then


def test_an_action_takes_again_what_it_did_not_touch():
    """A treasury corrected, on a campaign of forty armies: the next snapshot holds the
    very tables of the last one for every army, the map and the other player; only the
    player corrected is unstructured anew."""
    engine = Engine(crowded_campaign())
    before = engine.snapshot()
    engine.perform("gm", CorrectTreasury(player="p1", amount=9, reason="count"))
    after = engine.snapshot()
    assert after == campaign_to_dict(engine.campaign)
    assert len(after["armies"]) == ARMIES
    assert all(a is b for a, b in zip(after["armies"], before["armies"], strict=True))
    assert after["map"] is before["map"]
    p1, p2 = (next(p for p in d["players"] if p["id"] == "p1") for d in (before, after))
    assert p1 is not p2 and p2["treasury"] == 9
    assert next(p for p in after["players"] if p["id"] == "p2") in before["players"]


def test_an_array_of_untouched_tables_is_kept_whole():
    """The campaign's armies, none touched: the snapshot holds the last one's very array
    (a SettledList), whose text is written once; one army moved, a new array."""
    engine = Engine(crowded_campaign())
    before = engine.snapshot()
    engine.perform("gm", CorrectTreasury(player="p1", amount=9, reason="count"))
    after = engine.snapshot()
    assert type(after["armies"]) is SettledList and after["armies"] is before["armies"]
    assert after["players"] is not before["players"]  # one of them corrected
    engine.perform("p1", A.Move(army="a0", to="0102"))
    moved = engine.snapshot()
    assert (
        moved["armies"] is not after["armies"]
        and moved["armies"] == campaign_to_dict(engine.campaign)["armies"]
    )


def test_a_moved_army_alone_is_made_anew():
    """A move: the moved army's table is new, every other army's is the last one's."""
    engine = Engine(crowded_campaign())
    before = engine.snapshot()
    engine.perform("p1", A.Move(army="a0", to="0102"))
    after = engine.snapshot()
    assert after == campaign_to_dict(engine.campaign)
    assert after["armies"][0] is not before["armies"][0]
    assert after["armies"][0]["hex"] == "0102"
    assert all(a is b for a, b in zip(after["armies"][1:], before["armies"][1:], strict=True))


def test_an_autosave_writes_anew_only_the_tables_that_changed(tmp_path, monkeypatch):
    """The TOML of an autosave after a treasury correction: of the forty armies' tables
    (and their units'), none is written anew; the text is still the whole save's."""
    session = Session.create(tmp_path / "crowd.toml", crowded_campaign(), [], overwrite=True)
    session.perform("gm", CorrectTreasury(player="p1", amount=9, reason="count"))
    made = []
    fresh = tomlwrite._Writer.fresh

    def counting(self, data, name, in_array, depth):
        made.append(name)
        return fresh(self, data, name, in_array, depth)

    monkeypatch.setattr(tomlwrite._Writer, "fresh", counting)
    session.perform("gm", CorrectTreasury(player="p1", amount=10, reason="count"))
    # the save's own tables, and the campaign's few that are plain dicts, not objects
    assert set(made) <= {"", "header", "campaign", "campaign.options", "campaign.tables"} | {
        "campaign.victory"
    }
    text = (tmp_path / "crowd.toml").read_text()
    assert "treasury = 10" in text
    assert text.count("[[campaign.armies]]") == ARMIES
    reopened = Session.open(tmp_path / "crowd.toml")
    assert campaign_to_dict(reopened.campaign) == campaign_to_dict(session.campaign)


def test_plain_data_without_a_keeper_is_plain():
    """Only a snapshot with a keeper hands out tables that must never change: every other
    unstructure makes plain dicts, which callers change at will."""
    engine = Engine(crowded_campaign())
    engine.snapshot()
    assert settled_tables(campaign_to_dict(engine.campaign)) == []
    assert settled_tables(campaign_to_dict(engine.settled())) == []
    assert settled_tables(engine.snapshot())  # (the snapshot's are)


def test_plain_data_holds_no_kept_table_of_a_re_roll_point():
    """A re-roll point holds the snapshot before its action, kept tables and all: the
    plain data of a campaign holding it, made without a keeper, is plain all the way."""
    engine = Engine(crowded_campaign())
    engine.campaign.reroll = RerollPoint(seat="gm", action={}, snapshot=engine.snapshot())
    engine.changed()
    data = campaign_to_dict(engine.campaign)
    assert settled_tables(data) == []
    assert data["reroll"]["snapshot"]["armies"] == engine.campaign.reroll.snapshot["armies"]
    assert settled_tables(engine.snapshot())  # (shared, never copied, by the snapshot)


def test_a_change_made_between_two_saved_actions_is_kept_by_the_next_undo(tmp_path):
    """A change in place between two actions (a ruleset's record made on reading it, a
    unit's flag): the autosave in between does not make the next action's undo point
    forget it, so undoing that action keeps it, as a refusal of it does."""
    session = Session.create(tmp_path / "crowd.toml", crowded_campaign(), [], overwrite=True)
    camp = session.campaign
    session.perform("p1", A.Move(army="a0", to="0102"))
    camp.armies[3].units[1].flags.add("veteran")
    camp.state.mp_used["a7"] = 2.0
    session.perform("gm", CorrectTreasury(player="p1", amount=9, reason="count"))
    session.undo("gm")
    assert "veteran" in camp.armies[3].units[1].flags and camp.state.mp_used["a7"] == 2.0
    camp.state.mp_used["a9"] = 1.0
    try:
        session.perform("gm", CorrectTreasury(player="p1", amount=7, reason=" "))  # no reason
    except RuleError:
        pass
    else:
        raise AssertionError("a correction without a reason was made")
    assert camp.state.mp_used["a9"] == 1.0
    assert session.engine.snapshot() == campaign_to_dict(camp)


def test_a_snapshot_holds_a_change_made_in_place_outside_an_action():
    """A record changed in place after a save, no action since: the next snapshot (a
    save with no action, the data of a refusal) holds it, as the campaign does."""
    engine = Engine(crowded_campaign())
    engine.perform("gm", CorrectTreasury(player="p1", amount=9, reason="count"))
    engine.snapshot()
    engine.campaign.state.mp_used["a3"] = 1.5
    assert engine.snapshot()["state"]["mp_used"] == {"a3": 1.5}
    with pytest.raises(RuleError):
        engine.perform("gm", CorrectTreasury(player="p1", amount=7, reason=" "))
    assert engine.snapshot() == campaign_to_dict(engine.campaign)


def test_a_number_that_turns_into_another_kind_is_saved_as_it_now_is():
    """``==`` takes 2 for 2.0: a value of free-form data changed from one to the other
    is written as it now is, not as the last snapshot held it."""
    engine = Engine(crowded_campaign())
    engine.campaign.victory["share"] = 2
    engine.changed()
    engine.perform("gm", CorrectTreasury(player="p1", amount=9, reason="count"))
    assert type(engine.snapshot()["victory"]["share"]) is int
    engine.campaign.victory["share"] = 2.0
    engine.perform("gm", CorrectTreasury(player="p1", amount=8, reason="count"))
    assert type(engine.snapshot()["victory"]["share"]) is float
    assert "share = 2.0" in tomlwrite.write({"v": engine.snapshot()["victory"]}).text


def test_a_kept_array_is_written_as_any_array_wherever_it_is():
    """A SettledList where a value is written on its key's line, inline: the text is
    tomli_w's, and the writer vouches for what it reads back."""
    data = {"a": {"b": [1, 2], "c": [SettledList([SettledData({"x": 1})]), 3]}}
    out = tomlwrite.write(data)
    assert out.text == tomli_w.dumps(json.loads(json.dumps(data)))
    assert out.read_back == tomllib.loads(out.text)


def test_the_writer_says_a_number_is_too_large_from_a_kept_table_too():
    """A whole number past TOML's 64 bits, in a table written once and taken again: the
    writer says so both times, so the save is refused both times (storage/limits.py)."""
    table = SettledData({"treasury": 2**63})
    for _ in range(2):
        assert tomlwrite.write({"players": [table]}).too_large is True
    assert tomlwrite.write({"players": [SettledData({"treasury": 2**63 - 1})]}).too_large is False


def test_an_action_leaving_a_number_past_the_limit_is_refused_and_nothing_written(tmp_path):
    """The refusal of a number no save can hold still comes from the writer's own look."""
    session = Session.create(tmp_path / "small.toml", small_campaign(), [], overwrite=True)
    before = (tmp_path / "small.toml").read_bytes()
    try:
        session.perform("gm", CorrectTreasury(player="p1", amount=2**63, reason="count"))
    except NumberTooLarge as exc:
        assert "treasury" in str(exc)
    else:
        raise AssertionError("a treasury past 64 bits was saved")
    assert (tmp_path / "small.toml").read_bytes() == before
