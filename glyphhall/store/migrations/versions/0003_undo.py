"""Undo: a table option that allows taking moves back, and actions marked as taken back.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("gh_tables") as t:
        t.add_column(sa.Column("undo", sa.Boolean(), nullable=False, server_default=sa.true()))
    with op.batch_alter_table("gh_actions") as t:
        t.add_column(sa.Column("undone", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("gh_actions") as t:
        t.drop_column("undone")
    with op.batch_alter_table("gh_tables") as t:
        t.drop_column("undo")
