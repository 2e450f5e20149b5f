"""Names typed without an account (guest_names.py): a guest's seat, a bot seat's label or a
replay room's member is never a registered person's name nor a lookalike of one (fullwidth
letters, a zero-width space, Cyrillic or Greek letters, a right-to-left override, a "(guest)"
mark), while accented names are fine."""

from __future__ import annotations

import pytest

from .browsers import Browser
from .helpers import new_table
from .test_accounts import sign_up


@pytest.mark.parametrize(("name", "status", "why"), [
    ("Ａｎｎａ", 409, "looks like) the registered name Anna"),  # fullwidth
    ("Аnna", 409, "registered name Anna"),  # a Cyrillic А
    ("ΑΝΝΑ", 409, "registered name Anna"),  # Greek capitals
    ("An\u200bna", 400, "invisible or direction-changing"),  # a zero-width space
    ("\u202eannA", 400, "invisible or direction-changing"),  # a right-to-left override
    ("Bob (guest)", 400, "a mark the hall adds itself"),
])
def test_a_guest_name_that_passes_for_a_registered_one_is_refused(client, name, status, why):
    sign_up(Browser(client), "Anna")
    table = new_table(client)
    r = client.post(f"/api/tables/{table['id']}/seats/0", json={"name": name})
    assert r.status_code == status and why in r.json()["error"]
    assert not client.get(f"/api/tables/{table['id']}").json()["seats"][0]["taken"]


def test_accented_and_other_script_names_of_nobody_are_fine(client):
    sign_up(Browser(client), "Anna")
    table = new_table(client)
    for seat, name in enumerate(("Björn", "Ζωή")):
        r = client.post(f"/api/tables/{table['id']}/seats/{seat}", json={"name": name})
        assert r.status_code == 200 and r.json()["table"]["seats"][seat]["name"] == name


def test_a_bot_seat_cannot_carry_a_registered_name(client):
    sign_up(Browser(client), "Anna")
    r = client.post("/api/tables", json={"game": "duel", "seats": [{"kind": "person"}, {"kind": "bot", "name": "anna"}]})
    assert r.status_code == 409 and "registered name Anna" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "duel", "seats": [{"kind": "person"}, {"kind": "bot", "name": "Rex"}]})
    assert r.status_code == 201 and r.json()["seats"][1]["name"] == "Rex"
