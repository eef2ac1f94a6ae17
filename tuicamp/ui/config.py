"""The user's UI settings: theme, keymap and a few comforts, from one TOML file.

The file is ``$TUICAMP_CONFIG`` when set, else ``$XDG_CONFIG_HOME/tuicamp/config.toml``
(``~/.config/tuicamp/config.toml``). It is optional; a missing file means the defaults. A
broken one must not keep a club from playing, so its problems are collected as readable
lines (shown as a notification) and the defaults are used for what could not be read::

    theme = "tuicamp-light"        # tuicamp-dark (default), tuicamp-light, tuicamp-contrast
    cursor_blink = false
    hexes = "dense"                # map layout to start with: brick (default), dense or wide

    [keymap]                       # binding id = keys (comma-separated)
    "campaign.end_turn" = "ctrl+e"
    "map.ne" = "u"
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from attrs import define, field
from textual.theme import Theme

from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr
from tuicamp.ui.map_layouts import LAYOUTS

ENV_CONFIG = "TUICAMP_CONFIG"

# Three themes: the default, a light one for bright club rooms, and a high-contrast one
# of pure black, white and the bright primaries (which survive a 16-colour terminal).
THEMES: tuple[Theme, ...] = (
    Theme(
        name="tuicamp-dark",
        primary="#c8963e",  # brass
        secondary="#6b8f71",
        accent="#d9b45a",
        warning="#e0a030",
        error="#d0504a",
        success="#6fbf73",
        foreground="#e6e0d4",
        background="#1b1a17",
        surface="#262420",
        panel="#33302a",
        dark=True,
    ),
    Theme(
        name="tuicamp-light",
        primary="#7a4f10",
        secondary="#3f6b48",
        accent="#9c6b12",
        warning="#a05a00",
        error="#b02a25",
        success="#2e7d32",
        foreground="#1f1b14",
        background="#f5efe1",
        surface="#ebe3d0",
        panel="#ded3ba",
        dark=False,
    ),
    Theme(
        name="tuicamp-contrast",
        primary="#ffff00",
        secondary="#00ffff",
        accent="#ffff00",
        warning="#ffff00",
        error="#ff5555",
        success="#55ff55",
        foreground="#ffffff",
        background="#000000",
        surface="#000000",
        panel="#0000aa",
        boost="#ffffff",
        dark=True,
        luminosity_spread=0.0,
        text_alpha=1.0,
    ),
)
THEME_NAMES: tuple[str, ...] = tuple(t.name for t in THEMES)
DEFAULT_THEME = "tuicamp-dark"


@define
class UiConfig:
    __repr__ = fields_repr
    __eq__ = fields_eq

    theme: str = DEFAULT_THEME
    keymap: dict[str, str] = field(factory=dict)  # binding id -> keys
    cursor_blink: bool = True
    hexes: str = "brick"
    path: Path | None = None  # where it was read from (None: defaults only)
    problems: list[str] = field(factory=list)  # readable lines about a broken file


def config_path() -> Path:
    env = os.environ.get(ENV_CONFIG)
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "tuicamp" / "config.toml"


def load_config(path: Path | None = None) -> UiConfig:
    """Read the config file; never raises for a bad file (problems are listed instead)."""
    path = path or config_path()
    config = UiConfig(path=path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        config.path = None
        return config
    except OSError as exc:
        config.problems.append(f"{path}: cannot be read ({exc.strerror}); using the defaults")
        return config
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        config.problems.append(f"{path}: not valid TOML ({exc}); using the defaults")
        return config
    _apply(config, data, path)
    return config


def _apply(config: UiConfig, data: dict, path: Path) -> None:
    """Take each known setting that has the right shape; name every one that does not."""
    known = {"theme", "keymap", "cursor_blink", "hexes"}
    for key in sorted(set(data) - known):
        config.problems.append(
            f"{path}: unknown setting {key!r} (known: {', '.join(sorted(known))})"
        )
    theme = data.get("theme", DEFAULT_THEME)
    if theme in THEME_NAMES or (isinstance(theme, str) and _is_builtin_theme(theme)):
        config.theme = theme
    else:
        config.problems.append(
            f"{path}: theme {theme!r} is not known (use one of {', '.join(THEME_NAMES)})"
        )
    blink = data.get("cursor_blink", True)
    if isinstance(blink, bool):
        config.cursor_blink = blink
    else:
        config.problems.append(f"{path}: cursor_blink is true or false, not {blink!r}")
    hexes = data.get("hexes", "brick")
    if hexes in LAYOUTS:
        config.hexes = hexes
    else:
        config.problems.append(f"{path}: hexes is one of {', '.join(LAYOUTS)}, not {hexes!r}")
    keymap = data.get("keymap", {})
    if not isinstance(keymap, dict):
        config.problems.append(f'{path}: [keymap] must be a table of binding id = "keys"')
        return
    for binding_id, keys in keymap.items():
        if isinstance(keys, str) and keys.strip():
            config.keymap[binding_id] = keys.strip()
        else:
            config.problems.append(
                f'{path}: keymap {binding_id!r} needs keys as text, e.g. "ctrl+e"'
            )


def _is_builtin_theme(name: str) -> bool:
    from textual.theme import BUILTIN_THEMES

    return name in BUILTIN_THEMES
