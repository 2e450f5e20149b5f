"""Glyph (Tundrus) for learners: fixed action ids and the observation tensors
(engine/action_ids.py, engine/tensors.py). The README's "Reinforcement learning" section lists
both layouts.

Action ids: one block per verb (a `VerbTable`) over the data's champions, items, abilities,
colours and Glyphs and the dice positions 1-20 of the Active Dice Pool. Optional arguments
(targets, `power`: paying Energy with Power Glyphs first) are whole argument tails.

Tensors are tribe-relative (my Tribe, then theirs) and hold everything on the table; the other
Tribe's Stash lies face down, so only its size is seen. Nothing a seat has seen leaves the table
unrecorded (the discard pile is open), so the information state is the observation.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from glyphhall.engine.action_ids import ABSENT, VerbTable, tails
from glyphhall.engine.tensors import Layout, TensorEncoder, writable

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython
from .champion import SOURCE_NAMES
from .data import GLYPHS, SLOTS, load_data
from .state import MAIN, OVER, PHASES, SECONDARY, TURN_FIELDS

if cython.compiled:  # the state's and champions' classes as C types: the tensor reads their fields in C
    from cython.cimports.glyphhall.games.tundrus.champion import Champion
    from cython.cimports.glyphhall.games.tundrus.state import TundrusState
else:
    from .champion import Champion
    from .state import TundrusState

DATA = load_data()
CHAMPIONS = tuple(DATA.champions)
ITEMS = tuple(DATA.item_ids) if len(set(DATA.item_ids)) == len(DATA.items) else tuple(DATA.items)
ABILITIES = tuple(DATA.abilities)
COLOURS = tuple(d.colour for d in DATA.dice)
TOKENS = tuple(DATA.tokens)
DICE = tuple(range(1, 21))  # positions in the Active Dice Pool (at most 10, 20 with lent dice)
SOURCES = ("tribal", "own", *SLOTS, "chest")
POWER = (ABSENT, "power")


def action_table() -> VerbTable:
    champs = (ABSENT, *CHAMPIONS)
    with_targets = tails(champs, champs, POWER, meaning="targets (none, one or two champions), then 'power'")
    target_power = tails(champs, POWER, meaning="a champion or none, then 'power'")
    return VerbTable([
        ("pick", [CHAMPIONS]),
        ("activate", [CHAMPIONS]),
        ("take", [COLOURS, SOURCES]),
        ("roll", []), ("reroll", []), ("keep", []), ("end", []), ("done", []),
        ("mark", [DICE]), ("hold", [DICE]), ("lose", [DICE]), ("spend", [DICE]), ("convert", [DICE]),
        ("give", [DICE]),
        ("attack", [CHAMPIONS, (ABSENT, "arcana")]),
        ("ability", [ABILITIES, with_targets]),
        ("item", [SLOTS, with_targets]),
        ("acquire", [ITEMS]),
        ("stash", [(ABSENT, *ITEMS)]),
        ("equip", [(ABSENT, *ITEMS)]),
        ("consume", [(ABSENT, *ITEMS)]),
        ("pay", [(*SOURCES, *DICE)]),
        ("store", [("energy", "armor"), DICE]),
        ("release", [("energy", "armor"), DICE]),
        ("energy", [tails(("stored", ABSENT), DICE, meaning="a die, or 'stored' and a Stored die")]),
        ("garrison", [POWER]),
        ("sworddance", [("war", "defense"), POWER]),
        ("fate", [DICE, GLYPHS, POWER]),
        ("mirrors", [CHAMPIONS, POWER]),
        ("imp", [target_power]),
        ("button", [CHAMPIONS, POWER]),
        ("reflect", [POWER]),
        ("foresight", [POWER]),
        ("gambit", [POWER]),
        ("gash", [CHAMPIONS, POWER]),
        ("empower", [DICE, POWER]),
        ("lamb", [CHAMPIONS, POWER]),
        ("feud", [CHAMPIONS, POWER]),
        ("chest", [COLOURS]),
        ("cube", [CHAMPIONS, tails(("square", "replace"), (ABSENT, *DICE), meaning="square, or replace n")]),
    ])


NCH, NIT, NCO, NTO = len(CHAMPIONS), len(ITEMS), len(COLOURS), len(TOKENS)
PER_CHAMPION = 17 + NCO + 3 * NIT + NIT + NTO
POOL = 20
PER_DIE = NCO + len(GLYPHS) + 1 + 4 + 3


class TundrusTensors(TensorEncoder):
    def __init__(self) -> None:
        lay = self.layout = Layout()
        self.o_phase = lay.add(len(PHASES), "phase one-hot: " + ", ".join(PHASES))
        self.o_game = lay.add(8, "round/20, initiative mine, next Tribe mine, I am to move, the active champion "
                                 "is mine, winner mine, winner theirs, the game is over")
        self.o_champs = lay.add(NCH * PER_CHAMPION, f"{NCH} champions x [in play, mine, theirs, active, health/10, "
                                                    "most health/10, armor permanent, solid, hollow, temporary /5, "
                                                    "energy cubes, squares /10, stored dice/5, energy on items/5, "
                                                    "activated, defeated, stash size/5, starting dice per colour/3, "
                                                    f"items equipped by slot one-hot ({3 * NIT}), my Tribe's stash "
                                                    f"({NIT}), tokens ({NTO})]")
        self.o_pool = lay.add(POOL * PER_DIE, f"{POOL} Active Pool dice x [colour ({NCO}), Glyph ({len(GLYPHS)}) or "
                                              "not rolled, used, lent, marked, held, origin: tribal/own/other]")
        self.o_supply = lay.add(3 * NCO + 3, "Stock dice per colour/12; Tribal Pools, mine then theirs, per "
                                             "colour/5; Stock cubes (health, armor, energy)/25")
        self.o_spoils = lay.add(3 * NIT + 2, "Spoils face up (items), discard pile (items), the item being placed; "
                                             "deck size/46, Spoils size/5")
        self.o_turn = lay.add(TURN_FIELDS + NCO + 3, "turn counters/5, Equip Cost colours left, Garrison Glyphs "
                                                     "left/3, Energy left to name (Power dice, Stored)/5")
        self.observation_shape = self.information_state_shape = (lay.size,)
        self.item_index = {iid: i for i, iid in enumerate(ITEMS)}
        self.champ_index = {cid: i for i, cid in enumerate(CHAMPIONS)}
        self.token_index = {t: i for i, t in enumerate(TOKENS)}

    def describe(self) -> list[str]:
        return self.layout.describe()

    # Compiled, the tensor is a typed float32 memoryview (taken from the array at the call) and
    # the offsets C integers (the layout's sizes copied into typed locals): a write is a C store.
    # The values are computed as before (Python numbers, stored as float32): the same tensor.
    @cython.locals(out=cython.float[:], g=cython.Py_ssize_t, at=cython.Py_ssize_t, i=cython.Py_ssize_t,
                   k=cython.Py_ssize_t, tail=cython.Py_ssize_t, sup=cython.Py_ssize_t, sp=cython.Py_ssize_t,
                   t=cython.Py_ssize_t, nco=cython.Py_ssize_t, nit=cython.Py_ssize_t,
                   per_champion=cython.Py_ssize_t, per_die=cython.Py_ssize_t, turn_fields=cython.Py_ssize_t,
                   o_champs=cython.Py_ssize_t, o_pool=cython.Py_ssize_t, n_glyphs=cython.Py_ssize_t,
                   s=TundrusState, c=Champion, n=cython.int, mine=cython.int, energy=cython.int,
                   x=cython.Py_ssize_t, items=dict, champs=dict, tokens=dict)
    def observation(self, state: Any, seat: int, out: np.ndarray) -> None:
        if not cython.compiled:
            out = writable(out)
        nco, nit, per_champion, per_die, turn_fields = NCO, NIT, PER_CHAMPION, PER_DIE, TURN_FIELDS
        o_champs, o_pool, n_glyphs = self.o_champs, self.o_pool, len(GLYPHS)
        s: TundrusState = state
        mine = s.tribe_of_seat(seat)
        out[self.o_phase + PHASES.index(s.phase)] = 1.0
        g = self.o_game
        out[g] = min(s.round, 20) / 20.0
        if s.initiative == mine:
            out[g + 1] = 1.0
        if s.next_tribe == mine:
            out[g + 2] = 1.0
        if seat in s.to_move():
            out[g + 3] = 1.0
        if s.active >= 0 and s.champs[s.active].tribe == mine:
            out[g + 4] = 1.0
        if s.winner >= 0:
            out[g + 5 + (s.winner != mine)] = 1.0
        if s.phase == OVER:
            out[g + 7] = 1.0
        items, champs, tokens = self.item_index, self.champ_index, self.token_index
        for i in range(len(s.champs)):
            c = s.champs[i]
            x = champs[c.cid]
            at = o_champs + x * per_champion
            out[at] = 1.0
            out[at + 1 + (c.tribe != mine)] = 1.0
            if i == s.active:
                out[at + 3] = 1.0
            out[at + 4] = c.health / 10.0
            out[at + 5] = c.health_max / 10.0
            out[at + 6] = c.armor_perm / 5.0
            out[at + 7] = c.armor_solid / 5.0
            out[at + 8] = c.armor_hollow / 5.0
            out[at + 9] = len(c.temp) / 5.0
            out[at + 10] = c.energy_cubes / 10.0
            out[at + 11] = c.energy_max / 10.0
            out[at + 12] = len(c.energy_dice) / 5.0
            energy = 0
            for n in c.slot_energy:
                energy += n
            out[at + 13] = energy / 5.0
            if c.activated:
                out[at + 14] = 1.0
            if c.defeated:
                out[at + 15] = 1.0
            out[at + 16] = len(c.stash) / 5.0
            at += 17
            for k in range(len(c.start)):
                n = c.start[k]
                out[at + k] = n / 3.0
            at += nco
            for k, iid in enumerate(c.slots):
                if iid is not None:
                    x = items[iid]
                    out[at + k * nit + x] = 1.0
            at += 3 * nit
            if c.tribe == mine:
                for iid in c.stash:
                    x = items[iid]
                    out[at + x] += 1.0
            at += nit
            for token in c.tokens:
                x = tokens[token]
                out[at + x] = 1.0
        held = s.phase in (MAIN, SECONDARY)  # `hold` marks the dice kept out of the Primary Action
        for i, d in enumerate(s.pool[:POOL]):
            at = o_pool + i * per_die
            out[at + d[0]] = 1.0
            glyph = d[3]
            out[at + nco + (glyph if 0 <= glyph < n_glyphs else n_glyphs)] = 1.0
            tail = at + nco + n_glyphs + 1
            if d[4]:
                out[tail] = 1.0
            if d[5]:
                out[tail + 1] = 1.0
            if i in s.marks:
                out[tail + 2 + held] = 1.0
            origin = SOURCE_NAMES[d[2]]
            out[tail + 4 + (0 if origin == "tribal" else 1 if origin == "own" else 2)] = 1.0
        sup = self.o_supply
        for k in range(nco):
            out[sup + k] = s.stock[k] / 12.0
            out[sup + nco + k] = s.tribal[mine][k] / 5.0
            out[sup + 2 * nco + k] = s.tribal[1 - mine][k] / 5.0
        for k in range(3):
            out[sup + 3 * nco + k] = s.cubes[k] / 25.0
        sp = self.o_spoils
        for iid in s.faceup:
            x = items[iid]
            out[sp + x] += 1.0
        for iid in s.discard:
            x = items[iid]
            out[sp + nit + x] += 1.0
        if s.pending:
            x = items[s.pending]
            out[sp + 2 * nit + x] = 1.0
        out[sp + 3 * nit] = len(s.deck) / 46.0
        out[sp + 3 * nit + 1] = s.spoils_max / 5.0
        t = self.o_turn
        for k in range(turn_fields):
            out[t + k] = max(-5, min(5, s.turn[k])) / 5.0
        for colour in s.pay_left:
            out[t + turn_fields + colour] += 1.0
        out[t + turn_fields + nco] = s.convert_left / 3.0
        if s.defer_left:
            out[t + turn_fields + nco + 1] = s.defer_left[0] / 5.0
            out[t + turn_fields + nco + 2] = s.defer_left[1] / 5.0
