"""OpenSkill (Plackett-Luce) ratings per game for rated matches.

A finished match is rated when it is not a practice table (the server chose the seed) and every
seat is a registered person or a bot, with no account at two seats. Ladder entries are
"user:<id>" and "bot:<level>": a bot level is one entry per game, rated like anyone, so people
see where they stand against `mcts-hard`. Teams rate as teams (Tundrus's Tribes, Heroscape's
`teams=pairs`); the order is the game's finishing order: its `placings()` when the state has one
(1 = first), else the returns (a higher return places higher, equal returns share a place).
A bot level at several seats of one match is rated from the same prior at each and keeps the
mean of the results. The shown rating is the conservative mu - 3 sigma."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

from glyphhall.engine import State

log = logging.getLogger("glyphhall.server")
MODEL = PlackettLuce()
DEFAULT = (float(MODEL.mu), float(MODEL.sigma))
Skill = tuple[float, float]


def entry_of(kind: str, bot: str | None, user_id: int | None) -> str | None:
    """The ladder entry of a seat, None for a guest."""
    if user_id is not None:
        return f"user:{user_id}"
    if kind == "bot":
        return f"bot:{bot or 'random'}"
    return None


def rated_entries(entries: Sequence[str | None], practice: bool) -> list[str] | None:
    """The seats' entries when the match is rated, else None."""
    if practice or any(e is None for e in entries):
        return None
    people = [e for e in entries if e is not None and e.startswith("user:")]
    if len(people) != len(set(people)) or len(set(entries)) < 2:
        return None  # somebody played themselves
    return [e for e in entries if e is not None]


def teams_of(state: State) -> list[list[int]]:
    """The seats that win or lose together (each seat alone unless the game has teams)."""
    n = state.num_players
    tribes = getattr(state, "tribe_seats", None)  # Tundrus: the two Tribes
    if tribes and sorted(s for t in tribes for s in t) == list(range(n)):
        return [list(t) for t in tribes if t]
    team = getattr(state, "team", None)  # Heroscape: the team of each seat
    if isinstance(team, list | tuple) and len(team) == n:
        groups: dict[Any, list[int]] = {}
        for seat, t in enumerate(team):
            groups.setdefault(t, []).append(seat)
        return list(groups.values())
    return [[s] for s in range(n)]


def places(state: State, teams: list[list[int]], returns: Sequence[float]) -> list[int]:
    """Each team's place, 1 = first; ties share a place."""
    placings = getattr(state, "placings", None)
    per_seat = list(placings()) if callable(placings) else None
    if per_seat is not None:
        return [min(per_seat[s] for s in team) for team in teams]
    scores = [max(returns[s] for s in team) for team in teams]
    return [1 + sum(1 for other in scores if other > mine) for mine in scores]


def new_skills(seat_entries: Sequence[str], teams: list[list[int]], ranks: Sequence[float], before: dict[str, Skill]) -> dict[str, Skill]:
    """OpenSkill's update for one match: each entry's new (mu, sigma)."""
    rated = MODEL.rate(
        [[MODEL.rating(mu=before[seat_entries[s]][0], sigma=before[seat_entries[s]][1]) for s in team] for team in teams],
        ranks=list(ranks),
    )
    results: dict[str, list[Skill]] = {}
    for team, ratings in zip(teams, rated, strict=True):
        for seat, r in zip(team, ratings, strict=True):
            results.setdefault(seat_entries[seat], []).append((float(r.mu), float(r.sigma)))
    return {e: (sum(m for m, _ in rs) / len(rs), sum(s for _, s in rs) / len(rs)) for e, rs in results.items()}


def shown(skill: Skill) -> float:
    """The rating people see: mu - 3 sigma, one decimal."""
    return round(skill[0] - 3 * skill[1], 1)


def rate(store: Any, table_id: str, game_id: str, final: State, entries: list[str], returns: Sequence[float]) -> dict[str, Skill] | None:
    """Rate a finished match in the store (once; a second call changes nothing)."""
    teams = teams_of(final)
    ranks = places(final, teams, returns)
    return store.rate_match(
        table_id, game_id, sorted(set(entries)), DEFAULT,
        lambda before: new_skills(entries, teams, ranks, before),
    )


def table_entries(table: Any) -> list[str] | None:
    """A live table's ladder entries if its match counts for ratings, else None. (The store's
    gh_tables.rated only says that a finished match has been rated.)"""
    return rated_entries([entry_of(s.kind, s.bot, s.user_id) for s in table.seats], table.practice)


async def rate_finished(table: Any, final: State) -> None:
    """Rate a live table's match once it is over (if it counts); never stops the game ending."""
    entries = table_entries(table)
    if entries is None or table.result is None:
        return
    m = table.manager
    try:
        await m.db(rate, m.store, table.id, table.game.id, final, entries, table.result)
    except Exception:
        log.exception("table %s: could not rate the match", table.id)
