# cython: annotation_typing=True
"""Glyph dice: rolling, where dice go back to (RESET), and Matching Glyph Combos.

Rulebook, Reference > Glyphs: Arcana is wild; a Double matches two Glyphs of its kind, and its
second Glyph is lost if it cannot be used with the first; every Glyph is used once a Turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from .champion import CHEST, START, STOCK, TRIBAL, Die
from .data import ARCANA, DOUBLE, POWER, WAR

if TYPE_CHECKING:
    from .state import PoolDie, TundrusState


def roll(s: TundrusState, colour: cython.int) -> int:
    """A glyph code rolled on a die of this colour, drawn from the state's own Rng."""
    return s.data.dice[colour].faces[s.rng.below(6)]


def units(glyph: cython.int, want: cython.int) -> cython.int:
    """How many `want` Glyphs a face shows (a Double shows two), not counting Arcana."""
    if glyph == want:
        return 1
    if glyph == want + DOUBLE:
        return 2
    return 0


def return_die(s: TundrusState, die: Die) -> None:
    """RESET one die to where it came from (rulebook step 7a); dice of defeated champions, of
    Items gone, and Stock dice go to the Stock."""
    colour, owner, origin = die
    if origin == TRIBAL:
        s.tribal[owner][colour] += 1
        return
    if origin in (STOCK, CHEST) or owner < 0:
        s.stock[colour] += 1
        return
    c = s.champs[owner]
    if c.defeated:
        s.stock[colour] += 1
    elif origin == START:
        c.start[colour] += 1
    else:  # an Item slot: its dice are purged when the Item leaves, so the Item is still there
        c.slot_dice[origin - 2][colour] += 1


@cython.locals(g=cython.Py_ssize_t, i=cython.Py_ssize_t, take=cython.Py_ssize_t, want_pairs=cython.bint)
def match(
    pool: list[PoolDie], combo: tuple[int, int, int, int], virt: tuple[int, int], skip: frozenset[int] = frozenset()
) -> tuple[list[int], list[int]] | None:
    """Dice indices and virtual (war, defense) Glyphs that Match `combo`, or None.

    The choice is canonical so that an action names no dice: Glyphs not on dice first (they
    cannot be Stored anyway), then single faces, then Doubles for pairs, then a Double for a
    single Glyph (its second half is lost), and Arcana last since it can stand for anything.
    This finds a Match whenever one exists."""
    need = list(combo)
    vused = [0, 0]
    for g in (0, 1):
        take = min(need[g], virt[g])
        need[g] -= take
        vused[g] = take
    free = [i for i, d in enumerate(pool) if not d[4] and i not in skip]
    used: list[int] = []
    for i in free:  # singles
        g = pool[i][3]
        if g < 4 and need[g] > 0:
            need[g] -= 1
            used.append(i)
    if not any(need):  # matched by singles alone: the later passes would change nothing
        return used, vused
    for want_pairs in (True, False):  # Doubles: pairs, then a lone Glyph
        for i in free:
            g = pool[i][3] - DOUBLE
            if 0 <= g < 4 and i not in used and (need[g] >= 2 if want_pairs else need[g] == 1):
                need[g] -= min(2, need[g])
                used.append(i)
    for i in free:  # Arcana stands in for whatever is still missing
        if pool[i][3] == ARCANA and i not in used:
            for g in range(4):
                if need[g] > 0:
                    need[g] -= 1
                    used.append(i)
                    break
    if any(need):
        return None
    return used, vused


# The cheap test before `match`: most abilities are out of reach of most rolls, and this says so
# from five counts made once per listing instead of a Match tried for each.
@cython.locals(i=cython.Py_ssize_t, g=cython.int)
def glyph_supply(pool: list, skip: frozenset) -> list:
    """What the free dice (not Stored, not in `skip`) could put toward a Match: per combo Glyph
    the Glyphs their faces show (a Double two), and last their Arcana."""
    out = [0, 0, 0, 0, 0]
    for i, d in enumerate(pool):
        if d[4] or i in skip:
            continue
        g = d[3]
        if g < 4:
            out[g] += 1
        elif g == ARCANA:
            out[4] += 1
        elif 0 <= g - DOUBLE < 4:
            out[g - DOUBLE] += 2
    return out


@cython.locals(g=cython.int, short=cython.int, left=cython.int)
def could_match(supply: list, combo: tuple, virt: tuple) -> bool:
    """False where `match` finds no Match for sure: what the dice's Glyphs and the virtual ones
    leave short of `combo` is more than the Arcana can stand in for."""
    short = 0
    for g in range(4):
        left = combo[g] - supply[g] - (virt[g] if g < 2 else 0)
        if left > 0:
            short += left
    return short <= supply[4]


def power_units(pool: list[PoolDie], skip: set[int] | frozenset[int]) -> int:
    """Energy that unused Power Glyphs (and Arcana) in the pool could pay."""
    total = 0
    for i, d in enumerate(pool):
        if not d[4] and i not in skip:
            total += units(d[3], POWER) + (d[3] == ARCANA)
    return total


def power_dice(pool: list[PoolDie], amount: int, skip: set[int] | frozenset[int]) -> list[int]:
    """Dice paying `amount` Energy with Power Glyphs: singles, Doubles, then Arcana."""
    chosen: list[int] = []
    left = amount
    order = sorted(
        [i for i, d in enumerate(pool) if not d[4] and i not in skip and (units(d[3], POWER) or d[3] == ARCANA)],
        key=lambda i: (pool[i][3] == ARCANA, -units(pool[i][3], POWER) if left >= 2 else units(pool[i][3], POWER)),
    )
    for i in order:
        if left <= 0:
            break
        chosen.append(i)
        left -= units(pool[i][3], POWER) or 1
    return chosen if left <= 0 else []


def war_units(pool: list[PoolDie], skip: set[int] | frozenset[int], arcana: bool = False) -> int:
    return sum(
        units(d[3], WAR) + (arcana and d[3] == ARCANA) for i, d in enumerate(pool) if not d[4] and i not in skip
    )


def die_key(d: tuple) -> tuple:
    """What tells two dice of the Active Dice Pool apart: colour, origin, glyph, lent."""
    return (d[0], d[1], d[2], d[3], d[5])
