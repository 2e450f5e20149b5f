# cython: annotation_typing=True
"""Cubes on the Health, Armor and Energy Tracks, and the Stock they come from.

Rulebook, Champion Boards > Tracks: tracks never hold more cubes than squares; solid squares are
filled at Setup. Stock cubes are counted (40 Health, 20 Armor, 40 Energy): a cube the Stock lacks
is not gained."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .champion import is_die
from .dice import return_die

if TYPE_CHECKING:
    from .champion import Champion
    from .state import TundrusState

HEALTH, ARMOR, ENERGY = 0, 1, 2
STOCK_CUBES = (40, 20, 40)


def gain_energy(s: TundrusState, c: Champion, n: int = 1) -> int:
    """Up to `n` Energy Cubes from the Stock onto unoccupied squares (End of Round step 2, which may
    also replace a Stored die, is `rounds.round_energy`)."""
    gained = 0
    for _ in range(n):
        if s.cubes[ENERGY] <= 0 or c.energy_room() <= 0:
            break
        s.cubes[ENERGY] -= 1
        c.energy_cubes += 1
        gained += 1
    return gained


def spend_energy(s: TundrusState, c: Champion, n: int) -> None:
    """Pay `n` Energy: cubes held on Power Up Items first (they come back), then Stored Power
    dice (they return to the Dice Supply), then Energy Track cubes. Cubes go to the Stock."""
    for k in range(3):
        while n and c.slot_energy[k]:
            c.slot_energy[k] -= 1
            s.cubes[ENERGY] += 1
            n -= 1
    while n and c.energy_dice:
        return_die(s, c.energy_dice.pop())
        n -= 1
    take = min(n, c.energy_cubes)
    c.energy_cubes -= take
    s.cubes[ENERGY] += take
    n -= take
    assert n == 0, "spent more Energy than the champion had"


def gain_health(s: TundrusState, c: Champion, n: int) -> int:
    take = min(n, c.health_max - c.health, s.cubes[HEALTH])
    c.health += take
    s.cubes[HEALTH] -= take
    return take


def refill_permanent(s: TundrusState, c: Champion) -> None:
    """Refill the solid Armor squares (after an Attack, rulebook Attack and Defense)."""
    take = min(c.armor_solid - c.armor_perm, s.cubes[ARMOR])
    c.armor_perm += take
    s.cubes[ARMOR] -= take


def fill_armor(s: TundrusState, c: Champion) -> int:
    """Put a cube on every unoccupied Armor square, solid and hollow (as the Stock allows)."""
    before = c.armor_perm + len(c.temp)
    refill_permanent(s, c)
    while c.armor_room() > 0 and s.cubes[ARMOR] > 0:
        c.temp.append(None)
        s.cubes[ARMOR] -= 1
    return c.armor_perm + len(c.temp) - before


def strip_temporary(s: TundrusState, c: Champion) -> int:
    """Remove all Temporary Armor: cubes to the Stock, Stored dice back where they came from."""
    n = len(c.temp)
    for d in c.temp:
        if is_die(d):
            return_die(s, d)
        else:
            s.cubes[ARMOR] += 1
    c.temp = []
    return n
