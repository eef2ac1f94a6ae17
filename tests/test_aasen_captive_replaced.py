"""The Invasion of Hex Island (``aasen``): a captured General whose player makes a Senior
Officer General in his place stays a captive (8.2, R-AA-62): his captor may still execute
him, free him or sell him, and old saves load with no General so replaced."""

from __future__ import annotations

import copy

import pytest
from apps.ui_kit import write_engine_save
from test_aasen_battles import end_all
from test_aasen_captives import eltharion_taken, general
from test_aasen_trade_captives import BRETHREN, corsairs_at_trade
from test_aasen_year import pass_to_battles

from tuicamp import cli
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.rules.aasen import AasenRuleset, limits
from tuicamp.rules.aasen.captives import Execute, Release
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.rules.aasen.state import AasenState, General, Officer
from tuicamp.rules.aasen.trade import Trade

REACH, COLONY = "hag-graef-reach", "arnheim-colony"
RULESET = AasenRuleset()
TAKEN = "Lord Aerion Sunblade"  # Eltharion's General


def replaced():
    """Eltharion's General is captured by the Reach; at the next Promotions his Senior
    Officer Imrik is made General in his place."""
    engine = eltharion_taken("purchases")
    engine.campaign.state.officers["eltharion"] = [Officer("Imrik", 1)]
    engine.perform("tehen", WriteSheet(generals={"eltharion": "Imrik"}))
    engine.perform("malus", WriteSheet())
    assert general(engine, "eltharion").name == "Imrik"
    return engine


def captive_lines(engine, seat_id="gm"):
    seat = next(s for s in engine.campaign.seats if s.id == seat_id)
    lines = RULESET.status_lines(Rules(engine.campaign, RULESET), seat)
    return [line.text for line in lines if line.label.startswith("Captive")]


def test_a_captured_general_replaced_stays_a_captive_and_may_be_executed():
    """8.2, Captured: "Should you be unable or unwilling to get the character back a
    replacement may be recruited. A captured General ... who is either Hated or a Sworn
    Enemy of your General may be executed ... during the Promotions segment, gaining your
    General +1 Glory" (R-AA-62): after Imrik is made General, Lord Aerion is still listed
    as the Reach's captive, and Khazrak (Sworn to the High Elves) executes him for 1
    Glory; Imrik leads on."""
    engine = replaced()
    assert captive_lines(engine) == [
        f"Eltharion of Arnheim's former General {TAKEN} (Glory 0), held by The Hag Graef Reach"
    ]
    before = general(engine, "khazrak").glory
    engine.perform("khazrak", Execute(captive="eltharion"))
    assert general(engine, "khazrak").glory == before + 1
    assert captive_lines(engine) == ["none"]
    assert (general(engine, "eltharion").name, general(engine, "eltharion").fate) == ("Imrik", "")
    assert engine.campaign.state.replaced["eltharion"] == []
    (told,) = [e.text for e in engine.chronicle if e.kind == "executed"]
    assert (
        f"Eltharion of Arnheim's former General {TAKEN} is executed by The Hag Graef Reach" in told
    )


def to_next_trade(engine):
    end_all(engine)  # the Promotions
    pass_to_battles(engine)
    for _ in range(3):  # the battles, the end of the turn, Support and Resources
        end_all(engine)
    assert engine.campaign.phase == "trade"


def test_a_replaced_general_freed_returns_as_a_senior_officer():
    """8: "A General may be replaced ... and a Senior Officer may be promoted in his place,
    but each army may only ever have a single General" (R-AA-62): freed in the next year's
    Trade, Lord Aerion comes back to Eltharion as a Senior Officer, his Glory kept."""
    engine = replaced()
    to_next_trade(engine)
    engine.perform("khazrak", Release(captive="eltharion"))
    kept = engine.campaign.state.officers["eltharion"]
    assert [(o.name, o.fate, o.captor) for o in kept] == [(TAKEN, "", "")]
    assert general(engine, "eltharion").name == "Imrik"
    (told,) = [e.text for e in engine.chronicle if e.kind == "captive_freed"]
    assert "Imrik being General now, he returns as a Senior Officer (8, R-AA-62)" in told


def test_a_replaced_general_bought_back_in_the_trade(tmp_path, capsys):
    """8.2: "You may attempt to buy him back in the Trade segment" (R-AA-46), after his
    replacement too: the Colony asks the Reach for Eltharion's captive General, and
    `tuicamp show --as gm` lists him among the captives until the offer is accepted."""
    engine = replaced()
    to_next_trade(engine)
    engine.perform("tehen", Trade(to=REACH, give=1, ask_captives=["eltharion"]))
    (offer,) = engine.campaign.state.trades.items
    assert f"for the captive Eltharion of Arnheim's former General {TAKEN}" in offer.text
    save = write_engine_save(engine, tmp_path, "isle")
    capsys.readouterr()
    assert cli.main(["show", str(save), "--as", "gm"]) == 0
    assert (
        f"Eltharion of Arnheim's former General {TAKEN} (Glory 0), held by"
        in capsys.readouterr().out
    )
    engine.perform("malus", Trade(accept=offer.id))
    assert [o.name for o in engine.campaign.state.officers["eltharion"]] == [TAKEN]


def test_a_replaced_captive_is_a_former_general_on_every_line(tmp_path, capsys):
    """8: "each army may only ever have a single General"; 8.2: "Should you be unable or
    unwilling to get the character back a replacement may be recruited" (R-AA-62,
    R-AA-101): once Imrik leads, Lord Aerion is Eltharion's "former General" on the
    captive line (`show`), the trade offer, the freed line (`log`) and the refusal of an
    offer for him after he is freed - never "Eltharion of Arnheim's General"."""
    engine = replaced()
    to_next_trade(engine)
    engine.perform("tehen", Trade(to=REACH, give=1, ask_captives=[f"eltharion:{TAKEN}"]))
    save = write_engine_save(engine, tmp_path, "held")
    capsys.readouterr()
    assert cli.main(["show", str(save), "--as", "malus"]) == 0
    shown = capsys.readouterr().out
    assert f"Captive: Eltharion of Arnheim's former General {TAKEN} (Glory 0)" in shown
    engine.perform("khazrak", Release(captive="eltharion"))
    save = write_engine_save(engine, tmp_path, "freed")
    capsys.readouterr()
    assert cli.main(["log", str(save), "--as", "gm"]) == 0
    told = capsys.readouterr().out
    assert f"for the captive Eltharion of Arnheim's former General {TAKEN}" in told
    assert f"Eltharion of Arnheim's former General {TAKEN} is freed by" in told
    trade = [line for line in told.splitlines() if " T2 trade:" in line]
    assert trade and not [line for line in trade if f"Arnheim's General {TAKEN}" in line]
    with pytest.raises(
        RuleError, match=f"holds no captive Eltharion of Arnheim's Senior Officer {TAKEN}"
    ):
        engine.perform("tehen", Trade(to=REACH, give=1, ask_captives=[f"eltharion:{TAKEN}"]))


def test_a_save_from_before_replaced_generals_loads():
    """Old saves keep loading (R-AA-62, R-AA-63): a save written before the state kept
    replaced Generals and lapsed Glory reads with none replaced and none lapsed."""
    engine = eltharion_taken("purchases")
    data = campaign_to_dict(engine.campaign)
    old = copy.deepcopy(data)
    state = old["state"]
    state.pop("replaced", None)
    for held in state["generals"].values():
        held.pop("lapsed", None)
    back = campaign_from_dict(old, AasenState)
    assert back.state == engine.campaign.state
    assert back.state.replaced == {} and not back.state.generals["eltharion"].lapsed


def test_a_general_freed_selects_his_army_by_his_own_glory_again():
    """8.5: the army is selected by the substitute's Glory only while the General is lost
    (R-AA-63): Lord Aerion (Glory 5), held and not replaced, has his army selected by
    Glory 0 from the next Promotions; freed in the Trade after, by his own Glory again."""
    engine = eltharion_taken("purchases")
    general(engine, "eltharion").glory = 5
    engine.perform("tehen", WriteSheet())
    engine.perform("malus", WriteSheet())
    assert general(engine, "eltharion").lapsed
    assert limits.row_of(Rules(engine.campaign, RULESET), "eltharion")["rare"] == 0
    to_next_trade(engine)
    engine.perform("khazrak", Release(captive="eltharion"))
    assert not general(engine, "eltharion").lapsed
    assert limits.row_of(Rules(engine.campaign, RULESET), "eltharion")["rare"] == 1


def test_a_replaced_general_bought_off_a_third_party_is_the_buyers_to_execute():
    """8.2: "You may even buy another player's captured General off a third party and
    execute him, earning the same bonus" (R-AA-46, R-AA-62): the pirates hold Eltharion's
    old General, Imrik leading in his place; they sell him to the Reach, whose Malus (Sworn
    to the High Elves) executes him in the Promotions for 1 Glory."""
    engine = corsairs_at_trade()
    state = engine.campaign.state
    old = state.generals["eltharion"]
    old.fate, old.captor = "captured", BRETHREN
    state.replaced["eltharion"] = [old]
    state.generals["eltharion"] = General("Imrik")
    engine.perform("harkon", Trade(to=REACH, ask=1, give_captives=["eltharion"]))
    (offer,) = state.trades.items
    assert f"the captive Eltharion of Arnheim's former General {old.name}" in offer.text
    engine.perform("malus", Trade(accept=offer.id))
    assert (old.fate, old.captor) == ("captured", REACH)
    for p in ("malus", "khazrak", "eltharion", "tehen", "harkon"):
        engine.perform(p, EndPhase())
    before = general(engine, "malus").glory
    engine.perform("malus", Execute(captive="eltharion"))
    assert general(engine, "malus").glory == before + 1
    assert state.replaced["eltharion"] == [] and general(engine, "eltharion").name == "Imrik"
