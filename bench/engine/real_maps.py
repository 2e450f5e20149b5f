"""Real published Virtualscape maps: how many import, and play a full random game.

    python bench/engine/real_maps.py [DIR ...]   (default: tests/games/heroscape/virtualscape_maps)

Each .hsc file is imported as the terminal and uploads read it (map_files.read_map_file: start
zones by rule when the file has none, '?' glyphs blank, floating tiles held up); each imported
map then plays seeded random games (every player choosing uniformly among its legal actions)
with the `starter` preset armies until the game ends. Prints one line per file and the totals.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from glyphhall.engine import GlyphHallError, Rng
from glyphhall.games.heroscape.game import GAME
from glyphhall.games.heroscape.map_files import read_map_file

DEFAULT = Path(__file__).parents[2] / "tests/games/heroscape/virtualscape_maps"
MAX_STEPS = 100_000


def random_game(text: str, seed: int) -> tuple[bool, int, int]:
    """(finished, rounds, steps) of one random game on the map."""
    state = GAME.new(2, seed, {"armies": "starter", "map_text": text})
    rng = Rng(seed)
    steps = 0
    while not state.is_over() and steps < MAX_STEPS:
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
        steps += 1
    return state.is_over(), state.round, steps


def main(dirs: list[str]) -> None:
    files = sorted(p for d in (dirs or [str(DEFAULT)]) for p in Path(d).glob("*.hsc"))
    imported = played = 0
    for path in files:
        try:
            found = read_map_file(path.read_bytes(), path.name)
        except GlyphHallError as err:
            print(f"{path.name}: REFUSED: {err}")
            continue
        imported += 1
        start = time.perf_counter()
        finished, rounds, steps = random_game(found.text, 1)
        played += finished
        print(f"{path.name}: imported ({len(found.board)} hexes, {len(found.board.zones)} zones, "
              f"{len(found.notes)} notes); random game {'finished' if finished else 'NOT finished'} "
              f"in {rounds} rounds, {steps} steps, {time.perf_counter() - start:.1f} s")
    print(f"{len(files)} files: {imported} import, {played} play a full random game, "
          f"{len(files) - imported} refused")


if __name__ == "__main__":
    main(sys.argv[1:])
