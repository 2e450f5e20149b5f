"""The pages around the games: a favicon (no 404 in every page's console), a 404 page a person
can read for an address nobody serves, while the API keeps answering JSON."""

from __future__ import annotations


def test_the_favicon_is_served(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml") and b"<svg" in r.content


def test_an_unknown_page_gets_a_readable_404_page_and_the_api_json(client):
    r = client.get("/no/such/page")
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert "There is nothing at this address" in r.text and 'href="/"' in r.text
    api = client.get("/api/no-such-thing")
    assert api.status_code == 404 and api.headers["content-type"].startswith("application/json")
