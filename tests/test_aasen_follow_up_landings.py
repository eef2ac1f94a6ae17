"""The Invasion of Hex Island (``aasen``): a Follow-up after a landing kept in a save from
before Follow-ups recorded ``landed`` (R-AA-90), and a pirate's Follow-up after landing
from a sea hex (R-AA-91); 6.3: "If you gain a follow-up after launching an amphibious
invasion you don't need a fleet to transport you - the army is already there"."""

from __future__ import annotations

import tomllib

import tomli_w
from test_aasen_amphibious import COVE, SHORE, afloat
from test_aasen_battles import result, to_the_battles
from test_aasen_bonuses import corsairs_battle, lead
from test_aasen_year import CORSAIRS, new, pass_to_battles
from test_aasen_year import end_all as end_all_seats

from tuicamp import cli
from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.game.session import Session
from tuicamp.rules.aasen import AasenRuleset, amphibious
from tuicamp.rules.aasen.declarations import Answer, Declare
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.storage.saves import save_problems
from tuicamp.storage.seal import sealed


def next_year(engine, sheets=("malus", "tehen"), turn=2):
    """From the settled battle through the year's end to next year's Trade; the realms
    whose sheets are to be written then are returned."""
    end_all_seats(engine)  # battles
    end_all_seats(engine)  # the end of the turn
    end_all_seats(engine)  # Support and Resources
    assert (engine.campaign.turn, engine.campaign.phase) == (turn, "trade")
    return sheets


def to_declarations(engine, sheets):
    """The Trade and the Purchases ended: Initiative is rolled, the bonuses counted."""
    end_all_seats(engine)
    for member in sheets:
        engine.perform(member, WriteSheet())
    end_all_seats(engine)
    assert engine.campaign.phase == "declare"


def as_written_before(path):
    """The save as a tuicamp of state version 1 wrote it before Follow-ups kept
    ``landed``: no such key on them, sealed again as this tuicamp seals a save."""
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    doc["header"].pop("seal", None)
    doc["campaign"]["state_version"] = 1
    for key in ("bonuses", "claimed"):
        for bonus in doc["campaign"]["state"].get(key, []):
            bonus.pop("landed", None)
    path.write_bytes(sealed(tomli_w.dumps(doc).encode()))


def test_an_old_saves_follow_up_after_a_landing_still_needs_no_fleet(tmp_path, capsys):
    """6.3: "If you gain a follow-up after launching an amphibious invasion you don't need a
    fleet to transport you - the army is already there" (R-AA-70, R-AA-90): Malus landed at
    Eastwatch Shore from Wreckers' Cove, which does not border it, and won a Follow-up; a
    save of the next year written before Follow-ups kept ``landed`` loads with it read
    from the bonus, and his Follow-up is declared with fleet = true, no fleet launched."""
    engine = afloat()
    engine.perform("malus", Declare(source=COVE, target=SHORE, fleet=True))
    engine.perform("eltharion", Answer(choice="stand"))
    to_the_battles(engine)
    result(engine, 1, 1)
    sheets = next_year(engine)
    path = tmp_path / "isle.toml"
    Session.create(path, engine.campaign, engine.chronicle)
    as_written_before(path)
    assert "landed" not in path.read_text(encoding="utf-8")
    assert save_problems(path) == []
    session = Session.open(path)
    assert session.campaign.state_version == AasenRuleset.state_version == 2
    (bonus,) = session.campaign.state.bonuses
    assert (bonus.source, bonus.target, bonus.landed) == (COVE, SHORE, True)
    to_declarations(session.engine, sheets)
    lead(session.engine, "malus")
    session.save()
    orders = tmp_path / "follow-up.toml"
    orders.write_text(
        f'[[action]]\nkind = "declare"\nsource = "{COVE}"\ntarget = "{SHORE}"\nfleet = true\n'
    )
    assert cli.main(["apply", str(path), str(orders), "--as", "malus"]) == 0
    capsys.readouterr()
    assert cli.main(["log", str(path), "--as", "eltharion"]) == 0
    assert (
        "Malus of Hag Graef invades Eastwatch Shore from Wreckers' Cove, its army already "
        "there: a Follow-up after its landing needs no fleet (6.3)"
    ) in capsys.readouterr().out


def test_a_follow_up_won_over_land_in_an_old_save_is_no_landing(tmp_path):
    """R-AA-90: a Follow-up of an old save that sets out from land bordering its target
    is read as won over land: its army marches as before."""
    engine = afloat()
    engine.perform("malus", Declare(source=COVE, target="the-north-cape"))
    engine.perform("eltharion", Answer(choice="stand"))
    to_the_battles(engine)
    result(engine, 1, 1)
    next_year(engine)
    path = tmp_path / "isle.toml"
    Session.create(path, engine.campaign, engine.chronicle)
    as_written_before(path)
    (bonus,) = Session.open(path).campaign.state.bonuses
    assert (bonus.source, bonus.landed) == (COVE, False)


def pirate_landed():
    """On the corsairs' island Captain Harkon, a pirate, lands at Eastwatch Shore from the
    sea hex beside it and wins a Minor Victory: a Follow-up (+10) from that sea hex."""
    camp = new(CORSAIRS).campaign
    sea = next(
        h for h in camp.map.neighbours(amphibious.place(camp, SHORE)) if camp.map.terrain_at(h).sea
    )
    label = camp.map.label(sea)
    engine = corsairs_battle("harkon", label, SHORE, "eltharion", fleet=True)
    result(engine, 1, 1)
    return engine, label


def test_a_pirates_follow_up_from_the_sea_is_counted_and_declared():
    """5.3: "Pirate realms may, if they wish, place fleets they purchase in any sea
    territory. This lets them launch invasions even if they have no territories"; 6.3: a
    Follow-up "must attack the same territory again from the same territory as he did last
    turn ... If you gain a follow-up after launching an amphibious invasion you don't need
    a fleet to transport you - the army is already there" (R-AA-91): Harkon's Follow-up
    from the sea hex does not lapse for want of land, and he declares it from the sea hex,
    no fleet launched this year."""
    engine, label = pirate_landed()
    to_declarations(engine, next_year(engine, ("malus", "tehen", "harkon")))
    assert not [e for e in engine.chronicle if e.kind == "bonus_lapsed"]
    (claimed,) = engine.campaign.state.claimed
    assert (claimed.player, claimed.source, claimed.landed) == ("harkon", label, True)
    assert engine.campaign.state.fleets == []
    lead(engine, "harkon")
    engine.perform("harkon", Declare(source=label, target=SHORE))
    told = [e for e in engine.chronicle if e.kind == "invasion"][-1]
    assert told.text == (
        f"Captain Harkon invades Eastwatch Shore from the sea at {label}, its army already "
        "there: a Follow-up after its landing needs no fleet (6.3)"
    )
    assert not told.rolls


def test_a_pirates_follow_up_again_from_the_sea():
    """R-AA-91: the army of a Follow-up declared from the sea is ashore still, so the
    Follow-up it wins sets out from the same sea hex next year and is counted again."""
    engine, label = pirate_landed()
    to_declarations(engine, next_year(engine, ("malus", "tehen", "harkon")))
    lead(engine, "harkon")
    engine.perform("harkon", Declare(source=label, target=SHORE, fleet=True))
    engine.perform("eltharion", Answer(choice="stand", defender="eltharion"))
    pass_to_battles(engine)
    battle = engine.campaign.battles[-1]
    sides = [SideEntry(side="attacker"), SideEntry(side="defender")]
    facts = {"winner": 1, "level": 1, "conceded": 0}
    engine.perform("gm", EnterBattleResult(battle=battle.id, sides=sides, facts=facts))
    to_declarations(engine, next_year(engine, ("malus", "tehen", "harkon"), turn=3))
    assert not [e for e in engine.chronicle if e.kind == "bonus_lapsed"]
    (claimed,) = engine.campaign.state.claimed
    assert (claimed.player, claimed.source, claimed.target) == ("harkon", label, SHORE)
