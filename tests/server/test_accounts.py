"""Accounts: sign up, sign in, sign out, change password; clear refusals that change nothing;
session cookies; rate limits; seats tied to accounts (any device, the websocket learns the
session from the cookie); guests never pass for a registered name."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from glyphhall.server.guard.identity import COOKIE
from glyphhall.server.people import passwords
from glyphhall.server.people.passwords import PolicyError, check_name, check_password
from glyphhall.store import Store
from glyphhall.store.models import SessionRow, UserRow
from glyphhall.store.repository import session_for

from .browsers import Browser
from .helpers import hello, new_table, receive, take

PASSWORD = "correct horse battery"


def sign_up(client: TestClient | Browser, name: str, password: str = PASSWORD) -> dict:
    r = client.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return r.json()


def test_sign_up_signs_in_with_a_safe_cookie(client):
    r = client.post("/api/account/signup", json={"name": "Ann", "password": PASSWORD})
    assert r.status_code == 201 and r.json()["user"]["name"] == "Ann"
    cookie = r.headers["set-cookie"]
    assert f"{COOKIE}=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # plain http here; over https the cookie is Secure
    assert client.get("/api/account").json()["user"]["name"] == "Ann"


def test_the_password_is_stored_only_as_an_argon2_hash(client, db_url):
    sign_up(client, "ann")
    store = Store(db_url)
    with session_for(store) as db:
        row = db.query(UserRow).one()
        assert row.password_hash.startswith("$argon2id$") and PASSWORD not in row.password_hash
        assert all(len(s.id) == 64 for s in db.query(SessionRow))  # the cookie's hash, not the cookie
    store.close()


@pytest.mark.parametrize("name", ["Björn", "Zoë", "Ольга", "Bjo\u0308rn2"])
def test_names_in_any_alphabet_are_accepted(client, name):
    import unicodedata

    assert sign_up(client, name)["user"]["name"] == unicodedata.normalize("NFC", name)


def test_names_are_unique_whatever_their_case(client):
    sign_up(client, "Ann")
    r = client.post("/api/account/signup", json={"name": "aNN", "password": PASSWORD})
    assert r.status_code == 409 and "taken" in r.json()["error"]


@pytest.mark.parametrize("name, why", [
    ("a", "3 to 24 characters"), ("ann smith", "3 to 24"), ("9lives", "starting with a letter"),
    ("x" * 30, "3 to 24"), ("Guest", "reserved"), ("heuristic", "reserved"), ("seat1", "reserved"),
    ("\u0410nn", "one alphabet"), ("Bj\u00f6rn\u0434", "one alphabet"),
])
def test_malformed_or_reserved_names_are_refused(client, name, why):
    r = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert r.status_code == 400 and why in r.json()["error"]
    assert client.get("/api/account").json()["user"] is None


@pytest.mark.parametrize("password, why", [
    ("short", "too short"), ("aaaaaaaaaaaa", "too few"), ("annannann12", "user name"),
    ("1234567890", "common"), ("abcdefghijklm", "common"),
])
def test_weak_passwords_are_refused_saying_why(client, password, why):
    r = client.post("/api/account/signup", json={"name": "ann", "password": password})
    assert r.status_code == 400 and why in r.json()["error"]
    assert client.post("/api/account/signin", json={"name": "ann", "password": password}).status_code == 401


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(client):
    sign_up(client, "ann")
    client.post("/api/account/signout")
    wrong = client.post("/api/account/signin", json={"name": "ann", "password": "not the password"})
    unknown = client.post("/api/account/signin", json={"name": "nobody", "password": "not the password"})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"error": "wrong user name or password"}
    ok = client.post("/api/account/signin", json={"name": "ANN", "password": PASSWORD})
    assert ok.status_code == 200 and ok.json()["user"]["name"] == "ann"


def test_an_unknown_name_is_checked_against_a_hash_as_costly_as_a_real_one():
    # (the written-out hash must keep the hasher's memory and time costs, or an unknown name
    # would answer faster than a wrong password)
    assert not passwords._hasher.check_needs_rehash(passwords.DUMMY_HASH)
    assert not passwords.verify(passwords.DUMMY_HASH, "a guess")


def test_sign_out_ends_the_session(client):
    sign_up(client, "ann")
    cookie = client.cookies.get(COOKIE)
    client.post("/api/account/signout")
    assert client.get("/api/account").json()["user"] is None
    client.cookies.set(COOKIE, cookie)  # the old cookie no longer works
    answer = client.get("/api/account").json()
    assert answer["user"] is None and "sign in again" in answer["problem"]


def test_an_expired_session_says_so(client, db_url):
    sign_up(client, "ann")
    store = Store(db_url)
    with session_for(store) as db:
        db.query(SessionRow).update({SessionRow.expires_at: time.time() - 1})
        db.commit()
    store.close()
    answer = client.get("/api/account").json()
    assert answer == {"user": None, "problem": "your session has expired; please sign in again"}
    r = client.post("/api/account/password", json={"old_password": PASSWORD, "new_password": "another good one"})
    assert r.status_code == 401


def test_change_password(client):
    client = Browser(client)
    sign_up(client, "ann")
    other = Browser(client.client)
    other.post("/api/account/signin", json={"name": "ann", "password": PASSWORD})
    assert other.get("/api/account").json()["user"]
    bad = client.post("/api/account/password", json={"old_password": "wrong one!!", "new_password": "another good one"})
    assert bad.status_code == 403
    weak = client.post("/api/account/password", json={"old_password": PASSWORD, "new_password": "short"})
    assert weak.status_code == 400 and "too short" in weak.json()["error"]
    ok = client.post("/api/account/password", json={"old_password": PASSWORD, "new_password": "another good one"})
    assert ok.status_code == 200
    assert other.get("/api/account").json()["user"] is None, "other browsers are signed out"
    assert client.get("/api/account").json()["user"]["name"] == "ann"
    client.post("/api/account/signout")
    assert client.post("/api/account/signin", json={"name": "ann", "password": PASSWORD}).status_code == 401
    assert client.post("/api/account/signin", json={"name": "ann", "password": "another good one"}).status_code == 200


def _from(client: TestClient, address: str) -> TestClient:
    """The client's next requests come from `address`."""
    client._transport.client = (address, 50000)  # type: ignore[attr-defined]
    return client


def test_wrong_passwords_slow_that_address_for_that_account_and_never_lock_the_owner_out(client):
    sign_up(client, "ann")
    client.post("/api/account/signout")
    guesser = _from(client, "203.0.113.9")
    for _ in range(3):  # three free tries, then a back-off for this address and account only
        assert client.post("/api/account/signin", json={"name": "ann", "password": "guessing 1234"}).status_code == 401
    r = guesser.post("/api/account/signin", json={"name": "ann", "password": PASSWORD})
    assert r.status_code == 429 and "too many wrong passwords for this account from here" in r.json()["error"]
    assert "seconds" in r.json()["error"]
    owner = _from(client, "198.51.100.7")  # the owner, elsewhere, is not held up
    assert owner.post("/api/account/signin", json={"name": "ann", "password": PASSWORD}).status_code == 200
    client.post("/api/account/signout")
    other = _from(client, "203.0.113.9")  # the guesser's address may still sign in to another account
    sign_up(other, "bob")


def test_sign_in_is_limited_per_address(client):
    for i in range(20):
        client.post("/api/account/signin", json={"name": f"who{i}", "password": "guessing 1234"})
    r = client.post("/api/account/signin", json={"name": "bob", "password": PASSWORD})
    assert r.status_code == 429 and "from this address" in r.json()["error"]


def test_limiter_window():
    from glyphhall.server.guard.hall_windows import Limiter

    lim = Limiter(2, 10)
    lim.note("k", 0)
    lim.note("k", 1)
    assert lim.wait("k", 2) == pytest.approx(8)
    assert lim.wait("k", 10.5) == 0


def test_backoff_doubles_after_the_free_tries_up_to_a_ceiling_and_a_success_clears_it():
    from glyphhall.server.guard.hall_windows import Backoff

    off = Backoff(free=2, first=1, longest=4, forget=100)
    for t in range(2):
        assert off.wait("k", t) == 0
        off.fail("k", t)
    assert off.wait("k", 1) == pytest.approx(1)  # the third try waits 1 s after the last failure
    off.fail("k", 2)
    assert off.wait("k", 2) == pytest.approx(2)
    for t in (4, 8, 12, 16):
        off.fail("k", t)
    assert off.wait("k", 16) == pytest.approx(4)  # never more than the ceiling: not a lock
    assert off.wait("other", 16) == 0
    assert off.wait("k", 200) == 0  # forgotten
    off.fail("k", 300)
    off.clear("k")
    assert off.wait("k", 300) == 0


def test_password_hashing_runs_off_the_event_loop_and_off_the_stores_thread(client, monkeypatch):
    """Sign-ups hashed inside the event loop froze it (10 sign-ups: 3.4 s); sign-in checks ran on
    the store's single thread, queueing moves behind them (20 sign-ins: one move waited 24.7 s)."""
    import asyncio

    from glyphhall.server.people import passwords
    from glyphhall.server.tables.store_access import StoreAccess

    on_store_thread: list[str] = []
    run = StoreAccess.run

    async def watched(self, fn, *args):
        on_store_thread.append(getattr(fn, "__name__", ""))
        return await run(self, fn, *args)

    monkeypatch.setattr(StoreAccess, "run", watched)
    sign_up(client, "ann")
    client.post("/api/account/signin", json={"name": "ann", "password": PASSWORD})
    client.post("/api/account/signin", json={"name": "ann", "password": "guessing 1234"})
    assert on_store_thread and not {"verify", "hash_password"} & set(on_store_thread)

    async def lag_while_hashing() -> float:
        worst, last = 0.0, time.perf_counter()

        async def tick() -> None:
            nonlocal worst, last
            while True:
                await asyncio.sleep(0.01)
                now = time.perf_counter()
                worst, last = max(worst, now - last), now

        ticker = asyncio.create_task(tick())
        await asyncio.gather(*(passwords.hash_off_loop(f"password number {i}") for i in range(4)))
        ticker.cancel()
        return worst

    assert asyncio.run(lag_while_hashing()) < 0.5  # the 4 hashes take 0.4-3 s of CPU (a shared machine)


def test_too_many_hashes_waiting_get_a_busy_answer_not_a_queue_without_end(client, monkeypatch):
    from glyphhall.server.people import passwords

    sign_up(client, "ann")
    monkeypatch.setattr(passwords, "_waiting", passwords.HASHING_THREADS + passwords.MAX_WAITING)
    r = client.post("/api/account/signin", json={"name": "ann", "password": PASSWORD})
    assert r.status_code == 503 and "busy" in r.json()["error"]


def test_policy_functions():
    assert check_name("  Ann_2 ") == "Ann_2"
    with pytest.raises(PolicyError):
        check_name("mcts-hard", ("mcts-hard",))
    check_password("a sentence is a good password", "ann")


def test_a_seat_taken_signed_in_belongs_to_the_account_on_any_device(client):
    client = Browser(client)
    sign_up(client, "Ann")
    table = new_table(client)
    r = client.post(f"/api/tables/{table['id']}/seats/0", json={"name": "whatever"})
    assert r.status_code == 200
    seat = r.json()["table"]["seats"][0]
    assert seat["name"] == "Ann" and not seat["guest"] and seat["profile"] == "/u/Ann"
    bob = Browser(client.client)
    take(bob, table["id"], 1, "bob")
    assert bob.get(f"/api/tables/{table['id']}").json()["seats"][1]["guest"]
    # Another device of Ann's: signed in, no token; it starts the game and plays her seat.
    phone = Browser(client.client)
    phone.post("/api/account/signin", json={"name": "ann", "password": PASSWORD})
    assert phone.post(f"/api/tables/{table['id']}/start", json={}).status_code == 200
    with phone.websocket_connect(f"/ws/{table['id']}") as ws:
        state = hello(ws, None)
        assert state["you"] == 0 and state["legal"]
        ws.send_json({"type": "act", "text": state["legal"][0]})
        assert receive(ws, "update")["step"] == 1
    with bob.websocket_connect(f"/ws/{table['id']}") as ws:
        assert hello(ws, None)["you"] is None, "a guest without a token watches"


def test_a_guest_cannot_take_a_registered_name(client):
    client = Browser(client)
    sign_up(client, "Ann")
    guest = Browser(client.client)
    table = new_table(guest)
    r = guest.post(f"/api/tables/{table['id']}/seats/0", json={"name": "ANN"})
    assert r.status_code == 409 and "registered name" in r.json()["error"]
    assert not guest.get(f"/api/tables/{table['id']}").json()["seats"][0]["taken"]


def test_bad_bodies_change_nothing(client):
    assert client.post("/api/account/signup", json={"name": "ann"}).status_code == 400
    assert client.post("/api/account/signup", json={"name": "ann", "password": "x" * 500}).status_code == 400
    assert client.post("/api/account/signin", content=b"not json").status_code == 400
    assert client.get("/api/account").json()["user"] is None
    assert client.post("/api/account/password", json={"old_password": "a", "new_password": "b"}).status_code == 401


def test_the_account_routes_are_in_the_openapi_document(client):
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/account", "/api/account/signup", "/api/account/signin", "/api/account/signout",
                 "/api/account/password", "/api/me/games", "/api/turns", "/api/users/{name}",
                 "/api/leaderboard/{game_id}"):
        assert path in paths, path
