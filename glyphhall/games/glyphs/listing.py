"""The legal actions listed: a finite, stable, useful subset (glyphs from the seeded pool chosen
from public facts only, the likeliest decrees); anything else typed is still checked directly."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Action, Rng

from . import belief, checks
from .decrees.english import render
from .decrees.semantics import evaluate
from .pool import model_of, pool
from .state import APPROVED, CATALOGUE_GLYPHS, CATALOGUE_GUESSES, REJECTED, glyph_text

if TYPE_CHECKING:
    from .state import GlyphsState


def catalogue_glyphs(st: GlyphsState, k: int = CATALOGUE_GLYPHS) -> list[tuple]:
    """A bounded, stable choice of pool glyphs, drawn from public facts only."""
    board = st.board_of(st.turn)
    rng = Rng(len(board.glyphs) * 7919 + st.steps * 104729 + st.turn)
    glyphs = pool()
    return list(dict.fromkeys(glyphs[rng.below(len(glyphs))] for _ in range(k)))  # no repeats



def catalogue_guesses(st: GlyphsState, seat: int) -> list[str]:
    post = belief.posterior(st.board_of(seat).marks(), st.level_hint())
    return [render(c) for c in post.conds[:CATALOGUE_GUESSES]]



def catalogue_decrees(st: GlyphsState) -> list[str]:
    from .library import atoms

    lv = min(st.level, 3)
    picks = [a.cond for a in atoms() if a.level == lv][:CATALOGUE_GUESSES]
    return [render(c) for c in picks]



def phase_actions(st: GlyphsState, seat: int) -> list[Action]:
    p = st.phase
    if p == "setup":
        return [Action("decree", (t,)) for t in catalogue_decrees(st)]
    if p == "opening":
        board = st.boards[st.opening_board_of(seat)]
        have = {g[1] for g in board.glyphs if g[3] == "opening"}
        out = []
        for mark in (APPROVED, REJECTED):
            if (mark == APPROVED) not in have:
                out += [Action("place", (mark, glyph_text(g))) for g in catalogue_glyphs(st, 4)]
        out = [a for a in out if checks.is_legal(st, seat, a)]
        return out if st.hand else out + [Action("auto")]
    if p == "build":
        verbs = ("build",) if st.mode == "duel" else ("perform", "study")
        return [Action(v, (glyph_text(g),)) for g in catalogue_glyphs(st) for v in verbs]
    if p == "predict":
        return [Action("predict", (APPROVED,)), Action("predict", (REJECTED,))]
    if p == "mark":
        return [a for a in (Action("mark", (APPROVED,)), Action("mark", (REJECTED,))) if checks.is_legal(st, seat, a)]
    if p == "guess":
        out = [Action("guess", (t,)) for t in catalogue_guesses(st, seat)] if st.coins[seat] else []
        return out + [Action("pass")]
    if p == "confirm":
        return [Action("confirm"), Action("withdraw")]
    if p == "counter":
        out = []
        for g in catalogue_glyphs(st, 12):
            fits = evaluate(st.guess, model_of(g))
            out.append(Action("counterexample", (REJECTED if fits else APPROVED, glyph_text(g))))
        return [a for a in out if checks.is_legal(st, seat, a)][:8] + [Action("concede" if st.hand else "auto")]
    return []
