"""The table's public arrangement: "?" tokens and sorting glyphs (rulebook, Game Tips).
Neither changes a glyph, a mark, a coin or whose move it is."""

from __future__ import annotations

import json

import pytest
from glyphs_helpers import OVAL, SQUARE, SQUARE_OVAL, TWO_OVALS, glyph, position

from glyphhall.engine import IllegalAction
from glyphhall.games.glyphs import GAME


def table(**options):
    s = position(3, coins=[1, 0, 0], question_tokens="on", sorting="agreed", **options)
    s.apply_text(0, f"study {TWO_OVALS}")  # glyph 3, approved (at least one oval)
    return s


def numbers(view, board=0):
    return [g["n"] for g in view["boards"][board]]


def test_question_token_is_placed_and_taken_back_and_changes_no_rule():
    """Rulebook, Game Tips: the "?" tokens have no real use; use them to keep track of something
    or to indicate something to other players."""
    s = table()
    before = (s.boards[0].marks(), s.coins[:], s.phase, s.to_move())
    events = s.apply_text(0, "question 2")
    assert "puts a ? token next to glyph 2" in events[0].text and events[0].visible_to(1)
    assert [g["question"] for g in s.view(1)["boards"][0]] == [False, True, False]
    assert (s.boards[0].marks(), s.coins, s.phase, s.to_move()) == before
    s.apply_text(0, "question glyph 2")
    assert not any(g["question"] for g in s.view(None)["boards"][0])
    with pytest.raises(IllegalAction, match="no glyph 4"):
        s.apply_text(0, "question 4")


def test_sorting_moves_glyphs_without_editing_them():
    """Rulebook, Game Tips: if everyone agrees, you can move existing glyphs (without editing
    them) to sort them; glyphs keep their numbers."""
    s = table()
    s.apply_text(0, "sort by marks")  # approved first (1 and 3), then 2
    assert numbers(s.view(2)) == [1, 3, 2]
    s.apply_text(0, "move glyph 2 to place 1")
    assert numbers(s.view(2)) == [2, 1, 3]
    with pytest.raises(IllegalAction, match="already sorted by size"):
        s.apply_text(0, "sort size")  # the one-shape glyphs 2 and 1 already lie before glyph 3
    with pytest.raises(IllegalAction, match="already in place 1"):
        s.apply_text(0, "move 2 to 1")
    s.apply_text(0, "sort made")
    assert numbers(s.view(2)) == [1, 2, 3]
    assert s.boards[0].marks() == [(glyph(OVAL), True), (glyph(SQUARE), False), (glyph(TWO_OVALS), True)]
    s.apply_text(0, "move 1 to 3")
    s.apply_text(0, "guess it has an oval")
    s.apply_text(0, "withdraw")
    s.apply_text(0, "pass")
    s.apply_text(1, f"study {SQUARE_OVAL}")
    assert numbers(s.view(0)) == [2, 3, 1, 4]  # a new glyph joins the end of the arrangement


def test_sorting_needs_everyones_agreement_and_tokens_the_table_option():
    """Rulebook, Game Tips: sorting only if everyone agrees (the table option sorting=agreed)."""
    s = position(3, coins=[1, 0, 0])
    with pytest.raises(IllegalAction, match="everyone's agreement"):
        s.apply_text(0, "sort made")
    with pytest.raises(IllegalAction, match="tokens are off"):
        s.apply_text(0, "question 1")
    assert not any(a.verb in ("question", "move", "sort") for a in s.legal_actions(0))


def test_arrangement_and_tokens_survive_save_load_clone_and_are_listed_as_actions():
    s = table()
    s.apply_text(0, "question 1")
    s.apply_text(0, "move 3 1")
    c = s.clone()
    c.apply_text(0, "question 3")
    assert s.boards[0].questions == {0}
    data = json.loads(json.dumps(s.to_dict()))
    assert GAME.load(data).to_dict() == s.to_dict() and numbers(GAME.load(data).view(0)) == [3, 1, 2]
    texts = {str(a) for a in s.legal_actions(0)}
    assert {"question 2", "sort made", "move 1 1"} <= texts
    for t in ("question 2", "sort made", "move 1 1"):
        assert GAME.parse_action(s, 0, t) in s.legal_actions(0)
    data["arrangements"] = [[0, 0]]
    with pytest.raises(Exception, match="arrangement"):
        GAME.load(data)


def test_duel_each_player_arranges_their_own_side():
    """Rulebook, Game Tips in the two-player variant: each side of the board is arranged by its player."""
    s = GAME.new(2, 5, {"mode": "duel", "decrees": 1, "level": 1, "sorting": "agreed", "question_tokens": "on"})
    s.apply_text(0, "move 2 to 1")
    s.apply_text(0, "question 1")
    assert numbers(s.view(1), 0) == [2, 1] and numbers(s.view(1), 1) == [1, 2]
    assert s.boards[1].questions == set() and s.boards[0].questions == {0}
