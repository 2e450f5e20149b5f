"""Every registered game's table page: it renders (its own renderer or the generic one) with the
seat's view and legal actions; a screenshot of each is kept under tests/artifacts/."""

from __future__ import annotations

import httpx
import pytest

from glyphhall import games

from .conftest import WAIT_MS, shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("game_id", games.ids())
def test_each_games_page_shows_the_game(live_server, new_page, game_id):
    game = games.get(game_id)
    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * (game.min_players - 1)
    with httpx.Client(base_url=live_server, timeout=WAIT_MS / 1000) as http:
        table = http.post("/api/tables", json={"game": game_id, "seats": seats, "seed": 1, "practice": True}).json()
        token = http.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Ann"}).json()["token"]
        assert http.post(f"/api/tables/{table['id']}/start", json={"token": token}).status_code == 200
    page = new_page()
    page.add_init_script(
        f"localStorage.setItem('glyphhall.seat.{table['id']}', JSON.stringify({{seat: 0, token: '{token}'}}))"
    )
    page.goto(f"{live_server}/t/{table['id']}")
    page.wait_for_selector("text=you play as Ann")
    page.wait_for_function("document.querySelectorAll('.board *').length > 5")
    page.wait_for_selector(".banner.your-turn, body[data-status='finished']")  # the bots have moved: Ann's turn
    text = page.inner_text("#game")
    assert "picture failed" not in text
    assert game.name in page.inner_text("#title")
    # The seat sees its game: either its own renderer or the generic panels, and its moves.
    assert page.locator(".board *").count() > 5
    legal = page.locator("[data-action], .hand-card.playable, #bell, button.action, #builder button, .board button")
    if page.inner_text(".banner").startswith("Your move"):
        assert legal.count() > 0
    path = shot(page, f"game-{game_id}")
    assert path.stat().st_size > 10_000
