"""The editor's palette (tuicamp.game.mapedit.palette): every terrain and hexside feature
the scenario's rulesets declare (every installed ruleset's for a new scenario), each
named, with the rulesets that lack it said; and on screen, each offered by the terrain
and feature tools and drawn once painted, the checks listing what a ruleset lacks."""

from __future__ import annotations

from apps.ui_kit import quiet_config, settle, sync, wait_for_screen, wait_until

from tuicamp.engine import registry
from tuicamp.game.mapedit import draft
from tuicamp.game.mapedit.palette import palette_for, palette_of
from tuicamp.game.mapedit.writer import scenario_text
from tuicamp.model.hexes import Hex
from tuicamp.model.terrain import (
    BASE_VOCABULARY,
    FeatureLook,
    HexsideFeature,
    Terrain,
    TerrainLook,
    Vocabulary,
)
from tuicamp.storage.scenario import RulesetSetup
from tuicamp.ui.app import TuicampApp
from tuicamp.ui.editor import EditorScreen

GLACIER = Terrain("g", "glacier", "Glacier", TerrainLook("*", "bright_white", "blue"))
CAUSEWAY = HexsideFeature("causeway", "Causeway", FeatureLook("%", "yellow"))
# a second meaning of a letter the base set holds, and a new letter drawn in a glyph it
# holds: the map cannot draw both, so the earlier ruleset's stands
ROCK = Terrain("f", "rock", "Rock", TerrainLook("R", "white"))
MIRE = Terrain("q", "mire", "Mire", TerrainLook(".", "green"))


def test_a_palette_offers_the_union_and_names_what_a_ruleset_lacks() -> None:
    cold = Vocabulary((ROCK, GLACIER, MIRE), (CAUSEWAY,))
    p = palette_of({"sandbox": BASE_VOCABULARY, "cold": cold}, ["sandbox", "cold"])
    assert p.letters == (*BASE_VOCABULARY.letters, "g")  # rock's f is forest's; no mire
    assert p.feature_ids == (*BASE_VOCABULARY.feature_ids, "causeway")
    forest = BASE_VOCABULARY.terrain("f")
    assert forest is not None and p.terrain_label("f") == f"{forest.look.glyph} Forest"
    assert p.terrain_label("g") == "* Glacier (cold only)"
    assert p.feature_label("causeway") == "% Causeway (cold only)"
    assert p.vocabulary.terrain("f") == BASE_VOCABULARY.terrain("f")
    assert p.feature_label("river") == "~ river (sandbox only)"
    # offered to a scenario of the sandbox alone (a new one): none of its rulesets has it
    alone = palette_of({"sandbox": BASE_VOCABULARY, "cold": cold}, ["sandbox"])
    assert alone.terrain_label("g") == "* Glacier (not sandbox)"


def test_every_installed_rulesets_terrain_and_features_are_offered_to_a_new_scenario() -> None:
    """'the editor paints every terrain and hexside feature the installed rulesets
    declare' (issue 17): each letter and feature of each installed ruleset, named."""
    scenario = draft.blank_scenario(6, 4)
    palette = palette_for(scenario, new=True)
    for rid, ruleset in registry.load_rulesets().items():
        words = ruleset.vocabulary
        for terrain in words.terrains:
            assert terrain.letter in palette.letters, (rid, terrain.id)
            assert terrain.name in palette.terrain_label(terrain.letter)
        for feature in words.features:
            assert feature.id in palette.feature_ids, (rid, feature.id)
            assert feature.name in palette.feature_label(feature.id)
    coast = registry.get_ruleset("aasen").vocabulary.terrain_by_id("coast")
    assert coast is not None
    assert palette.terrain_label(coast.letter).endswith("(not sandbox)")
    # a scenario that is not new is offered its own rulesets' words only
    assert coast.letter not in palette_for(scenario).letters
    scenario.rulesets = {"sandbox": RulesetSetup(), "aasen": RulesetSetup()}
    both = palette_for(scenario)
    assert both.terrain_label(coast.letter).endswith("(aasen only)")


def _status(screen: EditorScreen) -> str:
    return str(screen.query_one("#editor-status").render())


@sync
async def test_the_terrain_tool_cycles_through_every_terrain_and_paints_aasens_coast() -> None:
    """A new map offers the coast Aasen declares; painted, it is drawn, and the check
    says the sandbox, the scenario's ruleset, does not know it."""
    app = TuicampApp(config=quiet_config(), home=lambda: EditorScreen(None))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, EditorScreen)
        named = []
        for _ in screen.palette.letters:
            named.append(_status(screen))
            await pilot.press("right_square_bracket")
        coast = screen.palette.vocabulary.terrain_by_id("coast")
        assert coast is not None
        assert any(f"[ ]: {coast.look.glyph} {coast.name} (not sandbox)" in text for text in named)
        while screen.tools.letter(screen.palette) != coast.letter:
            await pilot.press("right_square_bracket")
        await pilot.press("space")
        assert screen.scenario.map.terrain_at(Hex.from_offset(0, 0)).id == "coast"
        await pilot.press("v")
        await settle(pilot)
        await wait_until(
            pilot,
            lambda: any(f"terrain letter {coast.letter!r}" in f.text for f in screen.findings),
            "the check's word on the coast",
        )
        await pilot.press("t")  # the feature tool: every feature, named
        seen = []
        for _ in screen.palette.feature_ids:
            seen.append(_status(screen))
            await pilot.press("right_square_bracket")
        for fid, text in zip(screen.palette.feature_ids, seen, strict=True):
            assert f"[ ]: {screen.palette.feature_label(fid)}, pen off" in text


def test_the_files_legend_names_the_scenarios_own_terrain_and_what_its_rows_use() -> None:
    """Drawn in every installed ruleset's words, a new map's file still names only the
    letters its rulesets know above its rows, and a letter painted from another's."""
    scenario = draft.blank_scenario(6, 4)
    scenario.map.vocabulary = palette_for(scenario, new=True).vocabulary
    coast = registry.get_ruleset("aasen").vocabulary.terrain_by_id("coast")
    assert coast is not None

    def legend() -> str:
        return next(line for line in scenario_text(scenario).text.splitlines() if "clear" in line)

    assert f"{coast.letter} {coast.name.lower()}" not in legend()
    scenario.map.terrain = [coast.letter * 6, *scenario.map.terrain[1:]]
    assert legend().endswith(f"~ sea  {coast.letter} {coast.name.lower()}")
