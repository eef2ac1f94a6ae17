"""The random map generator (``tuicamp generate``): every map it makes passes the checks
``tuicamp check`` applies, its rivers run downhill into water, its territories are whole
and of the texts' size (10 to 25 hexes), its starts are fair within the bounds it states,
and the same seed makes the same map."""

from __future__ import annotations

import itertools
from collections import deque
from pathlib import Path
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.cli import main
from tuicamp.engine import registry
from tuicamp.engine.errors import InputError
from tuicamp.game.mapedit.ledger import ledger
from tuicamp.game.mapgen import BOUNDS, Fairness, MapSpec, Shape, Start, generate, seats
from tuicamp.game.mapgen.fairness import FAIR_TERRITORIES, home_territories
from tuicamp.game.mapgen.land import CLEAR, SEA, Land
from tuicamp.game.mapgen.realms import choose_realms, raise_pirate_island, realm_members
from tuicamp.game.mapgen.realms import pieces as realm_pieces
from tuicamp.game.mapgen.rivers import touches_water
from tuicamp.game.mapgen.shape import raise_land
from tuicamp.game.mapgen.terrain import classify
from tuicamp.game.mapgen.tiles import COASTAL, TILE_IDS
from tuicamp.game.scenarios import scenario_problems
from tuicamp.model.hexes import Hex
from tuicamp.model.teams import TeamKind
from tuicamp.model.terrain import FeatureKind

SMALL_SIZES = ((8, 8), (10, 8), (12, 8), (12, 10))
RULESETS = ("sandbox", "rauscher", "ellegaard", "suvinen")


def spec(seed: int, **changes: object) -> MapSpec:
    """Seeds in turn through the four sizes, then the four rulesets, then two or three
    players (three on the two larger: 8 x 8 has room for two territories), so 32 seeds
    make every combination."""
    width, height = SMALL_SIZES[seed % len(SMALL_SIZES)]
    base = {
        "width": width,
        "height": height,
        "players": 2 + (seed // 16) % 2 * (seed % len(SMALL_SIZES) >= 2),
        "seed": seed,
        "ruleset": RULESETS[(seed // 4) % len(RULESETS)],
    }
    return MapSpec(**{**base, **changes})  # type: ignore[arg-type]


@pytest.mark.parametrize("first", range(0, 200, 50))
def test_two_hundred_seeds_pass_the_scenario_checks(first: int, tmp_path: Path) -> None:
    """Each map, written as its file, passes every check of `tuicamp check` (the file's
    own and each ruleset's campaign started from it), over four small sizes, the four
    bundled rulesets of territories and two or three players."""
    for seed in range(first, first + 50):
        path = tmp_path / f"map-{seed}.toml"
        path.write_text(generate(spec(seed)).text().text, encoding="utf-8")
        assert scenario_problems(path) == [], f"seed {seed}: {spec(seed)}"


@pytest.mark.parametrize("size", [(24, 18), (40, 30), (60, 40)])
def test_larger_maps_pass_the_scenario_checks_in_every_ruleset(
    size: tuple[int, int], tmp_path: Path
) -> None:
    """The command's own size and either side of it, four players, each ruleset."""
    for ruleset in RULESETS:
        path = tmp_path / f"{ruleset}.toml"
        path.write_text(generate(MapSpec(*size, 4, 7, ruleset)).text().text, encoding="utf-8")
        assert scenario_problems(path) == [], (size, ruleset)


def _height(land: Land, corner: frozenset[Hex]) -> float:
    on = [land.elevation[h] for h in corner if land.contains(h)]
    return sum(on) / len(on)


@pytest.mark.parametrize("seed", range(8))
def test_rivers_run_downhill_and_end_in_water(seed: int) -> None:
    """Every river falls at every step and ends at a corner touching the sea or a lake,
    or joins a river laid before it (which ends in water itself)."""
    made = generate(MapSpec(30, 24, 2, seed))
    land = made.land
    assert land.rivers, "a 30 x 24 map has at least one river"
    laid: set[frozenset[Hex]] = set()
    for river in land.rivers:
        heights = [_height(land, c) for c in river]
        assert all(a > b for a, b in itertools.pairwise(heights)), heights
        assert touches_water(land, river[-1]) or river[-1] in laid
        laid.update(river)
    waterways = set(made.scenario.map.vocabulary.features_of(FeatureKind.WATERWAY))
    drawn = {s for f, sides in made.scenario.map.hexsides.items() if f in waterways for s in sides}
    assert drawn, "the rivers are drawn on hexsides"
    for side in drawn:  # a river side lies between two hexes of land
        assert not land.is_water(side.a) or not land.is_water(side.b)


def _one_piece(hexes: list[Hex]) -> bool:
    left = set(hexes)
    todo = deque([hexes[0]])
    left.discard(hexes[0])
    while todo:
        for n in todo.popleft().neighbours():
            if n in left:
                left.discard(n)
                todo.append(n)
    return not left


@pytest.mark.parametrize("seed", range(8))
def test_territories_are_whole_and_of_the_texts_size(seed: int) -> None:
    """Territories of 10 to 25 hexes, each in one piece, no hex in two, none on water."""
    size = ((16, 12), (24, 18), (40, 30), (30, 20))[seed % 4]
    scenario = generate(MapSpec(*size, 3, seed)).scenario
    seen: set[Hex] = set()
    for t in scenario.map.territories:
        assert 10 <= len(t.hexes) <= 25, (t.id, len(t.hexes))
        assert _one_piece(t.hexes), t.id
        assert not seen & set(t.hexes)
        seen |= set(t.hexes)
        assert not any(scenario.map.terrain_at(h).water for h in t.hexes)


FAIR_SIZES = ((30, 20), (40, 30), (48, 36))


def fair_specs() -> list[MapSpec]:
    """Maps of three sizes and two to six players, as the seed falls."""
    return [MapSpec(*FAIR_SIZES[seed % 3], 2 + seed % 5, seed) for seed in range(30)]


def test_the_stated_bounds_are_the_rulings() -> None:
    """R-ALL-15: distance, food and income "differ between players by at most 20 % of the
    largest", "on every map with at least 8 territories a player"."""
    assert BOUNDS == {"distance": 0.2, "food": 0.2, "income": 0.2}
    assert FAIR_TERRITORIES == 8


@pytest.mark.parametrize("first", range(0, 30, 10))
def test_starts_are_fair_within_the_stated_bounds(first: int) -> None:
    """Distance to the nearest rival capital, food and income differ between players by
    no more than BOUNDS ((most - least) / most) on every map with FAIR_TERRITORIES
    territories a player (R-ALL-15), and the report says so."""
    judged = 0
    for made in (generate(s) for s in fair_specs()[first : first + 10]):
        players = len(made.scenario.players)
        if len(made.scenario.map.territories) < FAIR_TERRITORIES * players:
            continue
        judged += 1
        for figure, bound in BOUNDS.items():
            assert made.fairness.spread(figure) <= bound, (figure, made.spec, made.report())
        report = made.report()
        assert len(report) == 1 + players + 1
        assert report[-1].startswith("spread: distance ")
        assert "(at most 20%)" in report[-1]
        capitals = [s for s in made.scenario.map.settlements if s.kind == "capital"]
        assert sorted(s.owner or "" for s in capitals) == sorted(
            p.id for p in made.scenario.players
        )
    assert judged >= 8, "most of these maps are large enough for the bounds"


@pytest.mark.parametrize(
    "spec", [MapSpec(40, 30, 3, 5), MapSpec(30, 20, 4, 2), MapSpec(16, 12, 2, 1)]
)
def test_the_players_hold_half_the_land_each_realm_in_one_piece(spec: MapSpec) -> None:
    """R-ALL-15, on Rauscher's "some of the territories will be controlled by each of the
    players. Remaining territories - most probably lying between the two countries - are
    largely unexplored": each player holds floor(territories / 2) // players territories
    (at least 2, at most 12), his realm in one piece around his capital, its settlements
    of the same kinds as every other player's (the text counts them against his
    points); the rest are neutral, their settlements too."""
    m = generate(spec).scenario.map
    total = len(m.territories)
    home = max(2, min(12, (total // 2) // spec.players))
    assert home == home_territories(total, spec.players)
    neutral = [t for t in m.territories if t.owner is None]
    for slot in seats.players(spec.players):
        realm = [t for t in m.territories if t.owner == slot.id]
        assert len(realm) == home, (slot.id, len(realm), total)
        assert _one_piece([h for t in realm for h in t.hexes]), slot.id
        held = {h for t in realm for h in t.hexes}
        mine = [s for s in m.settlements if s.owner == slot.id]
        assert len(mine) == home and all(s.hex in held for s in mine)
    assert len(neutral) == total - home * spec.players >= total // 2
    kinds = {
        slot.id: sorted(s.kind for s in m.settlements if s.owner == slot.id)
        for slot in seats.players(spec.players)
    }
    assert len({tuple(k) for k in kinds.values()}) == 1, kinds  # the same kinds each
    inside = {h for t in neutral for h in t.hexes}
    assert all(s.owner is None for s in m.settlements if s.hex in inside)


def test_a_large_map_keeps_the_realms_a_campaigns_size() -> None:
    """R-ALL-15: "at most 12", so the wilds grow with the map, not the realms."""
    assert home_territories(2000, 4) == 12
    assert home_territories(9, 2) == 2
    assert home_territories(60, 3) == 10


def test_the_report_says_when_a_small_map_falls_outside_the_bounds() -> None:
    """A map too small to be fair is still made, and the figures say so and what to do."""
    fair = Fairness((Start(0, (0, 1), 6, 10, 5), Start(2, (2, 3), 6, 10, 5)))
    unfair = Fairness((Start(0, (0, 1), 6, 10, 5), Start(2, (2, 3), 4, 7, 5)))
    assert fair.within_bounds and not unfair.within_bounds
    assert unfair.spread("food") == pytest.approx(0.3)
    lines = unfair.report(["Red", "Blue"])
    assert (
        lines[-3]
        == "spread: distance 33% (at most 20%), food 30% (at most 20%), income 0% (at most 20%)"
    )
    assert lines[-1] == "try another --seed, or a larger --size"
    assert fair.report(["Red", "Blue"])[-1].startswith("spread: ")


def test_same_seed_same_map_and_another_seed_another() -> None:
    a, b = generate(MapSpec(20, 16, 3, 7)), generate(MapSpec(20, 16, 3, 7))
    assert a.text().text == b.text().text
    assert a.report() == b.report()
    assert generate(MapSpec(20, 16, 3, 8)).text().text != a.text().text


def test_an_island_has_sea_on_every_edge_and_a_coast_on_one() -> None:
    island = generate(MapSpec(24, 18, 2, 1, shape=Shape.ISLAND)).scenario.map
    rows = island.terrain
    assert set(rows[0]) == {"~"} or set(rows[-1]) == {"~"}
    assert all(row[0] == "~" or row[-1] == "~" for row in rows[1:-1])
    coast = generate(MapSpec(24, 18, 2, 1, shape=Shape.COAST)).scenario.map
    edges = [coast.terrain[0], coast.terrain[-1], "".join(r[0] for r in coast.terrain)]
    edges.append("".join(r[-1] for r in coast.terrain))
    assert any(set(edge) == {"~"} for edge in edges)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    width=st.integers(12, 20),
    height=st.integers(10, 14),
    players=st.integers(2, 3),
)
def test_any_seed_gives_a_map_whose_parts_agree(
    seed: int, width: int, height: int, players: int
) -> None:
    """Whatever the seed: one settlement in each territory, inside it and on land; the
    bridges sit on waterways and under roads; each player starts with a capital, an army
    in it, and land of their own."""
    scenario = generate(MapSpec(width, height, players, seed)).scenario
    m = scenario.map
    for t in m.territories:
        inside = [s for s in m.settlements if s.hex in set(t.hexes)]
        assert len(inside) == 1, t.id
    assert len(m.settlements) == len(m.territories)
    assert not any(m.terrain_at(s.hex).water for s in m.settlements)
    waterways = {s for f in ("river", "stream") for s in m.hexsides.get(f, [])}
    roads = set(m.hexsides.get("road", []))
    assert set(m.hexsides.get("bridge", [])) <= waterways & roads
    for slot in scenario.players:
        capital = next(s for s in m.settlements if s.owner == slot.id and s.kind == "capital")
        army = next(a for a in scenario.armies if a.owner == slot.id)
        assert army.hex == capital.hex
        assert any(t.owner == slot.id for t in m.territories)


def test_a_tile_map_makes_every_land_hex_a_territory_of_one_tile_type(tmp_path: Path) -> None:
    """Hex Island-style tile maps: one territory per land tile, typed lowland, highland,
    coastal, primeval forest or swamp; a tile beside the sea (a lake is written as the
    sea on a tile map) is coastal, and no other is."""
    made = generate(MapSpec(16, 12, 3, 4, tiles=True))
    m = made.scenario.map
    land = [h for h in m.hexes() if not m.terrain_at(h).water]
    assert sorted(h for t in m.territories for h in t.hexes) == sorted(land)
    assert {len(t.hexes) for t in m.territories} == {1}
    assert {t.kind for t in m.territories} <= set(TILE_IDS) - {"sea"}
    for t in m.territories:
        beside_sea = any(m.contains(n) and m.terrain_at(n).sea for n in t.hexes[0].neighbours())
        assert (t.kind == COASTAL) == beside_sea, t.id
    path = tmp_path / "tiles.toml"
    path.write_text(made.text().text, encoding="utf-8")
    assert scenario_problems(path) == []


needs_aasen = pytest.mark.skipif(
    "aasen" not in registry.ruleset_names(), reason="the aasen ruleset is not installed"
)


def aasen_spec(seed: int) -> MapSpec:
    """Small maps, four sizes, two to six players, as the seed falls."""
    width, height = SMALL_SIZES[seed % len(SMALL_SIZES)]
    return MapSpec(width, height, 2 + seed % 5, seed, ruleset="aasen")


@needs_aasen
@pytest.mark.parametrize("first", range(0, 40, 20))
def test_aasen_tile_maps_pass_the_aasen_checks_on_every_seed(first: int, tmp_path: Path) -> None:
    """Judged by the aasen ruleset itself (`tuicamp check`): one-hex territories of a type
    (R-AA-1), coastal land wherever a tile touches the sea (R-AA-10), realms of two
    players with 11 territories and their Capital on the mainland amid its Homeland, a
    pirate realm of one with 6 and its Capital on an island of its own, a Stronghold or
    two Outposts never in a swamp, and no settlements, over four small sizes and two to
    six players."""
    for seed in range(first, first + 20):
        path = tmp_path / f"aasen-{seed}.toml"
        path.write_text(generate(aasen_spec(seed)).text().text, encoding="utf-8")
        assert scenario_problems(path) == [], f"seed {seed}: {aasen_spec(seed)}"


@needs_aasen
@pytest.mark.parametrize("size", [(20, 14), (28, 20)])
def test_larger_aasen_maps_pass_the_aasen_checks(size: tuple[int, int], tmp_path: Path) -> None:
    for players in (3, 6):
        path = tmp_path / f"aasen-{players}.toml"
        path.write_text(generate(MapSpec(*size, players, 9, "aasen")).text().text)
        assert scenario_problems(path) == [], (size, players)


def test_players_pair_into_realms_of_two_and_a_pirate_realm_of_one() -> None:
    """3: "six realms, each controlled by two players plus up to three realms controlled
    by a single player each"; the seats in order, an odd last one a pirate."""
    assert realm_members(2) == [(0, 1)]
    assert realm_members(3) == [(0, 1), (2,)]
    assert realm_members(6) == [(0, 1), (2, 3), (4, 5)]
    assert [len(m) for m in realm_members(5)] == [2, 2, 1]


@needs_aasen
@pytest.mark.parametrize("players", range(2, 7))
def test_an_aasen_map_is_set_up_in_realms_with_capitals_and_holdings(players: int) -> None:
    """2.1: "each realm's Capital", "six territories immediately around it" its own, and
    "either a single Stronghold or up to two Outposts"; 2.2: "You cannot build Outposts /
    Strongholds in a territory containing swamps"; R-AA-1: a river is a territory's mark,
    and "only Lowland, Highland and costal territories can contain rivers"."""
    made = generate(MapSpec(16, 12, players, players, ruleset="aasen"))
    scenario, m = made.scenario, made.scenario.map
    assert not m.settlements
    assert [len(t.members) for t in scenario.teams] == [len(r) for r in realm_members(players)]
    assert {t.kind for t in scenario.teams} == {TeamKind.REALM}
    setup = scenario.rulesets["aasen"].setup
    capitals, holdings = setup["capitals"], setup["holdings"]
    assert set(capitals) == {t.id for t in scenario.teams}
    by_id = {t.id: t for t in m.territories}
    for team in scenario.teams:
        held = [t for t in m.territories if t.owner == team.id]
        assert len(held) == (6 if len(team.members) == 1 else 11), team.id
        capital = by_id[capitals[team.id]]
        assert capital.owner == team.id
        for member in team.members:  # each General starts at his realm's Capital
            assert next(a for a in scenario.armies if a.owner == member).hex == capital.hexes[0]
    assert set(holdings.values()) == {"stronghold"}
    assert len(holdings) == len(scenario.teams)
    assert all(by_id[tid].kind != "swamp" and by_id[tid].owner for tid in holdings)
    waterside = {h for f in ("river", "stream") for s in m.hexsides.get(f, []) for h in (s.a, s.b)}
    for t in m.territories:
        assert ("river" in t.flags) == (t.hexes[0] in waterside), t.id
        if "river" in t.flags:
            assert t.kind in ("lowland", "highland", "coastal"), t.id
        beside_water = any(m.contains(n) and m.terrain_at(n).water for n in t.hexes[0].neighbours())
        assert (t.kind == COASTAL) == beside_water, t.id


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), width=st.integers(8, 20), height=st.integers(8, 14))
def test_the_pirate_island_stands_apart_with_its_capital_beside_every_tile(
    seed: int, width: int, height: int
) -> None:
    """2.1: a pirate realm's Homeland is "the three other territories on the island": the
    island raised is four tiles, each beside its Capital, and no other land touches it."""
    land = Land(width, height)
    raise_land(land, Shape.ISLAND, Random(seed))
    classify(land)
    island = raise_pirate_island(land, Random(seed))
    assert len(island) == 4 and len(set(island)) == 4
    assert all(land.contains(h) and not land.is_water(h) for h in island)
    assert all(island[0].is_adjacent(h) for h in island[1:])
    shore = {n for h in island for n in land.neighbours(h)} - set(island)
    assert all(land.is_water(n) for n in shore)
    assert set(island) in realm_pieces(land)


def test_a_mainland_too_small_for_the_realms_is_refused_with_what_to_change() -> None:
    land = Land(8, 8)
    for h in land.hexes:
        land.ground[h] = CLEAR if Hex.from_offset(3, 3).distance(h) <= 1 else SEA
    with pytest.raises(InputError, match=r"no room for 1 realm of two players .* larger"):
        choose_realms(land, 2, (), Random(0))


@needs_aasen
def test_the_aasen_report_names_the_realms_and_the_pirate() -> None:
    report = generate(MapSpec(16, 12, 5, 1, ruleset="aasen")).report()
    assert report[0].split()[0] == "realm"
    assert len(report) == 1 + 2 + 1 + 1
    assert report[1].startswith("The Realm of ") and report[2].startswith("The Realm of ")
    assert report[-1].startswith("The Corsairs of ") and "pirate realm of 6 tiles" in report[-1]


@needs_aasen
@pytest.mark.parametrize("players", [4, 5])
def test_a_generated_aasen_map_starts_a_campaign(
    players: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`tuicamp new` of a generated map, then `tuicamp show` of its first year."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    path = tmp_path / "island.toml"
    path.write_text(generate(MapSpec(16, 12, players, 3, ruleset="aasen")).text().text)
    assert main(["new", str(path), "--seed", "4", "--name", "isle", "--no-play"]) == 0
    capsys.readouterr()
    assert main(["show", "isle", "--as", "red"]) == 0
    shown = capsys.readouterr().out
    assert "realm, 11 territories, Capital" in shown and "Resources: 11" in shown
    if players % 2:
        assert "pirate realm, 6 territories" in shown


def test_bad_specs_are_refused_with_what_to_change() -> None:
    with pytest.raises(Exception, match="width 4: a map is 8 to 500 hexes"):
        generate(MapSpec(4, 10))
    with pytest.raises(Exception, match="9 players: the generator seats 2 to 6"):
        generate(MapSpec(20, 20, 9))
    with pytest.raises(Exception, match="too few for 6 players: make it larger"):
        generate(MapSpec(8, 8, 6))
    with pytest.raises(Exception, match="ruleset 'nope' is not installed"):
        generate(MapSpec(20, 20, ruleset="nope"))


def test_the_command_writes_a_checked_file_and_prints_the_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "gen.toml"
    args = ["generate", "--size", "16x12", "--players", "3", "--seed", "5", "--out", str(out)]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert f"{out}: written (16 x 12, seed 5)" in printed
    assert "spread: distance" in printed and "Green" in printed
    assert out.read_text() == generate(MapSpec(16, 12, 3, 5)).text().text
    assert main(["check", str(out)]) == 0
    capsys.readouterr()
    assert main([*args, "--size", "7x12"]) == 2
    assert capsys.readouterr().err.strip() == "tuicamp: width 7: a map is 8 to 500 hexes"
    assert main(args) == 2
    assert "the file exists; give --force" in capsys.readouterr().err
    assert main([*args, "--force"]) == 0


def test_without_out_the_command_prints_the_file_and_the_figures_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The scenario on standard output (to pipe into a file), the figures on standard error."""
    assert main(["generate", "--size", "12x10", "--seed", "2"]) == 0
    printed = capsys.readouterr()
    assert printed.out == generate(MapSpec(12, 10, 2, 2)).text().text
    assert "spread: distance" in printed.err


def test_a_large_map_names_its_places_without_numbers_while_names_last() -> None:
    """A 200 x 200 map has some two thousand settlements: chance finds taken names more
    and more often, so the names left are dealt in a seeded turn, "Nieder Altdorf" beside
    Altdorf, and a number comes only once every name is given."""
    from tuicamp.game.mapgen.names import BACKS, FRONTS, SIDES, Namer

    namer = Namer(Random(5))
    every = len(FRONTS) * len(BACKS) * (1 + len(SIDES))
    names = [namer.place() for _ in range(every)]
    assert len(set(names)) == every and not any(c.isdigit() for n in names for c in n)
    assert any(n.startswith("Nieder ") for n in names)
    assert namer.place().split()[-1].isdigit()  # all given: numbered, still unique
    again = Namer(Random(5))
    assert [again.place() for _ in range(every)] == names  # same seed, same names


@pytest.mark.parametrize("seed", range(3))
def test_each_player_starts_with_settlements_of_the_same_points(seed: int) -> None:
    """Rauscher: "When deciding on the points values of each player, make sure you take
    into account any villages, towns, cities, or fortresses under any given players
    control": on a generated map their costs come to the same for every player, as the
    editor's ledger counts them (R-ALL-15)."""
    made = generate(MapSpec(40, 30, 3, seed, "rauscher"))
    lines = ledger(made.scenario)
    assert len(lines) == 3 and len({line.points for line in lines}) == 1, lines
    assert lines[0].points > 350  # the settlements' costs, besides the player's host
