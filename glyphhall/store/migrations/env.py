"""Alembic's entry point. Glyph Hall always hands it an open connection (see
glyphhall.store.migrate), already inside the transaction that holds the migration lock."""

from __future__ import annotations

from alembic import context

from glyphhall.store.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through glyphhall.store.migrate.upgrade(), which passes a connection")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    # SQLite cannot ALTER most things: batch mode copies the table instead.
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
