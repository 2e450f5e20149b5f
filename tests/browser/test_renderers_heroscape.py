"""The Heroscape page: a person against a random bot drafts cards by clicking the pool, places figures
by clicking hexes of the start zone, puts order markers on the cards, and moves a figure by clicking
it and then a highlighted hex; the map shows terrain, levels, start zones, glyphs and figures."""

from __future__ import annotations

import pytest

from .conftest import click_in_page, resize, shot
from .test_renderers_glyfts import click_and_wait, open_table

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Something for the person to click: a draft card, a hex, an order marker, a figure, or a button.
MY_CLICKS = ("#hs-pool .hs-card.playable, .hs-hex.target, .hs-order, .hs-figure.actor, "
             "#prompt button[data-action='done']")


def test_heroscape_draft_place_order_and_move_by_clicking(live_server, new_page):
    page = open_table(live_server, new_page, "heroscape", seed=3, options={"points": 200})
    page.wait_for_selector("#hs-map")
    # The battlefield: every hex with its level, the start zones, the glyphs, the legend.
    assert page.locator("#hs-map .hs-hex").count() == 144
    assert page.locator("#hs-map .hs-zone").count() > 10
    assert page.locator("#hs-map .hs-glyph").count() >= 1
    legend = page.inner_text(".hs-legend")
    assert "grass" in legend and "Start zones" in legend and "Glyphs" in legend
    assert "Valkyrie Crossing" in page.inner_text("#hs-status")

    # Draft and placement, then order markers: click whatever the renderer offers, in turn.
    placed = 0
    for _ in range(40):
        page.wait_for_selector(MY_CLICKS)
        phase = page.get_attribute(".hs", "data-phase")
        if phase == "turn" or (phase == "orders" and not page.locator(".hs-order").count()):
            break
        if page.locator("#hs-pool .hs-card.playable").count():
            card = page.locator("#hs-pool .hs-card.playable").first.get_attribute("data-card")
            click_and_wait(page, f'#hs-pool [data-card="{card}"]')
            assert page.locator(f'#hs-armies .hs-army.mine [data-card="{card}"]').count() == 1
        elif page.locator(".hs-hex.target").count():
            hex_label = page.locator(".hs-hex.target").first.get_attribute("data-hex")
            zone = page.locator(f'[data-hex="{hex_label}"] .hs-zone').count()
            assert zone == 1, "figures are placed in a start zone"
            click_and_wait(page, f'.hs-hex[data-hex="{hex_label}"]')
            placed += 1
        elif page.locator(".hs-order").count():
            click_and_wait(page, ".hs-order")
        elif page.locator("#prompt button[data-action='done']").count():
            click_and_wait(page, "#prompt button[data-action='done']")
        else:
            break
    assert placed >= 1
    mine = page.locator(".hs-army.mine .hs-card")
    assert mine.count() >= 1
    assert "Life" in page.locator(".hs-army.mine .hs-stats").first.inner_html()
    assert page.locator("#hs-map .hs-figure").count() >= 2

    # A turn of yours: select a figure, click a highlighted hex, and the figure is there.
    page.wait_for_selector(".hs[data-phase='turn'] .hs-figure.actor")
    if not page.locator(".hs-figure.selected").count():
        page.click(".hs-figure.actor")
    figure = page.locator(".hs-figure.selected").get_attribute("data-figure")
    occupied = set(page.eval_on_selector_all(".hs-figure", "els => els.map(e => e.dataset.hex)"))
    targets = page.eval_on_selector_all(".hs-hex.target", "els => els.map(e => e.dataset.hex)")
    target = next(t for t in targets if t not in occupied)
    # a reachable hex, clicked under the path drawn on hover, sends one `move` action (a
    # double-space figure with several places for its other end confirms with Move)
    step = page.get_attribute("body", "data-step")
    click_in_page(page, f'.hs-hex[data-hex="{target}"]')
    page.wait_for_function("s => document.body.dataset.step !== s || !!document.querySelector('#move-confirm, #chooser')", arg=step)
    if page.locator("#move-confirm").count():
        click_and_wait(page, "#move-go")
    elif page.locator("#chooser").count():  # several moves end on that hex: take the plain step
        click_and_wait(page, f"#chooser button[data-action='step {figure} {target}']")
    page.wait_for_selector(f'.hs-figure[data-figure="{figure}"][data-hex="{target}"]')
    assert page.locator(".hs-all button.action").count() > 0
    path = shot(page, "heroscape")
    assert "picture failed" not in page.inner_text("#game")
    assert path.stat().st_size > 10_000
    # A spectator (no seat) sees the public view: no seat of their own, nothing to click.
    watcher = new_page()
    watcher.goto(page.url)
    watcher.wait_for_selector("#hs-map .hs-figure")
    assert watcher.locator("#hs-map .hs-hex").count() == 144
    assert watcher.locator(".hs-army.mine").count() == 0 and watcher.locator(".hs-order").count() == 0
    assert "picture failed" not in watcher.inner_text("#game")


def test_the_draft_pool_fits_a_phone_two_cards_a_row(live_server, new_page):
    """At a phone's width the draft pool shows two cards a row (one card and an empty column
    before), each card's six numbers inside it, and the page does not scroll sideways."""
    page = open_table(live_server, new_page, "heroscape", seed=3, options={"points": 200})
    resize(page, {"width": 390, "height": 844})
    page.wait_for_selector("#hs-pool .hs-card.playable .hs-stats")  # the cards' own data drawn, not names alone
    boxes = page.eval_on_selector_all("#hs-pool .hs-card", "cs => cs.slice(0, 4).map(c => c.getBoundingClientRect().toJSON())")
    assert boxes[0]["top"] == boxes[1]["top"] and boxes[1]["left"] > boxes[0]["right"], "two cards share a row"
    assert boxes[2]["top"] > boxes[0]["bottom"]
    inside = page.eval_on_selector_all("#hs-pool .hs-card", """cs => cs.every(c => {
        const card = c.getBoundingClientRect();
        return [...c.querySelectorAll('.hs-stat')].every(s => s.getBoundingClientRect().right <= card.right); })""")
    assert inside, "a card's numbers stay within it"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#hs-pool").scroll_into_view_if_needed()
    shot(page, "heroscape-draft-phone")
