"""Tables for the browser tests: people seated over the lobby API, and a seat played from Python
over the websocket protocol (a second tab of that person) while the pages watch."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
from websockets.sync.client import connect

from .conftest import WAIT_MS, context

NAMES = ("Ann", "Bob", "Cy", "Di")


def seated_table(base: str, game: str, people: int = 2, seed: int = 3, options: dict | None = None) -> tuple[str, list[str]]:
    """A running table of `game` with `people` persons seated (Ann, Bob...): (id, their tokens)."""
    with httpx.Client(base_url=base, timeout=WAIT_MS / 1000) as http:
        body = {"game": game, "seats": [{"kind": "person"}] * people, "seed": seed, "practice": True,
                "options": options or {}}
        table = http.post("/api/tables", json=body).json()
        tokens = [http.post(f"/api/tables/{table['id']}/seats/{i}", json={"name": NAMES[i]}).json()["token"]
                  for i in range(people)]
        r = http.post(f"/api/tables/{table['id']}/start", json={"token": tokens[0]})
        assert r.status_code == 200, r.text
    return table["id"], tokens


def seat_script(table_id: str, token: str) -> str:
    """An init script that gives a page the seat's token (as the lobby does after taking a seat)."""
    seat = json.dumps({"seat": None, "token": token})
    return f"localStorage.setItem('glyphhall.seat.{table_id}', {json.dumps(seat)})"


class SeatSocket:
    """One seat's websocket: the legal actions and whose move it is, and random moves."""

    def __init__(self, base: str, table_id: str, token: str | None) -> None:
        self.ws = connect(base.replace("http", "ws", 1) + f"/ws/{table_id}", open_timeout=WAIT_MS / 1000)
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.state: dict[str, Any] = self._until("state")

    def _until(self, kind: str) -> dict[str, Any]:
        while True:
            msg = json.loads(self.ws.recv(timeout=WAIT_MS / 1000))
            if msg["type"] == kind or msg["type"] == "error":
                return msg

    def refresh(self) -> dict[str, Any]:
        self.ws.send(json.dumps({"type": "resync"}))
        self.state = self._until("state")
        return self.state

    def play(self, text: str) -> None:
        """Play `text` for this seat and wait for the table's answer (refused: AssertionError)."""
        self.ws.send(json.dumps({"type": "act", "text": text, "ref": "play"}))
        while True:  # the other seats' moves may be queued before this one's answer
            msg = json.loads(self.ws.recv(timeout=WAIT_MS / 1000))
            assert msg["type"] != "error", (text, msg)
            if msg["type"] == "update" and msg.get("ack") == "play":
                return

    def play_random(self, rng: random.Random) -> str | None:
        """A random legal move of this seat, if it has one; answers the action text."""
        legal = self.refresh()["legal"]
        if not legal:
            return None
        text = rng.choice(legal)
        self.ws.send(json.dumps({"type": "act", "text": text, "ref": 1}))
        msg = self._until("update")
        return text if msg["type"] == "update" else None

    def close(self) -> None:
        self.ws.close()


def table_pages(browser, base: str, table_id: str, people: dict[str, str | None], viewport: dict) -> tuple[dict, list]:
    """One browser context per person (name -> seat token; None watches), each on the table's
    page: (pages by name, the contexts to close)."""
    pages, contexts = {}, []
    for who, token in people.items():
        ctx = context(browser, viewport=viewport)
        contexts.append(ctx)
        if token:
            ctx.add_init_script(seat_script(table_id, token))
        page = ctx.new_page()
        page.goto(f"{base}/t/{table_id}")
        pages[who] = page
    return pages, contexts
