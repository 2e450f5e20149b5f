"""Repository functions for ratings: each ladder entry's current rating per game and what every
rated match changed. A mixin of `Store`. The rating model itself (OpenSkill) lives in the server;
the store only keeps numbers, and rates a match once, in one transaction."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from .db import changed_rows
from .models import RatingChangeRow, RatingRow, TableRow

#: (mu, sigma)
Skill = tuple[float, float]


@dataclass(frozen=True)
class RatingInfo:
    game: str
    entry: str  # "user:<id>" or "bot:<level>"
    mu: float
    sigma: float
    matches: int


@dataclass(frozen=True)
class RatingChange:
    table_id: str
    game: str
    entry: str
    before: Skill
    after: Skill
    at: float


class RatingsRepo:
    _session: sessionmaker[Session]

    def rate_match(
        self, table_id: str, game: str, entries: list[str], default: Skill,
        compute: Callable[[dict[str, Skill]], dict[str, Skill]],
    ) -> dict[str, Skill] | None:
        """Rate finished table `table_id` once: `compute` turns the entries' current skills into
        their new ones, and both are stored with the table marked rated, in one transaction.
        None (and nothing changed) when the table is not finished or was rated already."""
        with self._session.begin() as db:
            claimed = db.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "finished", TableRow.rated.is_(False))
                .values(rated=True)
            )
            if changed_rows(claimed) != 1:
                return None
            rows = {
                r.entry: r
                for r in db.scalars(
                    select(RatingRow).where(RatingRow.game == game, RatingRow.entry.in_(entries)).with_for_update()
                )
            }
            before = {e: (rows[e].mu, rows[e].sigma) if e in rows else default for e in entries}
            after = compute(dict(before))
            now = time.time()
            for entry, (mu, sigma) in after.items():
                row = rows.get(entry)
                if row is None:
                    db.add(RatingRow(game=game, entry=entry, mu=mu, sigma=sigma, matches=1, updated_at=now))
                else:
                    row.mu, row.sigma, row.matches, row.updated_at = mu, sigma, row.matches + 1, now
                db.add(RatingChangeRow(
                    table_id=table_id, game=game, entry=entry, mu_before=before[entry][0],
                    sigma_before=before[entry][1], mu=mu, sigma=sigma, at=now,
                ))
            return after

    def leaderboard(self, game: str, limit: int = 100) -> list[RatingInfo]:
        """Entries by their conservative rating (mu - 3 sigma), best first."""
        with self._session() as db:
            rows = db.scalars(
                select(RatingRow)
                .where(RatingRow.game == game)
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), RatingRow.id)
                .limit(limit)
            ).all()
            return [RatingInfo(r.game, r.entry, r.mu, r.sigma, r.matches) for r in rows]

    def ratings_of(self, entry: str) -> list[RatingInfo]:
        with self._session() as db:
            rows = db.scalars(select(RatingRow).where(RatingRow.entry == entry).order_by(RatingRow.game)).all()
            return [RatingInfo(r.game, r.entry, r.mu, r.sigma, r.matches) for r in rows]

    def rating_changes(self, entry: str, table_ids: list[str] | None = None, limit: int = 500) -> list[RatingChange]:
        """An entry's rating changes, oldest first (optionally only those of some tables)."""
        with self._session() as db:
            query = select(RatingChangeRow).where(RatingChangeRow.entry == entry)
            if table_ids is not None:
                query = query.where(RatingChangeRow.table_id.in_(table_ids))
            rows = db.scalars(query.order_by(RatingChangeRow.id.desc()).limit(limit)).all()
            return [
                RatingChange(r.table_id, r.game, r.entry, (r.mu_before, r.sigma_before), (r.mu, r.sigma), r.at)
                for r in reversed(rows)
            ]
