"""ISMCTS strength, measured over as many sessions as it takes, as issue 19 restates it: at a
fixed 1,000 iterations a move (`--bot mcts:iterations=1000,seconds=none`), `mcts` against
`heuristic` with seats swapped, reported per seat against the heuristic-vs-heuristic baseline of
that seat, must be >= 15 points above the baseline in every seat of every game but Glyphs, and
must score >= 95 % against random (both seats together).

Every finished match is appended to a ledger (`bench/strength/ledger.jsonl`, one JSON line per
match, carrying the full bot specs with their settings, the code commit, the build and the CPU
time). A later run of the same pairing goes on from the next match index (new seeds, seats still
alternating), and `summary` adds everything up; pairings differ by the bot spec, so runs with
other settings (the 1 s `mcts` level of sessions 2-4) stay apart.

    python bench/strength.py run GAME:heuristic --bot heuristic        # the mirror baseline
    python bench/strength.py run inscription:random inscription:heuristic \
        --bot mcts:iterations=1000,seconds=none [--minutes 60] [--workers 1]
    python bench/strength.py summary [--since COMMIT] [--markdown]

A pairing is GAME:OPPONENT (the challenger is `--bot`). Matches are two-player games with
default options. `summary` prints per pairing and seat: games, wins-draws-losses, score (draws
count half) with its 95 % Wilson interval, the opponent's mirror baseline of that seat (how the
opponent scored in that seat against itself; every mirror match counts for both seats), the
difference with its 95 % interval (Newcombe's hybrid score interval), and the verdict: "met"
when the whole interval clears the bar, "not met" when it lies wholly below, otherwise (or under
10 games in the row or its baseline) "not yet decided". The issue asks for >= 200 games a game; the table says how many were played.
`--since` keeps only matches played on a commit that contains COMMIT (so results from before a
change to the bots can be set aside)."""

from __future__ import annotations

import argparse
import itertools
import json
import math
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
#: Issue 19's bars: the challenger's score in each seat against the heuristic must be this far
#: above the heuristic's own score in that seat against itself (not held in these games) ...
BASELINE_MARGIN = 0.15
NO_BASELINE_BAR = frozenset({"glyphs"})
#: ... and its score against random (both seats together) at least this.
RANDOM_BAR = 0.95
#: Below this many games in a row (or in its baseline) the intervals' approximations are too
#: rough to stand on: such a row is "not yet decided" whatever its interval says.
MIN_GAMES = 10


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


def build() -> str:
    """'compiled' when any module of the package is a compiled extension (`make compile`), else 'pure'."""
    package = ROOT / "glyphhall"
    return "compiled" if any(package.rglob("*.so")) or any(package.rglob("*.pyd")) else "pure"


def timed_match(spec: MatchSpec) -> dict[str, Any]:
    """`play_match` plus the CPU seconds the worker spent on it (wall time on a shared machine says
    little). The match record is dropped here: the ledger does not keep it."""
    start = time.process_time()
    result = play_match(spec)
    result["cpu_seconds"] = round(time.process_time() - start, 2)
    del result["record"]
    return result


def ledger_line(result: dict[str, Any], bot: str, opponent: str, commit: str, built: str = "pure") -> dict[str, Any]:
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
        "cpu_seconds": result.get("cpu_seconds"),
        "error": result["error"],
        "commit": commit,
        "build": built,
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def run(
    pairings: list[tuple[str, str, str]], minutes: float, workers: int, limit: int | None, path: Path = LEDGER
) -> None:
    """Play the pairings' next matches in turn until the time is up (matches already started are
    finished), appending each to the ledger as it ends."""
    path.parent.mkdir(parents=True, exist_ok=True)
    ledger = read_ledger(path)
    commit, built = git_commit(), build()
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
                pending[pool.submit(timed_match, item[1])] = item[0]
            if not pending:
                break
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                _game, bot, opponent = pending.pop(future)
                line = ledger_line(future.result(), bot, opponent, commit, built)
                with path.open("a") as handle:
                    handle.write(json.dumps(line) + "\n")
                per_move = line["bot_thinking_seconds"] / max(1, line["bot_decisions"])
                print(
                    f"{line['game']} {bot} vs {opponent} #{line['index']}: {line['outcome'] or line['error']}"
                    f" ({line['moves']} moves, {per_move:.2f} s per decision, {line['cpu_seconds']:.0f} CPU s)",
                    flush=True,
                )


def contains(commit: str, ancestor: str) -> bool:
    done = subprocess.run(["git", "merge-base", "--is-ancestor", ancestor, commit], cwd=ROOT, capture_output=True)
    return done.returncode == 0


#: What a finished match is worth to the seat it is scored for.
POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


#: The outcome for the other seat of a two-player match.
OTHER_SIDE = {"win": "loss", "draw": "draw", "loss": "win"}


def seat_outcome(match: dict[str, Any], seat: int) -> str:
    """How the bot in `seat` did (the ledger scores the challenger; the other seat got the rest)."""
    return match["outcome"] if match["bot_seat"] == seat else OTHER_SIDE[match["outcome"]]


def newcombe(a: float, n: int, b: float, m: int) -> tuple[float, float]:
    """95 % interval for the difference a/n - b/m of two independent proportions (Newcombe's
    hybrid score interval, 1998, method 10: built from the two Wilson intervals)."""
    p, q = a / n, b / m
    p_low, p_high = wilson(a, n)
    q_low, q_high = wilson(b, m)
    return (
        p - q - math.sqrt((p - p_low) ** 2 + (q_high - q) ** 2),
        p - q + math.sqrt((p_high - p) ** 2 + (q - q_low) ** 2),
    )


def verdict(low: float, high: float, bar: float) -> str:
    """'met' when the whole 95 % interval clears the bar, 'not met' when it lies wholly below,
    otherwise 'not yet decided' (too few games to tell)."""
    if low >= bar:
        return "met"
    if high < bar:
        return "not met"
    return "not yet decided"


def _tally(outcomes: list[str]) -> dict[str, Any]:
    """Games, wins, draws, losses, points and score (draws count half) with its 95 % interval."""
    counts = {k: outcomes.count(k) for k in POINTS}
    points = counts["win"] + counts["draw"] / 2
    games = len(outcomes)
    return {
        "games": games,
        "wins": counts["win"],
        "draws": counts["draw"],
        "losses": counts["loss"],
        "points": points,
        "score": points / games if games else None,
        "interval": list(wilson(points, games)),
    }


def baselines(lines: list[dict[str, Any]]) -> dict[tuple[str, str, int], dict[str, Any]]:
    """(game, bot, seat) -> how that bot did in `seat` of its mirror matches (the same bot in
    both seats), every mirror match counting for both seats."""
    mirrors: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for m in lines:
        if m["bot"] == m["opponent"] and not m["error"]:
            mirrors.setdefault((m["game"], m["bot"]), []).append(m)
    return {
        (game, bot, seat): _tally([seat_outcome(m, seat) for m in matches])
        for (game, bot), matches in mirrors.items()
        for seat in (0, 1)
    }


def bar_for(game: str, opponent: str, seat: int | None) -> tuple[str, float] | None:
    """The issue-19 bar a row is held to: ("above baseline", 0.15) for each seat against the
    heuristic (every game but Glyphs), ("score", 0.95) for both seats together against random."""
    if opponent == "heuristic" and seat is not None and game not in NO_BASELINE_BAR:
        return ("above baseline", BASELINE_MARGIN)
    if opponent == "random" and seat is None:
        return ("score", RANDOM_BAR)
    return None


def summary(since: str | None, path: Path = LEDGER, bot_spec: str | None = None) -> list[dict[str, Any]]:
    """One row per pairing and seat (seat None: both seats together), with the opponent's mirror
    baseline of that seat, the difference, and the issue-19 verdict. A mirror pairing (the same
    bot in both seats) gets one row per seat: that seat's own results, which are the baseline.
    `bot_spec` keeps only that challenger's pairings (and the mirrors)."""
    lines = read_ledger(path)
    if since:
        lines = [m for m in lines if contains(m["commit"], since)]
    if bot_spec:
        lines = [m for m in lines if m["bot"] in (bot_spec, m["opponent"])]
    base = baselines(lines)
    pairings: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for m in lines:
        pairings.setdefault((m["game"], m["bot"], m["opponent"]), []).append(m)
    table = []
    for (game, bot, opponent), matches in sorted(pairings.items()):
        played = [m for m in matches if not m["error"]]
        errors = len(matches) - len(played)
        decisions = sum(m["bot_decisions"] for m in played)
        thinking = sum(m["bot_thinking_seconds"] for m in played)
        cpu = [m["cpu_seconds"] for m in played if m.get("cpu_seconds") is not None]
        mirror_pairing = bot == opponent
        for seat in (0, 1) if mirror_pairing else (0, 1, None):
            if mirror_pairing:
                row = _tally([seat_outcome(m, seat) for m in played])
            else:
                row = _tally([m["outcome"] for m in played if seat is None or m["bot_seat"] == seat])
            row.update(game=game, bot=bot, opponent=opponent, seat=seat, errors=errors if seat is None else None)
            row["seconds_per_decision"] = round(thinking / max(1, decisions), 3)
            row["cpu_seconds_per_game"] = round(sum(cpu) / len(cpu), 2) if cpu else None
            mirror = base.get((game, opponent, seat)) if seat is not None and not mirror_pairing else None
            row["baseline"] = mirror
            row["difference"] = None
            if mirror and row["games"]:
                low, high = newcombe(row["points"], row["games"], mirror["points"], mirror["games"])
                row["difference"] = {"value": row["score"] - mirror["score"], "interval": [low, high]}
            bar = None if mirror_pairing else bar_for(game, opponent, seat)
            row["bar"] = None if bar is None else {"kind": bar[0], "at": bar[1]}
            if bar is None or row["games"] < MIN_GAMES:
                row["verdict"] = None if bar is None else "not yet decided"
            elif bar[0] == "score":
                row["verdict"] = verdict(*row["interval"], bar[1])
            elif row["difference"] is None or row["baseline"]["games"] < MIN_GAMES:
                row["verdict"] = "not yet decided"  # no (or too few) mirror games to compare with
            else:
                row["verdict"] = verdict(*row["difference"]["interval"], bar[1])
            table.append(row)
    return table


def _percent(x: float | None) -> str:
    return "-" if x is None else f"{x:.1%}"


def _span(interval: list[float]) -> str:
    return f"{interval[0]:.1%} to {interval[1]:.1%}"


def markdown(table: list[dict[str, Any]]) -> str:
    out = [
        "| game | bot | vs | seat | games | wins-draws-losses | score | 95 % interval | baseline (mirror games)"
        " | difference (95 % interval) | bar | verdict | s per move | CPU s per game |",
        "|---|---|---|---|---:|---|---:|---|---|---|---|---|---:|---:|",
    ]
    for r in table:
        seat = "both" if r["seat"] is None else ("first" if r["seat"] == 0 else "second")
        base = r["baseline"]
        baseline = "-" if base is None else f"{base['score']:.1%} ({base['games']})"
        diff = r["difference"]
        difference = "-" if diff is None else f"{diff['value']:+.1%} ({_span(diff['interval'])})"
        if r["bar"] is None:
            bar = "-"
        elif r["bar"]["kind"] == "score":
            bar = f">= {r['bar']['at']:.0%}"
        else:
            bar = f">= baseline {r['bar']['at']:+.0%}"
        cpu = "-" if r["cpu_seconds_per_game"] is None else f"{r['cpu_seconds_per_game']:.1f}"
        out.append(
            f"| {r['game']} | {r['bot']} | {r['opponent']} | {seat} | {r['games']}"
            f" | {r['wins']}-{r['draws']}-{r['losses']} | {_percent(r['score'])}"
            f" | {_span(r['interval']) if r['games'] else '-'} | {baseline} | {difference} | {bar}"
            f" | {r['verdict'] or '-'} | {r['seconds_per_decision']:.2f} | {cpu} |"
        )
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    parser.add_argument("--ledger", type=Path, default=LEDGER, help="the ledger file (default: %(default)s)")
    go = sub.add_parser("run", help="play more matches of some pairings")
    go.add_argument("pairings", nargs="+", help="GAME:OPPONENT, e.g. glyfts:heuristic")
    go.add_argument(
        "--bot", default="mcts:iterations=1000,seconds=none", help="the challenger's bot spec (default: %(default)s)"
    )
    go.add_argument("--minutes", type=float, default=30.0, help="start no match after this long")
    go.add_argument("--workers", type=int, default=1)
    go.add_argument("--games", type=int, default=None, help="at most this many new matches per pairing")
    show = sub.add_parser("summary", help="add up the ledger")
    show.add_argument("--since", default=None, help="only matches played on commits containing this one")
    show.add_argument("--bot", default=None, help="only this challenger's pairings (and the mirror baselines)")
    show.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    if args.command == "run":
        bot = check_spec(args.bot)
        pairings = [parse_pairing(p, bot) for p in args.pairings]
        run(pairings, args.minutes, max(1, args.workers), args.games, args.ledger)
    else:
        table = summary(args.since, args.ledger, args.bot)
        print(markdown(table) if args.markdown else json.dumps(table, indent=1))


if __name__ == "__main__":
    main()
