"""Turn helpers: whom a seat acts for, hexes and paths as players type them, refused in
the sandbox's own words (these sentences are what players of every ruleset read)."""

from __future__ import annotations

import pytest
from conftest import small_campaign
from hypothesis import given
from hypothesis import strategies as st
from kit_world import ctx_for, world

from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.model.hexes import Hex, parse_label
from tuicamp.rules.kit.turns import (
    MoveRequest,
    acting_player,
    move_request,
    parse_hex,
    parse_hexes,
    unwalkable,
)
from tuicamp.rules.sandbox.actions import CreateArmy, Move


def test_a_seat_acts_for_its_player_or_the_one_it_names() -> None:
    camp = world()
    assert acting_player(ctx_for(camp, "a")) == "a"
    assert acting_player(ctx_for(camp, "ab")) == "a"  # the seat's first player
    assert acting_player(ctx_for(camp, "ab"), "b") == "b"
    assert acting_player(ctx_for(camp, "gm"), "c") == "c"


@pytest.mark.parametrize(
    ("seat", "requested", "refusal"),
    [
        ("a", "zed", "There is no player 'zed'"),
        ("a", "b", "Seat Anna does not play b"),
        ("gm", "", 'Name the player (player = "...") for the Games Master'),
    ],
)
def test_acting_player_refuses_as_the_sandbox_does(seat, requested, refusal) -> None:
    with pytest.raises(RuleError) as exc:
        acting_player(ctx_for(world(), seat), requested)
    assert str(exc.value) == refusal


def test_among_picks_the_seats_player_that_the_action_is_about() -> None:
    """An action about some players only (a siege's two sides): a seat acts for the one
    of them it plays; the Games Master still names one."""
    camp = world()
    assert acting_player(ctx_for(camp, "ab"), among=["c", "b"]) == "b"
    assert acting_player(ctx_for(camp, "ab"), among=["c", "d"]) == "a"  # none: its first
    with pytest.raises(RuleError, match="for the Games Master"):
        acting_player(ctx_for(camp, "gm"), among=["a", "b"])


def test_hexes_as_players_type_them() -> None:
    m = world().map
    assert parse_hex(m, "0304") == parse_label("0304")
    assert parse_hexes(m, "0304") == [parse_label("0304")]
    assert parse_hexes(m, "3,4") == [parse_label("0304")]  # one text, one hex
    assert parse_hexes(m, ["0304", "0305"]) == [parse_label("0304"), parse_label("0305")]


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("0904", "Hex 0904 is off the map"),
        ("north", "'north' is not a hex label (use CCRR, e.g. 0304, or col,row)"),
        ("0000", "'0000': hex labels start at 01 (column and row are 1-based)"),
        (304, "304 is not a hex label (use CCRR, e.g. 0304, or col,row)"),
    ],
)
def test_bad_hexes_are_refused_in_the_sandboxs_words(text, refusal) -> None:
    with pytest.raises(RuleError) as exc:
        parse_hexes(world().map, text)
    assert str(exc.value) == refusal


def test_a_move_to_a_hex_leaves_the_way_to_the_ruleset() -> None:
    camp = world()
    army = camp.army("host")  # at 0202
    assert move_request(camp.map, army, to="0404") == MoveRequest(parse_label("0404"))


def test_a_path_may_start_at_the_armys_own_hex() -> None:
    camp = world()
    army = camp.army("host")
    here, a, b = parse_label("0202"), parse_label("0302"), parse_label("0303")
    expected = MoveRequest(b, (here, a, b))
    assert move_request(camp.map, army, path=["0302", "0303"]) == expected
    assert move_request(camp.map, army, path=["0202", "0302", "0303"]) == expected
    assert move_request(camp.map, army, to="0303", path=["0302", "0303"]) == expected


@pytest.mark.parametrize(
    ("to", "path", "refusal"),
    [
        ("", [], 'Say where to: to = "0304" (or give a path)'),
        ("0202", [], "'The Host' is already at 0202"),
        ("0404", ["0302", "0303"], "The path must end at the hex moved to"),
        ("", ["0302", "9999"], "Hex 9999 is off the map"),
    ],
)
def test_move_orders_are_refused_in_the_sandboxs_words(to, path, refusal) -> None:
    camp = world()
    with pytest.raises(RuleError) as exc:
        move_request(camp.map, camp.army("host"), to=to, path=path)
    assert str(exc.value) == refusal


def test_an_army_off_the_map_is_not_moved() -> None:
    camp = world()
    army = camp.army("host")
    army.hex = None
    with pytest.raises(RuleError, match="Army 'The Host' is not on the map"):
        move_request(camp.map, army, to="0303")


def test_why_a_path_cannot_be_walked() -> None:
    """The first step that fails says why, as the sandbox says it."""
    camp = world()
    army = camp.army("host")
    m = camp.map

    def cost(x: Hex, y: Hex) -> float | None:
        return None if m.terrain_at(y).water else 1.0

    hexes = [parse_label(x) for x in ("0202", "0302", "0403")]
    assert unwalkable(m, army, hexes, cost) == "'The Host' cannot go from 0302 to 0403"
    hexes = [parse_label(x) for x in ("0202", "0404", "0403")]
    assert unwalkable(m, army, hexes, cost) == "0202 and 0404 are not neighbours"
    hexes = [parse_label(x) for x in ("0202", "0302")]
    assert unwalkable(m, army, hexes, cost) == "That path cannot be walked"


@given(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 5)), min_size=1, max_size=6))
def test_a_path_always_starts_at_the_army_and_ends_at_its_goal(cells) -> None:
    """Whatever hexes of the map a path names, the request runs from the army's hex to
    the last hex named, with the hexes named in between, in order."""
    camp = world()
    army = camp.army("host")
    labels = [f"{c:02d}{r:02d}" for c, r in cells]
    request = move_request(camp.map, army, path=labels)
    named = [parse_label(x) for x in labels]
    if named[0] == army.hex:
        named = named[1:]
    assert request.hexes == (army.hex, *named)
    assert request.goal == request.hexes[-1]


@pytest.mark.parametrize(
    ("to", "path"),
    [
        ("", []),
        ("0203", []),
        ("0404", ["0303"]),
        ("", ["0303", "9999"]),
        ("", ["0303", "nowhere"]),
        ("0909", []),
    ],
)
def test_the_sandbox_refuses_these_orders_in_the_same_words(to, path) -> None:
    """The kit's sentences are the sandbox's: the same order, refused by both alike."""
    camp = small_campaign()
    army = camp.army("a1")  # at 0203
    with pytest.raises(RuleError) as kit:
        move_request(camp.map, army, to=to, path=path)
    with pytest.raises(RuleError) as sandbox:
        Engine(camp).perform("p1", Move(army="a1", to=to, path=path))
    assert str(kit.value) == str(sandbox.value)


@pytest.mark.parametrize(("seat", "requested"), [("p1", "zed"), ("p1", "p2"), ("gm", "")])
def test_the_sandbox_refuses_these_players_in_the_same_words(seat, requested) -> None:
    camp = small_campaign()
    with pytest.raises(RuleError) as kit:
        acting_player(ctx_for(camp, seat), requested)
    with pytest.raises(RuleError) as sandbox:
        Engine(camp).perform(seat, CreateArmy(name="New", hex="0101", player=requested))
    assert str(kit.value) == str(sandbox.value)
