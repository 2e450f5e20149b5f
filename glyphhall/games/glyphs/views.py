"""What each seat sees: the boards in their arrangement, coins, predictions (the mage sees them,
an apprentice its own), the decree to the mage and at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .decrees.english import render
from .shapes import shape_set
from .state import APPROVED, REJECTED, glyph_text

if TYPE_CHECKING:
    from .state import GlyphsState


def view(st: GlyphsState, seat: int | None) -> dict[str, Any]:
    kinds = shape_set().kinds
    over = st.phase == "over"

    def glyph_view(g, n, question):
        return {"n": n, "glyph": glyph_text(g[0]), "approved": g[1], "by": g[2], "how": g[3],
                "shapes": [[kinds[k].id, x / 2, y / 2, 45 * r] for k, x, y, r in g[0]],
                "predictions": {str(s): (APPROVED if p else REJECTED) for s, p in sorted(g[4].items())},
                "question": question}

    sees_predictions = seat is not None and (seat == st.mage_seat)
    preds = {}
    for s in st.apprentices() if st.phase == "predict" else []:
        if s in st.predictions and (sees_predictions or s == seat):
            preds[str(s)] = APPROVED if st.predictions[s] else REJECTED
        else:
            preds[str(s)] = "predicted" if s in st.predictions else "waiting"
    out: dict[str, Any] = {
        "mode": st.mode,
        "level": st.level,
        "mage": "computer" if st.mage_seat is None and st.mode == "apprentices" else st.mage_seat,
        "marking": "hand" if st.hand else "decree",
        "phase": st.phase,
        "turn": st.turn,
        "to_move": list(st.to_move()),
        "coins": st.coins[:],
        # each board in its arrangement on the table; "n" is the glyph's number (order made)
        "boards": [[glyph_view(b.glyphs[i], i + 1, i in b.questions) for i in b.arrangement()]
                   for b in st.boards],
        "pending": None if st.pending is None else {"glyph": glyph_text(st.pending[0]),
                                                      "perform": st.pending[1]},
        "predictions": preds,
        "guess": None if st.guess is None else render(st.guess),
        "winner": st.winner,
        "note": st.note,
    }
    if st.mode == "duel":
        out["decrees_left"] = [len(st.decrees[1 - p]) - st.solved[p] if st.decrees[1 - p] else
                               int(st.options["decrees"]) - st.solved[p] for p in (0, 1)]
        if seat in (0, 1):
            out["my_decrees"] = [render(c) for c in st.decrees[seat]]
        if over:
            out["decrees"] = [[render(c) for c in lst] for lst in st.decrees]
    else:
        decree = st.decrees[0][0] if st.decrees[0] else None
        if decree is not None and (over or (seat is not None and seat == st.mage_seat)):
            out["decree"] = render(decree)
    return out
