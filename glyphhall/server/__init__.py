"""The Glyph Hall web server: lobby (REST), play (websockets), replays, and the browser client."""

from .app import create_app

__all__ = ["create_app"]
