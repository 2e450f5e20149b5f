"""People: accounts and sessions, a seat's account, practice and rated tables, ratings.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gh_users",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "gh_sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("gh_users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_gh_sessions_user_id", "gh_sessions", ["user_id"])
    with op.batch_alter_table("gh_tables") as t:
        t.add_column(sa.Column("practice", sa.Boolean(), nullable=False, server_default=sa.false()))
        t.add_column(sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("gh_seats") as t:
        t.add_column(sa.Column("user_id", sa.Integer(), nullable=True))
        t.create_foreign_key("fk_gh_seats_user_id", "gh_users", ["user_id"], ["id"], ondelete="SET NULL")
        t.create_index("ix_gh_seats_user_id", ["user_id"])
    op.create_table(
        "gh_ratings",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("entry", sa.String(80), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.UniqueConstraint("game", "entry"),
    )
    op.create_table(
        "gh_rating_changes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("gh_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("entry", sa.String(80), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_gh_rating_changes_table_id", "gh_rating_changes", ["table_id"])
    op.create_index("ix_gh_rating_changes_entry", "gh_rating_changes", ["game", "entry"])


def downgrade() -> None:
    op.drop_table("gh_rating_changes")
    op.drop_table("gh_ratings")
    with op.batch_alter_table("gh_seats") as t:
        t.drop_index("ix_gh_seats_user_id")
        t.drop_constraint("fk_gh_seats_user_id", type_="foreignkey")
        t.drop_column("user_id")
    with op.batch_alter_table("gh_tables") as t:
        t.drop_column("rated")
        t.drop_column("practice")
    op.drop_table("gh_sessions")
    op.drop_table("gh_users")
