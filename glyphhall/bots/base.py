"""What a bot is, and the one way the rest of the program asks a bot for a move.

A bot never receives the true state: `ask` hands it a determinization for its seat, in which
everything hidden from that seat has been resampled. So a bot cannot cheat even by accident."""

from __future__ import annotations

from abc import ABC, abstractmethod

from glyphhall.engine import Action, Rng, State


class Bot(ABC):
    #: The name used on the command line, in the arena and in the lobby ("random", "mcts-hard").
    name: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, state: State, seat: int) -> Action:
        """A legal action for `seat`. `state` is a determinization for `seat`, never the truth."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def ask(bot: Bot, true_state: State, seat: int) -> Action:
    """The bot's move for `seat`, chosen on a determinized copy of `true_state`."""
    sample = true_state.determinize(seat, bot.rng.fork())
    return bot.choose(sample, seat)
