"""Position titles: a table from a position keeps its title beside the text, read once when the
table is made, so the lobby's lists never parse (or even load) the position's text.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from glyphhall.engine import position_title

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("gh_tables") as t:
        t.add_column(sa.Column("position_title", sa.String(100), nullable=True))
    tables = sa.table("gh_tables", sa.column("id", sa.String), sa.column("position", sa.Text),
                      sa.column("position_title", sa.String))
    db = op.get_bind()
    rows = db.execute(sa.select(tables.c.id, tables.c.position).where(tables.c.position.is_not(None))).all()
    for table_id, text in rows:  # the tables made before: their titles, read once now
        db.execute(tables.update().where(tables.c.id == table_id).values(position_title=position_title(str(text)) or ""))


def downgrade() -> None:
    with op.batch_alter_table("gh_tables") as t:
        t.drop_column("position_title")
