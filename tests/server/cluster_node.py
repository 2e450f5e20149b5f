"""One server process of a multi-process test: `python -m tests.server.cluster_node DB_URL PORT`
serves the test games on 127.0.0.1:PORT (uvicorn, one worker)."""

from __future__ import annotations

import sys

import uvicorn

from glyphhall.server import create_app
from glyphhall.server.guard.flood_limits import Limits

from .games import GAMES

if __name__ == "__main__":
    db_url, port = sys.argv[1], int(sys.argv[2])
    uvicorn.run(create_app(db_url, games=GAMES, bot_workers=1, limits=Limits.machine_speed()), host="127.0.0.1", port=port,
                log_level="warning")
