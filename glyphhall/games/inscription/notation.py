"""Phase names and the action notation's building blocks (interned actions)."""

from __future__ import annotations

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Action, Event
from glyphhall.engine.events import NO_DATA, make_event

DRAFT, DRAW, PLAY, DEATHCARD, OVER = "draft", "draw", "play", "death-card", "over"

_ACTIONS: dict[tuple, Action] = {}


def act(verb: str, *args: int | str) -> Action:
    """Actions are interned: legal-action lists are rebuilt every step and this keeps that cheap."""
    key = (verb, args)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(verb, args)
    return a


BELL = act("bell")
PASS = act("pass")
DRAW_CREATURE = act("draw", "creature")
DRAW_SQUIRREL = act("draw", "squirrel")
#: DRAFT_PICKS[k]: "draft k+1" (up to three cards lie face up)
DRAFT_PICKS = [act("draft", k + 1) for k in range(3)]
#: PLAIN_PLAY[h][lane]: "play h+1 lane+1" (no sacrifice)
PLAIN_PLAY = [[act("play", h + 1, lane + 1) for lane in range(4)] for h in range(64)]
#: _SAC_PLAY[(h * 4 + lane) * 16 + sacrificed lanes as bits]: "play h+1 lane+1 sacrifice ..."
#: (a list read by index: a dict keyed by (h, lane, sacs) hashed a fresh tuple at every play listed)
_SAC_PLAY: list[Action | None] = [None] * (64 * 4 * 16)


@cython.locals(bits=cython.Py_ssize_t, x=cython.Py_ssize_t, k=cython.Py_ssize_t)
def play_action(h: int, lane: int, sacs: tuple[int, ...]) -> Action:
    """`play h+1 lane+1 [sacrifice ...]`, `sacs` the sacrificed lanes in increasing order (as
    `costs.sacrifice_options` gives them)."""
    if not sacs:
        return PLAIN_PLAY[h][lane] if h < 64 else act("play", h + 1, lane + 1)
    if h >= 64:
        return act("play", h + 1, lane + 1, "sacrifice", *[x + 1 for x in sacs])
    bits = 0
    for x in sacs:
        bits |= 1 << x
    k = (h * 4 + lane) * 16 + bits
    a = _SAC_PLAY[k]
    if a is None:
        a = _SAC_PLAY[k] = act("play", h + 1, lane + 1, "sacrifice", *[x + 1 for x in sacs])
    return a


_EVERYONE: frozenset[int] = frozenset()
_ONLY = tuple(frozenset((p,)) for p in range(8))


def ev(text: str) -> Event:
    """A public event. Made afresh each time: a C allocation (`make_event`) costs less than
    finding an equal one in a cache, whose many distinct texts (life totals, card names) were a
    large dictionary looked up with a freshly hashed string."""
    return make_event(text, None, NO_DATA, _EVERYONE)


def secret(seat: int, text: str, public_text: str) -> list[Event]:
    """`text` for `seat` only, `public_text` for everybody else."""
    only = _ONLY[seat]
    return [make_event(text, only, NO_DATA, _EVERYONE), make_event(public_text, None, NO_DATA, only)]
