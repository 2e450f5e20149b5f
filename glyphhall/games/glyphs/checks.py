"""Why an action is not legal now: every action is checked directly (glyphs and decrees are typed,
not enumerated), with a sentence that says what is wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Action, IllegalAction, Rng

from . import mage, table
from .decrees.english import render
from .decrees.parser import parse
from .decrees.semantics import evaluate
from .pool import model_of
from .state import APPROVED, REJECTED, Board, glyph_text, read_glyph

if TYPE_CHECKING:
    from .state import GlyphsState


def check_action(st: GlyphsState, seat: int, action: Action) -> None:
    """Raise IllegalAction saying why `action` is not legal for `seat` now."""
    verb, args, p = action.verb, action.args, st.phase
    if verb in ("question", "move", "sort"):
        return table.check_table_action(st, seat, action)
    expect = {
        "setup": ("decree",), "opening": ("place",) if st.hand else ("place", "auto"),
        "build": ("build",) if st.mode == "duel" else ("perform", "study"),
        "predict": ("predict",), "mark": ("mark",), "guess": ("guess", "pass"),
        "confirm": ("confirm", "withdraw"),
        "counter": ("counterexample", "concede") if st.hand else ("counterexample", "auto"),
    }.get(p, ())
    if verb not in expect:
        raise IllegalAction(f"'{verb}' is not possible now; you can: {', '.join(expect) or 'nothing'}")
    arity = {"place": 2, "decree": 1, "build": 1, "perform": 1, "study": 1, "predict": 1, "mark": 1,
             "guess": 1, "counterexample": 2}.get(verb, 0)
    if len(args) != arity or not table.all_words(args):
        raise IllegalAction(f"'{action}' is malformed")
    if verb in ("build", "perform", "study"):
        check_glyph_text(st, args[0])
    elif verb in ("predict", "mark"):
        if args[0] not in (APPROVED, REJECTED):
            raise IllegalAction(f"say '{verb} approved' or '{verb} rejected'")
        if verb == "mark":
            assert st.pending is not None, "the mark phase has a glyph to mark"
            check_same_glyph_same_mark(st, st.pending[0], args[0] == APPROVED)
    elif verb == "decree":
        cond = check_decree_text(st, args[0])
        check_decree_usable(st, cond)
    elif verb == "place":
        if args[0] not in (APPROVED, REJECTED):
            raise IllegalAction("say 'place approved <glyph>' or 'place rejected <glyph>'")
        target = st.opening_board_of(seat)
        board = st.boards[target]
        if any(g[1] == (args[0] == APPROVED) for g in board.glyphs if g[3] == "opening"):
            raise IllegalAction(f"the opening already has its {args[0]} glyph; now place the other one")
        shapes = check_glyph_text(st, args[1])
        check_same_glyph_same_mark(st, shapes, args[0] == APPROVED, board)
        # rulebook, Game Setup: one glyph obeys the decree, one does not
        check_decree_marks(st, st.decree_for(target), shapes, args[0])
    elif verb == "guess":
        if not st.coins[seat]:
            raise IllegalAction("you have no coin to pay for a guess; pass")
        cond = check_decree_text(st, args[0])
        bad = mage.contradictions(cond, st.board_of(seat).marks())
        if bad:
            raise IllegalAction(contradiction_text(st, cond, bad, seat))
    elif verb == "counterexample":
        if args[0] not in (APPROVED, REJECTED):
            raise IllegalAction("say 'counterexample approved <glyph>' or 'counterexample rejected <glyph>'")
        shapes = check_glyph_text(st, args[1])
        check_same_glyph_same_mark(st, shapes, args[0] == APPROVED)
        check_decree_marks(st, st.decree_for(st.turn), shapes, args[0])
        fits = evaluate(st.guess, model_of(shapes))
        if fits == (args[0] == APPROVED):
            raise IllegalAction(
                f"that glyph is no counterexample: the guess also {'approves' if fits else 'rejects'} it. "
                "Show a glyph the guess approves and you reject, or one it rejects and you approve")



def check_decree_marks(st: GlyphsState, decree, shapes, mark: str) -> None:
    """A glyph a person mage builds must carry the mark its entered decree gives it."""
    if decree is not None and evaluate(decree, model_of(shapes)) != (mark == APPROVED):
        right = APPROVED if mark == REJECTED else REJECTED
        raise IllegalAction(f"your decree marks that glyph {right}, not {mark}")



def check_same_glyph_same_mark(st: GlyphsState, shapes, approved: bool, board: Board | None = None) -> None:
    """A hand-marking mage must mark a glyph the way it marked the same glyph before."""
    for n, g in enumerate((board or st.board_of(st.turn)).glyphs, start=1):
        if g[0] == shapes and g[1] != approved:
            raise IllegalAction(f"glyph {n} is the same glyph and is marked {APPROVED if g[1] else REJECTED}; "
                                "a decree marks the same glyph the same way")



def check_glyph_text(st: GlyphsState, text: str) -> tuple:
    shapes = read_glyph(text)
    if glyph_text(shapes) != text:
        raise IllegalAction(f"'{text}' is not in canonical notation (write it as {glyph_text(shapes)})")
    return shapes



def check_decree_text(st: GlyphsState, text: str):
    cond = parse(text)
    if render(cond) != text:
        raise IllegalAction(f"'{text}' is not in canonical form (the game reads it as '{render(cond)}')")
    return cond



def check_decree_usable(st: GlyphsState, cond) -> None:
    """A decree must approve some glyph and reject some glyph (else no opening board exists)."""
    if mage.find_glyph(cond, True, Rng(1)) is None:
        raise IllegalAction("no glyph obeys that decree; choose one that some glyphs obey")
    if mage.find_glyph(cond, False, Rng(2)) is None:
        raise IllegalAction("every glyph obeys that decree; choose one that some glyphs break")



def contradiction_text(st: GlyphsState, cond, bad: list[int], seat: int) -> str:
    board = st.board_of(seat)
    shown = "; ".join(f"glyph {i + 1} ({glyph_text(board.glyphs[i][0])}) is "
                      f"{APPROVED if board.glyphs[i][1] else REJECTED}" for i in bad)
    return (f"the guess '{render(cond)}' is not valid and costs nothing: the board contradicts it. "
            f"{shown}")



def is_legal(st: GlyphsState, seat: int, action: Action) -> bool:
    try:
        check_action(st, seat, action)
    except IllegalAction:
        return False
    return True
