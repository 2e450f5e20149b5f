"""Writing an arena's results: results.json (settings, standings, every match with its full match
record), matches.csv (one row per match), records/ (each match record alone, for
`glyphhall replay`) and chart.png (score rates with 95 % intervals and OpenSkill ratings)."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

CSV_COLUMNS = (
    "index",
    "game",
    "seed",
    "entrants",
    "returns",
    "winner",
    "moves",
    "thinking_seconds",
    "error",
    "record",
)


def record_name(index: int) -> str:
    """Where match `index`'s record is written, relative to the arena folder."""
    return f"records/match-{index:05d}.json"


def write_json(path: Path, report: dict[str, Any]) -> Path:
    path.write_text(json.dumps(report, indent=1))
    return path


def write_csv(path: Path, results: list[dict[str, Any]]) -> Path:
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_COLUMNS)
        for r in results:
            returns = r.get("returns")
            winner = ""
            if returns and returns.count(max(returns)) == 1:
                winner = r["entrants"][returns.index(max(returns))]
            writer.writerow(
                [
                    r["index"],
                    r["game"],
                    r["seed"],
                    " | ".join(r["entrants"]),
                    "" if returns is None else " ".join(f"{x:g}" for x in returns),
                    winner,
                    r["moves"],
                    " ".join(f"{t:.3f}" for t in r["thinking_seconds"]),
                    r.get("error") or "",
                    record_name(r["index"]),
                ]
            )
    return path


def write_chart(path: Path, report: dict[str, Any]) -> Path:
    """Two panels: score rate per entrant with its Wilson interval, and OpenSkill mu +- sigma."""
    import matplotlib

    matplotlib.use("Agg")  # no display: render straight to a file
    import matplotlib.pyplot as plt

    rows = report["standings"]
    names = [r["entrant"] for r in rows]
    rates = [r["score_rate"] or 0.0 for r in rows]
    low = [rate - r["score_ci95"][0] for rate, r in zip(rates, rows, strict=True)]
    high = [r["score_ci95"][1] - rate for rate, r in zip(rates, rows, strict=True)]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 0.6 * len(rows) + 2.2))
    positions = range(len(rows))
    left.barh(positions, rates, xerr=[low, high], color="#4c72b0", capsize=4)
    left.set_yticks(list(positions), names)
    left.invert_yaxis()
    left.set_xlim(0, 1)
    left.axvline(0.5, color="grey", linewidth=0.8, linestyle="--")
    left.set_xlabel("score rate (win 1, draw 0.5), 95% Wilson interval")
    right.errorbar(
        [r["mu"] for r in rows], list(positions), xerr=[r["sigma"] for r in rows], fmt="o", capsize=4
    )
    right.set_yticks(list(positions), names)  # each panel names every bot, so neither needs the other
    for y, row in zip(positions, rows, strict=True):
        right.annotate(f"{row['entrant']} {row['mu']:.1f}", (row["mu"], y), textcoords="offset points",
                       xytext=(0, 7), ha="center", fontsize=8)
    right.invert_yaxis()
    right.set_xlabel("OpenSkill rating (mu +- sigma)")
    settings = report["settings"]
    fig.suptitle(
        f"{settings['game']}: {report['matches_played']} matches, {settings['mode']}, seed {settings['seed']}"
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def write_records(out_dir: Path, results: list[dict[str, Any]]) -> Path:
    """Each match record in its own file, which `glyphhall replay` reads."""
    folder = out_dir / "records"
    folder.mkdir(parents=True, exist_ok=True)
    for r in results:
        (out_dir / record_name(r["index"])).write_text(json.dumps(r["record"], indent=1))
    return folder


def write_all(out_dir: Path, report: dict[str, Any]) -> dict[str, Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    return {
        "records": write_records(out_dir, report["matches"]),
        "json": write_json(out_dir / "results.json", report),
        "csv": write_csv(out_dir / "matches.csv", report["matches"]),
        "chart": write_chart(out_dir / "chart.png", report),
    }
