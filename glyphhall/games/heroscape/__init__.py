"""Heroscape: the Master Game on hex battlefields with levels, plus the Equipment Glyph module
(rulebook ../shared/rules/heroscape-equipment-glyphs.txt). See README.md in this package."""

from .game import GAME, HeroscapeGame

__all__ = ["GAME", "HeroscapeGame"]
