"""Team play (option teams=pairs, 4 players: seats 0+2 against 1+3) and pre-set armies for
more than two players. Reference §1.2 (placement: teammates share a zone; pre-set armies placed
whole-army-first in d20 order), §1.3 (teammates may look at each other's order markers), §1.4
(passing through own or teammates' figures), §1.5 (friendly figures are never engaged)."""

import pytest
from heroscape_helpers import BLANK, SKULL, act, fig, start_round, texts

from glyphhall.engine import OptionError, Rng
from glyphhall.games.heroscape import engagement, flow, glyph_effects, movement
from glyphhall.games.heroscape.game import GAME, new_state
from glyphhall.games.heroscape.glyphs import GLYPHS
from glyphhall.games.heroscape.maps import parse_map
from glyphhall.games.heroscape.state import DEAD, ON

ROWS = [
    "1g0 1g0 1g0 1g0 1g0 1g0",
    "1g 1g 1g 1g 1g 1g",
    "1g 1g 1g 1g 1g 1g",
    "1g 1g 1g 1g 1g 1g",
    "1g1 1g1 1g1 1g1 1g1 1g1",
]


def team_position(armies, at, active=None, script=None, options=None):
    """Four players in pairs (0+2 against 1+3) on a flat test map, mid round 1."""
    board = parse_map("teams", {"name": "teams", "rows": ROWS}, "teams map", set(GLYPHS))
    s = new_state(GAME, 4, 0, GAME.resolve_options({"teams": "pairs", **(options or {})}), board)
    for seat, keys in enumerate(armies):
        for key in keys:
            flow.add_card(s, key, seat)
    for name, where in at.items():
        f = fig(s, name)
        s.f_state[f] = ON
        movement.place(s, f, board.index[where], -1)
    s.phase, s.round, s.turn_no, s.turn_pos = "turn", 1, 1, 0
    return start_round(s, 4, active, script)


ARMIES = (("finn",), ("thorgrim",), ("syvarris",), ("raelin",))


def test_pairs_is_a_four_player_option():
    """Teams of two need four players; a clear error otherwise."""
    with pytest.raises(OptionError, match="4 players"):
        GAME.new(3, 0, {"teams": "pairs"})
    s = GAME.new(4, 0, {"teams": "pairs"})
    assert s.team == (0, 1, 0, 1) and s.view(0)["teams"] == [0, 1, 0, 1]


def test_teammates_share_a_start_zone():
    """Reference §1.2 step 5: teammates share a zone (the team's first seat's zone)."""
    s = GAME.new(4, 3, {"teams": "pairs", "armies": "four", "map": "valkyrie"})
    zone_of = {0: 0, 1: 1, 2: 0, 3: 1}
    seen = set()
    while s.phase == "place" or (s.pending and s.pending[0][1] == "place"):
        seat = s.to_move()[0]
        options = texts(s)
        assert options and all(s.board.zone[s.board.index[t.split()[1]]] == zone_of[seat] for t in options)
        seen.add(seat)
        act(s, sorted(options)[0])
    assert seen == {0, 1, 2, 3}


def test_teammates_see_each_others_order_markers():
    """Reference §1.3: teammates may look at each other's order markers; opponents only see
    that a card holds a face-down marker."""
    s = GAME.new(4, 3, {"teams": "pairs", "armies": "four", "map": "valkyrie"})
    while s.phase != "orders":
        act(s, sorted(texts(s))[0])
    c = s.card_index("mimring")
    events = s.apply_text(0, "order 1 mimring")
    assert s.view(2)["cards"][c]["markers"] == ["1"]
    assert s.view(1)["cards"][c]["markers"] == ["?"] == s.view(3)["cards"][c]["markers"]
    assert s.view(None)["cards"][c]["markers"] == ["?"]
    assert any("order marker 1" in e.text for e in events if e.visible_to(2))
    assert not any("order marker 1" in e.text for e in events if e.visible_to(1) or e.visible_to(None))
    # determinize never resamples what the seat may see: its own and its teammate's markers
    s.apply_text(0, "order 2 syvarris")
    for k in range(20):
        sample = s.determinize(2, Rng(k))
        assert sample.markers[0] == s.markers[0]


def test_determinize_resamples_the_other_teams_markers():
    s = GAME.new(4, 3, {"teams": "pairs", "armies": "four", "map": "valkyrie"})
    while s.phase != "orders":
        act(s, sorted(texts(s))[0])
    s.apply_text(1, "order 1 dw9000")
    s.apply_text(1, "order 2 drake")
    seen = {tuple(s.determinize(0, Rng(k)).markers[1]) for k in range(30)}
    assert len(seen) > 1
    assert all(tuple(s.determinize(1, Rng(k)).markers[1]) == tuple(s.markers[1]) for k in range(5))


def test_moving_through_a_teammates_figure():
    """Reference §1.4 Passing: a figure may move through friendly (own or teammate) figures,
    never through enemies."""
    s = team_position(ARMIES, {"finn": "c2", "syvarris": "c3", "thorgrim": "e6", "raelin": "a6"}, active="finn")
    assert "step finn c3" in texts(s)
    s = team_position(ARMIES, {"finn": "c2", "thorgrim": "c3", "syvarris": "e6", "raelin": "a6"}, active="finn")
    assert "step finn c3" not in texts(s)


def test_teammates_are_never_engaged_nor_attacked():
    """Reference §1.5: friendly figures are never engaged with each other; an attack needs an
    enemy (without the friendly_fire option)."""
    s = team_position(ARMIES, {"finn": "c2", "syvarris": "c3", "thorgrim": "c1", "raelin": "a6"}, active="finn")
    f, g, e = fig(s, "finn"), fig(s, "syvarris"), fig(s, "thorgrim")
    assert engagement.engaged_with(s, f) == [e]
    assert not engagement.engaged(s, f, g)
    assert "attack finn syvarris" not in texts(s) and "attack finn thorgrim" in texts(s)


def test_friendly_auras_help_teammates_your_auras_do_not():
    """Cards: Finn's Attack Aura and Thorgrim's Defensive Aura help adjacent *friendly* figures,
    i.e. own or a teammate's (reference §1.4); Raelin's Defensive Aura helps only "your other
    figures", her controller's."""
    from glyphhall.games.heroscape import combat

    s = team_position((("finn",), ("drake",), ("tarn", "thorgrim", "raelin"), ("carr",)),
                      {"finn": "c2", "tarn1": "c3", "thorgrim": "b2", "raelin": "c5", "drake": "e6"})
    assert combat.attack_dice(s, fig(s, "tarn1"), fig(s, "drake"), 3) == 3 + 1  # Finn's aura
    assert combat.defense_dice(s, fig(s, "finn")) == 4 + 1  # Thorgrim's aura, not Raelin's
    assert combat.defense_dice(s, fig(s, "thorgrim")) == 4 + 2  # Raelin helps her own figure


def test_a_team_wins_together():
    """Reference §1.8: the last side with figures wins; both players of the team win."""
    s = team_position(ARMIES, {"finn": "c2", "thorgrim": "c3", "syvarris": "e6"}, active="finn",
                      script=[SKULL] * 3 + [BLANK] * 4)
    s.f_state[fig(s, "raelin")] = DEAD  # seat 3 has lost its figures already
    s.f_wounds[fig(s, "thorgrim")] = 3
    act(s, "attack finn thorgrim")
    assert s.is_over() and s.returns() == [1.0, 0.0, 1.0, 0.0]


def test_round_limit_scores_each_team():
    """Reference §1.8: at the round limit each side scores the points of its cards with a
    figure on the battlefield; a team's side is both players' cards."""
    s = team_position((("finn",), ("drake",), ("thorgrim",), ("raelin",)),
                      {"finn": "a1", "thorgrim": "a2", "drake": "e6", "raelin": "e5"},
                      options={"round_limit": 1})
    flow.end_round(s, [])
    # 80 + 80 = 160 for seats 0+2 against 110 + 80 = 190 for seats 1+3
    assert s.returns() == [0.0, 1.0, 0.0, 1.0]


def test_lost_glyph_goes_to_an_opposing_team():
    """Module, Losing: an opposing player places the glyph; a teammate is not an opponent."""
    s = team_position(ARMIES, {"finn": "c2", "thorgrim": "e6", "syvarris": "a6", "raelin": "e1"})
    s.c_glyph[s.card_index("finn")] = "makluan"
    glyph_effects.lose_equipment(s, fig(s, "finn"), [])
    assert s.to_move() == (0,) and texts(s) == {"opponent 1", "opponent 3"}


def test_preset_armies_for_three_and_four_players():
    """Reference §1.2: pre-set armies, placed whole army first in d20 order then passing left;
    presets name one army per player."""
    s = GAME.new(4, 0, {"armies": "four", "map": "giants"})
    assert sorted({s.c_owner[c] for c in range(len(s.c_def))}) == [0, 1, 2, 3]
    assert [s.c_def[c].key for c in range(len(s.c_def)) if s.c_owner[c] == 3] == ["carr", "krav", "negoksa", "zettian"]
    order = []
    while s.phase == "place" or (s.pending and s.pending[0][1] == "place"):
        seat = s.to_move()[0]
        if not order or order[-1] != seat:
            order.append(seat)
        act(s, sorted(texts(s))[0])
    assert len(order) == 4 and order == flow.passing_left(order[0], 4)  # whole armies, passing left
    s = GAME.new(3, 0, {"armies": "three", "map": "valkyrie"})
    assert len({s.c_owner[c] for c in range(len(s.c_def))}) == 3
    with pytest.raises(OptionError, match="for 4 players"):
        GAME.new(2, 0, {"armies": "four"})


def test_random_team_games_finish_and_teammates_share_the_result():
    for seed, opts in enumerate(({"teams": "pairs", "armies": "four", "map": "giants"},
                                 {"teams": "pairs", "map": "valkyrie", "round_limit": 4})):
        s = GAME.new(4, seed, opts)
        rng = Rng(seed + 11)
        steps = 0
        while not s.is_over():
            seat = rng.choice(s.to_move())
            s.apply(seat, rng.choice(s.legal_actions(seat)), check=False)
            steps += 1
            assert steps < 20000
            if steps % 97 == 0:
                again = GAME.load(s.to_dict())
                assert again.to_dict() == s.to_dict() and again.team == s.team
        r = s.returns()
        assert r[0] == r[2] and r[1] == r[3]
