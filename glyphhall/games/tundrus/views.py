"""What a seat sees: in Glyph nearly everything is on the table. Hidden are the order of the Item
deck, the dice not yet rolled, and the Stash, which lies face down (its owner's Tribe may look at
it; everybody saw each card face up when it was Acquired, so bots may remember it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .champion import SOURCE_NAMES
from .combat import shadow_armor
from .data import GLYPHS, SLOTS

if TYPE_CHECKING:
    from .champion import Champion, Die
    from .state import TundrusState


def _counts(s: TundrusState, counts: list[int]) -> dict[str, int]:
    return {s.colour_name(k): n for k, n in enumerate(counts) if n}


def _die(s: TundrusState, d: Die | int | None) -> dict[str, Any]:
    if d is None:
        return {"cube": True}
    if type(d) is int:  # an Armor Cube Gained from the Item in that slot
        return {"cube": True, "item": SLOTS[d]}
    return {"colour": s.colour_name(d[0]), "from": SOURCE_NAMES[d[2]]}  # type: ignore[index]


def champion_view(s: TundrusState, c: Champion, viewer_tribe: int | None) -> dict[str, Any]:
    board = s.data.champions[c.cid]
    return {
        "id": c.cid, "name": board.name, "class": board.cls, "tribe": c.tribe + 1, "seat": c.seat,
        "health": c.health, "health_max": c.health_max,
        "armor": {"permanent": c.armor_perm, "solid_squares": c.armor_solid, "hollow_squares": c.armor_hollow,
                  "temporary": [_die(s, d) for d in c.temp], "shadow": shadow_armor(s, c)},
        "energy": {"cubes": c.energy_cubes, "squares": c.energy_max,
                   "stored": [_die(s, d) for d in c.energy_dice], "on_items": sum(c.slot_energy)},
        "starting_dice": _counts(s, c.start),
        "items": {SLOTS[k]: None if iid is None else {"id": iid, "name": s.data.items[iid].name,
                                                       "dice": _counts(s, c.slot_dice[k]),
                                                       "energy": c.slot_energy[k]}
                  for k, iid in enumerate(c.slots)},
        "stash": c.stash[:] if viewer_tribe == c.tribe else None,
        "stash_size": len(c.stash),
        "beside": [x for x in (c.fortify, c.chest, *c.usury) if x],
        "chest_dice": _counts(s, c.chest_dice),
        "lent_dice": [s.colour_name(d[0]) for d in c.lent],
        "tokens": {t: v[0] for t, v in sorted(c.tokens.items())},
        "activated": c.activated, "defeated": c.defeated,
        "abilities": list(board.abilities),
    }


def view(s: TundrusState, seat: int | None) -> dict[str, Any]:
    active = s.champs[s.active] if s.active >= 0 else None
    return {
        "you": None if seat is None else {"seat": seat, "tribe": s.tribe_of_seat(seat) + 1},
        "phase": s.phase,
        "round": s.round,
        "initiative": s.initiative + 1,
        "tribe_seats": [list(t) for t in s.tribe_seats],
        "draft": {"available": s.draft_pool[:], "to_pick": [[t + 1, k] for t, k in s.draft_queue]},
        "champions": [champion_view(s, c, None if seat is None else s.tribe_of_seat(seat)) for c in s.champs],
        "tribal_pools": [_counts(s, t) for t in s.tribal],
        "stock": {"dice": _counts(s, s.stock), "health": s.cubes[0], "armor": s.cubes[1], "energy": s.cubes[2]},
        "spoils": {"face_up": s.faceup[:], "deck": len(s.deck), "discard": s.discard[:], "max": s.spoils_max},
        "active": None if active is None else active.cid,
        "pool": [{"colour": s.colour_name(d[0]), "glyph": GLYPHS[d[3]] if d[3] >= 0 else None, "used": d[4],
                  "lent": d[5], "marked": i in s.marks} for i, d in enumerate(s.pool)],
        "turn": {"free_dice": s.turn[0], "counted": s.turn[1], "bought": s.turn[2],
                 "primary_done": bool(s.turn[5]), "extra_war": s.turn[9], "extra_defense": s.turn[10],
                 "once_used": s.once[:], "pending_item": s.pending,
                 "energy_for": " ".join(map(str, s.defer)) if s.defer else None,  # an action waiting for its Energy
                 "paying": None if s.pay_item is None else {
                     "item": s.pay_item, "colours_left": [s.colour_name(k) for k in s.pay_left]}},
        "winner": None if s.winner < 0 else s.winner + 1,
        # the no-progress ruling: rounds begun since the total Health was last at a new low, and the limit
        "quiet_rounds": max(0, s.round - s.low_round), "no_progress": int(s.options["no_progress"]),
        # End of Round step 2: the champion whose Energy Cube is being placed (phase "energy")
        "energy_cube_for": s.champs[s.cube_queue[0]].cid if s.phase == "energy" else None,
    }
