"""The puzzle generator: `python -m glyphhall.puzzles.generate GAME --count N --seed S`.

Plays the bots against each other from seeded deals; at each decision where one seat alone is to
move, judges the position (checking.py: an exhaustive search of the seat's own line this turn over
several determinizations); a line found is judged again with three times the determinizations,
drawn from another seed, and a four times larger node budget, and kept only if both agree. Kept
puzzles are appended to the game's `puzzles.toml` with fresh ids (or printed with --print)."""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from glyphhall import bots, games
from glyphhall.engine import Rng, State

from .checking import Verdict, judge
from .loading import load_puzzles, parse_puzzles
from .model import Puzzle
from .profiles import PROFILES, Profile
from .writing import puzzle_toml

#: Decisions into a game after which the generator stops looking (and plays on no further).
MAX_MOVES = 600
#: Puzzles kept from one game at most (later ones of a game tend to repeat its ideas).
PER_GAME = 2
#: The second check: this many times the determinizations and the node budget of the first.
RECHECK_SAMPLES = 3
RECHECK_BUDGET = 4


@dataclass
class Tally:
    examined: int = 0  # positions judged since the last puzzle kept
    examined_total: int = 0
    nodes: int = 0
    seconds: float = 0.0


def recheck(profile: Profile, state: State, seat: int, verdict: Verdict, seed: int) -> tuple[bool, int]:
    """The second, larger check (other determinizations, more of them, a larger budget): the same line?"""
    again, nodes = judge(state, seat, profile.goal, depth=profile.depth, samples=profile.samples * RECHECK_SAMPLES,
                         budget=profile.budget * RECHECK_BUDGET, rng=Rng(seed ^ 0x5EED))
    return again is not None and again.line == verdict.line, nodes


def start_rating(verdict: Verdict, greedy_found: bool) -> float:
    """Harder: more legal moves to choose from, a longer line, a line the greedy bot misses."""
    rating = 1050 + 120 * math.log2(max(2, verdict.legal_first)) + 200 * (len(verdict.line) - 1)
    rating += 0 if greedy_found else 200
    return float(max(800, min(2400, round(rating))))


def greedy_finds(state: State, seat: int, verdict: Verdict, seed: int) -> bool:
    """Whether the one-step greedy bot, asked here, plays an accepted first move."""
    choice = bots.ask(bots.make("heuristic", seed), state, seat)
    return str(choice) in verdict.line[0]


def play_game(profile: Profile, seed: int, tally: Tally, out: list[Puzzle], next_id: int, count: int) -> int:
    """Play one seeded game between the profile's bots; append the puzzles found. Returns the next id."""
    game = games.get(profile.game_id)
    state = game.new(profile.players, seed, dict(profile.options))
    players = [bots.make(profile.bots[i % 2], seed * 7 + i) for i in range(profile.players)]
    moves: list[str] = []
    kept_here = 0
    blocked_seat = None  # after a puzzle, the rest of that seat's turn is the same puzzle
    while not state.is_over() and len(moves) < MAX_MOVES and len(out) < count and kept_here < PER_GAME:
        seats = state.to_move()
        seat = seats[0]
        if len(seats) == 1 and seat != blocked_seat:
            blocked_seat = None
            tally.examined += 1
            tally.examined_total += 1
            verdict, nodes = judge(state, seat, profile.goal, depth=profile.depth, samples=profile.samples,
                                   budget=profile.budget, rng=Rng(seed * 1_000_003 + len(moves)))
            tally.nodes += nodes
            if verdict is not None and len(verdict.line) == 1 and greedy_finds(state, seat, verdict, seed):
                verdict = None  # one move the greedy bot plays anyway: too easy to be a puzzle
            if verdict is not None:
                same, nodes2 = recheck(profile, state, seat, verdict, seed * 1_000_003 + len(moves))
                tally.nodes += nodes2
                if same:
                    out.append(make_puzzle(profile, state, seat, seed, moves, verdict, next_id, tally))
                    next_id += 1
                    kept_here += 1
                    tally.examined = 0
                    blocked_seat = seat
                    print(f"  kept {out[-1].id}: {out[-1].theme}, {len(verdict.line)} step(s), "
                          f"{verdict.legal_first} legal, rating {out[-1].rating:.0f}", file=sys.stderr)
        elif len(seats) > 1:
            blocked_seat = None
        action = bots.ask(players[seat], state, seat)
        moves.append(str(action))
        state.apply(seat, action)
    return next_id


def make_puzzle(profile: Profile, state: State, seat: int, seed: int, moves: list[str], verdict: Verdict,
                number: int, tally: Tally) -> Puzzle:
    after = state.clone()
    for step in verdict.line:
        action = next(a for a in after.legal_actions(seat) if str(a) == step[0])
        after.apply(seat, action)
    theme = profile.theme_of(state, after, seat)
    greedy = greedy_finds(state, seat, verdict, seed)
    return Puzzle(
        id=f"{profile.game_id}-{number:04d}", game_id=profile.game_id, theme=theme, seat=seat,
        players=profile.players, options=dict(profile.options), seed=seed, moves=tuple(moves),
        line=verdict.line, rating=start_rating(verdict, greedy), deviation=300.0,
        explanation=profile.explain(theme, verdict.line),
        generated={
            "bots": list(profile.bots), "check": "exhaustive over the solver's own decisions this turn",
            "depth": profile.depth, "determinizations": profile.samples,
            "recheck_determinizations": profile.samples * RECHECK_SAMPLES, "node_budget": profile.budget,
            "recheck_node_budget": profile.budget * RECHECK_BUDGET, "margin": 1.0,
            "legal_first": verdict.legal_first, "greedy_found": greedy, "nodes": verdict.nodes,
            "positions_examined": tally.examined, "generator_seed": seed,
        },
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m glyphhall.puzzles.generate", description=__doc__)
    parser.add_argument("game", choices=sorted(PROFILES))
    parser.add_argument("--count", type=int, default=10, help="puzzles to find")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (the next games count up)")
    parser.add_argument("--games", type=int, default=1000, help="games to play at most")
    parser.add_argument("--print", action="store_true", help="print the puzzles instead of adding them to the file")
    args = parser.parse_args(argv)
    profile = PROFILES[args.game]
    known = load_puzzles(args.game)
    next_id = 1 + max((int(p.id.rpartition("-")[2]) for p in known), default=0)
    found: list[Puzzle] = []
    tally = Tally()
    start = time.process_time()
    path = Path(games.__file__).parent / args.game / "puzzles.toml"
    played = 0
    for index in range(args.games):
        if len(found) >= args.count:
            break
        before = len(found)
        next_id = play_game(profile, args.seed + index, tally, found, next_id, args.count)
        played += 1
        text = "".join("\n" + puzzle_toml(p) for p in found[before:])
        parse_puzzles(args.game, text)  # what is written reads back
        if args.print:
            print(text, end="")
        elif text:  # each game's puzzles written at once: a run stopped early keeps what it found
            existing = path.read_text(encoding="utf-8") if path.exists() else ""
            path.write_text(existing.rstrip("\n") + ("\n" if existing else "") + text.lstrip("\n"), encoding="utf-8")
    tally.seconds = time.process_time() - start
    print(f"{args.game}: {len(found)} puzzles from {played} games; "
          f"{tally.examined_total} positions examined ({tally.examined_total / max(1, len(found)):.1f} per puzzle), "
          f"{tally.nodes} positions searched, {tally.seconds:.1f} CPU seconds", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
