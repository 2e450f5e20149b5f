"""Rematch offers in the store: "Play again" at a finished table survives a server restart and is
the same in every server process (they lived in one process's memory before).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gh_rematches",
        sa.Column("old_table", sa.String(32), sa.ForeignKey("gh_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("new_table", sa.String(32), sa.ForeignKey("gh_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_gh_rematches_new_table", "gh_rematches", ["new_table"])
    op.create_table(
        "gh_rematch_answers",
        sa.Column("old_table", sa.String(32), sa.ForeignKey("gh_rematches.old_table", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("accepted", sa.Boolean(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("gh_rematch_answers")
    op.drop_index("ix_gh_rematches_new_table", table_name="gh_rematches")
    op.drop_table("gh_rematches")
