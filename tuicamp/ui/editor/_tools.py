"""What the editor's keys act with: the tool, the terrain or feature or territory it puts
down, the brush size and the pen. Plain state, so the screen only asks and draws; the
terrains and features come from the scenario's :class:`Palette` (every one its rulesets
declare), the territories from its map."""

from __future__ import annotations

from attrs import define

from tuicamp.game.mapedit.edits import BRUSH_SIZES
from tuicamp.game.mapedit.palette import Palette
from tuicamp.model.equality import fields_eq
from tuicamp.model.map import HexMap
from tuicamp.model.reprs import fields_repr

TERRAIN, FEATURE, TERRITORY, SETTLEMENT = "terrain", "feature", "territory", "settlement"
ARMY = "army"
TOOLS = (TERRAIN, FEATURE, TERRITORY, SETTLEMENT, ARMY)
# The feature pen: off, drawing the feature on every side the cursor crosses, or erasing.
PEN_OFF, PEN_DRAW, PEN_ERASE = "off", "draw", "erase"
PENS = (PEN_OFF, PEN_DRAW, PEN_ERASE)
SETTLEMENT_KINDS = ("village", "town", "city", "capital", "fortress", "tower")
# The keys of the tool in hand, as the status panel lists them: they are off the footer
# at 80 columns, and a designer should not need the help to find the fill or the lasso.
TOOL_KEYS: dict[str, tuple[str, ...]] = {
    TERRAIN: ("space paint",),
    FEATURE: ("space pen on/erase/off",),
    TERRITORY: ("space assign", "f fill", "l lasso", "T new", "r rename", "O owner", "C colour"),
    SETTLEMENT: ("space place/change", "X remove"),
    ARMY: ("space place/change", "] next here", "X remove"),
}


@define
class Tools:
    __repr__ = fields_repr
    __eq__ = fields_eq

    tool: str = TERRAIN
    terrain: int = 1  # index into the vocabulary's letters (forest: clear is the blank map)
    feature: int = 0
    territory: str | None = None
    brush: int = 1
    pen: str = PEN_OFF
    army: int = 0  # which of the armies on the cursor's hex the army tool changes

    def next_tool(self) -> None:
        self.tool = TOOLS[(TOOLS.index(self.tool) + 1) % len(TOOLS)]
        self.pen = PEN_OFF

    def next_brush(self) -> None:
        self.brush = BRUSH_SIZES[(BRUSH_SIZES.index(self.brush) + 1) % len(BRUSH_SIZES)]

    def next_pen(self) -> None:
        self.pen = PENS[(PENS.index(self.pen) + 1) % len(PENS)]

    def cycle(self, hexmap: HexMap, palette: Palette, step: int) -> None:
        """The next (or previous) item of the tool in hand."""
        if self.tool == TERRAIN:
            self.terrain = (self.terrain + step) % len(palette.letters)
        elif self.tool == FEATURE:
            self.feature = (self.feature + step) % len(palette.feature_ids)
        elif self.tool == TERRITORY and hexmap.territories:
            ids = [t.id for t in hexmap.territories]
            at = ids.index(self.territory) if self.territory in ids else -1
            self.territory = ids[(at + step) % len(ids)]
        elif self.tool == ARMY:
            self.army += step  # taken modulo the armies on the hex when it is used

    def keys(self, width: int) -> list[str]:
        """The tool's keys in lines of at most ``width`` characters, never a key parted
        from its word."""
        lines: list[str] = []
        for key in TOOL_KEYS[self.tool]:
            if lines and len(lines[-1]) + 2 + len(key) <= width:
                lines[-1] += f"  {key}"
            else:
                lines.append(key)
        return lines

    def letter(self, palette: Palette) -> str:
        letters = palette.letters
        return letters[self.terrain % len(letters)]

    def feature_id(self, palette: Palette) -> str:
        ids = palette.feature_ids
        return ids[self.feature % len(ids)]

    def item(self, hexmap: HexMap, palette: Palette) -> str:
        """What the tool puts down, in words, for the status panel."""
        if self.tool == TERRAIN:
            return palette.terrain_label(self.letter(palette))
        if self.tool == FEATURE:
            return f"{palette.feature_label(self.feature_id(palette))}, pen {self.pen}"
        if self.tool == TERRITORY:
            t = hexmap.territory(self.territory) if self.territory else None
            tint = f" in {t.colour}" if t and t.colour else ""
            return f"{t.name} ({len(t.hexes)}){tint}" if t else "none: T makes one"
        if self.tool == ARMY:
            return "units or points: a form"
        return "kind, owner, walls: a form"
