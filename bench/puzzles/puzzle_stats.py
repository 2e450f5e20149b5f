"""The shipped puzzles in figures, per game, from each puzzle's `generated` record: how many, the
themes, positions examined per puzzle kept, the margins and chances, the budgets, the start
ratings. Usage: `python bench/puzzles/puzzle_stats.py [GAME ...]` (every game by default); prints JSON lines.
The generator's own run (time taken, positions examined) prints its summary line at the end:
`python -m glyphhall.puzzles.generate GAME --count N --seed S`."""

from __future__ import annotations

import json
import statistics
import sys
from collections import Counter

from glyphhall import games
from glyphhall.puzzles import load_puzzles


def stats(game_id: str) -> dict:
    puzzles = load_puzzles(game_id)
    if not puzzles:
        return {"game": game_id, "puzzles": 0}
    gen = [p.generated for p in puzzles]
    examined = [g.get("positions_examined", 0) for g in gen]
    margins = [g.get("margin", 1.0) for g in gen]
    return {
        "game": game_id,
        "puzzles": len(puzzles),
        "themes": dict(Counter(p.theme for p in puzzles)),
        "positions_examined_per_puzzle": {"mean": round(statistics.mean(examined), 1),
                                          "median": statistics.median(examined), "max": max(examined)},
        "margin": {"min": min(margins), "median": statistics.median(margins)},
        "chance_median": statistics.median(g.get("chance", 1.0) for g in gen),
        "line_steps": dict(Counter(len(p.line) for p in puzzles)),
        "legal_first_median": statistics.median(g.get("legal_first", 0) for g in gen),
        "greedy_bot_finds": sum(bool(g.get("greedy_found")) for g in gen),
        "budgets": sorted({(g.get("determinizations"), g.get("recheck_determinizations"),
                            g.get("verify_determinizations"), g.get("node_budget"),
                            g.get("verify_node_budget"), g.get("depth")) for g in gen}, key=str),
        "rating": {"min": min(p.rating for p in puzzles), "median": statistics.median(p.rating for p in puzzles),
                   "max": max(p.rating for p in puzzles)},
    }


def main(argv: list[str]) -> int:
    for game_id in argv or games.ids():
        print(json.dumps(stats(game_id)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
