"""A practice table from a packaged position, made in the lobby at desktop width and at 390 x 844:
a position of one's own that does not load is refused in the form (nothing is created), the
packaged Hoarder position sets the players and hides the options, the table page says which
position it began from, and a move is played there. Screenshots: tests/artifacts/position-*.png."""

from __future__ import annotations

import pytest

from .conftest import resize, shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", list(SIZES))
def test_a_table_from_a_packaged_position(live_server, new_page, size):
    page = new_page()
    resize(page, SIZES[size])
    page.goto(live_server)
    count = "fetch('/api/tables?status=open,running,finished').then(r => r.json()).then(b => b.tables.length)"
    before = page.evaluate(count)
    page.select_option("#game", "inscription")
    page.wait_for_selector("#start-from option[value='name:hoarder']", state="attached")
    page.select_option("#start-from", "own")
    page.fill("#position-text", '[[seats]]\nhand = ["Dragon"]\n[[seats]]\n')
    page.wait_for_selector("#position-note.error")
    assert "no card named 'Dragon'" in page.inner_text("#position-note")
    page.click("#create-form button.primary")
    page.wait_for_selector("#create-error:has-text('Dragon')")
    assert page.evaluate(count) == before  # nothing was created
    page.select_option("#start-from", "name:hoarder")
    assert page.is_hidden("#options") and page.is_disabled("#players") and page.input_value("#players") == "2"
    assert "practice" in page.inner_text("#position-note")
    page.select_option("select[name='seat-1']", "bot:beginner")
    page.fill("#my-name", "Ann")
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot(page, f"position-lobby-{size}")
    page.click("#create-form button.primary")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#bell")  # against a bot only, the game starts at once
    assert "from the position “The Hoarder shuffles”" in page.inner_text("#title")
    step = page.evaluate("document.body.dataset.step")
    page.click("#bell")
    page.wait_for_function(f"document.body.dataset.step !== '{step}'")
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot(page, f"position-table-{size}")
