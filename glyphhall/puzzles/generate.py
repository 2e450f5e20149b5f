"""The puzzle generator: `python -m glyphhall.puzzles.generate GAME --count N --seed S`.

Plays the bots against each other from seeded deals; at each decision where one seat alone is to
move, judges the position (checking.py: an exhaustive search of the seat's own line this turn over
several determinizations); a line found is judged again with three times the determinizations,
drawn from another seed, and a four times larger node budget, and kept only if both agree. Kept
puzzles are appended to the game's `puzzles.toml` with fresh ids (or printed with --print)."""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from glyphhall import bots, games
from glyphhall.engine import Rng, State

from .loading import load_puzzles, parse_puzzles
from .model import Puzzle
from .odds import reaches
from .profiles import PROFILES, Profile
from .solving import puzzle_state
from .verify import RECHECK_SCALE, VERIFY_SCALE, Judged, judge_position, plays_in, reverify, seed_of
from .writing import puzzle_toml

#: Decisions into a game after which the generator stops looking (and plays on no further).
MAX_MOVES = 600
#: Puzzles kept from one game at most (later ones of a game tend to repeat its ideas).
PER_GAME = 2


@dataclass
class Tally:
    examined: int = 0  # positions judged since the last puzzle kept
    examined_total: int = 0
    nodes: int = 0
    seconds: float = 0.0


def start_rating(found: Judged, greedy_found: bool) -> float:
    """Harder: more legal moves to choose from, a longer line, a line the greedy bot misses, a
    smaller margin over the next best move."""
    rating = 1050 + 120 * math.log2(max(2, found.legal_first)) + 200 * (len(found.line) - 1)
    rating += (0 if greedy_found else 200) + 200 * (1.0 - (found.chance - found.runner_up))
    return float(max(800, min(2400, round(rating))))


def greedy_finds(state: State, seat: int, line: tuple[tuple[str, ...], ...], seed: int) -> bool:
    """Whether the one-step greedy bot, asked here, plays an accepted first move."""
    choice = bots.ask(bots.make("heuristic", seed), state, seat)
    return str(choice) in line[0]


def try_position(profile: Profile, state: State, seat: int, seed: int, moves: list[str], number: int,
                 tally: Tally) -> Puzzle | None:
    """The puzzle at this position if all three checks agree (the first, the second at
    RECHECK_SCALE, the verification at VERIFY_SCALE), else None."""
    found, nodes = judge_position(profile, state, seat, scale=1, rng=Rng(seed * 1_000_003 + len(moves)))
    tally.nodes += nodes
    if found is None or not plays_in(state, seat, found.line):
        return None
    if profile.wins_in_play and not reaches(state, seat, tuple(step[0] for step in found.line), profile.goal):
        return None
    greedy = greedy_finds(state, seat, found.line, seed)
    if len(found.line) == 1 and greedy and found.chance >= 1.0:
        return None  # one sure move the greedy bot plays anyway: too easy to be a puzzle
    puzzle = make_puzzle(profile, state, seat, seed, moves, found, number, tally, greedy)
    again, nodes = judge_position(profile, state, seat, scale=RECHECK_SCALE, rng=Rng(seed_of(f"recheck:{puzzle.id}")))
    tally.nodes += nodes
    if again is None or again.line != found.line:
        return None
    if reverify(puzzle, state=state) is not None:
        return None
    return puzzle


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
        if len(seats) > 1:
            blocked_seat = None
        elif seat != blocked_seat and profile.judged(state, moves):
            blocked_seat = None
            tally.examined += 1
            tally.examined_total += 1
            puzzle = try_position(profile, state, seat, seed, moves, next_id, tally)
            if puzzle is not None:
                out.append(puzzle)
                next_id += 1
                kept_here += 1
                tally.examined = 0
                blocked_seat = seat
                print(f"  kept {puzzle.id}: {puzzle.theme}, {len(puzzle.line)} step(s), "
                      f"{puzzle.generated['legal_first']} legal, margin {puzzle.generated['margin']}, "
                      f"rating {puzzle.rating:.0f}", file=sys.stderr)
        action = bots.ask(players[seat], state, seat)
        moves.append(str(action))
        state.apply(seat, action)
    return next_id


def make_puzzle(profile: Profile, state: State, seat: int, seed: int, moves: list[str], found: Judged,
                number: int, tally: Tally, greedy: bool) -> Puzzle:
    after = state.clone()
    for step in found.line:
        action = next(a for a in after.legal_actions(seat) if str(a) == step[0])
        after.apply(seat, action)
    theme = profile.theme_of(state, after, seat)
    return Puzzle(
        id=f"{profile.game_id}-{number:04d}", game_id=profile.game_id, theme=theme, seat=seat,
        players=profile.players, options=dict(profile.options), seed=seed, moves=tuple(moves),
        line=found.line, rating=start_rating(found, greedy), deviation=300.0,
        explanation=profile.explain(theme, found.line, found.chance, found.runner_up),
        generated={
            "bots": list(profile.bots),
            "check": ("best chance over determinizations" if profile.odds
                      else "exhaustive over the solver's own decisions this turn, in every determinization"),
            "depth": profile.depth, "determinizations": profile.samples,
            "recheck_determinizations": profile.samples * RECHECK_SCALE,
            "verify_determinizations": profile.samples * VERIFY_SCALE, "node_budget": profile.budget,
            "verify_node_budget": profile.budget * VERIFY_SCALE, "chance": found.chance,
            "runner_up": found.runner_up, "margin": round(found.chance - found.runner_up, 3),
            "legal_first": found.legal_first, "greedy_found": greedy, "nodes": found.nodes,
            "positions_examined": tally.examined, "generator_seed": seed,
        },
    )


def retext(game_id: str, path: Path) -> int:
    """Rewrite the theme and explanation of a game's shipped puzzles from its profile (after a change
    of wording); lines, ratings and records stay as they are. Returns how many changed."""
    profile = PROFILES[game_id]
    puzzles = parse_puzzles(game_id, path.read_text(encoding="utf-8"))
    changed = []
    for puzzle in puzzles:
        state = puzzle_state(puzzle)
        after = state.clone()
        for step in puzzle.line:
            after.apply_text(puzzle.seat, step[0])
        theme = profile.theme_of(state, after, puzzle.seat)
        chance, runner_up = puzzle.generated.get("chance", 1.0), puzzle.generated.get("runner_up", 0.0)
        changed.append(dataclasses.replace(puzzle, theme=theme,
                                           explanation=profile.explain(theme, puzzle.line, chance, runner_up)))
    path.write_text("\n".join(puzzle_toml(p) for p in changed), encoding="utf-8")
    return sum(a != b for a, b in zip(puzzles, changed, strict=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m glyphhall.puzzles.generate", description=__doc__)
    parser.add_argument("game", choices=sorted(PROFILES))
    parser.add_argument("--count", type=int, default=10, help="puzzles to find")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (the next games count up)")
    parser.add_argument("--games", type=int, default=1000, help="games to play at most")
    parser.add_argument("--print", action="store_true", help="print the puzzles instead of adding them to the file")
    parser.add_argument("--retext", action="store_true",
                        help="only rewrite the shipped puzzles' themes and explanations from the current wording")
    args = parser.parse_args(argv)
    profile = PROFILES[args.game]
    path = Path(games.__file__).parent / args.game / "puzzles.toml"
    if args.retext:
        print(f"{args.game}: {retext(args.game, path)} puzzles reworded", file=sys.stderr)
        return 0
    known = load_puzzles(args.game)
    next_id = 1 + max((int(p.id.rpartition("-")[2]) for p in known), default=0)
    found: list[Puzzle] = []
    tally = Tally()
    start = time.process_time()
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
