"""Game flow: reference §1.2 (setup, draft, placement), §1.3 (rounds, order markers,
initiative, turns), §1.8 (winning, round limit), and bad input."""

import json

import pytest
from heroscape_helpers import BLANK, SKULL, act, d20, fig, position, start_round, texts

from glyphhall.engine import IllegalAction, LoadError, OptionError, Rng
from glyphhall.games.heroscape import flow
from glyphhall.games.heroscape.game import GAME


def preset(seed=0, **opts):
    opts.setdefault("armies", "starter")
    opts.setdefault("map", "skirmish")
    return GAME.new(2, seed, opts)


def place_all(s):
    while s.phase == "place" or (s.pending and s.pending[0][1] == "place"):
        seat = s.to_move()[0]
        act(s, sorted(texts(s))[0])
        assert seat in (0, 1)


def test_placement_in_own_start_zone_whole_army_first():
    """Reference §1.2: highest d20 places the whole army first, in its own start zone."""
    s = preset()
    first = s.to_move()[0]
    n = sum(1 for f in range(len(s.f_card)) if s.owner(f) == first)
    for _ in range(n):
        assert s.to_move() == (first,)
        options = texts(s)
        assert all(s.board.zone[s.board.index[t.split()[1]]] == first for t in options)
        act(s, sorted(options)[0])
    assert s.to_move() == (1 - first,)


def test_order_markers_are_secret_and_simultaneous():
    """Reference §1.3: each player places 1, 2, 3 and X face down at the same time; the
    opponent sees only which card holds a marker."""
    s = preset()
    place_all(s)
    assert s.phase == "orders" and s.to_move() == (0, 1)
    events = act(s, "order 1 finn")
    assert s.view(1)["cards"][s.card_index("finn")]["markers"] == ["?"]
    assert s.view(0)["cards"][s.card_index("finn")]["markers"] == ["1"]
    assert s.view(None)["cards"][s.card_index("finn")]["markers"] == ["?"]
    public = [e.text for e in events if e.visible_to(1)]
    assert all("1" not in t.split() for t in public)


def test_determinize_resamples_opponent_markers():
    """Hidden order markers are resampled for the opponent, never for their owner."""
    s = preset()
    place_all(s)
    act(s, "order 1 finn")
    act(s, "order 2 tarn")
    seen = [s.determinize(1, Rng(k)).markers[0] for k in range(30)]
    assert len({tuple(m) for m in seen}) > 2, "numbers (and which are still in hand) are resampled"
    fin, tarn = s.card_index("finn"), s.card_index("tarn")
    for m in seen:
        assert sorted(m) == sorted([fin, tarn, -1, -1]), "which cards hold a marker is public"
    assert {tuple(s.determinize(0, Rng(k)).markers[0]) for k in range(5)} == {tuple(s.markers[0])}


def _to_turns(s):
    place_all(s)
    for seat in (0, 1):
        cards = flow.order_cards(s, seat)
        for m in ("1", "2", "3", "x"):
            s.apply(seat, GAME.parse_action(s, seat, f"order {m} {s.c_def[cards[0]].key}"))
    return s


def test_initiative_and_turn_order():
    """Reference §1.3: d20 initiative each round, highest first; turns alternate 1, 1, 2, 2, 3, 3."""
    s = _to_turns(preset())
    assert s.phase == "turn" and s.turn_no == 1
    first = s.init_order[0]
    assert s.to_move() == (first,)
    act(s, "end")
    assert s.to_move() == (1 - first,) and s.turn_no == 1
    act(s, "end")
    assert s.turn_no == 2 and s.to_move() == (first,)


def test_initiative_ties_reroll_and_dagmar():
    """Reference §1.3: ties re-roll; Dagmar adds 8 (re-rolls too)."""
    s = position(script=[d20(7), d20(7), d20(3), d20(12)])
    order = flow.roll_off(s, [0, 1], [], "initiative")
    assert order == [1, 0]
    s = position(glyphs={"c3": ("dagmar", True)}, at={"finn": "c3", "thorgrim": "e6"},
                 script=[d20(10), d20(17)])
    order = flow.roll_off(s, [0, 1], [], "initiative", lambda seat: flow.initiative_bonus(s, seat))
    assert order == [0, 1]


def test_lost_turn_when_the_card_is_destroyed():
    """Reference §1.3 Lost turn: a marker on a card with no figures left loses that turn, and
    the marker stays unrevealed."""
    s = start_round(position(armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "a1", "thorgrim": "f8"}), 2, None, None)
    s.markers[0] = [s.card_index("tarn")] * 4
    s.active_card = -1
    events = []
    flow.begin_turn(s, events)
    assert any("loses turn 1" in e.text for e in events)
    assert not any("Tarn" in e.text for e in events), "the lost marker's card is not shown"
    assert s.revealed[0][0] is False
    assert s.view(1)["cards"][s.card_index("tarn")]["markers"] == ["?"] * 4
    assert s.to_move() == (1,)


def test_determinize_keeps_lost_markers_on_cards_without_figures():
    """A seat that saw a turn lost knows that marker lay on a card without figures: samples
    move it only among the other lost markers, never onto a living card."""
    s = start_round(position(armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "a1", "thorgrim": "f8"}), 2, None, None)
    tarn, finn = s.card_index("tarn"), s.card_index("finn")
    s.markers[0] = [tarn, finn, finn, tarn]
    s.active_card = -1
    flow.begin_turn(s, [])  # seat 0 loses turn 1
    assert s.to_move() == (1,)
    samples = [s.determinize(1, Rng(k)).markers[0] for k in range(30)]
    assert all(m[0] == tarn for m in samples)
    assert {tuple(m[1:]) for m in samples} == {(finn, finn, tarn), (finn, tarn, finn), (tarn, finn, finn)}


def test_victory_when_every_opposing_figure_is_destroyed():
    """Reference §1.8: destroying all opposing figures wins."""
    s = position(at={"finn": "c3", "thorgrim": "c4"}, active="finn", script=[SKULL] * 3 + [BLANK] * 4)
    s.f_wounds[fig(s, "thorgrim")] = 3
    act(s, "attack finn thorgrim")
    assert s.is_over() and s.returns() == [1.0, 0.0]


def test_round_limit_scoring():
    """Reference §1.8: at the round limit each side scores the points of cards with a figure
    on the battlefield; option round_limit_scoring off makes it a draw."""
    s = position(armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "a1", "tarn1": "a2", "thorgrim": "f8"},
                 options={"round_limit": 1})
    s.turn_no = 4
    events: list = []
    flow.end_round(s, events)
    assert s.returns() == [1.0, 0.0]
    # the outcome first, so that a narrow screen cutting the line's end still shows it
    assert events[-1].text == ("game over, seat 0 wins: the round limit is reached; "
                               "points on the battlefield: seat 0 130, seat 1 80")
    s = position(armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "a1", "tarn1": "a2", "thorgrim": "f8"},
                 options={"round_limit": 1, "round_limit_scoring": False})
    events = []
    flow.end_round(s, events)
    assert s.returns() == [0.5, 0.5]
    assert events[-1].text == "game over, a draw: the round limit is reached"


def test_draft_order_and_points():
    """Reference §1.2 Draft: the d20 winner picks 1, the other 2, then 1 each; never over the
    points limit; a player who cannot add a card is done."""
    s = GAME.new(2, 3, {"points": 200, "map": "skirmish"})
    first = s.to_move()[0]
    act(s, "draft mimring")  # 150
    while s.pending:
        act(s, sorted(texts(s))[0])
    assert s.to_move() == (1 - first,)
    act(s, "draft finn")
    while s.pending:
        act(s, sorted(texts(s))[0])
    assert s.to_move() == (1 - first,), "the second player picks twice"
    act(s, "draft thorgrim")
    while s.pending:
        act(s, sorted(texts(s))[0])
    assert s.to_move() == (first,)
    assert all(GAME_CARD_POINTS(k) <= 50 for k in texts(s) if k.startswith("draft"))


def GAME_CARD_POINTS(text):
    from glyphhall.games.heroscape.armies import CARDS

    return CARDS[text.split()[1]].points


def test_sequential_order_placement_variant():
    """Reference §1.3 optional variant: d20, the high roller places order markers first."""
    s = preset(order_placement="sequential")
    place_all(s)
    assert len(s.to_move()) == 1


def test_bad_input_is_a_clear_error_that_changes_nothing():
    """Bad action text, options and saved states give clear errors."""
    s = preset()
    before = s.to_dict()
    seat = s.to_move()[0]
    with pytest.raises(IllegalAction, match="place"):
        s.apply_text(seat, "place zz99")
    assert s.to_dict() == before
    with pytest.raises(OptionError):
        GAME.new(2, 0, {"map": "atlantis"})
    with pytest.raises(OptionError):
        GAME.new(2, 0, {"points": 5})
    data = json.loads(json.dumps(s.to_dict()))
    data["figures"][0]["card"] = 99
    with pytest.raises(LoadError):
        GAME.load(data)


def test_views_hide_symbol_side_glyphs():
    """Symbol-side glyphs are hidden from every seat until a figure stops on them."""
    s = GAME.new(2, 0, {"glyph_faces": "hidden", "map": "skirmish"})
    for seat in (0, 1, None):
        assert all(g["glyph"] == "?" for g in s.view(seat)["glyphs"])
    keys = {tuple(sorted(s.determinize(0, Rng(k)).glyph_at.items())) for k in range(10)}
    assert len(keys) > 1


def test_draft_order_for_more_players_snakes():
    """Reference §1.2 Draft (3+ players): 1 each going left from the winner, the last player
    picks 2 and the order reverses; the ends of the chain pick 2."""
    assert flow.draft_sequence(1, 3)[:9] == (1, 2, 0, 0, 2, 1, 1, 2, 0)
    assert flow.draft_sequence(0, 2)[:6] == (0, 1, 1, 0, 1, 0)


def test_turns_pass_left_from_the_initiative_winner():
    """Reference §1.3: highest initiative goes first, then play passes left."""
    assert flow.passing_left(2, 4) == [2, 3, 0, 1]


def test_more_players_need_start_zones_and_a_draft():
    """Maps name start zones per seat; a preset names one army per player."""
    with pytest.raises(OptionError, match="start zones for 2 players"):
        GAME.new(3, 0, {"map": "skirmish"})
    with pytest.raises(OptionError, match="2 players"):
        GAME.new(3, 0, {"armies": "starter"})
    s = GAME.new(4, 0, {"map": "giants"})
    assert s.phase == "draft" and len(s.to_move()) == 1


def test_lost_glyph_placer_is_chosen_among_opponents():
    """Module, Losing: 'Choose an opposing player' - with 3 players the carrier's controller
    chooses which opponent places the glyph."""
    from glyphhall.games.heroscape import glyph_effects, movement
    from glyphhall.games.heroscape.game import GAME as G
    from glyphhall.games.heroscape.game import new_state
    from glyphhall.games.heroscape.glyphs import GLYPHS
    from glyphhall.games.heroscape.maps import parse_map
    from glyphhall.games.heroscape.state import ON

    rows = ["1g0 1g0 1g0 1g0", "1g2 1g 1g 1g", "1g 1g 1g 1g", "1g1 1g1 1g1 1g1"]
    board = parse_map("t3", {"name": "t", "rows": rows}, "t", set(GLYPHS))
    s = new_state(G, 3, 0, G.resolve_options({}), board)
    for seat, key in enumerate(("finn", "thorgrim", "syvarris")):
        c = flow.add_card(s, key, seat)
        f = s.c_figs[c][0]
        s.f_state[f] = ON
        movement.place(s, f, board.index[("a1", "d4", "b1")[seat]], -1)
    s.phase = "turn"
    s.c_glyph[0] = "makluan"
    glyph_effects.lose_equipment(s, 0, [])
    assert s.to_move() == (0,) and texts(s) == {"opponent 1", "opponent 2"}
    act(s, "opponent 2")
    assert s.to_move() == (2,) and all(t.startswith("glyph") for t in texts(s))
