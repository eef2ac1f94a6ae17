"""The territories' grid of a save is laid out once per map, not once per action.

Issue 12, "one action on a 200x200 map vs the demo map: goal <= 2x": the autosave after
every action wrote the campaign's plain data, and its map's territories as rows of codes
(``territory_rows``) were laid out hex by hex each time, though play never changes which
hexes a territory holds (the model replaces a territory's table of hexes whole, never
edits it in place: the snapshots share it for the same reason). The codec keeps the grid
made from the very same tables; these tests count the layouts, never time them, and pin
that a grid kept is the grid laid out afresh.
"""

from __future__ import annotations

from conftest import small_campaign

from tuicamp.engine import codec
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.corrections import CorrectTreasury
from tuicamp.engine.engine import Engine


def _counting(monkeypatch) -> list[int]:
    laid: list[int] = []
    real = codec._laid_out

    def laid_out(m):
        laid.append(m.width * m.height)
        return real(m)

    monkeypatch.setattr(codec, "_laid_out", laid_out)
    codec._GRIDS.clear()
    return laid


def test_actions_on_one_map_lay_its_territories_out_once(monkeypatch):
    """Every action's save data holds the same rows, laid out for the first alone."""
    laid = _counting(monkeypatch)
    camp = small_campaign()
    engine = Engine(camp)
    gm = next(s.id for s in camp.seats if s.gm)
    rows = []
    for amount in (10, 20, 30):
        engine.perform(gm, CorrectTreasury(player="p1", amount=amount, reason="count"))
        rows.append(engine.snapshot()["map"]["territory_rows"])
    assert len(laid) == 1
    assert rows[0] == rows[1] == rows[2] == codec._laid_out(camp.map)


def test_a_territory_given_new_hexes_is_laid_out_again(monkeypatch):
    """A territory's table replaced (as the model changes it) gives the new rows."""
    laid = _counting(monkeypatch)
    camp = small_campaign()
    before = campaign_to_dict(camp)["map"]["territory_rows"]
    west, east = camp.map.territories
    moved = [h for h in east.hexes if h.col == 4]
    west.hexes = west.hexes + moved
    east.hexes = [h for h in east.hexes if h.col != 4]
    after = campaign_to_dict(camp)["map"]["territory_rows"]
    assert len(laid) == 2
    assert after != before and after == codec._laid_out(camp.map)
    assert all(row[4] == row[0] for row in after)  # column 4 is the west's now


def test_a_kept_grid_is_not_shared_with_the_data_it_is_written_into(monkeypatch):
    """The rows handed out are a list of their own: editing one save's data does not
    change the next."""
    _counting(monkeypatch)
    camp = small_campaign()
    first = campaign_to_dict(camp)
    first["map"]["territory_rows"][0] = "changed"
    second = campaign_to_dict(camp)
    assert second["map"]["territory_rows"][0] != "changed"
    back = campaign_from_dict(second, type(camp.state))
    assert [t.hexes for t in back.map.territories] == [t.hexes for t in camp.map.territories]
