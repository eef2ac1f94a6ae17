"""The Block battle's result (the text's Block command; R-EL-20, R-EL-43).

"The penetrating army receives one Victory Point for every unit having crossed the
blocking army's table edge. The blocking army receives one Victory Point for every two
opposing units left on the table after battle. If penetrating army wins it may pass
through the blocked passage. In any other case they have been stopped".

The result form asks the two counts the scenario scores; the penetrator wins only with
more Victory Points than the blocker, so a tie stops it. A result entered without the
counts (or auto-resolved) is read by its Victory Points the same way.
"""

from __future__ import annotations

from tuicamp.rules import api


def block_of(battle: api.Battle) -> api.Circumstance | None:
    return next((c for c in battle.circumstances if c.key == "block"), None)


def result_fields(rules: api.Rules, battle: api.Battle) -> tuple[api.ResultField, ...]:
    block = block_of(battle)
    if block is None:
        return ()
    most = int(rules.table("block").get("most_units", 99))
    penetrator = next((s.id for s in battle.sides if s.id != block.side), None)
    return (
        api.ResultField(
            "units_through",
            "Units that crossed the blocking army's table edge",
            kind="int",
            maximum=most,
            scope=api.FieldScope.ONE_SIDE,
            side=penetrator,
        ),
        api.ResultField(
            "enemy_units_left",
            "Opposing units left on the table after battle",
            kind="int",
            maximum=most,
            scope=api.FieldScope.ONE_SIDE,
            side=block.side,
        ),
    )


def outcome(
    rules: api.Rules, battle: api.Battle, result: api.BattleResult
) -> api.BattleOutcome | None:
    """The penetrator passes only with more Victory Points; None for no Block battle."""
    block = block_of(battle)
    if block is None:
        return None
    per_vp = int(rules.table("block").get("units_per_vp", 2))
    penetrator = next((s.id for s in battle.sides if s.id != block.side), "")
    through = result.side(penetrator)
    held = result.side(block.side or "")
    crossed = through.facts.get("units_through", 0) if through is not None else 0
    left = held.facts.get("enemy_units_left", 0) if held is not None else 0
    if crossed or left:
        ours, theirs = crossed, left // per_vp
        how = f"{ours} VP for units through against {theirs} for units left"
    else:
        ours = through.vp if through is not None else 0
        theirs = held.vp if held is not None else 0
        how = f"{ours} VP against {theirs}"
    if ours > theirs:
        return api.BattleOutcome((penetrator,), f"the penetrator breaks through ({how})")
    return api.BattleOutcome((block.side or "",), f"the penetrator is stopped ({how})")
