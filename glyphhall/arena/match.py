"""Playing one arena match: the function every worker runs, locally or on a Ray cluster.

It depends only on its `MatchSpec`, so the same spec gives the same moves and result anywhere
(as long as the bots use iteration budgets, not time budgets)."""

from __future__ import annotations

import time
from typing import Any

from glyphhall import games
from glyphhall.bots import ask
from glyphhall.bots.spec import make_bot
from glyphhall.engine import GlyphHallError, MatchRecord

from .luck import SharedLuck
from .schedule import MatchSpec

#: A match still running after this many moves is stopped and reported as an error.
MAX_MOVES = 20_000


def play_match(spec: MatchSpec) -> dict[str, Any]:
    """Play `spec` to the end. Returns a JSON-ready result with the full match record; a bot or
    game failure is reported in `error` (the match then counts for nobody) rather than raised."""
    game = games.resolve(spec.game)
    state = game.new(len(spec.bots), spec.seed, spec.options)
    if spec.shared_luck:
        state.rng = SharedLuck(spec.seed, lambda: game.luck_context(state))
    seated = [make_bot(b, s) for b, s in zip(spec.bots, spec.bot_seeds, strict=True)]
    record = MatchRecord.start(game, state, list(spec.entrants))
    thinking = [0.0] * len(seated)
    decisions = [0] * len(seated)
    error = None
    moves = 0
    try:
        while not state.is_over():
            if moves >= MAX_MOVES:
                raise GlyphHallError(f"the match was stopped after {MAX_MOVES} moves")
            # Simultaneous movers are asked one by one; each sees only its own determinization.
            for seat in state.to_move():
                if state.is_over() or seat not in state.to_move():
                    continue
                start = time.perf_counter()
                action = ask(seated[seat], state, seat)
                thinking[seat] += time.perf_counter() - start
                decisions[seat] += 1
                record.add(seat, str(action))
                state.apply(seat, action)
                moves += 1
        record.finish(state)
    except Exception as err:  # a broken bot or game must not take the whole arena down
        error = f"{type(err).__name__}: {err}"
    return {
        **spec.to_dict(),
        "returns": record.result,
        "moves": moves,
        "thinking_seconds": [round(t, 4) for t in thinking],
        "decisions": decisions,
        "error": error,
        "record": record.to_dict(),
    }
