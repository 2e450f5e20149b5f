# cython: annotation_typing=True
"""What glyphs do to the numbers (reference §1.9, §2.1; the Equipment Glyphs module): permanent
glyph effects for the seat whose figure stands on them, glyphs under a figure, the Equipment
Glyph a hero carries and losing it, and the d20 with Lodin's +1. Queries the rules ask on nearly
every decision; the glyphs' own actions (stopping on one, equipping, temporary powers) are in
glyph_rules.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Event
from glyphhall.engine.events import public_event

from . import los
from .glyphs import GLYPHS
from .terrain import TERRAINS

if TYPE_CHECKING:
    from .state import HeroscapeState

ON = 1
#: Permanent glyphs: key -> (effect, amount), for the hot path.
PERMANENT = {k: (g.effect, g.amount) for k, g in GLYPHS.items() if g.kind == "permanent"}
_NO = ("", 0)
#: effect -> keys of the permanent glyphs with it (occupied_effect, on every step)
_PERMANENT_KEYS: dict[str, frozenset[str]] = {
    e: frozenset(k for k, (eff, _) in PERMANENT.items() if eff == e) for e, _ in PERMANENT.values()}


def d20(s: HeroscapeState, seat: int) -> int:
    """A d20 roll by `seat`, with Lodin's +1 when that seat controls it."""
    return s.rng.randint(1, 20) + permanent_amount(s, seat, "lucky_d20")


def permanent_amount(s: HeroscapeState, seat: cython.int, effect: str) -> int:
    """Sum of a permanent glyph effect for `seat`: glyphs power-side up with one of its
    figures on them (reference §1.9: the occupant's controller benefits)."""
    total = 0
    occ = s.occ
    for h, (key, up) in s.glyph_at.items():
        if up and occ[h] >= 0:  # usually no glyph has a figure on it
            eff, amount = PERMANENT.get(key, _NO)
            if eff == effect and s.c_owner[s.f_card[occ[h]]] == seat:
                total += amount
    return total


def glyph_held(s: HeroscapeState) -> bool:
    """Some figure stands on a glyph: without one, no permanent glyph is in effect."""
    occ = s.occ
    for h in s.glyph_at:  # noqa: SIM110 (a loop: cheaper than a generator, asked on every turn decision)
        if occ[h] >= 0:
            return True
    return False


def occupied_effect(s: HeroscapeState, effect: str) -> bool:
    """A permanent glyph of this effect has some figure on it (Rannveig stops all flying)."""
    keys = _PERMANENT_KEYS.get(effect)
    if keys is None:  # no permanent glyph has this effect
        return False
    occ = s.occ
    for h, (key, up) in s.glyph_at.items():  # noqa: SIM110 (a loop: cheaper than a generator, asked on every step)
        if up and occ[h] >= 0 and key in keys:
            return True
    return False


def stands_on_effect(s: HeroscapeState, f: int, effect: str) -> bool:
    glyph_at = s.glyph_at
    for h in (s.f_hex[f], s.f_tail[f]):
        g = glyph_at.get(h)  # h may be -1: never a glyph space
        if g is not None and g[1] and GLYPHS[g[0]].effect == effect:
            return True
    return False


def glyph_amount_under(s: HeroscapeState, f: int, effect: str) -> int:
    total = 0
    for h in (s.f_hex[f], s.f_tail[f]):
        g = s.glyph_at.get(h) if h >= 0 else None
        if g and g[1] and GLYPHS[g[0]].effect == effect:
            total += GLYPHS[g[0]].amount
    return total


def carried(s: HeroscapeState, f: cython.int) -> str:
    """Key of the Equipment Glyph on f's card ('' if none); only heroes carry (one figure)."""
    d = s.card_of(f)
    return s.c_glyph[s.f_card[f]] if d.hero else ""


def carried_amount(s: HeroscapeState, f: int, effect: str) -> int:
    key = carried(s, f)
    return GLYPHS[key].amount if key and GLYPHS[key].effect == effect else 0


def carriers(s: HeroscapeState, effect: str) -> list[int]:
    out: list[int] = []
    for c, key in enumerate(s.c_glyph):
        if key and GLYPHS[key].effect == effect:
            out.extend(f for f in s.c_figs[c] if s.f_state[f] == ON)
    return out


def kryptonite_penalty(s: HeroscapeState, d: int) -> int:
    """Green Kryptonite (proposal): opposing carriers within 2 spaces take 1 defense die away.
    Area measured from the carrier's space (module: Equipment Glyphs, area of effect)."""
    for f in carriers(s, "weaken_area"):
        if s.opposed(f, d) and los.fig_range(s, f, d) <= GLYPHS[carried(s, f)].amount:
            return 1
    return 0


def can_equip(s: HeroscapeState, f: int, key: str) -> bool:
    """Only a Unique Hero equips (module: Equipment Glyphs)."""
    return s.f_state[f] == ON and s.card_of(f).unique_hero and GLYPHS[key].equipment


def empty_for_glyph(s: HeroscapeState, h: int) -> bool:
    return s.occ[h] < 0 and h not in s.glyph_at and TERRAINS[s.board.terrain[h]].holds_glyphs


def lose_equipment(s: HeroscapeState, f: int, events: list[Event]) -> None:
    """Module, Losing: a wounded or destroyed carrier loses its glyph; an opponent places it
    power-side up within 5 spaces of the carrier's space and no more than 5 levels higher."""
    key = carried(s, f)
    if not key:
        return
    s.set_card_field("c_glyph", s.f_card[f], "")
    h = s.f_hex[f]
    events.append(public_event(f"{s.f_name[f]} loses {GLYPHS[key].name}", data={"seat": s.owner(f)}))
    owner = s.owner(f)
    if len(s.opponents(owner)) == 1:
        s.pending.append((s.opponents(owner)[0], "lostglyph", key, h, s.board.levels[h]))
    else:  # "Choose an opposing player": the carrier's controller names who places it
        s.pending.append((owner, "placer", key, h, s.board.levels[h]))
