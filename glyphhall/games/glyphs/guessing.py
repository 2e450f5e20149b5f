"""Guessing the decree (rulebook, Gameplay): the engine's reading, confirm (pay a coin) or withdraw,
the mage's verdict, a counterexample or the win; a duel's next decree."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event

from . import mage, opening
from .decrees.english import render, sentence
from .decrees.parser import parse
from .state import APPROVED, REJECTED, Board, glyph_text, public, read_glyph

if TYPE_CHECKING:
    from .state import GlyphsState


def do_guess(st: GlyphsState, seat: int, text: str) -> list[Event]:
    st.guess = parse(text)
    st.phase = "confirm"
    return [public(f"seat {seat} guesses. The game reads it as: {sentence(st.guess)} "
                         "Confirm to pay a coin, or withdraw (free).", reading=text)]



def do_withdraw(st: GlyphsState, seat: int) -> list[Event]:
    st.guess = None
    st.phase = "guess"
    return [public(f"seat {seat} withdraws the guess")]



def do_confirm(st: GlyphsState, seat: int) -> list[Event]:
    # the verdict first, so nothing has changed if the solver were to fail
    decree = st.decree_for(seat)
    verdict = None if decree is None else mage.find_counterexample(decree, st.guess, st.rng)
    st.coins[seat] -= 1
    paid = "pays a coin to the store"
    if st.mode == "duel":
        st.coins[1 - seat] += 1
        paid = f"pays a coin to seat {1 - seat}"
    events = [public(f"seat {seat} {paid} for the guess: {render(st.guess)}")]
    if verdict is None:
        st.phase = "counter"
        return events
    if verdict.equivalent:
        how = "proven equivalent" if verdict.proven else "equivalent (no counterexample found by search)"
        st.note = how
        return events + correct(st, seat, how)
    st.note = ""
    if st.builds:  # rulebook: the mage makes the counterexample (the engine checks it)
        st.phase = "counter"
        return events + [public(f"wrong: seat {st.marker_of(seat)} (the mage) builds a counterexample")]
    return events + show_counterexample(st, seat, verdict.counterexample)



def show_counterexample(st: GlyphsState, seat: int, ce) -> list[Event]:
    board = st.board_of(seat)
    board.glyphs.append([ce.shapes, ce.approved, -1, "counterexample", {}])
    st.guess = None
    st.phase = "guess"
    fits = not ce.approved
    return [public(
        f"wrong: the mage shows counterexample glyph {len(board.glyphs)}: {glyph_text(ce.shapes)}, "
        f"{APPROVED if ce.approved else REJECTED} (your guess {'approves' if fits else 'rejects'} it)")]



def do_counterexample(st: GlyphsState, seat: int, mark: str, text: str) -> list[Event]:
    shapes = read_glyph(text)
    board = st.board_of(st.turn)
    board.glyphs.append([shapes, mark == APPROVED, -1, "counterexample", {}])
    st.guess = None
    st.phase = "guess"
    return [public(f"wrong: the mage shows counterexample glyph {len(board.glyphs)}: {text}, {mark}")]



def do_concede(st: GlyphsState, seat: int) -> list[Event]:
    return correct(st, st.turn, "the mage agrees")



def correct(st: GlyphsState, seat: int, how: str) -> list[Event]:
    guess = st.guess
    st.guess = None
    if st.mode == "duel":
        st.solved[seat] += 1
        left = st.decree_count(1 - seat) - st.solved[seat]
        if left <= 0:
            st.phase, st.winner = "over", seat
            return [public(f"seat {seat} wins, having guessed every decree: correct ({how})")]
        # rulebook: clear the glyphs and the highest decree token from that side; new opening
        st.boards[seat] = Board()
        events = [public(f"correct ({how}): {render(guess)}. Seat {seat}'s side is cleared; "
                               f"{left} decree{'s' if left > 1 else ''} to go")]
        if st.builds:  # rulebook: the other mage makes two starting glyphs for the next decree
            st.phase, st.after_opening = "opening", "guess"
            return events + [public(f"seat {1 - seat} builds the opening glyphs of the next decree")]
        events += opening.open_board(st, st.boards[seat], st.decree_for(seat))
        st.phase = "guess"
        return events
    st.phase, st.winner = "over", seat
    decree = st.decrees[0][0] if st.decrees[0] else None
    told = f" The decree was: {sentence(decree)}" if decree is not None else ""
    # the outcome first: a narrow screen cuts a long line's end
    return [public(f"seat {seat} wins: the guess '{render(guess)}' is correct ({how}).{told}")]


def auto_counterexample(st: GlyphsState) -> list[Event]:
    """The engine answers the pending wrong guess for a person mage: the smallest counterexample
    its entered decree gives."""
    verdict = mage.find_counterexample(st.decree_for(st.turn), st.guess, st.rng)
    if verdict.equivalent:  # confirm already ruled this out; kept for safety
        return correct(st, st.turn, "equivalent")
    return show_counterexample(st, st.turn, verdict.counterexample)
