"""The Glyfts page: a person against a random bot picks two Creatures by clicking the reserve, hides a
Sorcery card under a Creature by clicking the card and then the Creature, and declares an attack by
clicking two Creatures; the Circle, scores, hand and battle dice are drawn from the seat's view."""

from __future__ import annotations

import httpx
import pytest

from .conftest import WAIT_MS, click_in_page, resize, shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def open_table(base: str, new_page, game: str, seed: int, options: dict | None = None):
    """A running table (you at seat 0 against a random bot) open in a fresh browser page."""
    with httpx.Client(base_url=base, timeout=WAIT_MS / 1000) as http:
        table = http.post("/api/tables", json={"game": game, "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                                               "seed": seed, "practice": True, "options": options or {}}).json()
        token = http.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Ann"}).json()["token"]
        assert http.post(f"/api/tables/{table['id']}/start", json={"token": token}).status_code == 200
    page = new_page()
    page.add_init_script(
        f"localStorage.setItem('glyphhall.seat.{table['id']}', JSON.stringify({{seat: 0, token: '{token}'}}))"
    )
    page.goto(f"{base}/t/{table['id']}")
    return page


def click_and_wait(page, selector: str) -> None:
    """Click, then wait until the server's answer has moved the game on (a new step number).
    Found and clicked in one step in the page (`click_in_page`): a mouse click lands where the
    element was measured, and the map can move in between as data arrives (CI once saw a
    placement click land beside its hex and wait for two minutes)."""
    step = page.get_attribute("body", "data-step")
    click_in_page(page, selector)
    page.wait_for_function("s => document.body.dataset.step !== s", arg=step)


def test_glyfts_deploy_place_and_attack_by_clicking(live_server, new_page):
    page = open_table(live_server, new_page, "glyfts", seed=3)
    page.wait_for_selector("#gf-reserve .gf-creature.ready")
    # Setup: the whole reserve with its stats, the Sorcery hand, both players, the goal.
    assert page.locator("#gf-reserve .gf-creature").count() == 18
    card_text = page.locator("#gf-reserve .gf-creature").first.text_content()
    assert "⚔" in card_text and "♥" in card_text and "roll" in card_text
    assert page.locator("#gf-hand .gf-sorcery").count() >= 1
    assert page.locator(".gf-player").count() == 2
    assert "first to 10 Skill wins" in page.inner_text("#gf-status")
    first = page.locator("#gf-reserve .gf-creature.ready").first.get_attribute("data-creature")
    click_and_wait(page, f'#gf-reserve [data-creature="{first}"]')
    page.wait_for_selector("#gf-reserve .gf-creature.ready")
    second = page.locator("#gf-reserve .gf-creature.ready").first.get_attribute("data-creature")
    click_and_wait(page, f'#gf-reserve [data-creature="{second}"]')
    # Both picks are revealed into your Combat Circle once the bot has picked too (seed 3: you play first, so the page waits on your move).
    page.wait_for_selector('.gf[data-phase="place"]')
    mine = page.locator(".gf-player.mine .gf-circle .gf-creature")
    assert {mine.nth(i).get_attribute("data-creature") for i in range(mine.count())} == {first, second}
    assert page.locator(".gf-player:not(.mine) .gf-circle .gf-creature").count() == 2
    assert "Your turn" in page.inner_text("#gf-status")

    # Your turn: place a card by clicking it and then one of your Creatures.
    page.wait_for_selector('.gf[data-phase="place"] #gf-hand .gf-sorcery.playable')
    card = page.locator("#gf-hand .gf-sorcery.playable").first.get_attribute("data-card")
    page.click(f'#gf-hand [data-card="{card}"]')
    assert page.locator(".gf-player.mine .gf-creature.target").count() == 2
    target = page.locator(".gf-player.mine .gf-creature.target").first.get_attribute("data-creature")
    click_and_wait(page, f'.gf-player.mine [data-creature="{target}"].target')
    under = page.locator(f'.gf-player.mine [data-creature="{target}"] .gf-under .gf-sorc')
    assert under.count() == 1 and under.get_attribute("data-card") == card
    click_and_wait(page, '[data-action="done"].gf-act')

    # Attack: your Creature, then theirs; the battle shows the revealed cards and the dice.
    page.wait_for_selector('.gf[data-phase="attack"]')
    if not page.locator(".gf-player.mine .gf-creature.selected").count():
        page.click(".gf-player.mine .gf-creature.ready")
    assert page.locator(".gf-player.mine .gf-creature.selected").count() == 1
    assert page.locator(".gf-player:not(.mine) .gf-creature.target").count() >= 1
    click_and_wait(page, ".gf-player:not(.mine) .gf-creature.target")
    page.wait_for_selector("#gf-battle")
    assert page.locator("#gf-battle .gf-die").count() == 2
    assert "Battle:" in page.inner_text("#gf-battle")
    path = shot(page, "glyfts")
    click_and_wait(page, '[data-action="roll"].gf-act')
    assert "picture failed" not in page.inner_text("#game")
    assert page.locator(".gf-all button.action").count() > 0 or not page.locator(".banner.your-turn").count()
    assert path.stat().st_size > 10_000


def test_glyfts_to_the_end_and_a_spectator_sees_no_hand(live_server, new_page):
    """With the house rule turn_limit=1 the game ends after one turn each: the status names the
    winner; a spectator (no seat) sees the Circles and scores but no hand and no reserve."""
    page = open_table(live_server, new_page, "glyfts", seed=5, options={"turn_limit": 1})
    for _ in range(2):
        page.wait_for_selector("#gf-reserve .gf-creature.ready")
        click_and_wait(page, "#gf-reserve .gf-creature.ready")
    for _ in range(30):  # decline everything: done, or roll when a die must be rolled
        page.wait_for_selector(".gf[data-phase='over'], #prompt .gf-act")
        if page.locator(".gf[data-phase='over']").count():
            break
        action = "done" if page.locator("#prompt [data-action='done']").count() else \
            page.locator("#prompt .gf-act").first.get_attribute("data-action")
        click_and_wait(page, f"#prompt [data-action='{action}']")
    page.wait_for_selector(".gf[data-phase='over']")
    assert page.inner_text("#gf-status").startswith("Winner:")
    table_url = page.url
    watcher = new_page()
    watcher.goto(table_url)
    watcher.wait_for_selector(".gf-player")
    assert watcher.locator(".gf-player").count() == 2
    assert watcher.locator(".gf-player .gf-circle .gf-creature").count() >= 1
    assert watcher.locator("#gf-hand").count() == 0 and watcher.locator("#gf-reserve").count() == 0
    assert watcher.locator(".gf-player.mine").count() == 0
    assert "picture failed" not in watcher.inner_text("#game")
    # The replay of the finished game, step by step, as seat 0 (its hand is in that seat's view).
    watcher.goto(table_url.replace("/t/", "/r/") + "?step=3&seat=0")
    watcher.wait_for_selector("#gf-hand .gf-sorcery")
    watcher.click("#next")
    watcher.wait_for_function("document.body.dataset.step === '4'")
    assert watcher.locator(".gf-player").count() == 2
    assert "picture failed" not in watcher.inner_text("#game")


def test_setting_up_the_reserve_comes_first_on_a_phone(live_server, new_page):
    """Setting up, the reserve is the whole choice: it stands right under the prompt, in a phone's
    first screen, and goes back below the Sorcery hand once the game is under way."""
    page = open_table(live_server, new_page, "glyfts", seed=4)
    resize(page, {"width": 390, "height": 844})
    page.wait_for_selector(".gf[data-phase='deploy'] .gf-creature.ready")
    top = page.eval_on_selector(".gf-creature.ready", "c => c.getBoundingClientRect().top")
    assert top < 844, "a creature to pick is in the first screen"
    assert page.evaluate("document.getElementById('prompt').nextElementSibling.querySelector('#gf-reserve') !== null")
    shot(page, "glyfts-setup-phone")
    for _ in range(4):
        if not page.locator(".gf[data-phase='deploy'] .gf-creature.ready").count():
            break
        click_and_wait(page, ".gf-creature.ready")
    page.wait_for_selector(".gf:not([data-phase='deploy'])")
    assert page.evaluate("""() => { const s = [...document.querySelectorAll('section.gf-mine')];
        return s.length === 2 && s[0].querySelector('#gf-hand') !== null && s[1].querySelector('#gf-reserve') !== null; }""")
