"""The editor's palette: every terrain and hexside feature the rulesets a scenario may be
played under declare, each named with the rulesets that lack it, and one vocabulary the
editor's map draws all of them in.

A scenario's map reads its letters in its first ruleset's words, so a palette of those
alone hides a terrain another supported ruleset adds (Aasen's coast). The palette offers
the union instead; painting a terrain some supported ruleset lacks is allowed, and the
checks of ``tuicamp check`` list it as a problem, as they would in the file. A new
scenario is offered what every installed ruleset declares, since its rulesets are not
chosen yet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import frozen

from tuicamp.engine import registry
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr
from tuicamp.model.terrain import HexsideFeature, Terrain, Vocabulary
from tuicamp.storage.scenario import Scenario


@frozen
class Palette:
    """What the editor's terrain and feature tools offer, in the order they cycle."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    vocabulary: Vocabulary  # the union, first-declared first: what the map draws with
    supported: tuple[str, ...]  # the rulesets the scenario supports
    terrain_by: Mapping[str, tuple[str, ...]]  # letter: the rulesets that declare it
    feature_by: Mapping[str, tuple[str, ...]]  # feature id: the rulesets that declare it

    @property
    def letters(self) -> tuple[str, ...]:
        return self.vocabulary.letters

    @property
    def feature_ids(self) -> tuple[str, ...]:
        return self.vocabulary.feature_ids

    def terrain_label(self, letter: str) -> str:
        """``f forest``, or ``c coast (aasen only)`` for a terrain a supported ruleset
        lacks (``(not sandbox)`` when none of them declares it)."""
        terrain = self.vocabulary.terrain(letter)
        if terrain is None:
            return "?"
        return f"{terrain.look.glyph} {terrain.name}{self._whose(self.terrain_by[letter])}"

    def feature_label(self, feature_id: str) -> str:
        feature = self.vocabulary.feature(feature_id)
        if feature is None:
            return "?"
        return f"{feature.look.glyph} {feature.name}{self._whose(self.feature_by[feature_id])}"

    def _whose(self, declared_by: tuple[str, ...]) -> str:
        lacking = [rid for rid in self.supported if rid not in declared_by]
        if not lacking:
            return ""
        have = [rid for rid in declared_by if rid in self.supported]
        return f" ({', '.join(have)} only)" if have else f" (not {', '.join(lacking)})"


def palette_of(vocabularies: Mapping[str, Vocabulary], supported: Sequence[str]) -> Palette:
    """The union of ``vocabularies`` (by ruleset id, in the order given). A terrain whose
    letter or glyph an earlier ruleset's terrain already holds is the earlier one's (a map
    cannot draw two meanings of one letter); so is a feature whose glyph is taken. A
    ruleset declares a letter or a feature id when it has one, as the checks count it."""
    terrains: list[Terrain] = []
    features: list[HexsideFeature] = []
    terrain_by: dict[str, list[str]] = {}
    feature_by: dict[str, list[str]] = {}
    union = Vocabulary((), ())
    for rid, words in vocabularies.items():
        for terrain in words.terrains:
            if terrain.letter not in terrain_by and union.terrain_clash(terrain) is None:
                terrains.append(terrain)
                union = Vocabulary(tuple(terrains), tuple(features))
            if union.terrain(terrain.letter) is not None:  # the letter, as the checks ask
                terrain_by.setdefault(terrain.letter, []).append(rid)
        for feature in words.features:
            if feature.id not in feature_by and union.feature_clash(feature) is None:
                features.append(feature)
                union = Vocabulary(tuple(terrains), tuple(features))
            if union.feature(feature.id) is not None:
                feature_by.setdefault(feature.id, []).append(rid)
    return Palette(
        union,
        tuple(supported),
        {k: tuple(v) for k, v in terrain_by.items()},
        {k: tuple(v) for k, v in feature_by.items()},
    )


def palette_for(scenario: Scenario, *, new: bool = False) -> Palette:
    """The palette of ``scenario``'s installed rulesets (``new``: of every installed
    ruleset, the scenario's own first)."""
    installed = registry.load_rulesets()
    supported = [rid for rid in scenario.rulesets if rid in installed]
    ids = [*supported, *(rid for rid in installed if rid not in supported)] if new else supported
    if not ids:  # none of its rulesets installed: the words it was read in
        return palette_of({"": scenario.map.vocabulary}, [""])
    return palette_of({rid: installed[rid].vocabulary for rid in ids}, supported)
