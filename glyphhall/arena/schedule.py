"""Which matches an arena plays: every pairing (round robin) or the first entrant against each
other (gauntlet), each line-up played with its seats rotated, every match seeded from the arena
seed and its index alone, so whoever runs a match gets the same game."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from glyphhall.engine import Rng

MODES = ("round-robin", "gauntlet")


@dataclass(frozen=True)
class MatchSpec:
    """Everything a worker needs to play one match, picklable and JSON-ready."""

    index: int
    game: str
    seed: int
    #: Entrant label per seat (labels are unique: a bot entered twice becomes "mcts", "mcts#2").
    entrants: tuple[str, ...]
    #: Bot spec per seat ("mcts:iterations=400").
    bots: tuple[str, ...]
    #: Bot seed per seat.
    bot_seeds: tuple[int, ...]
    options: dict[str, Any] = field(default_factory=dict)
    #: Chance from per-purpose streams (`arena.luck.SharedLuck`), so that games of the same seed
    #: share their luck: the strength bench's paired games. The record then does not replay.
    shared_luck: bool = False

    def to_dict(self) -> dict[str, Any]:
        extra = {"shared_luck": True} if self.shared_luck else {}
        return {
            **extra,
            "index": self.index,
            "game": self.game,
            "seed": self.seed,
            "entrants": list(self.entrants),
            "bots": list(self.bots),
            "bot_seeds": list(self.bot_seeds),
            "options": dict(self.options),
        }


def entrant_labels(bots: list[str]) -> list[str]:
    """Unique labels for the entrants, in order: repeats get '#2', '#3', ..."""
    seen: dict[str, int] = {}
    labels = []
    for spec in bots:
        seen[spec] = seen.get(spec, 0) + 1
        labels.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return labels


def match_seed(arena_seed: int, index: int) -> int:
    """The game seed of match `index`: a pure function of the arena seed and the index."""
    return Rng((arena_seed * 0x100000001B3 + index) & ((1 << 64) - 1)).next64() >> 33


def line_ups(count: int, players: int, mode: str) -> list[tuple[int, ...]]:
    """Groups of entrant indexes that meet, before seat rotation."""
    if mode not in MODES:
        raise ValueError(f"unknown arena mode {mode!r}; modes: {', '.join(MODES)}")
    if count < 2:
        raise ValueError("an arena needs at least two bots")
    if mode == "gauntlet":
        # The first entrant (the challenger) meets every group of the others.
        return (
            [(0, *rest) for rest in combinations(range(1, count), players - 1)]
            if count - 1 >= players - 1
            else []
        )
    return list(combinations(range(count), players)) if count >= players else []


def schedule(
    game: str,
    bots: list[str],
    games: int,
    players: int,
    *,
    mode: str = "round-robin",
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> list[MatchSpec]:
    """`games` matches for every line-up, the line-up rotated one seat per match so each bot
    plays each seat equally often (exactly, when `games` is a multiple of `players`)."""
    if games < 1:
        raise ValueError("the number of games per line-up must be at least 1")
    labels = entrant_labels(bots)
    groups = line_ups(len(bots), players, mode)
    if not groups:
        raise ValueError(
            f"{len(bots)} bots cannot fill a {players}-player {mode} (give at least {players} bots)"
        )
    specs: list[MatchSpec] = []
    for group in groups:
        for g in range(games):
            shift = g % players
            seated = group[shift:] + group[:shift]
            index = len(specs)
            seed_ = match_seed(seed, index)
            bot_rng = Rng(seed_ ^ 0xB075)
            specs.append(
                MatchSpec(
                    index=index,
                    game=game,
                    seed=seed_,
                    entrants=tuple(labels[i] for i in seated),
                    bots=tuple(bots[i] for i in seated),
                    bot_seeds=tuple(bot_rng.next64() >> 1 for _ in seated),
                    options=dict(options or {}),
                )
            )
    return specs
