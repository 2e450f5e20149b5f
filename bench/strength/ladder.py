"""The levels' Elo ladder per game (issue 41): each level against the one below it, on paired deals.

    python bench/strength/ladder.py run inscription glyfts [--deals 12] [--minutes 2] [--jobs 1] [--pairs easy-medium,medium-expert]
    python bench/strength/ladder.py show [--markdown]      # the ratings from the ledger
    python bench/strength/ladder.py write                  # ... and into glyphhall/bots/ladder.json (the lobby's)
    python bench/strength/ladder.py sequential tundrus --pairs hard-expert [--elo1 50]

The levels are those of `glyphhall/bots/levels.py` that are on the ladder (Beginner ... Expert),
each played by its spec with `seconds=none` for the searching levels: their iteration budgets
(the game's own per level), so the machine's load cannot change a result. A deal (match index i;
the seed fixes it) is played twice, the upper level in the first seat and then in the second,
both games drawing their chance from per-purpose streams (`glyphhall.arena.luck`) so they share
their luck. The deal's score is the upper level's mean over its two games (1 win, 0.5 draw).
Each game is also scored with its dice's luck taken out (`glyphhall/arena/luck_adjusted.py`,
AIVAT's chance term): the same expectation, a smaller spread where dice decide much; deals
recorded since then carry it, and each pair reports it beside the raw score.

Per pair: the mean score p with its 95 % t interval over deals, turned into Elo (400 log10(p /
(1 - p)); a score of 0 or 1 is taken as a quarter game from it and reported as a bound; where every
deal scored alike, the interval is Wilson's over the games). Beginner (`random`) is the anchor at
1000; each level is rated from the nearest level below it that it has at least 4 deals against
(the level right below where affordable; else e.g. Hard from Beginner), adding the Elo difference and
the half-widths in quadrature (the pairs are independent deals). A level measured against the one
right below whose interval reaches one half is marked "not measurably stronger than the level
below"; one measured against a lower level only, "not yet compared with the level below". A game
may leave a level off its ladder (`OFF_LADDER_IN` in `glyphhall/bots/levels.py`: Glyfts' Hard, as
strong as Medium there): it is still rated, but the level above it is compared with the one below it.
The strength bench's deals (`bench/strength/paired.jsonl`) between two levels as shipped (the
same specs, shared luck) count too: they are the same paired games.

Each pair plays deals until `--deals` or until it has spent `--minutes` of CPU (the machine is
shared: budgets are CPU time, not wall time); deals go to `bench/strength/ladder/deals.jsonl` with the
commit, the specs and the CPU seconds, and a later run goes on from the next deal. The ledger is
read by spec, not by level name: a deal counts for whichever two levels play those specs now."""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import subprocess
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from datetime import UTC, datetime
from itertools import zip_longest
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from glyphhall.arena.luck_adjusted import adjusted_score  # noqa: E402
from glyphhall.arena.luck_adjusted import score as seat_score  # noqa: E402
from glyphhall.arena.match import play_match  # noqa: E402
from glyphhall.arena.runner import die_with_parent  # noqa: E402
from glyphhall.arena.schedule import MatchSpec, match_seed  # noqa: E402
from glyphhall.bots.levels import Level, find, ladder_levels, off_ladder_reason  # noqa: E402
from glyphhall.engine import Rng  # noqa: E402
from glyphhall.games import get as game_by_id  # noqa: E402

sys.path.insert(0, str(ROOT / "bench" / "strength"))  # sequential.py
from sequential import MIN_DEALS, control_variate_interval, gsprt, t_quantile  # noqa: E402

LEDGER = ROOT / "bench" / "strength" / "ladder" / "deals.jsonl"
STRENGTH_LEDGER = ROOT / "bench" / "strength" / "paired.jsonl"
OUTPUT = ROOT / "glyphhall" / "bots" / "ladder.json"
LADDER_SEED = 41
ANCHOR = 1000.0


def bench_spec(level: Level) -> str:
    """The level's spec with iteration budgets only (no time ceiling)."""
    return level.spec + (":seconds=none" if level.spec.startswith("mcts") else "")


def deal_games(game: str, lower: Level, upper: Level, index: int) -> list[MatchSpec]:
    seed = match_seed(LADDER_SEED, index)
    rng = Rng(seed ^ 0xB075)
    seeds = (rng.next64() >> 1, rng.next64() >> 1)
    up, low = bench_spec(upper), bench_spec(lower)
    ref = f"glyphhall.games.{game}:GAME"
    return [MatchSpec(index=index, game=ref, seed=seed, entrants=(upper.key, lower.key), bots=(up, low),
                      bot_seeds=seeds, shared_luck=True),
            MatchSpec(index=index, game=ref, seed=seed, entrants=(lower.key, upper.key), bots=(low, up),
                      bot_seeds=seeds, shared_luck=True)]


def upper_scores(results: list[dict[str, Any]]) -> list[float]:
    """The upper level's score (1, 0.5 or 0) in each game of a deal (`deal_games`' order: it
    sits first, then second)."""
    return [seat_score(results[0]["returns"], 0), seat_score(results[1]["returns"], 1)]


def play_half(task: tuple[str, str, str, int, int]) -> dict[str, Any]:
    """One game of deal `index` for the pair (`half` 0: the upper level sits first, 1: second);
    runs in a worker, so the two games of a deal run side by side on a many-core machine."""
    game, lower_key, upper_key, index, half = task
    levels = {lv.key: lv for lv in ladder_levels()}
    start = time.process_time()
    result = play_match(deal_games(game, levels[lower_key], levels[upper_key], index)[half])
    cpu = time.process_time() - start
    adjusted = None
    if not result["error"]:
        try:
            adjusted = adjusted_score(game_by_id(game), result, seat=half)["adjusted"]
        except ValueError as err:  # a game without a heuristic, or a replay that went astray: raw only
            print(f"{game} deal {index}: no luck-adjusted score: {err}", file=sys.stderr, flush=True)
    return {"task": task, "result": result, "cpu": cpu, "adjusted": adjusted}


def deal_record(game: str, lower: Level, upper: Level, index: int, halves: list[dict[str, Any]]) -> dict[str, Any]:
    """The ledger's line for a deal whose two games are in (`halves`, in `deal_games`' order)."""
    results = [h["result"] for h in halves]
    errors = [r["error"] for r in results if r["error"]]
    adjusted = [h["adjusted"] for h in halves if h.get("adjusted") is not None]
    return {"game": game, "lower": lower.key, "upper": upper.key, "index": index,
            "specs": [bench_spec(lower), bench_spec(upper)], "scores": None if errors else upper_scores(results),
            "adjusted": None if errors or len(adjusted) < len(halves) else [round(a, 4) for a in adjusted],
            "errors": errors, "moves": [r["moves"] for r in results],
            "cpu": round(sum(h["cpu"] for h in halves), 2)}


def git_commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def read_ledger() -> list[dict[str, Any]]:
    """This bench's deals, and the strength bench's deals between two levels as they are shipped."""
    own = [json.loads(line) for line in LEDGER.read_text().splitlines() if line.strip()] if LEDGER.exists() else []
    return own + strength_deals()


def strength_deals() -> list[dict[str, Any]]:
    """bench/strength/paired.jsonl's deals whose bot and opponent are two ladder levels exactly
    (the same specs, iteration budgets), as this bench's deals: the same pairing, both seats,
    shared luck (its mirror game is not needed here), each game's luck-adjusted score too where
    its luck was recorded (there the first seat's luck; the second seat's is its negative)."""
    if not STRENGTH_LEDGER.exists():
        return []
    by_spec = {bench_spec(lv): lv for lv in ladder_levels()}
    order = [lv.key for lv in ladder_levels()]
    out = []
    for line in STRENGTH_LEDGER.read_text().splitlines():
        d = json.loads(line) if line.strip() else {}
        bot, opp = by_spec.get(d.get("bot", "")), by_spec.get(d.get("opponent", ""))
        if bot is None or opp is None or order.index(bot.key) <= order.index(opp.key) or d.get("luck") != "shared":
            continue
        games = d["scores"].get("games") if d.get("scores") and d["scores"].get("score") is not None else None
        lucks = [d["games"]["first"].get("luck"), d["games"]["second"].get("luck")]
        adjusted = None if games is None or None in lucks else [round(games[0] - lucks[0], 4),
                                                                round(games[1] + lucks[1], 4)]
        out.append({"game": d["game"], "lower": opp.key, "upper": bot.key, "index": d["index"],
                    "specs": [bench_spec(opp), bench_spec(bot)], "scores": games, "adjusted": adjusted,
                    "cpu": round(d["games"]["first"]["cpu"] + d["games"]["second"]["cpu"], 2),
                    "commit": d.get("commit", "?")[:7], "date": d.get("finished", "")[:10],
                    "source": "bench/strength"})
    return out


def pairs(only: list[str] | None, game: str | None = None) -> list[tuple[Level, Level]]:
    """Each level of the game's ladder with the one right below it; or the pairs named ("hard-expert",
    also two levels apart such as "medium-expert": the top level against the hand heuristic, issue
    41's bar; a level a game leaves off its ladder may be named)."""
    if not only:
        levels = ladder_levels(game)
        return list(zip(levels, levels[1:], strict=False))
    levels = ladder_levels()
    order = {lv.key: i for i, lv in enumerate(levels)}
    out = []
    for name in only:
        lower, _, upper = name.partition("-")
        if lower not in order or upper not in order or order[lower] >= order[upper]:
            raise SystemExit(f"--pairs: {name!r} is not a lower and a higher level of "
                             f"{', '.join(order)} joined by '-'")
        out.append((levels[order[lower]], levels[order[upper]]))
    return out


def run(games: list[str], *, deals: int, minutes: float, jobs: int, only: list[str] | None) -> None:
    """Every asked pair of every asked game from one pool of `jobs` workers, a game a task, the
    pairs taking turns (so a many-core machine stopped at any moment has spent its time evenly
    among them); each deal goes to the ledger as soon as both its games are in, so a run cut
    short loses only the deals still in play. A pair that has spent `minutes` of CPU starts no
    new deal (the ones under way finish)."""
    LEDGER.parent.mkdir(parents=True, exist_ok=True)
    commit = git_commit()
    done = read_ledger()
    levels = {lv.key: lv for lv in ladder_levels()}
    queues: list[list[tuple[str, str, str, int, int]]] = []
    cpu: dict[tuple[str, str, str], float] = {}
    for game in games:
        for lower, upper in pairs(only, game):
            specs = [bench_spec(lower), bench_spec(upper)]
            mine = [d for d in done if "source" not in d and d["game"] == game and d["specs"] == specs]
            first = 1 + max((d["index"] for d in mine), default=-1)
            indices = range(first, first + max(0, deals - len(mine)))
            queues.append([(game, lower.key, upper.key, i, half) for i in indices for half in (0, 1)])
            cpu[(game, lower.key, upper.key)] = 0.0
    pending = iter([task for turn in zip_longest(*queues) for task in turn if task is not None])
    halves: dict[tuple[str, str, str, int], list[dict[str, Any] | None]] = {}
    wall = time.time()

    def submit_next(pool: ProcessPoolExecutor, running: set[Future[dict[str, Any]]]) -> None:
        for task in pending:
            pair, index, half = task[:3], task[3], task[4]
            if (half == 0 and cpu[pair] < minutes * 60) or (half == 1 and (*pair, index) in halves):
                halves.setdefault((*pair, index), [None, None])
                running.add(pool.submit(play_half, task))
                return

    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=die_with_parent) as pool:
        running: set[Future[dict[str, Any]]] = set()
        for _ in range(jobs):
            submit_next(pool, running)
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                half = future.result()
                game, lower_key, upper_key, index, which = half["task"]
                slot = halves[(game, lower_key, upper_key, index)]
                slot[which] = half
                if None not in slot:
                    del halves[(game, lower_key, upper_key, index)]  # both games are in: keep no results
                    deal = deal_record(game, levels[lower_key], levels[upper_key], index, slot)  # type: ignore[arg-type]
                    deal.update(commit=commit, date=datetime.now(UTC).strftime("%Y-%m-%d"))
                    with LEDGER.open("a") as handle:
                        handle.write(json.dumps(deal) + "\n")
                    cpu[(game, lower_key, upper_key)] += deal["cpu"]
                    print(f"{game} {upper_key} vs {lower_key} deal {index}: {deal['scores']} "
                          f"({deal['cpu']:.1f} CPU s, {time.time() - wall:.0f} s wall)"
                          f"{' ' + '; '.join(deal['errors']) if deal['errors'] else ''}", flush=True)
                submit_next(pool, running)
    for (game, lower_key, upper_key), spent in cpu.items():
        print(f"{game} {upper_key} vs {lower_key}: {spent:.0f} CPU s", flush=True)


# --- from deals to ratings -----------------------------------------------------------------------
def elo(p: float) -> float:
    return 400 * math.log10(p / (1 - p))


def luck_adjusted(deals: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The deals' mean score with the luck of their dice taken out (a control variate,
    `sequential.control_variate_interval`), over those that carry their luck (deals played since
    it was recorded), with its 95 % t interval; None under three deals."""
    used = [d for d in deals if d.get("adjusted") is not None and d["scores"] is not None]
    if len(used) < 3:
        return None
    raw = [sum(d["scores"]) / 2 for d in used]
    luck = [r - sum(d["adjusted"]) / 2 for r, d in zip(raw, used, strict=True)]
    mean, low, high, b = control_variate_interval(raw, luck)
    return {"deals": len(used), "score": round(mean, 3), "score_low": round(low, 3), "score_high": round(high, 3),
            "b": round(b, 3)}


def pair_figures(deals: list[dict[str, Any]]) -> dict[str, Any] | None:
    scores = [sum(d["scores"]) / 2 for d in deals if d["scores"] is not None]
    n = len(scores)
    if n == 0:
        return None
    mean = sum(scores) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (n - 1)) if n > 1 else math.inf
    half = t_quantile(n - 1) * sd / math.sqrt(n) if n > 1 else math.inf
    if n > 1 and sd == 0:
        # Every deal alike (a sweep): no spread to stand on, so the Wilson interval over the games.
        from glyphhall.arena.ratings import wilson

        low_w, high_w = wilson(mean * 2 * n, 2 * n)
        half = max(mean - low_w, high_w - mean)
    edge = 1 / (4 * n)  # a quarter game: a clean sweep is reported as a bound, not as infinite Elo

    def bounded(p: float) -> float:
        return elo(min(1 - edge, max(edge, p)))

    low_p, high_p = mean - half, mean + half
    return {
        "deals": n, "games": 2 * n, "score": round(mean, 3), "score_low": round(max(0.0, low_p), 3),
        "score_high": round(min(1.0, high_p), 3), "elo": round(bounded(mean)),
        "elo_low": None if low_p <= 0 else round(bounded(low_p)),
        "elo_high": None if high_p >= 1 else round(bounded(high_p)),
        "cpu_seconds": round(sum(d["cpu"] for d in deals)),
        "errors": sum(1 for d in deals if d["scores"] is None),
        "luck_adjusted": luck_adjusted(deals),
    }


#: The deals a pair needs to say whether a level is above the one right below it, and (where
#: every comparison's interval is open) to rate it from the nearest level below (the strength
#: bench's Hard against Beginner, where Hard against Medium is not yet affordable).
ADJACENT_ENOUGH = 4


def _pair_deals(ledger: list[dict[str, Any]], game: str, lower: Level, upper: Level) -> list[dict[str, Any]]:
    """The deals between the two levels' specs, whatever the levels were called when they were
    played (the ledger's level keys are those of their day: Easy was `heuristic` until issue 41's
    second round, so its deals against Beginner now count for Beginner against Medium)."""
    specs = [bench_spec(lower), bench_spec(upper)]
    return [d for d in ledger if d["game"] == game and d["specs"] == specs]


def _rated_from(options: list[tuple[Level, dict[str, Any]]],
                chain: dict[str, tuple[float, float, float, bool, bool]]) -> tuple[Level, dict[str, Any]]:
    """Which comparison (a rated level below and the pair's figures; nearest first) a level's
    rating comes from: the one that pins it most closely (the narrowest interval, the lower
    level's own included: 200 deals against Medium say more than 30 against Hard); where every
    interval is open (sweeps), the nearest with enough deals, else the one with the most."""

    def width(option: tuple[Level, dict[str, Any]]) -> float:
        lower, fig = option
        _, var_low, var_high, open_low, open_high = chain[lower.key]
        if open_low or open_high or fig["elo_low"] is None or fig["elo_high"] is None:
            return math.inf
        return math.sqrt(var_low + (fig["elo"] - fig["elo_low"]) ** 2) + math.sqrt(var_high + (fig["elo_high"] - fig["elo"]) ** 2)

    closed = [o for o in options if width(o) < math.inf]
    if closed:
        return min(closed, key=width)  # (the nearest of equals: `options` is nearest first)
    enough = [o for o in options if o[1]["deals"] >= ADJACENT_ENOUGH]
    return enough[0] if enough else max(options, key=lambda o: o[1]["deals"])


def ladder(game: str, ledger: list[dict[str, Any]]) -> dict[str, Any]:
    """Per pair its figures; per level its rating and interval, from the comparison that pins it
    most closely (`_rated_from`), and whether it is above the level right below on the game's
    ladder; None where not measured. A level the game leaves off its ladder is rated the same way
    (and marked `off_ladder`), but no level above is rated from it or compared with it."""
    levels = ladder_levels()
    on_ladder = {lv.key for lv in ladder_levels(game)}
    anchor = {"rating": round(ANCHOR), "low": round(ANCHOR), "high": round(ANCHOR), "above_below": None, "anchor": True}
    out_levels: dict[str, Any] = {levels[0].key: anchor}
    #: per rated level on the game's ladder: (rating, squared half-width below, above, open below, open above)
    chain: dict[str, tuple[float, float, float, bool, bool]] = {levels[0].key: (ANCHOR, 0.0, 0.0, False, False)}
    out_pairs = []
    for k, upper in enumerate(levels[1:], start=1):
        below = next(lv for lv in reversed(levels[:k]) if lv.key in on_ladder)
        options = []
        for lower in reversed(levels[:k]):
            fig = pair_figures(_pair_deals(ledger, game, lower, upper))
            if lower is below or fig is not None:
                out_pairs.append({"lower": lower.key, "upper": upper.key,
                                  "specs": [bench_spec(lower), bench_spec(upper)], **(fig or {"deals": 0})})
            if fig is not None and fig["deals"] >= 2 and lower.key in chain:
                options.append((lower, fig))
        off = {} if upper.key in on_ladder else {"off_ladder": True}
        if not options:
            out_levels[upper.key] = {"rating": None, "note": "not yet measured", **off}
            continue
        lower, fig = _rated_from(options, chain)
        rating, var_low, var_high, open_low, open_high = chain[lower.key]
        rating += fig["elo"]
        open_low = open_low or fig["elo_low"] is None
        open_high = open_high or fig["elo_high"] is None
        var_low += 0.0 if fig["elo_low"] is None else (fig["elo"] - fig["elo_low"]) ** 2
        var_high += 0.0 if fig["elo_high"] is None else (fig["elo_high"] - fig["elo"]) ** 2
        if not off:
            chain[upper.key] = (rating, var_low, var_high, open_low, open_high)
        adjacent = next((f for lv, f in options if lv is below and f["deals"] >= ADJACENT_ENOUGH), None)
        out_levels[upper.key] = {
            "rating": round(rating), "low": None if open_low else round(rating - math.sqrt(var_low)),
            "high": None if open_high else round(rating + math.sqrt(var_high)),
            # Against the level right below: measurably stronger or not; None when not compared.
            "above_below": None if adjacent is None else adjacent["elo_low"] is not None and adjacent["score_low"] > 0.5,
            "measured_against": lower.key, **off}
    return {"levels": out_levels, "pairs": out_pairs}


def figures(games: list[str]) -> dict[str, Any]:
    ledger = read_ledger()
    games = games or sorted({d["game"] for d in ledger})
    dates = sorted({d["date"] for d in ledger})
    return {
        "about": "Elo ladder of the bot levels per game (bench/strength/ladder.py): each level against the one "
                 "below on paired deals (seats swapped, shared luck), 2 players, default options; "
                 f"Beginner (random) is the anchor at {ANCHOR:.0f}; intervals 95 %; budgets: each level's "
                 "iteration budget for the game, no time ceiling; measured on a shared 2-core machine "
                 "and a lent 16-core one (the machine changes the time a deal takes, not its moves).",
        "dates": [dates[0], dates[-1]] if dates else [],
        "commits": sorted({d["commit"] for d in ledger}),
        "games": {g: ladder(g, ledger) for g in games},
    }


def _pair_text(pair: dict[str, Any], names: dict[str, str]) -> str:
    text = (f"{names[pair['lower']]}: {pair['deals']} deal{'s' if pair['deals'] != 1 else ''}, {pair['score']:.2f} "
            f"({pair['score_low']:.2f}-{pair['score_high']:.2f})")
    if pair.get("luck_adjusted"):
        adj = pair["luck_adjusted"]
        text += f"; luck-adjusted, {adj['deals']} deals: {adj['score']:.2f} ({adj['score_low']:.2f}-{adj['score_high']:.2f})"
    return text


def table_lines(data: dict[str, Any], markdown: bool) -> list[str]:
    names = {lv.key: lv.name for lv in ladder_levels()}
    lines = []
    if markdown:
        lines.append("| Game | Level | Rating (95 %) | Measured against: deals, its score (95 %) | CPU s |")
        lines.append("|---|---|---|---|---|")
    for game, lad in data["games"].items():
        below = {upper.key: lower.key for lower, upper in pairs(None, game)}
        for key, entry in lad["levels"].items():
            against = entry.get("measured_against")
            pair = next((p for p in lad["pairs"] if p["upper"] == key and p["lower"] == against), None)
            # The level right below too, where the rating came from further down (its verdict).
            next_below = next((p for p in lad["pairs"] if p["upper"] == key and p["lower"] == below.get(key)
                               and p["lower"] != against and p.get("deals")), None)
            if entry.get("rating") is None:
                rated = "not yet measured"
            else:
                low = "open" if entry.get("low") is None else f"{entry['low']}"
                high = "open" if entry.get("high") is None else f"{entry['high']}"
                rated = f"{entry['rating']} ({low} to {high})"
                level = find(key)
                if entry.get("off_ladder") and level is not None:
                    rated += f", not on this game's ladder: {off_ladder_reason(level, game)}"
                elif entry.get("above_below") is False:
                    rated += ", not measurably stronger than the level below"
                elif entry.get("above_below") is None and not entry.get("anchor"):
                    rated += ", not yet compared with the level below"
            if entry.get("anchor"):
                vs = "the anchor"
            elif pair is None:
                tried = [p for p in lad["pairs"] if p["upper"] == key and p.get("deals")]
                vs = "; ".join(f"{names[p['lower']]}: {p['deals']} deal(s)" for p in tried) or "no deals"
            else:
                vs = " / ".join(_pair_text(p, names) for p in (pair, next_below) if p is not None)
            cpu = "" if pair is None else str(sum(p.get("cpu_seconds", 0) for p in (pair, next_below) if p is not None))
            if markdown:
                lines.append(f"| {game} | {names[key]} | {rated} | {vs} | {cpu} |")
            else:
                lines.append(f"{game:12} {names[key]:9} {rated:72} {vs} {cpu}")
    return lines


def top_against_medium_lines(data: dict[str, Any]) -> list[str]:
    """Issue 41's bar, a markdown table: the top level against Medium (the hand heuristic) in
    each game where that pair was played, in points of a deal (score less one half, x 100)."""
    top = ladder_levels()[-1]

    def points(fig: dict[str, Any]) -> str:
        low, mid, high = ((fig[k] - 0.5) * 100 for k in ("score_low", "score", "score_high"))
        return f"{mid:+.1f} ({low:+.1f} to {high:+.1f})"

    rows = []
    for game, lad in data["games"].items():
        pair = next((p for p in lad["pairs"] if (p["lower"], p["upper"]) == ("medium", top.key) and p.get("deals")), None)
        if pair is not None:
            adj = pair.get("luck_adjusted")
            luck = "" if adj is None else f"{adj['deals']} deals: {points(adj)}"
            rows.append(f"| {game} | {pair['deals']} | {points(pair)} | {luck} |")
    if not rows:
        return []
    return [f"{top.name} against Medium, in points of a deal (its score less one half, x 100; 95 %):", "",
            "| Game | Deals | Points (95 %) | Luck-adjusted |", "|---|---|---|---|", *rows]


def into_readme(data: dict[str, Any]) -> None:
    """The ladder table between the README's markers, with where its figures came from."""
    readme = ROOT / "README.md"
    text = readme.read_text()
    start, end = "<!-- ladder: written by bench/strength/ladder.py write -->\n", "<!-- /ladder -->"
    if start not in text or end not in text:
        raise SystemExit("README.md has no ladder markers")
    head, _, rest = text.partition(start)
    _, _, tail = rest.partition(end)
    dates = " to ".join(sorted(set(data["dates"]))) or "no date"
    bar = top_against_medium_lines(data)
    body = "\n".join(table_lines(data, True) + ([""] + bar if bar else []))
    body += f"\n\nMeasured {dates} (commits {', '.join(data['commits'])}).\n"
    readme.write_text(head + start + body + end + tail)


def sequential_lines(games: list[str], only: list[str] | None, elo1: float) -> list[str]:
    """The GSPRT (`sequential.gsprt`, H0 "level", H1 "`elo1` Elo stronger") over each pair's deals in
    the order they were played, stopped where it first crossed a bound: the verdict that stays
    honest when deals are added and the interval looked at again, session after session (the
    ladder's own verdict is the fixed-sample t interval of all the deals)."""
    ledger = read_ledger()
    lines = []
    for game in games or sorted({d["game"] for d in ledger}):
        for lower, upper in pairs(only, game):
            deals = sorted(_pair_deals(ledger, game, lower, upper), key=lambda d: d.get("date", ""))  # stable: ledger order
            scores = [sum(d["scores"]) / 2 for d in deals if d["scores"] is not None]
            if not scores:
                continue
            stop = next((n for n in range(MIN_DEALS, len(scores) + 1) if gsprt(scores[:n], 0, elo1).decision), len(scores))
            test = gsprt(scores[:stop], 0, elo1)
            verdict = {"H1": f"stronger (by {elo1:g} Elo rather than level)", "H0": f"level (rather than {elo1:g} Elo stronger)",
                       None: "undecided"}[test.decision]
            where = f"after deal {stop} of {len(scores)}" if test.decision else f"over all {len(scores)} deals"
            lines.append(f"{game:12} {upper.name} against {lower.name}: {verdict} {where}; {test.words()}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run")
    go.add_argument("games", nargs="+")
    go.add_argument("--deals", type=int, default=12, help="deals per pair at most (each two games)")
    go.add_argument("--minutes", type=float, default=2.0, help="CPU minutes per pair and game at most")
    go.add_argument("--jobs", type=int, default=1)
    go.add_argument("--pairs", default="", help="only these pairs, e.g. beginner-easy,easy-medium")
    for name in ("show", "write"):
        cmd = sub.add_parser(name)
        cmd.add_argument("games", nargs="*")
        cmd.add_argument("--markdown", action="store_true")
    seq = sub.add_parser("sequential", help="the GSPRT over each pair's deals in the order played")
    seq.add_argument("games", nargs="*")
    seq.add_argument("--pairs", default="", help="only these pairs, e.g. hard-expert")
    seq.add_argument("--elo1", type=float, default=50.0, help="H1's Elo difference (H0: level)")
    args = parser.parse_args()
    only = [p for p in getattr(args, "pairs", "").split(",") if p] or None
    if args.command == "sequential":
        print("\n".join(sequential_lines(args.games, only, args.elo1)))
        return
    if args.command == "run":
        run(args.games, deals=args.deals, minutes=args.minutes, jobs=args.jobs, only=only)
        args.games, args.markdown = args.games, False
    data = figures(args.games)
    print("\n".join(table_lines(data, args.markdown)))
    if args.command == "write":
        OUTPUT.write_text(json.dumps(data, indent=1) + "\n")
        into_readme(data)
        print(f"written: {OUTPUT.relative_to(ROOT)} and the README's ladder table")


if __name__ == "__main__":
    main()
