"""How long games go without progress, to size the no-progress rulings (bench/RESULTS.md).

For random play (each seat the random bot) with the no-progress end off, the longest stretch of
rounds without progress in each game, and how the games end. Glyfts: progress is a capture or a
summon; Tundrus: the champions' total Health at a new low. Prints the
median, 95th and 99th percentile and the maximum of those stretches per player count.

    python bench/endless.py --games 300 --cap 3000
"""

from __future__ import annotations

import argparse
import statistics

from glyphhall.engine import Rng
from glyphhall.games import get


def glyfts_stretches(players: int, games: int, cap: int) -> tuple[list[float], dict[str, int]]:
    game = get("glyfts")
    longest: list[float] = []
    ends = {"rulebook": 0, "cap": 0}
    for seed in range(games):
        s = game.new(players, seed, {"no_progress": 0})
        rng = Rng(seed + 10_000)
        worst = 0.0
        for _ in range(cap):
            if s.is_over():
                break
            seat = s.to_move()[0]
            s.apply(seat, s.sample_action(seat, rng), check=False)
            worst = max(worst, s.quiet / max(1, sum(s.alive)))
        ends["rulebook" if s.is_over() else "cap"] += 1
        longest.append(worst)
    return longest, ends


def tundrus_stretches(players: int, games: int, cap: int) -> tuple[list[float], dict[str, int]]:
    """Per game, the longest stretch of rounds in which the champions' total Health reached no new
    low (Health lost for good: healing then losing it again is no new low)."""
    game = get("tundrus")
    longest: list[float] = []
    ends = {"rulebook": 0, "cap": 0}
    for seed in range(games):
        s = game.new(players, seed, {"no_progress": 0})
        rng = Rng(seed + 10_000)
        low, since, worst = None, 0, 0
        for _ in range(cap):
            if s.is_over():
                break
            seat = s.to_move()[0]
            s.apply(seat, s.sample_action(seat, rng), check=False)
            total = sum(c.health for c in s.champs)
            if s.round > 0 and (low is None or total < low):
                low, since = total, s.round
            worst = max(worst, s.round - since)
        ends["rulebook" if s.is_over() else "cap"] += 1
        longest.append(worst)
    return longest, ends


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
            report("glyfts", players, args.games, args.cap, *glyfts_stretches(players, args.games, args.cap))
    if args.game in ("tundrus", "all"):
        for players in (2,):  # progress: the champions' total Health at a new low (more seats: the same two Tribes)
            report("tundrus", players, args.games, args.cap, *tundrus_stretches(players, args.games, args.cap))


if __name__ == "__main__":
    main()
