"""When should the Glyphs apprentice guess? Coins paid per solved decree, per level, for guess
thresholds (the heaviest hypothesis's share of the belief) against the level's random-guess
baseline, printed as JSON (figures in bench/RESULTS.md, section "Glyphs: when to guess").

Every policy plays the same seeded decrees alone against the computer mage and makes the same
kind of glyphs (the apprentice's information-gain choice); they differ only in when and what
they guess:
- `mass=T`: guess the heaviest hypothesis once it carries T of the belief (T/2.5 with two coins
  or more, the apprentice's rule);
- `random`: the baseline: whenever it has a coin, guess a hypothesis drawn uniformly from those
  still consistent with the board (a guess the board contradicts would be refused).
Reported per level and policy: solved share, mean coins paid per solved decree with a 95 %
bootstrap interval, median glyphs made. A game counts as unsolved after --cap glyphs.

    python bench/strength/glyphs_guessing.py [--decrees 20] [--levels 1,2] [--thresholds 0.12,0.3,0.6,0.9] [--cap 40]"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from glyphhall.engine import Action, Rng  # noqa: E402
from glyphhall.games.glyphs import GAME, apprentice  # noqa: E402
from glyphhall.games.glyphs.decrees.english import render  # noqa: E402
from glyphhall.games.glyphs.library import atoms  # noqa: E402
from glyphhall.games.glyphs.mage import contradictions  # noqa: E402

RICH_RATIO = apprentice.GUESS_MASS / apprentice.GUESS_MASS_RICH


def random_guess(state, seat: int, rng: Rng):
    """A uniformly drawn hypothesis the board does not contradict, or None."""
    if state.coins[seat] <= 0:
        return None
    post = apprentice.belief_of(state, seat)
    marks = state.board_of(seat).marks()
    order = list(range(len(post)))
    rng.shuffle(order)
    for k in order[:50]:
        if not contradictions(post.conds[k], marks):
            return post.conds[k]
    return None


def play(level: int, seed: int, policy: str, cap: int) -> tuple[bool, int, int]:
    """(solved, coins paid, glyphs made) for one decree."""
    s = GAME.new(1, 7000 + 97 * level + seed, {"level": level})
    rng = Rng(seed)
    made = paid = 0
    while not s.is_over() and made < cap:
        seat = s.to_move()[0]
        view = s.determinize(seat, rng.fork())
        if s.phase == "guess" and policy != "apprentice":
            if policy == "random":
                cond = random_guess(view, seat, rng)
            else:
                mass = float(policy.split("=")[1])
                cond = apprentice.guess_choice(view, seat, mass, mass / RICH_RATIO)
            action = Action("guess", (render(cond),)) if cond is not None else Action("pass")
        else:
            action = apprentice.choose(view, seat, rng)
        made += action.verb in ("perform", "study")
        paid += action.verb == "confirm"
        s.apply(seat, action)
    return s.is_over(), paid, made


def interval(values: list[int], draws: int = 2000) -> tuple[float, float]:
    r = random.Random(1)
    means = sorted(statistics.fmean(r.choices(values, k=len(values))) for _ in range(draws))
    return round(means[int(0.025 * draws)], 2), round(means[int(0.975 * draws) - 1], 2)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decrees", type=int, default=20)
    ap.add_argument("--levels", default="1,2")
    ap.add_argument("--thresholds", default="0.12,0.3,0.6,0.9")
    ap.add_argument("--cap", type=int, default=40)
    args = ap.parse_args()
    atoms()
    policies = ["random"] + [f"mass={t}" for t in args.thresholds.split(",")]
    rows = []
    for level in (int(x) for x in args.levels.split(",")):
        results: dict[str, list] = {p: [] for p in policies}
        start = time.perf_counter()
        for k in range(args.decrees):  # the policies alternate on each decree (same seed, same deal)
            for p in policies:
                results[p].append(play(level, k, p, args.cap))
        for p in policies:
            solved = [(paid, made) for ok, paid, made in results[p] if ok]
            coins = [paid for paid, _ in solved]
            row = {"level": level, "policy": p, "decrees": args.decrees,
                   "solved_pct": round(100 * len(solved) / args.decrees, 1),
                   "mean_coins_per_solved": round(statistics.fmean(coins), 2) if coins else None,
                   "coins_95ci": interval(coins) if coins else None,
                   "median_glyphs": statistics.median([m for _, m in solved]) if solved else None}
            rows.append(row)
            print(json.dumps(row), flush=True)
        print(json.dumps({"level": level, "seconds": round(time.perf_counter() - start, 1)}), flush=True)


if __name__ == "__main__":
    main()
