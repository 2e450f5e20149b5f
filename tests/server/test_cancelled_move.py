"""A move whose caller is cancelled while its row is being committed (a closing connection, a
bot task stopped) still moves the table on: the store and the live table never disagree."""

from __future__ import annotations

import asyncio
import threading

from fastapi.testclient import TestClient

from glyphhall.server import create_app

from .games import GAMES
from .helpers import started_duel


def test_a_cancelled_caller_leaves_the_table_in_step_with_the_store(db_url):
    with TestClient(create_app(db_url, games=GAMES, bot_workers=1)) as c:
        table_id, _tokens = started_duel(c)
        manager = c.app.state.manager
        access = manager.access
        committing = threading.Event()
        release = threading.Event()
        real_append = access.store.append_actions

        def slow_append(rows):
            committing.set()
            release.wait(10)
            return real_append(rows)

        async def scenario() -> tuple[int, int]:
            table = await manager.get(table_id)
            seat = table.state.to_move()[0]
            move = str(table.state.legal_actions(seat)[0])
            access.store.append_actions = slow_append
            caller = asyncio.create_task(table.act(seat, move))
            while not committing.is_set():
                await asyncio.sleep(0.005)
            caller.cancel()  # the row is being written right now
            await asyncio.sleep(0.01)
            release.set()
            for _ in range(400):
                stored = len(await manager.db(access.store.actions, table_id))
                if stored and len(table.actions) == stored:
                    break
                await asyncio.sleep(0.005)
            access.store.append_actions = real_append
            return len(table.actions), stored

        live, stored = c.portal.call(scenario)
        assert stored == 1
        assert live == stored
        # And play goes on from there: the next step is not refused as a clash.
        assert c.get(f"/api/tables/{table_id}").json()["step"] == 1
