"""The Combat phase's scan finds who stands in each hex once.

Issue 12 (one Rauscher turn with 128 armies against 32: goal <= x4.4): the scan of the
Combat phase's start looked through every army twice for every hex with a counter (the
fighters by side, then the defenceless), a cost in the square of the armies. It looks
once per hex now, and the outcome is the rule's: "Whenever two or more armies occupy the
same hex at the end of the movement phase, there is a combat", and "If the Refugee group
is attacked, it is destroyed" (R-RA-5, docs/combat.md).
"""

from __future__ import annotations

from conftest import H
from test_rauscher_combat import to_combat
from test_rauscher_combat_kit import add_army, campaign, unit

from tuicamp.model.campaign import Campaign
from tuicamp.rules.rauscher.shared.state import Role


def test_the_scan_looks_through_the_armies_once_per_hex(monkeypatch):
    """One look at who stands in a hex, for the fighters and the defenceless alike."""
    camp = campaign()
    for i in range(4):
        add_army(camp, f"far{i}", "p2", H(5, i), [unit(f"uf{i}", "Spearmen", 100)])
    asked: list = []
    real = Campaign.armies_at

    def armies_at(self, h):
        asked.append(h)
        return real(self, h)

    monkeypatch.setattr(Campaign, "armies_at", armies_at)
    engine = to_combat(camp)
    assert camp.phase == "combat" and engine.campaign.battles == []
    occupied = {a.hex for a in camp.armies if a.hex is not None}
    scanned = [h for h in asked if h in occupied]
    assert sorted(scanned, key=lambda h: h.offset) == sorted(occupied, key=lambda h: h.offset)


def test_the_defenceless_found_by_the_one_look_are_still_destroyed():
    """ "If the Refugee group is attacked, it is destroyed": the counters found by the
    one look are the ones dealt with, and an enemy army in the same hex is the taker."""
    camp = campaign()
    add_army(camp, "r1", "p2", H(1, 2), [])
    camp.state.army("r1").role = Role.REFUGEES
    before = camp.player("p1").treasury
    to_combat(camp)
    assert camp.army("r1") is None
    assert camp.player("p1").treasury == before + 1
