"""Glicko-2 for puzzles, as lichess rates them: an attempt is a game between the solver and the
puzzle, solving a win for the solver and failing a win for the puzzle. Both are updated from the
other's rating as it was before the attempt (one rating period per attempt). The arithmetic is
the `glicko2` package's; this module only keeps the numbers in bounds and in plain tuples."""

from __future__ import annotations

import math
from dataclasses import dataclass

import glicko2

#: A newcomer's puzzle rating: Glicko-2's own start (1500, deviation 350, volatility 0.06).
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
#: Bounds that keep one freak attempt (or a made-up guest rating) from running the arithmetic off
#: its rails: lichess keeps puzzle ratings in a similar band.
LOWEST, HIGHEST = 400.0, 3500.0
MIN_DEVIATION, MAX_DEVIATION = 45.0, 350.0
MIN_VOLATILITY, MAX_VOLATILITY = 0.01, 0.2


@dataclass(frozen=True)
class Glicko:
    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    def bounded(self) -> Glicko:
        return Glicko(
            min(max(self.rating, LOWEST), HIGHEST),
            min(max(self.deviation, MIN_DEVIATION), MAX_DEVIATION),
            min(max(self.volatility, MIN_VOLATILITY), MAX_VOLATILITY),
        )

    @property
    def shown(self) -> int:
        """The rating as players read it: a whole number."""
        return round(self.rating)

    @property
    def provisional(self) -> bool:
        """Lichess's "?": too few attempts to trust yet (a wide deviation)."""
        return self.deviation > 110


class _Player(glicko2.Player):
    """The package's player with step 5's f(x) as Glickman writes it: the package (2.1.0) puts the
    rating where the deviation belongs (mu^2 for phi^2), which skews the new volatility of anyone
    rated away from 1500."""

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        ex = math.exp(x)
        phi2 = self._Player__rd ** 2
        return ex * (delta**2 - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2) - (x - a) / self._tau**2


def _after(me: Glicko, other: Glicko, won: bool) -> Glicko:
    me, other = me.bounded(), other.bounded()
    player = _Player(rating=me.rating, rd=me.deviation, vol=me.volatility)
    player.update_player([other.rating], [other.deviation], [1.0 if won else 0.0])
    return Glicko(player.rating, player.rd, player.vol).bounded()


def after_attempt(solver: Glicko, puzzle: Glicko, solved: bool) -> tuple[Glicko, Glicko]:
    """The solver's and the puzzle's ratings after one attempt: solving moves the solver up and
    the puzzle down, failing the reverse."""
    return _after(solver, puzzle, solved), _after(puzzle, solver, not solved)
