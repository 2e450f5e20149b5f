"""Phase names and the action notation's building blocks (interned actions)."""

from __future__ import annotations

from glyphhall.engine import Action, Event

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
_SAC_PLAY: dict[tuple, Action] = {}


def play_action(h: int, lane: int, sacs: tuple[int, ...]) -> Action:
    if not sacs:
        if h < 64:
            return PLAIN_PLAY[h][lane]
        return act("play", h + 1, lane + 1)
    key = (h, lane, sacs)
    a = _SAC_PLAY.get(key)
    if a is None:
        a = _SAC_PLAY[key] = act("play", h + 1, lane + 1, "sacrifice", *[x + 1 for x in sacs])
    return a


_EVENTS: dict[str, Event] = {}
_SECRETS: dict[tuple, list[Event]] = {}


def ev(text: str) -> Event:
    """A public event. Events are immutable, so equal ones are shared (building one costs more
    than a step of the game otherwise)."""
    e = _EVENTS.get(text)
    if e is None:
        if len(_EVENTS) > 200_000:
            _EVENTS.clear()
        e = _EVENTS[text] = Event(text)
    return e


def secret(seat: int, text: str, public_text: str) -> list[Event]:
    """`text` for `seat` only, `public_text` for everybody else."""
    key = (seat, text, public_text)
    pair = _SECRETS.get(key)
    if pair is None:
        if len(_SECRETS) > 100_000:
            _SECRETS.clear()
        pair = _SECRETS[key] = Event.secret(seat, text, public_text)
    return list(pair)
