"""Setting the decrees and the opening glyphs (rulebook, Game Setup): one approved, one rejected;
a duel's next decree opens again after a correct guess."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event, IllegalAction

from . import mage, turn
from .decrees.english import sentence
from .decrees.parser import parse
from .state import APPROVED, REJECTED, Board, glyph_text, public, read_glyph

if TYPE_CHECKING:
    from .state import GlyphsState


def do_decree(st: GlyphsState, seat: int, text: str) -> list[Event]:
    cond = parse(text)
    if st.mode == "duel":
        st.decrees[seat].append(cond)
        n = len(st.decrees[seat])
        events = [Event(f"seat {seat} chooses decree {n}: {text}", frozenset((seat,))),
                  Event(f"seat {seat} chooses decree {n}", None, {}, frozenset((seat,)))]
        if not st.to_move():
            st.phase, st.after_opening = "opening", "start"
            events.append(public("both mages build their opening glyphs on the other's side"))
        return events
    st.decrees[0] = [cond]
    st.phase, st.after_opening = "opening", "start"
    return [Event(f"seat {seat} sets the decree: {sentence(cond)}", frozenset((seat,))),
            Event("the mage has set the decree and builds the opening glyphs", None, {}, frozenset((seat,)))]



def open_board(st: GlyphsState, board: Board, cond) -> list[Event]:
    """The two opening glyphs (rulebook, Game Setup): one approved, one rejected."""
    found = mage.opening_board(cond, st.rng)
    for f in found:
        board.glyphs.append([f.shapes, f.approved, -1, "opening", {}])
    return [public(f"the mage opens with {glyph_text(f.shapes)} ({APPROVED if f.approved else REJECTED})")
            for f in found]



def open_duel_boards(st: GlyphsState) -> list[Event]:
    events = []
    for p in (0, 1):
        events += open_board(st, st.boards[p], st.decree_for(p))
    turn.start_turn(st, 0)
    return events



def do_place(st: GlyphsState, seat: int, mark: str, text: str) -> list[Event]:
    shapes = read_glyph(text)
    target = st.opening_board_of(seat)
    st.boards[target].glyphs.append([shapes, mark == APPROVED, -1, "opening", {}])
    side = f" on seat {target}'s side" if st.mode == "duel" else ""
    return [public(f"the mage places {text} ({mark}){side}")] + opening_done(st)



def auto_opening(st: GlyphsState, seat: int) -> list[Event]:
    """The engine builds the missing opening glyphs for a person mage from the entered decree."""
    target = st.opening_board_of(seat)
    board, decree = st.boards[target], st.decree_for(target)
    have = {g[1] for g in board.glyphs if g[3] == "opening"}
    found = [mage.find_glyph(decree, approved, st.rng, avoid=[g[0] for g in board.glyphs])
             for approved in (True, False) if approved not in have]
    if any(f is None for f in found):
        raise IllegalAction("the game cannot build that opening glyph for this decree; place it yourself")
    events = []
    for f in [f for f in found if f is not None]:  # all of them (checked above)
        board.glyphs.append([f.shapes, f.approved, -1, "opening", {}])
        events.append(public(f"the mage opens with {glyph_text(f.shapes)} "
                                   f"({APPROVED if f.approved else REJECTED})"))
    return events + opening_done(st)



def opening_done(st: GlyphsState) -> list[Event]:
    """Once every due opening is built: start the game, or return to the guesser's turn."""
    if st.to_move():
        return []
    if st.after_opening == "start":
        turn.start_turn(st, 0 if st.mode == "duel" else st.apprentices()[0])
        return [public(f"the openings are built; seat {st.turn} to play")]
    st.phase = "guess"
    return [public(f"the opening is built; seat {st.turn} may guess again or pass")]
