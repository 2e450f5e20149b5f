"""The Glyph (tundrus) page: a person against a random bot drafts champions by clicking their boards,
activates one, takes dice by clicking them in the Replenish panel (one, then two chosen at once),
reads the legend of the six glyph faces, rolls, and marks a die for the
reroll by clicking it; the boards show the Health, Armor and Energy tracks, Items and abilities."""

from __future__ import annotations

import pytest

from .conftest import resize, shot
from .test_renderers_glyfts import click_and_wait, open_table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_tundrus_draft_activate_take_roll_by_clicking(live_server, new_page):
    page = open_table(live_server, new_page, "tundrus", seed=4)
    page.wait_for_selector("#td-status")
    # The draft: click champion boards until the Tribes are complete.
    for _ in range(6):
        page.wait_for_selector("#td-draft .td-board.clickable, .td[data-phase='activate'] .td-board.clickable, #td-take")
        if not page.locator("#td-draft .td-board.clickable").count():
            break
        champion = page.locator("#td-draft .td-board.clickable").first.get_attribute("data-champion")
        assert "starting dice" in page.inner_text(f'#td-draft [data-champion="{champion}"]')
        click_and_wait(page, f'#td-draft [data-champion="{champion}"]')
        page.wait_for_selector(f'.td-tribe.mine [data-champion="{champion}"]')
    mine = page.locator(".td-tribe.mine .td-board")
    assert mine.count() == 3
    assert page.locator(".td-tribe:not(.mine) .td-board").count() == 3
    first_board = page.inner_text(".td-tribe.mine .td-board >> nth=0")
    assert "Health" in first_board and "Armor" in first_board and "Energy" in first_board
    assert page.locator(".td-tribe.mine .td-ability").count() >= 6
    assert page.locator("#td-spoils .td-item").count() >= 3

    # Your champion's Turn: activate it (unless the Tribe had one choice), take dice, roll.
    page.wait_for_selector(".td[data-phase='activate'] .td-tribe.mine .td-board.clickable, #td-take")
    if page.locator(".td[data-phase='activate']").count():
        champion = page.locator(".td-tribe.mine .td-board.clickable").first.get_attribute("data-champion")
        click_and_wait(page, f'.td-tribe.mine [data-champion="{champion}"]')
        assert page.locator(f'.td-board.active[data-champion="{champion}"]').count() == 1
    page.wait_for_selector("#td-take .td-die")
    legend = page.inner_text("#td-legend")
    assert all(f"{face} {name}" in legend for face, name in (("⚔", "War"), ("⬟", "Defense"), ("⚡", "Power"),
                                                              ("◆", "Wealth"), ("✶", "Arcana"), ("☠", "Destruction")))
    click_and_wait(page, "#td-take .td-die")  # one click takes one die
    # Several at once: choose two dice, then take them (one move each, sent one after the other).
    step = int(page.evaluate("document.body.dataset.step"))
    page.click("#td-take-several")
    page.click("#td-take .td-die >> nth=0")
    page.click("#td-take .td-die >> nth=1")
    assert page.locator("#td-take .td-die.chosen").count() == 2
    shot(page, "tundrus-take-several")
    page.click("#td-take-chosen")
    page.wait_for_function("s => Number(document.body.dataset.step) >= s + 2", arg=step)
    page.wait_for_selector("#td-pool .td-die")
    assert page.locator("#td-pool .td-die").count() >= 3
    click_and_wait(page, "#prompt button[data-action='roll']")
    page.wait_for_function("document.querySelectorAll('#td-pool .td-die').length > 0 && "
                           "[...document.querySelectorAll('#td-pool .td-die')].every(d => d.textContent.trim())")
    if page.locator(".td[data-phase='reroll'] #td-pool .td-die.clickable").count():
        page.click("#td-pool .td-die.clickable >> nth=0")
        page.wait_for_selector("#td-pool .td-die.marked")
    path = shot(page, "tundrus")
    assert "picture failed" not in page.inner_text("#game")
    assert page.locator(".td-all button.action").count() > 0 or not page.locator(".banner.your-turn").count()
    assert path.stat().st_size > 10_000
    # A spectator (no seat) sees the public view: no seat of their own, nothing to click.
    watcher = new_page()
    watcher.goto(page.url)
    watcher.wait_for_selector(".td-tribe .td-board")
    assert watcher.locator(".td-tribe .td-board").count() == 6
    assert watcher.locator(".td-tribe.mine").count() == 0 and watcher.locator("#td-take").count() == 0
    assert "picture failed" not in watcher.inner_text("#game")


def test_the_champions_to_draft_come_first_on_a_phone(live_server, new_page):
    """Drafting, the champions on offer stand right under the prompt, the first of them in a
    phone's first screen, above the Tribes drafted so far."""
    page = open_table(live_server, new_page, "tundrus", seed=4)
    resize(page, {"width": 390, "height": 844})
    page.wait_for_selector("#td-draft .td-board.draft")
    click_and_wait(page, "#td-draft .td-board.draft.clickable")  # a Tribe now has a champion to show
    page.wait_for_selector(".td-tribes .td-board")
    page.wait_for_selector("#td-draft .td-board.draft.clickable")
    top = page.eval_on_selector("#td-draft .td-board.draft", "b => b.getBoundingClientRect().top")
    tribes = page.eval_on_selector(".td-tribes", "t => t.getBoundingClientRect().top")
    assert top < 844 and top < tribes, (top, tribes)
    assert page.evaluate("document.getElementById('prompt').nextElementSibling.querySelector('#td-draft') !== null")
    shot(page, "tundrus-draft-phone")
