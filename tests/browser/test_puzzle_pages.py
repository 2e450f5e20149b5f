"""The Puzzles page for a guest, at 1280 x 800 and at 390 x 844 (sample puzzles:
tests/puzzles_play/sample.py): from the lobby's newcomer bar to the puzzle of the day, a move by
pointer answered (the answer and why once it is over), the guest's provisional rating kept in the
browser, the next puzzle. The lobby shows Learn and Puzzles to a newcomer only. Screenshots:
tests/artifacts/puzzles-*.png and lobby-*.png."""

from __future__ import annotations

import pytest

from tests.puzzles_play.sample import EXPLAINED, patched

from .conftest import click_in_page, resize, shot

pytestmark = [pytest.mark.browser]

DESKTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def sample_puzzles():
    with patched() as found:
        yield found


def _progress(page) -> dict:
    return page.evaluate("JSON.parse(localStorage.getItem('glyphhall.puzzles.inscription') || 'null')")


def test_a_guest_fails_a_puzzle_then_gets_the_next_one_at_desktop_width(live_server, sample_puzzles, new_page):
    page = new_page()
    resize(page, DESKTOP)
    page.goto(live_server)
    page.wait_for_selector("#learn-links[data-newcomer='yes'] a.learn-link[data-game='inscription']")
    link = page.wait_for_selector("#learn-links a.puzzle-link[data-game='inscription']")
    assert link.inner_text() == "Inscription puzzles"
    shot(page, "lobby-newcomer-desktop", full_page=False)
    link.click()
    page.wait_for_url("**/puzzles/inscription**")
    page.wait_for_selector("body[data-puzzle='inscription-9001'][data-puzzle-status='playing']")
    assert page.inner_text("#puzzle h3") == "Puzzle of the day: Win this turn"
    assert "starts with your first puzzle" in page.inner_text("#my-puzzle-rating")
    assert page.locator("#puzzle-answer").count() == 0 and EXPLAINED not in page.content()
    shot(page, "puzzles-desktop")
    click_in_page(page, "#game [data-action='bell']")  # legal, not the best
    page.wait_for_selector("body[data-puzzle-status='failed']")
    assert "Not the best move" in page.inner_text("#puzzle-result")
    assert page.inner_text("#puzzle-answer") == "The best move: play 4 1"
    assert page.inner_text("#puzzle-explanation") == EXPLAINED
    assert "Not the best move" in page.inner_text("#turn")
    change = page.inner_text("#rating-change")
    assert change.startswith("Your puzzle rating: ") and "?" in change and "(-" in change
    kept = _progress(page)
    assert kept["rating"]["rating"] < 1500 and kept["seen"] == ["inscription-9001"] and kept["tried"] == 1
    shot(page, "puzzles-failed-desktop")
    page.click("#next-puzzle")
    page.wait_for_selector("body[data-puzzle-status='playing']:not([data-puzzle='inscription-9001'])")
    assert page.inner_text("#puzzle h3").startswith("Puzzle: ")
    # Once a seat was taken in this browser the lobby keeps only the puzzles' line.
    page.evaluate("localStorage.setItem('glyphhall.played', '1')")
    page.goto(live_server)
    page.wait_for_selector("#learn-links[data-newcomer='no'] a.puzzle-link")
    assert page.locator("#learn-links a.learn-link").count() == 0


def test_a_guest_solves_the_puzzle_of_the_day_by_pointer_at_phone_width(live_server, sample_puzzles, new_page):
    page = new_page()
    resize(page, PHONE)
    page.goto(live_server)
    page.wait_for_selector("#learn-links[data-newcomer='yes'] a.puzzle-link")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "lobby-newcomer-phone", full_page=False)
    page.goto(f"{live_server}/puzzles/inscription")
    page.wait_for_selector("body[data-puzzle='inscription-9001'][data-puzzle-status='playing']")
    shot(page, "puzzles-phone", full_page=False)
    page.locator("#hand .hand-card.playable", has_text="Squirrel").first.click()
    page.click(".slot.target[data-row='me'][data-space='1']")
    page.wait_for_selector("body[data-puzzle-status='solved']")
    assert page.inner_text("#puzzle-result").startswith("Solved!")
    assert "(+" in page.inner_text("#rating-change")
    assert _progress(page)["solved"] == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    text = page.inner_text("body")
    for leak in ("seat 0", "seat 1", "undefined", "null", "toml"):
        assert leak not in text
    shot(page, "puzzles-solved-phone")


def test_a_signed_in_newcomer_sees_learn_until_a_game_and_the_puzzle_rating_on_the_profile(live_server, sample_puzzles,
                                                                                             new_page):
    page = new_page()
    resize(page, DESKTOP)
    request = page.request  # the page's own cookies: signed in as the page is
    assert request.post(f"{live_server}/api/account/signup", data={"name": "cleo", "password": "correct horse battery"}).ok
    solved = request.post(f"{live_server}/api/puzzle/inscription-9001", data={"move": "play 4 1"}).json()["puzzle"]
    assert solved["status"] == "solved" and solved["rated"]
    page.goto(live_server)
    page.wait_for_selector("#learn-links[data-newcomer='yes'] a.learn-link")  # puzzles are not games
    table = request.post(f"{live_server}/api/tables", data={
        "game": "inscription", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}], "practice": True}).json()
    seat = request.post(f"{live_server}/api/tables/{table['id']}/seats/0", data={"name": "cleo"}).json()
    assert request.post(f"{live_server}/api/tables/{table['id']}/start", data={"token": seat["token"]}).ok
    page.goto(live_server)
    page.wait_for_selector("#learn-links[data-newcomer='no'] a.puzzle-link")
    assert page.locator("#learn-links a.learn-link").count() == 0
    page.goto(f"{live_server}/u/cleo")
    rating = page.wait_for_selector(".game-card[data-game='inscription'] .puzzle-rating")
    assert rating.inner_text().startswith(f"puzzle rating {solved['player']['rating']} (1 tried)")
