"""People in the browser: two people sign up, play a rated Inscription game to the end by
clicking; both ratings and the leaderboard change; both profiles list the match with a working
replay link; a guest watches; a second tab of Ann's shows the your-turn title while Bob moves;
My games lists the table on a fresh sign-in from another browser context. Screenshots of the
people pages at desktop width and 390x844 go to tests/artifacts/."""

from __future__ import annotations

import random
import re

import pytest

from glyphhall import games

from .conftest import WHOLE_GAME, resize, shot
from .test_inscription_online import MAX_STEPS, choose_to_end, click_action, legal_of, step_of, wait_step

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif("inscription" not in games.ids(), reason="inscription is not registered"),
    WHOLE_GAME,
]

PASSWORD = "a long walk by the sea"
PHONE = {"width": 390, "height": 844}


def sign_up(page, base: str, name: str) -> None:
    page.goto(base + "/account")
    page.fill("#signup input[name=name]", name)
    page.fill("#signup input[name=password]", PASSWORD)
    page.click("#signup button[type=submit]")
    page.wait_for_url("**/me")
    page.wait_for_selector(f"#me-link:text('{name}')")


def both_sizes(page, name: str) -> None:
    shot(page, f"{name}-desktop")
    resize(page, PHONE)
    shot(page, f"{name}-phone")
    resize(page, {"width": 1280, "height": 900})


def test_two_people_play_a_rated_game_and_see_it_everywhere(live_server, new_page, browser):
    base = live_server
    rng = random.Random(7)
    ann, bob, cat = new_page(), new_page(), new_page()
    sign_up(ann, base, "Ann")
    sign_up(bob, base, "Bob")

    # A weak password and a taken name are refused, saying why.
    cat.goto(base + "/account")
    cat.fill("#signup input[name=name]", "ann")
    cat.fill("#signup input[name=password]", PASSWORD)
    cat.click("#signup button[type=submit]")
    cat.wait_for_selector("#signup .error:text('taken')")
    cat.fill("#signup input[name=name]", "Cat")
    cat.fill("#signup input[name=password]", "short")
    cat.click("#signup button[type=submit]")
    cat.wait_for_selector("#signup .error:text('too short')")
    both_sizes(cat, "people-account")

    ann.goto(base + "/leaderboard/inscription")
    ann.wait_for_selector("text=No rated matches yet")

    # Ann creates the table (signed in, the seat takes her account's name); Bob joins.
    ann.goto(base + "/")
    ann.wait_for_selector('#game option[value="inscription"]', state="attached")
    ann.select_option("#game", "inscription")
    ann.wait_for_function("document.getElementById('my-name').value === 'Ann'")
    ann.wait_for_selector("#table-rated:checked")  # once the lobby knows who is signed in
    # Rated is said out loud: ticked for a signed-in player, and a rated table has no undo.
    assert ann.is_checked("#table-rated") and not ann.is_checked("#table-undo") and ann.is_disabled("#table-undo")
    assert "rated games have no undo" in ann.inner_text("#rated-note")
    ann.select_option("select[name='seat-1']", "person")  # a person instead of the default bot
    ann.click("#create-form button[type=submit]")
    ann.wait_for_url("**/t/*")
    table_id = ann.url.rstrip("/").split("/")[-1]
    bob.on("dialog", lambda d: pytest.fail(f"a signed-in person was asked: {d.message}"))
    bob.goto(ann.url)
    bob.wait_for_selector("#join-account:has-text('You take a seat as Bob')")
    assert bob.locator("#join-guest").is_hidden()
    bob.click('button.take[data-seat="1"]')
    bob.wait_for_selector("text=you play as Bob")
    cat.goto(ann.url)  # Cat, a guest, watches
    cat.wait_for_selector("text=watching")
    ann.wait_for_selector("#start:not([disabled])")
    ann.click("#start")
    pages = [ann, bob, cat]
    wait_step(pages, 0)
    for p in pages:
        p.wait_for_selector(".insc")
    assert "Ann" in ann.inner_text("#seats") and "Bob" in ann.inner_text("#seats")
    assert "(guest)" not in ann.inner_text("#seats")
    # Cat steps away while they play (a third page drawing every move costs the suite a minute;
    # test_inscription_online follows a spectator move by move) and comes back for the end.
    cat.goto("about:blank")
    pages = [ann, bob]

    # Ann's second tab: My games, in the background while she plays in the first.
    ann_tab = ann.context.new_page()
    # Headless Chromium reports focus in every page; this one reports what a background tab does.
    ann_tab.add_init_script("Document.prototype.hasFocus = function () { return false; };")
    ann_tab.goto(base + "/me")
    ann_tab.wait_for_selector(f'tr.my-game[data-table="{table_id}"]')
    # Back to the table's tab, as Ann would: the new tab came to the front, and Chromium draws a
    # page left behind about once a second (every click on it then took seconds).
    ann.bring_to_front()

    seen_alert = False
    step = 0
    while ann.get_attribute("body", "data-status") == "running":
        assert step < MAX_STEPS, "the game did not end"
        movers = [p for p in (ann, bob) if legal_of(p)]
        assert movers, "nobody can move in a running game"
        page = movers[0]
        click_action(page, choose_to_end(legal_of(page), rng, 0 if page is ann else 1))
        step += 1
        wait_step(pages, step)
        if not seen_alert and legal_of(ann) and not legal_of(bob):
            # Bob has just moved and it is Ann's turn: her background tab says so.
            ann_tab.wait_for_function("document.title.startsWith('▶ Your turn')", polling=100)  # (a page behind)
            assert ann_tab.get_attribute("html", "data-your-turn") == "1"
            shot(ann_tab, "people-my-games-your-turn")
            # Ann's table tab has the focus: it knows it is her turn, and does not nag.
            ann.wait_for_function("document.documentElement.dataset.yourTurn === '1'")
            assert not ann.title().startswith("▶ Your turn")  # (the table page's own title may say "Your move")
            seen_alert = True
    assert seen_alert, "Ann's second tab never showed the your-turn title"
    cat.goto(ann.url)
    for p in (ann, bob, cat):
        p.wait_for_selector("text=Game over")
    assert step_of(ann) == step

    # Each player's rating change at the end ("+3.4, now 3.4"), then Play again: both accept,
    # and the rematch starts with the seats rotated.
    for p in (ann, bob, cat):
        p.wait_for_selector('.seat-row[data-seat="0"] .rating-change')
        assert re.fullmatch(r"[+−±]\d+\.\d, now −?[\d,]+\.\d", p.inner_text('.seat-row[data-seat="1"] .rating-change'))
    assert "Rated" in ann.inner_text("#rating-note")
    both_sizes(bob, "end-rating-change")
    resize(bob, {"width": 1280, "height": 800})
    assert cat.locator("#play-again").count() == 0  # a spectator has no rematch to ask for
    ann.click("#play-again")
    ann.wait_for_selector("#rematch:has-text('You are in')")
    bob.wait_for_selector("#rematch-state:has-text('Ann wants a rematch')")
    both_sizes(bob, "end-rematch-asked")
    resize(bob, {"width": 1280, "height": 800})
    bob.click("#play-again")
    for p in (ann, bob):
        p.wait_for_url(lambda url: table_id not in url)
        p.wait_for_selector("body[data-status='running']")
    assert ann.url == bob.url
    assert [n.strip() for n in ann.locator(".seat-name").all_inner_texts()] == ["Bob", "Ann"]
    cat.wait_for_selector("#rematch-link")

    # Both ratings and the leaderboard changed.
    ann.goto(base + "/leaderboard/inscription")
    ann.wait_for_selector("#board")
    names = ann.locator("#board tr.entry").evaluate_all("rows => rows.map(r => r.dataset.name)")
    assert sorted(names) == ["Ann", "Bob"]
    both_sizes(ann, "people-leaderboard")

    # Both profiles list the match, and its replay link works.
    for who, page in (("Ann", ann), ("Bob", bob)):
        page.goto(f"{base}/u/{who}")
        page.wait_for_selector(f'tr.match[data-table="{table_id}"]')
        card = page.inner_text('.game-card[data-game="inscription"]')
        assert "1 played" in card and "rating" in card and "(1 rated)" in card
        assert page.locator(".game-card svg.chart").count() == 1
    both_sizes(bob, "people-profile")
    bob.click(f'tr.match[data-table="{table_id}"] a.replay')
    bob.wait_for_url(f"**/r/{table_id}")
    bob.wait_for_selector("#next")
    bob.click("#next")
    bob.wait_for_selector("text=replay · step 1")

    # A fresh sign-in in another browser context: My games lists the table.
    other = new_page()
    other.goto(base + "/account")
    other.fill("#signin input[name=name]", "ann")
    other.fill("#signin input[name=password]", PASSWORD)
    other.click("#signin button[type=submit]")
    other.wait_for_url("**/me")
    # (My games redraws its rows as it refreshes: the row is found again for each read)
    other.locator(f'tr.my-game[data-table="{table_id}"]:has-text("Inscription")').wait_for()
    both_sizes(other, "people-my-games")
