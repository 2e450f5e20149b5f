"""One OpenSpiel state's game, for the adapter (`openspiel.py`): the rules state, the explicit
chance nodes, each seat's memory, and the record it is rebuilt from.

- **Chance**: an action that would roll, shuffle or draw (it moves the rules' random stream or
  any pile nobody has seen, `unseen.py`) is not applied at once: the state becomes a chance node
  with `chance_outcomes` equally likely outcomes. Outcome k names a random stream (from the deal
  seed, the step and k); the pile nobody has seen is reshuffled from it, the rules' generator is
  reseeded from it, and the action is applied. So a state holds no future: what comes next is
  the chance outcome, which whoever plays the game (OpenSpiel's MCTS, an environment) draws.
- **Memory** (the perfect-recall information state): per seat, a running digest of what it has
  seen, the start of its view, then every event addressed to it and its own actions.
- **Record**: the deal seed and the actions (chance outcomes included, and each resampling of
  hidden information as (seat, seed)) rebuild the state exactly: `Play.replay`, which is also
  how a state pickles (OpenSpiel's serialization pickles a Python state's attributes).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, NamedTuple

from glyphhall import games
from glyphhall.engine import Action, Event, Rng, State

from .simultaneous import SecretPhases
from .unseen import fingerprint, reshuffle


class Setup(NamedTuple):
    """What every state of one loaded game shares (plain data, so a state pickles small)."""

    game_id: str
    players: int
    options: dict[str, Any]
    chance_outcomes: int
    max_steps: int


def mix(*numbers: int) -> int:
    """A 64-bit seed from several integers (SplitMix64 steps)."""
    rng = Rng(0x51ED)
    for n in numbers:
        rng = Rng(rng.next64() ^ (n & (1 << 64) - 1))
    return rng.next64()


def _plain(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    return repr(value)


def _memory_text(item: Any) -> bytes:
    return json.dumps(item, default=_plain).encode()


#: Recent deals, by setup and seed: a deal is rebuilt each time OpenSpiel loads a game again or a
#: state is replayed from its record, and some deals are slow (Glyphs solves its glyphs).
_DEALT: dict[tuple[str, int], Play] = {}
_DEALT_KEPT = 32


class Play:
    __slots__ = ("setup", "seed", "record", "engine", "secret", "pending", "steps", "memory", "draws", "views")

    setup: Setup
    seed: int
    record: list[Any]
    engine: State
    secret: SecretPhases
    pending: tuple[int, int, Action] | None
    steps: int
    memory: list[Any]
    draws: Rng
    views: dict[int, str]  # each seat's view as text, until the state changes (search asks often)

    @classmethod
    def new(cls, setup: Setup, seed: int) -> Play:
        key = (repr(setup), seed)
        dealt = _DEALT.pop(key, None)
        if dealt is None:
            dealt = cls.__new__(cls)
            dealt.setup, dealt.seed, dealt.record = setup, seed, []
            dealt.engine = games.get(setup.game_id).new(setup.players, seed, setup.options)
            dealt.secret = SecretPhases()
            dealt.pending = None
            dealt.steps = 0
            dealt.memory = []
            for seat in range(setup.players):
                digest = hashlib.blake2b(digest_size=16)
                digest.update(_memory_text(dealt.engine.view(seat)))
                dealt.memory.append(digest)
            dealt.draws = Rng(mix(seed, 0xD4A5))  # seeds of resamplings, `resample_seed`
            dealt.views = {}
        _DEALT[key] = dealt  # the most recent last
        while len(_DEALT) > _DEALT_KEPT:
            del _DEALT[next(iter(_DEALT))]
        return dealt.clone()

    @classmethod
    def replay(cls, setup: Setup, seed: int, record: list[Any]) -> Play:
        """The state a deal seed and a record make (what `__reduce__` pickles)."""
        p = cls.new(setup, seed)
        for item in record:
            if isinstance(item, (tuple, list)):
                p = p.resampled(int(item[0]), int(item[1]))
            else:
                p.apply(int(item))
        return p

    def __reduce__(self) -> tuple:
        return (Play.replay, (self.setup, self.seed, list(self.record)))

    def clone(self) -> Play:
        c = Play.__new__(Play)
        c.setup, c.seed, c.record = self.setup, self.seed, self.record[:]
        c.engine = self.engine.clone()
        c.secret = SecretPhases()
        c.secret.start = self.secret.start  # never changed in place: shared
        c.secret.copies = {s: copy.clone() for s, copy in self.secret.copies.items()}
        c.secret.choosing = set(self.secret.choosing)
        c.pending = self.pending
        c.steps = self.steps
        c.memory = [m.copy() for m in self.memory]
        c.draws = self.draws.clone()
        c.views = dict(self.views)
        return c

    def __deepcopy__(self, memo: dict) -> Play:  # OpenSpiel clones a Python state by deepcopy
        return self.clone()

    # --- the game ---------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.pending is None and (self.engine.is_over() or self.steps >= self.setup.max_steps)

    def seen_by(self, seat: int) -> State:
        return self.secret.seen_by(self.engine, seat)

    def apply(self, action: int) -> None:
        self.views = {}
        if self.pending is not None:
            self._chance(action)
        else:
            self._decide(action)
        self.record.append(action)

    def _decide(self, action_id: int) -> None:
        engine = self.engine
        seat = engine.to_move()[0]
        self.secret.begin(engine)
        chosen = self.seen_by(seat).action_from_id(seat, action_id)
        trial = engine.clone()
        events = trial.apply(seat, chosen)
        if trial.rng.state == engine.rng.state and fingerprint(trial) == fingerprint(engine):
            self.engine = trial  # nothing drawn: no chance node
            self._after(seat, action_id, chosen, events)
        else:
            self.pending = (seat, action_id, chosen)

    def _chance(self, outcome: int) -> None:
        if not 0 <= outcome < self.setup.chance_outcomes:
            raise ValueError(f"chance outcome {outcome} is outside 0..{self.setup.chance_outcomes - 1}")
        assert self.pending is not None
        seat, action_id, chosen = self.pending
        stream = Rng(mix(self.seed, len(self.record), outcome))
        engine = self.engine  # this Play's own (a clone copies it)
        reshuffle(engine, stream)
        engine.rng = Rng(stream.next64())
        events = engine.apply(seat, chosen)
        self.pending = None
        self._after(seat, action_id, chosen, events)

    def _after(self, seat: int, action_id: int, chosen: Action, events: list[Event]) -> None:
        self.secret.applied(self.engine, seat, chosen)
        self.steps += 1
        for s, digest in enumerate(self.memory):
            seen = [e.to_dict() for e in events if e.visible_to(s)]
            if s == seat:
                digest.update(_memory_text(["mine", action_id]))
            if seen:
                digest.update(_memory_text(seen))

    # --- hidden information -------------------------------------------------------------------
    def resample_seed(self) -> int:
        """A seed for the next resampling, from this state's own stream (advanced)."""
        return self.draws.next64()

    def resampled(self, seat: int, seed: int) -> Play:
        """A copy with everything hidden from `seat` resampled (`State.determinize`, which also
        reseeds the future), `seat`'s memory and view unchanged."""
        if self.pending is not None:
            raise ValueError("hidden information is resampled at a decision, not at a chance node")
        c = self.clone()
        c.engine = self.engine.determinize(seat, Rng(seed))
        c.views = {seat: self.views[seat]} if seat in self.views else {}  # unchanged by determinize
        c.record.append((seat, seed))
        return c

    def view_text(self, seat: int) -> str:
        text = self.views.get(seat)
        if text is None:
            text = self.views[seat] = json.dumps(self.seen_by(seat).view(seat), sort_keys=True, default=_plain)
        return text

    def memory_text(self, seat: int) -> str:
        return self.memory[seat].hexdigest()
