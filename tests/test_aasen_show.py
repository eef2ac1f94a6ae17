"""The Invasion of Hex Island (``aasen``): what `show --as SEAT` tells each seat - the ids
it must answer by (invasions, trade offers) and what the whole table knows (holdings,
fleets, Follow-ups and Blitzes)."""

from __future__ import annotations

from apps.ui_kit import write_engine_save
from test_aasen_battles import result, to_battle
from test_aasen_support import at_war, first
from test_aasen_year import apply, cli_to_purchases, end_all, new, senior

from tuicamp import cli
from tuicamp.engine.rules import Rules
from tuicamp.rules.aasen import AasenRuleset
from tuicamp.rules.aasen.declarations import Declare
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.rules.aasen.state import Bonus
from tuicamp.rules.aasen.support import Support
from tuicamp.rules.aasen.trade import Trade

RULESET = AasenRuleset()
COLONY = "arnheim-colony"
NAMES = {
    "Malus of Hag Graef": "malus",
    "Khazrak One-Eye": "khazrak",
    "Eltharion of Arnheim": "eltharion",
    "Tehenhauin's Chosen": "tehen",
}


def lines_of(engine, player):
    camp = engine.campaign
    seat = next(s for s in camp.seats if s.players == [player])
    return [(s.label, s.text) for s in RULESET.status_lines(Rules(camp, RULESET), seat)]


def test_a_trade_offer_shows_its_id_and_the_recipient_is_told_to_answer():
    """5.2: "All trade is done openly" (R-AA-19): every seat reads the offer with its id;
    the realm it is made to reads how to answer it, and the segment's pending line waits
    for it."""
    engine = new()
    end_all(engine)
    engine.perform("malus", Trade(to=COLONY, give=2, ask=0))
    (offer,) = engine.campaign.state.trades.items
    terms = f"{offer.id}: The Hag Graef Reach to The Arnheim Colony: gives 2 Resources for nothing"
    for player in ("malus", "eltharion"):
        assert ("Offer", terms) in lines_of(engine, player)
    answer = f"trade accept={offer.id} or decline={offer.id}"
    assert [t for label, t in lines_of(engine, "eltharion") if label == "To answer"] == [
        f"offer {offer.id} (gives 2 Resources for nothing): {answer}"
    ]
    assert not [t for label, t in lines_of(engine, "malus") if label == "To answer"]
    pending = RULESET.pending(Rules(engine.campaign, RULESET))
    assert pending == [
        f"Offer {offer.id} (The Hag Graef Reach: gives 2 Resources for nothing) waits for "
        f"The Arnheim Colony ({answer})"
    ]


def test_the_holdings_fleets_and_next_years_bonuses_are_shown_to_all():
    """5.3: "Once purchases have been revealed, relevant markers will be placed on the
    map": the Capitals, Strongholds, Outposts and this year's fleets; 6.3: a Follow-up
    won is known to all, with the invasion it is for."""
    engine = new()
    end_all(engine)
    end_all(engine)
    engine.perform("malus", WriteSheet(fleets=["wreckers-cove"]))
    engine.perform("tehen", WriteSheet())
    camp = engine.campaign
    camp.state.bonuses.append(Bonus("eltharion", 5, "follow-up", "the-north-cape", "wreckers-cove"))
    for player in ("khazrak", "tehen"):
        lines = lines_of(engine, player)
        assert ("Holdings", "The Hag Graef Reach: Capital Hag Hold; Stronghold in Serpentwood") in (
            lines
        )
        assert (
            "Holdings",
            "The Arnheim Colony: Capital Sunward Keep; Outpost in The North Cape; Outpost in "
            "Riverbend",
        ) in lines
        assert ("Fleet", "The Hag Graef Reach's fleet at Wreckers' Cove") in lines
        assert (
            "This year",
            "Eltharion of Arnheim may make a follow-up (+5 Initiative) from The North Cape "
            "into Wreckers' Cove",
        ) in lines


def test_a_follow_up_won_last_year_is_for_this_year_in_the_promotions(tmp_path, capsys):
    """6.3: a Follow-up gives "+10 to his Initiative next turn" (R-AA-103): won in year
    1's battles it is told "Next year" until the year ends, and "This year" in year 2's
    Support, Trade and Promotions, before the declarations count it (`show --as`)."""
    engine = to_battle()
    result(engine, 1, 1)
    bonus_lines = [(label, t) for label, t in lines_of(engine, "tehen") if "may make" in t]
    assert bonus_lines and {label for label, _ in bonus_lines} == {"Next year"}
    for _ in range(4):  # the battles, the end of the turn, Support and Resources, the Trade
        end_all(engine)
    assert engine.campaign.phase == "purchases"
    save = write_engine_save(engine, tmp_path, "isle")
    capsys.readouterr()
    assert cli.main(["show", str(save), "--as", "tehen"]) == 0
    shown = capsys.readouterr().out
    assert "This year: Malus of Hag Graef may make a follow-up" in shown
    assert "Next year:" not in shown


def test_the_invaded_realm_reads_the_invasion_id_and_how_to_answer(tmp_path, monkeypatch, capsys):
    """5.4: "When an invasion is declared the invaded realm must immediately declare if
    they will stand and fight or withdraw" (R-AA-17: naming its defender): `show --as`
    gives the invaded realm's seats the invasion's id and the answer's form; the attacker
    reads the id on the invasion's line; the pending line names it."""
    cli_to_purchases(tmp_path, monkeypatch)
    apply(tmp_path, "malus", '[[action]]\nkind = "write_sheet"\n')
    apply(tmp_path, "tehen", '[[action]]\nkind = "write_sheet"\n')
    for seat in ("malus", "khazrak", "eltharion", "tehen"):
        apply(tmp_path, seat, '[[action]]\nkind = "end_phase"\n')
    capsys.readouterr()
    assert cli.main(["show", "isle", "--as", "malus"]) == 0
    shown = capsys.readouterr().out
    ranked = shown.split("To declare: ")[1]
    seat = next(p for name, p in NAMES.items() if ranked.startswith(name))
    source, target, defender = (
        ("wreckers-cove", "the-north-cape", "eltharion")
        if seat in ("malus", "khazrak")
        else ("the-north-cape", "wreckers-cove", "malus")
    )
    body = f'[[action]]\nkind = "declare"\nsource = "{source}"\ntarget = "{target}"\n'
    apply(tmp_path, seat, body)
    capsys.readouterr()
    assert cli.main(["show", "isle", "--as", defender]) == 0
    shown = capsys.readouterr().out
    assert "To answer: invasion i1 (i1: " in shown
    assert "answer_invasion choice=stand defender=" in shown and "or choice=withdraw" in shown
    assert "(invasion i1)" in shown  # the pending line
    assert cli.main(["show", "isle", "--as", seat]) == 0
    shown = capsys.readouterr().out
    assert "Invasion: i1: " in shown and "waiting for an answer" in shown
    assert "To answer:" not in shown


def test_the_players_hold_no_treasury_the_realm_holds_resources_and_wealth(
    tmp_path, monkeypatch, capsys
):
    """5.1: "Resources can be spent during a turn"; 7.2: "Any Resources not spent by the
    end of the turn are now transformed into Wealth": a realm's money is its Resources and
    Wealth, so `show` gives no player a treasury in gold crowns."""
    cli_to_purchases(tmp_path, monkeypatch)
    capsys.readouterr()
    assert cli.main(["show", "isle", "--as", "malus"]) == 0
    shown = capsys.readouterr().out
    assert "treasury" not in shown and " gc" not in shown
    assert "Malus of Hag Graef (Dark Elves)" in shown
    assert "Resources: 11" in shown and "Wealth: 0" in shown


def test_a_seat_reads_its_own_sealed_sheet_and_what_it_costs_never_anothers(
    tmp_path, monkeypatch, capsys
):
    """5.3: "Each player writes down what he wishes to purchase ... Once everyone has
    handed in their sheets, the organiser reveals them all": `show --as` gives the realm's
    own seats their sheet's contents and its cost (table 5.1: "Purchase an Outpost 4")
    against the realm's Resources; the other realm's seats read only whom the segment
    waits for."""
    cli_to_purchases(tmp_path, monkeypatch)
    apply(tmp_path, "malus", '[[action]]\nkind = "write_sheet"\noutposts = ["goldwash-strand"]\n')
    capsys.readouterr()
    own = "Sheet: The Hag Graef Reach: Outposts in Goldwash Strand; costs 4 of 11 Resources"
    for seat in ("malus", "khazrak"):
        assert cli.main(["show", "isle", "--as", seat]) == 0
        assert own in capsys.readouterr().out
    assert cli.main(["show", "isle", "--as", "tehen"]) == 0
    shown = capsys.readouterr().out
    assert "Sheets: Waiting for The Arnheim Colony" in shown
    assert "Outposts in" not in shown and "Sheet: " not in shown
    apply(tmp_path, "tehen", '[[action]]\nkind = "write_sheet"\n')
    capsys.readouterr()
    assert cli.main(["show", "isle", "--as", "malus"]) == 0
    assert "Sheet: " not in capsys.readouterr().out  # revealed and paid: the log tells it


def test_the_captives_line_says_none_until_a_realm_holds_one(tmp_path, monkeypatch, capsys):
    """8.2 (R-AA-39): a captive is held by the capturing realm, and every seat is told;
    before any is taken `show --as` says so, so a player knows where captives appear."""
    cli_to_purchases(tmp_path, monkeypatch)
    capsys.readouterr()
    for seat in ("malus", "tehen"):
        assert cli.main(["show", "isle", "--as", seat]) == 0
        shown = capsys.readouterr().out
        assert "Captives: none" in shown and "Captive: " not in shown


def test_a_seat_reads_its_own_contingents_sent_and_received():
    """5.5: "When declaring support you must also declare how large your supporting force
    will be"; `show --as SEAT` lists the seat's Contingents of the year, sent and received,
    with their points and battle, and a seat neither sends nor receives none of them."""
    engine = at_war()
    first(engine, "khazrak")
    engine.perform("khazrak", Support(invasion="i1", points=600, officer=senior(engine, "khazrak")))
    text = (
        "Khazrak One-Eye to Malus of Hag Graef in The North Cape (i1, attacker): 600 points, "
        "led by Kouran"
    )
    assert ("Contingent sent", text) in lines_of(engine, "khazrak")
    assert ("Contingent received", text) in lines_of(engine, "malus")
    for player in ("eltharion", "tehen"):
        assert not [t for label, t in lines_of(engine, player) if label.startswith("Contingent")]
    engine.campaign.state.contingents[0].refused = True
    assert ("Contingent sent", text + "; refused") in lines_of(engine, "khazrak")


def test_every_seat_reads_which_territories_are_razed():
    """5.1: a territory "which ... is not razed generates one Support point and one
    Resource"; table 6.1, a Draw: the territory is razed. `show` names the razed
    territories and their holder to every seat, not only how many of its own earn."""
    engine = to_battle()
    result(engine, 0, 0)
    for player in NAMES.values():
        assert (
            "Razed",
            "The North Cape (The Arnheim Colony's): earning nothing until rebuilt (5.1, 7.1)",
        ) in lines_of(engine, player)


def test_a_fleets_line_gives_its_route_once_declared_to_every_seat(tmp_path, capsys):
    """5.7: "Declare which route your fleet will take to reach its destination" (R-AA-55,
    R-AA-86): the route is declared in the open with the invasion, so `show --as` gives it
    on the fleet's line to every realm's seats, as `log --as` tells it; nothing of it
    earlier: the fleet bought is on no other realm's lines while the sheets are sealed
    (5.3), and a fleet not yet sailing has no route."""
    engine = new()
    end_all(engine)
    end_all(engine)
    engine.perform("malus", WriteSheet(fleets=["wreckers-cove"]))
    assert not [t for label, t in lines_of(engine, "eltharion") if label == "Fleet"]
    engine.perform("tehen", WriteSheet())
    end_all(engine)
    moored = "The Hag Graef Reach's fleet at Wreckers' Cove"
    for player in ("malus", "eltharion"):
        assert [t for label, t in lines_of(engine, player) if label == "Fleet"] == [moored]
    engine.campaign.state.initiative["malus"] = 99
    engine.perform("malus", Declare(source="wreckers-cove", target="eastwatch-shore", fleet=True))
    (told,) = [e.text for e in engine.chronicle if e.kind == "voyage"]
    route = told.removeprefix("Malus of Hag Graef's army sails ").removesuffix(" (5.7, R-AA-86)")
    assert route.startswith("from Wreckers' Cove by ") and route.endswith(" (2 entered)")
    line = f"Fleet: {moored}, has carried Malus of Hag Graef's force {route} (5.7, R-AA-86)"
    save = write_engine_save(engine, tmp_path, "isle")
    for seat in ("malus", "eltharion", "tehen", "gm"):
        capsys.readouterr()
        assert cli.main(["show", str(save), "--as", seat]) == 0
        assert f"  {line}" in capsys.readouterr().out.splitlines()
        assert cli.main(["log", str(save), "--as", seat]) == 0
        assert route in capsys.readouterr().out
