"""Standings from match results: win/draw/loss counts, mean score with a Wilson confidence
interval, OpenSkill (Plackett-Luce) ratings, and a head-to-head table.

Results are read in match-index order, so the ratings are the same however the matches ran."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

#: z for a 95 % two-sided interval.
Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (draws may count as half successes)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def outcome(returns: Sequence[float], seat: int) -> str:
    """'win' for the sole best result, 'draw' for a shared best, 'loss' otherwise; alone at the
    table (a solo game), 'win' above one half, 'draw' at one half, 'loss' below."""
    if len(returns) == 1:
        return "win" if returns[0] > 0.5 else ("draw" if returns[0] == 0.5 else "loss")
    best = max(returns)
    if returns[seat] < best:
        return "loss"
    return "win" if sum(1 for r in returns if r == best) == 1 else "draw"


_COLUMN = {"win": "wins", "draw": "draws", "loss": "losses"}


def standings(results: Sequence[dict[str, Any]], entrants: Sequence[str]) -> dict[str, Any]:
    """Per entrant figures and OpenSkill ratings; matches with an error are counted apart."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in entrants}
    table = {
        name: {
            "games": 0,
            "wins": 0,
            "draws": 0,
            "losses": 0,
            "score": 0.0,
            "errors": 0,
            "thinking_seconds": 0.0,
            "decisions": 0,
        }
        for name in entrants
    }
    head: dict[str, dict[str, list[float]]] = {a: {b: [0.0, 0] for b in entrants if b != a} for a in entrants}
    for result in sorted(results, key=lambda r: r["index"]):
        seated = result["entrants"]
        if result.get("error") or result.get("returns") is None:
            for name in seated:
                table[name]["errors"] += 1
            continue
        returns = result["returns"]
        for seat, name in enumerate(seated):
            row = table[name]
            row["games"] += 1
            row[_COLUMN[outcome(returns, seat)]] += 1
            row["score"] += returns[seat]
            row["thinking_seconds"] += result["thinking_seconds"][seat]
            row["decisions"] += result.get("decisions", [0] * len(seated))[seat]
            for other_seat, other in enumerate(seated):
                if other != name:
                    # Pairwise score: 1 if ahead of that seat, 0.5 level, 0 behind.
                    mine, theirs = returns[seat], returns[other_seat]
                    head[name][other][0] += 1.0 if mine > theirs else (0.5 if mine == theirs else 0.0)
                    head[name][other][1] += 1
        if len(seated) < 2:
            continue  # a solo game ranks nobody against anybody: no rating change
        teams = [[ratings[name]] for name in seated]
        # Plackett-Luce ranks: 1 is best; equal results share a rank.
        ranks = [1.0 + sum(1 for r in returns if r > mine) for mine in returns]
        rated = model.rate(teams, ranks=ranks)
        for name, team in zip(seated, rated, strict=True):
            ratings[name] = team[0]
    out: list[dict[str, Any]] = []
    for name in entrants:
        row = table[name]
        games = int(row["games"])
        low, high = wilson(row["score"], games)
        rating = ratings[name]
        out.append(
            {
                "entrant": name,
                **row,
                "score_rate": row["score"] / games if games else None,
                "score_ci95": [low, high],
                "mu": rating.mu,
                "sigma": rating.sigma,
                "ordinal": rating.ordinal(),
                "seconds_per_decision": row["thinking_seconds"] / row["decisions"]
                if row["decisions"]
                else None,
            }
        )
    out.sort(key=lambda r: -r["ordinal"])
    # Only pairs that met (a gauntlet's other entrants never meet each other).
    pairwise = {
        a: {b: {"score": s, "games": n, "rate": s / n} for b, (s, n) in row.items() if n}
        for a, row in head.items()
    }
    return {"standings": out, "head_to_head": pairwise}
