"""Widgets shared by tuicamp's screens."""
