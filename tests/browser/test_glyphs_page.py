"""The Glyphs page: build a glyph on the snapping grid, turn it, study it, and see it marked on
the board (the game is injected when it is not registered yet)."""

from __future__ import annotations

import httpx
import pytest

from glyphhall import games

from .conftest import WAIT_MS, RestartableServer, box, shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def glyphs_server(tmp_path_factory):
    try:
        from glyphhall.games.glyphs.game import GlyphsGame
    except ImportError as err:
        pytest.skip(f"the glyphs game cannot be imported: {err}")
    injected = {i: games.get(i) for i in games.ids()}
    injected.setdefault("glyphs", GlyphsGame())
    server = RestartableServer(str(tmp_path_factory.mktemp("glyphs") / "glyphhall.db"), games=injected)
    server.start()
    yield server.url
    server.stop()


def test_build_a_glyph_and_study_it(glyphs_server, new_page):
    with httpx.Client(base_url=glyphs_server, timeout=WAIT_MS / 1000) as http:
        shapes = http.get("/api/games/glyphs/data/shapes").json()
        assert "square" in shapes["kinds"]
        assert http.get("/api/games/glyphs/data/..secret").status_code == 404
        body = {"game": "glyphs", "seats": [{"kind": "person"}], "seed": 2, "practice": True}
        table = http.post("/api/tables", json=body).json()
        token = http.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Ann"}).json()["token"]
        assert http.post(f"/api/tables/{table['id']}/start", json={"token": token}).status_code == 200
    page = new_page()
    page.add_init_script(
        f"localStorage.setItem('glyphhall.seat.{table['id']}', JSON.stringify({{seat: 0, token: '{token}'}}))"
    )
    page.goto(f"{glyphs_server}/t/{table['id']}")
    page.wait_for_selector("#builder")
    tiles_before = page.locator(".glyph-tile").count()
    assert tiles_before >= 2, "the opening glyphs are on the board"
    # A square dropped on the grid snaps to the half-unit grid; turning it gives /45.
    page.click('.palette [data-kind="square"]')
    grid = box(page, "#glyph-grid")
    page.mouse.click(grid["x"] + grid["width"] * (2.1 / 14), grid["y"] + grid["height"] * (5.1 / 9))
    assert page.inner_text("#glyph-text") == "square@0,2"
    page.click("#rotate")
    assert page.inner_text("#glyph-text") == "square@0,2/45"
    page.click("#rotate")
    page.click("#rotate")  # 135: a square looks the same as at 45 (the server reads it canonically)
    shot(page, "game-glyphs-builder")
    page.click('[data-verb="study"]')
    page.wait_for_function("n => document.querySelectorAll('.glyph-tile').length > n", arg=tiles_before)
    newest = page.locator(".glyph-tile").last
    # The game keeps glyphs in canonical form: moved to the origin, a square turned 135 is 45.
    assert newest.get_attribute("data-glyph") == "square@0,0/45"
    assert "approved" in newest.inner_text() or "rejected" in newest.inner_text()
    path = shot(page, "game-glyphs")
    assert path.stat().st_size > 10_000
