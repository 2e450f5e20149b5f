"""Puzzle ratings in the store (SQLite and PostgreSQL): an account's first attempt at a puzzle
moves both ratings in one transaction (the puzzle from its shipped start), a second attempt moves
nothing, the attempts say what was tried most recently, the account's export carries them, and
deleting the account removes them (the puzzle's rating stays)."""

from __future__ import annotations

from glyphhall.store.glicko import Glicko

START = Glicko(1600, 200)


def test_first_attempts_are_rated_exported_and_deleted_with_the_account(store):
    ann = store.create_user("ann", "x" * 20)
    solved = store.rate_puzzle_attempt(ann.id, "inscription", "inscription-0001", START, True)
    assert solved.rated and solved.puzzle_before == START
    assert solved.player_after.rating > 1500 and solved.puzzle_after.rating < START.rating
    again = store.rate_puzzle_attempt(ann.id, "inscription", "inscription-0001", START, False)
    assert not again.rated and again.player_after == again.player_before == solved.player_after
    failed = store.rate_puzzle_attempt(ann.id, "inscription", "inscription-0002", START, False)
    assert failed.rated and failed.player_after.rating < solved.player_after.rating
    mine = store.player_puzzle_ratings(ann.id)["inscription"]
    assert (mine.attempts, mine.solved) == (2, 1) and mine.rating == failed.player_after
    assert store.puzzles_tried(ann.id, "inscription") == ["inscription-0002", "inscription-0001"]
    assert store.puzzle_ratings("inscription")["inscription-0001"].attempts == 1
    data = store.account_export(ann.id)
    assert [p["game"] for p in data["puzzle_ratings"]] == ["inscription"] and len(data["puzzle_attempts"]) == 3
    store.delete_account(ann.id)
    assert store.player_puzzle_ratings(ann.id) == {} and store.puzzles_tried(ann.id, "inscription") == []
    assert set(store.puzzle_ratings("inscription")) == {"inscription-0001", "inscription-0002"}
