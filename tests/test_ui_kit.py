"""The one door from a ruleset's screens into the UI (tuicamp.ui.kit), the keys the core
keeps for itself, and what the campaign screen's controls offer a ruleset: the seat's
view, the rules in force and perform / open / say."""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

import pytest
from apps import rauscher_kit as K
from apps.ui_kit import make_app, make_save, screen_text, sync
from conftest import small_campaign
from textual.keys import _character_to_key

import tuicamp.rules.rauscher.screens as rauscher_screens
import tuicamp.rules.sandbox.screens as sandbox_screens
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.registry import load_rulesets
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.rules.rauscher.economy import actions as RE
from tuicamp.rules.sandbox import actions as A
from tuicamp.ui import kit
from tuicamp.ui.app import TuicampApp
from tuicamp.ui.kit import RESERVED_KEYS, UiCommand, key_name, reserved_clashes
from tuicamp.ui.panels import CampaignControls, ruleset_ui
from tuicamp.ui.screens.campaign import CampaignScreen
from tuicamp.ui.screens.handover import HandoverScreen
from tuicamp.ui.widgets.campaign_map import CampaignMap

# --- reserved keys ------------------------------------------------------------------------------


def _keys(bindings) -> set[str]:
    return {key_name(k) for b in bindings for k in b.key.split(",")}


def test_reserved_keys_hold_every_key_the_core_binds():
    """Whatever the campaign screen, its map, the hand-over and the app bind (Textual's own
    keys included) is reserved, so the list cannot fall behind a new core binding."""
    bound = (
        _keys(b for _, b in CampaignScreen._merged_bindings)
        | _keys(b for _, b in CampaignMap._merged_bindings)
        | _keys(b for _, b in HandoverScreen._merged_bindings)
        | _keys(b for _, b in TuicampApp._merged_bindings)
        | {TuicampApp.COMMAND_PALETTE_BINDING}
    )
    assert bound - RESERVED_KEYS == set()
    for key in ("t", "u", "l", "question_mark", "q", "B", "ctrl+p", "escape", "enter", "w"):
        assert key in RESERVED_KEYS


@pytest.mark.parametrize("ruleset", sorted(load_rulesets()))
def test_no_installed_ruleset_binds_a_reserved_key(ruleset):
    """A ruleset's command on a core key would shadow it (or be shadowed) on the campaign
    screen, where both are bound."""
    commands = ruleset_ui(load_rulesets()[ruleset]).commands
    assert commands, f"{ruleset} has no commands to check"
    assert reserved_clashes(commands) == []


def test_a_command_on_a_core_key_is_caught():
    def nothing(c: object) -> None:
        return None

    commands = [
        UiCommand("club.end", "t", "End", nothing),
        UiCommand("club.help", "k,?", "Help", nothing),
        UiCommand("club.ok", "K", "Fine", nothing),
    ]
    assert reserved_clashes(commands) == [("club.end", "t"), ("club.help", "question_mark")]
    # the names of the key events Textual makes of what a terminal sends
    assert key_name("+") == _character_to_key("+") == "plus"
    assert key_name("-") == _character_to_key("-") == "minus"
    assert key_name("$") == _character_to_key("$") == "dollar_sign"
    assert key_name("/") == _character_to_key("/") == "slash"
    assert key_name("?") == _character_to_key("?") == "question_mark"
    assert key_name("ctrl+s") == "ctrl+s"


# --- the door -----------------------------------------------------------------------------------


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
        elif isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
    return out


def test_sandbox_screens_reach_the_ui_through_the_kit_only():
    """The kit is "the one module a ruleset's screens import from tuicamp.ui", and the
    sandbox's screens read the view, never the session or the raw campaign."""
    path = Path(sandbox_screens.__file__)
    ui = [m for m in _imports(path) if m == "tuicamp.ui" or m.startswith("tuicamp.ui.")]
    assert ui == ["tuicamp.ui.kit"]
    attributes = {
        n.attr for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.Attribute)
    }
    assert not attributes & {"session", "campaign", "options", "tables"}


RAUSCHER_SCREENS = sorted(Path(rauscher_screens.__file__).parent.glob("*.py"))


def test_the_rauscher_screens_walk_finds_the_package():
    """The walk below can fail: it sees the commands, panels, forms, ledger and ui."""
    names = {p.stem for p in RAUSCHER_SCREENS}
    assert {"commands", "panels", "forms", "ledger", "ui", "data"} <= names


@pytest.mark.parametrize("path", RAUSCHER_SCREENS, ids=lambda p: p.stem)
def test_rauscher_screens_reach_the_ui_through_the_kit_only(path):
    """ "make every module of rules/rauscher/screens/ import from tuicamp.ui nothing but
    tuicamp.ui.kit", and "read only the view, controls.rules and the ruleset's own pure
    functions given controls.rules (never controls.session, never the raw campaign)"."""
    ui = [m for m in _imports(path) if m == "tuicamp.ui" or m.startswith("tuicamp.ui.")]
    assert set(ui) <= {"tuicamp.ui.kit"}
    attributes = {
        n.attr for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.Attribute)
    }
    assert not attributes & {"session", "campaign", "state"}


def test_the_kit_offers_what_a_rulesets_screens_use():
    for name in kit.__all__:
        assert getattr(kit, name) is not None, name
    for name in ("CampaignControls", "PhasePanel", "RulesetUI", "UiCommand", "ConfirmScreen"):
        assert name in kit.__all__
    for name in ("PickScreen", "TextPromptScreen", "Field", "DiceRoller", "ReadOnlyRules"):
        assert name in kit.__all__
    for name in ("MapWidget", "marker_style", "cost_label", "what_if"):
        assert name in kit.__all__


def test_the_campaign_screen_offers_every_control():
    """Each member of CampaignControls is there on the campaign screen (``seat`` is set on
    the instance); ``options``, ``tables`` and ``ruleset`` are gone: the rules in force
    answer for them (``rules.ruleset``); and ``session``, the raw campaign's door, is no
    control a ruleset's screen is offered."""
    members = [n for n in vars(CampaignControls) if not n.startswith("_")]
    assert {"view", "rules", "perform", "open", "say", "cursor", "selected_army"} <= set(members)
    for name in members:
        assert name == "seat" or hasattr(CampaignScreen, name), name
    for gone in ("options", "tables", "ruleset"):
        assert gone not in members and not hasattr(CampaignScreen, gone), gone
    assert "session" not in members


# --- the sandbox's screens read its view ----------------------------------------------------------


def _controls(engine: Engine, seat: str) -> SimpleNamespace:
    rules = Rules(engine.campaign, engine.ruleset)
    return SimpleNamespace(view=view_for(rules, engine.chronicle, seat), rules=rules)


def test_the_reach_overlay_budget_is_the_views_ledger():
    """The sandbox's move budget is what the seat's view says the army has left: M less what
    it spent, under enforce_movement; no limit without it; nothing of a counter."""
    engine = Engine(small_campaign(enforce_movement=True, fog_of_war=True))
    engine.perform("p1", A.Move(army="a1", to="0303"))
    anna = _controls(engine, "p1")
    assert sandbox_screens.move_budget(anna, anna.view.army("a1")) == 3
    bruno = _controls(engine, "p2")
    assert sandbox_screens.move_budget(bruno, bruno.view.army("a2")) == 4
    assert sandbox_screens.move_budget(bruno, bruno.view.army("a1")) is None  # a counter
    free = Engine(small_campaign())
    c = _controls(free, "p1")
    assert sandbox_screens.move_budget(c, c.view.army("a1")) is None


def test_the_sandbox_view_helper_ignores_other_rulesets_state():
    engine = Engine(small_campaign())
    view = _controls(engine, "p1").view
    assert sandbox_screens.sandbox_view(view) is view.ruleset_state
    view.ruleset_state = object()
    assert sandbox_screens.sandbox_view(view) is None


@sync
async def test_the_side_panel_shows_the_status_lines_and_the_reach_is_the_ledgers(tmp_path):
    """On the campaign screen the seat's status lines are on the side panel (an army's own
    under it), and with enforce_movement the reach overlay stops at the MP left."""
    save = make_save(tmp_path, options={"enforce_movement": True, "fog_of_war": True})
    app = make_app(tmp_path, save=save, seat="empire")
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CampaignScreen)
        assert screen.rules is screen.session.rules
        text = screen_text(app)
        assert "Turn order: The Empire, Orcs" in text  # the side panel cuts long lines
        assert "To play: The Empire" in text
        assert "MP: 0 spent, 4 of M4 left" in text  # the Averland Host under the cursor
        await pilot.press("enter")  # select it: the reach overlay appears
        await pilot.pause()
        reach = screen.map.layers.overlays.get("reach", {})
        assert reach and all(float(v.rstrip("+")) <= 4 for v in reach.values())


# --- what_if: the engine's answer on a copy -------------------------------------------------------


def test_what_if_is_the_seats_view_after_the_action_on_a_copy():
    """The kit's dry run: the seat's view after the action, performed by the engine on a
    throwaway copy ("the price a player confirms is the engine's own"); the campaign and its
    dice are untouched, and a refusal is the engine's."""
    engine = K.fresh()
    camp = engine.campaign
    rules = Rules(camp, engine.ruleset)
    controls = SimpleNamespace(rules=rules, seat="stirland", view=None)
    rolls = camp.dice.rolls
    after = kit.what_if(controls, RE.BuyBaggage(food=1))
    assert after.player("stirland").treasury == 30 - 3 and after.player("sylvania").treasury is None
    assert after.ruleset_state.ledger("stirland").purchases[0].kind == "baggage"
    assert camp.player("stirland").treasury == 30 and camp.state.economy.purchases == []
    assert camp.dice.rolls == rolls
    with pytest.raises(RuleError, match="costs"):
        kit.what_if(controls, RE.BuyRecruits(name="Knights", points=2000))
    with pytest.raises(RuntimeError):
        kit.what_if(SimpleNamespace(rules=rules, seat=None), RE.BuyShip())
