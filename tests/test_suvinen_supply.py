"""Suvinen supply (point 7): section 5.0, R-SU-6, R-SU-17, R-SU-18.

§5.0: "After all battles are fought you'll have to check supply for all units. You have to
trace supplyline free of enemy-units back to your Home Castle ... The supplyline may not be
longer than 10 Movement Points. You can also draw the supplyline via rivers or streams (and
lakes or sea)." "If a unit can't trace a supplyline, it is considered 'Disrupted'. Check
for ALL units simultanously. Models in a Disrupted unit have LD-2. If a unit is already
Disrupted it is elimininated. A unit that is already Disrupted cannot cut supplylines."
"""

from __future__ import annotations

from test_suvinen_control import lines, placed, with_dwarfs
from test_suvinen_play import drill, end_council, play_impulse

from tuicamp.engine.rules import Rules
from tuicamp.model.hexes import parse_label
from tuicamp.rules import api
from tuicamp.rules.suvinen import supply
from tuicamp.rules.suvinen.council import Ally
from tuicamp.rules.suvinen.impulses import MoveCorps


def play_turn(engine, script=None) -> None:
    """The rest of the turn: the council if still open, the eight impulses, the check."""
    turn = engine.campaign.turn
    if engine.campaign.phase == "council":
        end_council(engine)
    while engine.campaign.turn == turn:
        play_impulse(engine, script or {})


def line_to_carroburg(engine, label: str, cutting: set[str] | None = None):
    rules = Rules(engine.campaign, engine.ruleset)
    sources = supply.sources(rules, "empire")
    armies = {a.id for a in engine.campaign.armies} if cutting is None else cutting
    net = supply.network(rules).with_closures(supply.closures(rules, "empire", armies))
    return api.cheapest_line(net, parse_label(label), list(sources), 10)


def test_a_corps_traces_its_line_by_land_and_water_and_the_seat_reads_it():
    """R-SU-6, R-SU-17: from 0503 down the stream (1 MP a stream side), then the road (a
    forest 1, clear hexes 1/2) to Carroburg: 4 MP; ``show --as`` prints it."""
    engine = drill()
    play_turn(engine)
    text = " ".join(lines(engine, "empire"))
    assert "Corps 'The First Corps': at 0503; 525 pts; supplied: 4 MP to Carroburg (turn 1)" in text
    line = line_to_carroburg(engine, "0503")
    assert line is not None and line.label().startswith("0503 -> stream 0503/SW -> 0404")


def test_a_line_never_passes_an_enemy_not_disrupted_before_the_check():
    """§5.0: "trace supplyline free of enemy-units"; "A unit that is already Disrupted
    cannot cut supplylines" (R-SU-17)."""
    engine = drill(edit=placed(waaagh="0404"))
    free = line_to_carroburg(engine, "0503", cutting=set())
    cut = line_to_carroburg(engine, "0503")
    assert free is not None and cut is not None and cut.cost > free.cost
    assert parse_label("0404") not in cut.hexes
    engine.campaign.state.corps["waaagh"].disrupted = True
    engine.perform("empire", api.EndPhase())
    engine.perform("orcs", api.EndPhase())
    cutting = {a.id for a in engine.campaign.armies if a.id != "waaagh"}
    assert line_to_carroburg(engine, "0503", cutting).cost == free.cost


def test_no_line_within_10_mp_disrupts_then_eliminates():
    """R-SU-18: "Disrupted (Ld -2) ends when the unit traces a line at the next check;
    unsupplied twice running, it is eliminated". A house rule of 3 1/2 MP leaves the First
    Corps at 0503 (4 MP away) unsupplied."""
    engine = drill()
    engine.campaign.tables = {"supply": {"max_mp": 3.5}}
    play_turn(engine)
    assert engine.campaign.state.corps["first-corps"].disrupted
    text = " ".join(lines(engine, "empire"))
    assert "no supply line (turn 1); Disrupted (Ld -2)" in text
    events = [e.text for e in engine.chronicle if e.kind == "supply"]
    assert "'The First Corps' can trace no supply line of 3 1/2 MP or less" in events[0]
    play_turn(engine)
    assert engine.campaign.army("first-corps") is None
    (gone,) = [e.text for e in engine.chronicle if e.kind == "eliminated"]
    assert gone.endswith("is unsupplied a second time running: it is eliminated (R-SU-18)")


def test_a_disrupted_corps_that_traces_a_line_recovers():
    """R-SU-18: "Disrupted (Ld -2) ends when the unit traces a line at the next check"."""
    engine = drill()
    engine.campaign.tables = {"supply": {"max_mp": 3.5}}
    play_turn(engine)
    go = MoveCorps(army="first-corps", path=["0403"])  # across the stream, 3 1/2 MP from home
    script = {(2, 1, "first-corps"): go, (2, 2, "first-corps"): go}
    play_turn(engine, script)
    record = engine.campaign.state.corps["first-corps"]
    assert not record.disrupted and record.supply == (3.5, "Carroburg")
    assert any("no longer Disrupted (R-SU-18)" in e.text for e in engine.chronicle)


def test_an_occupied_enemy_castle_supplies_its_occupants_and_their_allies():
    """§4.6: "The Home Castle will act as a supplysource for the new occupants ... If two or
    more allies occupy none of them controls the Castle unless the players reach an
    unanimous decission on who gets it, but they still can count it as a supplysource"
    (R-SU-20, R-SU-35). The Outriders ride into the Orcs' empty Black Crag (0802), 9 hexes
    from Carroburg: it supplies them at the check, before the end of the turn takes it from
    the Orcs (R-SU-19)."""
    engine = drill(edit=placed(outriders="0702", waaagh="0506", **{"wolf-riders": "0505"}))
    go = MoveCorps(army="outriders", path=["0802"])
    end_council(engine)
    while engine.campaign.phase.startswith("impulse"):
        play_impulse(engine, {(1, 1, "outriders"): go, (1, 2, "outriders"): go})
    record = engine.campaign.state.corps["outriders"]
    assert record.supply == (0.0, "Black Crag") and not record.disrupted
    text = " ".join(lines(engine, "empire"))
    assert "Corps 'The Outriders' (LC): at 0802; 175 pts; supplied: 0 MP to Black Crag" in text
    assert engine.campaign.winner == ["empire"]  # "If a players Home Castle is lost ..."


def test_allies_occupying_a_castle_count_it_as_a_source():
    """§4.6: "If two or more allies occupy none of them controls the Castle ... but they
    still can count it as a supplysource" (R-SU-35): the Dwarfs in Black Crag supply their
    ally the Empire's First Corps next to it: 2 MP into its hills."""

    def edit(scenario) -> None:
        with_dwarfs(scenario)
        placed(**{"first-corps": "0803", "karak": "0802", "waaagh": "0506", "wolf-riders": "0505"})(
            scenario
        )

    engine = drill(seed=16, edit=edit)
    engine.perform("empire", Ally(to="dwarfs"))
    (offer,) = engine.campaign.state.alliances.items
    engine.perform("dwarfs", Ally(accept=offer.id))
    rules = Rules(engine.campaign, engine.ruleset)
    assert supply.sources(rules, "empire")[parse_label("0802")] == "Black Crag"
    end_council(engine)
    while engine.campaign.phase.startswith("impulse"):
        play_impulse(engine, {})
    assert engine.campaign.state.corps["first-corps"].supply == (2.0, "Black Crag")
