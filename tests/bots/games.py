"""Tiny games built to test the search bots: each has one thing a bot must get right (or must not
be able to cheat on). None is registered as a Glyph Hall game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from glyphhall.engine import Action, Event, Game, Rng, State


class TinyState(State):
    """Shared plumbing: every field named in FIELDS is a plain value or a list of plain values."""

    FIELDS: tuple[str, ...] = ()

    def clone(self) -> TinyState:
        c = type(self).__new__(type(self))
        self.copy_base_into(c)
        for name in self.FIELDS:
            value = getattr(self, name)
            setattr(c, name, value[:] if isinstance(value, list) else value)
        return c

    def to_dict(self) -> dict[str, Any]:
        out = self.header()
        for name in self.FIELDS:
            value = getattr(self, name)
            out[name] = value[:] if isinstance(value, list) else value
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.FIELDS if name not in self.HIDDEN}

    HIDDEN: tuple[str, ...] = ()

    def _determinize(self, seat: int, rng: Rng) -> State:
        return self.clone()


class TinyGame(Game):
    state_class: type[TinyState] = TinyState
    perfect_information = True

    def _load(self, data: Mapping[str, Any]) -> State:
        s = self.state_class.__new__(self.state_class)
        s.load_base(self, data)
        for name in self.state_class.FIELDS:
            setattr(s, name, data[name])
        return s

    def fresh(self, players: int, seed: int, options: dict) -> Any:
        s = self.state_class.__new__(self.state_class)
        s.init_base(self, players, seed, options)
        return s


# --- Guess: the bot must not see the secret ------------------------------------------------------
class GuessState(TinyState):
    """Seat 1 holds a secret number 1..9 (dealt at random). Seat 0 guesses once: right wins."""

    FIELDS = ("secret", "guess")
    HIDDEN = ("secret",)

    def to_move(self) -> tuple[int, ...]:
        return () if self.guess else (0,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("guess", (n,)) for n in range(1, 10)]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.guess = int(action.args[0])
        return [Event(f"seat 0 guesses {self.guess}")]

    def _determinize(self, seat: int, rng: Rng) -> GuessState:
        c = self.clone()
        if seat != 1:
            c.secret = rng.randint(1, 9)
        return c

    def is_over(self) -> bool:
        return self.guess != 0

    def returns(self) -> list[float]:
        return [1.0, 0.0] if self.guess == self.secret else [0.0, 1.0]


class GuessGame(TinyGame):
    id = "guess"
    name = "Guess"
    min_players = max_players = 2
    state_class = GuessState
    perfect_information = False

    def _new(self, players: int, seed: int, options: dict) -> GuessState:
        s = self.fresh(players, seed, options)
        s.secret = s.rng.randint(1, 9)
        s.guess = 0
        return s


class PeekingGuessState(GuessState):
    """A broken determinize that keeps the true secret: what a leak would look like."""

    def _determinize(self, seat: int, rng: Rng) -> GuessState:
        return self.clone()


class PeekingGuessGame(GuessGame):
    state_class = PeekingGuessState


# --- Bet: the bot must not foresee the dice ------------------------------------------------------
class BetState(TinyState):
    """Seat 0 bets 'high' or 'low'; then a die is rolled from the state's rng: 4-6 is high."""

    FIELDS = ("bet", "die")

    def to_move(self) -> tuple[int, ...]:
        return () if self.die else (0,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("high"), Action("low")]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.bet = action.verb
        self.die = self.rng.randint(1, 6)
        return [Event(f"the die shows {self.die}")]

    def is_over(self) -> bool:
        return self.die != 0

    def returns(self) -> list[float]:
        won = (self.die >= 4) == (self.bet == "high")
        return [1.0, 0.0] if won else [0.0, 1.0]


class BetGame(TinyGame):
    id = "bet"
    name = "Bet"
    min_players = max_players = 2
    state_class = BetState

    def _new(self, players: int, seed: int, options: dict) -> BetState:
        s = self.fresh(players, seed, options)
        s.bet = ""
        s.die = 0
        return s


# --- Gamble: a sure small edge against a fair die -------------------------------------------------
class GambleState(TinyState):
    """Seat 0 takes a 'safe' 0.55 or will 'gamble': then it must 'roll' a die (4-6 wins all). The
    heuristic of the position before the roll is the die's exact expectation (one half)."""

    FIELDS = ("choice", "die")

    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over() else (0,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("roll")] if self.choice == "gamble" else [Action("gamble"), Action("safe")]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.verb == "roll":
            self.die = self.rng.randint(1, 6)
        else:
            self.choice = action.verb
        return []

    def is_over(self) -> bool:
        return self.choice == "safe" or self.die != 0

    def returns(self) -> list[float]:
        if self.choice == "safe":
            return [0.55, 0.45]
        return [1.0, 0.0] if self.die >= 4 else [0.0, 1.0]


class GambleGame(TinyGame):
    """With `knows_luck`, the game tells the search that its heuristic averages over the roll."""

    id = "gamble"
    name = "Gamble"
    min_players = max_players = 2
    state_class = GambleState

    def __init__(self, knows_luck: bool = True) -> None:
        self.knows_luck = knows_luck

    def _new(self, players: int, seed: int, options: dict) -> GambleState:
        s = self.fresh(players, seed, options)
        s.choice = ""
        s.die = 0
        return s

    def heuristic(self, state: State, seat: int) -> float | None:
        return 0.5

    def heuristic_averages_chance(self, state: State, action: Action) -> bool:
        return self.knows_luck and action.verb == "roll"


# --- Nim: a perfect-information game with one winning move -------------------------------------
class NimState(TinyState):
    """Take 1 to 3 stones in turn; whoever takes the last stone wins."""

    FIELDS = ("stones", "player")

    def to_move(self) -> tuple[int, ...]:
        return () if self.stones == 0 else (self.player,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("take", (n,)) for n in range(1, min(3, self.stones) + 1)]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.stones -= int(action.args[0])
        self.player = 1 - self.player
        return []

    def is_over(self) -> bool:
        return self.stones == 0

    def returns(self) -> list[float]:
        winner = 1 - self.player  # the seat that just took the last stone
        return [1.0 if s == winner else 0.0 for s in range(2)]


class NimGame(TinyGame):
    id = "nim"
    name = "Nim"
    min_players = max_players = 2
    state_class = NimState

    def __init__(self, stones: int = 5, misleading_heuristic: bool = False) -> None:
        self.stones = stones
        self.misleading = misleading_heuristic

    def _new(self, players: int, seed: int, options: dict) -> NimState:
        s = self.fresh(players, seed, options)
        s.stones = self.stones
        s.player = 0
        return s

    def heuristic(self, state: State, seat: int) -> float | None:
        if not self.misleading:
            return None
        # Claims that leaving 2 stones modulo 4 wins: wrong (0 modulo 4 does), but easy to follow.
        assert isinstance(state, NimState)
        mover_before = 1 - state.player
        good = 0.9 if state.stones % 4 == 2 else 0.1
        return good if seat == mover_before else 1.0 - good


# --- Kingmaker: three players, each edge must be scored for its own seat -------------------------
class KingState(TinyState):
    """Seat 0 picks 'share' (seats 0 and 2 share the win) or 'gamble': then seat 1 names the
    winner, itself or seat 0. A seat-1 that plays for itself makes 'gamble' a loss for seat 0."""

    FIELDS = ("stage", "result")

    def to_move(self) -> tuple[int, ...]:
        return (0,) if self.stage == 0 else ((1,) if self.stage == 1 else ())

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.stage == 0:
            return [Action("gamble"), Action("share")]
        return [Action("crown", (0,)), Action("crown", (1,))]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.verb == "share":
            self.result, self.stage = [0.5, 0.0, 0.5], 2
        elif action.verb == "gamble":
            self.stage = 1
        else:
            winner = int(action.args[0])
            self.result = [1.0 if s == winner else 0.0 for s in range(3)]
            self.stage = 2
        return []

    def is_over(self) -> bool:
        return self.stage == 2

    def returns(self) -> list[float]:
        return self.result[:]


class KingGame(TinyGame):
    id = "king"
    name = "Kingmaker"
    min_players = max_players = 3
    state_class = KingState

    def _new(self, players: int, seed: int, options: dict) -> KingState:
        s = self.fresh(players, seed, options)
        s.stage = 0
        s.result = [0.0, 0.0, 0.0]
        return s


# --- Pennies: simultaneous secret choices --------------------------------------------------------
class PenniesState(TinyState):
    """Both seats show heads or tails at once; seat 0 wins on a match, seat 1 otherwise."""

    FIELDS = ("picks",)
    HIDDEN = ("picks",)

    def to_move(self) -> tuple[int, ...]:
        return tuple(s for s in range(2) if self.picks[s] == "")

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("heads"), Action("tails")]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.picks[seat] = action.verb
        return Event.secret(seat, f"you show {action.verb}", f"seat {seat} has chosen")

    def _determinize(self, seat: int, rng: Rng) -> PenniesState:
        c = self.clone()
        other = 1 - seat
        if c.picks[other]:
            c.picks[other] = rng.choice(["heads", "tails"])
        return c

    def is_over(self) -> bool:
        return all(self.picks)

    def returns(self) -> list[float]:
        return [1.0, 0.0] if self.picks[0] == self.picks[1] else [0.0, 1.0]


class PenniesGame(TinyGame):
    id = "pennies"
    name = "Pennies"
    min_players = max_players = 2
    state_class = PenniesState
    perfect_information = False

    def _new(self, players: int, seed: int, options: dict) -> PenniesState:
        s = self.fresh(players, seed, options)
        s.picks = ["", ""]
        return s


# --- Two-coin pennies: a simultaneous phase of several choices per seat ---------------------------
class TwoCoinState(TinyState):
    """Both seats secretly lay two coins, one at a time; seat 0 wins if the first coins match.
    Seat 0's first coin must stay unseen by seat 1 even though seat 0 moves again before seat 1."""

    FIELDS = ("coins",)
    HIDDEN = ("coins",)

    def to_move(self) -> tuple[int, ...]:
        return tuple(s for s in range(2) if len(self.coins[s]) < 2)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("heads"), Action("tails")]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.coins[seat] = self.coins[seat] + [action.verb]
        return Event.secret(seat, f"you lay {action.verb}", f"seat {seat} lays a coin")

    def clone(self) -> TwoCoinState:
        c = super().clone()
        c.coins = [list(x) for x in self.coins]
        return c  # type: ignore[return-value]

    def _determinize(self, seat: int, rng: Rng) -> TwoCoinState:
        c = self.clone()
        other = 1 - seat
        c.coins[other] = [rng.choice(["heads", "tails"]) for _ in c.coins[other]]
        return c

    def is_over(self) -> bool:
        return not self.to_move()

    def returns(self) -> list[float]:
        return [1.0, 0.0] if self.coins[0][0] == self.coins[1][0] else [0.0, 1.0]


class TwoCoinGame(TinyGame):
    id = "twocoin"
    name = "Two coins"
    min_players = max_players = 2
    state_class = TwoCoinState
    perfect_information = False

    def _new(self, players: int, seed: int, options: dict) -> TwoCoinState:
        s = self.fresh(players, seed, options)
        s.coins = [[], []]
        return s


# --- Haystack: one good action hidden among hundreds ----------------------------------------------
class HaystackState(TinyState):
    """Seat 0 either 'claim's the win at once or plays one of 300 'fiddle' actions, after which
    seat 1 wins."""

    FIELDS = ("done", "claimed")

    def to_move(self) -> tuple[int, ...]:
        return () if self.done else (0,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("fiddle", (n,)) for n in range(300)] + [Action("claim")]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.done = True
        self.claimed = action.verb == "claim"
        return []

    def is_over(self) -> bool:
        return self.done

    def returns(self) -> list[float]:
        return [1.0, 0.0] if self.claimed else [0.0, 1.0]


class HaystackGame(TinyGame):
    id = "haystack"
    name = "Haystack"
    min_players = max_players = 2
    state_class = HaystackState

    def _new(self, players: int, seed: int, options: dict) -> HaystackState:
        s = self.fresh(players, seed, options)
        s.done = False
        s.claimed = False
        return s


# --- Solo: a one-player game ---------------------------------------------------------------------
class SoloState(TinyState):
    """One seat chooses to 'win' or to 'lose'."""

    FIELDS = ("result",)

    def to_move(self) -> tuple[int, ...]:
        return () if self.result >= 0 else (0,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("lose"), Action("win")]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.result = 1.0 if action.verb == "win" else 0.0
        return []

    def is_over(self) -> bool:
        return self.result >= 0

    def returns(self) -> list[float]:
        return [self.result]


class SoloGame(TinyGame):
    id = "solo"
    name = "Solo"
    min_players = max_players = 1
    state_class = SoloState

    def _new(self, players: int, seed: int, options: dict) -> SoloState:
        s = self.fresh(players, seed, options)
        s.result = -1.0
        return s


# --- Twins: two choices exactly as good as each other ---------------------------------------------
class TwinsState(TinyState):
    """Seat 0 goes 'left' or 'right'; either way the game is a draw. No visit count can pull ahead
    for good, so a search that stops early must still use its whole budget here."""

    FIELDS = ("done",)

    def to_move(self) -> tuple[int, ...]:
        return () if self.done else (0,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("left"), Action("right")]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.done = True
        return []

    def is_over(self) -> bool:
        return self.done

    def returns(self) -> list[float]:
        return [0.5, 0.5]


class TwinsGame(TinyGame):
    id = "twins"
    name = "Twins"
    min_players = max_players = 2
    state_class = TwinsState

    def _new(self, players: int, seed: int, options: dict) -> TwinsState:
        s = self.fresh(players, seed, options)
        s.done = False
        return s


# --- Ladder: many actions, one verb, a heuristic that ranks them ---------------------------------
class LadderState(TinyState):
    """Seat 0 picks one rung of 300 and the game ends: rung n is worth n/299 to seat 0. Every
    action has the same verb, so widening by verbs cannot tell them apart; the heuristic can."""

    FIELDS = ("rung",)

    def to_move(self) -> tuple[int, ...]:
        return () if self.rung >= 0 else (0,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("pick", (n,)) for n in range(300)]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.rung = int(action.args[0])
        return []

    def is_over(self) -> bool:
        return self.rung >= 0

    def returns(self) -> list[float]:
        return [self.rung / 299, 1.0 - self.rung / 299]


class LadderGame(TinyGame):
    id = "ladder"
    name = "Ladder"
    min_players = max_players = 2
    state_class = LadderState

    def _new(self, players: int, seed: int, options: dict) -> LadderState:
        s = self.fresh(players, seed, options)
        s.rung = -1
        return s

    def heuristic(self, state: State, seat: int) -> float | None:
        return 0.5  # no opinion before the pick; every pick ends the game


#: Module-level instances, so the arena can name them ("tests.bots.games:NIM").
NIM = NimGame(9)
KING = KingGame()
SOLO = SoloGame()
