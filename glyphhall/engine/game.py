"""The contract every game implements: a `Game` (metadata, options, factory, parser, loader)
and its `State` (whose move, legal actions, apply, views, determinize, results, persistence)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, ClassVar

from .action import Action, normalize_text
from .errors import IllegalAction, LoadError, OptionError
from .events import Event
from .options import Option, OptionValue, resolve_options
from .position import MAX_LIST, MAX_SEED, MAX_TITLE, PositionData, parse_die, read_source
from .rng import Rng, ScriptedRng, strict_by_default
from .undo import generic_undo_blocker
from .wording import name_seats, plain_result

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from . import nocython as cython

if TYPE_CHECKING:
    import numpy as np

    from .action_ids import ActionCodec
    from .tensors import TensorEncoder
    from .vault import Vault

ENGINE_VERSION = "0.1.0"


@cython.cfunc
@cython.locals(actions=tuple)
def _is_among(actions: tuple[Action, ...], action: Action) -> bool:
    """`action` is one of `actions` itself, not merely an equal one: for the compiled build, where
    this is a C loop over the tuple (`State.apply` does it with `map` when pure). A loop, not
    `any` over a generator expression: Cython 3 makes a generator object of that at every call."""
    for a in actions:
        if a is action:
            return True
    return False


def _within(part: Sequence[Any], whole: Sequence[Any]) -> bool:
    """Every item of `part` is in `whole`, as many times (compared as ScriptedRng compares them)."""
    left: dict[str, int] = {}
    for item in whole:
        left[repr(item)] = left.get(repr(item), 0) + 1
    for item in part:
        key = repr(item)
        if left.get(key, 0) <= 0:
            return False
        left[key] -= 1
    return True


class State:
    """A position of one game. Mutable; `clone()` is cheap and written by hand (never deepcopy).

    Subclasses implement the methods that raise NotImplementedError here; `apply` here does the
    checks that every game needs (game over, whose turn, legality) before the game's `_apply`
    changes anything, so `_apply` may assume a legal action and must not fail.

    Compiled, State is an extension type (its fields declared in game.pxd), so that a game's
    state may be one too and its rules read its fields in C (docs/architecture.md, "Where the
    time goes"); an extension type cannot take `abc`, hence NotImplementedError.
    """

    game: Game
    num_players: int
    seed: int
    options: dict[str, OptionValue]
    rng: Rng

    # --- whose move and what they may do --------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        """Seats with a pending decision (several where players act secretly and at once)."""
        raise NotImplementedError

    def _legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of a seat that is to move (finite, in a stable order)."""
        raise NotImplementedError

    #: The last list of legal actions handed out, as (seat, actions), until the state changes:
    #: `apply` checks against it instead of listing every action a second time (the usual
    #: caller lists, picks one, then applies it). `apply` forgets it; so must any code that
    #: changes a state by other means (see `forget_legal`).
    _listed: tuple[int, tuple[Action, ...]] | None

    def legal_actions(self, seat: int) -> list[Action]:
        if self.is_over() or seat not in self.to_move():
            return []
        legal = self._legal_actions(seat)
        self._listed = (seat, tuple(legal))
        return legal

    def is_legal(self, seat: int, action: Action) -> bool:
        """Override with a direct check where enumerating every action is slow."""
        return action in self._legal_actions(seat)

    def sample_action(self, seat: int, rng: Rng) -> Action:
        """A uniformly random legal action of `seat`, who is to move. Games override it where
        they can draw one without listing every action (the random bot and rollouts use it);
        an override must draw each legal action with the same probability."""
        return rng.choice(self._legal_actions(seat))

    def forget_legal(self) -> None:
        """Drop the remembered legal actions: code that changes a state other than through `apply`
        (a test editing fields, a position loader) after its legal actions were listed calls it."""
        self._listed = None

    # --- changing the state ------------------------------------------------------------------
    def apply(self, seat: int, action: Action, *, check: bool = True) -> list[Event]:
        """Apply a seat's action and return the events it caused.

        Raises IllegalAction, leaving the state unchanged, when the game is over, the seat is not
        to move, or the action is not legal now. `check=False` skips those checks for callers
        that took the action from `legal_actions` themselves (playouts, search)."""
        if check:
            listed = self._listed
            if listed is not None and listed[0] == seat:
                # Listed for this seat since the last change, so the seat is to move. By
                # identity first: the action usually comes from that very list, and comparing it
                # by value with every action before it costs more than the listing saved. An
                # action a game accepts without listing it (Heroscape's whole-path `move`) is
                # still asked of `is_legal`.
                # Pure, `any(map(is_, ...))` scans in C and stops at the match (a set of ids
                # cost twice as much to build, bench/RESULTS.md); compiled, a C loop does it.
                among = (_is_among(listed[1], action) if cython.compiled
                         else any(map(is_, listed[1], repeat(action))))
                legal = (among or action in listed[1]
                         or (isinstance(action, Action) and self.is_legal(seat, action)))
            else:
                self.check_can_act(seat)
                legal = isinstance(action, Action) and self.is_legal(seat, action)
            if not legal:
                raise IllegalAction(f"'{action}' is not a legal action now")
        self._listed = None
        return self._apply(seat, action)

    def apply_text(self, seat: int, text: str) -> list[Event]:
        """Parse a typed action for `seat` and apply it."""
        return self.apply(seat, self.game.parse_action(self, seat, text))

    def check_can_act(self, seat: int) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_players:
            raise IllegalAction(f"there is no seat {seat!r} in this {self.num_players}-player game")
        if self.is_over():
            raise IllegalAction("the game is over")
        if seat not in self.to_move():
            waiting = ", ".join(str(s) for s in self.to_move())
            raise IllegalAction(f"it is not seat {seat}'s move (waiting for seat {waiting})")

    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Change the state for a legal action; return the events, each addressed to who may see it."""
        raise NotImplementedError

    # --- what each seat may know -----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see, JSON-ready (None: a spectator, who sees only public information)."""
        raise NotImplementedError

    def determinize(self, seat: int, rng: Rng) -> State:
        """A clone in which everything hidden from `seat` is resampled with `rng`, consistently
        with what `seat` has seen. `view(seat)` and `legal_actions(seat)` are unchanged by it.
        The future dice and shuffles are hidden too: the clone gets a fresh `rng` drawn from `rng`
        after the game's own `_determinize` returns, so no game can forget it (a clone with the
        true `rng` would let a search bot see tomorrow's die rolls by simply playing on)."""
        sample = self._determinize(seat, rng)
        sample.rng = Rng(rng.next64())
        return sample

    def _determinize(self, seat: int, rng: Rng) -> State:
        """The game's part of `determinize`: a clone with everything hidden from `seat` resampled."""
        raise NotImplementedError

    # --- fixed action ids and tensors, for learners (OpenSpiel's names) ----------------------
    def action_id(self, seat: int, action: Action) -> int:
        """The fixed id of a legal action of `seat` (see `Game.num_distinct_actions`)."""
        return self.game.action_codec_of(self).encode(self, seat, action)

    def legal_action_ids(self, seat: int) -> list[int]:
        """The ids of `legal_actions(seat)`, in the same order."""
        return self.game.action_codec_of(self).encode_all(self, seat, self.legal_actions(seat))

    def action_from_id(self, seat: int, action_id: int) -> Action:
        """The legal action of `seat` that `action_id` names. Raises IllegalAction (changing
        nothing) for an id that is out of range or names no legal action now."""
        codec = self.game.action_codec_of(self)
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            try:
                action_id = int(action_id)  # numpy integers
            except (TypeError, ValueError):
                raise IllegalAction(f"an action id is a whole number, not {action_id!r}") from None
        if not 0 <= action_id < codec.size:
            raise IllegalAction(f"action id {action_id} is outside 0..{codec.size - 1}")
        self.check_can_act(seat)
        action = codec.decode(self, seat, action_id)
        if action is not None:
            listed = self._listed
            if listed is not None and listed[0] == seat:
                for legal in listed[1]:
                    if legal == action:
                        return legal
            elif self.is_legal(seat, action):
                for legal in self.legal_actions(seat):
                    if legal == action:
                        return legal
        raise IllegalAction(f"action id {action_id} ({action or 'no action'}) is not legal now")

    def observation_tensor(self, seat: int) -> np.ndarray:
        """What `seat` sees now, as the game's designed float32 tensor (`Game.tensor_encoder`)."""
        import numpy as np

        encoder = self.game.tensor_encoder_of(self)
        out = np.zeros(encoder.observation_shape, np.float32)
        encoder.observation(self, seat, out)
        return out

    def information_state_tensor(self, seat: int) -> np.ndarray:
        """The observation and what `seat` remembers that the position no longer shows."""
        import numpy as np

        encoder = self.game.tensor_encoder_of(self)
        out = np.zeros(encoder.information_state_shape, np.float32)
        encoder.information_state(self, seat, out)
        return out

    # --- end of the game -------------------------------------------------------------------
    def is_over(self) -> bool:
        raise NotImplementedError

    def returns(self) -> list[float]:
        """Per seat: 1 win, 0 loss, 0.5 draw, shared for teams. Meaningful once `is_over()`."""
        raise NotImplementedError

    # --- copies and persistence ------------------------------------------------------------
    def clone(self) -> State:
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """The full state, JSON-ready; `game.load(state.to_dict())` rebuilds it exactly.
        Start from `self.header()`."""
        raise NotImplementedError

    def header(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "version": self.game.version,
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "rng": self.rng.state,
        }

    @cython.locals(other="State")  # compiled, the clone's fields are set in C
    def copy_base_into(self, other: State) -> None:
        """Copy the fields every state has into a fresh clone (for hand-written `clone()`)."""
        other.game = self.game
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options  # never mutated after creation, so shared
        other.rng = self.rng.clone()

    def init_base(self, game: Game, num_players: int, seed: int, options: dict[str, OptionValue]) -> None:
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)

    def load_base(self, game: Game, data: Mapping[str, Any]) -> None:
        """Restore the common fields from `to_dict()` output (used by a game's `_load`)."""
        self.game = game
        self.num_players = int(data["players"])
        self.seed = int(data["seed"])
        self.options = game.resolve_options(data.get("options", {}))
        self.rng = Rng(0)
        self.rng.state = int(data["rng"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    def __reduce__(self) -> tuple[Any, ...]:
        """A state pickles as its game's class and `to_dict()`, which `load` rebuilds exactly: the
        same in both builds, whether a game keeps its fields in slots, a dict or C."""
        return (_unpickle_state, (type(self.game), self.to_dict()))

    __hash__ = None  # type: ignore[assignment]  # mutable


if not cython.compiled:  # compiled, the field is declared in game.pxd and starts as None
    State._listed = None


def _unpickle_state(game_class: type[Game], data: dict[str, Any]) -> State:
    return game_class().load(data)


class Game(ABC):
    """A game's metadata and factory. One instance per game, found by `glyphhall.games.get(id)`."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    version: ClassVar[str] = "1"
    #: One-paragraph summary of the action notation, shown by `help` in terminal play.
    notation_help: ClassVar[str] = ""
    #: True where no seat ever lacks information another has (determinize may then be a clone).
    perfect_information: ClassVar[bool] = False
    #: Optional hint for search: cut random rollouts off after at most this many plies and score
    #: the position with `heuristic` (a level with a shorter cut-off keeps its own; None: the
    #: level decides). Set it where random play soon leads further from the truth than the heuristic.
    rollout_cutoff: ClassVar[int | None] = None
    #: Optional hint for search: UCB's exploration constant, for a heuristic whose values of good
    #: and bad moves lie close together (None: the bot's level decides).
    search_exploration: ClassVar[float | None] = None
    #: Optional hint for search: the iteration budget of each named level in this game
    #: ({"mcts": 4000, "mcts-hard": 12000}: what fits the level's time; None: the level decides).
    search_iterations: ClassVar[Mapping[str, int] | None] = None
    #: Optional hint for search: before a leaf is scored, play the turn under way out greedily on
    #: the heuristic (where a turn is many decisions and the heuristic misses what is still to come).
    rollout_finish_turn: ClassVar[bool] = False
    #: Optional hint for search: for each named level, give each action in the tree a prior from
    #: the one-step heuristic worth this many visits ({"mcts": 4}; a level not named, or None: no
    #: priors; bots/priors.py).
    search_prior: ClassVar[Mapping[str, float] | None] = None

    def new(self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> State:
        """A new game for `players` seats. Raises OptionError for a bad option or player count."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"the number of players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            span = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise OptionError(f"{self.name} is for {span} players, not {players}")
        return self._new(players, int(seed), self.resolve_options(options))

    @abstractmethod
    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> State: ...

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        return resolve_options(self.options, given)

    def parse_action(self, state: State, seat: int, text: str) -> Action:
        """The legal action of `seat` written `text`. Raises IllegalAction saying why not.

        Texts are compared after `normalize_text`. Games override `explain_illegal` for
        precise reasons, or this method altogether where actions are not enumerated."""
        if not isinstance(text, str):
            raise IllegalAction(f"an action is text, not {type(text).__name__}")
        state.check_can_act(seat)
        wanted = normalize_text(text)
        if not wanted:
            raise IllegalAction("no action was given")
        legal = state._legal_actions(seat)
        state._listed = (seat, tuple(legal))
        for action in legal:
            if normalize_text(str(action)) == wanted:
                return action
        raise IllegalAction(self.explain_illegal(state, seat, wanted, legal))

    def explain_illegal(self, state: State, seat: int, text: str, legal: Sequence[Action]) -> str:
        """Why `text` names no legal action of `seat` (override for reasons a player understands)."""
        verb = text.split()[0]
        same_verb = [str(a) for a in legal if str(a).split()[0] == verb]
        if same_verb:
            shown = ", ".join(same_verb[:8]) + (" ..." if len(same_verb) > 8 else "")
            return f"'{text}' is not legal now; '{verb}' can be: {shown}"
        verbs = sorted({str(a).split()[0] for a in legal})
        return f"'{text}' is not an action here; you can: {', '.join(verbs)}"

    def load(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from `to_dict()` output. Raises LoadError for anything malformed."""
        if not isinstance(data, Mapping):
            raise LoadError("a saved state is a JSON object")
        if data.get("game") != self.id:
            raise LoadError(f"this saved state is for game {data.get('game')!r}, not {self.id!r}")
        if str(data.get("version")) != self.version:
            raise LoadError(
                f"this saved state is from {self.id} version {data.get('version')!r}; "
                f"this program reads version {self.version!r}"
            )
        try:
            return self._load(data)
        except LoadError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
            raise LoadError(f"malformed {self.id} state: {type(err).__name__}: {err}") from None

    @abstractmethod
    def _load(self, data: Mapping[str, Any]) -> State: ...

    # --- positions as data (engine/position.py) --------------------------------------------
    def load_position(self, source: str | Mapping[str, Any], *, strict: bool | None = None) -> State:
        """A game set up from a position: TOML text, or a mapping read from one (keys shared by
        every game in `engine/position.py`, the game's own in its README). Chance follows the
        position's script (`[chance]`: named dice and deck orders) and then the seed, or, with
        `strict = true` under [chance] (the default in the tests), only the script; `strict`
        given here overrides the position's (a match is played on past its script: False).
        Raises LoadError naming what is wrong."""
        data = read_source(source)
        named = data.take("game", str, self.id)
        if named != self.id:
            raise LoadError(f"this position is for game {named!r}, not {self.id!r}")
        if len(data.take("title", str, "", bounded=False)) > MAX_TITLE:  # for people (position_title)
            raise LoadError(f"the position's title is at most {MAX_TITLE} characters")
        players = data.take("players", int, self.min_players)
        seed = data.take("seed", int, 0, bounded=False)
        if not 0 <= seed < MAX_SEED:
            raise LoadError(f"'seed' is a whole number from 0 to {MAX_SEED - 1:,}")
        options = data.take("options", dict, {}, bounded=False)  # resolve_options checks each
        chance = data.table("chance")
        dice = [parse_die(d) for d in chance.names("dice", [])]
        orders = chance.take("orders", list, [])
        written = chance.take("strict", bool, strict_by_default())
        strict = written if strict is None else strict
        chance.done()
        if not all(isinstance(order, list) and len(order) <= MAX_LIST and all(isinstance(n, str) for n in order)
                   for order in orders):
            raise LoadError(f"'chance.orders' must be a list of lists of names (at most {MAX_LIST} each)")
        state = self.new(players, seed, options)
        try:
            state = self._position(state, data)
            data.done()
            scripted = [self._position_order(state, order) for order in orders]
            self._check_orders(state, scripted)
            state.rng = ScriptedRng(seed, dice, scripted, strict)
            self._position_started(state)
        except (KeyError, TypeError, ValueError, IndexError) as err:
            if isinstance(err, LoadError):
                raise
            raise LoadError(f"bad {self.id} position: {err}") from None
        return state

    def _position(self, state: State, data: PositionData) -> State:
        """The position `data` describes, from `state` (a new game: changed in place and
        returned, or used for its seed and options); take every key read."""
        raise LoadError(f"{self.name} has no position format yet")

    def _position_started(self, state: State) -> None:
        """Called once the position's chance script is in place: a game whose position starts
        with a draw (Heroscape's round beginning with rolls) makes it here, so the script gives it."""
        return

    def _position_order(self, state: State, names: list[str]) -> list[Any]:
        """The items a scripted shuffle gives, from their names in a position (default: as written)."""
        return names

    def _position_decks(self, state: State) -> list[tuple[str, list[Any]]] | None:
        """The piles a scripted shuffle of this position may apply to, named for people, each
        with every item it may then hold; None: the game does not say (orders are not checked)."""
        return None

    def _check_orders(self, state: State, orders: list[list[Any]]) -> None:
        """Refuse a scripted shuffle that fits no pile the game may shuffle: it would stop the
        game at that shuffle, every move refused."""
        piles = self._position_decks(state)
        if piles is None:
            return
        for n, order in enumerate(orders, start=1):
            if not any(_within(order, items) for _, items in piles):
                raise LoadError(f"scripted shuffle {n} (chance.orders) holds cards that are not in "
                                + " or ".join(name for name, _ in piles) + ", so it can never happen")

    def prepare_options(self, options: dict[str, OptionValue], vault: Vault) -> dict[str, OptionValue]:
        """Options with any reference to kept things (e.g. "all death cards") replaced by the
        things themselves, so that the match record alone replays the match. Called by the
        terminal or the server before `new`; the default changes nothing."""
        return options

    def keep_after_match(
        self, state: State, vault: Vault, session: str, names: Sequence[str]
    ) -> dict[str, Any] | None:
        """Keep what a finished match made (e.g. the loser's death card) in `vault`; return the
        kept item, or None. `session` names the table or sitting; `names` the seats' players."""
        return None

    def policy(self, state: State, seat: int, rng: Rng) -> Action | None:
        """Optional: the game's own strong player (e.g. Glyphs' apprentice), choosing a legal
        action for `seat` from what that seat may see (it is called on determinized states).
        None: the game has none. The "policy" bot plays it."""
        return None

    def heuristic(self, state: State, seat: int) -> float | None:
        """Optional: how good `state` looks for `seat`, in [0, 1]. Bots use it; None if unknown.
        It must use only what `seat` may see (it is called on determinized states)."""
        return None

    def heuristic_all(self, state: State) -> list[float] | None:
        """Optional: `heuristic(state, k)` for every seat k at once, for a game that computes
        something once for all seats (a cut-off rollout scores every seat). None: the bots ask
        `heuristic` seat by seat."""
        return None

    def heuristic_averages_chance(self, state: State, action: Action) -> bool:
        """Optional: True where `heuristic(state)` already averages over the chance `action` is
        about to roll, so a search may subtract the luck of the sampled roll (bots/mcts.py)."""
        return False

    def luck_context(self, state: State) -> Any:
        """Optional: where in the game `state` is for chance (e.g. whose turn and which), a hashable
        value; the strength bench keys its shared dice by it (arena/luck.py). None: no context."""
        return None

    # --- fixed action ids and tensors, for learners (engine/action_ids.py, engine/tensors.py) --
    def action_codec(self, players: int, options: dict[str, OptionValue]) -> ActionCodec | None:
        """Optional: the game's fixed numbering of actions for these settings (None: it has none,
        and learners use positions in the legal list). Built once per settings and cached."""
        return None

    def tensor_encoder(self, players: int, options: dict[str, OptionValue]) -> TensorEncoder | None:
        """Optional: the game's designed observation tensors for these settings (None: none)."""
        return None

    def num_distinct_actions(self, players: int, options: Mapping[str, Any] | None = None) -> int:
        """How many action ids there are (every legal action's id is below it)."""
        return self._rl_part("action_codec", players, self.resolve_options(options)).size

    def observation_tensor_shape(self, players: int, options: Mapping[str, Any] | None = None) -> tuple[int, ...]:
        return self._rl_part("tensor_encoder", players, self.resolve_options(options)).observation_shape

    def information_state_tensor_shape(
        self, players: int, options: Mapping[str, Any] | None = None
    ) -> tuple[int, ...]:
        return self._rl_part("tensor_encoder", players, self.resolve_options(options)).information_state_shape

    def action_codec_of(self, state: State) -> ActionCodec:
        """`action_codec` for a state's settings (found by the identity of its options, which
        clones share, so the lookup is cheap)."""
        return self._rl_of("action_codec", state)

    def tensor_encoder_of(self, state: State) -> TensorEncoder:
        return self._rl_of("tensor_encoder", state)

    def _rl_of(self, kind: str, state: State) -> Any:
        fast = self.__dict__.setdefault("_rl_fast", {})
        key = (kind, state.num_players, id(state.options))
        hit = fast.get(key)
        if hit is not None and hit[0] is state.options:
            return hit[1]
        part = self._rl_part(kind, state.num_players, state.options)
        if len(fast) > 64:
            fast.clear()
        fast[key] = (state.options, part)
        return part

    def _rl_part(self, kind: str, players: int, options: dict[str, OptionValue]) -> Any:
        cache = self.__dict__.setdefault("_rl_cache", {})
        key = (kind, players, tuple(sorted((k, repr(v)) for k, v in options.items())))
        part = cache.get(key)
        if part is None:
            part = getattr(self, kind)(players, options)
            if part is None:
                what = "fixed action ids" if kind == "action_codec" else "observation tensors"
                raise NotImplementedError(f"{self.name} has no {what}")
            cache[key] = part
        return part

    # --- taking a step back ------------------------------------------------------------------
    def undo_blocker(
        self, before: State, seat: int, action: Action, events: Sequence[Event], after: State
    ) -> str | None:
        """Why `seat` may not take back `action` (which led from `before` to `after` with
        `events`), as a sentence for the player, or None if it may. The default is the generic
        rule (engine/undo.py: chance, secrets, hidden information); games override it where
        their rules reveal something the generic rule cannot see."""
        return generic_undo_blocker(before, seat, action, events, after)

    # --- wording for people -------------------------------------------------------------------
    def event_text(self, event: Event, names: Sequence[str]) -> str:
        """How a log shown to people words `event`, with `names[seat]` for each seat's player
        ("Ann plays Stoat on space 2"). The default names the seats in `event.text`; games
        override it where their texts carry raw ids or need better wording."""
        return name_seats(event.text, names)

    def result_text(self, state: State, names: Sequence[str]) -> str:
        """The end of a finished game in words ("Ann wins: both of Bob's candles are out").
        The default says who won from `returns()`; games override it to say why."""
        return plain_result(state.returns(), names)

    def __repr__(self) -> str:
        return f"<Game {self.id}>"
