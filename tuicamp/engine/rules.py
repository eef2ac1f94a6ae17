"""The one read context: what every read-side hook of a ruleset is given.

A ruleset's questions that change nothing (who may act, what is pending, what a seat sees,
which result fields a battle asks, whether the war is won) all need the same two things:
the campaign and the ruleset, with the tables in force (the ruleset's defaults under the
campaign's house rules) and the options. ``Rules`` carries them, with the merged tables
cached, so no ruleset has to look itself up in the registry once a campaign is loaded.
A campaign read through its ruleset reads its map in the ruleset's vocabulary: ``Rules``
binds it (the vocabulary is never saved), so every engine, session, check and view that
reads a campaign reads its terrain letters and hexside features as its ruleset means them.
:class:`~tuicamp.engine.context.Context` extends it with the acting seat, the dice and
``emit`` for the hooks that change the campaign.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from attrs import define, field

from tuicamp.model.campaign import Campaign, OptionValue
from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr

if TYPE_CHECKING:
    from tuicamp.engine.ruleset import Ruleset
    from tuicamp.model.terrain import Vocabulary


def merged_tables(defaults: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """The ruleset's tables with the campaign's house-rule overrides laid over them.

    Tables merge key by key (a campaign may change one row of a table); a value that is not
    a table replaces the default whole.
    """
    out = dict(defaults)
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged_tables(out[key], value)
        else:
            out[key] = value
    return out


@define
class Rules:
    """A campaign read through its ruleset: tables in force, options, the ruleset itself."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    campaign: Campaign
    ruleset: Ruleset
    _tables: dict[str, Any] | None = field(default=None, kw_only=True, alias="_tables")

    def __attrs_post_init__(self) -> None:
        # The map's letters mean what the ruleset declares (see the module's docstring).
        self.campaign.map.vocabulary = self.ruleset.vocabulary

    @property
    def vocabulary(self) -> Vocabulary:
        """The terrains and hexside features of the campaign's ruleset (its map's)."""
        return self.ruleset.vocabulary

    @property
    def tables(self) -> dict[str, Any]:
        """The ruleset's tables under the campaign's overrides (read-only by convention:
        without house rules this is the ruleset's own cached defaults)."""
        if self._tables is None:
            defaults = self.ruleset.default_tables
            self._tables = (
                merged_tables(defaults, self.campaign.tables) if self.campaign.tables else defaults
            )
        return self._tables

    def table(self, name: str) -> Any:
        try:
            return self.tables[name]
        except KeyError:
            raise KeyError(f"ruleset {self.ruleset.id} has no table {name!r}") from None

    def option(self, name: str) -> OptionValue:
        """The campaign's setting of an option, or the ruleset's default."""
        return self.ruleset.option_value(self.campaign, name)
