"""Inscription: the two-player creature card duel (../shared/rules/inscription.txt)."""

from .game import InscriptionGame

GAME = InscriptionGame()

__all__ = ["GAME", "InscriptionGame"]
