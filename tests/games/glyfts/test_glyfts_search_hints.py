"""What Glyfts tells the search bots besides its heuristic: which roll the heuristic already
averages over (the search subtracts the luck of that roll, see glyphhall/bots/mcts.py)."""

from __future__ import annotations

import pytest
from glyfts_helpers import ATTACK, build, script

from glyphhall.games.glyfts import GAME
from glyphhall.games.glyfts import notation as N
from glyphhall.games.glyfts.state import SUMMON


def _battle_declared():
    # Both sides keep Creatures in reserve and a second pair can still fight, so the turn goes
    # on after the battle: nothing but the battle's outcome changes the position.
    s = build([["storm_roc", "gale_sprite"], ["pebble_mite", "cliff_goat"]],
              reserve=[["cloud_heron"], ["granite_mole"]], phase=ATTACK)
    s.apply_text(0, "attack storm_roc pebble_mite")
    return s


def test_only_the_battle_roll_is_declared_as_averaged_chance():
    """The battle roll (rulebook, Playing the Game: attacker and defender each roll a D6) is the
    one the heuristic takes the expectation over (README, Rulings 6-7)."""
    s = _battle_declared()
    assert GAME.heuristic_averages_chance(s, N.ROLL)
    placing = build([["storm_roc"], ["pebble_mite"]], hands=[["ward"], []])
    assert not any(GAME.heuristic_averages_chance(placing, a) for a in placing.legal_actions(0))
    summoning = build([["storm_roc"], ["pebble_mite"]], reserve=[["cloud_heron"], []], phase=SUMMON)
    summoning.apply_text(0, "summon cloud_heron")
    assert not GAME.heuristic_averages_chance(summoning, N.ROLL)  # the summon roll is not averaged


@pytest.mark.parametrize("seat", [0, 1])
def test_the_heuristic_before_the_battle_roll_is_the_mean_over_the_36_rolls(seat):
    """The hook's premise, checked by rolling every pair of dice: the luck it subtracts is zero
    on average, so the search is not biased for or against attacking."""
    s = _battle_declared()
    before = GAME.heuristic(s, seat)
    after = []
    for x in range(1, 7):
        for y in range(1, 7):
            rolled = s.clone()
            script(rolled, x, y)
            rolled.apply(0, N.ROLL)
            after.append(GAME.heuristic(rolled, seat))
    assert len(set(after)) > 1  # the dice matter here
    assert sum(after) / 36 == pytest.approx(before, abs=1e-9)


def test_the_search_levels_take_glyfts_hints():
    """Leaves scored by the heuristic at once, a smaller UCB exploration (moves differ by a few
    hundredths), and the battle roll's luck subtracted."""
    from glyphhall.bots.mcts import chance_hook, make_level

    bot = make_level("mcts", 0)
    assert bot.rollout_limit(GAME) == 0
    assert bot.exploration_for(GAME) == GAME.search_exploration < bot.exploration
    assert chance_hook(GAME) is not None and bot.adjust_luck
