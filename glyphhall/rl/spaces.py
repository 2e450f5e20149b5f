"""What the environments hand a learner and take back, for one game and its settings.

Actions (`actions=`):
- "ids" (the default where the game has a numbering): `Discrete(game.num_distinct_actions(...))`;
  id k means the same move in every state (each game's README lists its numbering), and the mask
  marks the ids legal now.
- "index": position k in `legal_actions(seat)` (a stable order), up to `max_actions`; the mask
  marks the first `len(legal)` positions. For games without a numbering, and kept as an option.

Observations (`observation=`):
- "tensor" (the default where the game has tensors): `State.observation_tensor(seat)`;
- "information_state": `State.information_state_tensor(seat)`;
- "hashed": the feature-hashed view of `encoding.py` (any game, including games without tensors).

Only the agent observed is encoded, straight into a preallocated array.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from glyphhall.engine import Action, Game, IllegalAction, State
from glyphhall.engine.tensors import mark

from .encoding import CLIP, DEFAULT_MAX_ACTIONS, DEFAULT_OBS_SIZE, encode_view

ACTION_MODES = ("ids", "index")
OBSERVATION_MODES = ("tensor", "information_state", "hashed")

# The arrays' types as dtype objects: numpy resolves a scalar type each call (a fifth of a fresh
# observation's cost).
FLOAT32, INT8 = np.dtype(np.float32), np.dtype(np.int8)

#: Options the environments use unless given: what differs from play at a table, and why.
#: Inscription: the loser's death card is made after the winner is known (about four decisions
#: that change no result), so learners skip it.
RL_DEFAULT_OPTIONS: dict[str, dict[str, Any]] = {"inscription": {"make_death_card": False}}


def resolve_game(game: str | Game) -> Game:
    if isinstance(game, Game):
        return game
    from glyphhall.games import resolve  # registered ids and "module:ATTR" paths

    return resolve(game)


class Encoding:
    """Spaces, masks and decoding for one game, player count, options and modes."""

    def __init__(
        self,
        game: Game,
        players: int,
        options: dict[str, Any],
        actions: str | None = None,
        observation: str | None = None,
        obs_size: int = DEFAULT_OBS_SIZE,
        max_actions: int = DEFAULT_MAX_ACTIONS,
    ) -> None:
        self.game, self.players, self.options = game, players, options
        actions = actions or ("ids" if _has(game, "action_codec", players, options) else "index")
        observation = observation or ("tensor" if _has(game, "tensor_encoder", players, options) else "hashed")
        if actions not in ACTION_MODES:
            raise ValueError(f"actions must be one of {', '.join(ACTION_MODES)}, not {actions!r}")
        if observation not in OBSERVATION_MODES:
            raise ValueError(f"observation must be one of {', '.join(OBSERVATION_MODES)}, not {observation!r}")
        if actions == "ids" and not _has(game, "action_codec", players, options):
            raise ValueError(f"{game.name} has no fixed action ids: use actions='index'")
        if observation != "hashed" and not _has(game, "tensor_encoder", players, options):
            raise ValueError(f"{game.name} has no observation tensors: use observation='hashed'")
        self.action_mode, self.observation_mode = actions, observation
        self._masked: tuple[Any, ...] = (None, None, None, [], [])
        if actions == "ids":
            self.codec = game._rl_part("action_codec", players, options)
            self.num_actions = self.codec.size
        else:
            self.codec = None
            self.num_actions = max_actions
        #: the encoder's method writing this mode's tensor into a zeroed array (None: hashed)
        self._write: Any = None
        if observation == "hashed":
            self.obs_shape: tuple[int, ...] = (obs_size,)
            low, high = -CLIP, CLIP
        else:
            self.tensors = game._rl_part("tensor_encoder", players, options)
            info = observation == "information_state"
            self.obs_shape = self.tensors.information_state_shape if info else self.tensors.observation_shape
            self._write = self.tensors.information_state if info else self.tensors.observation
            low, high = -1.0, 8.0  # scaled values and small counts (engine/tensors.py)
        self.obs_size = obs_size
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low, high, self.obs_shape, np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(self.num_actions)

    # --- observing ---------------------------------------------------------------------------------
    def observation(self, state: State, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """`seat`'s observation, written into `out` (a fresh array if None)."""
        if out is None:
            out = np.zeros(self.obs_shape, FLOAT32)
        else:
            out.fill(0.0)
        if self._write is not None:
            self._write(state, seat, out)
        else:
            out[:] = encode_view(state.view(seat), self.obs_size)
        return out

    def mask(self, state: State, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The legal moves of `seat` now (all zero when it has none: not to move, or the end)."""
        if out is None:
            out = np.zeros(self.num_actions, INT8)
        else:
            out.fill(0)
        legal = state.legal_actions(seat)  # empty where `seat` is not to move, or at the end
        if not legal:
            return out
        if self.codec is not None:
            ids = self.codec.encode_all(state, seat, legal)
            mark(ids, out)
            # `decode` finds the chosen id here while the listing stands (apply forgets it): by
            # its place among the ids (unique: tests/rl/test_action_ids.py), a scan in C that
            # costs less than building a dict of every legal id each step
            self._masked = (state, seat, state._listed, ids, legal)
        else:
            out[: min(len(legal), self.num_actions)] = 1
        return out

    def observe(self, state: State, seat: int) -> dict[str, np.ndarray]:
        """`seat`'s observation and mask, in fresh arrays (a learner may keep them)."""
        write = self._write
        if write is None:
            return {"observation": self.observation(state, seat), "action_mask": self.mask(state, seat)}
        tensor = np.zeros(self.obs_shape, FLOAT32)
        write(state, seat, tensor)  # (the steps of `observation`, inline: this runs every step)
        return {"observation": tensor, "action_mask": self.mask(state, seat)}

    # --- acting ------------------------------------------------------------------------------------
    def decode(self, state: State, seat: int, action: Any) -> Action:
        """The legal action `action` (an id or an index) names. Raises ValueError saying why not,
        changing nothing."""
        try:
            number = int(action)
        except (TypeError, ValueError):
            raise ValueError(f"an action is a whole number, not {action!r}") from None
        if self.codec is not None:
            masked = self._masked
            if masked[0] is state and masked[1] == seat and masked[2] is not None and masked[2] is state._listed:
                try:
                    return masked[4][masked[3].index(number)]  # a legal id of the mask just handed out
                except ValueError:
                    pass  # not legal: action_from_id says why
            try:
                return state.action_from_id(seat, number)
            except IllegalAction as err:
                raise ValueError(f"{err} (see action_mask)") from None
        legal = state.legal_actions(seat)
        if not 0 <= number < min(len(legal), self.num_actions):
            raise ValueError(
                f"action index {number} is not legal now: {min(len(legal), self.num_actions)} actions are "
                "(see action_mask)"
            )
        return legal[number]

    def number_of(self, state: State, seat: int, action: Action) -> int:
        """The id or index of a legal action (for bots playing inside an environment)."""
        if self.codec is not None:
            return int(self.codec.encode(state, seat, action))
        return state.legal_actions(seat).index(action)


def _has(game: Game, kind: str, players: int, options: dict[str, Any]) -> bool:
    try:
        game._rl_part(kind, players, options)
    except NotImplementedError:
        return False
    return True


def game_options(game: Game, given: dict[str, Any]) -> dict[str, Any]:
    """The options the environments use: the RL defaults, then what was given, checked."""
    return game.resolve_options({**RL_DEFAULT_OPTIONS.get(game.id, {}), **given})


def render_text(state: State, seat: int | None) -> str:
    """The game's terminal picture of what `seat` sees (Rich, as ANSI text; a generic one where
    the game has no terminal renderer)."""
    import importlib
    import io

    from rich.console import Console
    from rich.pretty import Pretty

    try:
        module = importlib.import_module(f"glyphhall.games.{state.game.id}.terminal")
        picture: Any = module.render(state.view(seat), seat, [f"Player {s + 1}" for s in range(state.num_players)])
    except ModuleNotFoundError:
        picture = Pretty(state.view(seat))
    console = Console(file=io.StringIO(), width=100, force_terminal=True, color_system="standard")
    console.print(picture)
    return console.file.getvalue()  # type: ignore[attr-defined]


def show(text: str, mode: str) -> str | None:
    """`render()`'s answer: the text ("ansi"), or printed on the terminal ("human")."""
    if mode == "human":
        print(text)
        return None
    return text
