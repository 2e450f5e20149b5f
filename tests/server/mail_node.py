"""One server process of the multi-process e-mail test: `python -m tests.server.mail_node DB_URL
PORT SMTP_URL` serves the test games on 127.0.0.1:PORT, sending e-mail to SMTP_URL, its
notifier as quick as the in-process tests' (email_hall.FAST)."""

from __future__ import annotations

import sys

import uvicorn

from glyphhall.server import create_app
from glyphhall.server.guard.flood_limits import Limits

from .email_hall import FAST
from .games import GAMES

if __name__ == "__main__":
    db_url, port, smtp = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    app = create_app(db_url, games=GAMES, bot_workers=1, limits=Limits.machine_speed(), smtp=smtp,
                     public_url="http://hall.test", notify_times=FAST)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
