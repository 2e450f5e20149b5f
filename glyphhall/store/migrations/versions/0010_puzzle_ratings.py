"""Puzzle ratings (Glicko-2): the puzzles' ratings once played, each account's puzzle rating per
game, and accounts' finished attempts (only the first at a puzzle is rated).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def _glicko_columns() -> list[sa.Column]:
    return [
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "gh_puzzle_ratings",
        sa.Column("puzzle_id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        *_glicko_columns(),
    )
    op.create_index("ix_gh_puzzle_ratings_game", "gh_puzzle_ratings", ["game"])
    op.create_table(
        "gh_puzzle_players",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("gh_users.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        *_glicko_columns(),
    )
    op.create_table(
        "gh_puzzle_attempts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("gh_users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("puzzle_id", sa.String(64), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_gh_puzzle_attempts_user", "gh_puzzle_attempts", ["user_id", "game", "at"])


def downgrade() -> None:
    op.drop_index("ix_gh_puzzle_attempts_user", table_name="gh_puzzle_attempts")
    op.drop_table("gh_puzzle_attempts")
    op.drop_table("gh_puzzle_players")
    op.drop_index("ix_gh_puzzle_ratings_game", table_name="gh_puzzle_ratings")
    op.drop_table("gh_puzzle_ratings")
