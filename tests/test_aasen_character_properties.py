"""The Invasion of Hex Island (``aasen``): invariants of the characters over random dice
(8.2, 8.3, 8.4, R-AA-40, R-AA-43, R-AA-44): whatever is rolled, no characteristic of a
declared profile falls below 1 unless Wounds kill him, no advance raises a characteristic
twice, a Wizard never keeps a row his lore or his magic bars, and each fifth point of
Glory rolls exactly once."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_aasen_battles import to_battle

from tuicamp.engine.context import Context
from tuicamp.engine.dice import Dice
from tuicamp.model.campaign import DiceMode, DiceState
from tuicamp.rules.aasen import AasenRuleset, advances, injuries
from tuicamp.rules.aasen.characters import STATS
from tuicamp.rules.aasen.state import General

RULESET = AasenRuleset()
ENGINE = to_battle()
DIE = st.integers(1, 6)
SEEDS = st.integers(0, 2**32)


def context(seed):
    """A Games Master's context rolling the app's dice from ``seed``."""
    camp = ENGINE.campaign
    gm = next(s for s in camp.seats if s.gm)
    rolling = Dice(DiceState(seed=seed, mode=DiceMode.APP))
    return Context(camp, RULESET, seat=gm, dice=rolling, next_seq=0, action_no=0)


profiles = st.fixed_dictionaries({s: st.integers(1, 10) for s in STATS})


@settings(max_examples=60, deadline=None)
@given(profiles, SEEDS, st.integers(1, 2))
def test_injuries_never_take_a_characteristic_below_1(profile, seed, times):
    """8.2: "No characteristic may be reduced below 1, apart from Wounds (in which case
    the character is dead)"."""
    general = General("Malus", profile=dict(profile))
    ctx = context(seed)
    for _ in range(3):
        if general.fate:
            break
        rolled = injuries.roll(ctx, ctx.dice, "Malus", times, general)
        for injury in rolled:
            injuries.suffer(ctx, "malus", general, injury, "eltharion")
    assert all(v >= 1 for v in general.profile.values())


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.integers(1, 60), st.booleans())
def test_advances_raise_nothing_twice_and_roll_once_per_five(seed, glory, wizard):
    """8.3: "No characteristic may be increased by more than +1"; R-AA-20: one roll each
    time Glory passes a multiple of 5; a Wizard knowing his whole lore keeps no spell row,
    one who does not miscast no Miscast row (8.4)."""
    general = General("Eltharion", wizard=wizard, all_spells=True, no_miscast=True)
    advances.gain(context(seed), "eltharion", general, glory)
    assert len(general.advances) == glory // 5
    assert len(general.raised) == len(set(general.raised))
    if wizard:
        rows = {r["name"]: r for r in context(0).table("wizard_advances")}
        assert not any(rows[a]["spells"] or rows[a]["miscast"] for a in general.advances)


@given(DIE, DIE)
def test_every_d66_has_its_row(tens, units):
    """Table 8.2 covers the 36 D66 results."""
    assert injuries.row_of(context(0), tens * 10 + units)["name"]
