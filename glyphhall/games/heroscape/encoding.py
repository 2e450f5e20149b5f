"""Heroscape for learners: fixed action ids and the observation tensors (engine/action_ids.py,
engine/tensors.py). The README's "Reinforcement learning" section lists both layouts.

Action ids are *factored*: a move is the sequence of its steps (`step <figure> <space>`, one
space at a time, as the legal list offers it), not a whole path, so the ids are verb x figure x
space (the 30 figure names of the 16 army cards, the battlefield's spaces) and stay few enough
for a flat policy: a whole-path `move` would need one id per figure and reachable path. A
double-space figure's placement names its head's space and the direction of its tail. The
battlefield is part of the settings (options `map`, `map_text`), so the count depends on them.

Tensors are seat-relative and hold only what changes: the battlefield itself (levels, terrain,
start zones) is fixed for a game and kept out of every step; `HeroscapeTensors.static_map()`
gives it once as planes over the same spaces. The others' order markers show only where they
lie and which are revealed, never their numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from glyphhall.engine import Action
from glyphhall.engine.action_ids import ABSENT, VerbTable
from glyphhall.engine.tensors import Layout, TensorEncoder, writable

from .armies import CARDS
from .glyphs import GLYPHS
from .hexes import DIRECTIONS
from .powers import DIR_NAMES
from .terrain import BY_KEY

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

if cython.compiled:  # the state's and map's classes as C types: the tensor reads their fields in C
    from cython.cimports.glyphhall.games.heroscape.maps import Board
    from cython.cimports.glyphhall.games.heroscape.state import HeroscapeState
else:
    from .maps import Board
    from .state import HeroscapeState

CARD_KEYS = tuple(CARDS) if isinstance(CARDS, dict) else tuple(c.key for c in CARDS)
_DEFS = {k: (CARDS[k] if isinstance(CARDS, dict) else next(c for c in CARDS if c.key == k)) for k in CARD_KEYS}
FIGURES = tuple(k if _DEFS[k].figures == 1 else f"{k}{i + 1}" for k in CARD_KEYS for i in range(_DEFS[k].figures))
MARKERS = ("1", "2", "3", "x")
SEATS = 4
GLYPH_KEYS = tuple(GLYPHS)
TERRAIN_KEYS = tuple(sorted(BY_KEY))


class HeroscapeActions(VerbTable):
    def __init__(self, board: Board) -> None:
        self.board = board
        spaces = tuple(board.labels)
        figs, cards = FIGURES, CARD_KEYS
        super().__init__([
            ("draft", [cards]), ("done", []),
            ("place", [spaces, (ABSENT, *DIR_NAMES)]),
            ("order", [MARKERS, cards]),
            ("step", [figs, spaces]), ("stop", [figs]), ("flip", [figs]), ("end", []),
            ("attack", [figs, figs]), ("shuriken", [figs, figs]), ("chomp", [figs, figs]),
            ("shackle", [figs, figs]), ("rod", [figs, figs]), ("explode", [figs, figs]),
            ("grenade", [figs, figs]), ("grapple", [figs, spaces]), ("teleport", [figs, spaces]),
            ("fireline", [figs, spaces, DIR_NAMES]), ("berserk", []), ("clone", []),
            ("drop", [figs, (ABSENT, *spaces)]), ("pass", [figs, figs]),
            ("swap", [figs, (ABSENT, *figs)]), ("keep", [figs]), ("equip", [figs]), ("leave", [figs]),
            ("glyph", [spaces]), ("spirit", [cards]), ("summon", [figs, spaces]), ("decline", []),
            ("negate", [cards]), ("wound", [figs]), ("resolve", [figs]), ("opponent", [tuple(range(SEATS))]),
        ])

    def encode(self, state: Any, seat: int, action: Action) -> int:
        if action.verb == "place" and len(action.args) == 2:
            action = Action("place", (action.args[0], self._direction(str(action.args[0]), str(action.args[1]))))
        return super().encode(state, seat, action)

    def encode_all(self, state: Any, seat: int, actions: Sequence[Action]) -> list[int]:
        # the environments' mask, every step: the cache read inline but for `place`, which
        # `encode` rewrites first (the cache holds its rewritten form)
        get = self._cache.get
        ids = []
        for action in actions:
            number = None if action.verb == "place" else get(action)
            ids.append(self.encode(state, seat, action) if number is None else number)
        return ids

    def decode(self, state: Any, seat: int, action_id: int) -> Action | None:
        action = super().decode(state, seat, action_id)
        if action is not None and action.verb == "place" and len(action.args) == 2:
            head = self.board.index[str(action.args[0])]
            dq, dr = DIRECTIONS[DIR_NAMES.index(str(action.args[1]))]
            q, r = self.board.coords[head]
            tail = next((i for i, c in enumerate(self.board.coords) if c == (q + dq, r + dr)), None)
            return None if tail is None else Action("place", (action.args[0], self.board.labels[tail]))
        return action

    def _direction(self, head: str, tail: str) -> str:
        (q, r), (q2, r2) = self.board.coords[self.board.index[head]], self.board.coords[self.board.index[tail]]
        return DIR_NAMES[DIRECTIONS.index((q2 - q, r2 - r))]


PHASES = ("draft", "place", "orders", "turn", "over")
# Places by key (a tuple's `index` compares strings one by one: a tenth of a tensor).
PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
GLYPH_INDEX = {key: i for i, key in enumerate(GLYPH_KEYS)}
PER_CARD = SEATS + 1 + 4 + 4 + 1 + 3
PER_FIGURE = 4 + SEATS + 5
GLYPH_SLOTS = 16


class HeroscapeTensors(TensorEncoder):
    def __init__(self, board: Board) -> None:
        self.board = board
        n = len(board)
        lay = self.layout = Layout()
        self.o_phase = lay.add(len(PHASES), "phase one-hot: " + ", ".join(PHASES))
        self.o_game = lay.add(8, "round/12, turn number/4, I am to move, stage of the turn/4, the active card is "
                                 "mine, moves left/10, attacks made/3, I won")
        self.o_cards = lay.add(len(CARD_KEYS) * PER_CARD, f"{len(CARD_KEYS)} army cards x [owner (relative seat, "
                                                          "4), in the draft pool, my markers on it (1,2,3,X), their "
                                                          "revealed markers on it (1,2,3,X), their face-down markers "
                                                          "on it/3, attack, defense bonus/3, figures left/4]")
        self.o_figs = lay.add(len(FIGURES) * PER_FIGURE, f"{len(FIGURES)} figures x [in reserve, on the battlefield, "
                                                         "destroyed, unused, owner (4), wounds/10, q, r /20, "
                                                         "level/20, the figure moving]")
        self.o_planes = lay.add(4 * n, f"hex planes over the {n} spaces: my figures, theirs, double-space tails, "
                                       "glyphs")
        self.o_glyphs = lay.add(GLYPH_SLOTS * (len(GLYPH_KEYS) + 1), f"glyph spots in space order ({GLYPH_SLOTS}) x "
                                                                     "[face-up kind one-hot, face down]")
        self.observation_shape = self.information_state_shape = (lay.size,)
        self.card_index = {k: i for i, k in enumerate(CARD_KEYS)}
        self.fig_index = {k: i for i, k in enumerate(FIGURES)}

    def describe(self) -> list[str]:
        return self.layout.describe()

    def static_map(self) -> np.ndarray:
        """The battlefield, once: planes (level/20, terrain one-hot, start zone 1-6 one-hot) x spaces."""
        b = self.board
        planes = np.zeros((1 + len(TERRAIN_KEYS) + 6, len(b)), np.float32)
        for h in range(len(b)):
            planes[0, h] = min(b.levels[h], 20) / 20.0
            if b.terrain[h] in TERRAIN_KEYS:
                planes[1 + TERRAIN_KEYS.index(b.terrain[h]), h] = 1.0
            if 1 <= b.zone[h] <= 6:
                planes[len(TERRAIN_KEYS) + b.zone[h], h] = 1.0
        return planes

    # Compiled, the tensor is a typed float32 memoryview, the state and map typed and the offsets,
    # seats and counts C integers: a write is a C store. The values are computed as before (the
    # same numbers divided in double, stored as float32; a hidden marker's third added in double
    # then stored gives the float32 sums numpy gave, for the four markers a card may hold), so the
    # tensor is the same.
    @cython.locals(out=cython.float[:], s=HeroscapeState, board=Board, n=cython.Py_ssize_t, g=cython.Py_ssize_t,
                   at=cython.Py_ssize_t, tail=cython.Py_ssize_t, planes=cython.Py_ssize_t, nh=cython.Py_ssize_t,
                   f=cython.Py_ssize_t, c=cython.Py_ssize_t, p=cython.Py_ssize_t, m=cython.Py_ssize_t,
                   h=cython.Py_ssize_t, owner=cython.Py_ssize_t, state_code=cython.Py_ssize_t,
                   seat_c=cython.Py_ssize_t, seats=cython.Py_ssize_t, per_card=cython.Py_ssize_t,
                   per_figure=cython.Py_ssize_t, o_cards=cython.Py_ssize_t, o_figs=cython.Py_ssize_t,
                   x=cython.Py_ssize_t, q=cython.Py_ssize_t, r=cython.Py_ssize_t, cards=cython.Py_ssize_t,
                   card_index=dict, fig_index=dict, left=list, coords=list, levels=list)
    def observation(self, state: Any, seat: int, out: np.ndarray) -> None:
        if not cython.compiled:
            out = writable(out)
        s: HeroscapeState = state
        n = s.num_players
        seat_c = seat
        seats, per_card, per_figure = SEATS, PER_CARD, PER_FIGURE
        o_cards, o_figs, card_index, fig_index = self.o_cards, self.o_figs, self.card_index, self.fig_index
        out[self.o_phase + PHASE_INDEX[s.phase]] = 1.0
        g = self.o_game
        out[g] = min(s.round, 60) / 12.0 if s.round <= 12 else 1.0
        out[g + 1] = s.turn_no / 4.0 if 0 <= s.turn_no <= 4 else 0.0
        if seat in s.to_move():
            out[g + 2] = 1.0
        out[g + 3] = min(int(s.stage), 4) / 4.0
        if s.active_card is not None and s.active_card >= 0 and s.c_owner[s.active_card] == seat:
            out[g + 4] = 1.0
        out[g + 5] = max(0, min(10, int(s.move_left or 0))) / 10.0
        out[g + 6] = min(len(s.attacks) if isinstance(s.attacks, (list, tuple, dict, set)) else int(s.attacks), 3) / 3.0
        if s.phase == "over" and s.returns()[seat] > 0.5:
            out[g + 7] = 1.0
        mine_team = s.team[seat] if s.team else seat
        for k in s.draft_pool:
            x = card_index[CARDS_KEY(k)]
            out[o_cards + x * per_card + seats] = 1.0
        cards = len(s.c_def)
        left = [0] * cards  # figures in reserve or on the battlefield, per card: one pass
        f_card, f_name, f_state, f_wounds, f_hex, f_tail = s.f_card, s.f_name, s.f_state, s.f_wounds, s.f_hex, s.f_tail
        for f in range(len(f_card)):
            c = f_card[f]
            x = f_state[f]
            if (x == 0 or x == 1) and 0 <= c < cards:
                left[c] += 1
        c_owner, c_atk, c_dfn = s.c_owner, s.c_atk, s.c_dfn
        for c in range(cards):
            x = card_index[s.c_def[c].key]
            at = o_cards + x * per_card
            owner = c_owner[c]
            out[at + (owner - seat_c) % n] = 1.0  # owners relative to the observer, mine 0
            x = c_atk[c]
            out[at + seats + 9] = max(-3, min(3, x)) / 3.0
            x = c_dfn[c]
            out[at + seats + 10] = max(-3, min(3, x)) / 3.0
            x = left[c]
            out[at + seats + 11] = x / 4.0
        for p in range(n):
            sees = p == seat_c or (s.team and s.team[p] == mine_team)
            markers, revealed = s.markers[p], s.revealed[p]
            for m in range(4):
                c = markers[m]
                if c < 0:
                    continue
                x = card_index[s.c_def[c].key]
                at = o_cards + x * per_card + seats + 1
                if sees:
                    out[at + m] = 1.0
                elif revealed[m]:
                    out[at + 4 + m] = 1.0
                else:
                    out[at + 8] += 1.0 / 3.0
        board = self.board
        coords, levels = board.coords, board.levels
        planes = self.o_planes
        nh = len(board)
        for f in range(len(f_card)):
            x = fig_index[f_name[f]]
            at = o_figs + x * per_figure
            state_code = f_state[f]
            out[at + state_code] = 1.0
            owner = c_owner[f_card[f]]
            out[at + 4 + (owner - seat_c) % n] = 1.0
            tail = at + 4 + seats
            x = f_wounds[f]
            out[tail] = min(x, 10) / 10.0
            h = f_hex[f]
            if state_code == 1 and h >= 0:
                q, r = coords[h]
                out[tail + 1] = max(-20, min(20, q)) / 20.0
                out[tail + 2] = max(-20, min(20, r)) / 20.0
                x = levels[h]
                out[tail + 3] = min(x, 20) / 20.0
                out[planes + (0 if owner == seat_c else 1) * nh + h] = 1.0
                x = f_tail[f]
                if x >= 0:
                    out[planes + 2 * nh + x] = 1.0
            if s.moving == f:
                out[tail + 4] = 1.0
        for slot, h in enumerate(sorted(s.glyph_at)):
            key, up = s.glyph_at[h]
            out[planes + 3 * nh + h] = 1.0
            if slot < GLYPH_SLOTS:
                at = self.o_glyphs + slot * (len(GLYPH_KEYS) + 1)
                out[at + (GLYPH_INDEX[key] if up else len(GLYPH_KEYS))] = 1.0


def CARDS_KEY(k: Any) -> str:  # noqa: N802 - the draft pool holds card keys
    return str(k)
