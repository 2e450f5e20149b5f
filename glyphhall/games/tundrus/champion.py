# cython: annotation_typing=True
"""One champion board in play: tracks, dice, items, stash and tokens (plain ints and lists)."""

from __future__ import annotations

from typing import Any, TypeGuard

from .data import Data

# Where a die came from, so that RESET returns it there (rulebook step 7a).
TRIBAL, START, WEAPON, ARMOR, AUXILIARY, STOCK, CHEST = range(7)
SLOT_CODE = (WEAPON, ARMOR, AUXILIARY)
SOURCE_NAMES = ("tribal", "own", "weapon", "armor", "auxiliary", "stock", "chest")

#: A die outside the stock and the pools is a tuple (colour, owner, origin): owner is the tribe
#: for TRIBAL dice, the champion index for START / slot / CHEST dice, -1 for STOCK dice.
Die = tuple[int, int, int]

#: A hollow Armor square in use holds a Stored die, a cube from the Stock (None), or an Armor Cube
#: Gained from the Item in slot k (the int k), which leaves with that Item (rulebook, Item Cards).
ArmorEntry = Die | int | None


def without(items: list[str], item: str) -> list[str]:
    """A new list without the first `item` (ValueError if absent, like list.remove): the
    lists a clone shares are replaced, never changed in place."""
    i = items.index(item)
    return items[:i] + items[i + 1:]


def is_die(entry: ArmorEntry) -> TypeGuard[Die]:
    return type(entry) is tuple


class Champion:
    __slots__ = (
        "cid", "idx", "tribe", "seat", "health", "health_max", "armor_solid", "armor_perm",
        "armor_hollow", "temp", "energy_max", "energy_cubes", "energy_dice", "start", "slots",
        "slot_dice", "slot_energy", "stash", "fortify", "usury", "chest", "chest_dice", "tokens",
        "activated", "defeated", "lent",
    )

    def __init__(self) -> None:
        self.cid = ""
        self.idx = self.tribe = self.seat = 0
        self.health = self.health_max = 0
        self.armor_solid = self.armor_perm = self.armor_hollow = 0
        self.temp: list[ArmorEntry] = []  # hollow Armor squares in use (see ArmorEntry)
        self.energy_max = self.energy_cubes = 0
        self.energy_dice: list[Die] = []  # dice Stored on the Energy Track
        self.start: list[int] = []  # Starting Dice, counts per colour
        self.slots: list[str | None] = [None, None, None]  # Equipped Items: weapon, armor, auxiliary
        self.slot_dice: list[list[int]] = []  # Item dice per slot, counts per colour
        self.slot_energy = [0, 0, 0]  # Energy Cubes held on a slot's Item (Power Up)
        self.stash: list[str] = []
        self.fortify: str | None = None  # a Consumed Fortify Item beside the board
        self.usury: list[str] = []  # Consumed Usury Items waiting for the next Turn
        self.chest: str | None = None  # a Consumed Connoisseur Item beside the board
        self.chest_dice: list[int] = []
        self.tokens: dict[str, list[int]] = {}  # token id -> [value, armed]
        self.activated = False
        self.defeated = False
        self.lent: list[Die] = []  # dice lent by an ally (Sacrificial Lamb) for this Round

    @classmethod
    def new(cls, data: Data, cid: str, idx: int, tribe: int, seat: int) -> Champion:
        board = data.champions[cid]
        n = len(data.dice)
        c = cls()
        c.cid, c.idx, c.tribe, c.seat = cid, idx, tribe, seat
        c.health = c.health_max = board.health
        c.armor_solid = c.armor_perm = board.armor_solid
        c.armor_hollow = board.armor_hollow
        c.energy_max = board.energy_solid + board.energy_hollow
        c.energy_cubes = board.energy_solid
        c.start = [0] * n
        for colour in board.starting_dice:
            c.start[colour] += 1
        c.slot_dice = [[0] * n for _ in range(3)]
        c.chest_dice = [0] * n
        return c

    def clone(self) -> Champion:
        """Rarely-changed lists (slots, stash, usury, lent, each token's [value, armed]) are
        replaced rather than changed in place, so clones share them; the rest are copied."""
        c: Champion = Champion.__new__(Champion)
        c.cid, c.idx, c.tribe, c.seat = self.cid, self.idx, self.tribe, self.seat
        c.health, c.health_max = self.health, self.health_max
        c.armor_solid, c.armor_perm, c.armor_hollow = self.armor_solid, self.armor_perm, self.armor_hollow
        c.temp = self.temp[:]
        c.energy_max, c.energy_cubes = self.energy_max, self.energy_cubes
        c.energy_dice = self.energy_dice[:]
        c.start = self.start[:]
        c.slots = self.slots
        w, a, x = self.slot_dice
        c.slot_dice = [w[:], a[:], x[:]]
        c.slot_energy = self.slot_energy[:]
        c.stash = self.stash
        c.fortify, c.usury, c.chest = self.fortify, self.usury, self.chest
        c.chest_dice = self.chest_dice[:]
        c.tokens = self.tokens.copy()
        c.activated, c.defeated = self.activated, self.defeated
        c.lent = self.lent
        return c

    # --- derived ---------------------------------------------------------------------------
    def energy(self) -> int:
        """Energy available for costs: cubes, Stored Power dice and cubes held on Items."""
        return self.energy_cubes + len(self.energy_dice) + sum(self.slot_energy)

    def energy_room(self) -> int:
        return self.energy_max - self.energy_cubes - len(self.energy_dice)

    def armor_room(self) -> int:
        return self.armor_hollow - len(self.temp)

    def token(self, tid: str, armed_only: bool = False) -> int | None:
        """The token's value if the champion holds it (armed: placed before this Turn began)."""
        t = self.tokens.get(tid)
        if t is None or (armed_only and not t[1]):
            return None
        return t[0]

    # --- persistence -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "cid": self.cid, "idx": self.idx, "tribe": self.tribe, "seat": self.seat,
            "health": self.health, "health_max": self.health_max, "armor_solid": self.armor_solid,
            "armor_perm": self.armor_perm, "armor_hollow": self.armor_hollow,
            "temp": [list(d) if is_die(d) else d for d in self.temp],
            "energy_max": self.energy_max, "energy_cubes": self.energy_cubes,
            "energy_dice": [list(d) for d in self.energy_dice], "start": self.start[:],
            "slots": self.slots[:], "slot_dice": [d[:] for d in self.slot_dice],
            "slot_energy": self.slot_energy[:], "stash": self.stash[:], "fortify": self.fortify,
            "usury": self.usury[:], "chest": self.chest, "chest_dice": self.chest_dice[:],
            "tokens": {k: v[:] for k, v in sorted(self.tokens.items())},
            "activated": self.activated, "defeated": self.defeated, "lent": [list(d) for d in self.lent],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Champion:
        c = cls()
        for key in ("idx", "tribe", "seat", "health", "health_max", "armor_solid", "armor_perm",
                    "armor_hollow", "energy_max", "energy_cubes"):
            setattr(c, key, int(d[key]))
        c.cid = str(d["cid"])
        c.temp = [x if x is None else int(x) if isinstance(x, int) else _die(x) for x in d["temp"]]
        c.energy_dice = [_die(x) for x in d["energy_dice"]]
        c.start = [int(x) for x in d["start"]]
        c.slots = [None if x is None else str(x) for x in d["slots"]]
        c.slot_dice = [[int(x) for x in row] for row in d["slot_dice"]]
        c.slot_energy = [int(x) for x in d["slot_energy"]]
        c.stash = [str(x) for x in d["stash"]]
        c.fortify = None if d["fortify"] is None else str(d["fortify"])
        c.usury = [str(x) for x in d["usury"]]
        c.chest = None if d["chest"] is None else str(d["chest"])
        c.chest_dice = [int(x) for x in d["chest_dice"]]
        c.tokens = {str(k): [int(v[0]), int(v[1])] for k, v in d["tokens"].items()}
        c.activated, c.defeated = bool(d["activated"]), bool(d["defeated"])
        c.lent = [_die(x) for x in d["lent"]]
        return c


def _die(x: Any) -> Die:
    colour, owner, origin = x
    return (int(colour), int(owner), int(origin))
