"""How long games go without progress, to size the no-progress rulings (bench/RESULTS.md).

For random play (each seat the random bot) with the no-progress end off, the longest stretch of
rounds without progress in each game, and how the games end. Glyfts: progress is a capture or a
summon; Tundrus: the champions' total Health at a new low. Prints the
median, 95th and 99th percentile and the maximum of those stretches per player count.

    python bench/engine/endless.py --games 300 --cap 3000
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable

from glyphhall.engine import Rng, State
from glyphhall.games import get


def stretches(game_id: str, players: int, games: int, cap: int, quiet: Callable[[], Callable[[State], float]]
              ) -> tuple[list[float], dict[str, int]]:
    """Random games with the no-progress end off: per game, the longest stretch without progress
    (`quiet()` makes a fresh per-game measure, called after every step), and how the games ended."""
    game = get(game_id)
    longest: list[float] = []
    ends = {"rulebook": 0, "cap": 0}
    for seed in range(games):
        s = game.new(players, seed, {"no_progress": 0})
        rng = Rng(seed + 10_000)
        measure, worst = quiet(), 0.0
        for _ in range(cap):
            if s.is_over():
                break
            seat = s.to_move()[0]
            s.apply(seat, s.sample_action(seat, rng), check=False)
            worst = max(worst, measure(s))
        ends["rulebook" if s.is_over() else "cap"] += 1
        longest.append(worst)
    return longest, ends


def glyfts_quiet() -> Callable[[State], float]:
    """Rounds since a capture or a summon (the state counts turns)."""
    return lambda s: s.quiet / max(1, sum(s.alive))  # type: ignore[attr-defined]


def tundrus_quiet() -> Callable[[State], float]:
    """Rounds since the champions' total Health was at a new low (healing then losing it again is
    no new low)."""
    low, since = -1, 0

    def measure(s: State) -> float:
        nonlocal low, since
        total = sum(c.health for c in s.champs)  # type: ignore[attr-defined]
        if s.round > 0 and (low < 0 or total < low):  # type: ignore[attr-defined]
            low, since = total, s.round  # type: ignore[attr-defined]
        return s.round - since  # type: ignore[attr-defined]

    return measure


def report(name: str, players: int, games: int, cap: int, longest: list[float], ends: dict[str, int]) -> None:
    q = statistics.quantiles(longest, n=100)
    print(f"{name} {players} players, {games} random games: longest stretch without progress, in rounds: "
          f"median {statistics.median(longest):.1f}, 95th {q[94]:.1f}, 99th {q[98]:.1f}, max {max(longest):.1f}; "
          f"ended by the rulebook {ends['rulebook']}, still going at {cap} plies {ends['cap']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--cap", type=int, default=3000, help="plies before a game counts as endless")
    parser.add_argument("--game", choices=("glyfts", "tundrus", "all"), default="all")
    args = parser.parse_args()
    if args.game in ("glyfts", "all"):
        for players in (2, 3, 4):  # progress: a capture or a summon
            report("glyfts", players, args.games, args.cap, *stretches("glyfts", players, args.games, args.cap, glyfts_quiet))
    if args.game in ("tundrus", "all"):
        for players in (2,):  # progress: the champions' total Health at a new low (more seats: the same two Tribes)
            report("tundrus", players, args.games, args.cap, *stretches("tundrus", players, args.games, args.cap, tundrus_quiet))


if __name__ == "__main__":
    main()
