"""The phase bar keeps whose move, and what is left, readable at any width: it gives up
the races, the pending lines that repeat who is to play, then the rest of the pending
lines, and at last cuts the names at a name's end with a count of the rest."""

from __future__ import annotations

from apps import rauscher_kit as K
from apps.ui_kit import FIXED_NOW, make_app, settle, sync, wait_for_screen, wait_until
from hypothesis import example, given
from hypothesis import strategies as st

from tuicamp.ui.screens.campaign import CampaignScreen
from tuicamp.ui.widgets.phase_bar import PhaseBar, bar_text

HEAD = "Turn 1 | Upkeep"


def test_the_full_wording_when_it_fits():
    text = bar_text(HEAD, ["Anna (Empire)"], ["Anna"], ["Anna to move"], 80)
    assert text.plain(HEAD, False) == "Turn 1 | Upkeep | to play: Anna (Empire) | Anna to move"


def test_two_to_act_at_80_columns_drop_races_and_repeated_pending_lines():
    long = ["Stirland (Empire)", "Sylvania (Vampire Counts)"]
    pending = ["Stirland to finish the phase", "Sylvania to finish the phase"]
    text = bar_text(HEAD, long, ["Stirland", "Sylvania"], pending, 78)
    assert text.plain(HEAD, False) == "Turn 1 | Upkeep | to play: Stirland, Sylvania"


def test_other_pending_lines_are_counted_when_they_do_not_fit():
    pending = ["Siege of Fort Vargrav: orders are sealed", "Battle b1 waits for its result"]
    text = bar_text(HEAD, ["Stirland (Empire)"], ["Stirland"], pending, 60)
    assert (
        text.plain(HEAD, True) == "Turn 1 | Upkeep | to play: Stirland | waiting | 2 more pending"
    )


def test_many_seats_are_cut_at_a_name_with_the_count():
    names = ["Averland", "Hochland", "Middenland", "Nordland", "Ostland", "Reikland"]
    text = bar_text(HEAD, names, names, [], 50)
    assert text.to_play == "6 to act: Averland, Hochland +4"
    assert len(text.plain(HEAD, False)) <= 50


# The Invasion of Hex Island's duel in its Purchases segment: a long phase title and four
# players of long names, all to act.
AASEN_HEAD = "Turn 1 | Start of turn: Promotions & Purchases"
AASEN_NAMES = [
    "Malus of Hag Graef",
    "Khazrak One-Eye",
    "Eltharion of Arnheim",
    "Tehenhauin's Chosen",
]


def test_when_not_even_the_first_name_fits_it_is_cut_and_the_rest_still_counted():
    """The bar once read "4 to act: Malus of Hag Graef" at 80 columns: the first name was
    kept whole and the "+3" after it fell off the edge, so the count and the names
    disagreed. Now the first name is cut short and "+3" stays inside the width."""
    for waiting in (False, True):
        text = bar_text(
            AASEN_HEAD, AASEN_NAMES, AASEN_NAMES, ["a pending line"], 78, waiting=waiting
        )
        plain = text.plain(AASEN_HEAD, waiting)
        assert len(plain) <= 78
        assert text.to_play.startswith("4 to act: Malu") and text.to_play.endswith("… +3")


NAME = st.text(st.sampled_from("abcdefghij XYZ"), min_size=1, max_size=18).map(str.strip)


@given(
    names=st.lists(NAME.filter(bool), min_size=1, max_size=8, unique=True),
    pending=st.lists(st.text(st.sampled_from("abc :;"), max_size=40), max_size=5),
    width=st.integers(min_value=60, max_value=200),
    waiting=st.booleans(),
)
def test_the_bar_fits_and_always_says_who_is_to_act(names, pending, width, waiting):
    """Whatever the names and lines, at 60 columns or more the bar fits and either names
    every seat to act or counts them."""
    text = bar_text(HEAD, [f"{n} (Race)" for n in names], names, pending, width, waiting=waiting)
    plain = text.plain(HEAD, waiting)
    assert len(plain) <= width
    counted = text.to_play.startswith(f"{len(names)} to act: ")
    assert counted or all(n in text.to_play for n in names)


@sync
async def test_both_seats_to_act_fit_the_bar_at_80x24_in_a_seats_view(tmp_path, monkeypatch):
    monkeypatch.setenv("TUICAMP_NOW", FIXED_NOW)
    monkeypatch.setenv("TUICAMP_CONFIG", str(tmp_path / "no-config.toml"))
    save = K.stir_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="sylvania")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, CampaignScreen)
        await wait_until(pilot, lambda: screen.seat is not None, "a seat shown")
        await settle(pilot)
        bar = screen.query_one(PhaseBar)
        shown = str(bar.render())
        assert "Stirland" in shown and "Sylvania" in shown, shown
        assert len(shown) <= bar.content_size.width


@given(
    names=st.lists(NAME.filter(bool), min_size=1, max_size=8, unique=True),
    width=st.integers(min_value=78, max_value=200),
    waiting=st.booleans(),
)
@example(names=AASEN_NAMES, width=78, waiting=True)
def test_under_a_long_phase_title_the_names_shown_and_counted_add_up(names, width, waiting):
    """Under the Aasen Purchases title, at 80 columns or more, the bar fits and every
    player to act is either named in full or counted in the "+N" (a cut name counts as
    shown)."""
    text = bar_text(AASEN_HEAD, names, names, [], width, waiting=waiting)
    assert len(text.plain(AASEN_HEAD, waiting)) <= width
    if text.to_play.startswith("to play: "):
        assert all(n in text.to_play for n in names)
        return
    listed = text.to_play.removeprefix(f"{len(names)} to act: ")
    head, _, more = listed.rpartition(" +")
    shown = head.split(", ") if more.isdigit() else listed.split(", ")
    assert len(shown) + (int(more) if more.isdigit() else 0) == len(names)
