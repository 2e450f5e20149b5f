"""Bot strength, measured on paired deals with a sequential test (issue 23).

    python bench/strength/strength.py run glyfts:heuristic tundrus:heuristic --bot mcts-hard:seconds=none \
        --jobs 2 [--deals 200] [--minutes 30] [--grace 2]
    python bench/strength/strength.py run glyfts:random --bot mcts:seconds=none
    python bench/strength/strength.py run glyfts:mcts:seconds=none --bot mcts-hard:seconds=none
    python bench/strength/strength.py run mcts:seconds=none@glyfts:random mcts-hard:seconds=none@glyfts:heuristic
    python bench/strength/strength.py summary [--since COMMIT] [--markdown]

A pairing is GAME:OPPONENT (the challenger is `--bot`) or BOT@GAME:OPPONENT; two players, default options. Each deal
(match index i; the seed fixes the deal) is played as

- `first`: the bot in the first seat against the opponent, and `second`: the seats swapped;
- `mirror`: the opponent against itself on the same deal, the paired baseline (played where the
  opponent is `heuristic` or `random`, which cost little): each game of the bot is set against
  the mirror's result in the same seat.

Every game of a deal draws its chance from per-purpose streams (`glyphhall.arena.luck`): the
k-th roll of the same kind of dice for the same purpose in the same turn (the game's
`luck_context`) is the same in all three, so the games share their luck as duplicate bridge
shares its deals (`--luck plain`: the game's one stream, as a match record replays it; measured
side by side, neither made a deal's games agree more often: bench/RESULTS.md). Bot seeds are
shared per seat too.

The deal's score is the bot's mean over its two games (1 win, 0.5 draw); its difference is that
score less the mirror's score in the same seats (in a two-player game the mirror's two seats
add up to one, so the difference is the score less one half, and the mirror serves to show, game
by game, whether the bot did better than the opponent would have in its place). After each deal
the run prints the game verdicts, the deal, the mean difference in points (100 = every game won
where the baseline lost every one) with its 95 % t interval over deals, and the sequential test:

- against `random`, Wald's SPRT of "scores 92 %" against "scores 98 %" per game (the issue's
  bar is 95 %; the Wilson interval of the score is reported beside it);
- otherwise the GSPRT of chess engine testing on deal scores, H0 "elo0 better" against H1 "elo1
  better" (`--elo0 0 --elo1 35` by default: +35 Elo is a 55 % score, the issue's +5 points).

Each game also records the luck its dice brought the first seat (glyphhall/arena/luck_adjusted.py);
the standing reports the mean difference with that luck taken out as a control variate beside the
raw one (the same expectation, a narrower interval where dice decide much). The verdict and the
sequential test stay on the raw differences.

Pairings share the machine equally by CPU time (a cheap one plays more deals); one stops as soon as its test decides (or at `--deals`); the run starts no game after
`--minutes` and abandons games still running `--grace` minutes later. Deals go to the ledger
(`bench/strength/paired.jsonl`, one JSON line per finished deal, with the bot specs, the
commit and the CPU time); a later run of a pairing goes on from the next deal, and its test
counts the deals already in the ledger from the same commit. Budgets must be iterations
(`seconds=none`), so the machine's load cannot change a result. `summary` adds the ledger up per
pairing with the bar of the issue's "Done means" and the verdict (met / not met / not yet
decided). The older per-match ledger (`bench/strength/ledger.jsonl`, sessions 2-5) is kept as
history: bench/RESULTS.md quotes it."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench" / "strength"))  # sequential.py, strength.py

from sequential import (  # noqa: E402
    Sequential,
    bernoulli_sprt,
    control_variate_interval,
    elo_of,
    gsprt,
    paired_interval,
)

from glyphhall.arena import MatchSpec, play_match, wilson  # noqa: E402
from glyphhall.arena.luck_adjusted import luck_terms  # noqa: E402
from glyphhall.arena.luck_adjusted import score as seat_score  # noqa: E402
from glyphhall.arena.runner import die_with_parent  # noqa: E402
from glyphhall.arena.schedule import match_seed  # noqa: E402
from glyphhall.bots.spec import check_spec, parse_spec  # noqa: E402
from glyphhall.engine import MatchRecord, Rng  # noqa: E402
from glyphhall.games import resolve as resolve_game  # noqa: E402

LEDGER = ROOT / "bench" / "strength" / "paired.jsonl"
#: Arena seed of every strength deal: deal i of any pairing is the same deal.
STRENGTH_SEED = 2026
#: Opponents cheap enough to play the mirror baseline against themselves on every deal.
MIRRORED = frozenset({"heuristic", "random"})
#: The SPRT against random: "scores 92 %" (H0) against "scores 98 %" (H1).
RANDOM_P0, RANDOM_P1 = 0.92, 0.98
RANDOM_BAR = 0.95
#: Done means (issue 23), in points of the paired difference: mcts-hard >= +10 against the
#: heuristic, the other levels >= +5, and a level against a weaker one >= 0; each with the
#: interval's low end above 0 (the last: just reported).
HEURISTIC_BARS = {"mcts-hard": 10.0}
HEURISTIC_BAR = 5.0
POINTS = 100.0
#: Below this many deals an interval's approximation is too rough to stand on: "not yet decided".
MIN_DEALS = 10
ROLES = ("first", "second", "mirror")


@dataclass(frozen=True)
class Pairing:
    game: str
    bot: str
    opponent: str

    @property
    def mirrored(self) -> bool:
        return self.opponent in MIRRORED

    @property
    def roles(self) -> tuple[str, ...]:
        return ROLES if self.mirrored else ROLES[:2]

    def label(self) -> str:
        return f"{self.game} {self.bot} vs {self.opponent}"


def game_ref(game: str) -> str:
    """The game's module reference: only its own package is imported (not the registry's every
    game), so the bench runs on a bare Python 3.11 without the Glyphs game's libraries."""
    return f"glyphhall.games.{game}:GAME"


def parse_pairing(text: str, bot: str) -> Pairing:
    """GAME:OPPONENT for `bot`, or BOT@GAME:OPPONENT for another challenger."""
    if "@" in text:
        bot, _, text = text.partition("@")
    game, sep, opponent = text.partition(":")
    if not sep or not game or not opponent:
        raise SystemExit(f"a pairing is GAME:OPPONENT or BOT@GAME:OPPONENT, e.g. inscription:random (got {text!r})")
    try:
        resolve_game(game_ref(game))
        bot = check_spec(bot)
        opponent = check_spec(opponent)
    except (KeyError, ValueError) as err:
        raise SystemExit(f"bad pairing {text!r}: {err}") from None
    return Pairing(game, bot, opponent)


def game_spec(pairing: Pairing, index: int, role: str, luck: str = "shared") -> MatchSpec:
    """Game `role` of deal `index`: the same seed, luck and per-seat bot seeds in every role."""
    seed = match_seed(STRENGTH_SEED, index)
    bot_rng = Rng(seed ^ 0xB075)
    seeds = (bot_rng.next64() >> 1, bot_rng.next64() >> 1)
    bot, opp = pairing.bot, pairing.opponent
    bots = {"first": (bot, opp), "second": (opp, bot), "mirror": (opp, opp)}[role]
    entrants = bots if bots[0] != bots[1] else (bots[0], f"{bots[1]}#2")
    return MatchSpec(index=index, game=game_ref(pairing.game), seed=seed, entrants=entrants, bots=bots,
                     bot_seeds=seeds, shared_luck=luck == "shared")


def timed_game(spec: MatchSpec, with_luck: bool = True) -> dict[str, Any]:
    """One game, compact, with the CPU seconds the worker spent on it and (`with_luck`: not for
    the mirror, whose luck nothing reads) the luck its dice brought the first seat
    (glyphhall/arena/luck_adjusted.py; the second seat's is its negative)."""
    start = time.process_time()
    result = play_match(spec)
    cpu = round(time.process_time() - start, 2)
    luck = None
    if with_luck and spec.shared_luck and not result["error"] and len(spec.bots) == 2:
        try:
            luck = round(luck_terms(resolve_game(spec.game), MatchRecord.from_dict(result["record"]), 0)[0], 4)
        except ValueError as err:  # a game without a heuristic, or a replay that went astray: raw only
            print(f"deal {spec.index}: no luck-adjusted score: {err}", file=sys.stderr, flush=True)
    return {
        "returns": result["returns"],
        "moves": result["moves"],
        "decisions": result["decisions"],
        "thinking": result["thinking_seconds"],
        "cpu": cpu,
        "error": result["error"],
        "luck": luck,
    }


# --- scoring a deal ------------------------------------------------------------------------------
def score_deal(pairing: Pairing, games: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The bot's score over the deal, the mirror baseline in the same seats, their difference."""
    if any(g["error"] for g in games.values()):
        return {"score": None, "baseline": None, "difference": None}
    mine = [seat_score(games["first"]["returns"], 0), seat_score(games["second"]["returns"], 1)]
    if "mirror" in games:
        base = [seat_score(games["mirror"]["returns"], 0), seat_score(games["mirror"]["returns"], 1)]
    else:
        base = [0.5, 0.5]
    score, baseline = sum(mine) / 2, sum(base) / 2
    lucks = [games["first"].get("luck"), games["second"].get("luck")]
    # The bot sat first, then second: its luck is the first seat's, then the negative of it.
    luck = None if None in lucks else (lucks[0] - lucks[1]) / 2  # type: ignore[operator]
    return {"score": score, "baseline": baseline, "difference": score - baseline, "games": mine, "mirror": base,
            "luck": luck}


_WORD = {1.0: "won", 0.5: "drew", 0.0: "lost"}


def game_verdicts(pairing: Pairing, deal: dict[str, Any]) -> list[str]:
    """One line per game of the bot: its result, the mirror's in the same seat, the difference."""
    lines = []
    for k, role in enumerate(("first", "second")):
        game = deal["games"][role]
        seat = "first seat" if k == 0 else "second seat"
        if game["error"]:
            lines.append(f"  {role}: {pairing.bot} in the {seat}: not finished: {game['error']}")
            continue
        mine = deal["scores"]["games"][k]
        text = f"  {role}: {pairing.bot} in the {seat} {_WORD[mine]} in {game['moves']} moves"
        if pairing.mirrored:
            base = deal["scores"]["mirror"][k]
            text += f"; {pairing.opponent} in that seat {_WORD[base]}: {POINTS * (mine - base):+.0f}"
        lines.append(text)
    return lines


# --- where a pairing stands ----------------------------------------------------------------------
def standing(pairing: Pairing, deals: list[dict[str, Any]], elo0: float, elo1: float) -> dict[str, Any]:
    """Deals, games, the paired difference with its interval, the test and the issue's verdict."""
    scored = [d for d in deals if d["scores"]["score"] is not None]
    differences = [d["scores"]["difference"] * POINTS for d in scored]
    mean, low, high = paired_interval(differences)
    games = [x for d in scored for x in d["scores"]["games"]]
    points = sum(games)
    test: Sequential
    if pairing.opponent == "random":
        test = bernoulli_sprt(points, len(games), RANDOM_P0, RANDOM_P1)
        hypotheses = f"H0 scores {RANDOM_P0:.0%}, H1 scores {RANDOM_P1:.0%}"
    else:
        test = gsprt([0.5 + d["scores"]["difference"] for d in scored], elo0, elo1)
        hypotheses = f"H0 {elo0:+.0f} Elo, H1 {elo1:+.0f} Elo"
    decisions = sum(g["decisions"][seat] for d in scored for seat, g in ((0, d["games"]["first"]),
                                                                         (1, d["games"]["second"])))
    thinking = sum(g["thinking"][seat] for d in scored for seat, g in ((0, d["games"]["first"]),
                                                                        (1, d["games"]["second"])))
    row = {
        "game": pairing.game, "bot": pairing.bot, "opponent": pairing.opponent,
        "deals": len(scored), "unfinished": len(deals) - len(scored), "games": len(games),
        "wins": games.count(1.0), "draws": games.count(0.5), "losses": games.count(0.0),
        "score": points / len(games) if games else None, "score_interval": list(wilson(points, len(games))),
        "difference": mean, "interval": [low, high],
        "elo": elo_of(0.5 + mean / POINTS) if scored else None,
        "test": test.words(), "hypotheses": hypotheses, "decision": test.decision,
        "seconds_per_decision": thinking / decisions if decisions else None,
        "cpu_per_deal": sum(g["cpu"] for d in scored for g in d["games"].values()) / len(scored) if scored else None,
    }
    lucky = [d for d in scored if d["scores"].get("luck") is not None]
    row["luck_adjusted"] = None
    if len(lucky) >= 3:
        adj, adj_low, adj_high, b = control_variate_interval([d["scores"]["difference"] * POINTS for d in lucky],
                                                             [d["scores"]["luck"] * POINTS for d in lucky])
        row["luck_adjusted"] = {"deals": len(lucky), "difference": adj, "interval": [adj_low, adj_high], "b": b}
    row["bar"], row["verdict"] = judge(pairing, row)
    return row


def judge(pairing: Pairing, row: dict[str, Any]) -> tuple[str, str]:
    """The issue's bar for this pairing and whether the figures meet it."""
    low, high = row["interval"]
    if pairing.opponent == "random":
        s_low, s_high = row["score_interval"]
        verdict = "met" if s_low >= RANDOM_BAR else ("not met" if s_high < RANDOM_BAR else "not yet decided")
        return f"score >= {RANDOM_BAR:.0%}", verdict if row["games"] >= 10 else "not yet decided"
    if pairing.opponent == "heuristic":
        bar = HEURISTIC_BARS.get(parse_spec(pairing.bot)[0], HEURISTIC_BAR)
        words = f">= {bar:+.0f} points, interval above 0"
    else:
        bar = 0.0
        words = ">= 0 points (interval reported)"
        if row["deals"] >= MIN_DEALS:
            return words, "met" if row["difference"] >= bar else "not met"
    if row["deals"] < MIN_DEALS:
        return words, "not yet decided"
    if row["difference"] >= bar and low > 0:
        return words, "met"
    if high < bar:
        return words, "not met"
    return words, "not yet decided"


def describe(row: dict[str, Any]) -> str:
    low, high = row["interval"]
    return (f"after {row['deals']} deals: {row['difference']:+.1f} points [{low:+.1f}, {high:+.1f}]{luck_words(row)}, "
            f"score {row['score']:.1%}; {row['test']} ({row['hypotheses']}); bar {row['bar']}: {row['verdict']}")


def luck_words(row: dict[str, Any]) -> str:
    adj = row.get("luck_adjusted")
    if not adj:
        return ""
    low, high = adj["interval"]
    return f" (luck-adjusted, {adj['deals']} deals: {adj['difference']:+.1f} [{low:+.1f}, {high:+.1f}])"


# --- the ledger ----------------------------------------------------------------------------------
def git_commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=ROOT, capture_output=True,
                             text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def build() -> str:
    """'compiled' when any module of the package is a compiled extension, else 'pure'."""
    package = ROOT / "glyphhall"
    return "compiled" if any(package.rglob("*.so")) or any(package.rglob("*.pyd")) else "pure"


def read_ledger(path: Path = LEDGER) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def of_pairing(lines: list[dict[str, Any]], pairing: Pairing) -> list[dict[str, Any]]:
    return [d for d in lines if (d["game"], d["bot"], d["opponent"]) == (pairing.game, pairing.bot, pairing.opponent)]


# --- running -------------------------------------------------------------------------------------
@dataclass
class Progress:
    """A pairing during a run: its deals so far (the ledger's from this commit, then new ones)."""

    pairing: Pairing
    deals: list[dict[str, Any]]
    next_index: int
    new_deals: int = 0
    open: dict[int, dict[str, Any]] = field(default_factory=dict)  # index -> role -> game
    decided: bool = False
    cpu: float = 0.0  # CPU seconds of this run's finished games
    games: int = 0  # and how many

    def cpu_committed(self) -> float:
        """This run's CPU so far plus the games still to finish at the average game's cost (a
        pairing with games in flight and none finished yet counts as expensive)."""
        pending = sum(len(self.pairing.roles) - len(g) for g in self.open.values())
        if not pending:
            return self.cpu
        return self.cpu + pending * (self.cpu / self.games) if self.games else float("inf")


def run(pairings: list[Pairing], *, jobs: int, deals: int, minutes: float, grace: float, elo0: float,
        elo1: float, path: Path = LEDGER, echo: bool = True, luck: str = "shared",
        fixed: bool = False, first: int = 0) -> list[dict[str, Any]]:
    """Play deals of the pairings (at most `jobs` games at once, each pairing an equal share of
    the CPU) until each pairing's test decides or it has `deals` new deals (with `fixed`, the test
    is only reported: every pairing plays its `deals`); returns each pairing's standing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    ledger, commit, built = read_ledger(path), git_commit(), build()
    progress = []
    for p in pairings:
        mine = of_pairing(ledger, p)
        start = max(first, max((d["index"] for d in mine), default=-1) + 1)
        progress.append(Progress(p, [d for d in mine if d["commit"] == commit], start))
    say = print if echo else (lambda *a, **k: None)
    deadline = time.monotonic() + minutes * 60
    queue: list[tuple[Progress, int, str]] = []
    running: dict[Any, tuple[Progress, int, str]] = {}

    def refill() -> None:
        """Queue the next deal of the pairing still going that has spent the least CPU (counting
        the games in flight at its average so far), so that cheap pairings are not held back
        by expensive ones: each pairing gets an equal share of the machine until it decides."""
        going = [p for p in progress if not p.decided and p.new_deals + len(p.open) < deals]
        if going:
            prog = min(going, key=Progress.cpu_committed)
            prog.open[prog.next_index] = {}
            queue.extend((prog, prog.next_index, role) for role in prog.pairing.roles)
            prog.next_index += 1

    context = multiprocessing.get_context("fork")
    with context.Pool(jobs, die_with_parent) as pool:
        while True:
            while len(running) < jobs and time.monotonic() < deadline:
                if not queue:
                    refill()
                    if not queue:
                        break
                prog, index, role = queue.pop(0)
                if prog.decided:
                    continue
                game = game_spec(prog.pairing, index, role, luck)
                running[pool.apply_async(timed_game, (game, role != "mirror"))] = (prog, index, role)
            if not running:
                break
            if time.monotonic() > deadline + grace * 60:
                say(f"abandoned {len(running)} games still running {grace:g} minutes after the deadline")
                pool.terminate()
                break
            time.sleep(0.05)
            for result in [r for r in running if r.ready()]:
                prog, index, role = running.pop(result)
                games = prog.open.get(index)
                if games is None:
                    continue
                games[role] = result.get()
                prog.cpu += games[role]["cpu"]
                prog.games += 1
                if len(games) < len(prog.pairing.roles):
                    continue
                del prog.open[index]
                deal = finish_deal(prog.pairing, index, games, commit, built, luck)
                with path.open("a") as handle:
                    handle.write(json.dumps(deal) + "\n")
                prog.deals.append(deal)
                prog.new_deals += 1
                row = standing(prog.pairing, prog.deals, elo0, elo1)
                say(f"{prog.pairing.label()} deal {index}:", flush=True)
                for line in game_verdicts(prog.pairing, deal):
                    say(line)
                s = deal["scores"]
                if s["score"] is not None:
                    say(f"  deal: {s['score']:.2f} against {s['baseline']:.2f}, {POINTS * s['difference']:+.0f}; "
                        + describe(row), flush=True)
                # Against random the bar is the score's Wilson interval, which may need more games
                # than the SPRT: such a pairing stops once both have decided (or the SPRT says H0).
                undecided_bar = pairing_needs_more(prog.pairing, row)
                if row["decision"] is not None and not undecided_bar and not fixed:
                    prog.decided = True
                    queue[:] = [q for q in queue if q[0] is not prog]
    return [standing(p.pairing, p.deals, elo0, elo1) for p in progress]


def pairing_needs_more(pairing: Pairing, row: dict[str, Any]) -> bool:
    return pairing.opponent == "random" and row["decision"] == "H1" and row["verdict"] == "not yet decided"


def finish_deal(pairing: Pairing, index: int, games: dict[str, Any], commit: str, built: str,
                luck: str) -> dict[str, Any]:
    return {
        "game": pairing.game, "bot": pairing.bot, "opponent": pairing.opponent, "index": index,
        "seed": match_seed(STRENGTH_SEED, index), "luck": luck, "games": games,
        "scores": score_deal(pairing, games), "commit": commit, "build": built,
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def contains(commit: str, ancestor: str) -> bool:
    done = subprocess.run(["git", "merge-base", "--is-ancestor", ancestor, commit], cwd=ROOT, capture_output=True)
    return done.returncode == 0


def summary(since: str | None, elo0: float, elo1: float, path: Path = LEDGER) -> list[dict[str, Any]]:
    lines = read_ledger(path)
    if since:
        lines = [d for d in lines if contains(d["commit"], since)]
    pairings = sorted({Pairing(d["game"], d["bot"], d["opponent"]) for d in lines},
                      key=lambda p: (p.game, p.bot, p.opponent))
    return [standing(p, of_pairing(lines, p), elo0, elo1) for p in pairings]


def markdown(table: list[dict[str, Any]]) -> str:
    out = ["| game | bot | vs | deals (games) | W-D-L | score (95 %) | difference, points (95 %) | test | bar | verdict"
           " | s per decision | CPU s per deal |", "|---|---|---|---:|---|---|---|---|---|---|---:|---:|"]
    for r in table:
        if not r["deals"]:
            continue
        low, high = r["interval"]
        s_low, s_high = r["score_interval"]
        out.append(
            f"| {r['game']} | {r['bot']} | {r['opponent']} | {r['deals']} ({r['games']})"
            f" | {r['wins']}-{r['draws']}-{r['losses']} | {r['score']:.1%} ({s_low:.1%} to {s_high:.1%})"
            f" | {r['difference']:+.1f} ({low:+.1f} to {high:+.1f}){luck_words(r)} | {r['test']}; {r['hypotheses']}"
            f" | {r['bar']} | {r['verdict']} | {r['seconds_per_decision'] or 0:.3f} | {r['cpu_per_deal'] or 0:.0f} |"
        )
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ledger", type=Path, default=LEDGER, help="the ledger file (default: %(default)s)")
    parser.add_argument("--elo0", type=float, default=0.0, help="the GSPRT's H0, in Elo (default: %(default)s)")
    parser.add_argument("--elo1", type=float, default=35.0, help="the GSPRT's H1, in Elo (default: %(default)s)")
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run", help="play deals of some pairings until their tests decide")
    go.add_argument("pairings", nargs="+", help="GAME:OPPONENT, e.g. glyfts:heuristic")
    go.add_argument("--bot", default="mcts:seconds=none", help="the challenger's bot spec (default: %(default)s)")
    go.add_argument("--jobs", type=int, default=1, help="games played at once, in worker processes")
    go.add_argument("--deals", type=int, default=200, help="at most this many new deals per pairing")
    go.add_argument("--fixed", action="store_true",
                    help="play --deals deals per pairing whatever the test says (two bots compared on the same deals)")
    go.add_argument("--minutes", type=float, default=30.0, help="start no game after this long")
    go.add_argument("--grace", type=float, default=5.0, help="then abandon games still running this much later")
    go.add_argument("--first", type=int, default=0,
                    help="the first deal index to play (machines sharing a pairing take separate ranges)")
    go.add_argument("--luck", choices=("shared", "plain"), default="shared",
                    help="chance from per-purpose streams shared by a deal's games, or the game's one stream")
    show = sub.add_parser("summary", help="add up the ledger")
    show.add_argument("--since", default=None, help="only deals played on commits containing this one")
    show.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    if args.command == "run":
        bot = check_spec(args.bot)
        pairings = [parse_pairing(p, bot) for p in args.pairings]
        table = run(pairings, jobs=max(1, args.jobs), deals=args.deals, minutes=args.minutes, grace=args.grace,
                    elo0=args.elo0, elo1=args.elo1, path=args.ledger, luck=args.luck, fixed=args.fixed,
                    first=args.first)
        print("\n" + markdown(table))
    else:
        table = summary(args.since, args.elo0, args.elo1, args.ledger)
        print(markdown(table) if args.markdown else json.dumps(table, indent=1))


if __name__ == "__main__":
    main()
