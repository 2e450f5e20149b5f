"""ISMCTS strength, measured over as many sessions as it takes (issue 7's bar: at 1 s a move the
`mcts` level beats random in >= 95 % and the heuristic bot in >= 65 % of >= 200 games, seats
swapped, in every game).

Two hundred games at 1 s a move is hours of CPU per pairing, so the runs are time-boxed and
every finished match is appended to a ledger (`bench/strength/ledger.jsonl`, one JSON line per
match). A later run of the same pairing goes on from the next match index (new seeds, seats
still alternating), and `summary` adds everything up.

    python bench/strength.py run inscription:random inscription:heuristic [--minutes 60] [--workers 2]
    python bench/strength.py summary [--since COMMIT] [--markdown]

A pairing is GAME:OPPONENT (the challenger is `--bot`, the `mcts` level by default). Matches are
two-player games with default options. `--since` keeps only matches played on a commit that
contains COMMIT (so results from before a change to the bots can be set aside)."""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from glyphhall.arena import MatchSpec, play_match, wilson  # noqa: E402
from glyphhall.arena.ratings import outcome  # noqa: E402
from glyphhall.arena.schedule import match_seed  # noqa: E402
from glyphhall.bots.spec import check_spec  # noqa: E402
from glyphhall.engine import Rng  # noqa: E402
from glyphhall.games import resolve as resolve_game  # noqa: E402

LEDGER = ROOT / "bench" / "strength" / "ledger.jsonl"
#: Arena seed of every strength match: match i of a pairing always gets the same game seed.
STRENGTH_SEED = 2026
BAR = {"random": 0.95, "heuristic": 0.65}


def git_commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short=12", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def read_ledger(path: Path = LEDGER) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def parse_pairing(text: str, bot: str) -> tuple[str, str, str]:
    game, sep, opponent = text.partition(":")
    if not sep or not game or not opponent:
        raise SystemExit(f"a pairing is GAME:OPPONENT, e.g. inscription:random (got {text!r})")
    try:
        resolve_game(game)
        check_spec(opponent)
    except (KeyError, ValueError) as err:
        raise SystemExit(f"bad pairing {text!r}: {err}") from None
    return game, bot, opponent


def next_index(ledger: list[dict[str, Any]], game: str, bot: str, opponent: str) -> int:
    done = [m["index"] for m in ledger if (m["game"], m["bot"], m["opponent"]) == (game, bot, opponent)]
    return max(done, default=-1) + 1


def spec_for(game: str, bot: str, opponent: str, index: int) -> MatchSpec:
    """Match `index` of a pairing: the challenger sits first in even matches, second in odd ones."""
    seed = match_seed(STRENGTH_SEED, index)
    bot_rng = Rng(seed ^ 0xB075)
    bots = (bot, opponent) if index % 2 == 0 else (opponent, bot)
    return MatchSpec(
        index=index,
        game=game,
        seed=seed,
        entrants=bots if bot != opponent else (bot, f"{opponent}#2"),
        bots=bots,
        bot_seeds=(bot_rng.next64() >> 1, bot_rng.next64() >> 1),
    )


def ledger_line(result: dict[str, Any], bot: str, opponent: str, commit: str) -> dict[str, Any]:
    """The compact record of a finished match (the full move list is not kept: the seeds and the
    commit reproduce the game only for iteration budgets, and a time-budgeted record is large)."""
    seat = 0 if result["index"] % 2 == 0 else 1
    returns = result["returns"]
    decided = outcome(returns, seat) if returns and not result["error"] else None
    return {
        "game": result["game"],
        "bot": bot,
        "opponent": opponent,
        "index": result["index"],
        "seed": result["seed"],
        "bot_seat": seat,
        "returns": returns,
        "outcome": decided,
        "moves": result["moves"],
        "bot_decisions": result["decisions"][seat],
        "bot_thinking_seconds": result["thinking_seconds"][seat],
        "error": result["error"],
        "commit": commit,
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def run(
    pairings: list[tuple[str, str, str]], minutes: float, workers: int, limit: int | None, path: Path = LEDGER
) -> None:
    """Play the pairings' next matches in turn until the time is up (matches already started are
    finished), appending each to the ledger as it ends."""
    path.parent.mkdir(parents=True, exist_ok=True)
    ledger = read_ledger(path)
    commit = git_commit()
    first = {p: next_index(ledger, *p) for p in pairings}
    deadline = time.monotonic() + minutes * 60

    def upcoming() -> Iterator[tuple[tuple[str, str, str], MatchSpec]]:
        """The pairings' next matches in turn, each pairing up to `limit` of them."""
        for round_ in itertools.count() if limit is None else range(limit):
            for p in pairings:
                yield p, spec_for(p[0], p[1], p[2], first[p] + round_)

    queue = upcoming()
    pending: dict[Future[dict[str, Any]], tuple[str, str, str]] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        while True:
            while len(pending) < workers and time.monotonic() < deadline:
                item = next(queue, None)
                if item is None:
                    break
                pending[pool.submit(play_match, item[1])] = item[0]
            if not pending:
                break
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                _game, bot, opponent = pending.pop(future)
                line = ledger_line(future.result(), bot, opponent, commit)
                with path.open("a") as handle:
                    handle.write(json.dumps(line) + "\n")
                per_move = line["bot_thinking_seconds"] / max(1, line["bot_decisions"])
                print(
                    f"{line['game']} {bot} vs {opponent} #{line['index']}: {line['outcome'] or line['error']}"
                    f" ({line['moves']} moves, {per_move:.2f} s per decision)",
                    flush=True,
                )


def contains(commit: str, ancestor: str) -> bool:
    done = subprocess.run(["git", "merge-base", "--is-ancestor", ancestor, commit], cwd=ROOT, capture_output=True)
    return done.returncode == 0


def summary(since: str | None, path: Path = LEDGER) -> list[dict[str, Any]]:
    lines = read_ledger(path)
    if since:
        lines = [m for m in lines if contains(m["commit"], since)]
    rows: dict[tuple[str, str, str], dict[str, Any]] = {}
    for m in lines:
        row = rows.setdefault(
            (m["game"], m["bot"], m["opponent"]),
            {"games": 0, "wins": 0, "draws": 0, "losses": 0, "errors": 0, "thinking": 0.0, "decisions": 0},
        )
        if m["error"]:
            row["errors"] += 1
            continue
        row["games"] += 1
        row[{"win": "wins", "draw": "draws", "loss": "losses"}[m["outcome"]]] += 1
        row["thinking"] += m["bot_thinking_seconds"]
        row["decisions"] += m["bot_decisions"]
    table = []
    for (game, bot, opponent), row in sorted(rows.items()):
        score = row["wins"] + row["draws"] / 2
        low, high = wilson(score, row["games"])
        rate = score / row["games"] if row["games"] else 0.0
        bar = BAR.get(opponent)
        table.append(
            {
                "game": game,
                "bot": bot,
                "opponent": opponent,
                "games": row["games"],
                "wins": row["wins"],
                "draws": row["draws"],
                "losses": row["losses"],
                "errors": row["errors"],
                "score": round(rate, 4),
                "interval": [round(low, 4), round(high, 4)],
                "seconds_per_decision": round(row["thinking"] / max(1, row["decisions"]), 3),
                "bar": bar,
                "bar_met": None if bar is None else (rate >= bar and row["games"] >= 200),
            }
        )
    return table


def markdown(table: list[dict[str, Any]]) -> str:
    out = [
        "| game | bot | vs | games | wins-draws-losses | score | 95 % interval | s per move | bar |",
        "|---|---|---|---:|---|---:|---|---:|---|",
    ]
    for r in table:
        if r["bar"] is None:
            bar = "-"
        elif r["games"] < 200:
            bar = f">= {r['bar']:.0%} over 200 games: {r['games']} played so far"
        else:
            bar = f">= {r['bar']:.0%}: {'met' if r['bar_met'] else 'not met'}"
        out.append(
            f"| {r['game']} | {r['bot']} | {r['opponent']} | {r['games']} | {r['wins']}-{r['draws']}-{r['losses']}"
            f" | {r['score']:.1%} | {r['interval'][0]:.1%}-{r['interval'][1]:.1%}"
            f" | {r['seconds_per_decision']:.2f} | {bar} |"
        )
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    parser.add_argument("--ledger", type=Path, default=LEDGER, help="the ledger file (default: %(default)s)")
    go = sub.add_parser("run", help="play more matches of some pairings")
    go.add_argument("pairings", nargs="+", help="GAME:OPPONENT, e.g. glyfts:heuristic")
    go.add_argument("--bot", default="mcts", help="the challenger (default: the mcts level, 1 s a move)")
    go.add_argument("--minutes", type=float, default=30.0, help="start no match after this long")
    go.add_argument("--workers", type=int, default=1)
    go.add_argument("--games", type=int, default=None, help="at most this many new matches per pairing")
    show = sub.add_parser("summary", help="add up the ledger")
    show.add_argument("--since", default=None, help="only matches played on commits containing this one")
    show.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    if args.command == "run":
        bot = check_spec(args.bot)
        pairings = [parse_pairing(p, bot) for p in args.pairings]
        run(pairings, args.minutes, max(1, args.workers), args.games, args.ledger)
    else:
        table = summary(args.since, args.ledger)
        print(markdown(table) if args.markdown else json.dumps(table, indent=1))


if __name__ == "__main__":
    main()
