"""`State.sample_action(seat, rng)` draws every legal action with the same probability, for every
game, whether the game lists its actions to draw one or draws without listing (the random bot
and the search's rollouts rely on it)."""

from __future__ import annotations

import math
from collections import Counter

from glyphhall.engine import Rng

from .playout import player_counts, random_playout

#: Positions checked per game, their widest choice, and draws per legal action.
POSITIONS, WIDEST, DRAWS_EACH = 8, 40, 60
#: z for a one-sided p of 1e-5 per position: a correct sampler fails about once in 10,000 runs
#: of this whole test, a biased one (an action drawn half or twice as often) nearly always.
Z = 4.26


def _chi_square_limit(degrees: int) -> float:
    """The chi-square value with tail probability p at `degrees` (Wilson-Hilferty)."""
    k = float(degrees)
    return k * (1 - 2 / (9 * k) + Z * math.sqrt(2 / (9 * k))) ** 3


def _positions(game):
    """Up to POSITIONS (state, seat) pairs with 2..WIDEST legal actions, of different widths
    where the game offers them, along seeded random games at each player count."""
    found, widths = [], Counter()
    for players in player_counts(game):
        for seed in (3, 4):
            for steps, (state, seat, _) in enumerate(random_playout(game, players, seed)):
                if len(found) >= POSITIONS or steps > 400:
                    break
                width = len(state.legal_actions(seat))
                if 2 <= width <= WIDEST and widths[width] < 2:
                    widths[width] += 1
                    found.append((state.clone(), seat))
    return found


def test_samples_are_legal_uniform_and_change_nothing(game):
    positions = _positions(game)
    assert positions, f"{game.id}: no position with a choice in the first moves"
    rng = Rng(2024)
    for state, seat in positions:
        legal = state.legal_actions(seat)
        before = state.to_dict()
        draws = DRAWS_EACH * len(legal)
        counts = Counter(state.sample_action(seat, rng) for _ in range(draws))
        assert set(counts) <= set(legal), f"{game.id}: sampled an illegal action"
        assert state.to_dict() == before, f"{game.id}: sampling changed the state"
        chi = sum((counts[a] - DRAWS_EACH) ** 2 / DRAWS_EACH for a in legal)
        assert chi < _chi_square_limit(len(legal) - 1), (
            f"{game.id}: sample_action is not uniform over {len(legal)} actions: {dict(counts)}")
