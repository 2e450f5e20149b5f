"""Does a change keep the search the same? Record the search levels' trees on seeded positions,
then compare (as `bench/engine/same_play.py` does for the rules).

    python bench/search/same_search.py record FILE [GAME ...] [--positions P] [--iterations N]
                                             [--level L]
    python bench/search/same_search.py compare FILE

For speed work on the search (bots/) or the rules it calls: record on the code before, compare
on the code after. For each game and position (`bench/search/search.py`'s `positions`), the level
searches with a fixed seed and iteration budget (no time limit, its early stop on) and the root's
statistics are kept: each action's visits and mean result, as exact floats. `compare` searches the
recorded positions again and names every position whose statistics differ; it exits 1 if any does.
Where both builds must agree (`GLYPHHALL_PURE=1` against the compiled), compare on each."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(1, str(HERE))

from search import positions  # noqa: E402

from glyphhall.bots.mcts import make_level  # noqa: E402
from glyphhall.engine import Action  # noqa: E402

GAMES = ("inscription", "tundrus", "glyfts", "heroscape")


def root_stats(game_id: str, count: int, level: str, iterations: int) -> list[dict[str, list]]:
    """Per position: each root action's [visits, mean result] after the level's search."""
    found = []
    for k, (state, seat) in enumerate(positions(game_id, count, 1)):
        bot = make_level(level, 1 + k, iterations=iterations, seconds=None)
        root = bot.search(state, seat)
        found.append({str(a): [n.visits, n.mean()] for a, n in root.children.items() if isinstance(a, Action)})
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("file", type=Path)
    rec.add_argument("games", nargs="*", default=list(GAMES))
    rec.add_argument("--positions", type=int, default=6)
    rec.add_argument("--iterations", type=int, default=400)
    rec.add_argument("--level", default="mcts")
    cmp_ = sub.add_parser("compare")
    cmp_.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    if args.command == "record":
        data = {"level": args.level, "iterations": args.iterations, "positions": args.positions,
                "games": {g: root_stats(g, args.positions, args.level, args.iterations) for g in args.games}}
        args.file.write_text(json.dumps(data, indent=1))
        print(f"recorded {sum(len(p) for p in data['games'].values())} searches")
        return 0
    data = json.loads(args.file.read_text())
    differ = 0
    for game_id, recorded in data["games"].items():
        now = root_stats(game_id, data["positions"], data["level"], data["iterations"])
        for k, (old, new) in enumerate(zip(recorded, now, strict=True)):
            if old != new:
                differ += 1
                print(f"{game_id} position {k}: the root's statistics differ")
        print(f"{game_id}: {len(recorded) - sum(o != n for o, n in zip(recorded, now, strict=True))} of {len(recorded)} the same")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
