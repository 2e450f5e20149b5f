"""The Inscription page before the duel: the draft's cards come first, above the empty board, so
a phone shows what there is to choose without scrolling; once the duel starts the board leads
(the loser's death card after the duel comes first too, by the same line of the renderer)."""

from __future__ import annotations

import pytest

from .conftest import resize, shot
from .test_renderers_glyfts import click_and_wait, open_table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_draft_comes_first_on_a_phone(live_server, new_page):
    page = open_table(live_server, new_page, "inscription", seed=5)
    resize(page, {"width": 390, "height": 844})
    page.wait_for_selector("#prompt .draft .hand-card.playable")
    first = page.eval_on_selector("#prompt .draft .hand-card", "c => c.getBoundingClientRect().bottom")
    board = page.eval_on_selector(".insc-board", "b => b.getBoundingClientRect().top")
    assert first <= 844, "the draft's cards are in the first screen"
    assert first < board, "above the board"
    shot(page, "inscription-draft-phone")
    # Through the draft: the choice stays first until the duel starts, then follows the board.
    for _ in range(60):
        if not page.locator("#prompt .draft").count():
            break
        if page.locator("#prompt .draft .hand-card.playable").count():
            click_and_wait(page, "#prompt .draft .hand-card.playable")
        else:
            page.wait_for_timeout(200)
    page.wait_for_selector("#prompt", state="attached")
    assert not page.locator("#prompt .draft").count()
    after = page.evaluate("""() => { const p = document.getElementById('prompt');
        const kids = [...p.parentElement.children]; return kids.indexOf(p) === kids.length - 1; }""")
    assert after, "in the duel the prompt follows the board and the hand"
