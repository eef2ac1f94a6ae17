"""A battle's result form as an orders file, for entering a result without the screen.

``tuicamp battles SAVE --form ID`` prints it: one ``battle_result`` action with every
question of the battle's form (:mod:`tuicamp.engine.result_form`) and nothing else, each
answer at its default and each line commented with what it asks. Filled in, it goes
through ``tuicamp apply`` and the very validation the screen's form does.
"""

from __future__ import annotations

import json
import re

from tuicamp.engine.battles import EnterBattleResult
from tuicamp.engine.result_form import ResultField, ResultForm, SideQuestions
from tuicamp.engine.rules import Rules
from tuicamp.engine.side_forces import points_of, side_names, sides_named
from tuicamp.game.textreport import plural
from tuicamp.model.battle import Battle

BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _key(key: str) -> str:
    return key if BARE_KEY.fullmatch(key) else _string(key)


def _string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def _comment(text: str) -> str:
    return " ".join(text.split())


def _fact_lines(fields: tuple[ResultField, ...]) -> list[str]:
    out = []
    for spec in fields:
        allowed = "yes 1, no 0" if spec.kind == "bool" else f"{spec.minimum} to {spec.maximum}"
        out.append(f"facts.{_key(spec.key)} = {spec.default}  # {_comment(spec.label)} ({allowed})")
    return out


def _side_lines(rules: Rules, battle: Battle, questions: SideQuestions) -> list[str]:
    side = questions.side
    names = side_names(rules, battle, side)
    out = [
        "",
        f"[[action.sides]]  # {_comment(side.title)}: {_comment(names)}",
        f"side = {_string(side.id)}",
        "vp = 0  # victory points (Warhammer rules)",
    ]
    out += _fact_lines(questions.fields)
    if questions.asks_points:
        of = points_of(rules, battle, side)  # each player's own force (R-AA-54)
        out.append(f"points_lost = 0  # of the {side.points} pts of {_comment(of)}")
    rows = []
    for fielded in questions.armies:
        for unit in fielded.units:
            where = f"army = {_string(fielded.army)}, unit = {_string(unit.id)}"
            note = f"{_comment(unit.name)} ({plural(unit.models, 'model')})"
            rows.append(f"    {{ {where}, killed = 0, fled = 0 }},  # {note}")
    if rows:
        out += ["losses = [  # models killed and models that fled, per unit", *rows, "]"]
    for character in questions.characters:
        out += [
            "",
            f"[[action.sides.characters]]  # {_comment(character.unit.name)} "
            f"({_comment(character.army_name)})",
            f"army = {_string(character.army)}",
            f"unit = {_string(character.unit.id)}",
            *_fact_lines(questions.character_fields),
        ]
    return out


def result_orders(
    rules: Rules,
    battle: Battle,
    form: ResultForm,
    seat: str | None,
    revision: int | None = None,
) -> str:
    """The orders file that enters ``battle``'s result, every answer still to be given.

    With the save's ``revision`` it says what it was printed against, which makes it safe
    to send twice (:mod:`tuicamp.storage.orders`: the same orders at the same revision are
    applied once), as a form filled in at the club and mailed from two phones would be."""
    campaign = rules.campaign
    names = sides_named(rules, battle)
    out = [
        f"# The result of battle {battle.id} at {campaign.map.label(battle.hex)}: {names}.",
        "# Fill in the numbers, then: tuicamp apply SAVE THIS-FILE",
    ]
    if seat:
        out.append(f"seat = {_string(seat)}")
    else:
        out.append('# seat = "..."  # a seat that fights in the battle (or --as SEAT)')
    if revision is not None:
        out.append(f"revision = {revision}  # printed at this revision: sent twice, applied once")
    out += ["", "[[action]]", f"kind = {_string(EnterBattleResult.kind)}"]
    out.append(f"battle = {_string(battle.id)}")
    if form.battle_fields:
        out.append("# asked once, of the battle as a whole:")
        out += _fact_lines(form.battle_fields)
    for questions in form.sides:
        out += _side_lines(rules, battle, questions)
    return "\n".join(out) + "\n"
