"""The thinking sign (issue 23): while a bot computes its move the table page says "Beginner computer
is thinking…" (and marks its seat) to the person and to a spectator, until the move arrives.
The bot is held at a gate while the pages are checked, so nothing here depends on how fast the
machine is. Screenshots: thinking-<who>-<width>.png."""

from __future__ import annotations

import asyncio
import random
import threading

import httpx
import pytest

from glyphhall.server.tables.botpool import BotPool

from .conftest import WAIT_MS, box, shot
from .seats import SeatSocket, table_pages

pytestmark = [pytest.mark.browser]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def held_bots(monkeypatch):
    """Bot moves wait until the returned event is set (then every later move is free)."""
    gate = threading.Event()
    choose = BotPool.choose

    async def held(self, *args, **kwargs):
        await asyncio.get_running_loop().run_in_executor(None, gate.wait)
        return await choose(self, *args, **kwargs)

    monkeypatch.setattr(BotPool, "choose", held)
    yield gate
    gate.set()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_table_says_which_bot_is_thinking_until_its_move_arrives(live_server, browser, held_bots, viewport):
    with httpx.Client(base_url=live_server, timeout=WAIT_MS / 1000) as http:
        body = {"game": "inscription", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}], "seed": 4, "practice": True}
        table_id = http.post("/api/tables", json=body).json()["id"]
        token = http.post(f"/api/tables/{table_id}/seats/0", json={"name": "Ann"}).json()["token"]
        assert http.post(f"/api/tables/{table_id}/start", json={"token": token}).status_code == 200
    ann, rng = SeatSocket(live_server, table_id, token), random.Random(1)
    while 1 not in ann.refresh()["to_move"]:  # Ann plays until the bot is to move
        assert ann.play_random(rng) is not None
    step = ann.state["step"]
    pages, contexts = table_pages(browser, live_server, table_id, {"ann": token, "spectator": None}, viewport)
    try:
        width = viewport["width"]
        for who, page in pages.items():
            sign = page.locator("#thinking")
            sign.wait_for(state="visible")
            assert sign.inner_text() == "Beginner computer is thinking…"
            assert page.locator('.seat-row[data-seat="1"] .thinking-tag').inner_text() == "thinking…"
            assert page.evaluate("document.body.dataset.step") == str(step)
            assert box(page, "#thinking")["y"] < viewport["height"], "the sign is on the first screen"
            shot(page, f"thinking-{who}-{width}")
        held_bots.set()
        for page in pages.values():
            page.wait_for_function("s => Number(document.body.dataset.step) > s", arg=step)
            page.locator("#thinking").wait_for(state="hidden")
            assert page.locator(".thinking-tag").count() == 0
    finally:
        ann.close()
        for ctx in contexts:
            ctx.close()
