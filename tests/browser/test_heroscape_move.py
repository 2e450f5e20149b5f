"""Heroscape in one click: a figure chosen, the path drawn under the pointer, one click on a
reachable hex sends the one `move FIG HEX` action; the figure ends there.
A double-space figure's other end is chosen by clicking one of the hexes offered for it."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from glyphhall import games
from glyphhall.engine import Rng

from .conftest import box, click_in_page, resize, shot
from .seats import SeatSocket, seat_script, seated_table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def figure_chosen(new_page, base: str, table_id: str, token: str, figure: str):
    """The mover's table page with `figure` selected (clicked, unless it is already)."""
    page = new_page()
    page.add_init_script(seat_script(table_id, token))
    page.goto(f"{base}/t/{table_id}")
    page.wait_for_selector("#hs-map")
    select(page, figure)
    return page


def select(page, figure: str) -> None:
    """`figure` selected on the map: clicked, unless it is already (a click would let it go)."""
    if not page.locator(f'.hs-figure.selected[data-figure="{figure}"]').count():
        click_in_page(page, f'.hs-figure[data-figure="{figure}"]')


def test_a_figure_moves_in_one_click(live_server, new_page):
    table_id, tokens = seated_table(live_server, "heroscape", seed=7)
    sockets = [SeatSocket(live_server, table_id, t) for t in tokens]
    rng = random.Random(3)
    try:
        for _ in range(400):  # past the draft, placement and order markers, to a turn with a move
            state = sockets[0].refresh()
            mover = state["to_move"][0] if state["to_move"] else 0
            view = state["view"] if mover == 0 else sockets[1].refresh()["view"]
            if view.get("reach"):
                break
            sockets[mover].play_random(rng)
        else:
            pytest.fail("no turn with a figure to move came up")
    finally:
        for sock in sockets:
            sock.close()
    # the longest move with one place for the figure (a second end to choose asks for Move)
    tails = view.get("tails") or {}
    figure, hex_, steps = max(((fig, end, path) for fig, ends in view["reach"].items() for end, path in ends.items()
                               if len(tails.get(fig, {}).get(end) or {}) <= 1), key=lambda m: len(m[2]))
    page = figure_chosen(new_page, live_server, table_id, tokens[mover], figure)
    # The path under the pointer, drawn before any click. The hex's place is measured in one step
    # in the page and then pointed at: the map is drawn anew on updates, so a hex element located
    # before may be gone; and the page may still move (the army cards' data arriving redraws the
    # panel beside the map), leaving the pointer over another hex: then it is measured again.
    path_drawn = ("n => (document.querySelector('.hs-path.preview')?.getAttribute('points') || '')"
                  ".trim().split(/\\s+/).length === n")
    for _ in range(6):
        where = box(page, f'.hs-hex[data-hex="{hex_}"]', scroll=True)
        x, y = where["x"] + where["width"] / 2, where["y"] + where["height"] / 2
        page.mouse.move(x, y)
        try:
            page.wait_for_function(path_drawn, arg=len(steps) + 1, timeout=15_000)
            break
        except PlaywrightTimeout:
            page.mouse.move(0, 0)  # off the map, so the next pointing is a fresh hover
            select(page, figure)  # a new state drops a half-made choice
    else:
        pytest.fail(f"no path drawn to {hex_} under the pointer")
    shot(page, "heroscape-move-path")
    step = int(page.get_attribute("body", "data-step"))
    page.mouse.click(x, y)  # one click moves (a mouse hovers; a touch screen confirms with Move)
    page.wait_for_function("s => Number(document.body.dataset.step) > s", arg=step)
    assert page.get_attribute(f'.hs-figure[data-figure="{figure}"]', "data-hex") == hex_
    shot(page, "heroscape-moved")


def double_space_move(seed: int) -> tuple[list[tuple[int, str]], int, str, str, list[str]]:
    """Seeded random play until the seat to move has a double-space figure whose leading end can
    reach an empty hex with more than one place for its other end: (the moves before, the seat,
    the figure, that hex, the other end's places, the engine's choice first)."""
    state = games.get("heroscape").new(2, seed)
    rng = Rng(seed * 31 + 7)
    prefix: list[tuple[int, str]] = []
    for _ in range(1500):
        seat = state.to_move()[0]
        view = state.view(seat)
        taken = {h for f in view["figures"] if f["status"] == "on" for h in (f["hex"], f.get("tail"))}
        for figure, ends in (view.get("tails") or {}).items():
            for head, tails in ends.items():
                if len(tails) > 1 and head not in taken:
                    return prefix, seat, figure, head, list(tails)
        text = str(rng.choice(state.legal_actions(seat)))
        prefix.append((seat, text))
        state.apply_text(seat, text)
    raise AssertionError("no double-space figure came to move")


def test_a_double_space_figure_chooses_its_other_end_by_click(live_server, new_page):
    prefix, seat, figure, head, tails = double_space_move(3)
    table_id, tokens = seated_table(live_server, "heroscape", seed=3)
    sockets = [SeatSocket(live_server, table_id, t) for t in tokens]
    try:
        for who, text in prefix:
            sockets[who].play(text)
        page = figure_chosen(new_page, live_server, table_id, tokens[seat], figure)
        click_in_page(page, f'.hs-hex[data-hex="{head}"]')
        page.wait_for_selector("#tail-choice")
        # The other end: the engine's choice first, every other place ringed on the map.
        assert page.locator("#tail-choice .hs-tail-choice").all_inner_texts() == tails
        assert page.locator(".hs-tail-option").count() == len(tails)
        assert page.get_attribute("#move-go", "data-action") == f"move {figure} {head} {tails[0]}"
        other = tails[-1]
        click_in_page(page, f'.hs-tail-option[data-tail="{other}"]')
        page.wait_for_selector(f'.hs-tail-option.on[data-tail="{other}"]')
        assert page.get_attribute("#move-go", "data-action") == f"move {figure} {head} {other}"
        assert f"other end on {other}" in page.inner_text("#move-confirm")
        shot(page, "heroscape-double-space-tail")
        resize(page, {"width": 390, "height": 844})
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, "heroscape-double-space-tail-390")
        step = int(page.get_attribute("body", "data-step"))
        page.click("#move-go")
        page.wait_for_function("s => Number(document.body.dataset.step) > s", arg=step)
        moved = next(f for f in sockets[seat].refresh()["view"]["figures"] if f["name"] == figure)
        assert (moved["hex"], moved["tail"]) == (head, other)
    finally:
        for sock in sockets:
            sock.close()
