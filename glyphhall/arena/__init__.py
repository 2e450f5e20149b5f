"""Bot tournaments: schedule matches, play them (here, in a process pool or on a Ray cluster),
rate the bots and write reports. `run_arena` does all of it; the CLI is `glyphhall arena`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from glyphhall.games import resolve as resolve_game

from .match import play_match
from .ratings import standings, wilson
from .report import write_all
from .runner import Progress, RayUnavailable, run_matches
from .schedule import MODES, MatchSpec, entrant_labels, schedule


def run_arena(
    game: str,
    bots: list[str],
    games: int,
    *,
    players: int | None = None,
    mode: str = "round-robin",
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    ray_address: str | None = None,
    out_dir: Path | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play an arena and return its report (written to `out_dir` when given).
    Raises ValueError/KeyError with a readable message for a bad game, bot, count or option."""
    from glyphhall.bots.spec import check_spec

    target = resolve_game(game)
    bots = [check_spec(b) for b in bots]
    count = players or target.min_players
    if not target.min_players <= count <= target.max_players:
        raise ValueError(
            f"{target.name} is for {target.min_players} to {target.max_players} players, not {count}"
        )
    resolved_options = target.resolve_options(options)  # fail early on a bad option
    specs = schedule(game, bots, games, count, mode=mode, seed=seed, options=dict(options or {}))
    on_result = progress
    if out_dir is not None:
        # Each finished match is appended at once, so a long arena that is stopped early still
        # leaves its finished matches behind (the full reports are written at the end).
        Path(out_dir).mkdir(parents=True, exist_ok=True)
        partial = Path(out_dir) / "finished.jsonl"
        partial.write_text("")

        def on_result(result: dict[str, Any]) -> None:
            with partial.open("a") as handle:
                handle.write(json.dumps(result) + "\n")
            if progress:
                progress(result)

    results = run_matches(specs, workers=workers, ray_address=ray_address, progress=on_result)
    labels = entrant_labels(bots)
    report: dict[str, Any] = {
        "settings": {
            "game": game,
            "bots": bots,
            "games_per_line_up": games,
            "players": count,
            "mode": mode,
            "seed": seed,
            "options": resolved_options,
        },
        "matches_played": len(results),
        "errors": sum(1 for r in results if r.get("error")),
        **standings(results, labels),
        "matches": results,
    }
    if out_dir is not None:
        report["files"] = {k: str(v) for k, v in write_all(Path(out_dir), report).items()}
    return report


__all__ = [
    "MODES",
    "MatchSpec",
    "Progress",
    "RayUnavailable",
    "play_match",
    "run_arena",
    "run_matches",
    "schedule",
    "standings",
    "wilson",
]
