"""Keystrokes per Tundrus champion turn at the terminal, before and after the second pass.

Games of heuristic against heuristic (fixed seeds); for each of the first seat's champion turns
(from `activate` to its last decision before anyone else activates) we count the keys a person
types:

- before: every decision typed in full, then Enter (the terminal took one action a line);
- after: decisions with one option cost nothing (the terminal plays them and says so); each
  word is typed as its shortest start that still names one legal action (`att nec arc`); runs of
  the same verb share one line (`mark 1 3 4`, `take b o b t`). Every line is read back through
  the terminal's own reader (cli/lines.py) and must give the very actions the bot chose.

    python bench/client/tundrus_keys.py [--games 6]
"""

from __future__ import annotations

import argparse
import statistics

from glyphhall import bots, games
from glyphhall.cli.lines import parts_of, resolve
from glyphhall.engine import GlyphHallError

SHOW = False


def shortest(state, seat: int, text: str) -> str:
    """The action's words, each cut to the shortest start that keeps the same legal actions in
    play as the whole word would (numbers stay whole)."""
    words = text.split()
    pool = [str(a).split() for a in state.legal_actions(seat)]
    pool = [p for p in pool if len(p) == len(words)]
    out = []
    for i, word in enumerate(words):
        keep = [p for p in pool if p[i].lower() == word.lower()]
        if word.isdigit():
            out.append(word)
        else:
            for n in range(1, len(word) + 1):
                if [p for p in pool if p[i].lower().startswith(word[:n].lower())] == keep or n == len(word):
                    out.append(word[:n])
                    break
        pool = [p for p in pool if p[i].lower().startswith(out[-1].lower())]
    short = " ".join(out)
    return short if resolve(state, seat, short) == [text] else text


def read_back(state, seat: int, line: str) -> list[str]:
    """What the terminal plays for `line` (the same queue as cli/play.py), on a copy."""
    copy = state.clone()
    queue, done = parts_of(line), []
    while queue:
        part, *more = resolve(copy, seat, queue.pop(0))
        queue[:0] = more
        copy.apply_text(seat, part)
        done.append(part)
    return done


def turns(seed: int) -> list[tuple[int, int]]:
    """(keys before, keys after) for each champion turn of seat 0 in one game."""
    game = games.get("tundrus")
    state = game.new(2, seed, game.resolve_options({}))
    bot = bots.make("heuristic", seed)
    out: list[tuple[int, int]] = []
    before = after = 0
    line: list[str] = []  # the actions on the line being typed
    verb = ""
    in_turn = False

    def close_line() -> None:
        nonlocal after, line
        if line:
            readable = []
            for typed in _typed_lines(line_states, line):
                try:
                    if read_back(line_states[0], 0, typed) == line:
                        readable.append(typed)
                except GlyphHallError:
                    continue
            if not readable:
                raise AssertionError(f"no line of {line} reads back")
            typed = min(readable, key=len)
            # Enter after each action costs one key, '; ' two: one line each where that is fewer
            cost = min(len(typed) + 1, sum(len(shortest(st, 0, a)) + 1 for st, a in zip(line_states, line, strict=True)))
            after += cost
            if SHOW:
                print(f"    {typed!r:40} for {line} ({cost} keys)")
        line = []

    line_states: list = []
    while not state.is_over():
        seat = state.to_move()[0]
        action = str(bots.ask(bot, state, seat))
        if action.startswith("activate "):
            close_line()
            if in_turn:
                out.append((before, after))
            in_turn, before, after = seat == 0, 0, 0
        if seat == 0 and in_turn:
            before += len(action) + 1
            forced = len(state.legal_actions(0)) == 1
            if forced:
                close_line()
            elif line and action.split()[0] == verb:
                line.append(action)
                line_states.append(state.clone())
            else:
                close_line()
                line, verb, line_states = [action], action.split()[0], [state.clone()]
        elif seat != 0:
            close_line()
        state.apply_text(seat, action)
    close_line()
    if in_turn:
        out.append((before, after))
    return out


def _typed_lines(states: list, actions: list[str]) -> list[str]:
    """Ways to type a run of one verb on one line, fewest keys first: `mark 1 3`,
    `take r o w t`, `store e 3, a 3` (each part read when its turn comes), and at worst one
    action after another (`end; end`). The first that reads back is counted."""
    cut = [shortest(s, 0, a) for s, a in zip(states, actions, strict=True)]
    if len(actions) == 1:
        return cut
    rest = [" ".join(c.split()[1:]) for c in cut[1:]]
    ways = []
    if all(rest):
        ways += [" ".join([cut[0], *rest]), ", ".join([cut[0], *rest])]
    return [*ways, "; ".join(cut)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--show", action="store_true", help="print each line typed")
    args = parser.parse_args()
    global SHOW
    SHOW = args.show
    pairs = [pair for seed in range(args.games) for pair in turns(seed)]
    before = [b for b, _ in pairs]
    after = [a for _, a in pairs]
    print(f"{len(pairs)} champion turns of seat 0 in {args.games} games (heuristic vs heuristic)")
    print(f"keys per turn, before: median {statistics.median(before):.0f}, mean {statistics.mean(before):.1f}")
    print(f"keys per turn, after:  median {statistics.median(after):.0f}, mean {statistics.mean(after):.1f}")


if __name__ == "__main__":
    main()
