"""Heroscape maps on the server: uploads (good file, bad bytes, too large, no start zone), the
gallery of packaged maps, and a match on an uploaded map replayed from its record alone in a
fresh data directory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from glyphhall.cli.main import app as cli_app
from glyphhall.engine import MatchRecord, replay
from glyphhall.games.heroscape.game import GAME
from glyphhall.games.heroscape.map_files import MAX_FILE_BYTES
from glyphhall.server import create_app

from .helpers import hello, new_table, receive

REAL = Path(__file__).parents[1] / "games/heroscape/virtualscape_maps"


@pytest.fixture
def hs_client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'hs.db'}", games={"heroscape": GAME}, bot_workers=1)) as c:
        yield c


def upload(client, data: bytes, filename: str, **params):
    return client.post("/api/heroscape/maps", params={"filename": filename, **params}, content=data)


def test_uploading_a_real_virtualscape_map_answers_its_text_a_preview_and_notes(hs_client):
    r = upload(hs_client, (REAL / "Table_des_geants.hsc").read_bytes(), "Table_des_geants.hsc")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["name"] == "La table des geants" and body["hexes"] == 223 and body["zones"] == 2
    assert body["map_text"].startswith('name = "La table des geants"') and len(body["sha256"]) == 64
    assert body["preview_svg"].startswith("<svg") and "<script" not in body["preview_svg"]
    assert any("start zones chosen by rule" in n for n in body["notes"])


def test_a_map_without_start_zones_gets_zones_by_rule(hs_client):
    rows = ", ".join(json.dumps(" ".join(["1g"] * 12)) for _ in range(8))
    r = upload(hs_client, f'name = "Open field"\nrows = [{rows}]\n'.encode(), "field.toml")
    assert r.status_code == 200, r.text
    assert r.json()["zones"] == 2 and "start zones chosen by rule" in r.json()["notes"][-1]
    r = upload(hs_client, f'name = "Open field"\nrows = [{rows}]\n'.encode(), "field.toml", zone_count=4)
    assert r.json()["zones"] == 4


@pytest.mark.parametrize(("data", "name", "status", "message"), [
    (b"\x00garbage bytes", "map.hsc", 422, "not a Virtualscape map"),
    (b"rows = [", "map.toml", 422, "not valid TOML"),
    (b"a" + b".a" * 100_000 + b" = 1", "map.toml", 422, "too complex to read"),  # quadratic in tomllib
    (b"x" * (MAX_FILE_BYTES + 1), "map.hsc", 413, "larger than 256 KB"),
    (b"GIF89a", "map.gif", 415, "upload a Virtualscape map"),
    ((REAL / "asphalt.hsc").read_bytes(), "asphalt.hsc", 422, "too few for 2 start zones"),
])
def test_bad_uploads_are_refused_saying_what_is_wrong(hs_client, data, name, status, message):
    r = upload(hs_client, data, name)
    assert r.status_code == status and message in r.json()["error"]


def test_the_gallery_shows_the_packaged_maps_with_previews(hs_client):
    maps = hs_client.get("/api/heroscape/maps").json()["maps"]
    assert [m["key"] for m in maps] == ["giants", "skirmish", "valkyrie"]
    assert all(m["preview_svg"].startswith("<svg") for m in maps)
    page = hs_client.get("/maps")
    assert page.status_code == 200 and page.text.count("<svg") == 3
    assert 'href="/?game=heroscape&amp;map=valkyrie">Play this map</a>' in page.text
    assert "#3f6fd1" in page.text  # the first start zone in the first seat's colour at the table (blue)


def test_a_match_on_an_uploaded_map_replays_from_its_record_in_a_fresh_data_directory(hs_client, tmp_path,
                                                                                      monkeypatch):
    found = upload(hs_client, (REAL / "land.hsc").read_bytes(), "land.hsc").json()
    t = new_table(hs_client, "heroscape", seats=[{"kind": "bot", "bot": "random"}] * 2, seed=5,
                  options={"map_text": found["map_text"], "armies": "starter", "round_limit": 1})
    with hs_client.websocket_connect(f"/ws/{t['id']}") as spy:
        hello(spy, None)
        assert hs_client.post(f"/api/tables/{t['id']}/start", json={}).json()["status"] == "running"
        while receive(spy, "update", limit=500)["status"] != "finished":
            pass
    listed = hs_client.get(f"/api/tables/{t['id']}").json()["options"]["map_text"]
    assert listed == f"({len(found['map_text'])} characters, sha256 {found['sha256'][:12]})"
    data = hs_client.get(f"/api/tables/{t['id']}/record").json()
    assert data["attachments"]["map_text"]["sha256"] == found["sha256"]
    fresh = tmp_path / "elsewhere"
    fresh.mkdir()
    (fresh / "match.json").write_text(json.dumps(data))
    monkeypatch.setenv("GLYPHHALL_DATA_DIR", str(fresh / "data"))
    result = CliRunner().invoke(cli_app, ["replay", str(fresh / "match.json")])
    assert result.exit_code == 0, result.output
    final = replay(MatchRecord.read(fresh / "match.json"), GAME)
    assert final.is_over() and final.returns() == data["result"] and final.board.key.startswith("custom-")


def test_a_packaged_maps_board_for_the_3d_preview(hs_client):
    """The gallery's 3D preview reads a packaged map's hexes (as a table's view gives them)."""
    board = hs_client.get("/api/heroscape/maps/valkyrie/board").json()
    assert board["hexes"] == GAME.new(2, 1, {"map": "valkyrie"}).view(None)["board"]["hexes"]
    assert {"walls", "ladders", "overhangs"} <= set(board)
    r = hs_client.get("/api/heroscape/maps/nowhere/board")
    assert r.status_code == 404 and "no packaged map" in r.json()["error"]
    assert hs_client.get("/maps").text.count('class="map-3d"') == 3
