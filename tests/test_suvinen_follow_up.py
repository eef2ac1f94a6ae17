"""The temporary allies' follow-up battle: §4.1, step 2, R-SU-15, R-SU-29, R-SU-39.

§4.1: "-if temporal allies win the battle, then they must IMMEDIATLY fight a battle between
them (again, if there are more than two sides you first make temporal alliances). Deploy
for a suprise attack. The attacker is the side who collected more Victory Points in the
previous attack." R-SU-15: "The follow-up battle between temporary allies who won together
is fought the next day, with no withdrawal step before it."

The Orcs' Wolf Riders and the Dwarfs' Karak Host march into the Empire's 0503 in impulse
1; the Empire and the Dwarfs fight together there on day 1 (``three_sides``).
"""

from __future__ import annotations

import copy
import re

import pytest
from test_suvinen_battles import allied_for_the_battle, three_sides
from test_suvinen_control import placed
from test_suvinen_four_players import CROSSROADS, ROUND_1010
from test_suvinen_orders import Club
from test_suvinen_play import end_council, play_impulse

from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.model.hexes import parse_label
from tuicamp.rules.suvinen import SuvinenRuleset
from tuicamp.rules.suvinen.impulses import MoveCorps
from tuicamp.rules.suvinen.withdrawal import ChooseWithdrawal, TemporaryAlliance
from tuicamp.storage.scenario import find_scenario

RULESET = SuvinenRuleset()
FIELD = "0503"
ONE_OH = "1010"  # the Crossroads' field of four


def allies_fight(engine) -> None:
    """The Empire and the Dwarfs ally for the battle at 0503; all three prepare for it."""
    allied_for_the_battle(engine)
    for player in ("orcs", "dwarfs", "empire"):
        engine.perform(player, ChooseWithdrawal(hex=FIELD, choice="fight"))


def entered(engine, allies_vp: int, orcs_vp: int, empire: int, dwarfs: int) -> None:
    """Day 1's battle entered: the allies' side and the Orcs' VP, and each ally's own."""
    (battle,) = engine.campaign.pending_battles()
    allies = next(s.id for s in battle.sides if len(s.players) == 2)
    orcs = next(s.id for s in battle.sides if s.players == ["orcs"])
    own = {"vp_of_empire": empire, "vp_of_dwarfs": dwarfs}
    sides = [SideEntry(side=allies, vp=allies_vp, facts=own), SideEntry(side=orcs, vp=orcs_vp)]
    engine.perform("gm", EnterBattleResult(battle=battle.id, sides=sides))


def card(engine, battle) -> list[str]:
    return RULESET.battle_card_notes(Rules(engine.campaign, RULESET), battle)


def test_each_temporary_ally_enters_its_own_victory_points():
    """The allied side's VP are one sum: the form asks each temporary ally's own, which
    decide the attacker ("The attacker is the side who collected more Victory Points")."""
    engine = three_sides()
    allies_fight(engine)
    (battle,) = engine.campaign.pending_battles()
    fields = RULESET.result_fields(Rules(engine.campaign, RULESET), battle)
    allies = next(s.id for s in battle.sides if len(s.players) == 2)
    asked = {f.key: (f.label, f.side) for f in fields if f.key.startswith("vp_of_")}
    assert asked == {
        "vp_of_empire": ("Victory points of The Empire alone", allies),
        "vp_of_dwarfs": ("Victory points of The Dwarfs alone", allies),
    }


def test_temporary_allies_who_win_fight_each_other_the_next_day_a_surprise_attack():
    """The beaten Orcs must withdraw; the winners write no withdrawal ("IMMEDIATLY"); on
    day 2 the Dwarfs, with more VP, attack the Empire in a surprise attack (R-SU-39)."""
    engine = three_sides()
    camp = engine.campaign
    allies_fight(engine)
    entered(engine, allies_vp=500, orcs_vp=100, empire=200, dwarfs=300)
    said = [e.text for e in engine.chronicle if e.kind == "follow_up"]
    assert said == [
        "The Empire and The Dwarfs won together at 0503: they fight each other there on day "
        "2, a surprise attack, The Dwarfs attacking (more VP) (section 4.1, R-SU-39)"
    ]
    assert camp.state.withdrawals[FIELD].writers == ["orcs"]  # no withdrawal step for them
    with pytest.raises(RuleError, match="The Empire and The Dwarfs beat you as temporary"):
        engine.perform("orcs", ChooseWithdrawal(hex=FIELD, choice="fight"))
    with pytest.raises(RuleError, match="no sealed choice to write"):
        engine.perform("empire", ChooseWithdrawal(hex=FIELD, choice="fight"))
    engine.perform("orcs", ChooseWithdrawal(hex=FIELD, choice="withdraw", to="0603"))
    assert camp.army("wolf-riders").hex == parse_label("0603")
    (follow,) = camp.pending_battles()
    assert follow.day == 2
    assert [(s.id, s.players) for s in follow.sides] == [
        ("attacker", ["dwarfs"]),
        ("defender", ["empire"]),
    ]
    notes = card(engine, follow)
    assert "Day 2: deploy for a surprise attack." in notes
    assert (
        "The temporary allies who won on day 1 fight each other: deploy for a surprise "
        "attack; the attacker is The Dwarfs, with more VP then (The Empire 200, The Dwarfs "
        "300) (section 4.1, R-SU-39)."
    ) in notes
    assert not any(n.startswith("Temporary allies fight together") for n in notes)
    # after the follow-up, the usual withdrawal round of §4.3, for both of them
    entry = [SideEntry(side="attacker", vp=100), SideEntry(side="defender")]
    engine.perform("gm", EnterBattleResult(battle=follow.id, sides=entry))
    assert sorted(camp.state.withdrawals[FIELD].writers) == ["dwarfs", "empire"]


@pytest.mark.parametrize(("empire", "dwarfs"), [(200, 200), (0, 0)])
def test_the_allies_own_victory_points_must_add_up_to_their_sides(empire, dwarfs):
    """§4.1: "The attacker is the side who collected more Victory Points in the previous
    attack" (R-SU-39): each ally's own VP decide it, so a split that does not add up to
    the side's (a slip, or the form's two zeros left as they were) is refused, nothing
    entered, rather than handing the attack to the wrong ally or to the dice."""
    engine = three_sides()
    allies_fight(engine)
    with pytest.raises(RuleError) as refused:
        entered(engine, allies_vp=500, orcs_vp=100, empire=empire, dwarfs=dwarfs)
    assert str(refused.value) == (
        f"The Empire and The Dwarfs: the allies' own VP (vp_of_empire {empire} + "
        f"vp_of_dwarfs {dwarfs} = {empire + dwarfs}) must add up to the side's 500 VP: "
        "they decide who attacks if the allies fight each other next (R-SU-39)"
    )
    (battle,) = engine.campaign.pending_battles()
    assert battle.result is None and not engine.campaign.state.follow_ups
    entered(engine, allies_vp=500, orcs_vp=100, empire=200, dwarfs=300)  # adds up: taken
    assert engine.campaign.state.follow_ups[FIELD].attacker == "dwarfs"


def test_the_result_line_of_temporary_allies_who_win_says_win():
    """ "The temporary allies ... fight as one side" (section 4.1, R-SU-15): a side of two
    players, titled by both names, is a plural subject, so its result line and the battle's
    text say "win"; the beaten side of one player "wins" when it is the one that wins."""
    engine = three_sides()
    allies_fight(engine)
    entered(engine, allies_vp=500, orcs_vp=100, empire=200, dwarfs=300)
    (fought,) = [b for b in engine.campaign.battles if b.result is not None]
    assert fought.result.text == "The Empire and The Dwarfs win"
    said = f"Battle {fought.id} fought at the table: The Empire and The Dwarfs win ("
    assert any(e.text.startswith(said) for e in engine.chronicle)
    beaten = three_sides()
    allies_fight(beaten)
    entered(beaten, allies_vp=100, orcs_vp=500, empire=50, dwarfs=50)
    (won,) = [b for b in beaten.campaign.battles if b.result is not None]
    assert won.result.text.endswith(" wins") and "and" not in won.result.text


def test_equal_victory_points_roll_a_d6_each_for_the_attacker():
    """With equal VP the text names no attacker: a d6 each, the higher attacks (R-SU-39)."""
    engine = three_sides()
    allies_fight(engine)
    entered(engine, allies_vp=400, orcs_vp=0, empire=200, dwarfs=200)
    (said,) = [e.text for e in engine.chronicle if e.kind == "follow_up"]
    rolled = re.search(r"equal VP; a d6 each: The Empire (\d), The Dwarfs (\d)\)", said)
    assert rolled, said
    empire, dwarfs = map(int, rolled.groups())
    assert empire != dwarfs  # the last roll decides
    attacker = engine.campaign.state.follow_ups[FIELD].attacker
    assert attacker == ("empire" if empire > dwarfs else "dwarfs")


def test_a_side_that_beats_temporary_allies_owes_no_follow_up():
    """Only temporary allies who win fight each other: the Orcs win, and all three write
    the usual choice of §4.3."""
    engine = three_sides()
    allies_fight(engine)
    entered(engine, allies_vp=100, orcs_vp=500, empire=50, dwarfs=50)
    assert not engine.campaign.state.follow_ups
    assert sorted(engine.campaign.state.withdrawals[FIELD].writers) == [
        "dwarfs",
        "empire",
        "orcs",
    ]


THREE = """
[[player]]
id = "dwarfs"
name = "The Dwarfs"
race = "Dwarfs"
races = ["Dwarfs"]
colour = "blue"
letter = "D"
"""
KARAK_VARN = """
[[settlement]]
id = "karak-varn"
kind = "castle"
name = "Karak Varn"
hex = "0807"
owner = "dwarfs"
walls = true
"""
KARAK = """
[[army]]
id = "karak"
name = "Karak Host"
owner = "dwarfs"
hex = "0504"

  [[army.unit]]
  id = "thane"
  name = "Thane"
  points = 80
  category = "character"
  flags = ["leader"]

  [[army.unit]]
  id = "warriors"
  name = "Dwarf Warriors"
  points = 160
  models = 20
"""


def three_player_drill(folder) -> str:
    """The drill with a third player, the Dwarfs, as a scenario file: their Karak Host
    next to the First Corps, their Home Castle in the south-east corner."""
    text = find_scenario("suvinen-drill").read_text(encoding="utf-8")
    text = text.replace('id = "suvinen-drill"', 'id = "suvinen-drill-three"')
    text = text.replace('\n[[player]]\nid = "empire"', KARAK_VARN + '\n[[player]]\nid = "empire"')
    text = text.replace('\n[[army]]\nid = "first-corps"', THREE + '\n[[army]]\nid = "first-corps"')
    text = text.replace("\n[victory]", KARAK + "\n[victory]")
    text = text.replace('hex = "0801"', 'hex = "0603"')  # the Wolf Riders, east of 0503
    path = folder / "three.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_follow_up_through_apply_battles_and_log(tmp_path, monkeypatch, capsys):
    """The whole of it by orders files: the sealed round and the temporary alliance, the
    result with each ally's VP from ``battles --form``, the Orcs' forced withdrawal, and
    day 2's surprise attack on ``battles`` and its card."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    club = Club(tmp_path, "d", capsys)
    club.cli("new", three_player_drill(tmp_path), "--seed", "16", "--name", "d", "--no-play")
    club.end_phase("empire", "orcs", "dwarfs")
    club.play_impulses(
        {
            (1, 1, "wolf-riders"): {"kind": "move_corps", "path": [FIELD]},
            (1, 1, "karak"): {"kind": "move_corps", "path": [FIELD]},
        }
    )
    club.apply("empire", {"kind": "temporary_alliance", "hex": FIELD, "to": "dwarfs"})
    (offer,) = club.campaign().state.temp_alliances.items
    club.apply("dwarfs", {"kind": "temporary_alliance", "accept": offer.id})
    for seat in ("orcs", "dwarfs", "empire"):
        club.apply(seat, {"kind": "withdrawal", "hex": FIELD, "choice": "fight"})
    form = club.cli("battles", "d", "--form", "b1", "--as", "gm")
    assert "vp_of_empire = 0" in form and "vp_of_dwarfs = 0" in form
    filled = form.replace("vp_of_empire = 0", "vp_of_empire = 150", 1)
    filled = filled.replace("vp_of_dwarfs = 0", "vp_of_dwarfs = 250", 1)
    filled = filled.replace("vp = 0", "vp = 400", 1)  # the first side: the allies
    (tmp_path / "result.toml").write_text(filled, encoding="utf-8")
    applied = club.cli("apply", "d", str(tmp_path / "result.toml"))
    assert "they fight each other there on day 2, a surprise attack, The Dwarfs" in applied
    club.apply("orcs", {"kind": "withdrawal", "hex": FIELD, "choice": "withdraw", "to": "0603"})
    listed = club.cli("battles", "d")
    assert "b2" in listed and "0503" in listed
    printed = club.cli("battles", "d", "--card", "b2")
    attacker = printed.split("The Dwarfs: The Dwarfs (Dwarfs)")[1].split("\n\n")[0]
    assert "* Attacks in the surprise attack (section 4.1, R-SU-39)" in attacker
    assert printed.count("surprise attack") == 3  # the attacker's mark, the day, the reason
    assert "the attacker is The Dwarfs, with more VP then (The Empire 150, The Dwarfs 250)" in (
        " ".join(printed.split())
    )
    log = club.cli("log", "d", "--as", "empire")
    assert "'The Wolf Riders' (LC) withdraws from 0503 to 0603" in log
    assert "Battle b2 at 0503 (clear): Karak Host vs The First Corps" in log  # day 2


def test_what_is_pending_names_whom_each_round_waits_for_once():
    """Every seat reads one line a round, naming the players still to write, in words of
    the round: before the battle "withdraw or prepare for battle" (section 4.1, R-SU-29),
    after it "fight on or withdraw" (section 4.3, R-SU-28)."""
    engine = three_sides()
    rules = Rules(engine.campaign, RULESET)
    assert RULESET.pending(rules, engine.campaign.seat("empire")) == [
        "At 0503: The Empire, Orcs & Goblins and The Dwarfs to write whether to withdraw or "
        "prepare for battle (withdrawal)"
    ]
    allies_fight(engine)
    entered(engine, allies_vp=100, orcs_vp=500, empire=50, dwarfs=50)
    engine.perform("orcs", ChooseWithdrawal(hex=FIELD, choice="withdraw", to="0603"))
    assert RULESET.pending(Rules(engine.campaign, RULESET)) == [
        "At 0503: The Empire and The Dwarfs to write whether to fight on or withdraw (withdrawal)"
    ]


def test_three_allies_who_win_ally_again_but_may_not_withdraw_before_their_follow_up():
    """§4.1: "if temporal allies win the battle, then they must IMMEDIATLY fight a battle
    between them (again, if there are more than two sides you first make temporal
    alliances)". On the Crossroads the Empire, Bretonnia and the Dwarfs ally against the
    Orcs at 1010 and win; on day 2 the three write first (R-SU-29), but none may withdraw
    (R-SU-39), and the Empire and Bretonnia ally again: a surprise attack on the Dwarfs."""
    scenario = copy.deepcopy(CROSSROADS)
    placed(**ROUND_1010, **{"dwarfs-1": "1109"})(scenario)
    engine = start_campaign(scenario, "suvinen", seed=5, check=True)
    camp = engine.campaign
    end_council(engine)
    into = [*ROUND_1010, "dwarfs-1"]
    script = {(1, 1, a): MoveCorps(army=a, path=[ONE_OH]) for a in into}
    while camp.phase.startswith("impulse"):
        play_impulse(engine, script)
    trio = ("empire", "bretonnia", "dwarfs")
    for a, b in (("empire", "bretonnia"), ("empire", "dwarfs"), ("bretonnia", "dwarfs")):
        engine.perform(a, TemporaryAlliance(hex=ONE_OH, to=b))
        engine.perform(b, TemporaryAlliance(accept=camp.state.temp_alliances.items[-1].id))
    for player in (*trio, "orcs"):
        engine.perform(player, ChooseWithdrawal(hex=ONE_OH, choice="fight"))
    (battle,) = camp.pending_battles()
    allies = next(s.id for s in battle.sides if len(s.players) == 3)
    own = {"vp_of_empire": 300, "vp_of_bretonnia": 200, "vp_of_dwarfs": 100}
    sides = [
        SideEntry(side=s.id, vp=600, facts=own) if s.id == allies else SideEntry(side=s.id)
        for s in battle.sides
    ]
    engine.perform("gm", EnterBattleResult(battle=battle.id, sides=sides))
    engine.perform("orcs", ChooseWithdrawal(hex=ONE_OH, choice="withdraw", to="1110"))
    assert camp.state.day == 2 and camp.state.before_battle == [ONE_OH]
    with pytest.raises(RuleError, match="must IMMEDIATLY fight a battle between them"):
        engine.perform("dwarfs", ChooseWithdrawal(hex=ONE_OH, choice="withdraw", to="1109"))
    engine.perform("empire", TemporaryAlliance(hex=ONE_OH, to="bretonnia"))
    engine.perform("bretonnia", TemporaryAlliance(accept=camp.state.temp_alliances.items[-1].id))
    for player in trio:
        engine.perform(player, ChooseWithdrawal(hex=ONE_OH, choice="fight"))
    (follow,) = camp.pending_battles()
    assert follow.day == 2
    assert [(s.id, sorted(s.players)) for s in follow.sides] == [
        ("attacker", ["bretonnia", "empire"]),
        ("defender", ["dwarfs"]),
    ]
