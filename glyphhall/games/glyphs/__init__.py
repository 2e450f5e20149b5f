"""Glyphs (Lee Trent): a Zendo-like induction game. A mage sets a secret decree about glyphs made
of shapes; apprentices make glyphs, predict marks, and guess the decree. See README.md."""

from .game import GlyphsGame

GAME = GlyphsGame()

__all__ = ["GAME", "GlyphsGame"]
