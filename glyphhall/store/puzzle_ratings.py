"""Puzzle ratings (Glicko-2, `glicko.py`): each puzzle's rating once someone has played it (until
then the start rating shipped in its game's puzzles.toml stands), each account's puzzle rating per
game, and the attempts (what "seen recently" means for the next puzzle). A mixin of `Store`.

Only an account's first attempt at a puzzle is rated, as on lichess: a puzzle tried again after
its answer was shown would otherwise be a free win. Guests are never stored here."""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, String, select
from sqlalchemy.orm import Mapped, Session, mapped_column, sessionmaker

from .glicko import Glicko, after_attempt
from .models import Base


class _RatingColumns:
    """A Glicko-2 rating's columns, and how often it was tried and solved."""

    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer)
    solved: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Float)

    def count_attempt(self, after: Glicko, won: int, now: float) -> None:
        """One more attempt (`won`: 1 if solved), rated to `after`."""
        self.rating, self.deviation, self.volatility = after.rating, after.deviation, after.volatility
        self.attempts += 1
        self.solved += won
        self.updated_at = now


class PuzzleRatingRow(_RatingColumns, Base):
    """A puzzle's rating once it has been played by an account."""

    __tablename__ = "gh_puzzle_ratings"

    puzzle_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)


class PuzzlePlayerRow(_RatingColumns, Base):
    """An account's puzzle rating in one game."""

    __tablename__ = "gh_puzzle_players"

    user_id: Mapped[int] = mapped_column(ForeignKey("gh_users.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)


class PuzzleAttemptRow(Base):
    """One finished attempt of an account at a puzzle (solved or failed), rated or not."""

    __tablename__ = "gh_puzzle_attempts"
    __table_args__ = (Index("ix_gh_puzzle_attempts_user", "user_id", "game", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("gh_users.id", ondelete="CASCADE"))
    puzzle_id: Mapped[str] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(64))
    solved: Mapped[bool] = mapped_column(Boolean)
    rated: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[float] = mapped_column(Float)


@dataclass(frozen=True)
class PuzzleRating:
    game: str
    rating: Glicko
    attempts: int
    solved: int


@dataclass(frozen=True)
class AttemptOutcome:
    rated: bool  # False: the account had tried this puzzle before (nothing moved)
    player_before: Glicko
    player_after: Glicko
    puzzle_before: Glicko
    puzzle_after: Glicko


def _glicko(row: PuzzleRatingRow | PuzzlePlayerRow) -> Glicko:
    return Glicko(row.rating, row.deviation, row.volatility)


class PuzzleRatingsRepo:
    _session: sessionmaker[Session]

    def puzzle_ratings(self, game: str) -> dict[str, PuzzleRating]:
        """The ratings of a game's puzzles that have been played (the others keep their start)."""
        with self._session() as db:
            rows = db.scalars(select(PuzzleRatingRow).where(PuzzleRatingRow.game == game)).all()
            return {r.puzzle_id: PuzzleRating(r.game, _glicko(r), r.attempts, r.solved) for r in rows}

    def player_puzzle_ratings(self, user_id: int) -> dict[str, PuzzleRating]:
        """An account's puzzle rating per game it has tried puzzles in."""
        with self._session() as db:
            rows = db.scalars(select(PuzzlePlayerRow).where(PuzzlePlayerRow.user_id == user_id)).all()
            return {r.game: PuzzleRating(r.game, _glicko(r), r.attempts, r.solved) for r in rows}

    def puzzles_tried(self, user_id: int, game: str, limit: int = 500) -> list[str]:
        """The puzzles an account finished an attempt at in a game, most recent first, once each."""
        with self._session() as db:
            rows = db.execute(select(PuzzleAttemptRow.puzzle_id).where(
                PuzzleAttemptRow.user_id == user_id, PuzzleAttemptRow.game == game,
            ).order_by(PuzzleAttemptRow.at.desc(), PuzzleAttemptRow.id.desc()).limit(limit * 4)).all()
            return list(dict.fromkeys(p for (p,) in rows))[:limit]

    def rate_puzzle_attempt(self, user_id: int, game: str, puzzle_id: str, start: Glicko,
                            solved: bool) -> AttemptOutcome:
        """Record an account's finished attempt; its first at this puzzle moves both ratings (the
        puzzle's from `start`, its shipped rating, if nobody played it yet), in one transaction."""
        with self._session.begin() as db:
            tried = db.scalar(select(PuzzleAttemptRow.id).where(
                PuzzleAttemptRow.user_id == user_id, PuzzleAttemptRow.puzzle_id == puzzle_id).limit(1))
            player_row = db.scalars(select(PuzzlePlayerRow).where(
                PuzzlePlayerRow.user_id == user_id, PuzzlePlayerRow.game == game).with_for_update()).first()
            puzzle_row = db.scalars(select(PuzzleRatingRow).where(
                PuzzleRatingRow.puzzle_id == puzzle_id).with_for_update()).first()
            player = _glicko(player_row) if player_row else Glicko()
            puzzle = _glicko(puzzle_row) if puzzle_row else start
            now = time.time()
            db.add(PuzzleAttemptRow(user_id=user_id, puzzle_id=puzzle_id, game=game, solved=solved,
                                    rated=tried is None, at=now))
            if tried is not None:
                return AttemptOutcome(False, player, player, puzzle, puzzle)
            player_after, puzzle_after = after_attempt(player, puzzle, solved)
            won = int(solved)
            if player_row is None:
                player_row = PuzzlePlayerRow(user_id=user_id, game=game, attempts=0, solved=0)
                db.add(player_row)
            player_row.count_attempt(player_after, won, now)
            if puzzle_row is None:
                puzzle_row = PuzzleRatingRow(puzzle_id=puzzle_id, game=game, attempts=0, solved=0)
                db.add(puzzle_row)
            puzzle_row.count_attempt(puzzle_after, won, now)
            return AttemptOutcome(True, player, player_after, puzzle, puzzle_after)
