"""The Glyfts game: metadata, options, new games, loading saved positions, error messages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from glyphhall.engine import Action, Event, Game, LoadError, OptionValue, PositionData, State
from glyphhall.engine.options import Option

from . import actions, views, wording
from . import notation as N
from .cards import CARDS
from .encoding import GlyftsTensors, action_table
from .heuristic import evaluate
from .position import saved_state, sorcery
from .state import (
    BATTLE,
    CREATURES_PLACED,
    DEPLOY,
    FORTUNE,
    NO_PROGRESS_ROUNDS,
    OVER,
    PHASE_NAMES,
    SORCERIES_DEALT,
    SUMMONING,
    Battle,
    GlyftsState,
)


class GlyftsMatch(GlyftsState):
    """The state at play: the engine contract's rule methods, each handed to its rule module."""

    __slots__ = ()

    def legal_actions(self, seat: int) -> list[Action]:
        # The base class's method with its checks inlined (this runs at every step of every
        # playout); it remembers the list the same way, so a checked `apply` does not list again.
        phase = self.phase
        if phase == OVER:
            return []
        if phase in (DEPLOY, FORTUNE):
            if seat not in self.to_move():
                return []
        elif seat != self.active:
            return []
        legal = actions.legal_actions(self, seat)
        self._listed = (seat, tuple(legal))
        return legal

    def _legal_actions(self, seat: int) -> list[Action]:
        return actions.legal_actions(self, seat)

    def is_legal(self, seat: int, action: Action) -> bool:
        return actions.is_legal(self, seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        return actions.apply_action(self, seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)


class GlyftsGame(Game):
    id = "glyfts"
    name = "Glyfts"
    min_players = 2
    max_players = 4
    version = "1"
    notation_help = N.NOTATION_HELP
    # The search levels' iteration budgets (bots/mcts.py, LEVELS), under the level's time ceiling.
    # `mcts` searches 1,000 iterations with the heuristic's priors (bots/priors.py): against the
    # heuristic +5.2 points (+0.5 to +9.9) over 77 paired deals, where 4,000 plain iterations
    # scored +0.0 (-9.2 to +9.2) over 32, at about a third of the time a move (bench/RESULTS.md,
    # "Issue 23 (session 8)"). More iterations with priors gained nothing measurable.
    search_iterations: ClassVar[Mapping[str, int] | None] = {"mcts": 1_000, "mcts-hard": 12_000}
    search_prior: ClassVar[Mapping[str, float] | None] = {"mcts": 4.0}
    # Search does best here judging leaves by the heuristic straight away: random plies before
    # the cut-off made leaf values noisy (arena runs in bench/RESULTS.md, "Bots and arena").
    rollout_cutoff = 0
    # Moves here differ by a few hundredths of the heuristic's [0, 1] scale, so the usual UCB
    # exploration (0.7) spreads visits almost evenly; 0.2 lets the better moves draw ahead
    # (arena runs in bench/RESULTS.md, "Bots and arena").
    search_exploration = 0.2
    options = (
        Option("turn_limit", 0, "House rule, not in the rulebook: end the game after this many turns per "
               "player (the most captured Skill points wins, a tie shares the win); 0 = no limit",
               minimum=0, maximum=10_000),
        Option("no_progress", NO_PROGRESS_ROUNDS, "Ruling (the rulebook is silent): the game ends when this many rounds "
               "pass without a capture or a summon (the most captured Skill points wins, a tie shares the win); "
               "0 = never", minimum=0, maximum=10_000),
    )

    # --- new games --------------------------------------------------------------------------
    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> GlyftsMatch:
        """Rulebook, Setup: shuffle both decks, deal every Creature out evenly, seven Sorcery cards
        each; the rest is the Sorcery Deck. Then each player picks two Creatures (secretly, at once)."""
        s = GlyftsMatch.__new__(GlyftsMatch)
        s.init_base(self, players, seed, options)
        creatures = list(range(len(CARDS.creatures)))
        s.rng.shuffle(creatures)
        share = len(creatures) // players
        s.reserve = [sorted(creatures[p * share:(p + 1) * share]) for p in range(players)]
        deck = [k for k, count in enumerate(CARDS.counts) for _ in range(count)]
        s.rng.shuffle(deck)
        kinds = len(CARDS.sorceries)
        s.hands = [[0] * kinds for _ in range(players)]
        for p in range(players):
            for _ in range(SORCERIES_DEALT):
                s.hands[p][deck.pop()] += 1
        s.deck = deck
        s.discard = [0] * kinds
        s.phase = DEPLOY
        s.active = -1
        s.first = -1
        s.alive = [True] * players
        s.known = [0] * players
        s.circle = [[] for _ in range(players)]
        s.captured = [[] for _ in range(players)]
        s.pending = [[] for _ in range(players)]
        s.under = [()] * len(CARDS.creatures)
        s.owner = [-1] * len(CARDS.creatures)
        for p in range(players):
            for c in s.reserve[p]:
                s.owner[c] = p
        s.placed = 0
        s.fought = 0
        s.battle = None
        s.summoning = -1
        s.discount = 0
        s.turns = [0] * players
        s.winners = []
        s.score = [0] * players
        s.turn_limit = int(options["turn_limit"])
        s.no_progress = int(options["no_progress"])
        s.quiet = 0
        s.deck_bound = None  # no reshuffle yet: the deck may hold any card nobody has seen
        return s

    # --- loading ----------------------------------------------------------------------------
    def _load(self, data: Mapping[str, Any]) -> GlyftsMatch:
        s = GlyftsMatch.__new__(GlyftsMatch)
        s.load_base(self, data)
        n = s.num_players
        if not self.min_players <= n <= self.max_players:
            raise LoadError(f"a Glyfts game has 2 to 4 players, not {n}")
        phase = data["phase"]
        if phase not in PHASE_NAMES:
            raise LoadError(f"unknown phase {phase!r} (phases: {', '.join(PHASE_NAMES)})")
        s.phase = PHASE_NAMES.index(phase)
        s.active = _seat(data["active"], n, allow_none=True)
        s.first = _seat(data["first"], n, allow_none=True)
        s.alive = [bool(a) for a in _per_seat(data["alive"], n, "alive")]
        s.reserve = [sorted(_creatures(r)) for r in _per_seat(data["reserve"], n, "reserve")]
        s.circle = [_creatures(r) for r in _per_seat(data["circle"], n, "circle")]
        s.captured = [_creatures(r) for r in _per_seat(data["captured"], n, "captured")]
        s.pending = [_creatures(r) for r in _per_seat(data["pending"], n, "pending")]
        s.known = [0] * n
        for p, known in enumerate(_per_seat(data["known"], n, "known")):
            for c in _creatures(known):
                if c not in s.reserve[p]:
                    raise LoadError(f"known Creature {CARDS.creatures[c].id} is not in seat {p}'s reserve")
                s.known[p] |= 1 << c
        s.under = [()] * len(CARDS.creatures)
        for cid, kinds in dict(data["under"]).items():
            c = _creature(cid)
            if not any(c in r for r in s.circle):
                raise LoadError(f"cards lie under {cid}, which is not in the Combat Circle")
            s.under[c] = tuple(_sorceries(kinds))
        s.hands = [_counts(h) for h in _per_seat(data["hands"], n, "hands")]
        s.deck = _sorceries(data["deck"])
        bound = data.get("deck_bound")  # absent in games saved before it was kept
        s.deck_bound = None if bound is None else [_counts(b) for b in _per_seat(bound, n, "deck_bound")]
        if s.deck_bound is not None:
            in_deck = _counts({sid: s.deck.count(k) for sid, k in N.SORCERY_INDEX.items()})
            for p, b in enumerate(s.deck_bound):
                if any(x < y for x, y in zip(b, in_deck, strict=True)):
                    raise LoadError(f"seat {p}'s deck_bound leaves out cards that are in the deck")
        s.discard = _counts(data["discard"])
        s.placed = int(data["placed"])
        s.fought = 0
        for c in _creatures(data["fought"]):
            s.fought |= 1 << c
        s.battle = None if data["battle"] is None else _battle(data["battle"])
        s.summoning = -1 if data["summoning"] is None else _creature(data["summoning"])
        s.discount = int(data["discount"])
        s.turns = [int(t) for t in _per_seat(data["turns"], n, "turns")]
        s.winners = [_seat(w, n) for w in data["winners"]]
        s.turn_limit = int(s.options["turn_limit"])
        s.no_progress = int(s.options["no_progress"])
        s.quiet = int(data.get("quiet", 0))  # absent in games saved before the no-progress ruling
        if s.quiet < 0:
            raise LoadError("'quiet' (turns since a capture or a summon) cannot be negative")
        s.owner = [-1] * len(CARDS.creatures)
        for p in range(n):
            for c in s.reserve[p] + s.circle[p] + s.pending[p]:
                s.owner[c] = p
        s.score = [sum(CARDS.skill[c] for c in s.captured[p]) for p in range(n)]
        if [int(x) for x in data.get("score", s.score)] != s.score:
            raise LoadError("the saved Skill scores do not match the captured Creatures")
        _check_conservation(s)
        if s.phase == SUMMONING and s.summoning < 0:
            raise LoadError("the summoning step needs the Creature being summoned")
        if s.phase in (BATTLE, FORTUNE) and s.battle is None:
            raise LoadError(f"the {PHASE_NAMES[s.phase]} step needs the battle under way")
        return s

    def _position(self, state: State, data: PositionData) -> State:
        """README, "Positions": the position written out as a saved state, then loaded (so it is
        checked like one: every card in exactly one place)."""
        return self._load(saved_state(state.header(), state.num_players, state.rng, data))

    def _position_order(self, state: State, names: list[str]) -> list[Any]:
        """A scripted shuffle is the Sorcery Deck's new order, top first."""
        return [N.SORCERY_INDEX[sorcery(n)] for n in reversed(names)]

    def _position_decks(self, state: State) -> list[tuple[str, list[Any]]]:
        """A reshuffle makes a new Sorcery Deck of the discard pile: of the box's Sorcery cards."""
        return [("the box's Sorcery cards", [s.index for s in CARDS.sorceries for _ in range(CARDS.counts[s.index])])]

    # --- actions ----------------------------------------------------------------------------
    def explain_illegal(self, state: State, seat: int, text: str, legal: Sequence[Action]) -> str:
        assert isinstance(state, GlyftsState)
        words = text.split()
        verb, args = words[0], words[1:]
        phase = PHASE_NAMES[state.phase]
        verbs = sorted({str(a).split()[0] for a in legal})
        if verb not in verbs:
            return f"'{verb}' is not an action here (step: {phase}); you can: {', '.join(verbs)}"
        for word in args:
            if word in N.CREATURE_INDEX or word in N.SORCERY_INDEX:
                continue
            if verb in ("deploy", "summon", "attack", "place", "glyft"):
                return f"'{word}' is not a Creature or Sorcery card id (see the card list in the view)"
        if verb == "place" and len(args) == 2 and args[0] in N.SORCERY_INDEX:
            if not state.hands[seat][N.SORCERY_INDEX[args[0]]]:
                return f"you have no {args[0]} card in your hand"
            if args[1] in N.CREATURE_INDEX and N.CREATURE_INDEX[args[1]] not in state.circle[seat]:
                return f"{args[1]} is not one of your Creatures in the Combat Circle"
        if verb == "attack" and len(args) == 2 and all(a in N.CREATURE_INDEX for a in args):
            a, d = (N.CREATURE_INDEX[x] for x in args)
            if a not in state.circle[seat]:
                return f"{args[0]} is not one of your Creatures in the Combat Circle"
            if state.fought >> a & 1:
                return f"{args[0]} has already fought this turn"
            if not any(d in state.circle[p] for p in range(state.num_players) if p != seat):
                return f"{args[1]} is not an opposing Creature in the Combat Circle"
            if state.fought >> d & 1:
                return f"{args[1]} has already fought this turn"
        if (verb in ("summon", "deploy") and len(args) == 1 and args[0] in N.CREATURE_INDEX
                and N.CREATURE_INDEX[args[0]] not in state.reserve[seat]):
            return f"{args[0]} is not in your reserve"
        base = super().explain_illegal(state, seat, text, legal)
        return f"{base} (step: {phase})"

    # --- bots -------------------------------------------------------------------------------
    # --- wording for people: games/<id>/wording.py ------------------------------------------
    def event_text(self, event: Event, names: Sequence[str]) -> str:
        return wording.event_text(event, names)

    def result_text(self, state: State, names: Sequence[str]) -> str:
        return wording.result_text(state, names)  # type: ignore[arg-type]

    # --- for learners: encoding.py -------------------------------------------------------------
    def action_codec(self, players: int, options: dict[str, OptionValue]) -> Any:
        return action_table()

    def tensor_encoder(self, players: int, options: dict[str, OptionValue]) -> GlyftsTensors:
        return GlyftsTensors(players)

    def luck_context(self, state: Any) -> tuple[int, int]:
        """Where a draw happens, for the strength bench's shared luck (arena/luck.py): the turn under way: whose, and which of theirs."""
        return (state.active, state.turns[state.active])

    def heuristic(self, state: State, seat: int) -> float | None:
        assert isinstance(state, GlyftsState)
        return evaluate(state, seat)

    def heuristic_averages_chance(self, state: State, action: Action) -> bool:
        """True for the battle's `roll`: the heuristic of a battle under way is the expectation
        over its dice (heuristic.evaluate), so the search can tell the roll's luck from the
        attack's merit (bots/mcts.py, "Luck")."""
        assert isinstance(state, GlyftsState)
        return state.phase == BATTLE and action.verb == "roll"


# --- loading helpers (each raises LoadError naming what is wrong) -------------------------------
def _seat(value: Any, n: int, allow_none: bool = False) -> int:
    if value is None or value == -1:
        if allow_none:
            return -1
        raise LoadError("a seat number is missing")
    seat = int(value)
    if not 0 <= seat < n:
        raise LoadError(f"there is no seat {seat} in a {n}-player game")
    return seat


def _per_seat(value: Any, n: int, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != n:
        raise LoadError(f"'{what}' must list one entry per seat ({n})")
    return value


def _creature(cid: Any) -> int:
    try:
        return N.CREATURE_INDEX[cid]
    except (KeyError, TypeError):
        raise LoadError(f"unknown Creature card {cid!r}") from None


def _creatures(ids: Any) -> list[int]:
    if not isinstance(ids, list):
        raise LoadError(f"expected a list of Creature ids, not {ids!r}")
    return [_creature(c) for c in ids]


def _sorcery(sid: Any) -> int:
    try:
        return N.SORCERY_INDEX[sid]
    except (KeyError, TypeError):
        raise LoadError(f"unknown Sorcery card {sid!r}") from None


def _sorceries(ids: Any) -> list[int]:
    if not isinstance(ids, list):
        raise LoadError(f"expected a list of Sorcery ids, not {ids!r}")
    return [_sorcery(s) for s in ids]


def _counts(mapping: Any) -> list[int]:
    if not isinstance(mapping, Mapping):
        raise LoadError(f"expected Sorcery card counts like {{\"ward\": 2}}, not {mapping!r}")
    out = [0] * len(CARDS.sorceries)
    for sid, count in mapping.items():
        count = int(count)
        if count < 0:
            raise LoadError(f"a card count cannot be negative ({sid}: {count})")
        out[_sorcery(sid)] += count
    return out


def _battle(data: Mapping[str, Any]) -> Battle:
    b = Battle()
    b.attacker, b.defender = _creature(data["attacker"]), _creature(data["defender"])
    b.attacker_cards = tuple(_sorceries(data["attacker_cards"]))
    b.defender_cards = tuple(_sorceries(data["defender_cards"]))
    for name in ("attacker_die", "defender_die", "attacker_rerolls", "defender_rerolls",
                 "attack_bonus", "health_bonus"):
        setattr(b, name, int(data[name]))
    for name in ("attacker_captures", "defender_captures", "cancelled"):
        setattr(b, name, bool(data[name]))
    return b


def _check_conservation(s: GlyftsState) -> None:
    """Every card is in exactly one place."""
    seen: list[int] = []
    for group in (s.reserve, s.circle, s.captured, s.pending):
        for cards in group:
            seen.extend(cards)
    if s.summoning >= 0 and s.summoning not in seen:
        raise LoadError("the Creature being summoned is not in play")
    if sorted(seen) != list(range(len(CARDS.creatures))):
        raise LoadError("each Creature card must be in exactly one reserve, circle, capture pile or pick")
    for p in range(s.num_players):
        if len(s.pending[p]) > CREATURES_PLACED:
            raise LoadError(f"seat {p} has picked more than {CREATURES_PLACED} Creatures")
    totals = s.discard[:]
    for hand in s.hands:
        for k, count in enumerate(hand):
            totals[k] += count
    for k in s.deck:
        totals[k] += 1
    for kinds in s.under:
        for k in kinds:
            totals[k] += 1
    if s.battle is not None:
        for k in s.battle.attacker_cards + s.battle.defender_cards:
            totals[k] += 1
    if tuple(totals) != CARDS.counts:
        raise LoadError("the Sorcery cards do not add up to the deck (some are missing or extra)")
