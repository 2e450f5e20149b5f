"""Counters shared by the hall's processes: the attempt limits (sign-in, sign-up, wrong
passwords, tables created) hold across processes.

Revision ID: 0008
Revises: 0006
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gh_counters",
        sa.Column("kind", sa.String(32), primary_key=True),
        sa.Column("key", sa.String(300), primary_key=True),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_gh_counters_at", "gh_counters", ["at"])


def downgrade() -> None:
    op.drop_index("ix_gh_counters_at", table_name="gh_counters")
    op.drop_table("gh_counters")
