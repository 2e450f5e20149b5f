"""Shared replay rooms with hypotheticals, in Debian's Chromium: a shared replay room whose
leader plays a hypothetical line of three moves, followed by a second browser, handed over,
shared by link; the line's link opens after a server restart; screenshots at desktop width and
at 390 x 844 in tests/artifacts/. (Undo at the table: test_undo_each_game.py.)"""

from __future__ import annotations

import json

import httpx
import pytest
from websockets.sync.client import connect

from .conftest import WAIT_MS, RestartableServer, context, resize, shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 390, "height": 844}


def api(base: str, method: str, path: str, body: dict | None = None) -> dict:
    r = httpx.request(method, base + path, json=body, timeout=WAIT_MS / 1000)
    assert r.status_code < 300, r.text
    return r.json()


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1")


def finished_bot_game(base: str, game: str, seed: int) -> str:
    """A game two random bots played to the end; waits for the table's last update (the event),
    not for a time."""
    table = api(base, "POST", "/api/tables", {"game": game, "seed": seed, "practice": True,
                                             "seats": [{"kind": "bot", "bot": "random"}] * 2})
    with connect(base.replace("http", "ws", 1) + f"/ws/{table['id']}", open_timeout=WAIT_MS / 1000) as ws:
        ws.send(json.dumps({"type": "hello", "token": None}))
        api(base, "POST", f"/api/tables/{table['id']}/start", {})
        while True:
            msg = json.loads(ws.recv(timeout=WAIT_MS / 1000))
            if msg.get("status") == "finished" or msg.get("table", {}).get("status") == "finished":
                break
    return table["id"]


def named_page(new_page, name: str):
    page = new_page()
    page.context.add_init_script(f"localStorage.setItem('glyphhall.name', '{name}');")
    return page


def line_length(page, n: int) -> None:
    page.wait_for_function("n => document.body.dataset.line === String(n)", arg=n)


def test_a_shared_replay_room_with_a_hypothetical_line_of_three_moves(live_server, new_page):
    table_id = finished_bot_game(live_server, "glyfts", seed=8)
    total = api(live_server, "GET", f"/api/tables/{table_id}/replay/0")["total"]
    start = min(6, total - 1)
    leader = named_page(new_page, "Ann")
    leader.goto(f"{live_server}/r/{table_id}?step={start}")
    leader.wait_for_function("s => document.body.dataset.step === String(s)", arg=start)
    assert "seat 0" not in leader.inner_text("#log") and "seat 1" not in leader.inner_text("#log")
    leader.click("#open-room")
    leader.wait_for_url("**/room/**")
    leader.wait_for_selector("#room-leader:has-text('You lead')")
    follower = named_page(new_page, "Bob")
    follower.goto(leader.url)
    follower.wait_for_selector("#room-members:has-text('Bob (guest) (you)')")
    follower.wait_for_selector("#room-leader:has-text('Following Ann')")
    assert follower.is_disabled("#next") and follower.is_disabled("#hypo-start")
    # The leader steps; the room follows.
    leader.click("#next")
    for page in (leader, follower):
        page.wait_for_function("s => document.body.dataset.step === String(s)", arg=start + 1)
    # A hypothetical line of three moves, each made by clicking on the leader's board.
    leader.click("#hypo-start")
    for page in (leader, follower):
        line_length(page, 0)
        page.wait_for_selector("#hypo-banner")
    for n in range(1, 4):
        button = leader.locator("[data-action]:visible").first
        button.wait_for()
        button.click()
        for page in (leader, follower):
            line_length(page, n)
    assert follower.locator("#hypo-line li").count() == 3
    assert "3 moves" in follower.inner_text("#hypo-banner")
    assert follower.locator("[data-action]:visible").count() == 0  # followers watch, only the leader plays
    shot(leader, "replay-room-hypothetical-leader")
    resize(follower, PHONE)
    no_sideways_scroll(follower)
    shot(follower, "replay-room-hypothetical-follower-390")
    # The line by link: a third browser opens exactly those three moves.
    link = leader.get_attribute("#hypo-share", "href")
    guest = new_page()
    guest.goto(link)
    line_length(guest, 3)
    assert guest.inner_text("#hypo-line") == leader.inner_text("#hypo-line")
    # Back one move, then the lead goes to Bob, who leaves the hypothetical for the real game.
    leader.click("#hypo-back")
    line_length(follower, 2)
    leader.click(".hand-lead")
    follower.wait_for_selector("#room-leader:has-text('You lead')")
    leader.wait_for_selector("#next:disabled")  # the room tells Ann too (her page may hear it later)
    follower.click("#hypo-leave")
    line_length(leader, "")
    leader.wait_for_function("s => document.body.dataset.step === String(s)", arg=start + 1)
    # Chat in the room.
    follower.fill("#chat-text", "what if Ann had summoned?")
    follower.press("#chat-text", "Enter")
    leader.wait_for_selector("#chat:has-text('Bob (guest): what if Ann had summoned?')")
    shot(leader, "replay-room-real-game")
    resize(leader, PHONE)
    no_sideways_scroll(leader)
    shot(leader, "replay-room-real-game-390")


def test_a_hypothetical_line_shared_by_link_opens_after_a_server_restart(browser, tmp_path):
    """The "Share this line" link carries the whole line (the step and the moves, in the address
    of the table's replay page), not a room: rooms live in memory, the record in the store, so
    after a restart the link opens the same three moves. A room's own link names the game too,
    so after a restart it opens the replay and says the room has closed."""
    server = RestartableServer(str(tmp_path / "glyphhall.db"))
    server.start()
    contexts = []

    def page_at(url: str):
        ctx = context(browser, viewport={"width": 1280, "height": 900})
        contexts.append(ctx)
        page = ctx.new_page()
        page.goto(url)
        return page

    try:
        table_id = finished_bot_game(server.url, "glyfts", seed=8)
        page = page_at(f"{server.url}/r/{table_id}?step=4")
        page.wait_for_function("() => document.body.dataset.step === '4'")
        page.click("#hypo-start")
        for n in range(1, 4):
            page.locator("[data-action]:visible").first.click()
            line_length(page, n)
        link = page.get_attribute("#hypo-share", "href")
        line = page.inner_text("#hypo-line")
        assert link.startswith(f"{server.url}/r/{table_id}?") and "line=" in link
        page.click("#open-room")
        page.wait_for_url("**/room/**")
        page.fill("#room-name", "Ann")  # a guest who never gave a name is asked on the page
        page.click("#room-join-button")
        room = page.get_attribute("#link a", "href")
        server.stop()
        server.start()
        again = page_at(link)
        line_length(again, 3)
        assert again.inner_text("#hypo-line") == line
        assert "3 moves" in again.inner_text("#hypo-banner")
        shot(again, "replay-hypothetical-link-after-restart")
        # The room itself closed with the server; its link still opens the game's replay.
        closed = page_at(room)
        closed.wait_for_url(f"**/r/{table_id}**")
        closed.wait_for_selector("#error:has-text('That shared room has closed')")
    finally:
        for ctx in contexts:
            ctx.close()
        server.stop()
