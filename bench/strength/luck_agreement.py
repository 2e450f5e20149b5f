"""Does shared luck make a deal's games agree more? (issue 23, the strength bench's paired deals)

    python bench/strength/luck_agreement.py GAME [GAME ...] [--deals N]

For each deal (seed), two heuristic-against-heuristic games that differ only in the bots' seeds
(their tie-breaks) are played, once with the game's one random stream and once with per-purpose
streams keyed by where the draw happens (`glyphhall.arena.luck`); the script prints how often the
two games of a deal end with the same winner under each. Luck that is really shared should make
them agree more often (the pair then differs by the players' choices only)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from glyphhall.arena import MatchSpec, play_match, wilson  # noqa: E402


def agreement(game: str, deals: int, shared: bool) -> int:
    same = 0
    for i in range(deals):
        winners = []
        for seeds in ((1, 2), (3, 4)):
            spec = MatchSpec(index=i, game=f"glyphhall.games.{game}:GAME", seed=1000 + i,
                             entrants=("heuristic", "heuristic#2"), bots=("heuristic", "heuristic"),
                             bot_seeds=seeds, shared_luck=shared)
            winners.append(play_match(spec)["returns"][0])
        same += winners[0] == winners[1]
    return same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="+")
    parser.add_argument("--deals", type=int, default=100)
    args = parser.parse_args()
    for game in args.games:
        for shared in (False, True):
            same = agreement(game, args.deals, shared)
            low, high = wilson(same, args.deals)
            print(f"{game} {'shared' if shared else 'plain'}: the same winner in {same} of {args.deals} deals"
                  f" ({low:.0%} to {high:.0%})", flush=True)


if __name__ == "__main__":
    main()
