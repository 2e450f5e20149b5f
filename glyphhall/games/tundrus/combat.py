# cython: annotation_typing=True
"""Attack and Defense: the Basic Attack, Armor (permanent, temporary, Shadow Armor), Magic Damage,
Defeat and Victory (rulebook A Champion's Turn 4c, Reference > Attack and Defense, Defeated
Champion, Winning the Game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event
from glyphhall.engine.events import public_event

from .champion import is_die
from .dice import return_die
from .items import lose_everything
from .tracks import ARMOR, HEALTH, fill_armor, refill_permanent

if TYPE_CHECKING:
    from .champion import Champion
    from .state import TundrusState

SHADOW_ARMOR = 2  # glossary: "The Shadow Armor token represents 2 armor"


def shadow_armor(s: TundrusState, c: Champion) -> int:
    return SHADOW_ARMOR * len(
        [iid for iid in c.slots if iid is not None and s.data.items[iid].ability == "shadow_armor"]
    )


def armor_total(s: TundrusState, c: Champion) -> int:
    return c.armor_perm + len(c.temp) + shadow_armor(s, c)


def acts_unarmored(s: TundrusState, attacker: Champion, target: Champion) -> bool:
    """Unarmored token, or a Blood Feud token placed by the attacker's Item."""
    return "unarmored" in target.tokens or target.tokens.get("blood_feud", [None])[0] == attacker.idx


def lose_health(s: TundrusState, c: Champion, n: int, events: list[Event]) -> int:
    """Remove up to n Health Cubes (to the Stock); Guardian Angel saves the last one."""
    if c.defeated or n <= 0:
        return 0
    if n >= c.health and "guardian_angel" in c.tokens:
        del c.tokens["guardian_angel"]
        n = c.health - 1
        events.append(public_event(f"Guardian Angel keeps {c.cid} on its last Health", data={"seat": c.seat}))
    n = min(n, c.health)
    c.health -= n
    s.cubes[HEALTH] += n
    if n:
        events.append(public_event(f"{c.cid} loses {n} Health ({c.health} left)", data={"seat": c.seat}))
    if c.health == 0:
        defeat(s, c, events)
    return n


def magic(s: TundrusState, target: Champion, n: int, events: list[Event]) -> int:
    """Magic Damage ignores Armor entirely: each point removes one Health Cube."""
    return lose_health(s, target, n, events)


def attack(
    s: TundrusState, attacker: Champion, target: Champion, war: int, events: list[Event], mode: str = "single"
) -> int:
    """A Basic Attack powered by `war` War Glyphs; returns the Health the target lost.

    One War Glyph removes one Armor (temporary first, cubes before Stored dice, then Shadow Armor,
    then the permanent cubes); then at least one unused War Glyph removes one Health (two in Bear Form, every one
    for an "unlimited" attack). Permanent Armor and Shadow Armor come back afterwards; temporary
    Armor does not, and its Stored dice return to where they came from."""
    removed = 0
    if not acts_unarmored(s, attacker, target):
        while war and target.temp:
            d = target.temp.pop(_next_temporary(target.temp))
            if is_die(d):
                return_die(s, d)
            else:
                s.cubes[ARMOR] += 1
            war -= 1
            removed += 1
        sh = min(war, shadow_armor(s, target))
        war -= sh
        perm = min(war, target.armor_perm)
        target.armor_perm -= perm
        s.cubes[ARMOR] += perm
        war -= perm
        removed += sh + perm
    cap = war if mode == "unlimited" else (2 if attacker.token("bear_form", armed_only=True) is not None else 1)
    events.append(public_event(
        f"{attacker.cid} attacks {target.cid}: {removed} Armor removed"
        + ("" if war else ", no War Glyph left for damage"),
        data={"seat": attacker.seat, "target_seat": target.seat},
    ))
    lost = lose_health(s, target, min(war, cap), events) if war else 0
    if not target.defeated:
        refill_permanent(s, target)
        if target.fortify is not None:  # Fortify: refilled after every Attack received
            fill_armor(s, target)
    return lost


def _next_temporary(temp: list) -> int:
    """The Temporary Armor a War Glyph removes: "remove one cube from the Armor Track" is the
    attacker's act, and a cube is never worse for the attacker than a Stored die (which would go
    back to the target's Supply): the last cube placed, else the last die Stored."""
    for i in range(len(temp) - 1, -1, -1):
        if not is_die(temp[i]):
            return i
    return len(temp) - 1


def defeat(s: TundrusState, c: Champion, events: list[Event]) -> None:
    c.defeated = True
    lose_everything(s, c)
    events.append(public_event(f"{c.cid} is defeated", data={"seat": c.seat}))
    if not s.living(c.tribe) and s.winner < 0:
        s.winner = 1 - c.tribe
        s.phase = "over"
        events.append(public_event(f"Tribe {s.winner + 1} wins: every opposing champion is defeated",
                                   data={"tribe_seats": s.tribe_seats[s.winner]}))
