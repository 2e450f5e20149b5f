"""Glyphs positions as data (the format is in the README, "Positions"): the boards' marked
glyphs in notation, the decrees in words, coins and whose turn, loaded like a saved game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from glyphhall.engine import GlyphHallError, LoadError, PositionData

from .decrees.semantics import evaluate
from .pool import model_of
from .state import APPROVED, REJECTED, read_glyph

if TYPE_CHECKING:
    from .state import GlyphsState

STEPS = ("build", "guess")


def set_position(st: GlyphsState, data: PositionData) -> None:
    pos = data.table("position")
    duel = st.mode == "duel"
    step = pos.take("step", str, "build")
    if step not in STEPS:
        raise LoadError(f"'position.step' is one of {', '.join(STEPS)}, not {step!r}")
    if duel:
        decrees = pos.take("decrees", list, [[], []])
        if len(decrees) != 2 or not all(isinstance(d, list) for d in decrees):
            raise LoadError("'position.decrees' lists each mage's decrees: [[seat 0's], [seat 1's]]")
    else:
        decrees = [[pos.take("decree", str)]]
    boards = data.tables("boards")
    if len(boards) != (2 if duel else 1):
        raise LoadError("a duel lists two [[boards]] (seat 0's side, then seat 1's); otherwise one")
    saved: dict[str, Any] = {
        "boards": [[_glyph(g, n) for n, g in enumerate(b.take("glyphs", list, []), start=1)] for b in boards],
        "decrees": decrees, "solved": pos.take("solved", list, [0, 0]),
        "coins": pos.take("coins", list, [2, 2] if duel else [0] * st.num_players),
        "turn": pos.take("turn", int, 0 if duel else st.apprentices()[0]), "phase": step,
        "pending": None, "predictions": {}, "guess": None, "winner": None, "steps": 0,
    }
    for b in boards:
        b.done()
    pos.done()
    try:
        st.load_fields(saved)
    except ValueError as err:
        raise LoadError(f"bad glyphs position: {err}") from None
    if st.turn not in st.apprentices():
        raise LoadError(f"'position.turn': seat {st.turn} does not make glyphs in this game")
    for side, board in enumerate(st.boards):  # the marks a decree gives must be the ones written
        decree = st.decree_for(side)
        for n, g in enumerate(board.glyphs, start=1):
            if decree is not None and evaluate(decree, model_of(g[0])) != g[1]:
                right = APPROVED if not g[1] else REJECTED
                raise LoadError(f"board {side + 1}, glyph {n}: the decree marks it {right}")


def _glyph(entry: Any, n: int) -> dict[str, Any]:
    if not isinstance(entry, dict) or set(entry) - {"glyph", "mark", "by", "how"} or "glyph" not in entry:
        raise LoadError(f"glyph {n} is written {{ glyph = \"square@0,0\", mark = \"approved\" }} "
                        "(optional: by = seat, how = \"study\"/\"perform\"/\"build\"/\"opening\")")
    mark = entry.get("mark")
    if mark not in (APPROVED, REJECTED):
        raise LoadError(f"glyph {n}: mark is {APPROVED!r} or {REJECTED!r}")
    try:
        read_glyph(str(entry["glyph"]))
    except GlyphHallError as err:
        raise LoadError(f"glyph {n}: {err}") from None
    return {"glyph": entry["glyph"], "approved": mark == APPROVED, "by": int(entry.get("by", -1)),
            "how": str(entry.get("how", "opening")), "predictions": {}}
