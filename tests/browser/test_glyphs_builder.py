"""The Glyphs builder the way its author plays in slides: a board glyph copied into the builder,
shapes dragged, keyboard shortcuts (arrows nudge, R / Shift+R turn, Delete, Ctrl+Z / Ctrl+Y,
Ctrl+D), the board sorted on the page, "?" tokens put by one person and seen by everyone, and
the glyph being judged drawn on a light tile."""

from __future__ import annotations

import pytest

from .conftest import box, shot
from .seats import SeatSocket, seat_script, seated_table

pytestmark = [pytest.mark.browser, pytest.mark.slow]

OPTIONS = {"question_tokens": "on", "sorting": "agreed"}


def glyph_text(page) -> str:
    return page.inner_text("#glyph-text")


def test_the_builder_copies_drags_and_answers_the_keyboard(live_server, new_page):
    table_id, tokens = seated_table(live_server, "glyphs", options=OPTIONS)
    seat = SeatSocket(live_server, table_id, tokens[0])
    mover = 0 if seat.state["legal"] else 1
    seat.close()
    page, watcher = new_page(), new_page()
    page.add_init_script(seat_script(table_id, tokens[mover]))
    page.goto(f"{live_server}/t/{table_id}")
    watcher.goto(f"{live_server}/t/{table_id}")
    page.wait_for_selector("#builder")
    first = page.locator(".glyph-tile").first
    board_glyph = first.get_attribute("data-glyph")
    first.locator("button.copy").click()
    assert glyph_text(page) == board_glyph
    # select the first shape by a press without moving, then the keyboard
    page.locator('#glyph-grid .shape[data-index="0"]').click()
    before = glyph_text(page)
    page.keyboard.press("ArrowRight")
    moved = glyph_text(page)
    assert moved != before
    page.keyboard.press("r")
    turned = glyph_text(page)
    assert turned != moved
    page.keyboard.press("Shift+R")
    assert glyph_text(page) == moved
    for expected in (turned, moved, before):
        page.keyboard.press("Control+z")
        assert glyph_text(page) == expected
    page.keyboard.press("Control+y")
    assert glyph_text(page) == moved
    count = len(moved.split())
    page.keyboard.press("Control+d")
    assert len(glyph_text(page).split()) == count + 1
    page.keyboard.press("Delete")
    assert glyph_text(page) == moved
    # drag the first shape two units to the right
    shape = box(page, '#glyph-grid .shape[data-index="0"]', scroll=True)  # the builder redraws after each key
    unit = box(page, "#glyph-grid")["width"] / 14
    x, y = shape["x"] + shape["width"] / 2, shape["y"] + shape["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + unit, y, steps=4)
    page.mouse.move(x + 2 * unit, y, steps=4)
    page.mouse.up()
    dragged = glyph_text(page)
    assert dragged != moved and len(dragged.split()) == count  # moved, no shape added
    # the board sorted on this page only: rejected first
    page.select_option("#board-order", "rejected")
    marks = page.locator(".glyph-tile figcaption b").all_inner_texts()
    assert marks == sorted(marks, key=lambda t: "approved" in t)
    # a "?" token: put by the person, seen by the watcher
    page.locator(".glyph-tile .q-token").first.click()
    watcher.wait_for_selector(".glyph-tile .q-token.on")
    # perform the built glyph: the glyph being judged is on a light tile for everyone
    perform = page.locator('button[data-verb="perform"]')
    if perform.count():
        perform.click()
        watcher.wait_for_selector("#judged .glyph-tile.judged")
    shot(page, "glyphs-builder")
    shot(watcher, "glyphs-builder-watcher")
