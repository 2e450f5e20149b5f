"""Names at the door (issue 26): a guest types a name on the table page (no pop-up), and one who
types a registered name is told so beside the field and takes the seat under another name; a
signed-in person is asked nothing. In a shared replay room a guest may not use a registered name
either, and is marked "(guest)" in the members and the chat. Screenshots: join-*."""

from __future__ import annotations

import httpx
import pytest

from .conftest import WAIT_MS, box, context, resize, shot
from .test_undo_and_replays import api, finished_bot_game

pytestmark = [pytest.mark.browser]

PHONE = {"width": 390, "height": 844}
PASSWORD = "a long enough password"


def account(base: str, name: str) -> httpx.Cookies:
    r = httpx.post(base + "/api/account/signup", json={"name": name, "password": PASSWORD}, timeout=WAIT_MS / 1000)
    assert r.status_code == 201, r.text
    return r.cookies


def test_a_guest_with_a_registered_name_is_told_and_takes_the_seat_under_another(live_server, new_page):
    account(live_server, "Rowan")
    table = api(live_server, "POST", "/api/tables", {"game": "glyfts", "seats": [{"kind": "person"}] * 2})
    page = new_page()
    page.on("dialog", lambda d: pytest.fail(f"a pop-up asked: {d.message}"))
    page.goto(f"{live_server}/t/{table['id']}")
    page.wait_for_selector("#join #seat-name")
    assert page.get_attribute("#join-sign-in", "href") == f"/account?next=%2Ft%2F{table['id']}"
    page.click('button.take[data-seat="0"]')  # no name yet: asked on the page
    assert "Type your name" in page.inner_text("#join-error")
    page.fill("#seat-name", "rowan")
    page.click('button.take[data-seat="0"]')
    page.wait_for_selector("#join-error:has-text('the registered name')")
    shot(page, "join-registered-name-1280")
    resize(page, PHONE)
    shot(page, "join-registered-name-390")
    assert box(page, "#join-error")["y"] < PHONE["height"]
    page.fill("#seat-name", "Björn")  # another name, accented
    page.click('button.take[data-seat="0"]')
    page.wait_for_selector("text=you play as Björn")
    assert "Björn (guest)" in page.inner_text("#seats")
    assert page.locator("#join").is_hidden()


def test_a_replay_room_refuses_a_registered_name_to_a_guest_and_marks_guests(live_server, browser):
    cookies = account(live_server, "Sasha")
    table_id = finished_bot_game(live_server, "inscription", seed=2)
    invite = live_server + api(live_server, "POST", f"/api/tables/{table_id}/rooms", {"step": 3})["invite"]
    sasha_ctx = context(browser, viewport={"width": 1280, "height": 800})
    sasha_ctx.add_cookies([{"name": c.name, "value": c.value, "url": live_server} for c in cookies.jar])
    guest_ctx = context(browser, viewport=PHONE)
    guest_ctx.add_init_script("localStorage.setItem('glyphhall.name', 'sasha');")  # a name typed before
    try:
        sasha = sasha_ctx.new_page()
        sasha.on("dialog", lambda d: pytest.fail(f"a signed-in person was asked: {d.message}"))
        sasha.goto(invite)
        sasha.wait_for_selector("#room-members:has-text('Sasha (you)')")
        guest = guest_ctx.new_page()
        guest.on("dialog", lambda d: pytest.fail(f"a pop-up asked: {d.message}"))
        guest.goto(invite)
        guest.wait_for_selector("#room-join-error:has-text('the registered name')")
        shot(guest, "join-room-registered-name-390")
        guest.fill("#room-name", "Cy")
        guest.click("#room-join-button")
        guest.wait_for_selector("#room-members:has-text('Cy (guest) (you)')")
        sasha.wait_for_selector("#room-members:has-text('Cy (guest)')")
        assert "Sasha (guest)" not in sasha.inner_text("#room-members")
        guest.fill("#chat-text", "hello")
        guest.press("#chat-text", "Enter")
        sasha.wait_for_selector("#chat:has-text('Cy (guest): hello')")
        shot(sasha, "join-room-with-a-guest-1280")
    finally:
        sasha_ctx.close()
        guest_ctx.close()
