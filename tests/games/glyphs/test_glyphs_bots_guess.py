"""Issue 23's Glyphs item: apprentice bots guess once their belief is strong enough, also in a
3-apprentice game whose other apprentices are MCTS bots (rulebook, Gameplay 2: with a coin you may
guess the decree; a wrong guess costs the coin and earns a counterexample)."""

from __future__ import annotations

from glyphhall import bots
from glyphhall.bots.mcts import make_level
from glyphhall.engine import Rng
from glyphhall.games.glyphs import GAME


def test_the_apprentice_guesses_among_mcts_apprentices():
    s = GAME.new(3, 1, {"level": 2})
    players = [bots.make("policy", 1), make_level("mcts", 2, iterations=4, seconds=None),
               make_level("mcts", 3, iterations=4, seconds=None)]
    rng = Rng(1)
    guessed, turns_of_the_bot = [], 0
    while not s.is_over() and turns_of_the_bot < 4 and not guessed:
        seat = s.to_move()[0]
        action = players[seat].choose(s.determinize(seat, rng.fork()), seat)
        if seat == 0 and action.verb == "confirm":
            guessed.append(s.coins[0])
        turns_of_the_bot += seat == 0 and action.verb in ("perform", "study")
        s.apply(seat, action)
    assert guessed, "the apprentice bot paid no guess in its first four turns"
    assert guessed[0] >= 1  # it guessed with a coin it had earned
