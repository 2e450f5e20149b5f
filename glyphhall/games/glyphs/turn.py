"""A player's turn (rulebook slides 8-9): make a glyph (perform: the apprentices predict its mark;
study; build in a duel), the mark, then guess or pass to the next player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event

from .decrees.semantics import evaluate
from .pool import model_of
from .state import APPROVED, REJECTED, public, read_glyph

if TYPE_CHECKING:
    from .state import GlyphsState

#: The `glyph_limit` option's default. The rulebook ends a game only with a correct guess; a table
#: whose apprentices never guess right (or a hand-marking mage who never concedes) would go on
#: forever, so a board this full ends the game with no winner (the README's ruling).
GLYPH_LIMIT = 80


def start_turn(st: GlyphsState, seat: int) -> None:
    st.turn = seat
    st.phase = "build"
    st.pending = None
    st.predictions = {}
    st.guess = None



def do_perform(st: GlyphsState, seat: int, text: str) -> list[Event]:
    st.pending = [read_glyph(text), True]
    st.predictions = {}
    st.phase = "predict"
    return [public(f"seat {seat} performs {text}: every apprentice predicts its mark")]



def do_study(st: GlyphsState, seat: int, text: str) -> list[Event]:
    st.pending = [read_glyph(text), False]
    return [public(f"seat {seat} studies {text}")] + after_built(st, seat)



def do_build(st: GlyphsState, seat: int, text: str) -> list[Event]:
    st.pending = [read_glyph(text), False]
    return [public(f"seat {seat} builds {text}")] + after_built(st, seat)



def after_built(st: GlyphsState, seat: int) -> list[Event]:
    """Mark the pending glyph automatically, or wait for the hand-marking mage."""
    if st.hand:
        st.phase = "mark"
        return []
    assert st.pending is not None, "called with the glyph just built"
    approved = evaluate(st.decree_for(st.turn), model_of(st.pending[0]))
    return record_mark(st, approved)



def do_predict(st: GlyphsState, seat: int, mark: str) -> list[Event]:
    st.predictions[seat] = mark == APPROVED
    who = frozenset({seat} | ({st.mage_seat} if st.mage_seat is not None else set()))
    events = [Event(f"seat {seat} predicts {mark}", who, {}),
              Event(f"seat {seat} has predicted", None, {}, who)]
    if not st.to_move():
        events += after_built(st, st.turn)
    return events



def do_mark(st: GlyphsState, seat: int, mark: str) -> list[Event]:
    return record_mark(st, mark == APPROVED)



def record_mark(st: GlyphsState, approved: bool) -> list[Event]:
    assert st.pending is not None, "called with the glyph just built"
    shapes, performed = st.pending
    board = st.board_of(st.turn)
    how = "perform" if performed else ("build" if st.mode == "duel" else "study")
    board.glyphs.append([shapes, approved, st.turn, how, dict(st.predictions)])
    mark = APPROVED if approved else REJECTED
    events = []
    if performed:
        winners = [s for s, p in sorted(st.predictions.items()) if p == approved]
        for s in winners:
            st.coins[s] += 1
        said = ", ".join(f"seat {s} {APPROVED if p else REJECTED}" for s, p in sorted(st.predictions.items()))
        events.append(public(f"predictions revealed: {said}"))
        events.append(public(f"glyph {len(board.glyphs)} is {mark}; a coin each to "
                                   + (", ".join(f"seat {s}" for s in winners) or "nobody")))
    else:
        events.append(public(f"glyph {len(board.glyphs)} is {mark}"))
    st.pending = None
    st.predictions = {}
    st.phase = "guess"
    limit = int(st.options.get("glyph_limit", 0))  # saves from before the option had no limit
    if limit and len(board.glyphs) >= limit:
        st.phase, st.winner = "over", None
        st.note = f"The board holds {limit} glyphs and nobody has guessed the decree: the game ends with no winner."
        events.append(public(st.note))
    return events



def do_pass(st: GlyphsState, seat: int) -> list[Event]:
    if st.mode == "duel":
        nxt = 1 - seat
    else:
        order = st.apprentices()
        nxt = order[(order.index(seat) + 1) % len(order)]
    start_turn(st, nxt)
    return [public(f"seat {seat} ends the turn; seat {nxt} to play")]
