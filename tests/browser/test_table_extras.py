"""The lobby and the end of a game (issue 26): a quick game against the computer is "choose the
game, Create table" (the other seat defaults to a bot, the game starts at once); "Copy invite
link" copies the table's address; a rematch one player declines is said to the other.
Screenshots: extras-*."""

from __future__ import annotations

import random

import pytest

from glyphhall.bots.levels import default_level

from .conftest import context, resize, shot
from .seats import SeatSocket, seated_table, table_pages

pytestmark = [pytest.mark.browser]

PHONE = {"width": 390, "height": 844}


def test_a_quick_game_against_the_computer_and_the_invite_link(live_server, browser):
    ctx = context(browser, viewport={"width": 1280, "height": 800}, permissions=["clipboard-read", "clipboard-write"])
    try:
        page = ctx.new_page()
        page.goto(live_server + "/")
        page.wait_for_selector('#game option[value="glyfts"]', state="attached")
        page.select_option("#game", "glyfts")
        page.fill("#my-name", "Ann")
        page.click("#create-form button[type=submit]")
        page.wait_for_url("**/t/*")
        page.wait_for_selector("body[data-status='running']")  # started at once: nobody to wait for
        # The game's default level: Medium in Glyfts, which leaves Hard off its ladder.
        assert "Medium computer" in page.inner_text('.seat-row[data-seat="1"]') and default_level("glyfts") == "medium"
        page.click("#copy-invite")
        page.wait_for_selector("#copy-invite:has-text('Copied')")
        assert page.evaluate("navigator.clipboard.readText()") == page.url
        assert "Friendly." in page.inner_text("#rating-note")
        shot(page, "extras-quick-game-1280")
        resize(page, PHONE)
        shot(page, "extras-quick-game-390")
    finally:
        ctx.close()


def test_a_declined_rematch_is_said_to_the_player_who_asked(live_server, browser):
    table_id, tokens = seated_table(live_server, "glyfts", seed=6)
    sockets = [SeatSocket(live_server, table_id, t) for t in tokens]
    rng = random.Random(2)
    while sockets[0].refresh()["table"]["status"] == "running":  # played out over the sockets
        for sock in sockets:
            sock.play_random(rng)
    for sock in sockets:
        sock.close()
    pages, contexts = table_pages(browser, live_server, table_id, {"ann": tokens[0], "bob": tokens[1]}, PHONE)
    try:
        ann, bob = pages["ann"], pages["bob"]
        ann.wait_for_selector("#play-again")
        assert "Friendly." in ann.inner_text("#rating-note") and ann.locator(".rating-change").count() == 0
        ann.click("#play-again")
        bob.wait_for_selector("#decline-rematch")
        shot(bob, "extras-rematch-asked-390")
        bob.click("#decline-rematch")
        for page in (ann, bob):
            page.wait_for_selector("#rematch-declined:has-text('Bob declined the rematch.')")
        assert bob.locator("#play-again").count() == 0
        shot(ann, "extras-rematch-declined-390")
    finally:
        for ctx in contexts:
            ctx.close()
