"""E-mail through a real local SMTP server (aiosmtpd): confirming an address, your-turn e-mails
(once per turn, batched, never while a page is focused, exactly once across a restart), the
unsubscribe link without signing in, the game-over e-mail, password reset (single use,
expiring, the same answer for an unknown address), retries with backoff, e-mail off."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from glyphhall.server import create_app
from glyphhall.server.guard.tokens import token_hash
from glyphhall.server.notify.mail import MailSettings, MailSettingsError
from glyphhall.server.notify.notifier import NotifyTimes
from glyphhall.server.notify.outbox import MAX_ATTEMPTS, backoff
from glyphhall.server.people.email_routes import RESET_ANSWER
from glyphhall.store import Store

from .email_hall import FAST, PASSWORD, confirmed, duel, mail_app, move, person, subjects
from .games import GAMES
from .mailbox import body, link


def settle(seconds: float = 0.6) -> None:
    """Long enough for several notifier rounds (FAST: a round every 0.1 s, turns told after 0.3 s)."""
    time.sleep(seconds)


def test_an_address_is_used_only_once_confirmed(mail_hall, mailbox):
    ann = person(mail_hall, "ann")
    r = ann.post("/api/contact/email", json={"email": "ann@example.org", "password": "not her password"})
    assert r.status_code == 403 and "password" in r.json()["error"]
    r = ann.post("/api/contact/email", json={"email": "not an address", "password": PASSWORD})
    assert r.status_code == 400 and "e-mail address" in r.json()["error"]
    settle(0.5)
    assert mailbox.messages == []
    assert ann.post("/api/contact/email", json={"email": "ann@example.org", "password": PASSWORD}).status_code == 200
    msg = mailbox.wait_for("ann@example.org")[0]
    assert msg["Subject"] == "Confirm your e-mail address for Glyph Hall" and "Hello ann" in body(msg)
    assert ann.get("/api/contact").json()["email"] is None  # not before the link is opened
    confirm = link(msg, "/mail/confirm")
    r = mail_hall.get(confirm, follow_redirects=False)  # any browser: the link carries its token
    assert r.headers["location"] == "/settings?email=confirmed"
    got = ann.get("/api/contact").json()
    assert got["email"] == "ann@example.org" and got["email_on"] is True and got["turn_emails"] is True
    r = mail_hall.get(confirm, follow_redirects=False)  # used once
    assert r.headers["location"] == "/settings?email=expired"


def test_your_turn_is_told_once_per_turn_with_a_working_unsubscribe_link(mail_hall, mailbox):
    ann, bob = confirmed(mail_hall, mailbox, "ann"), confirmed(mail_hall, mailbox, "bob")
    table_id, (tok_a, tok_b) = duel([ann, bob])
    first_a = mailbox.wait_for("ann@example.org", 2)[1]  # after the confirmation
    first_b = mailbox.wait_for("bob@example.org", 2)[1]
    assert first_a["Subject"] == "Your turn at Duel against bob" and first_b["Subject"] == "Your turn at Duel against ann"
    assert f"http://hall.test/t/{table_id}" in body(first_a)
    settle()
    assert len(mailbox.to("ann@example.org")) == 2  # one per turn, however long it waits
    move(ann, table_id, tok_a)  # ann chose; bob's turn goes on (the same wait: no new e-mail)
    settle()
    assert len(mailbox.to("ann@example.org")) == 2 and len(mailbox.to("bob@example.org")) == 2
    move(bob, table_id, tok_b)  # the round ends: a new turn for both
    mailbox.wait_for("ann@example.org", 3)
    mailbox.wait_for("bob@example.org", 3)
    # Bob stops the e-mails from the link, in a browser where nobody is signed in.
    stop = link(first_b, "/mail/unsubscribe")
    assert first_b["List-Unsubscribe"].strip() == f"<http://hall.test{stop}>"
    assert "Stop the e-mails" in mail_hall.get(stop).text  # opening the link alone changes nothing
    assert bob.get("/api/contact").json()["turn_emails"] is True
    assert "no more e-mails" in mail_hall.post(stop).text
    assert bob.get("/api/contact").json()["turn_emails"] is False
    assert "does not work" in mail_hall.post("/mail/unsubscribe?key=guessed").text
    move(ann, table_id, tok_a)
    move(bob, table_id, tok_b)
    mailbox.wait_for("ann@example.org", 4)
    settle()
    assert len(mailbox.to("bob@example.org")) == 3


def test_no_email_while_a_page_is_focused(mail_hall, mailbox):
    ann, bob = confirmed(mail_hall, mailbox, "ann"), confirmed(mail_hall, mailbox, "bob")
    deadline = time.monotonic() + 1.2
    bob.post("/api/turns", json={"focused": True})
    table_id, _ = duel([ann, bob])
    while time.monotonic() < deadline:  # bob's page polls with the focus, as alerts.js does
        assert bob.post("/api/turns", json={"focused": True}).status_code == 200
        time.sleep(0.2)
    assert len(mailbox.wait_for("ann@example.org", 2)) == 2
    assert subjects(mailbox, "bob@example.org") == ["Confirm your e-mail address for Glyph Hall"]
    bob.post("/api/turns", json={"focused": False})  # he went away without playing
    assert mailbox.wait_for("bob@example.org", 2)[1]["Subject"] == "Your turn at Duel against ann"


def test_several_waiting_tables_make_one_email(db_url, mailbox):
    with TestClient(mail_app(db_url, mailbox, NotifyTimes(turn_delay=2.0, focus_seconds=1.5, tick=0.1))) as slow_hall:
        ann, bob = confirmed(slow_hall, mailbox, "ann"), person(slow_hall, "bob")
        for _ in range(3):
            duel([ann, bob])
        msg = mailbox.wait_for("ann@example.org", 2)[1]
        assert msg["Subject"] == "Your turn at 3 tables" and body(msg).count("Duel against bob") == 3
        settle(2.5)
        assert len(mailbox.to("ann@example.org")) == 2


def test_game_over_email_has_the_result_and_the_replay(mail_hall, mailbox):
    ann, bob = confirmed(mail_hall, mailbox, "ann"), confirmed(mail_hall, mailbox, "bob")
    table_id, (tok_a, tok_b) = duel([ann, bob])
    for _ in range(3):
        move(ann, table_id, tok_a)
        last = move(bob, table_id, tok_b)
    assert last["status"] == "finished"
    over = mailbox.wait_subject("ann@example.org", "Game over")
    assert over["Subject"] == f"Game over at Duel: {last['result_text']}"
    assert f"http://hall.test/r/{table_id}" in body(over) and "against bob" in body(over)
    settle()
    assert sum(s.startswith("Game over") for s in subjects(mailbox, "bob@example.org")) == 1


def test_exactly_once_across_a_restart(db_url, mailbox):
    with TestClient(mail_app(db_url, mailbox)) as client:
        ann, bob = confirmed(client, mailbox, "ann"), person(client, "bob")
        table_id, _ = duel([ann, bob])
        mailbox.wait_for("ann@example.org", 2)
    with TestClient(mail_app(db_url, mailbox)) as client:  # the game resumes; the turn was told already
        settle()
        assert subjects(mailbox, "ann@example.org")[1:] == ["Your turn at Duel against bob"]
        ann.client = client
        assert ann.get("/api/me/games").json()["tables"][0]["your_turn"] is True


def test_a_wait_told_by_nobody_before_a_restart_is_told_after_it(db_url, mailbox):
    slow = NotifyTimes(turn_delay=3600, focus_seconds=1.5, tick=0.1)
    with TestClient(mail_app(db_url, mailbox, slow)) as client:
        ann, bob = confirmed(client, mailbox, "ann"), person(client, "bob")
        duel([ann, bob])
        settle(0.5)
        assert len(mailbox.to("ann@example.org")) == 1
    with TestClient(mail_app(db_url, mailbox)):
        assert mailbox.wait_for("ann@example.org", 2)[1]["Subject"] == "Your turn at Duel against bob"
        settle()
        assert len(mailbox.to("ann@example.org")) == 2


def test_password_reset_by_email(mail_hall, mailbox, db_url):
    ann = confirmed(mail_hall, mailbox, "ann")
    known = mail_hall.post("/api/reset/request", json={"email": "ANN@example.org"})
    unknown = mail_hall.post("/api/reset/request", json={"email": "nobody@example.org"})
    assert known.status_code == unknown.status_code == 200
    assert known.json() == unknown.json() == {"message": RESET_ANSWER}
    msg = mailbox.wait_for("ann@example.org", 2)[1]
    assert msg["Subject"] == "Choose a new Glyph Hall password"
    token = link(msg, "/reset?token=").split("token=")[1]
    assert mailbox.to("nobody@example.org") == []
    r = mail_hall.post("/api/reset", json={"token": token, "new_password": "short"})
    assert r.status_code == 400 and "too short" in r.json()["error"]  # the link still works after that
    r = mail_hall.post("/api/reset", json={"token": token, "new_password": "a brand new passphrase"})
    assert r.status_code == 200 and r.json()["name"] == "ann"
    assert ann.get("/api/account").json()["user"] is None  # every browser is signed out
    r = mail_hall.post("/api/reset", json={"token": token, "new_password": "yet another passphrase"})
    assert r.status_code == 400 and "expired or was used" in r.json()["error"]
    assert mail_hall.post("/api/account/signin", json={"name": "ann", "password": "a brand new passphrase"}).status_code == 200
    store = Store(db_url)  # an old link: made two hours ago
    user_id = store.user_named("ann").id
    store.add_mail_token(token_hash("an-expired-reset-token"), user_id, "reset", "ann@example.org", -3600)
    store.close()
    r = mail_hall.post("/api/reset", json={"token": "an-expired-reset-token", "new_password": "one more passphrase"})
    assert r.status_code == 400 and "expired" in r.json()["error"]


def test_reset_requests_are_limited(mail_hall, mailbox):
    confirmed(mail_hall, mailbox, "ann")
    answers = [mail_hall.post("/api/reset/request", json={"email": "ann@example.org"}) for _ in range(12)]
    assert [a.status_code for a in answers[:10]] == [200] * 10 and answers[10].status_code == 429
    mailbox.wait_for("ann@example.org", 1 + 3)
    settle()
    assert len(mailbox.to("ann@example.org")) == 1 + 3  # at most three links an hour per account


def test_a_failed_send_is_tried_again_later(mail_hall, mailbox, db_url):
    mailbox.refuse = True
    ann = person(mail_hall, "ann")
    ann.post("/api/contact/email", json={"email": "ann@example.org", "password": PASSWORD})
    store = Store(db_url)
    deadline = time.monotonic() + 10
    while not (rows := store.outbox()) or rows[0]["attempts"] == 0:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert rows[0]["status"] == "queued" and "451" in rows[0]["error"]
    store.close()
    assert mailbox.messages == []
    assert [backoff(n) for n in (1, 2, 3, 8, 20)] == [30, 60, 120, 3600, 3600] and MAX_ATTEMPTS == 8


def test_without_smtp_email_is_off(db_url):
    with TestClient(create_app(db_url, games=GAMES, bot_workers=1, notify_times=FAST)) as client:
        ann = person(client, "ann")
        assert ann.get("/api/contact").json()["email_on"] is False
        r = ann.post("/api/contact/email", json={"email": "ann@example.org", "password": PASSWORD})
        assert r.status_code == 503 and "e-mail is off" in r.json()["error"]
        r = client.post("/api/reset/request", json={"email": "ann@example.org"})
        assert r.status_code == 503


def test_smtp_urls_are_read_or_refused_saying_why():
    s = MailSettings.from_url("smtp://hall%40example.org:se%2Fcret@mail.example.org?from=hall@example.org")
    assert (s.host, s.port, s.security, s.username, s.password, s.sender) == (
        "mail.example.org", 587, "starttls", "hall@example.org", "se/cret", "hall@example.org")
    assert MailSettings.from_url("smtps://mail.example.org?from=a@b.org").port == 465
    assert MailSettings.from_url("smtp://127.0.0.1:25?from=a@b.org&tls=off").security == "off"
    for url, why in (("http://mail.example.org", "smtp://"), ("smtp://?from=a@b.org", "no host"),
                     ("smtp://mail.example.org", "sender")):
        with pytest.raises(MailSettingsError, match=why):
            MailSettings.from_url(url)


def test_serve_refuses_an_unusable_smtp_url(tmp_path):
    from typer.testing import CliRunner

    from glyphhall.cli.main import app

    result = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", "--smtp", "smtp://mail.example.org"])
    assert result.exit_code == 2 and "--smtp: the SMTP URL needs the sender's address" in result.output


def test_an_address_belongs_to_one_account(mail_hall, mailbox):
    confirmed(mail_hall, mailbox, "ann")
    eve = person(mail_hall, "eve")
    assert eve.post("/api/contact/email", json={"email": "ann@example.org", "password": PASSWORD}).status_code == 200
    msg = mailbox.wait_for("ann@example.org", 2)[1]  # the link goes to the address's owner, who ignores it
    r = mail_hall.get(link(msg, "/mail/confirm"), follow_redirects=False)
    assert r.headers["location"] == "/settings?email=taken" and eve.get("/api/contact").json()["email"] is None


def test_sent_messages_and_spent_links_are_forgotten_after_a_month(store):
    store.queue_message("email", "a@example.org", "old", "body")
    owner = "test-claim"
    [item] = store.claim_messages(owner, 60)
    store.message_sent(item.id, owner)
    store.queue_message("email", "b@example.org", "waiting", "body")
    store.add_mail_token(token_hash("old-link"), store.create_user("ann", "x").id, "reset", "a@example.org", -1)
    assert store.prune(time.time() - 3600) == 0  # a month: nothing is that old yet
    assert store.prune(time.time() + 1) == 2
    assert [m["subject"] for m in store.outbox()] == ["waiting"]  # what still waits to go stays
