"""The server process itself: its log format, metrics and health checks, garbage collection,
worker processes that die with it, and uvicorn's settings. Nothing here knows about tables."""
