"""The scenario editor (``tuicamp edit [SCENARIO]``, and the title screen's Map editor):
paint terrain, draw hexside features, shape territories, place settlements, undo and
redo, see the scenario's problems as ``tuicamp check`` finds them, generate a map, save.

:class:`EditorScreen` is the package's one public name; the modules behind it are its
own. The edits themselves are the game layer's (:mod:`tuicamp.game.mapedit`).
"""

from tuicamp.ui.editor._screen import EditorScreen

__all__ = ["EditorScreen"]
