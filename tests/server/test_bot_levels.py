"""The bot levels over the API (issue 41): the lobby's list names levels for players, a seat asked
for by level or by its old spec is named by its level, and no developer word reaches a label."""

from __future__ import annotations

from glyphhall.engine.player_text import program_words as bot_jargon


def test_the_games_list_offers_levels_with_names_and_ratings(client):
    data = client.get("/api/games").json()
    assert data["bots"] == [lv["key"] for lv in data["levels"]]
    assert data["default_bot"] in data["bots"]
    for lv in data["levels"]:
        texts = [lv["key"], lv["name"], lv["label"], lv["about"]] + [r["text"] for r in lv["ratings"].values()]
        assert set(lv["ratings"]) == {g["id"] for g in data["games"]}
        assert not [t for t in texts if bot_jargon(t)], texts
    assert all(r["text"] == "not yet rated" for lv in data["levels"] for r in lv["ratings"].values())  # toy games


def test_a_seat_asked_for_by_level_or_old_spec_is_named_by_its_level(client):
    asked = ["hard", "mcts", "Expert", "heuristic", "beginner", "easy", "mcts-easy"]
    for bot in asked:
        r = client.post("/api/tables", json={"game": "duel", "seats": [{"kind": "person"}, {"kind": "bot", "bot": bot}]})
        assert r.status_code == 201, r.text
        seat = client.get(f"/api/tables/{r.json()['id']}").json()["seats"][1]
        assert not bot_jargon(seat["name"]), seat
        expected = {"hard": ("Hard computer", "mcts"), "mcts": ("Hard computer", "mcts"),
                    "Expert": ("Expert computer", "mcts-hard"), "heuristic": ("Medium computer", "heuristic"),
                    "beginner": ("Beginner computer", "random"), "easy": ("Easy computer", "careless"),
                    "mcts-easy": ("Quick computer", "mcts-easy")}[bot]
        # Stored by its spec, so ratings and saved tables keyed by spec go on as before.
        assert (seat["name"], seat["bot"]) == expected and seat["level"] == seat["name"].split()[0].lower()


def test_an_unknown_level_is_refused_naming_the_levels(client):
    r = client.post("/api/tables", json={"game": "duel", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "genius"}]})
    assert r.status_code == 400
    assert "there is no computer level 'genius'; levels: beginner, easy, medium, hard, expert" in r.text
    assert not bot_jargon(r.text)
