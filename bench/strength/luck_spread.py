"""How much spread the luck-adjusted score takes out of a strength measurement, per game.

    python bench/strength/luck_spread.py glyfts tundrus heroscape inscription [--pair easy-medium] [--deals 80] [--first 1000]

Plays the ladder's paired deals of a pair of levels (bench/strength/ladder.py's `deal_games`:
seats swapped, shared luck; deal indices from `--first`, away from the ledger's) and prints, per
game, the deals' mean score and its spread three ways: raw; with the luck of the dice taken out
as measured (glyphhall/arena/luck_adjusted.py, b = 1); and with it as a control variate (b
fitted, bench/strength/sequential.py, as the ladder and the strength bench report it). The last
column is the share of deals the adjusted score needs for the raw one's interval width (the
variance ratio). Nothing is written to the ledgers."""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench" / "strength"))  # ladder.py, sequential.py

from ladder import deal_games  # noqa: E402
from sequential import control_variate_interval, t_quantile  # noqa: E402

from glyphhall.arena.luck_adjusted import adjusted_score  # noqa: E402
from glyphhall.arena.match import play_match  # noqa: E402
from glyphhall.bots.levels import ladder_levels  # noqa: E402
from glyphhall.games import get as game_by_id  # noqa: E402


def spread(game_id: str, lower: str, upper: str, deals: int, first: int) -> dict[str, float]:
    levels = {lv.key: lv for lv in ladder_levels()}
    game = game_by_id(game_id)
    raw, adjusted = [], []
    play_cpu = luck_cpu = 0.0
    for index in range(first, first + deals):
        start = time.process_time()
        results = [play_match(spec) for spec in deal_games(game_id, levels[lower], levels[upper], index)]
        middle = time.process_time()
        if any(r["error"] for r in results):
            raise SystemExit(f"{game_id} deal {index}: {[r['error'] for r in results]}")
        scored = [adjusted_score(game, results[seat], seat) for seat in (0, 1)]  # the upper level's seats
        luck_cpu += time.process_time() - middle
        play_cpu += middle - start
        raw.append(sum(s["score"] for s in scored) / 2)
        adjusted.append(sum(s["adjusted"] for s in scored) / 2)
    luck = [r - a for r, a in zip(raw, adjusted, strict=True)]
    mean, _, high, b = control_variate_interval(raw, luck)
    fitted_sd = (high - mean) / t_quantile(deals - 2) * math.sqrt(deals)  # a deal's residual sd
    raw_sd = statistics.stdev(raw)
    return {"deals": deals, "raw": statistics.mean(raw), "raw_sd": raw_sd, "b1": statistics.mean(adjusted),
            "b1_sd": statistics.stdev(adjusted), "fitted": mean, "fitted_sd": fitted_sd, "b": b,
            "ratio": (fitted_sd / raw_sd) ** 2 if raw_sd else math.nan, "play_cpu": play_cpu, "luck_cpu": luck_cpu}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="+")
    parser.add_argument("--pair", default="easy-medium", help="LOWER-UPPER, two ladder levels")
    parser.add_argument("--deals", type=int, default=80)
    parser.add_argument("--first", type=int, default=1000, help="the first deal's index")
    args = parser.parse_args()
    lower, _, upper = args.pair.partition("-")
    keys = [lv.key for lv in ladder_levels()]
    if lower not in keys or upper not in keys:
        parser.error(f"--pair: two of {', '.join(keys)} joined by '-'")
    if args.deals < 3:
        parser.error("--deals must be at least 3")
    print(f"{upper} against {lower}, deals {args.first}-{args.first + args.deals - 1}: mean score (sd of a deal)")
    print("| game | raw | luck out, b = 1 | luck out, b fitted | b | deals needed (fitted / raw) | CPU s: play / luck |")
    print("|---|---|---|---|---|---|---|")
    for game_id in args.games:
        r = spread(game_id, lower, upper, args.deals, args.first)
        print(f"| {game_id} | {r['raw']:.3f} ({r['raw_sd']:.3f}) | {r['b1']:.3f} ({r['b1_sd']:.3f}) "
              f"| {r['fitted']:.3f} ({r['fitted_sd']:.3f}) | {r['b']:.2f} | {r['ratio']:.2f} "
              f"| {r['play_cpu']:.0f} / {r['luck_cpu']:.0f} |", flush=True)


if __name__ == "__main__":
    main()
