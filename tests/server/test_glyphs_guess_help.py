"""Glyphs' guess box help on the server: a decree being typed is read back in plain words, or
refused with what to change, with completions; too long a text is a clear 400."""

from __future__ import annotations

from fastapi.testclient import TestClient

from glyphhall.server import create_app


def test_the_guess_box_reads_a_decree_back_and_completes_it(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", games={}, bot_workers=1)) as c:
        got = c.get("/api/games/glyphs/decree", params={"text": "there is a triangle"}).json()
        assert got["reading"] == "A glyph is approved if and only if it has at least one triangle."
        assert got["problem"] is None
        got = c.get("/api/games/glyphs/decree", params={"text": "has a tri"}).json()
        assert got["reading"] is None and "cannot read" in got["problem"]
        assert got["completions"] == ["has a triangle"]
        got = c.get("/api/games/glyphs/decree", params={"text": "it has 2 squares"}).json()
        assert "say 'exactly 2' or 'at least 2'" in got["problem"]
        too_long = c.get("/api/games/glyphs/decree", params={"text": "a" * 301})
        assert too_long.status_code == 400 and "300" in too_long.text
