"""The Glyfts position, data only: phases, the cards' places, copies, hidden information, saving.
The rules live in the modules above (deploy, turn, battles, summoning, winning; actions dispatches
to them) and `game.GlyftsMatch`, the state at play, hands the engine contract to them.

Cards are ints: a Creature is its index in CARDS.creatures, a Sorcery kind its index in
CARDS.sorceries. Hands and the discard pile are counts per kind; the Sorcery Deck is a list whose
end is its top. The package README lists every ruling made where the rulebook is silent."""

from __future__ import annotations

from typing import Any

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Rng
from glyphhall.engine.game import State

from .cards import CARDS

# Phases of play.
DEPLOY = 0  # setup: each player secretly picks two Creatures for the Combat Circle
PLACE = 1  # the active player may place up to two cards face down
ATTACK = 2  # the active player may start battles, one pair at a time
FORTUNE = 3  # a revealed Fortune card: its owner may reroll
SUMMON = 4  # the active player may choose a Creature to summon
SUMMONING = 5  # Glyft cards are played, then the D6 is rolled
OVER = 6
BATTLE = 7  # the cards of a battle are revealed; the attacker rolls the two dice

PHASE_NAMES = ("deploy", "place", "attack", "fortune", "summon", "summoning", "over", "battle")

SKILL_TO_WIN = 10  # Rulebook, Winning or Losing
#: Ruling (README, "The end"): rounds without a capture or a summon that end the game. In random
#: play the longest such stretch of a game that ends by the rulebook is a few rounds (the
#: figures are in bench/RESULTS.md, "Glyfts: rounds without progress"), so 20 never cuts a game
#: that is going somewhere, and ends one that cannot.
NO_PROGRESS_ROUNDS = 20
SORCERIES_DEALT = 7  # Rulebook, Setup
CREATURES_PLACED = 2  # Rulebook, Setup
CARDS_PLACED_PER_TURN = 2  # Rulebook, Playing the Game

_KINDS = range(len(CARDS.sorceries))


class Battle:
    """A battle waiting for Fortune decisions. Its revealed cards are public."""

    __slots__ = ("attacker", "defender", "attacker_die", "defender_die", "attacker_rerolls",
                 "defender_rerolls", "attacker_cards", "defender_cards", "attack_bonus", "health_bonus",
                 "attacker_captures", "defender_captures", "cancelled")
    # The fields' types (annotations only, no class values, so they do not clash with the slots).
    attacker: int  # a Creature
    defender: int
    attacker_die: int  # 0 until rolled
    defender_die: int
    attacker_rerolls: int
    defender_rerolls: int
    attacker_cards: tuple[int, ...]  # Sorcery kinds revealed
    defender_cards: tuple[int, ...]
    attack_bonus: int
    health_bonus: int
    attacker_captures: bool
    defender_captures: bool
    cancelled: bool

    def clone(self) -> Battle:
        b = Battle.__new__(Battle)
        for name in Battle.__slots__:
            setattr(b, name, getattr(self, name))
        return b

    def to_dict(self) -> dict[str, Any]:
        out = {name: getattr(self, name) for name in Battle.__slots__}
        out["attacker"] = CARDS.creatures[self.attacker].id
        out["defender"] = CARDS.creatures[self.defender].id
        out["attacker_cards"] = [CARDS.sorceries[k].id for k in self.attacker_cards]
        out["defender_cards"] = [CARDS.sorceries[k].id for k in self.defender_cards]
        return out


class GlyftsState(State):
    """The position. Abstract: `game.GlyftsMatch` adds the rules."""

    __slots__ = ("phase", "active", "alive", "reserve", "known", "circle", "captured", "under", "hands",
                 "deck", "discard", "pending", "owner", "placed", "fought", "battle", "summoning",
                 "discount", "turns", "first", "winners", "score", "turn_limit", "no_progress", "quiet", "deck_bound")
    # The fields' types (set by `game.Glyfts`; annotations only, no class values, so they do not
    # clash with the slots). Per seat unless said otherwise.
    phase: int
    active: int  # -1 during setup
    alive: list[bool]
    reserve: list[list[int]]
    known: list[int]  # bit set of the reserve's Creatures shown to everyone
    circle: list[list[int]]
    captured: list[list[int]]
    under: list[tuple[int, ...]]  # per Creature: the Sorcery kinds face down under it
    hands: list[list[int]]  # count per Sorcery kind
    deck: list[int]  # top at the end
    discard: list[int]  # count per Sorcery kind
    pending: list[list[int]]  # the secret setup picks
    owner: list[int]  # per Creature
    placed: int
    fought: int  # bit set of Creatures
    battle: Battle | None
    summoning: int  # a Creature, or -1
    discount: int
    turns: list[int]
    first: int
    winners: list[int]
    score: list[int]
    turn_limit: int
    no_progress: int
    quiet: int
    deck_bound: list[list[int]] | None

    # --- copies -----------------------------------------------------------------------------
    def clone(self) -> GlyftsState:
        cls = type(self)
        c = cython.declare(GlyftsState, cls.__new__(cls))  # compiled, its fields are set in C
        self.copy_base_into(c)
        c.phase = self.phase
        c.active = self.active
        c.alive = self.alive[:]
        c.reserve = [r[:] for r in self.reserve]
        c.known = self.known[:]
        c.circle = [r[:] for r in self.circle]
        c.captured = [r[:] for r in self.captured]
        c.under = self.under[:]  # tuples inside: immutable
        c.hands = [h[:] for h in self.hands]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.pending = [p[:] for p in self.pending]
        c.owner = self.owner[:]
        c.placed = self.placed
        c.fought = self.fought
        c.battle = None if self.battle is None else self.battle.clone()
        c.summoning = self.summoning
        c.discount = self.discount
        c.turns = self.turns[:]
        c.first = self.first
        c.winners = self.winners[:]
        c.score = self.score[:]
        c.turn_limit = self.turn_limit
        c.no_progress = self.no_progress
        c.quiet = self.quiet
        c.deck_bound = None if self.deck_bound is None else [b[:] for b in self.deck_bound]
        return c

    # --- whose move -------------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        if phase == DEPLOY:
            return tuple([p for p in range(self.num_players) if len(self.pending[p]) < CREATURES_PLACED])
        if phase == FORTUNE:
            b = self.battle
            assert b is not None, "Fortune comes only in a battle"
            return (self.active,) if b.attacker_rerolls else (self.owner[b.defender],)
        return (self.active,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if not self.winners:
            return [0.0] * self.num_players
        share = 1.0 / len(self.winners)
        return [share if p in self.winners else 0.0 for p in range(self.num_players)]

    # --- hidden information -----------------------------------------------------------------
    def _determinize(self, seat: int, rng: Rng) -> GlyftsState:
        """Resample what `seat` cannot see: the other players' hands, the cards face down under
        their Creatures, the Sorcery Deck's order, and the Creatures in their reserves (those not
        shown in a failed summon) and their secret setup picks. Future dice are reseeded too."""
        c = self.clone()
        c.rng = Rng(rng.next64())
        others = [p for p in range(self.num_players) if p != seat]
        # Sorcery cards.
        pool = c.deck[:]
        for p in others:
            hand = c.hands[p]
            for k in _KINDS:
                pool.extend([k] * hand[k])
            for cr in c.circle[p]:
                pool.extend(c.under[cr])
        rng.shuffle(pool)
        i = len(c.deck)
        if c.deck_bound is not None:
            pool = _deck_first(pool, i, c.deck_bound[seat])
            # The others' own knowledge of the deck is theirs: in this world they know what `seat` knows.
            c.deck_bound = [c.deck_bound[seat][:] for _ in range(self.num_players)]
        c.deck = pool[:i]
        for p in others:
            size = sum(c.hands[p])
            hand = [0] * len(_KINDS)
            for k in pool[i:i + size]:
                hand[k] += 1
            c.hands[p] = hand
            i += size
            for cr in c.circle[p]:
                n = len(c.under[cr])
                c.under[cr] = tuple(pool[i:i + n])
                i += n
        # Creatures.
        pool = []
        for p in others:
            pool.extend(cr for cr in c.reserve[p] if not c.known[p] >> cr & 1)
            pool.extend(c.pending[p])
        rng.shuffle(pool)
        i = 0
        for p in others:
            known = [cr for cr in c.reserve[p] if c.known[p] >> cr & 1]
            hidden = len(c.reserve[p]) - len(known)
            c.reserve[p] = sorted(known + pool[i:i + hidden])
            i += hidden
            n = len(c.pending[p])
            c.pending[p] = pool[i:i + n]
            i += n
            for cr in c.reserve[p]:
                c.owner[cr] = p
            for cr in c.pending[p]:
                c.owner[cr] = p
        return c

    # --- persistence ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        cid = [cr.id for cr in CARDS.creatures]
        sid = [s.id for s in CARDS.sorceries]
        return {
            **self.header(),
            "phase": PHASE_NAMES[self.phase],
            "active": self.active,
            "first": self.first,
            "alive": self.alive[:],
            "reserve": [[cid[c] for c in r] for r in self.reserve],
            "known": [[cid[c] for c in r if self.known[p] >> c & 1] for p, r in enumerate(self.reserve)],
            "circle": [[cid[c] for c in r] for r in self.circle],
            "captured": [[cid[c] for c in r] for r in self.captured],
            "pending": [[cid[c] for c in r] for r in self.pending],
            "under": {cid[c]: [sid[k] for k in u] for c, u in enumerate(self.under) if u},
            "hands": [{sid[k]: h[k] for k in _KINDS if h[k]} for h in self.hands],
            "deck": [sid[k] for k in self.deck],
            "deck_bound": None if self.deck_bound is None else [
                {sid[k]: b[k] for k in _KINDS if b[k]} for b in self.deck_bound],
            "discard": {sid[k]: self.discard[k] for k in _KINDS if self.discard[k]},
            "placed": self.placed,
            "fought": [cid[c] for c in range(len(cid)) if self.fought >> c & 1],
            "battle": None if self.battle is None else self.battle.to_dict(),
            "summoning": None if self.summoning < 0 else cid[self.summoning],
            "discount": self.discount,
            "turns": self.turns[:],
            "quiet": self.quiet,
            "winners": self.winners[:],
            "score": self.score[:],
        }


def _deck_first(pool: list[int], size: int, bound: list[int]) -> list[int]:
    """`pool` (shuffled) reordered so that its first `size` cards, the deck, respect `bound`: at
    most bound[k] cards of kind k. The true deck always fits, so there are always enough."""
    room = bound[:]
    deck: list[int] = []
    rest: list[int] = []
    for k in pool:
        if len(deck) < size and room[k] > 0:
            room[k] -= 1
            deck.append(k)
        else:
            rest.append(k)
    return deck + rest




