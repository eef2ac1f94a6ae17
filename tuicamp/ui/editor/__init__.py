"""The scenario editor (``tuicamp edit [SCENARIO]``, and the title screen's Map editor):
paint terrain, draw hexside features, shape territories, place settlements, undo and
redo, see the scenario's problems as ``tuicamp check`` finds them, generate a map, save.

:class:`EditorScreen`, :func:`open_editor` (the screen a file opens on, problems and
all: the map, or the file's text when no map can be drawn from it) and
:class:`EditorStart` (the title screen's way in: a blank map, a generated one, or a
scenario to open) are the package's public names; the modules behind them are its own.
The edits themselves are the game layer's (:mod:`tuicamp.game.mapedit`).
"""

from tuicamp.ui.editor._open import open_editor
from tuicamp.ui.editor._screen import EditorScreen
from tuicamp.ui.editor._start import EditorStart

__all__ = ["EditorScreen", "EditorStart", "open_editor"]
