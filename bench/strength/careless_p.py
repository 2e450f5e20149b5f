"""The careless bot's p (issue 41): its chance of a random move, chosen so that Easy (`careless`)
is measurably below Medium (`heuristic`) and measurably above Beginner (`random`) in every game.

    python bench/strength/careless_p.py GAME... [--p 0.25,0.5,0.75] [--deals 40]

For each game and each p, `--deals` paired deals (the ladder's: `bench/strength/ladder.py`, seats
swapped, shared luck, the same deal seeds) of `careless:p=P` against `random` and of `heuristic`
against `careless:p=P`; per pairing the upper bot's mean score with its 95 % t interval over deals
(`ladder.pair_figures`). Deals go to `bench/strength/ladder/careless_p.jsonl`, a later run goes on
from the next deal; the output is the table of every p so far."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.strength.ladder import LEDGER, deal_games, pair_figures, upper_scores  # noqa: E402
from glyphhall.arena.match import play_match  # noqa: E402
from glyphhall.bots.levels import Level  # noqa: E402

OUT = LEDGER.parent / "careless_p.jsonl"


def play(game: str, lower: str, upper: str, index: int) -> dict[str, Any]:
    start = time.process_time()
    low, up = Level(lower, lower, lower, ""), Level(upper, upper, upper, "")
    results = [play_match(spec) for spec in deal_games(game, low, up, index)]
    errors = [r["error"] for r in results if r["error"]]
    scores = None if errors else upper_scores(results)
    return {"game": game, "specs": [lower, upper], "index": index, "scores": scores, "errors": errors,
            "cpu": round(time.process_time() - start, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="+")
    parser.add_argument("--p", default="0.5", help="comma-separated chances of a random move")
    parser.add_argument("--deals", type=int, default=40, help="deals per pairing at most (each two games)")
    args = parser.parse_args()
    done = [json.loads(line) for line in OUT.read_text().splitlines() if line.strip()] if OUT.exists() else []
    for game in args.games:
        for p in [float(x) for x in args.p.split(",")]:
            careless = f"careless:p={p:g}"
            for lower, upper in (("random", careless), (careless, "heuristic")):
                mine = [d for d in done if d["game"] == game and d["specs"] == [lower, upper]]
                first = 1 + max((d["index"] for d in mine), default=-1)
                with OUT.open("a") as handle:
                    for index in range(first, first + max(0, args.deals - len(mine))):
                        deal = play(game, lower, upper, index)
                        handle.write(json.dumps(deal) + "\n")
                        done.append(deal)
    print("| game | p | careless vs random: deals, score (95 %) | heuristic vs careless: deals, score (95 %) | CPU s |")
    print("|---|---|---|---|---|")
    for game in args.games:
        for p in sorted({float(d["specs"][0 if d["specs"][0] != "random" else 1].split("=")[1])
                         for d in done if d["game"] == game}):
            careless = f"careless:p={p:g}"
            cells, cpu = [], 0.0
            for lower, upper in (("random", careless), (careless, "heuristic")):
                deals = [d for d in done if d["game"] == game and d["specs"] == [lower, upper]]
                fig = pair_figures(deals)
                cpu += sum(d["cpu"] for d in deals)
                cells.append("none" if fig is None else
                             f"{fig['deals']}, {fig['score']:.2f} ({fig['score_low']:.2f}-{fig['score_high']:.2f})")
            print(f"| {game} | {p:g} | {cells[0]} | {cells[1]} | {cpu:.0f} |", flush=True)


if __name__ == "__main__":
    main()
