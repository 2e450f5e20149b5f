"""What Heroscape tells the search levels besides its heuristic: each level's iteration budget,
and where their rollouts stop (glyphhall/bots/mcts.py, `rollout_limit`)."""

from __future__ import annotations

from glyphhall.bots.mcts import LEVELS, make_level
from glyphhall.games.heroscape import GAME


def test_expert_stops_its_rollouts_where_hard_does():
    """Random moves and attacks soon take a skirmish far from any real game: no level's rollout
    runs more than 20 plies before the heuristic scores it (with its own 30 Expert scored 0.32
    against Hard over 11 deals, with 20 0.455 over 22: bench/RESULTS.md, issue 41's fourteenth
    round); Quick keeps its shorter 10."""
    assert GAME.rollout_cutoff == 20 == LEVELS["mcts"]["cutoff"] < LEVELS["mcts-hard"]["cutoff"]
    assert make_level("mcts-hard", 0).rollout_limit(GAME) == 20
    assert make_level("mcts", 0).rollout_limit(GAME) == 20
    assert make_level("mcts-easy", 0).rollout_limit(GAME) == LEVELS["mcts-easy"]["cutoff"] == 10
    assert make_level("mcts-hard", 0, cutoff=30).rollout_limit(GAME) == 30  # asked for by name: as asked
    # The budgets: Expert searches three times Hard's iterations in this game.
    assert GAME.search_iterations == {"mcts": 1_500, "mcts-hard": 4_500}
