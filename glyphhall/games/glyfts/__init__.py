"""Glyfts: 2-4 players send hex Creatures into the Combat Circle, hide Sorcery cards under them,
and capture each other's Creatures until someone holds 10 Skill points (rules: shared/rules/glyfts.txt)."""

from .game import GlyftsGame

GAME = GlyftsGame()

__all__ = ["GAME", "GlyftsGame"]
