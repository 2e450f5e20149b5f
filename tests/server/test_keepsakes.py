"""Inscription's death cards are kept in the store's vault and dealt back by the option."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from glyphhall import games
from glyphhall.engine import Rng
from glyphhall.server import create_app
from glyphhall.server.guard.flood_limits import Limits
from glyphhall.server.tables.keepsakes import StoreVault
from glyphhall.store import Store

from .helpers import hello, receive, take

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif("inscription" not in games.ids(), reason="inscription is not registered"),
]


def _inscription_client(db_url):
    # The test plays a whole game as fast as it can: more moves a second than a person makes.
    fast = Limits.machine_speed()
    return TestClient(create_app(db_url, games={"inscription": games.get("inscription")}, bot_workers=1, limits=fast))


def _play_to_the_end(c, table_id, tokens, rng) -> dict:
    with c.websocket_connect(f"/ws/{table_id}") as ws0, c.websocket_connect(f"/ws/{table_id}") as ws1:
        socks = (ws0, ws1)
        last = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
        while True:
            movers = [s for s in (0, 1) if last[s]["legal"]]
            if not movers:
                return last[0]
            seat = movers[0]
            socks[seat].send_json({"type": "act", "text": rng.choice(last[seat]["legal"])})
            for s in (0, 1):
                last[s] = receive(socks[s], "update")
            if last[0]["status"] == "finished":
                return last[0]


def test_the_losers_death_card_is_kept_in_the_store_vault(db_url):
    with _inscription_client(db_url) as c:
        r = c.post("/api/tables", json={"game": "inscription", "seats": [{"kind": "person"}] * 2, "seed": 3,
                                        "practice": True})
        table_id = r.json()["id"]
        tokens = [take(c, table_id, 0, "ann"), take(c, table_id, 1, "bob")]
        c.post(f"/api/tables/{table_id}/start", json={"token": tokens[0]})
        final = _play_to_the_end(c, table_id, tokens, Rng(5))
        assert final["status"] == "finished"
        made = final["view"]["death_card"]["made"]
        kept = c.get("/api/vault/inscription").json()["items"]
        assert len(kept) == 1 and kept[0]["name"] == made["name"] and kept[0]["session"] == table_id
        loser = 0 if final["result"][0] == 0 else 1
        assert kept[0]["made_by"] == ("ann", "bob")[loser]


def test_death_cards_all_deals_the_vaults_cards_and_the_table_keeps_them_exactly(db_url):
    store = Store(db_url)
    StoreVault(store, "inscription").add(
        {"name": "Old Ghoul", "cost": "1 blood", "power": 2, "health": 2, "sigils": ["Airborne"]}
    )
    store.close()
    with _inscription_client(db_url) as c:
        r = c.post("/api/tables", json={"game": "inscription", "seats": [{"kind": "person"}] * 2,
                                        "options": {"death_cards": "all"}})
        assert r.status_code == 201, r.text
        assert r.json()["options"]["death_cards"] == "Old Ghoul/1 blood/2/2/Airborne"
        r = c.post("/api/tables", json={"game": "inscription", "seats": [{"kind": "person"}] * 2,
                                        "options": {"death_cards": "session:nothing-here"}})
        assert r.status_code == 400 and "no death cards" in r.json()["error"]
        assert c.get("/api/vault/chess").status_code == 404
