"""What a scenario holds beyond its map, edited in the editor (issue 17: "victory
conditions, the turn limit, and which rulesets the scenario supports with per-ruleset
set-up blocks and table overrides"): each block is the file's own TOML under comments
saying what the ruleset takes, saved in the scenario, and judged by the checks of
``tuicamp check`` as the designer goes."""

from __future__ import annotations

import pytest
from apps.ui_kit import quiet_config, settle, sync, wait_for_screen, wait_until
from textual.widgets import Input, TextArea

from tuicamp.game.mapedit import blocks, draft
from tuicamp.game.mapgen import MapSpec, generate
from tuicamp.game.scenarios import load_scenario, scenario_problems
from tuicamp.game.setup import new_campaign
from tuicamp.ui.app import TuicampApp
from tuicamp.ui.editor import EditorScreen
from tuicamp.ui.editor._forms import FieldsForm, TextForm


def test_a_block_shows_what_its_ruleset_takes_and_reads_back_as_typed() -> None:
    """Ellegaard's set-up: "Each of the players decide where they will have their home
    base" and "Set a turn limit, for example 36 turns" (its hours)."""
    scenario = generate(MapSpec(20, 14, 2, 4, "ellegaard")).scenario
    text = blocks.block_text(scenario, "ellegaard")
    assert "# [ruleset.ellegaard]: Warhammer Wars (Ellegaard)" in text
    assert "#   max_battles_per_turn = " in text  # an option, with its default
    assert "#   home_bases = " in text and "#   hours = 36" in text  # the ruleset's example
    homes = scenario.rulesets["ellegaard"].setup["home_bases"]  # the generator's
    assert f"home_bases = {{ red = {homes['red']!r}".replace("'", '"') in text
    assert "# tables = { NAME = ... } overrides a table of its own: command_points" in text
    typed = text + 'options = { max_battles_per_turn = "3" }\nhours = 20\n'
    assert blocks.set_block(scenario, "ellegaard", typed)
    setup = scenario.rulesets["ellegaard"]
    assert setup.options == {"max_battles_per_turn": 3}  # read as the file's reader reads it
    assert setup.setup == {"home_bases": homes, "hours": 20}
    assert not blocks.set_block(scenario, "ellegaard", blocks.block_text(scenario, "ellegaard"))
    assert blocks.set_block(scenario, "ellegaard", "")
    assert scenario.rulesets["ellegaard"] == draft.RulesetSetup()


def test_what_a_file_could_not_hold_is_refused_in_the_form() -> None:
    scenario = draft.blank_scenario(8, 6, "rauscher")
    with pytest.raises(ValueError, match=r"\[ruleset.rauscher\]: not valid TOML"):
        blocks.set_block(scenario, "rauscher", "options = {")
    with pytest.raises(ValueError, match="ruleset rauscher has no option 'campaign_pts'"):
        blocks.set_block(scenario, "rauscher", "options = { campaign_pts = 3 }")
    with pytest.raises(ValueError, match="option campaign_points takes a int"):
        blocks.set_block(scenario, "rauscher", 'options = { campaign_points = "many" }')
    with pytest.raises(ValueError, match="tables is a table"):
        blocks.set_block(scenario, "rauscher", "tables = 3")
    with pytest.raises(ValueError, match="does not support 'aasen'"):
        blocks.set_block(scenario, "aasen", "")
    with pytest.raises(ValueError, match="turn_limit -1: a whole number of turns"):
        blocks.set_victory_text(scenario, "turn_limit = -1")


def test_a_blocks_set_up_and_table_overrides_are_judged_by_the_check() -> None:
    """A set-up key the ruleset does not take, and a table override of the wrong shape,
    are listed as ``tuicamp check`` lists them; put right, the scenario starts a
    campaign reading them."""
    scenario = generate(MapSpec(20, 14, 2, 4, "ellegaard")).scenario
    kept = blocks.block_text(scenario, "ellegaard")
    blocks.set_block(scenario, "ellegaard", kept + "hourz = 20\n")
    assert any("unknown key (did you mean 'hours'?)" in f.text for f in draft.findings(scenario))
    blocks.set_block(scenario, "ellegaard", kept + "tables = { nonsense = 3 }\n")
    assert any("nonsense" in f.text for f in draft.findings(scenario))
    blocks.set_block(scenario, "ellegaard", kept + "hours = 20\n")
    assert draft.findings(scenario) == []
    campaign = new_campaign(scenario, "ellegaard", seed=1)
    assert campaign.state.hours == 20


def test_victory_conditions_and_turn_limit_are_saved_as_the_file_holds_them(tmp_path) -> None:
    """The turn limit is the [scenario]'s, the rest the [victory] table (sandbox targets
    name a settlement each, R-SB-12)."""
    scenario = generate(MapSpec(16, 12, 2, 5)).scenario
    town = scenario.map.settlements[0].id
    red = scenario.players[0].id
    typed = f'turn_limit = 9\ntype = "capture"\ntargets = {{ {red} = "{town}" }}\n'
    assert blocks.set_victory_text(scenario, typed)
    assert scenario.turn_limit == 9
    path = tmp_path / "won.toml"
    draft.save(scenario, path)
    assert scenario_problems(path) == []
    loaded = load_scenario(path)
    assert loaded.turn_limit == 9 and loaded.victory["targets"] == {red: town}
    assert "turn_limit = 9" in blocks.victory_text(loaded)
    blocks.set_victory_text(scenario, f'targets = {{ {red} = "nowhere" }}')
    found = [f.text for f in draft.findings(scenario)]
    assert any(f"victory targets.{red} names no settlement" in t for t in found)


@sync
async def test_a_set_up_block_is_edited_refused_kept_and_undone_on_screen(tmp_path) -> None:
    path = tmp_path / "war.toml"
    path.write_text(generate(MapSpec(20, 14, 2, 4, "ellegaard")).text().text, encoding="utf-8")
    app = TuicampApp(config=quiet_config(), home=lambda: EditorScreen(path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, EditorScreen)
        await pilot.press("B")
        form = await wait_for_screen(pilot, TextForm)
        area = form.query_one(TextArea)
        assert "# [ruleset.ellegaard]" in area.text
        homes = blocks.block_text(screen.scenario, "ellegaard").splitlines()[-1]
        area.text = "hours = 20\nhome_bases = {"
        await pilot.press("ctrl+s")
        await settle(pilot)
        again = await wait_for_screen(pilot, TextForm)  # refused: back, as typed
        assert again.query_one(TextArea).text == "hours = 20\nhome_bases = {"
        again.query_one(TextArea).text = f"{homes}\nhours = 20\nhourz = 1\n"
        await pilot.press("ctrl+s")
        await settle(pilot)
        setup = screen.scenario.rulesets["ellegaard"].setup
        assert setup["hours"] == 20 and setup["hourz"] == 1 and "home_bases" in setup
        await wait_until(
            pilot, lambda: any("hourz" in f.text for f in screen.findings), "the check's word"
        )
        await pilot.press("u")
        assert list(screen.scenario.rulesets["ellegaard"].setup) == ["home_bases"]
        screen.scenario.rulesets = {"ellegaard": screen.scenario.rulesets["ellegaard"]} | {
            "sandbox": draft.RulesetSetup()
        }
        await pilot.press("B")  # two rulesets: which one is asked first
        ask = await wait_for_screen(pilot, FieldsForm)
        ask.query_one("#field-0", Input).value = "sandbox"
        await pilot.press("enter")
        form = await wait_for_screen(pilot, TextForm)
        assert "# [ruleset.sandbox]" in form.query_one(TextArea).text
        form.query_one(TextArea).text = "options = { fog_of_war = true }"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert screen.scenario.rulesets["sandbox"].options == {"fog_of_war": True}
