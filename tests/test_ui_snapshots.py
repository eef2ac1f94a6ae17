"""Screenshots of every screen at 80x24 (the club terminal) and 160x48; the campaign
screen also at 200x50 (a large terminal: the wide map and a grown chronicle) and in
monochrome (NO_COLOR: the cursor's frame and the own counters' glyph must carry it).

Generate after a deliberate change with ``pytest tests/test_ui_snapshots.py
--snapshot-update`` and look at the SVGs before committing them. The apps are
deterministic: fixed seeds, a fixed clock, no user config, no blinking cursors.
"""

from __future__ import annotations

from pathlib import Path

import pytest

APPS = Path(__file__).parent / "apps"
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 48), id="160x48")]
ENTER = ["enter"]  # past the hand-over and its "since your last turn" recap


@pytest.mark.parametrize("size", SIZES)
def test_title(snap_compare, size):
    assert snap_compare(str(APPS / "title_app.py"), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_wizard(snap_compare, size):
    assert snap_compare(str(APPS / "wizard_app.py"), press=["n"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_hand_over(snap_compare, size):
    assert snap_compare(str(APPS / "campaign_app.py"), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_campaign(snap_compare, size):
    assert snap_compare(str(APPS / "campaign_app.py"), press=ENTER, terminal_size=size)


def test_campaign_at_a_large_terminal(snap_compare):
    """200x50: the map in the wide brick fills its pane, the chronicle takes the rows
    under it."""
    assert snap_compare(str(APPS / "busy_campaign_app.py"), press=ENTER, terminal_size=(200, 50))


def test_campaign_in_monochrome(snap_compare):
    assert snap_compare(str(APPS / "mono_campaign_app.py"), press=ENTER, terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, size):
    assert snap_compare(
        str(APPS / "campaign_app.py"), press=[*ENTER, "question_mark"], terminal_size=size
    )


@pytest.mark.parametrize("size", SIZES)
def test_chronicle(snap_compare, size):
    assert snap_compare(str(APPS / "campaign_app.py"), press=[*ENTER, "l"], terminal_size=size)
