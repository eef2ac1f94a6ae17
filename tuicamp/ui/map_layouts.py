"""The map's zoom levels, by name: what the config file's ``hexes`` may say.

Kept apart from the renderer that draws them (``map_render``), so that reading the user's
config at start-up does not import the renderer before the first frame needs it.
"""

from __future__ import annotations

# ``o`` steps through them in this order: the normal brick, the dense overview, then the
# wide brick for a large terminal, and round again.
LAYOUTS: tuple[str, ...] = ("brick", "dense", "wide")
