"""Glyphs figures, printed as JSON (see bench/RESULTS.md, section "Glyphs"):

- counterexample time (median, p95) over a fixed set of guess/decree pairs: for seeded decrees
  of levels 1-5, the guess is the apprentice's favourite hypothesis after the opening board
  (a valid, realistic wrong guess);
- equivalence-proof time (median, p95) over a fixed set of equivalent pairs: hand-written
  rewordings plus De Morgan and double-negation rewrites of seeded decrees;
- the apprentice bot playing alone against the computer mage: solved share, median glyphs it
  made and median guesses it paid, per level, over N decrees per level (cap 60 glyphs).

    python bench/engine/glyphs.py [--decrees 50] [--levels 1,2,3] [--pairs 40] [--cap 60] [--no-solver]

CPU time (time.process_time) is reported next to wall time: the machine is shared."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from glyphhall.engine import Rng  # noqa: E402
from glyphhall.games.glyphs import GAME, apprentice, belief, mage  # noqa: E402
from glyphhall.games.glyphs.decrees.ast import And, Not, Or  # noqa: E402
from glyphhall.games.glyphs.decrees.english import render  # noqa: E402
from glyphhall.games.glyphs.decrees.parser import parse  # noqa: E402
from glyphhall.games.glyphs.generate import generate  # noqa: E402
from glyphhall.games.glyphs.library import atoms  # noqa: E402

EQUIVALENT_TEXTS = [
    ("it has at most 0 angles", "no shape has at least one angle"),
    ("it has no hexagons", "it is not the case that it has a hexagon"),
    ("it has more than 2 shapes", "it is not the case that it has at most 2 shapes"),
    ("every square is upright", "no square is tilted"),
    ("the total number of curves is even", "it is not the case that the total number of curves is odd"),
    ("it has an even number of ovals", "the number of ovals is a multiple of 2"),
    ("some square overlaps an oval", "some oval overlaps a square"),
    ("it has as many squares as ovals", "it is not the case that (it has more squares than ovals or it has more ovals than squares)"),
    ("it is a chain or it is a loop", "it is a loop or it is a chain"),
    ("every triangle points up", "no triangle points down and no triangle points left and no triangle points right and no triangle points diagonally"),
]


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, (time.perf_counter() - w) * 1000, (time.process_time() - c) * 1000


def demorgan(cond):
    if isinstance(cond, And):
        return Not(Or(tuple(Not(c) for c in cond.conds)))
    if isinstance(cond, Or):
        return Not(And(tuple(Not(c) for c in cond.conds)))
    return Not(Not(cond))


def counterexamples(pairs: int) -> dict:
    rng = Rng(2024)
    wall, cpu, equivalent = [], [], 0
    methods: dict[str, int] = {}
    for k in range(pairs):
        decree = generate(1 + k % 5, rng)
        opening = mage.opening_board(decree, rng)
        post = belief.posterior([(f.shapes, f.approved) for f in opening], None)
        guess = next(c for c in post.conds[:20] if c != decree)
        v, w, c = timed(lambda d=decree, g=guess, k=k: mage.find_counterexample(d, g, Rng(k)))
        wall.append(w)
        cpu.append(c)
        equivalent += v.equivalent
        if v.counterexample is not None:
            methods[v.counterexample.method] = methods.get(v.counterexample.method, 0) + 1
    return {"pairs": pairs, "median_ms": round(statistics.median(wall), 1), "p95_ms": round(pct(wall, 0.95), 1),
            "median_cpu_ms": round(statistics.median(cpu), 1), "p95_cpu_ms": round(pct(cpu, 0.95), 1),
            "equivalent": equivalent, "found_by": methods}


def equivalences(pairs: int) -> dict:
    rng = Rng(77)
    cases = [(parse(a), parse(b)) for a, b in EQUIVALENT_TEXTS]
    while len(cases) < pairs:
        d = generate(1 + len(cases) % 5, rng)
        cases.append((d, demorgan(d)))
    wall, cpu, proven, by_search = [], [], 0, 0
    for d, e in cases:
        v, w, c = timed(lambda d=d, e=e: mage.find_counterexample(d, e, Rng(1)))
        assert v.equivalent, (render(d), render(e))
        wall.append(w)
        cpu.append(c)
        proven += v.proven
        by_search += not v.proven
    return {"pairs": len(cases), "median_ms": round(statistics.median(wall), 1), "p95_ms": round(pct(wall, 0.95), 1),
            "median_cpu_ms": round(statistics.median(cpu), 1), "p95_cpu_ms": round(pct(cpu, 0.95), 1),
            "proven": proven, "decided_by_search": by_search}


def bot(level: int, decrees: int, cap: int = 60) -> dict:
    solved, glyphs_made, guesses_paid, seconds = [], [], [], []
    for k in range(decrees):
        start = time.perf_counter()
        s = GAME.new(1, 9000 + 131 * level + k, {"level": level})
        rng = Rng(k)
        made = paid = 0
        while not s.is_over() and made < cap:
            seat = s.to_move()[0]
            action = apprentice.choose(s.determinize(seat, rng.fork()), seat, rng)
            made += action.verb in ("perform", "study")
            paid += action.verb == "confirm"
            s.apply(seat, action)
        solved.append(s.is_over())
        if s.is_over():
            glyphs_made.append(made)
            guesses_paid.append(paid)
        seconds.append(time.perf_counter() - start)
    return {"level": level, "decrees": decrees, "solved_pct": round(100 * sum(solved) / decrees, 1),
            "median_glyphs": statistics.median(glyphs_made) if glyphs_made else None,
            "p90_glyphs": pct(glyphs_made, 0.9) if glyphs_made else None,
            "median_guesses": statistics.median(guesses_paid) if guesses_paid else None,
            "median_game_s": round(statistics.median(seconds), 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decrees", type=int, default=50)
    ap.add_argument("--levels", default="1,2,3")
    ap.add_argument("--pairs", type=int, default=40)
    ap.add_argument("--cap", type=int, default=60, help="glyphs the bot may make before a game counts as unsolved")
    ap.add_argument("--no-solver", action="store_true", help="skip the counterexample and equivalence timings")
    args = ap.parse_args()
    atoms()  # warm the library so the first timing is not a cold start
    out = {} if args.no_solver else {"counterexample": counterexamples(args.pairs),
                                     "equivalence": equivalences(args.pairs)}
    print(json.dumps(out), flush=True)
    out["bot"] = []
    for level in (int(x) for x in args.levels.split(",")):
        out["bot"].append(bot(level, args.decrees, args.cap))
        print(json.dumps(out["bot"][-1]), flush=True)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
