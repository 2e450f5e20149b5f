"""Battle rules as properties over every combination of revealed cards and totals."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from glyphhall.games.glyfts import combat
from glyphhall.games.glyfts.cards import CARDS

kinds = st.lists(st.sampled_from(range(len(CARDS.sorceries))), max_size=4)
NULLIFY = CARDS.sorcery_by_id["nullify"].index


@given(kinds, kinds)
def test_a_cancelling_card_anywhere_leaves_a_plain_dice_battle(attacker, defender):
    """Rulebook, Playing the Game (example): cancelling all special abilities beats every other card."""
    fx = combat.battle_effects(CARDS, attacker, defender)
    if NULLIFY in attacker or NULLIFY in defender:
        assert fx.cancelled
        assert (fx.attack_bonus, fx.health_bonus, fx.attacker_rerolls, fx.defender_rerolls) == (0, 0, 0, 0)
        assert not fx.attacker_captures and not fx.defender_captures
    else:
        assert not fx.cancelled
        assert fx.attack_bonus == sum(CARDS.sorceries[k].attack_bonus for k in attacker)
        assert fx.health_bonus == sum(CARDS.sorceries[k].health_bonus for k in defender)
        assert fx.attacker_captures == any(CARDS.sorceries[k].captures for k in attacker)
        assert fx.defender_captures == any(CARDS.sorceries[k].captures for k in defender)


@given(st.integers(0, 20), st.integers(0, 20), st.booleans(), st.booleans())
def test_outcomes_follow_the_rulebook(attack, health, attacker_captures, defender_captures):
    """Rulebook, Playing the Game: a greater Attack captures; if both would capture, stalemate."""
    result = combat.outcome(attack, health, attacker_captures, defender_captures)
    attacker_would = attacker_captures or attack > health
    if attacker_would and defender_captures:
        assert result == combat.STALEMATE
    elif attacker_would:
        assert result == combat.DEFENDER_CAPTURED
    elif defender_captures:
        assert result == combat.ATTACKER_CAPTURED
    else:
        assert result == combat.REPELLED
    if attack <= health and not attacker_captures:
        assert result != combat.DEFENDER_CAPTURED  # a tie or a lower Attack never captures
