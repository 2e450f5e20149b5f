"""The state of a game of Glyph: the champions, the Tribal Pools, the Stock, the Spoils of War,
and the progress of the current Turn. Rules live in the modules above this one; this one holds
data, copies it and saves it. The engine contract's rule methods (whose move, legal actions,
apply, view) are added on top of the rules, by `game.TundrusPlay`."""

from __future__ import annotations

from typing import Any

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Rng
from glyphhall.engine.game import State

from .champion import Champion, Die
from .data import Data, load_data

# Phases: who decides what next.
DRAFT, ACTIVATE, REPLENISH, LAMB, REROLL, MAIN, SECONDARY, PLACE, FEUD, CHEST, RELEASE, OVER = (
    "draft", "activate", "replenish", "lamb", "reroll", "main", "secondary", "place", "feud", "chest",
    "release", "over",
)
ENERGY_CUBE = "energy"  # End of Round step 2: where a champion's Energy Cube goes
WAR_LOSS = "warloss"  # the War Glyph -1 token: which War Glyph is lost
GARRISON = "garrison"  # Garrison: naming the Glyphs converted, one die at a time
PAY = "pay"  # an Equip Cost: naming the dice Discarded, one at a time
WEALTH_DIE = "wealth"  # Acquire: naming the Wealth die spent
ENERGY_PAY = "energypay"  # an action waits while the player names the dice paying its Energy
#: Every phase, in the order of the learners' phase one-hot (encoding.py: the layout is pinned).
PHASES = (DRAFT, ACTIVATE, REPLENISH, LAMB, REROLL, MAIN, SECONDARY, PLACE, FEUD, CHEST, RELEASE, OVER,
          ENERGY_CUBE, WAR_LOSS, GARRISON, PAY, WEALTH_DIE, ENERGY_PAY)

#: A die in the Active Dice Pool: (colour, owner, origin, glyph, used, lent).
PoolDie = tuple[int, int, int, int, bool, bool]
COLOUR, OWNER, ORIGIN, GLYPH, USED, LENT = range(6)

# Index of the per-Turn counters in `TundrusState.turn`.
T_FREE, T_COUNTED, T_BOUGHT, T_FORESIGHT, T_GAMBIT, T_PRIMARY, T_CREDIT, T_PICKS_LEFT, T_REROLLED, \
    T_VWAR, T_VDEF = range(11)
TURN_FIELDS = 11
#: Ruling (README, "Rulings"): rounds without a champion losing Health for good that end the
#: game. In 400 random games the longest such stretch was 48 rounds (bench/engine/endless.py, bench/RESULTS.md).
NO_PROGRESS_ROUNDS = 50


class TundrusState(State):
    data: Data
    phase: str
    champs: list[Champion]
    tribe_seats: tuple[tuple[int, ...], tuple[int, ...]]
    per_tribe: int
    draft_queue: list[list[int]]  # [tribe, slot] still to recruit, in order
    draft_pool: list[str]  # champion ids not yet recruited
    tribal: list[list[int]]  # per tribe, dice counts per colour
    stock: list[int]  # dice in the Stock per colour
    cubes: list[int]  # Stock cubes: health, armor, energy
    deck: list[str]
    faceup: list[str]
    discard: list[str]
    spoils_max: int
    initiative: int
    next_tribe: int
    round: int
    active: int
    pool: list[PoolDie]
    turn: list[int]
    marks: list[int]  # dice marked for the REROLL
    once: list[str]  # Once-per-Turn abilities used this Turn
    gash: list[int]  # enemies damaged by this Turn's Primary Action (Gash may follow)
    pending: str | None  # the Item just Acquired, waiting to be Stashed, Equipped or Consumed
    lamb_to: int  # the ally receiving dice (Sacrificial Lamb)
    fresh: list[Die]  # dice Gained during this Turn, where they lie (they cannot pay an Equip Cost)
    feuded: list[str]  # Blood Feud Items already Equipped once (only the first Equip marks an enemy)
    cube_queue: list[int]  # End of Round step 2: champions still to gain their Energy Cube, in order
    convert_left: int  # Garrison: Glyphs still to name
    resume: str  # the step a FREE ACTION's own decisions return to
    pay_item: str | None  # the Item whose Equip Cost is being paid
    pay_verb: str  # "equip" or "consume": what happens once it is paid
    pay_left: list[int]  # colours of the Equip Cost still to pay
    defer: list[str | int]  # the action (verb, args) waiting for its Energy (energy.py)
    defer_from: str  # the step it was chosen in
    defer_left: list[int]  # Energy still to name: [in Power Glyph dice, in Stored dice]
    defer_skip: list[int]  # pool dice that may not pay (its Glyph Combo, held dice, a fated die)
    prepaid: int  # Energy already paid for the waiting action
    winner: int  # -1 none yet, else the winning tribe
    low_health: int  # the lowest total Health of the champions at a round's start (-1: none yet)
    low_round: int  # the round that began at that low (the no-progress ruling counts from it)

    @cython.locals(c="TundrusState", ch=Champion)  # compiled, the clone's fields are set in C
    def copy_into(self, c: TundrusState) -> None:
        """Ints, strings, the data and the lists the rules replace rather than change in place
        (draft queue and pool, marks, once, gash, fresh, feuded, cube queue, pay and defer lists)
        are shared with the clone; the lists the rules do change in place are copied."""
        self.copy_base_into(c)  # the Rng must not be shared
        c.data, c.phase, c.tribe_seats, c.per_tribe = self.data, self.phase, self.tribe_seats, self.per_tribe
        c.draft_queue, c.draft_pool = self.draft_queue, self.draft_pool
        c.spoils_max, c.initiative, c.next_tribe = self.spoils_max, self.initiative, self.next_tribe
        c.round, c.active = self.round, self.active
        c.marks, c.once, c.gash, c.pending, c.lamb_to = self.marks, self.once, self.gash, self.pending, self.lamb_to
        c.fresh, c.feuded, c.cube_queue, c.convert_left = self.fresh, self.feuded, self.cube_queue, self.convert_left
        c.resume, c.pay_item, c.pay_verb, c.pay_left = self.resume, self.pay_item, self.pay_verb, self.pay_left
        c.defer, c.defer_from, c.defer_left, c.defer_skip = self.defer, self.defer_from, self.defer_left, self.defer_skip
        c.prepaid, c.winner, c.low_health, c.low_round = self.prepaid, self.winner, self.low_health, self.low_round
        champs = []
        for ch in self.champs:  # a loop, so that each champion's clone is a C call
            champs.append(ch.clone())
        c.champs = champs
        c.tribal = [t[:] for t in self.tribal]
        c.stock = self.stock[:]
        c.cubes = self.cubes[:]
        c.deck = self.deck[:]
        c.faceup = self.faceup[:]
        c.discard = self.discard[:]
        c.pool = self.pool[:]
        c.turn = self.turn[:]

    # --- small shared helpers -----------------------------------------------------------------
    def champ_by_id(self, cid: str) -> Champion | None:
        for c in self.champs:
            if c.cid == cid:
                return c
        return None

    @cython.locals(c=Champion)
    def living(self, tribe: int) -> list[Champion]:
        out = []
        for c in self.champs:  # a loop with `c` typed: compiled, its fields are read in C
            if c.tribe == tribe and not c.defeated:
                out.append(c)
        return out

    def enemies(self, c: Champion) -> list[Champion]:
        return self.living(1 - c.tribe)

    def allies(self, c: Champion) -> list[Champion]:
        return self.living(c.tribe)

    def tribe_of_seat(self, seat: int) -> int:
        return 0 if seat in self.tribe_seats[0] else 1

    def colour_name(self, colour: int) -> str:
        return self.data.dice[colour].colour

    def die_text(self, d: Die | PoolDie) -> str:
        return self.colour_name(d[0])

    # --- persistence --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            **self.header(),
            "phase": self.phase,
            "champs": [c.to_dict() for c in self.champs],
            "tribe_seats": [list(t) for t in self.tribe_seats],
            "per_tribe": self.per_tribe,
            "draft_queue": [q[:] for q in self.draft_queue],
            "draft_pool": self.draft_pool[:],
            "tribal": [t[:] for t in self.tribal],
            "stock": self.stock[:],
            "cubes": self.cubes[:],
            "deck": self.deck[:],
            "faceup": self.faceup[:],
            "discard": self.discard[:],
            "spoils_max": self.spoils_max,
            "initiative": self.initiative,
            "next_tribe": self.next_tribe,
            "round": self.round,
            "active": self.active,
            "pool": [list(d) for d in self.pool],
            "turn": self.turn[:],
            "marks": self.marks[:],
            "once": self.once[:],
            "gash": self.gash[:],
            "pending": self.pending,
            "lamb_to": self.lamb_to,
            "fresh": [list(f) for f in self.fresh],
            "feuded": self.feuded[:],
            "cube_queue": self.cube_queue[:],
            "convert_left": self.convert_left,
            "resume": self.resume,
            "pay_item": self.pay_item,
            "pay_verb": self.pay_verb,
            "pay_left": self.pay_left[:],
            "defer": self.defer[:],
            "defer_from": self.defer_from,
            "defer_left": self.defer_left[:],
            "defer_skip": self.defer_skip[:],
            "prepaid": self.prepaid,
            "winner": self.winner,
            "low_health": self.low_health,
            "low_round": self.low_round,
        }

    def load_fields(self, d: dict[str, Any]) -> None:
        self.data = load_data()
        self.phase = str(d["phase"])
        self.champs = [Champion.from_dict(x) for x in d["champs"]]
        seats = [tuple(int(s) for s in t) for t in d["tribe_seats"]]
        self.tribe_seats = (seats[0], seats[1])
        self.per_tribe = int(d["per_tribe"])
        self.draft_queue = [[int(a), int(b)] for a, b in d["draft_queue"]]
        self.draft_pool = [str(x) for x in d["draft_pool"]]
        self.tribal = [[int(x) for x in t] for t in d["tribal"]]
        self.stock = [int(x) for x in d["stock"]]
        self.cubes = [int(x) for x in d["cubes"]]
        self.deck = [str(x) for x in d["deck"]]
        self.faceup = [str(x) for x in d["faceup"]]
        self.discard = [str(x) for x in d["discard"]]
        for key in ("spoils_max", "initiative", "next_tribe", "round", "active", "lamb_to", "winner"):
            setattr(self, key, int(d[key]))
        self.pool = [(int(a), int(b), int(c), int(g), bool(u), bool(lt)) for a, b, c, g, u, lt in d["pool"]]
        self.turn = [int(x) for x in d["turn"]]
        if len(self.turn) != TURN_FIELDS:
            raise ValueError("bad turn counters")
        self.marks = [int(x) for x in d["marks"]]
        self.once = [str(x) for x in d["once"]]
        self.gash = [int(x) for x in d["gash"]]
        self.pending = None if d["pending"] is None else str(d["pending"])
        self.fresh = [(int(x[0]), int(x[1]), int(x[2])) for x in d["fresh"] if isinstance(x, list)]
        self.feuded = [str(x) for x in d.get("feuded", [])]
        self.cube_queue = [int(x) for x in d.get("cube_queue", [])]
        self.convert_left = int(d.get("convert_left", 0))
        self.resume = str(d.get("resume", ""))
        self.pay_item = None if d.get("pay_item") is None else str(d["pay_item"])
        self.pay_verb = str(d.get("pay_verb", ""))
        self.pay_left = [int(x) for x in d.get("pay_left", [])]
        if any(not 0 <= x < len(self.data.dice) for x in self.pay_left):
            raise ValueError("bad pay_left")
        self.defer = [x if isinstance(x, int) else str(x) for x in d.get("defer", [])]
        self.defer_from = str(d.get("defer_from", ""))
        self.defer_left = [int(x) for x in d.get("defer_left", [0, 0])]
        self.defer_skip = [int(x) for x in d.get("defer_skip", [])]
        self.prepaid = int(d.get("prepaid", 0))
        # absent in games saved before the no-progress ruling: counted from this round on
        self.low_health = int(d.get("low_health", -1))
        self.low_round = int(d.get("low_round", self.round))
        if len(self.defer_left) != 2:
            raise ValueError("bad defer_left")
        if any(not 0 <= i < len(self.champs) for i in self.cube_queue):
            raise ValueError("bad cube_queue")
        known = set(self.data.items)
        for item in self.deck + self.faceup + self.discard + [x for x in (self.pending, self.pay_item) if x]:
            if item not in known:
                raise ValueError(f"unknown item {item!r}")

    # --- the engine contract (the rule methods are in game.TundrusPlay) ----------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.winner < 0:
            return [0.5] * self.num_players
        return [1.0 if s in self.tribe_seats[self.winner] else 0.0 for s in range(self.num_players)]

    def clone(self) -> TundrusState:
        c = self.__class__.__new__(self.__class__)
        self.copy_into(c)
        return c

    def _determinize(self, seat: int, rng: Rng) -> TundrusState:
        """Nobody sees the order of the Item deck or the dice still to be rolled: shuffle the deck
        and reseed the dice. Everything else in Glyph is on the table."""
        c = self.clone()
        rng.shuffle(c.deck)
        c.rng = Rng(rng.next64())
        return c
