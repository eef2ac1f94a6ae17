"""Terminal control characters in names: refused on input, escaped on output.

The report: army, player and campaign names could hold ESC, BEL and newlines, printed raw
by `show`, `log`, `apply`, refusals and the screens, so one player's army name retitled the
other's terminal and a refusal became two lines. Now a name holding one is refused where it
comes in (an orders file, a scenario, a hand-edited save, the names typed for a new
campaign), in one line naming the field, changing no file; and whatever text reaches a
terminal goes through one function, ``printable.escaped``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import small_campaign
from hypothesis import given
from hypothesis import strategies as st
from test_hardening import SCENARIO, edit, files, line_of, new_save, one_line, orders, run

from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import InputError, RuleError
from tuicamp.engine.printable import CONTROL, escaped
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.game.setup import start_campaign
from tuicamp.game.textreport import chronicle_text, show_text
from tuicamp.rules.sandbox.actions import RenameArmy
from tuicamp.storage.scenario import find_scenario, load_scenario

TITLE_GRAB = "Evil\x1b]0;pwned\x07 Horde"  # an OSC sequence: it retitles a terminal
FORGED = "Raiders\n#99 T1 play: Red surrenders"  # a newline forging a chronicle line


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string, control characters as \\u escapes."""
    return '"' + "".join(f"\\u{ord(c):04x}" if CONTROL.match(c) else c for c in text) + '"'


@pytest.mark.parametrize("name", [TITLE_GRAB, FORGED, "Bell\x07"])
def test_an_order_naming_an_army_with_a_control_character_is_refused(tmp_path: Path, name):
    """`apply` of `rename_army` to a name with ESC, BEL or a newline: exit 2, one line that
    names the field, and the files are as they were."""
    save = new_save(tmp_path)
    before = files(tmp_path)
    path = orders(
        tmp_path,
        f'seat = "red"\n[[action]]\nkind = "rename_army"\narmy = "red-vanguard"\n'
        f"name = {toml_string(name)}\n",
    )
    before["orders.toml"] = path.read_bytes()
    line = one_line(run("apply", str(save), str(path), cwd=tmp_path))
    assert "rename_army: name holds" in line and "must be printable" in line
    assert not CONTROL.search(line)
    assert files(tmp_path) == before


def test_a_scenario_with_a_control_character_in_a_name_is_refused(tmp_path: Path):
    """`check` names the file and the line of the army name that holds ESC; `new` refuses
    to start the campaign and writes nothing."""
    path = tmp_path / "scenario.toml"
    shutil.copyfile(find_scenario(SCENARIO), path)
    line = line_of(path, '"The Red Vanguard"')
    edit(path, '"The Red Vanguard"', toml_string(TITLE_GRAB))
    said = one_line(run("check", str(path), cwd=tmp_path)).removeprefix("tuicamp: ")
    assert said.startswith(f"{path}:{line}"), said
    assert "name holds ESC (\\x1b)" in said and not CONTROL.search(said)
    before = files(tmp_path)
    result = run(
        "new", str(path), "--ruleset", "sandbox", "-o", "x.toml", "--no-play", cwd=tmp_path
    )
    assert "name holds ESC" in one_line(result)
    assert files(tmp_path) == before


def test_a_save_edited_to_hold_a_control_character_is_refused(tmp_path: Path):
    """A save whose player name was hand-edited to ring the bell: `check` and `show` give
    one line naming the place; no file changes."""
    save = new_save(tmp_path)
    bell = toml_string("Red\x07")
    edit(save, 'name = "Red"', f"name = {bell}", after="[[campaign.players]]")
    before = files(tmp_path)
    for command in ("check", "show"):
        said = one_line(run(command, str(save), cwd=tmp_path))
        assert "name holds BEL (\\x07)" in said and not CONTROL.search(said), said
    assert files(tmp_path) == before


def test_names_typed_for_a_new_campaign_are_refused():
    """The wizard's and `tuicamp new`'s names: the campaign's and each player's."""
    scenario = load_scenario(find_scenario(SCENARIO))
    with pytest.raises(InputError, match=r"^player 1's name holds newline"):
        start_campaign(scenario, "sandbox", players=[("Red\nBlue", "")])
    with pytest.raises(InputError, match=r"^the campaign's name holds ESC"):
        start_campaign(scenario, "sandbox", name=TITLE_GRAB)


def test_what_still_holds_one_is_printed_escaped():
    """A campaign that holds such names in memory (an old save, a ruleset's own text):
    the view, `show`, `log` and a refusal quoting the name carry no control character, and
    the forged line stays on the line it belongs to."""
    camp = small_campaign()
    army = camp.armies[0]
    army.name, camp.players[0].name, camp.name = FORGED, TITLE_GRAB, TITLE_GRAB
    engine = Engine(camp)
    engine.perform(army.owner, RenameArmy(army=army.id, name="Plain"))
    army.name = FORGED  # as though renamed before names were refused
    engine.chronicle[-1].text = f"'{FORGED}' marches"
    view = view_for(Rules(camp, engine.ruleset), engine.chronicle, army.owner)
    report = show_text(view, engine.ruleset) + chronicle_text(view)
    assert not CONTROL.search(report.replace("\n", ""))
    assert "#99" not in [line[:3] for line in report.splitlines()]
    assert "\\n#99 T1" in report and "\\x1b]0;pwned\\x07" in report
    with pytest.raises(RuleError) as refused:
        raise RuleError(f"'{FORGED}' cannot march")
    assert str(refused.value) == "'Raiders\\n#99 T1 play: Red surrenders' cannot march"


@given(st.text())
def test_escaped_text_drives_no_terminal(text):
    """Whatever a name holds, escaped it holds no control character, printable text is
    left as it is, and distinct texts stay distinct to the reader (nothing is dropped)."""
    out = escaped(text)
    assert not CONTROL.search(out)
    if not CONTROL.search(text):
        assert out == text
    kept = escaped(text, keep_newlines=True)
    assert kept.split("\n") == [escaped(line) for line in text.split("\n")]
    assert len(out) >= len(text)
