"""Every game's table page as people use it: two people and a spectator, each at desktop width
and at 390 x 844. No sideways scroll, whose move is shown to the spectator, the last move is
highlighted (on the board and in the log), no "seat N" in the log; while the server is down the
page says so and a click is refused in sight ("not sent: reconnecting"); after the server comes
back the page resyncs, nothing is lost and the person acts again. Screenshots of every page at
both widths go to tests/artifacts/ (table-<game>-<who>-<width>.png)."""

from __future__ import annotations

import random
import re

import pytest

from glyphhall import games
from glyphhall.engine.player_text import developer_words

from .conftest import RestartableServer, box, resize, shot
from .seats import SeatSocket, seated_table, table_pages

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
SEAT_NUMBER = re.compile(r"\bseat \d", re.I)
MOVES = 6  # random moves per seat before the checks, so the log and the board have a last move
# what the last move of these seeded games touched on the board (checked as highlighted)
MARKED = {"heroscape": ".hs-hex.last-move, .hs-figure.last-move", "tundrus": ".td-board.last-move",
          "glyfts": ".gf-creature.last-move"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = RestartableServer(str(tmp_path_factory.mktemp("tables") / "glyphhall.db"))
    srv.start()
    yield srv
    srv.stop()


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def first_screen(page, names: list[str], last_line: str | None) -> None:
    """On a phone the first screen shows the seats, whose turn it is and the log's last line."""
    height = PHONE["height"]
    for selector in ("#glance-seats", "#turn"):
        drawn = box(page, selector)
        assert drawn["y"] + drawn["height"] <= height, f"{selector} is below the first screen"
    seats = page.inner_text("#glance-seats")
    assert all(n in seats for n in names), seats
    if last_line:
        drawn = box(page, "#glance-last")
        assert drawn["y"] + drawn["height"] <= height
        assert page.locator("#glance-last").text_content() == f"Log: {last_line}"


def log_lines(page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


@pytest.mark.parametrize("game_id", games.ids())
def test_a_table_page_for_two_people_and_a_spectator(server, browser, game_id):
    table_id, tokens = seated_table(server.url, game_id)
    sockets = [SeatSocket(server.url, table_id, t) for t in tokens]
    rng = random.Random(5)
    for _ in range(MOVES):
        for sock in sockets:
            sock.play_random(rng)
    if game_id == "heroscape":  # past its draft and placement, until a figure has just moved
        for _ in range(200):
            state = sockets[0].refresh()
            if any("to" in e.get("data", {}) for e in state["log"] if e.get("step") == state["step"]):
                break
            sockets[rng.choice(state["to_move"] or [0])].play_random(rng)
    people = {"ann": tokens[0], "bob": tokens[1], "spectator": None}
    pages, contexts = table_pages(browser, server.url, table_id, people, DESKTOP)
    try:
        state = sockets[0].refresh()
        names = ["Ann", "Bob"]
        for page in pages.values():
            page.wait_for_function("s => Number(document.body.dataset.step) >= s", arg=state["step"])
            page.wait_for_selector("#turn")
        if state["table"]["status"] == "running":
            to_move = [names[s] for s in state["to_move"]]
            assert any(n in pages["spectator"].inner_text("#turn") for n in to_move)
            mover = pages[("ann", "bob")[state["to_move"][0]]]
            assert mover.title().startswith("▶ Your move")
        if state["step"]:
            for page in pages.values():
                assert page.locator("#log li.last").count() >= 1
                assert page.locator("#last-move").count() == 1
                if game_id in MARKED:
                    assert page.locator(MARKED[game_id]).count() >= 1
        for who, page in pages.items():
            for size, tag in ((DESKTOP, "desktop"), (PHONE, "phone")):
                resize(page, size)
                no_sideways_scroll(page)
                shot(page, f"table-{game_id}-{who}-{tag}", full_page=False)
                if size is PHONE:
                    first_screen(page, names, log_lines(page)[-1] if log_lines(page) else None)
                shot(page, f"table-{game_id}-{who}-{tag}")
            assert not [line for line in log_lines(page) if SEAT_NUMBER.search(line)]
            # Everything on the page is written for players (the rules panel opened too).
            page.evaluate("document.getElementById('rules').open = true")
            assert developer_words(page.inner_text("body"), 60) == [], who
        if state["table"]["status"] != "running":
            return
        offline_and_back(server, pages, sockets, state)
    finally:
        for sock in sockets:
            sock.close()
        for ctx in contexts:
            ctx.close()


def offline_and_back(server, pages, sockets, state) -> None:
    """Stop the server: the pages say so and a person's move is refused in sight; start it again:
    the pages resync to the same step and log, and the move goes through."""
    seat = state["to_move"][0]
    who = ("ann", "bob")[seat]
    page = pages[who]
    text = state["legal"] if seat == 0 else sockets[1].refresh()["legal"]
    move = text[0]
    before_step = state["step"]
    before_log = log_lines(pages["spectator"])
    for sock in sockets:
        sock.close()
    server.stop()
    try:
        for p in pages.values():
            p.wait_for_selector("#offline", state="visible")
        assert page.locator("body.offline").count() == 1
        assert page.locator(".dot.on").count() == 0  # presence unknown while offline: grey
        page.fill("#action-text", move)
        page.click("form.typed button")
        page.wait_for_selector("#error", state="visible")
        assert "not sent: reconnecting" in page.inner_text("#error")
        shot(page, f"table-offline-{state['table']['game']}")
    finally:
        server.start()
    for p in pages.values():
        p.wait_for_selector("#offline", state="hidden")
        assert int(p.get_attribute("body", "data-step")) == before_step
    assert log_lines(pages["spectator"]) == before_log  # nothing lost
    page.fill("#action-text", move)
    page.click("form.typed button")
    for p in pages.values():
        p.wait_for_function("s => Number(document.body.dataset.step) > s", arg=before_step)
