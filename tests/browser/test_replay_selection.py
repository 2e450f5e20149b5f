"""A half-made move is dropped whenever the position shown changes, not only when the real game's
step does (issue 26): in an Inscription replay hypothetical, the last card in hand played with a
sacrifice draws the next position (it crashed the board), and no prompt names a card that is gone."""

from __future__ import annotations

import pytest

from .conftest import shot
from .test_undo_and_replays import api, finished_bot_game, line_length

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def last_card_sacrifice(base: str, table_id: str) -> tuple[int, int, str]:
    """A step, the seat to move and a legal play of that seat's last hand card with a sacrifice."""
    total = api(base, "GET", f"/api/tables/{table_id}/replay/0")["total"]
    for step in range(total):
        public = api(base, "POST", f"/api/tables/{table_id}/hypothetical", {"step": step, "seat": None, "line": []})
        for seat in public["hypothetical"]["to_move"]:
            r = api(base, "POST", f"/api/tables/{table_id}/hypothetical", {"step": step, "seat": seat, "line": []})
            last = len(r["view"]["hand"])
            plays = [t for t in r["legal"] if t.startswith(f"play {last} ") and " sacrifice " in t]
            if plays:
                return step, seat, plays[0]
    raise AssertionError("no play of a last hand card with a sacrifice in this game")


def test_the_last_card_played_with_a_sacrifice_in_a_hypothetical(live_server, new_page):
    table_id = finished_bot_game(live_server, "inscription", seed=5)
    step, seat, play = last_card_sacrifice(live_server, table_id)
    _, card, space = play.split(" sacrifice ")[0].split()
    errors = []
    page = new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server}/r/{table_id}?step={step}&seat={seat}")
    page.wait_for_function("s => document.body.dataset.step === String(s)", arg=step)
    page.click("#hypo-start")
    line_length(page, 0)
    page.click(f'#hand .hand-card[data-hand="{card}"]')
    page.click(f'.slot[data-row="me"][data-space="{space}"]')
    for sac in play.split(" sacrifice ")[1].split():
        page.click(f'.slot[data-row="me"][data-space="{sac}"]')
    page.click("#confirm")
    line_length(page, 1)
    page.wait_for_selector("#hypo-line li")
    assert page.locator(".board .error").count() == 0, page.inner_text(".board")
    assert not errors, errors
    # No half-made move survives into the next position: no card chosen, no sacrifice asked for.
    assert page.locator("#hand .hand-card.selected").count() == 0
    assert "Choose the creatures to sacrifice" not in page.inner_text("#prompt")
    shot(page, "replay-inscription-sacrifice-hypothetical")


def test_replay_keys_the_move_list_and_a_share_link_that_keeps_the_seat(live_server, new_page):
    table_id = finished_bot_game(live_server, "glyfts", seed=3)
    total = api(live_server, "GET", f"/api/tables/{table_id}/replay/0")["total"]
    page = new_page()
    page.goto(f"{live_server}/r/{table_id}?step=2&seat=1")
    at = "s => document.body.dataset.step === String(s)"
    page.wait_for_function(at, arg=2)
    page.keyboard.press("ArrowRight")
    page.wait_for_function(at, arg=3)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(at, arg=2)
    page.keyboard.press("End")
    page.wait_for_function(at, arg=total)
    page.keyboard.press("Home")
    page.wait_for_function(at, arg=0)
    # The whole log is the move list: a line of step 5 goes to step 5.
    page.locator('#log li.jump[data-step="5"]').first.click()
    page.wait_for_function(at, arg=5)
    assert page.locator('#log li.here[data-step="5"]').count() >= 1
    page.click("#hypo-start")
    line_length(page, 0)
    link = page.get_attribute("#hypo-share", "href")
    assert "seat=" in link and "step=5" in link
    shot(page, "replay-move-list")
