"""What no seat has seen, per game: the piles whose order (or the identities) nobody knows yet.

A rules state shuffles its decks when it deals, so the order of a deck is part of the state: a
copy of it draws the same cards as the real game. The OpenSpiel adapter turns every draw into an
explicit chance node instead, and before the draw it reshuffles what nobody has seen with the
chance outcome's stream (`reshuffle`): since no seat knows that order, a fresh uniform shuffle
gives the same odds as the rules, and the order left in the state no longer decides the future.
`fingerprint` tells the adapter whether an action touched any of it (then the action is a chance
event). Each game's list follows its own `determinize`, which resamples these for every seat.
A game not listed here has no such pile (Glyphs: its randomness is all drawn when used).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from glyphhall.engine import Rng, State


def _shuffled(items: list[Any], rng: Rng) -> list[Any]:
    """A uniform order of `items` that depends on their contents and `rng` alone, not on the
    order they lay in (sorted first): the order left in a state must decide nothing."""
    copy = sorted(items, key=repr)
    rng.shuffle(copy)
    return copy


# --- Inscription: both decks (an owner does not know its own order), the draft pile, the
# sleeves and the item pile.
def _inscription_print(s: Any) -> tuple:
    return (tuple(s.draft_pile), tuple(s.sleeves), tuple(s.item_pile), tuple(s.decks[0]), tuple(s.decks[1]))


def _inscription_shuffle(s: Any, rng: Rng) -> None:
    s.draft_pile = _shuffled(s.draft_pile, rng)
    s.sleeves = _shuffled(s.sleeves, rng)
    s.item_pile = _shuffled(s.item_pile, rng)
    s.decks = [_shuffled(d, rng) for d in s.decks]


# --- Glyfts: the Sorcery Deck, unless a seat has learnt part of its order (`deck_bound`), which
# a reshuffle would break: then it is left as it lies (see the RL README's limits).
def _glyfts_print(s: Any) -> tuple:
    return (tuple(s.deck),)


def _glyfts_shuffle(s: Any, rng: Rng) -> None:
    if s.deck_bound is None:
        s.deck = _shuffled(s.deck, rng)


# --- Tundrus: the Item deck.
def _tundrus_print(s: Any) -> tuple:
    return (tuple(s.deck),)


def _tundrus_shuffle(s: Any, rng: Rng) -> None:
    s.deck = _shuffled(s.deck, rng)


# --- Heroscape: which glyph lies under each symbol-side-up glyph.
def _heroscape_print(s: Any) -> tuple:
    return tuple(sorted((h, k, up) for h, (k, up) in s.glyph_at.items()))


def _heroscape_shuffle(s: Any, rng: Rng) -> None:
    hidden = sorted(h for h, (_, up) in s.glyph_at.items() if not up)
    keys = _shuffled([s.glyph_at[h][0] for h in hidden], rng)
    glyph_at = dict(s.glyph_at)
    for h, k in zip(hidden, keys, strict=True):
        glyph_at[h] = (k, False)
    s.glyph_at = glyph_at


_PILES: dict[str, tuple[Callable[[Any], tuple], Callable[[Any, Rng], None]]] = {
    "inscription": (_inscription_print, _inscription_shuffle),
    "glyfts": (_glyfts_print, _glyfts_shuffle),
    "tundrus": (_tundrus_print, _tundrus_shuffle),
    "heroscape": (_heroscape_print, _heroscape_shuffle),
}


def fingerprint(state: State) -> tuple:
    """The unseen piles as they lie (compared before and after an action)."""
    entry = _PILES.get(state.game.id)
    return entry[0](state) if entry else ()


def reshuffle(state: State, rng: Rng) -> None:
    """Shuffle, in place, everything no seat has seen."""
    entry = _PILES.get(state.game.id)
    if entry:
        entry[1](state, rng)
        state.forget_legal()
