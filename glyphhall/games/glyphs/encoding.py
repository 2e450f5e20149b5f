"""Glyphs for learners: action ids and the observation tensors (engine/action_ids.py,
engine/tensors.py). The README's "Reinforcement learning" section lists both layouts.

Glyphs and decrees are free-form (any glyph of the notation, any decree of the language), so
they cannot be numbered once for all: the action space is *parameterised*. Verbs without a
free-form argument have fixed ids (`predict approved`, `pass`, `confirm`, ...); a verb carrying a
glyph or a decree has ids "the k-th such action the legal list offers now" (`Listed`), and the
observation carries the features of the glyphs offered in those places (the listed glyph slots
below), so a policy sees what each id would make. Typed actions outside the listed subset (a
glyph of one's own) have no id: `parse_action` still takes them.

Tensors are seat-relative and read only what the seat may see: the decrees are hidden (except
one's own, which is not encoded), and so are the other apprentices' predictions until the mark.
Every marked glyph stays on the table, so the information state is the observation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from glyphhall.engine.action_ids import Listed, VerbTable
from glyphhall.engine.tensors import Layout, TensorEncoder

from .shapes import ROTATIONS, shape_set
from .state import APPROVED, REJECTED, SORT_KEYS

if TYPE_CHECKING:
    from .state import GlyphsState

GLYPH_SLOTS = 16  # listed glyphs of one verb
GUESS_SLOTS = 12
TABLE_SLOTS = 64  # "?" tokens and glyph moves name a glyph of the board
MARKS = (APPROVED, REJECTED)


def action_table() -> VerbTable:
    return VerbTable([
        ("predict", [MARKS]), ("mark", [MARKS]), ("pass", []), ("confirm", []), ("withdraw", []),
        ("concede", []), ("auto", []), ("sort", [SORT_KEYS]),
        ("perform", [Listed(GLYPH_SLOTS, "the k-th listed glyph")]),
        ("study", [Listed(GLYPH_SLOTS, "the k-th listed glyph")]),
        ("build", [Listed(GLYPH_SLOTS, "the k-th listed glyph")]),
        ("place", [Listed(GLYPH_SLOTS, "the k-th listed opening glyph and mark")]),
        ("counterexample", [Listed(GLYPH_SLOTS, "the k-th listed counterexample")]),
        ("guess", [Listed(GUESS_SLOTS, "the k-th listed decree, most likely first")]),
        ("decree", [Listed(GUESS_SLOTS, "the k-th listed decree")]),
        ("question", [Listed(TABLE_SLOTS, "a '?' token by the k-th listed glyph")]),
        ("move", [Listed(TABLE_SLOTS, "the k-th listed glyph moved first")]),
    ])


KINDS = len(shape_set().kinds)
GLYPH = KINDS + 1 + ROTATIONS + 2  # kind counts/4, shapes/8, rotations/4, width, height /8
PHASES = ("setup", "opening", "build", "predict", "mark", "guess", "confirm", "counter", "over")
SEATS = 8
BOARD_GLYPHS = 24  # the most recent glyphs of a board


def glyph_features(shapes: Any, out: np.ndarray, at: int) -> None:
    xs, ys = [], []
    for kind, x, y, rot in shapes:
        out[at + kind] += 0.25
        out[at + KINDS + 1 + rot % ROTATIONS] += 0.25
        xs.append(x)
        ys.append(y)
    out[at + KINDS] = len(shapes) / 8.0
    if xs:
        out[at + KINDS + 1 + ROTATIONS] = min(max(xs) - min(xs), 16) / 16.0
        out[at + KINDS + 2 + ROTATIONS] = min(max(ys) - min(ys), 16) / 16.0


PER_BOARD_GLYPH = GLYPH + 5


class GlyphsTensors(TensorEncoder):
    def __init__(self) -> None:
        lay = self.layout = Layout()
        self.o_phase = lay.add(len(PHASES), "phase one-hot: " + ", ".join(PHASES))
        self.o_game = lay.add(6, "duel, level/5, I am to move, I am the mage, I won, someone else won")
        self.o_seats = lay.add(3 * SEATS, "per relative seat: coins/5, whose turn, decrees solved/6")
        self.o_boards = lay.add(2 * BOARD_GLYPHS * PER_BOARD_GLYPH,
                                f"2 boards (the one I guess on, the one I mark in a duel) x the {BOARD_GLYPHS} "
                                f"latest glyphs x [features ({GLYPH}: shape kinds/4, shapes/8, rotations/4, width, "
                                "height), approved, rejected, made by me, an opening glyph, my prediction was right]")
        self.o_pending = lay.add(GLYPH + 3, "the glyph performed or studied now: features, performed, my prediction "
                                            "approved, rejected")
        self.o_listed = lay.add(GLYPH_SLOTS * GLYPH, f"the listed glyphs of my choices, in id order ({GLYPH_SLOTS} "
                                                     "slots x features): what each parameterised id would make")
        self.observation_shape = self.information_state_shape = (lay.size,)

    def describe(self) -> list[str]:
        return self.layout.describe()

    def observation(self, state: Any, seat: int, out: np.ndarray) -> None:
        st: GlyphsState = state
        n = st.num_players
        out[self.o_phase + PHASES.index(st.phase)] = 1.0
        g = self.o_game
        duel = st.mode == "duel"
        out[g] = 1.0 if duel else 0.0
        out[g + 1] = st.level / 5.0
        moving = st.to_move()
        out[g + 2] = 1.0 if seat in moving else 0.0
        out[g + 3] = 1.0 if st.mage_seat == seat else 0.0
        if st.winner is not None:
            out[g + 4 + (st.winner != seat)] = 1.0
        for p in range(n):
            r = (p - seat) % n
            if r < SEATS:
                out[self.o_seats + r] = min(st.coins[p], 5) / 5.0
                out[self.o_seats + SEATS + r] = 1.0 if st.turn == p else 0.0
                if duel:
                    out[self.o_seats + 2 * SEATS + r] = st.solved[p] / 6.0
        boards = [st.board_of(seat)] + ([st.boards[1 - seat]] if duel else [])
        for b, board in enumerate(boards):
            glyphs = board.glyphs[-BOARD_GLYPHS:]
            for k, (shapes, approved, by, how, predictions) in enumerate(glyphs):
                at = self.o_boards + (b * BOARD_GLYPHS + k) * PER_BOARD_GLYPH
                glyph_features(shapes, out, at)
                out[at + GLYPH + (0 if approved else 1)] = 1.0
                out[at + GLYPH + 2] = 1.0 if by == seat else 0.0
                out[at + GLYPH + 3] = 1.0 if how == "opening" else 0.0
                if seat in predictions:
                    out[at + GLYPH + 4] = 1.0 if predictions[seat] == approved else 0.0
        if st.pending is not None:
            shapes, performed = st.pending[0], st.pending[1]
            at = self.o_pending
            glyph_features(shapes, out, at)
            out[at + GLYPH] = 1.0 if performed else 0.0
            if seat in st.predictions:
                out[at + GLYPH + 1 + (0 if st.predictions[seat] else 1)] = 1.0
        if seat in moving:
            from .notation import parse_glyph

            first, k = None, 0  # perform and study list the same glyphs: the first verb's order
            for action in st.legal_actions(seat):
                if action.verb in ("perform", "study", "build", "place", "counterexample"):
                    first = first or action.verb
                    if action.verb == first and k < GLYPH_SLOTS:
                        glyph_features(parse_glyph(str(action.args[-1])), out, self.o_listed + k * GLYPH)
                        k += 1
