"""Fixed action numbers (OpenSpiel's "distinct actions"): every action a game can ever offer has
one integer id in `range(size)`, with the same meaning in every state, so a learner's output unit
k always means the same move.

A game describes its numbering as a `VerbTable`: blocks of ids, one per verb, each the product of
its arguments' domains (a mixed-radix number), e.g. Inscription's `play <hand slot> <space>
[sacrifice <spaces>]` is 64 x 4 x 16 ids. Where moves cannot be enumerated compactly (Glyphs'
free-form glyphs) a verb is *parameterised*: `Listed(k)` ids name the k-th action of that verb
in the state's legal list (a stable order, by the contract), and the game documents the
features that tell those actions apart. Each game's README lists its blocks (`describe()`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from itertools import product
from typing import Any

from .action import Action

#: A game's state (engine/game.py's `State`; named loosely here: the contract module imports this one).
State = Any

#: The value of an argument that is left out (a trailing optional argument).
ABSENT = None


class ActionCodec(ABC):
    """A game's fixed numbering of actions (see the module's docstring)."""

    size: int

    @abstractmethod
    def encode(self, state: State, seat: int, action: Action) -> int:
        """The id of `action`, a legal action of `seat` in `state`. Raises ValueError for an
        action outside the numbering (a game's test proves no legal action is)."""

    @abstractmethod
    def decode(self, state: State, seat: int, action_id: int) -> Action | None:
        """The action id `action_id` names in `state` for `seat` (None: it names none there).
        The engine checks its legality; this only spells it."""

    def encode_all(self, state: State, seat: int, actions: Sequence[Action]) -> list[int]:
        """The ids of a legal list, in its order (games may speed this up)."""
        return [self.encode(state, seat, a) for a in actions]

    def describe(self) -> list[str]:
        """One line per block of ids, for people (READMEs, `glyphhall rl actions`)."""
        return [f"0..{self.size - 1}: actions"]


class Listed:
    """The domain of a parameterised verb: the k-th action of the verb in the legal list."""

    def __init__(self, count: int, meaning: str) -> None:
        self.count = count
        self.meaning = meaning


class VerbTable(ActionCodec):
    """A numbering made of one block per verb.

    `verbs` maps each verb to its argument domains, in order: a domain is a sequence of values
    (ints or texts; `ABSENT` where the argument may be left out, trailing ones only), or, last, a
    `Rest` of whole argument tails (e.g. every `sacrifice a b` suffix), or a `Listed` (the verb
    is parameterised). Ids are assigned block after block in the order given; within a block the
    first domain varies slowest. Actions are cached by value, so an interned action costs one
    dict lookup after the first time."""

    def __init__(self, verbs: Sequence[tuple[str, Sequence[Any]]]) -> None:
        self.blocks: list[tuple[str, int, list[Any], int]] = []  # verb, first id, domains, size
        self.by_verb: dict[str, tuple[int, list[Any], list[dict[Any, int]]]] = {}
        start = 0
        for verb, domains in verbs:
            doms = [d if isinstance(d, (Rest, Listed)) else tuple(d) for d in domains]
            size = 1
            for d in doms:
                size *= d.count if isinstance(d, Listed) else len(d.tails if isinstance(d, Rest) else d)
            index = [
                {v: i for i, v in enumerate(d.tails if isinstance(d, Rest) else d)}
                for d in doms
                if not isinstance(d, Listed)
            ]
            self.blocks.append((verb, start, doms, size))
            self.by_verb[verb] = (start, doms, index)
            start += size
        self.size = start
        self._cache: dict[Action, int] = {}

    def encode_all(self, state: State, seat: int, actions: Sequence[Action]) -> list[int]:
        # The environments' mask asks this every step: the cache read inline, `encode` only for
        # an action not seen before (or a parameterised one, which is never cached). A subclass
        # that rewrites actions in its own `encode` (Heroscape's `place`) is asked for each one.
        if type(self).encode is not VerbTable.encode:
            return [self.encode(state, seat, action) for action in actions]
        get = self._cache.get
        ids = []
        for action in actions:
            number = get(action)
            ids.append(self.encode(state, seat, action) if number is None else number)
        return ids

    @property
    def parameterised(self) -> bool:
        return any(isinstance(d, Listed) for _, _, doms, _ in self.blocks for d in doms)

    def encode(self, state: State, seat: int, action: Action) -> int:
        cached = self._cache.get(action)
        if cached is not None:
            return cached
        entry = self.by_verb.get(action.verb)
        if entry is None:
            raise ValueError(f"'{action}' has no action id: no block for '{action.verb}'")
        start, doms, index = entry
        if doms and isinstance(doms[-1], Listed):
            same = [a for a in state.legal_actions(seat) if a.verb == action.verb]
            if action not in same or same.index(action) >= doms[-1].count:
                raise ValueError(f"'{action}' has no action id: not among the first "
                                 f"{doms[-1].count} listed '{action.verb}' actions")
            return start + same.index(action)  # depends on the state: never cached
        number = 0
        args = action.args
        for k, (dom, lookup) in enumerate(zip(doms, index, strict=True)):
            if isinstance(dom, Rest):
                value: Any = tuple(args[k:])
                size = len(dom.tails)
            else:
                value = args[k] if k < len(args) else ABSENT
                size = len(dom)
            i = lookup.get(value)
            if i is None:
                raise ValueError(f"'{action}' has no action id: argument {value!r} is outside its domain")
            number = number * size + i
        if len(args) > len(doms) and not (doms and isinstance(doms[-1], Rest)):
            raise ValueError(f"'{action}' has no action id: too many arguments")
        self._cache[action] = start + number
        if len(self._cache) > 200_000:
            self._cache.clear()
        return start + number

    def decode(self, state: State, seat: int, action_id: int) -> Action | None:
        for block in self.blocks:
            verb, start, doms, size = block
            if start <= action_id < start + size:
                number = action_id - start
                break
        else:
            return None
        if doms and isinstance(doms[-1], Listed):
            same = [a for a in state.legal_actions(seat) if a.verb == verb]
            return same[number] if number < len(same) else None
        parts: list[Any] = []
        for dom in reversed(doms):
            values = dom.tails if isinstance(dom, Rest) else dom
            number, i = divmod(number, len(values))
            parts.append(values[i])
        args: list[Any] = []
        for dom, value in zip(doms, reversed(parts), strict=True):
            if isinstance(dom, Rest):
                args.extend(value)
            elif value is not ABSENT:
                args.append(value)
        return Action(verb, tuple(args))

    def describe(self) -> list[str]:
        lines = []
        for verb, start, doms, size in self.blocks:
            shape = " x ".join(
                f"listed ({d.meaning}, up to {d.count})" if isinstance(d, Listed)
                else f"{d.meaning} ({len(d.tails)})" if isinstance(d, Rest)
                else _domain_text(d)
                for d in doms
            )
            lines.append(f"{start}..{start + size - 1}: {verb}" + (f" {shape}" if shape else ""))
        return lines


class Rest:
    """The last domain of a verb: whole argument tails (tuples), e.g. `()`, `("sacrifice", 1)`."""

    def __init__(self, tails: Iterable[tuple[Any, ...]], meaning: str) -> None:
        self.tails = tuple(tails)
        self.meaning = meaning


def subsets(values: Sequence[Any], keyword: str | None = None, sizes: Iterable[int] | None = None) -> Rest:
    """Every increasing subset of `values` as a tail, after `keyword` when not empty (Inscription's
    `sacrifice 1 4`); `sizes` limits the subset sizes (default: all)."""
    allowed = set(range(len(values) + 1) if sizes is None else sizes)
    tails: list[tuple[Any, ...]] = []
    for mask in range(1 << len(values)):
        chosen = tuple(v for i, v in enumerate(values) if mask >> i & 1)
        if len(chosen) in allowed:
            tails.append((keyword, *chosen) if keyword and chosen else chosen)
    return Rest(tails, f"subsets of {_domain_text(values)}" + (f" after '{keyword}'" if keyword else ""))


def tails(*domains: Sequence[Any], meaning: str) -> Rest:
    """Every tail made of one value per domain, `ABSENT` values left out (optional arguments)."""
    seen: dict[tuple[Any, ...], None] = {}
    for combo in product(*domains):
        seen.setdefault(tuple(v for v in combo if v is not ABSENT), None)
    return Rest(seen, meaning)


def _domain_text(values: Sequence[Any]) -> str:
    shown = [("-" if v is ABSENT else str(v)) for v in values]
    if len(shown) > 6:
        shown = [*shown[:3], "...", shown[-1]]
    return "{" + ",".join(shown) + f"}} ({len(values)})"
