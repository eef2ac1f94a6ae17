"""Garbage collection held through the UI's start (ui/startup.py) and released by the
app's first frame, never left off by it."""

from __future__ import annotations

import gc

import pytest
from apps.ui_kit import make_app, make_save, settle, sync

from tuicamp.ui import startup


@pytest.fixture(autouse=True)
def _collector_back_on():
    yield
    startup.release_collection()
    gc.enable()


def test_a_hold_stops_the_collector_for_its_block_alone():
    with startup.collection_held():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_turned_off_by_someone_else_stays_off():
    gc.disable()
    with startup.collection_held():
        pass
    assert not gc.isenabled()


def test_a_failing_command_gives_the_collector_back():
    with pytest.raises(RuntimeError), startup.collection_held():
        raise RuntimeError("a bad save")
    assert gc.isenabled()


@sync
async def test_the_apps_first_frame_releases_the_hold(tmp_path):
    save = make_save(tmp_path)
    app = make_app(tmp_path, save=save)
    startup.hold_collection()
    assert not gc.isenabled()
    async with app.run_test() as pilot:
        await settle(pilot)
        assert gc.isenabled()  # collecting again while the campaign is played
