"""Battles: what the revealed Sorcery cards do, and who captures whom.

Rulebook, Playing the Game: all cards under the two combatants are revealed and activate at the
same time; a card that cancels special abilities stops a card that captures. Then Attack + D6
against Health + D6; the greater captures; if both would capture, the battle is a stalemate.
The effects come from the card data (cards.Sorcery), never from card names."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import CardSet

# Battle outcomes.
REPELLED = 0  # nobody is captured
DEFENDER_CAPTURED = 1
ATTACKER_CAPTURED = 2
STALEMATE = 3

OUTCOME_TEXT = {
    REPELLED: "repelled",
    DEFENDER_CAPTURED: "defender captured",
    ATTACKER_CAPTURED: "attacker captured",
    STALEMATE: "stalemate",
}


class Effects:
    """The combined effect of the cards revealed in one battle, after cancelling."""

    __slots__ = ("cancelled", "attack_bonus", "health_bonus", "attacker_captures", "defender_captures",
                 "attacker_rerolls", "defender_rerolls")

    def __init__(self) -> None:
        self.cancelled = False
        self.attack_bonus = 0
        self.health_bonus = 0
        self.attacker_captures = False
        self.defender_captures = False
        self.attacker_rerolls = 0
        self.defender_rerolls = 0


def battle_effects(cards: CardSet, attacker_cards: Sequence[int], defender_cards: Sequence[int]) -> Effects:
    """The effects of the cards revealed under the attacker and the defender, all at once.

    A cancelling card stops every other card on both sides; it does nothing else, so two of them
    give the same plain dice battle as one. Strength-like bonuses count only for the attacker's
    Attack and Ward-like bonuses only for the defender's Health."""
    fx = Effects()
    sorceries = cards.sorceries
    for kind in attacker_cards:
        if sorceries[kind].cancels_others:
            fx.cancelled = True
            return fx
    for kind in defender_cards:
        if sorceries[kind].cancels_others:
            fx.cancelled = True
            return fx
    for kind in attacker_cards:
        card = sorceries[kind]
        fx.attack_bonus += card.attack_bonus
        fx.attacker_captures = fx.attacker_captures or card.captures
        fx.attacker_rerolls += card.rerolls
    for kind in defender_cards:
        card = sorceries[kind]
        fx.health_bonus += card.health_bonus
        fx.defender_captures = fx.defender_captures or card.captures
        fx.defender_rerolls += card.rerolls
    return fx


def outcome(attack_total: int, health_total: int, attacker_captures: bool, defender_captures: bool) -> int:
    """Who is captured. The attacker captures when its final Attack is greater than the defender's
    final Health (a tie captures nobody) or through a capturing card; the defender captures only
    through a capturing card. If both would capture, neither does."""
    attacker_wins = attacker_captures or attack_total > health_total
    if attacker_wins and defender_captures:
        return STALEMATE
    if attacker_wins:
        return DEFENDER_CAPTURED
    if defender_captures:
        return ATTACKER_CAPTURED
    return REPELLED
