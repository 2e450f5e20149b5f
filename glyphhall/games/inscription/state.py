"""The Inscription state: every zone as flat lists of card ids, cheap to clone and to save.

Seat 0 is the rulebook's Player A (first pick in the draft), seat 1 is Player B. The scale is one
int: positive is damage against seat 1, negative against seat 0.

The board is a flat list of 8 entries: index `seat * 4 + lane`, lane 0..3 along the mat's arrow
(lane 0 is nearest the bell and the scale). An empty space is None; a card in play is a tuple
`(card id, health, direction, flags, times sacrificed, base card)`. Tuples are immutable, so a
clone copies the list and shares the tuples. `base` is the physical card to put away when the
card leaves play (a grown Raven Egg is a Raven from the upgrades pile whose base is the egg).

This module holds data only, at the bottom of the package: the rules live in the modules above
it and `game.InscriptionMatch` (the state at play) dispatches the engine contract to them.
"""

from __future__ import annotations

from typing import Any

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import LoadError, Rng
from glyphhall.engine.game import State

from .cards import CardDef, catalog, derived_def
from .notation import DEATHCARD, DRAFT, DRAW, OVER, PLAY

#: A board slot's fields (see the module's docstring) and its flags.
CID, HP, DIR, FLAGS, SACS, BASE = range(6)
TAIL_USED = 1  # Loose Tail has already left its tail
ATTACKED = 2  # moved during its owner's combat into a space the arrow has yet to reach: it struck

_LIST_FIELDS = ("draft_pile", "faceup", "set_aside", "sleeves", "item_pile", "board", "pending",
                "candles", "first_turn", "skip", "bones", "squirrels", "dc_pool", "dc_revealed")
_PAIR_FIELDS = ("hands", "known", "decks", "dead", "items")
_SCALAR_FIELDS = ("phase", "turn", "draft_round", "scale", "scale_mark", "dealt", "fan", "lane",
                  "winner", "dc_stage", "turn_no")


class InscriptionState(State):
    """The position. Abstract: `game.InscriptionMatch` adds the rules."""

    __slots__ = ("defs", "tokens", *_LIST_FIELDS, *_PAIR_FIELDS, *_SCALAR_FIELDS, "dc_spec", "made")

    defs: tuple[CardDef, ...]  # the box's definitions, then cards made in this game
    tokens: dict[str, int]  # which definition a rule means by a card name
    draft_pile: list[int]  # the communal draw pile (top is the end)
    faceup: list[int]  # the draft's face-up cards
    set_aside: list[int]
    sleeves: list[int]  # death cards not yet picked up
    item_pile: list[int]  # top is the front, the bottom the end
    board: list[Any]  # 8 spaces: None or a (card, health, direction, flags, sacrifices, base) tuple; see board.py
    pending: list[tuple[str, int, int]]  # decisions that interrupt: (kind, seat, lane)
    candles: list[int]
    first_turn: list[int]  # see turn.py
    skip: list[bool]  # Hourglass
    bones: list[int]
    squirrels: list[int]  # left to draw (limited squirrels)
    dc_pool: list[int]  # death card: cards still to reveal
    dc_revealed: list[int]
    hands: list[list[int]]
    known: list[list[int]]  # hand cards the adversary saw enter the hand
    decks: list[list[int]]  # top is the end
    dead: list[list[int]]
    items: list[list[int]]
    phase: str
    turn: int
    draft_round: int
    scale: int  # > 0: damage against seat 1
    scale_mark: int  # the scale when items were last checked
    dealt: int  # damage counted on the scale this turn (first-turn cap)
    fan: bool  # Harpie's Birdleg Fan this turn
    lane: int  # next attacking lane, -1 outside combat
    winner: int  # -1: none (or a draw)
    dc_stage: int
    turn_no: int
    dc_spec: dict[str, Any] | None
    made: dict[str, Any] | None

    # --- copies ----------------------------------------------------------------------------
    def clone(self) -> InscriptionState:
        cls = type(self)
        c = cython.declare(InscriptionState, cls.__new__(cls))  # compiled, its fields are set in C
        c.game = self.game
        c.num_players = self.num_players
        c.seed = self.seed
        c.options = self.options
        c.rng = self.rng.clone()
        c.defs = self.defs
        c.tokens = self.tokens
        if self.phase == DRAFT:
            c.draft_pile = self.draft_pile[:]
            c.faceup = self.faceup[:]
            c.set_aside = self.set_aside[:]
            c.sleeves = self.sleeves[:]
        else:  # never changed after the draft: shared (determinize replaces, never mutates)
            c.draft_pile = self.draft_pile
            c.faceup = self.faceup
            c.set_aside = self.set_aside
            c.sleeves = self.sleeves
        c.item_pile = self.item_pile[:]
        c.board = self.board[:]
        c.pending = self.pending[:]
        c.candles = self.candles[:]
        c.first_turn = self.first_turn[:]
        c.skip = self.skip[:]
        c.bones = self.bones[:]
        c.squirrels = self.squirrels[:]
        if self.phase == DEATHCARD:
            c.dc_pool = self.dc_pool[:]
            c.dc_revealed = self.dc_revealed[:]
        else:  # only changed while the death card is being made
            c.dc_pool = self.dc_pool
            c.dc_revealed = self.dc_revealed
        h, k, d, x, i = self.hands, self.known, self.decks, self.dead, self.items
        c.hands = [h[0][:], h[1][:]]
        c.known = [k[0][:], k[1][:]]
        c.decks = [d[0][:], d[1][:]]
        c.dead = [x[0][:], x[1][:]]
        c.items = [i[0][:], i[1][:]]
        c.phase = self.phase
        c.turn = self.turn
        c.draft_round = self.draft_round
        c.scale = self.scale
        c.scale_mark = self.scale_mark
        c.dealt = self.dealt
        c.fan = self.fan
        c.lane = self.lane
        c.winner = self.winner
        c.dc_stage = self.dc_stage
        c.turn_no = self.turn_no
        c.dc_spec = dict(self.dc_spec) if self.dc_spec else self.dc_spec
        c.made = self.made
        return c

    # --- helpers the rules modules share ------------------------------------------------------
    def catalog_token(self, name: str) -> int:
        return self.tokens[name]

    def hand_has(self, seat: int, bit: int) -> bool:
        defs = self.defs
        return any(defs[c].sig & bit for c in self.hands[seat])

    def add_def(self, spec: dict[str, Any]) -> int:
        """A card definition made during the game (death cards, a grown Ouroboros)."""
        cid = len(self.defs)
        self.defs = (*self.defs, derived_def(cid, spec, "card made in play"))
        return cid

    def grow_ouroboros(self, base: int) -> int:
        """Rulebook, Extra / Unused Cards > Ouroboros: +1 power and +1 health each time it dies."""
        d: CardDef = self.defs[base]
        spec = d.spec()
        spec.update(power=d.power + 1, health=d.health + 1)
        cid = self.add_def(spec)
        self.defs[cid].special = d.special
        return cid

    def may_hold(self, seat: int, bit: int) -> bool:
        """Whether `seat` may hold a card with sigil `bit` in hand, as far as the adversary can
        tell. The hand and the deck together are public (open draft, cards that enter a hand in
        the open); which of them is in the hand is not, so decisions offered on this test reveal
        nothing (Corpse Eater)."""
        known = self.known[seat]
        if self._any_has(known, bit):
            return True
        hand = self.hands[seat]
        if len(hand) <= len(known):
            return False  # every card in hand is known, and none has it
        return self._any_has(hand, bit) or self._any_has(self.decks[seat], bit)

    def _any_has(self, cards: list[int], bit: int) -> bool:
        """Whether any of these cards has sigil `bit` (a loop: Cython makes a generator object of
        `any` over a generator expression at every call)."""
        defs = self.defs
        for c in cards:
            if defs[c].sig & bit:
                return True
        return False

    def can_draw_squirrel(self, seat: int) -> bool:
        return not self.options["limited_squirrels"] or self.squirrels[seat] > 0

    # --- whose move --------------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        if self.pending:
            return (self.pending[0][1],)
        phase = self.phase
        if phase == OVER:
            return ()
        if phase == DEATHCARD:
            return (1 - self.winner,)
        return (self.turn,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.winner < 0:
            return [0.5, 0.5]
        return [1.0, 0.0] if self.winner == 0 else [0.0, 1.0]

    # --- what each seat may know -------------------------------------------------------------
    def _determinize(self, seat: int, rng: Rng) -> InscriptionState:
        """Resample what `seat` cannot see: the order of every deck and pile, which of the
        adversary's remaining cards are in hand (beyond the cards seen entering it), and which
        items the adversary holds. The future chance (the rng) is reseeded too."""
        c = self.clone()
        other = 1 - seat
        if c.phase == DRAFT:  # the picks are open; only the draw pile's order is unknown
            rng.shuffle(c.draft_pile)
            rng.shuffle(c.sleeves)
            rng.shuffle(c.item_pile)
            c.rng = Rng(rng.next64())
            return c
        hand, known = c.hands[other], c.known[other]
        unknown = hand[:]
        for cid in known:
            unknown.remove(cid)
        pool = unknown + c.decks[other]
        rng.shuffle(pool)
        n = len(unknown)
        c.hands[other] = known[:] + pool[:n]
        c.decks[other] = pool[n:]
        rng.shuffle(c.decks[seat])
        items = c.items[other] + c.item_pile
        rng.shuffle(items)
        n = len(c.items[other])
        c.items[other] = items[:n]
        c.item_pile = items[n:]
        c.draft_pile = c.draft_pile[:]
        c.sleeves = c.sleeves[:]
        rng.shuffle(c.draft_pile)
        rng.shuffle(c.sleeves)
        c.rng = Rng(rng.next64())
        return c

    # --- persistence -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        base = len(catalog().defs)
        out = self.header()
        out["extra_cards"] = [d.spec() | {"special": sorted(d.special)} for d in self.defs[base:]]
        for name in _LIST_FIELDS:
            value = getattr(self, name)
            if name in ("board", "pending"):
                value = [None if v is None else list(v) for v in value]
            out[name] = list(value)
        for name in _PAIR_FIELDS:
            out[name] = [list(x) for x in getattr(self, name)]
        for name in _SCALAR_FIELDS:
            out[name] = getattr(self, name)
        out["dc_spec"] = dict(self.dc_spec) if self.dc_spec else None
        out["made"] = dict(self.made) if self.made else None
        return out


def load_state(cls: type[InscriptionState], game: Any, data: dict[str, Any]) -> InscriptionState:
    """A saved state of class `cls` (the state at play), checked card by card."""
    st = cls.__new__(cls)
    st.load_base(game, data)
    defs = list(catalog().defs)
    for spec in data["extra_cards"]:
        d = derived_def(len(defs), dict(spec), "saved state")
        d.special = frozenset(spec.get("special", ()))
        defs.append(d)
    st.defs = tuple(defs)
    st.tokens = game.tokens
    n = len(defs)

    def cards(xs: Any) -> list[int]:
        out = [int(x) for x in xs]
        if any(not 0 <= x < n for x in out):
            raise LoadError("a saved state names a card that does not exist")
        return out

    for name in ("draft_pile", "faceup", "set_aside", "sleeves", "item_pile", "dc_pool", "dc_revealed"):
        setattr(st, name, cards(data[name]))
    if len(st.faceup) > 3:
        raise LoadError("the draft shows at most three cards face up")
    board: list[Any] = []
    for v in data["board"]:
        if v is None:
            board.append(None)
        else:
            slot = tuple(int(x) for x in v)
            if len(slot) != 6:
                raise LoadError("a board space must hold 6 numbers")
            cards([slot[CID], slot[BASE]])
            board.append(slot)
    if len(board) != 8:
        raise LoadError("the board has 8 spaces")
    st.board = board
    st.pending = [(str(k), int(s), int(x)) for k, s, x in data["pending"]]
    st.candles = [int(x) for x in data["candles"]]
    st.first_turn = [int(x) for x in data["first_turn"]]
    st.skip = [bool(x) for x in data["skip"]]
    st.bones = [int(x) for x in data["bones"]]
    st.squirrels = [int(x) for x in data["squirrels"]]
    for name in _PAIR_FIELDS:
        pair = data[name]
        if len(pair) != 2:
            raise LoadError(f"'{name}' must hold two lists, one per seat")
        setattr(st, name, [cards(pair[0]), cards(pair[1])])
    for name in _SCALAR_FIELDS:
        value = data[name]
        setattr(st, name, value if isinstance(value, (str, bool)) else int(value))
    if st.phase not in (DRAFT, DRAW, PLAY, DEATHCARD, OVER):
        raise LoadError(f"unknown phase {st.phase!r}")
    st.dc_spec = dict(data["dc_spec"]) if data.get("dc_spec") else None
    st.made = dict(data["made"]) if data.get("made") else None
    return st

