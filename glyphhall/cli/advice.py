"""`hint` at the prompt: the move the heuristic bot would make, and why.

The reason is the bot's own: each legal move is tried on a copy of the position in which what
the player cannot see is drawn anew (so the hint never reveals a hidden card), and the game's
estimate of the player's chances after it is compared with the next best move's."""

from __future__ import annotations

from glyphhall.bots import evaluate
from glyphhall.bots.levels import label as bot_label
from glyphhall.engine import Rng, State

#: The bot `hint` and `auto` ask (its player name, from bots/levels.py, is what the person reads).
HINT_BOT = "heuristic"


def hint_line(state: State, seat: int, seed: int) -> str:
    """The hint as the terminal says it; the move in quotes, as something to type."""
    move, why = hint(state, seat, seed)
    return f"The {bot_label(HINT_BOT)} would play: '{move}', because {why}."


def hint(state: State, seat: int, seed: int) -> tuple[str, str]:
    """(the move's text, the reason in words)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return str(legal[0]), "it is the only legal move"
    sample = state.determinize(seat, Rng(seed))
    scored = []
    for action in legal:
        after = sample.clone()
        after.apply(seat, action, check=False)
        scored.append((evaluate(after, seat), str(action)))
    scored.sort(key=lambda pair: -pair[0])
    (best, move), (second, other) = scored[0], scored[1]
    if state.game.heuristic(sample, seat) is None:
        return move, f"this game gives the bot no way to rate a position, so any of the {len(legal)} moves is as good"
    if best - second < 1e-9:
        ties = sum(1 for value, _ in scored if best - value < 1e-9)
        return move, (f"{ties} of the {len(legal)} moves leave your chances at the same {best:.0%} "
                      "by the game's estimate; this is one of them")
    return move, (f"by the game's estimate it leaves your chances at {best:.0%}, the best of {len(legal)} "
                  f"moves (next best: '{other}', {second:.0%})")
