"""Alembic migrations of the Glyph Hall database (run by `glyphhall.store.migrate`)."""
