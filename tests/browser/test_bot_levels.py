"""The computer's levels in the browser (issue 41): the lobby offers each seat the levels by name
with their rating in the chosen game and a line on how the chosen one plays, the table names a
computer seat by its level, and no developer word reaches either. Screenshots:
tests/artifacts/levels-lobby.png, levels-lobby-glyfts.png (and -phone), levels-table.png."""

from __future__ import annotations

import pytest

from glyphhall.bots.levels import LEVELS, rating_short, rating_text
from glyphhall.engine.player_text import program_words as bot_jargon

from .conftest import resize, shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_lobby_and_the_table_name_the_levels(live_server, new_page):
    page = new_page()
    page.goto(live_server)
    page.wait_for_selector("#game option[value='inscription']", state="attached")
    # A computer seat starts at the game's default: Medium in Glyfts (Hard is off its ladder), Hard elsewhere.
    page.select_option("#game", "glyfts")
    page.wait_for_function("() => document.querySelector(\"select[name='seat-1']\").value === 'bot:medium'")
    page.select_option("#game", "inscription")
    page.wait_for_selector("select[name='seat-1']")
    options = page.eval_on_selector_all("select[name='seat-1'] option", "os => os.map(o => o.textContent)")
    assert options[0] == "a person (invite)"
    # The list has room for the rating in a few words; the line under the seat says the rest.
    assert options[1:] == [f"{lv.label} · {rating_short(lv, 'inscription')}" for lv in LEVELS]
    assert page.input_value("select[name='seat-1']") == "bot:hard"
    about = page.inner_text("#seat-list .level-about >> nth=1")
    assert about.startswith("Hard: Plays out many ways") and "In Inscription it is " in about
    page.select_option("select[name='seat-1']", "bot:expert")
    assert page.inner_text("#seat-list .level-about >> nth=1").startswith("Expert: ")
    lobby_text = page.inner_text("#seat-list") + "\n".join(options)
    assert not bot_jargon(lobby_text), bot_jargon(lobby_text)
    shot(page, "levels-lobby")

    page.select_option("#game", "glyfts")
    assert page.input_value("select[name='seat-1']") == "bot:expert"  # chosen by the person: it stays
    # Glyfts leaves Hard off its ladder (it plays like Medium there): the lobby says so, and why.
    hard = next(lv for lv in LEVELS if lv.key == "hard")
    page.select_option("select[name='seat-1']", "bot:hard")
    off = rating_text(hard, "glyfts")
    assert off.startswith("not on the ladder: it plays about as well as Medium")
    assert f"{hard.label} · off the ladder" in page.eval_on_selector_all("select[name='seat-1'] option", "os => os.map(o => o.textContent)")
    assert f"In Glyfts it is {off}." in page.inner_text("#seat-list .level-about >> nth=1")
    shot(page, "levels-lobby-glyfts")
    resize(page, {"width": 390, "height": 844})  # a phone: the line under the seat still says why
    assert page.locator("#seat-list .level-about >> nth=1").is_visible()
    shot(page, "levels-lobby-glyfts-phone")
    resize(page, {"width": 1280, "height": 900})
    page.select_option("select[name='seat-1']", "bot:beginner")  # a quick table: the Beginner moves at once
    page.fill("#my-name", "Ann")
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".seat-row[data-seat='1'] .level-rating")
    seat = page.inner_text(".seat-row[data-seat='1']")
    rated = rating_text(LEVELS[0], "glyfts")
    assert "Beginner computer" in seat and rating_short(LEVELS[0], "glyfts") in seat  # the number; the rest on hover
    assert page.get_attribute(".seat-row[data-seat='1'] .seat-name", "title") == LEVELS[0].about
    assert rated in page.get_attribute(".seat-row[data-seat='1'] .level-rating", "title")
    assert not bot_jargon(page.inner_text("#seats")), page.inner_text("#seats")
    shot(page, "levels-table")
