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
    return bot.choose(sample_for(bot, true_state, seat), seat)


def sample_for(bot: Bot, true_state: State, seat: int) -> State:
    """The determinization of `true_state` that `ask` would hand `bot` for `seat` (a server
    worker growing one of the bot's root-parallel trees starts from it too)."""
    return true_state.determinize(seat, bot.rng.fork())
