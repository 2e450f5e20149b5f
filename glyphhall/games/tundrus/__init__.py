"""Glyph (`tundrus`): two Tribes of champions roll glyph dice, equip items and fight."""

from .game import GAME

__all__ = ["GAME"]
