"""The `glyphhall` command."""
