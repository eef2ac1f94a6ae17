"""The Invasion of Hex Island (``aasen``): captives bought back, and bought off a third
party, through a trade offer (5.2, 8.2, 9.2, R-AA-19, R-AA-46)."""

from __future__ import annotations

import copy

import pytest
from apps.ui_kit import write_engine_save
from test_aasen_captives import eltharion_taken, general

from tuicamp import cli
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.game.setup import start_campaign
from tuicamp.rules.aasen.captives import Execute, Release
from tuicamp.rules.aasen.state import Officer
from tuicamp.rules.aasen.trade import Trade
from tuicamp.storage.scenario import find_scenario, load_scenario

REACH, COLONY, BRETHREN = "hag-graef-reach", "arnheim-colony", "the-brethren"


def books(engine, realm):
    return engine.campaign.state.books[realm]


def test_a_captive_is_bought_back_in_the_trade():
    """8.2: "Captured: ... You may attempt to buy him back in the Trade segment of the Start
    of the turn phase"; 5.2: "the realms may freely trade Resources, Territories and
    captured prisoners": the Colony offers 3 Resources for Eltharion, the Reach accepts."""
    engine = eltharion_taken("trade")
    colony, reach = books(engine, COLONY).resources, books(engine, REACH).resources
    engine.perform("tehen", Trade(to=REACH, give=3, ask_captives=["eltharion"]))
    (offer,) = engine.campaign.state.trades.items
    assert "for the captive Eltharion of Arnheim's General" in offer.text
    engine.perform("malus", Trade(accept=offer.id))
    assert (general(engine, "eltharion").fate, general(engine, "eltharion").captor) == ("", "")
    assert (books(engine, COLONY).resources, books(engine, REACH).resources) == (
        colony - 3,
        reach + 3,
    )
    assert any("bought back from" in e.text for e in engine.chronicle)


def test_the_holder_may_offer_him_for_a_price():
    engine = eltharion_taken("trade")
    engine.perform("malus", Trade(to=COLONY, ask=2, give_captives=["eltharion"]))
    (offer,) = engine.campaign.state.trades.items
    engine.perform("eltharion", Trade(accept=offer.id))
    assert general(engine, "eltharion").fate == ""


def test_only_a_captive_held_is_offered_or_asked():
    engine = eltharion_taken("trade")
    with pytest.raises(RuleError, match="holds no captive General of Eltharion"):
        engine.perform("tehen", Trade(to=REACH, give_captives=["eltharion"]))
    with pytest.raises(RuleError, match="holds no captive Senior Officer Korhil"):
        engine.perform("tehen", Trade(to=REACH, ask_captives=["eltharion:Korhil"]))


def test_a_captive_freed_before_the_offer_is_accepted_is_no_longer_sold():
    """An offer is made good as it is accepted: what it trades must still be there."""
    engine = eltharion_taken("trade")
    engine.perform("tehen", Trade(to=REACH, give=3, ask_captives=["eltharion"]))
    engine.campaign.state.generals["eltharion"].fate = ""
    (offer,) = engine.campaign.state.trades.items
    with pytest.raises(RuleError, match="holds no captive"):
        engine.perform("malus", Trade(accept=offer.id))


def test_an_offer_for_a_captive_freed_is_withdrawn_saying_why(tmp_path, capsys):
    """5.2: "the realms may freely trade ... captured prisoners"; 8.2: "You may attempt to
    buy him back in the Trade segment" (R-AA-102): the Reach's open offer of Eltharion's
    General to the Colony is withdrawn as he is released, the chronicle (`log`)
    saying why, and accepting it is refused as withdrawn (`apply`)."""
    engine = eltharion_taken("trade")
    engine.perform("malus", Trade(to=COLONY, ask=5, give_captives=["eltharion"]))
    engine.perform("malus", Release(captive="eltharion"))
    offer = engine.campaign.state.trades.items[0]
    save = write_engine_save(engine, tmp_path, "isle")
    capsys.readouterr()
    assert cli.main(["log", str(save), "--as", "eltharion"]) == 0
    assert (
        f"Offer {offer.id} (The Hag Graef Reach: gives the captive Eltharion of Arnheim's "
        "General Lord Aerion Sunblade for 5 Resources) is withdrawn: Eltharion of "
        "Arnheim's General Lord Aerion Sunblade is freed (R-AA-102)"
    ) in capsys.readouterr().out
    orders = tmp_path / "accept.toml"
    orders.write_text(f'seat = "eltharion"\n[[action]]\nkind = "trade"\naccept = "{offer.id}"\n')
    assert cli.main(["apply", str(save), str(orders)]) != 0
    assert f"{offer.id} is withdrawn" in capsys.readouterr().err


def test_an_empire_general_selling_back_a_trusted_enemy_gains_1_glory():
    """9.2, Empire: "Humanitarians: Empire Generals who sell (or give) back Trusted enemy
    characters gain +1 point of Glory": Khazrak, of the Empire here, sells Eltharion back."""
    engine = eltharion_taken("trade")
    engine.campaign.player("khazrak").race = "Empire"
    engine.campaign.state.trust["eltharion|khazrak"] = "trusted"
    engine.perform("khazrak", Trade(to=COLONY, ask=1, give_captives=["eltharion"]))
    (offer,) = engine.campaign.state.trades.items
    engine.perform("tehen", Trade(accept=offer.id))
    assert general(engine, "khazrak").glory == 1


def corsairs_at_trade():
    scenario = load_scenario(find_scenario("hex-island-corsairs"))
    engine = start_campaign(copy.deepcopy(scenario), "aasen", seed=5)
    for p in ("malus", "khazrak", "eltharion", "tehen", "harkon"):
        engine.perform(p, EndPhase())
    assert engine.campaign.phase == "trade"
    return engine


def test_a_captive_bought_off_a_third_party_is_the_buyers_to_execute():
    """8.2: "You may even buy another player's captured General off a third party and
    execute him, earning the same bonus": the pirates hold Eltharion's Senior Officer
    Korhil and sell him to the Reach, whose Malus (a Dark Elf, Sworn to the High Elves)
    executes him for 1 Glory in the Promotions."""
    engine = corsairs_at_trade()
    korhil = Officer("Korhil", 0, fate="captured", captor=BRETHREN)
    engine.campaign.state.officers["eltharion"] = [korhil]
    engine.perform("harkon", Trade(to=REACH, ask=1, give_captives=["eltharion:Korhil"]))
    (offer,) = engine.campaign.state.trades.items
    engine.perform("malus", Trade(accept=offer.id))
    assert (korhil.fate, korhil.captor) == ("captured", REACH)
    assert any(e.kind == "captive_sold" for e in engine.chronicle)
    for p in ("malus", "khazrak", "eltharion", "tehen", "harkon"):
        engine.perform(p, EndPhase())
    assert engine.campaign.phase == "purchases"
    before = general(engine, "malus").glory
    engine.perform("malus", Execute(captive="eltharion", character="Korhil"))
    assert engine.campaign.state.officers["eltharion"] == []
    assert general(engine, "malus").glory == before + 1
