"""Glyph Hall: five glyph-themed tabletop games, their bots, terminal and browser play."""

__version__ = "0.1.0"
