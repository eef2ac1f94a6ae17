"""The scenario editor on screen (tuicamp.ui.editor): a scenario built from nothing, saved
and started as a campaign; undo and redo; problems found as you edit, listed, and the
cursor taken to their hex; the generator from inside; the title screen's entry; the
command's refusal of a bad file. Pilot tests wait for conditions, never for seconds."""

from __future__ import annotations

from pathlib import Path

from apps.ui_kit import make_app, quiet_config, settle, sync, wait_for_screen, wait_until
from textual.widgets import Input, OptionList, TextArea

from tuicamp.cli import main
from tuicamp.game.mapedit import draft
from tuicamp.game.mapgen import MapSpec, generate
from tuicamp.game.scenarios import load_scenario
from tuicamp.game.setup import new_campaign
from tuicamp.model.hexes import Hex, Hexside
from tuicamp.storage.scenario import RulesetSetup
from tuicamp.ui.app import TuicampApp
from tuicamp.ui.editor import EditorScreen, EditorStart
from tuicamp.ui.editor._forms import FieldsForm, TextForm
from tuicamp.ui.screens.confirm import ConfirmScreen
from tuicamp.ui.screens.title import TitleScreen


def H(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def editor_app(path: Path | None = None) -> TuicampApp:
    return TuicampApp(config=quiet_config(), home=lambda: EditorScreen(path))


async def answer(pilot, *values: str) -> None:
    """Fill in the first fields of the form on screen (the rest as they are) and send it."""
    form = await wait_for_screen(pilot, FieldsForm)
    for i, value in enumerate(values):
        form.query_one(f"#field-{i}", Input).value = value
    for _ in form.fields:
        await pilot.press("enter")
    await settle(pilot)


async def refused(pilot, *values: str) -> FieldsForm:
    """Answer the form on screen as ``answer`` does, and find it still there: refused,
    with the words why shown in it and every field as typed."""
    await answer(pilot, *values)
    form = pilot.app.screen
    assert isinstance(form, FieldsForm), "a refused answer keeps its form open"
    assert str(form.query_one("#form-refusal").render()).strip()
    return form


async def answer_text(pilot, text: str) -> None:
    """Replace the text of the TOML form on screen and send it (ctrl+s)."""
    form = await wait_for_screen(pilot, TextForm)
    form.query_one(TextArea).text = text
    await pilot.press("ctrl+s")
    await settle(pilot)


async def go(pilot, screen: EditorScreen, h: Hex) -> None:
    screen.map_widget.cursor = h
    await settle(pilot)


async def _build_from_nothing(pilot) -> EditorScreen:
    """Two marks on a blank map, a village and a walled town, an army, a river: each by
    the editor's keys and forms."""
    screen = await wait_for_screen(pilot, EditorScreen)
    m = screen.scenario.map
    await pilot.press("b", "space")  # forest, brush 2, around 0101
    assert m.letter_at(H(0, 0)) == "f" and m.letter_at(H(1, 0)) == "f"
    await pilot.press("T")
    await answer(pilot, "West Mark")
    await pilot.press("f")  # the whole map: one land
    assert len(m.territories[0].hexes) == m.width * m.height
    await pilot.press("T")
    await answer(pilot, "East Mark")
    await go(pilot, screen, H(12, 5))
    await pilot.press("b", "space")  # brush 3: 19 hexes to the East Mark
    assert len(m.territory("east-mark").hexes) == 19
    await pilot.press("t")  # settlements
    await go(pilot, screen, H(2, 2))
    await pilot.press("space")
    await answer(pilot, "village", "Altdorf", "red")
    await go(pilot, screen, H(12, 5))
    await pilot.press("space")
    await answer(pilot, "town", "Osthof", "blue", "yes", "food=2, gold=1")
    assert [s.name for s in m.settlements] == ["Altdorf", "Osthof"]
    assert m.settlements[1].walls and m.settlements[1].stores == {"food": 2, "gold": 1}
    await pilot.press("t")  # the army tool: sandbox asks for a list of units
    await go(pilot, screen, H(2, 2))
    await pilot.press("space")
    await answer(pilot, "red", "Red Host", "General 100 general; Spearmen 150 x20")
    assert [(a.id, a.points) for a in screen.scenario.armies] == [("red-red-host", 250)]
    await pilot.press("t", "t")  # the feature tool: river first
    await go(pilot, screen, H(7, 3))
    await pilot.press("space", "d", "d", "space", "space")  # pen down, two sides, up
    assert m.hexsides["river"] == [Hexside(H(7, 3), H(8, 3)), Hexside(H(8, 3), H(9, 3))]
    return screen


@sync
async def test_a_scenario_built_from_nothing_is_saved_and_starts_a_campaign(tmp_path) -> None:
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _build_from_nothing(pilot)
        await pilot.press("ctrl+s")
        out = tmp_path / "built.toml"
        await answer(pilot, str(out))
        assert out.is_file() and screen.saved
    scenario = load_scenario(out)
    campaign = new_campaign(scenario, "sandbox", seed=1)
    assert [t.name for t in campaign.map.territories] == ["West Mark", "East Mark"]
    assert {s.id: s.owner for s in campaign.map.settlements} == {"altdorf": "red", "osthof": "blue"}
    assert campaign.map.settlement("osthof").stores == {"food": 2, "gold": 1}
    assert campaign.map.letter_at(H(1, 0)) == "f"
    assert campaign.map.features_between(H(7, 3), H(8, 3)) == {"river"}
    host = campaign.army("red-red-host")
    assert (host.hex, [u.name for u in host.units]) == (H(2, 2), ["General", "Spearmen"])


MANY = ("sandbox", "rauscher", "ellegaard", "suvinen")


@sync
async def test_a_scenario_built_from_nothing_starts_a_campaign_in_each_ruleset_it_supports(
    tmp_path, capsys
) -> None:
    """Built in the editor for four rulesets (R), each given the set-up its checks ask
    for (B: Ellegaard's home bases; Suvinen's "Each player has a Home Castle"), and a
    host for each player (Suvinen: "A player with no troops is out", R-ALL-12, so a Blue
    without one would lose before the first turn): it checks clean, and `tuicamp new`
    starts a campaign of it under each, shown to Red."""
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _build_from_nothing(pilot)
        await pilot.press("t", "t", "t")  # back to the army tool
        await go(pilot, screen, H(12, 5))
        await pilot.press("space")
        await answer(pilot, "blue", "Blue Host", "General 100 general; Boyz 100 x20")
        await pilot.press("R")
        await answer(pilot, ", ".join(MANY))
        assert list(screen.scenario.rulesets) == list(MANY)
        bases = '{ red = "altdorf", blue = "osthof" }'
        for rid, key in (("ellegaard", "home_bases"), ("suvinen", "home_castles")):
            await pilot.press("B")
            await answer(pilot, rid)
            await answer_text(pilot, f"{key} = {bases}\n")
        await pilot.press("v")
        await settle(pilot)
        assert [f.text for f in screen.findings] == []
        await pilot.press("ctrl+s")
        out = tmp_path / "many.toml"
        await answer(pilot, str(out))
        assert screen.saved
    assert main(["check", str(out)]) == 0
    for rid in MANY:
        save = tmp_path / f"{rid}-campaign.toml"
        assert main(["new", str(out), "--ruleset", rid, "--output", str(save), "--no-play"]) == 0
        capsys.readouterr()
        assert main(["show", str(save), "--as", "red"]) == 0
        shown = capsys.readouterr().out
        assert "Turn 1" in shown and "campaign is over" not in shown, (rid, shown)
        campaign = new_campaign(load_scenario(out), rid, seed=1)
        assert sorted(a.owner for a in campaign.armies) == ["blue", "red"], rid
        assert [t.name for t in campaign.map.territories] == ["West Mark", "East Mark"], rid


@sync
async def test_undo_and_redo_step_through_the_edits() -> None:
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, EditorScreen)
        m = screen.scenario.map
        await pilot.press("space", "d", "]", "space")  # forest at 0101, hills at 0201
        assert m.terrain[0][:2] == "fh"
        await pilot.press("u")
        assert m.terrain[0][:2] == "f."
        await pilot.press("u")
        assert m.terrain[0][:2] == ".."
        await pilot.press("y", "y")
        assert m.terrain[0][:2] == "fh"


@sync
async def test_ctrl_q_asks_before_it_quits_with_a_scenario_not_saved() -> None:
    """Campaign actions are saved as they happen, so ctrl+q quits at once; a scenario being
    drawn is not, so with unsaved edits it asks first, and 'keep editing' keeps them."""
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, EditorScreen)
        await pilot.press("space", "ctrl+q")  # painted, not saved
        asked = await wait_for_screen(pilot, ConfirmScreen)
        assert "not saved" in asked.question
        await pilot.press("n")
        assert await wait_for_screen(pilot, EditorScreen) is screen
        assert screen.scenario.map.terrain[0][0] != "."  # the edit is still there
        await pilot.press("ctrl+q", "y")
        await wait_until(pilot, lambda: app.return_code == 0, "the app quit")


@sync
async def test_ctrl_q_quits_at_once_when_nothing_is_unsaved() -> None:
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, EditorScreen)
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: app.return_code == 0, "the app quit")
        assert not isinstance(app.screen, ConfirmScreen)


@sync
async def test_problems_are_found_as_you_edit_listed_and_jumped_to() -> None:
    """Checked as `tuicamp check` would, a moment after the keys stop; j puts the cursor
    on the hex of the problem."""
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, EditorScreen)
        await pilot.press("t", "t", "t")  # settlements
        await go(pilot, screen, H(4, 4))
        await pilot.press("space")
        await answer(pilot, "village", "Sunken", "red")
        await pilot.press("t", "t")  # past the army tool: terrain
        # back past clear and Aasen's coastal land (a new map offers every ruleset's): sea
        await pilot.press(*["left_square_bracket"] * 3)
        await pilot.press("space")
        assert screen.scenario.map.letter_at(H(4, 4)) == "~"
        await wait_until(pilot, lambda: screen.findings, "the problem found")
        assert [f.text for f in screen.findings] == ["settlement 'Sunken' is on sea hex 0505"]
        await go(pilot, screen, H(0, 0))
        await pilot.press("j")
        assert screen.map_widget.cursor == H(4, 4)
        assert "Problems [j]: 1" in str(screen.query_one("#editor-status").render())


@sync
async def test_the_generator_replaces_the_map_and_undo_brings_it_back() -> None:
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, EditorScreen)
        await pilot.press("g")
        await answer(pilot, "20x14", "3", "4")
        m = screen.scenario.map
        assert (m.width, m.height) == (20, 14) and len(screen.scenario.players) == 3
        assert m.settlements and m.territories
        await pilot.press("u")
        assert (m.width, m.height) == (16, 12) and not m.territories


@sync
async def test_a_generated_hex_island_keeps_its_realms_capitals_and_holdings() -> None:
    """An aasen map made in the editor is set up as `tuicamp generate` sets it up: its
    realms (teams) and the `[ruleset.aasen]` table come with the map, and undo takes them
    back with it."""
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, EditorScreen)
        screen.scenario.rulesets = {"aasen": RulesetSetup()}
        await pilot.press("g")
        await answer(pilot, "16x12", "4", "3")
        made = screen.scenario
        assert [t.kind for t in made.teams] == ["realm", "realm"]
        assert made.rulesets["aasen"].setup["capitals"]
        await pilot.press("u")
        back = screen.scenario
        assert back.teams == [] and "capitals" not in back.rulesets["aasen"].setup


@sync
async def test_the_scenario_and_its_player_slots_are_edited_in_forms() -> None:
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, EditorScreen)
        await pilot.press("s")
        await answer(pilot, "Border Feud", "border-feud", "8")
        assert (screen.scenario.title, screen.scenario.turn_limit) == ("Border Feud", 8)
        await pilot.press("p")
        await answer(pilot, "red, Reds, Empire, red", "", "dwarf, Dwarfs, Dwarfs, yellow")
        assert [p.id for p in screen.scenario.players] == ["red", "dwarf"]
        await wait_until(pilot, lambda: "Dwarfs: 0T" in _panel(screen), "the ledger's new slot")
        await pilot.press("u")
        assert [p.id for p in screen.scenario.players] == ["red", "blue"]
        await pilot.press("V")
        await answer_text(pilot, 'turn_limit = 12\ntype = "capture"\nsummary = "Take it."\n')
        assert screen.scenario.victory == {
            "type": "capture",
            "summary": "Take it.",
            "turn_limit": 12,
        }
        assert screen.scenario.turn_limit == 12
        await pilot.press("R")
        await answer(pilot, "sandbox, rauscher")
        assert list(screen.scenario.rulesets) == ["sandbox", "rauscher"]
        await pilot.press("R")
        form = await refused(pilot, "sandbox, nope")
        assert "nope" in str(form.query_one("#form-refusal").render())
        assert list(screen.scenario.rulesets) == ["sandbox", "rauscher"]


@sync
async def test_a_points_allocation_is_placed_changed_and_removed_for_suvinen() -> None:
    """Suvinen counts a starting army as points and its leader (R-SU-24: an army
    without a leader "can only stand around doing nothing")."""
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, EditorScreen)
        screen.scenario.rulesets = {"suvinen": RulesetSetup()}
        await pilot.press("t", "t", "t", "t")  # the army tool
        await go(pilot, screen, H(3, 3))
        await pilot.press("space")
        await answer(pilot, "blue", "Blue Host", "Grimm", "400")
        army = screen.scenario.armies[0]
        assert (army.owner, army.points, army.units[0].flags) == ("blue", 400, {"leader"})
        await wait_until(pilot, lambda: "Blue Host 400" in _panel(screen), "the army's line")
        await pilot.press("space")
        await answer(pilot, "blue", "Blue Host", "Grimm", "600")
        assert [a.points for a in screen.scenario.armies] == [600]
        await pilot.press("X")
        assert screen.scenario.armies == []
        await pilot.press("u")
        assert [a.points for a in screen.scenario.armies] == [600]


async def _new_land(pilot, name: str) -> EditorScreen:
    """The editor on screen with a new territory of ``name`` in hand (T)."""
    screen = await wait_for_screen(pilot, EditorScreen)
    await pilot.press("T")
    await answer(pilot, name)
    return screen


@sync
async def test_a_territory_is_lassoed_renamed_and_given_an_owner() -> None:
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_land(pilot, "Heartland")
        m = screen.scenario.map
        ring = H(5, 5).ring(1)
        await go(pilot, screen, ring[0])
        await pilot.press("l")  # the lasso out: a trail round 0606 and back
        for h in [*ring[1:], ring[0]]:
            await go(pilot, screen, h)
        assert screen.lasso is not None and "lasso out" in _panel(screen)
        await pilot.press("l")
        land = m.territory("heartland")
        assert set(land.hexes) == set(H(5, 5).within(1))  # the ring of 6 and its heart
        await go(pilot, screen, H(5, 5))
        await pilot.press("r")
        await answer(pilot, "Middle Mark")
        await pilot.press("O")
        await answer(pilot, "blue")
        assert (land.name, land.owner) == ("Middle Mark", "blue")
        assert "land: Middle Mark (Blue)" in _panel(screen)  # the holder by name
        await pilot.press("u", "u", "u")
        assert not m.territory("heartland").hexes


def _panel(screen: EditorScreen) -> str:
    return str(screen.query_one("#editor-status").render())


async def choose(pilot, option_id: str) -> None:
    """Enter on an option of the editor's start."""
    start = await wait_for_screen(pilot, EditorStart)
    options = start.query_one("#editor-start", OptionList)
    options.highlighted = options.get_option_index(option_id)
    await pilot.press("enter")
    await settle(pilot)


@sync
async def test_the_title_screen_opens_the_editor_and_it_closes_back(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("e")
        await choose(pilot, "blank")
        editor = await wait_for_screen(pilot, EditorScreen)
        await pilot.press("q")
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("e")
        await choose(pilot, "blank")
        editor = await wait_for_screen(pilot, EditorScreen)
        await pilot.press("space", "q")  # painted, not saved: asked first
        await wait_for_screen(pilot, ConfirmScreen)
        await pilot.press("n")
        assert await wait_for_screen(pilot, EditorScreen) is editor
        await pilot.press("q", "y")
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("e", "escape")  # the start left: back to the title
        await wait_for_screen(pilot, TitleScreen)


@sync
async def test_the_title_screen_opens_a_scenario_of_yours_a_bundled_one_or_a_generated_map(
    tmp_path, monkeypatch
) -> None:
    """The start lists the scenario files of the current folder and its scenarios/
    folder (not a save, nor a file of other settings) and the bundled scenarios; a
    bundled one is saved elsewhere; a generated map is asked for whole."""
    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "scenarios" / "mine.toml"
    mine.parent.mkdir()
    mine.write_text(generate(MapSpec(20, 14, 2, 8)).text().text, encoding="utf-8")
    (tmp_path / "settings.toml").write_text("theme = 'dark'\n", encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("e")
        start = await wait_for_screen(pilot, EditorStart)
        assert [(f.path.name, f.bundled) for f in start.found if not f.bundled] == [
            ("mine.toml", False)
        ]
        shown = start.query_one("#editor-start", OptionList)
        labels = [str(shown.get_option_at_index(i).prompt) for i in range(shown.option_count)]
        assert any("(scenarios/mine.toml)" in label for label in labels)
        assert any("(skirmish-valley.toml)" in label for label in labels)
        await choose(pilot, "file-0")
        editor = await wait_for_screen(pilot, EditorScreen)
        assert editor.path == mine and (editor.scenario.map.width, editor.scenario.map.height) == (
            20,
            14,
        )
        await pilot.press("q")
        await pilot.press("e")
        start = await wait_for_screen(pilot, EditorStart)
        bundled = next(
            i for i, f in enumerate(start.found) if f.path.name == "skirmish-valley.toml"
        )
        await choose(pilot, f"file-{bundled}")
        editor = await wait_for_screen(pilot, EditorScreen)
        assert editor.path is None and editor.scenario.id == "skirmish-valley"  # saved elsewhere
        await pilot.press("q")
        await pilot.press("e")
        await choose(pilot, "generate")
        await answer(pilot, "18x12", "3", "5", "aasen")
        editor = await wait_for_screen(pilot, EditorScreen)
        sc = editor.scenario
        assert (sc.map.width, sc.map.height, len(sc.players)) == (18, 12, 3)
        assert list(sc.rulesets) == ["aasen"] and not editor.saved
        assert sc.teams  # a Hex Island map: its realms come with it
        await pilot.press("q", "y")
        await wait_for_screen(pilot, TitleScreen)


def test_the_command_refuses_only_a_file_with_no_text_to_fix(tmp_path, capsys) -> None:
    """A file that is not there, or not text, or a folder, leaves nothing to fix: one
    line, exit 2.
    Any other bad scenario opens (tests/test_editor_repair.py)."""
    assert main(["edit", str(tmp_path / "none.toml")]) == 2
    assert capsys.readouterr().err.strip().startswith("tuicamp: ")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00 not text")
    assert main(["edit", str(binary)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"tuicamp: {binary}: not UTF-8") and "\n" not in err
    assert main(["edit", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"tuicamp: {tmp_path} is a folder, not a scenario file\n"


@sync
async def test_a_realm_newly_over_or_under_its_land_is_told() -> None:
    """Aasen's realms start with "11 for each normal realm and 6 for each pirate realm"
    (R-AA-1): giving a pirate's territory away marks both lines and tells why."""
    from tuicamp.storage.scenario import find_scenario

    app = TuicampApp(
        config=quiet_config(),
        home=lambda: EditorScreen(find_scenario("hex-island-corsairs"), save_as=True),
    )
    told: list[str] = []  # every notice, kept: a toast can expire on a loaded machine
    shown = app.notify
    app.notify = lambda message, *a, **k: (told.append(str(message)), shown(message, *a, **k))[1]
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, EditorScreen)
        assert "Brethren: 6/6T" in _panel(screen)
        taken = next(t for t in screen.scenario.map.territories if t.owner == "the-brethren")
        await go(pilot, screen, taken.hexes[0])
        await pilot.press("O")
        await answer(pilot, "arnheim-colony")
        await wait_until(pilot, lambda: "Brethren: 5/6T 0S 0 under" in _panel(screen), "marks")
        notice = "Brethren holds 5 territories, 1 under the 6 it starts with"
        await wait_until(pilot, lambda: notice in told, "the notice")


LONG = "Baron Ulrich von Kraus of Stirland"


async def _long_named(pilot) -> EditorScreen:
    """A blank map whose red slot has a long name and holds the land under the cursor."""
    screen = await wait_for_screen(pilot, EditorScreen)
    await pilot.press("p")
    await answer(pilot, f"red, {LONG}, Empire, red", "blue, Blue, Orcs & Goblins, blue")
    await pilot.press("T")
    await answer(pilot, "Kraus Mark")
    await pilot.press("f", "O")
    await answer(pilot, "red")
    await wait_until(pilot, lambda: screen._ledger[0].territories == 1, "the land counted")
    return screen


async def _ledger_rows(size: tuple[int, int]) -> tuple[list[str], str]:
    """The panel's ledger rows (its heading first) and the whole panel, at ``size``."""
    app = editor_app()
    async with app.run_test(size=size) as pilot:
        panel = _panel(await _long_named(pilot))
    rows = panel.splitlines()
    return rows[rows.index("Ledger (land, towns, pts):") :], panel


@sync
async def test_the_ledger_cuts_a_long_name_at_a_word_at_80x24_and_names_it_whole_beside() -> None:
    rows, panel = await _ledger_rows((80, 24))
    assert rows[1] == "  Baron Ulrich...: 1T 0S 0"  # whole words, then ...
    assert all(len(row) <= 27 for row in rows)  # the panel's width, in one row each
    assert f"  land: Kraus Mark ({LONG})" in panel.replace("\n", " ")


@sync
async def test_the_ledger_shows_whole_names_at_160x48() -> None:
    rows, _ = await _ledger_rows((160, 48))
    # the whole name; the figures, which do not fit beside it, kept together below
    assert rows[1:4] == [f"  {LONG}:", "    1T 0S 0", "  Blue: 0T 0S 0"]
    assert all(len(row) <= 41 for row in rows)  # the wide panel's width


@sync
async def test_a_territory_recoloured_is_tinted_on_the_map_and_undone() -> None:
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_land(pilot, "West Mark")
        m = screen.scenario.map
        await go(pilot, screen, H(2, 2))
        await pilot.press("b", "space")  # brush 2: the hex and its ring
        await pilot.press("C")
        await answer(pilot, "green")
        land = m.territory("west-mark")
        assert land.colour == "green" and "land: West Mark in green" in _panel(screen)
        tinted = screen.map_widget._layers.overlays["land green"]
        assert set(tinted) == set(land.hexes) == set(H(2, 2).within(1))
        await pilot.press("C")
        await refused(pilot, "no such colour")  # the colour stays
        assert land.colour == "green"
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("u")
        assert m.territory("west-mark").colour == ""
        assert not screen.map_widget._layers.overlays.get("land green")


@sync
async def test_a_refused_form_stays_open_as_typed_and_says_why() -> None:
    """A settlement with no name is refused in its form, which keeps the kind, owner,
    walls and stores typed (the form closing would lose them); named, it is placed. A
    blank territory name and a file name left empty are refused the same way."""
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, EditorScreen)
        await pilot.press("t", "t", "t")  # the settlement tool
        await pilot.press("space")
        form = await refused(pilot, "town", "", "red", "yes", "food=3")
        assert "a settlement needs a kind and a name" in str(
            form.query_one("#form-refusal").render()
        )
        typed = [form.query_one(f"#field-{i}", Input).value for i in range(5)]
        assert typed == ["town", "", "red", "yes", "food=3"]
        assert screen.scenario.map.settlements == []
        form.query_one("#field-1", Input).value = "Altdorf"
        form.query_one("#field-4", Input).focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen, "the form closed once named")
        [town] = screen.scenario.map.settlements
        assert (town.name, town.owner, town.walls, town.stores) == (
            "Altdorf",
            "red",
            True,
            {"food": 3},
        )
        await pilot.press("T")
        await refused(pilot, "  ")
        await pilot.press("escape")
        await settle(pilot)
        assert screen.scenario.map.territories == []
        await pilot.press("ctrl+s")
        await refused(pilot, "")


@sync
async def test_a_forms_hint_and_title_show_brackets_as_typed() -> None:
    """The army form's hint is the syntax of a units line, "[xMODELS] [category]", and a
    territory named with brackets keeps them in its forms: nothing there is markup."""
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_land(pilot, "[bold]Marches")
        await pilot.press("f", "t", "t")  # the whole map the land's; settlement, army
        assert screen.tools.tool == "army"
        await pilot.press("space")
        form = await wait_for_screen(pilot, FieldsForm)
        hint = str(form.query_one(".form-hint").render())
        assert "name points [xMODELS] [category], split by ;" in hint
        await pilot.press("escape")
        await wait_for_screen(pilot, EditorScreen)
        await go(pilot, screen, H(0, 0))
        await pilot.press("C")
        form = await wait_for_screen(pilot, FieldsForm)
        assert str(form.query_one(".dialog-title").render()) == "Colour of [bold]Marches"


@sync
async def test_a_checks_answer_after_the_screens_widgets_are_gone_is_dropped() -> None:
    """A check runs on a thread and answers through the app: an answer that arrives as the
    editor is taken down (the app quitting, its widgets removed) lists nothing and raises
    nothing, instead of failing the app on a problems list no longer there."""
    app = editor_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, EditorScreen)
        before = list(screen.findings)
        await screen.query_one("#editor-problems", OptionList).remove()
        screen._answered([*before, draft.Finding(line=1, text="late", hex=None)])
        assert screen.findings == before
