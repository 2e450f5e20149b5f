"""Heroscape in one click: a figure chosen, a reachable hex clicked, the path drawn (and
previewed on hover) before Move sends the one `move FIG HEX` action; the figure ends there."""

from __future__ import annotations

import random

import pytest

from .conftest import shot
from .seats import SeatSocket, seat_script, seated_table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


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
    figure, ends = next(iter(view["reach"].items()))
    hex_, steps = max(ends.items(), key=lambda kv: len(kv[1]))
    page = new_page()
    page.add_init_script(seat_script(table_id, tokens[mover]))
    page.goto(f"{live_server}/t/{table_id}")
    page.wait_for_selector("#hs-map")
    if not page.locator(f'.hs-figure.selected[data-figure="{figure}"]').count():
        page.click(f'.hs-figure[data-figure="{figure}"]')
    target = page.locator(f'.hs-hex[data-hex="{hex_}"]')
    target.hover()
    assert page.get_attribute(".hs-path.preview", "points")  # the path under the pointer
    target.click(force=True)
    page.wait_for_selector("#hs-path")
    assert len(page.get_attribute("#hs-path", "points").split()) == len(steps) + 1
    assert " → ".join(steps) in page.inner_text("#move-confirm")
    shot(page, "heroscape-move-path")
    step = int(page.get_attribute("body", "data-step"))
    page.click("#move-go")
    page.wait_for_function("s => Number(document.body.dataset.step) > s", arg=step)
    assert page.get_attribute(f'.hs-figure[data-figure="{figure}"]', "data-hex") == hex_
    shot(page, "heroscape-moved")
