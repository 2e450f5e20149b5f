"""Positions: a table may begin from a position (the TOML text it is rebuilt from).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("gh_tables") as t:
        t.add_column(sa.Column("position", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("gh_tables") as t:
        t.drop_column("position")
