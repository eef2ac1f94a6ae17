"""tuicamp: a terminal referee for tabletop Warhammer map campaigns."""

__version__ = "0.1.0"
