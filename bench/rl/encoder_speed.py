"""What one observation tensor costs, per game: microseconds of CPU per `observation` call of the
game's tensor encoder, over 40 positions sampled along seeded random games (every tenth step),
written into a zeroed float32 array as the environments do.

    PYTHONPATH=TREE python bench/rl/encoder_speed.py [GAME ...] [--seconds S]

Run it on two trees in turn (old code, new code) to compare; the machine's load moves the figure,
so take the median of several runs taken alternately."""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from glyphhall import games
from glyphhall.engine import Rng

DEFAULT_GAMES = ("inscription", "tundrus", "glyfts", "heroscape")


def positions(game_id: str) -> list:
    game, rng = games.get(game_id), Rng(3)
    state, kept = game.new(game.min_players, 5), []
    for i in range(400):
        if state.is_over():
            state = game.new(game.min_players, i)
        seat = state.to_move()[0]
        state.apply(seat, state.sample_action(seat, rng), check=False)
        if i % 10 == 0:
            kept.append(state.clone())
    return kept


def us_per_observation(game_id: str, seconds: float) -> float:
    states = positions(game_id)
    encoder = games.get(game_id).tensor_encoder_of(states[0])
    out = np.zeros(encoder.observation_shape, np.float32)
    start, n = time.process_time(), 0
    while time.process_time() - start < seconds:
        for state in states:
            movers = state.to_move()
            out.fill(0.0)
            encoder.observation(state, movers[0] if movers else 0, out)
            n += 1
    return 1e6 * (time.process_time() - start) / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=list(DEFAULT_GAMES))
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    for game_id in args.games:
        print(json.dumps({"game": game_id, "us_per_observation": round(us_per_observation(game_id, args.seconds), 1)}))


if __name__ == "__main__":
    main()
