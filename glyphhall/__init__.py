"""Glyph Hall: five glyph-themed tabletop games, their bots, terminal and browser play."""

from . import native

__version__ = "0.1.0"

# Before any other glyphhall module is imported: decide compiled or pure for each (native.py).
native.install()
