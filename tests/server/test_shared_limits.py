"""Limits that hold for the whole hall (issue 30): with two processes on one PostgreSQL, the
sign-in limit per address and the wrong-password back-off count attempts made through either
process, so moving between processes gains an attacker nothing."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def _sign_in(node, name: str, password: str = "not the password") -> tuple[int, str]:
    r = node.http.post("/api/account/signin", json={"name": name, "password": password})
    return r.status_code, r.json().get("error", "")


def test_the_sign_in_limit_per_address_holds_across_processes(hall):
    a, b = hall(2)
    for i in range(20):  # the limit: 20 a window, made through both processes by turns
        status, _ = _sign_in(a if i % 2 else b, f"nobody{i}")
        assert status == 401
    for node in (a, b):
        status, error = _sign_in(node, "nobody-more")
        assert status == 429 and "too many sign-in attempts from this address" in error


def test_wrong_passwords_slow_down_through_every_process(hall):
    a, b = hall(2)
    signup = a.http.post("/api/account/signup", json={"name": "carol", "password": "a long enough secret 1"})
    assert signup.status_code == 201, signup.text
    for node in (a, b, a):  # three free tries, whichever process they reach
        assert _sign_in(node, "carol")[0] == 401
    status, error = _sign_in(b, "carol")
    assert status == 429 and "wrong passwords for this account from here" in error


def test_tables_created_per_address_count_for_the_whole_hall(postgres_url):
    """Two apps (as two processes) on one PostgreSQL, each with its own bucket of 4 tables: the
    hall together allows 4 from one address, not 8."""
    from fastapi.testclient import TestClient

    from glyphhall.server import create_app
    from glyphhall.server.guard.flood_limits import Limits, Rate
    from glyphhall.store import Store

    from .games import GAMES

    store = Store(postgres_url)
    store.drop_everything()
    store.close()
    limits = Limits(create_table=Rate(1 / 60, 4))
    body = {"game": "duel", "seats": [{"kind": "person"}] * 2}
    with TestClient(create_app(postgres_url, games=GAMES, bot_workers=1, limits=limits)) as a, \
            TestClient(create_app(postgres_url, games=GAMES, bot_workers=1, limits=limits)) as b:
        made = [(a if i % 2 else b).post("/api/tables", json=body).status_code for i in range(4)]
        assert made == [201] * 4
        for client in (a, b):
            refused = client.post("/api/tables", json=body)
            assert refused.status_code == 429 and "too many tables" in refused.json()["error"]
