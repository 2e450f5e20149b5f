"""Does a change keep play the same? Record seeded random games step by step, then compare.

    python bench/engine/same_play.py record FILE GAME [--games N] [--config "players=P k=v ..."] ...
    python bench/engine/same_play.py compare FILE

For speed work that must not change behaviour: record on the code before, compare on the code
after. Each step keeps a digest of the seat to move, its legal actions, the events of the
action taken (with who may see them), the whole state (`to_dict()`), and in the first two games
of each configuration every seat's view and the game's heuristic for every seat. `compare`
replays the recorded games (the file keeps the game, configurations and game count) and names
the first step of each game that differs; it exits 1 if any does. A configuration is
"players=P" and game options, as one string; without `--config`, the game's defaults at its
fewest players."""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from glyphhall import games  # noqa: E402
from glyphhall.engine import Rng, parse_option_texts  # noqa: E402


def digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:16]


def play(game_id: str, config: str, seed: int, views: bool) -> list[str]:
    """One seeded random game: a digest line per step."""
    game = games.get(game_id)
    options = parse_option_texts(config.split())
    players = int(options.pop("players", game.min_players))
    state = game.new(players, seed, options)
    rng = Rng(seed * 7 + 3)
    steps = []
    while not state.is_over():
        movers = state.to_move()
        seat = movers[0] if len(movers) == 1 else movers[rng.below(len(movers))]
        actions = state.legal_actions(seat)
        events = state.apply(seat, rng.choice(actions))
        seen = [(e.text, sorted(e.to) if e.to is not None else None, dict(e.data), sorted(e.hide_from))
                for e in events]
        line = [str(seat), digest([str(a) for a in actions]), digest(seen), digest(state.to_dict())]
        if views:
            line.append(digest([state.view(p) for p in range(players)]))
            # the heuristic's exact floats: the search plays by them (and typed code computes them)
            line.append(digest([game.heuristic(state, p) for p in range(players)]))
        steps.append("|".join(line))
    return steps


def play_all(game_id: str, configs: list[str], count: int) -> dict[str, list[str]]:
    return {f"{i}:{seed}": play(game_id, config, seed, views=seed < 2)
            for i, config in enumerate(configs) for seed in range(count)}


def differences(recorded: dict[str, list[str]], now: dict[str, list[str]]) -> list[str]:
    """One line per game that differs, naming its first differing step."""
    out = []
    for key, before in recorded.items():
        after = now.get(key, [])
        if before != after:
            step = next((i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b),
                        min(len(before), len(after)))
            out.append(f"game {key}: first difference at step {step} ({len(before)} steps recorded, {len(after)} now)")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("file", type=Path)
    rec.add_argument("game")
    rec.add_argument("--games", type=int, default=4, help="seeded games per configuration")
    rec.add_argument("--config", action="append", default=[], help='"players=P k=v ..." (repeatable)')
    cmp_ = sub.add_parser("compare")
    cmp_.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    if args.mode == "record":
        configs = args.config or [""]
        recorded = {"game": args.game, "configs": configs, "games": args.games,
                    "steps": play_all(args.game, configs, args.games)}
        args.file.write_text(json.dumps(recorded))
        print(f"recorded {sum(map(len, recorded['steps'].values()))} steps of {len(recorded['steps'])} games")
        return 0
    recorded = json.loads(args.file.read_text())
    found = differences(recorded["steps"], play_all(recorded["game"], recorded["configs"], recorded["games"]))
    print("\n".join(found) if found else f"the same: {sum(map(len, recorded['steps'].values()))} steps "
                                         f"of {len(recorded['steps'])} games")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
