"""Bot specs as people type them: a registered name, optionally with MCTS settings after a colon.

    random            heuristic         mcts-hard
    mcts:iterations=400,seconds=none    mcts-easy:cutoff=20    mcts:early_stop=off
    mcts:prior=heuristic,prior_weight=4    mcts-hard:roots=1    careless:p=0.3
    hard              expert:roots=1    (a level key, see `bots/levels.py`, stands for its spec)

Settings after the colon are for the MCTS levels (see `glyphhall.bots.mcts.MCTSBot`), and `p`
for the careless bot (its chance of a random move, `bots/simple.py`); the arena uses them to get iteration budgets, which (unlike time budgets) make results reproducible."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import make, names
from .base import Bot
from .levels import LEVELS, resolve


def _switch(text: str) -> bool:
    """on/off settings: true/false, yes/no, on/off or 1/0."""
    word = text.lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("0", "false", "no", "off"):
        return False
    raise ValueError(text)


def _prior(text: str) -> str | None:
    """The search's prior: heuristic, or off."""
    word = text.lower()
    if word == "heuristic":
        return word
    if word in ("0", "false", "no", "off"):
        return None
    raise ValueError(text)


#: What a setting's value must be, where it is not a number (for the error message).
_KINDS: dict[Callable[[str], object], str] = {_switch: "on or off", _prior: "heuristic or off"}

#: Setting name -> converter. `none` switches a budget off.
_SETTINGS: dict[str, Callable[[str], object]] = {
    "iterations": int,
    "seconds": float,
    "exploration": float,
    "cutoff": int,
    "greedy_rollouts": float,
    "finish_turn": _switch,
    "widen_c": float,
    "widen_alpha": float,
    "widen_from": int,
    "early_stop": _switch,
    "adjust_luck": _switch,
    "prior": _prior,
    "prior_weight": float,
    "roots": int,
    # the network-guided level (bots/guided.py)
    "mix": float,
    "batch": int,
    "puct": float,
}


#: The careless bot's one setting: its chance of a random move on each decision.
_CARELESS_SETTINGS: dict[str, Callable[[str], object]] = {"p": float}

_LEVEL_KEYS = ", ".join(level.key for level in LEVELS)


class BotSpecError(ValueError):
    """A bot spec that names no bot or carries a bad setting (the message says which)."""


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """("mcts", {"iterations": 400}) from "mcts:iterations=400". Raises BotSpecError."""
    if not isinstance(spec, str) or not spec.strip():
        raise BotSpecError(f"a computer player is named by its level: {_LEVEL_KEYS}")
    spec = resolve(spec)
    base, _, rest = spec.strip().partition(":")
    base = base.strip()
    if base not in names():
        # What a player reads (`--vs`): the levels only; the specs are for developers (bots/spec.py).
        raise BotSpecError(f"there is no level {base!r}; the levels are {_LEVEL_KEYS}")
    settings: dict[str, Any] = {}
    if rest.strip():
        if base == "careless":
            allowed = _CARELESS_SETTINGS
        elif base.startswith("mcts"):
            allowed = _SETTINGS
        else:
            raise BotSpecError(f"bot {base!r} takes no settings (only the mcts levels and careless do)")
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            key, value = key.strip(), value.strip()
            if not eq or key not in allowed:
                raise BotSpecError(
                    f"bad setting {item.strip()!r} in {spec!r}; settings are key=value with key one of "
                    + ", ".join(allowed)
                )
            if value.lower() == "none" and allowed is _SETTINGS:
                settings[key] = None
                continue
            try:
                settings[key] = allowed[key](value)
            except ValueError:
                kind = _KINDS.get(allowed[key], "a number")
                raise BotSpecError(f"setting {key!r} in {spec!r} must be {kind}, not {value!r}") from None
    return base, settings


def make_bot(spec: str, seed: int = 0) -> Bot:
    """The bot a spec describes, seeded. Its `name` is the spec itself, so reports show it."""
    base, settings = parse_spec(spec)
    if not settings:
        bot = make(base, seed)
    elif base == "careless":
        from .simple import CarelessBot

        try:
            bot = CarelessBot(seed, **settings)
        except ValueError as err:
            raise BotSpecError(f"{spec!r}: {err}") from None
    else:
        from .mcts import make_level

        try:
            bot = make_level(base, seed, **settings)
        except ValueError as err:
            raise BotSpecError(f"{spec!r}: {err}") from None
    bot.name = spec.strip()
    return bot


def check_spec(spec: str) -> str:
    """The spec, stripped, after building it once to prove it is valid."""
    make_bot(spec, 0)
    return spec.strip()
