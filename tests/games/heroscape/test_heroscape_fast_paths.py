"""The shortcuts the playout speed work took give the rules' answers: the search for a position
where a moving figure can end its move (reference §1.4: passing friendly figures, double-space
figures ending level, water / glyph stops), and the kept lists of order-marker actions
(reference §1.3: markers go on your cards with figures on or waiting to enter the battlefield)."""

import pytest

from glyphhall.engine import Rng
from glyphhall.games.heroscape import engagement, flow, movement
from glyphhall.games.heroscape.game import GAME
from glyphhall.games.heroscape.state import ON


def reference_can_finish(s, f, head, tail, left, flying, ghost, seen):
    """§1.4 read literally: stop here if it may end here, never past a forced stop, else try
    every passable step it can afford (a plain depth-first search)."""
    if movement.stoppable(s, f, head, tail):
        return True
    if movement.forced_stop(s, f, head, tail, flying):
        return False
    if (head, tail, left) in seen:
        return False
    seen.add((head, tail, left))
    board = s.board
    for n in board.neighbours[head]:
        if n == tail or (not flying and n in board.wall_nbrs[head]):
            continue
        if not flying and (board.terrain[n] == "x" or not board.fits(n, s.card_of(f).height)):
            continue
        o = s.occ[n]
        if o >= 0 and o != f and not (flying or ghost) and (s.opposed(o, f) or engagement.is_engaged(s, o)):
            continue
        cost = movement.step_cost(s, f, head, n, flying)
        if cost == 0 or cost > left:
            continue
        if reference_can_finish(s, f, n, head if tail >= 0 else -1, left - cost, flying, ghost, seen):
            return True
    return False


@pytest.mark.parametrize("opts", [{"map": "valkyrie"}, {"map": "giants", "points": 700},
                                  {"map": "skirmish", "armies": "starter"}], ids=["valkyrie", "giants", "skirmish"])
def test_end_of_move_search_matches_the_plain_search(opts):
    """§1.4 passing and double-space moves: from every neighbouring space of every figure, with
    every budget up to its move, in positions of seeded random games."""
    checked = 0
    for seed in range(3):
        s = GAME.new(2, seed, opts)
        rng = Rng(seed + 11)
        steps = 0
        while not s.is_over() and steps < 1500:
            if steps % 37 == 0 and s.phase == "turn" and s.moving < 0:
                for f, st in enumerate(s.f_state):
                    if st != ON:
                        continue
                    flying, ghost = movement.flies(s, f), s.has_power(f, "ghost_walk")
                    head, tail = s.f_hex[f], s.f_tail[f]
                    for n in s.board.neighbours[head]:
                        if n == tail:
                            continue
                        for left in range(s.card_of(f).move):
                            new_tail = head if tail >= 0 else -1
                            expected = reference_can_finish(s, f, n, new_tail, left, flying, ghost, set())
                            assert movement._can_finish(s, f, n, new_tail, left, flying, ghost) == expected
                            checked += 1
            seat = rng.choice(s.to_move())
            s.apply(seat, rng.choice(s.legal_actions(seat)), check=False)
            steps += 1
    assert checked > 1000


def at_first_orders():
    """A two-player Valkyrie game played by its first legal actions up to the first order markers."""
    s = GAME.new(2, 3, {"armies": "valkyrie"})
    while s.phase != "orders":
        seat = s.to_move()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    return s


def test_order_marker_actions_are_every_free_marker_on_every_card():
    """§1.3: each free marker may go on each of your cards with figures (a kept list, given as a
    fresh copy that the caller may change)."""
    s = at_first_orders()
    seat = 0
    cards = flow.order_cards(s, seat)
    expected = {f"order {m} {s.c_def[c].key}" for m in ("1", "2", "3", "x") for c in cards}
    first = s.legal_actions(seat)
    assert {str(a) for a in first} == expected and len(first) == len(expected)
    first.clear()  # a caller changing its list changes nothing kept
    assert {str(a) for a in s.legal_actions(seat)} == expected
    s.apply(seat, GAME.parse_action(s, seat, f"order 2 {s.c_def[cards[0]].key}"))
    assert {str(a) for a in s.legal_actions(seat)} == {e for e in expected if not e.startswith("order 2 ")}


def test_order_marker_actions_drop_a_card_whose_figures_are_gone():
    """§1.3: a card with no figure on or waiting to enter the battlefield takes no marker."""
    s = at_first_orders()
    seat = 0
    cards = flow.order_cards(s, seat)
    before = {str(a) for a in s.legal_actions(seat)}
    gone = cards[0]
    for f in s.c_figs[gone]:
        s.f_state[f] = 2  # destroyed (set directly: no rule removes figures during this phase)
    after = {str(a) for a in s.legal_actions(seat)}
    key = s.c_def[gone].key
    assert after == {a for a in before if not a.endswith(f" {key}")} and after != before


def test_terrain_step_table_is_the_climbing_rules():
    """§1.4 climbing (1 + levels risen, never the figure's height or more), ruin walls (§1.5: not
    crossed on foot), obstacles and overhangs too low: the per-map table says what the rules say."""
    for key in ("skirmish", "valkyrie", "giants"):
        board = GAME.new(2, 0, {"map": key}).board
        for height in (3, 5, 7, 12):
            table = movement.walks(board, height)
            for h, nbrs in enumerate(board.neighbours):
                expected = []
                for n in nbrs:
                    rise = board.levels[n] - board.levels[h]
                    if (n in board.wall_nbrs[h] or board.terrain[n] == "x" or not board.fits(n, height)
                            or rise >= height):
                        continue
                    expected.append((n, 1 + max(rise, 0)))
                assert list(table[h]) == expected


def test_victory_found_after_the_check_was_skipped_for_an_unchanged_position():
    """§1.8: the last side with figures wins, also after earlier checks found two sides and
    were then skipped while nothing changed."""
    from heroscape_helpers import position

    from glyphhall.games.heroscape import combat

    s = position(at={"finn": "b2", "thorgrim": "d6"}, active="finn")
    assert not flow.check_victory(s, []) and not flow.check_victory(s, [])  # the second is skipped
    twin = s.clone()
    combat.destroy(twin, twin.fig_index("thorgrim"), [])
    assert flow.check_victory(twin, []) and twin.returns() == [1.0, 0.0]
    assert not flow.check_victory(s, []) and s.result is None  # the clone's fall changed nothing here


def test_victory_found_when_a_card_changes_sides():
    """§1.8 with Mind Shackle (reference §3): a side whose last card is taken has lost."""
    from heroscape_helpers import position

    s = position(at={"finn": "b2", "thorgrim": "d6"}, active="finn")
    assert not flow.check_victory(s, [])
    c = s.card_index("thorgrim")
    s.set_card_field("c_owner", c, 0)
    s.set_card_field("c_team", c, s.team[0])
    assert flow.check_victory(s, []) and s.returns() == [1.0, 0.0]


def test_victory_check_sees_a_change_made_in_place():
    """A figure set to destroyed directly (as tests and tools may) is seen too."""
    from heroscape_helpers import position

    s = position(at={"finn": "b2", "thorgrim": "d6"}, active="finn")
    assert not flow.check_victory(s, [])
    s.f_state[s.fig_index("finn")] = 2
    assert flow.check_victory(s, []) and s.returns() == [0.0, 1.0]


def test_markers_of_a_player_left_without_cards_are_removed_after_skipped_checks():
    """§1.3 (a player with no figures places no order markers): settle skips the look at who
    still has cards while no figure changed, and still sees a player lose the last ones."""
    s = GAME.new(3, 3, {"map": "valkyrie"})
    while s.phase != "orders":
        seat = s.to_move()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    flow.settle(s, [])
    flow.settle(s, [])  # nothing changed: skipped
    assert all(-1 in row for row in s.markers)
    twin = s.clone()
    for f, st in enumerate(twin.f_state):
        if st < 2 and twin.owner(f) == 1:
            twin.f_state[f] = 2  # destroyed (set directly: no rule removes figures during this phase)
    flow.settle(twin, [])
    assert twin.result is None and twin.markers[1] == [-2] * 4 and -1 in twin.markers[0]
    assert -1 in s.markers[1]  # the clone's losses changed nothing here


@pytest.mark.parametrize("opts", [{"map": "valkyrie"}, {"map": "giants", "glyphs": "classic", "points": 700},
                                  {"map": "valkyrie", "friendly_fire": True}],
                         ids=["valkyrie", "giants-glyphs", "friendly-fire"])
def test_attack_targets_are_may_target_for_each_figure(opts):
    """§1.6 range, line of sight, engagement (an engaged figure attacks only figures it is
    engaged with) and Thorian: the list asked for at once is the answer figure by figure; the
    quick "is it engaged" is the list of engaged enemies not being empty (§1.5)."""
    from glyphhall.games.heroscape import los, powers

    checked = attacks = 0
    for seed in range(3):
        s = GAME.new(2, seed, opts)
        rng = Rng(seed + 5)
        steps = 0
        while not s.is_over() and steps < 1500:
            if steps % 13 == 0 and s.phase == "turn":
                thorian = powers.thorian_seats(s)
                for a, st in enumerate(s.f_state):
                    if st != ON:
                        continue
                    foes = [(d, los.fig_range(s, a, d)) for d, sd in enumerate(s.f_state)
                            if sd == ON and d != a and (s.opposed(a, d) or s.options["friendly_fire"])]
                    engaged = engagement.engaged_with(s, a)
                    assert engagement.is_engaged(s, a) == bool(engaged)
                    for reach in (1, 4, 7):
                        got = powers.attack_targets(s, a, foes, reach, engaged, thorian)
                        assert got == [d for d, _ in foes if powers.may_target(s, a, d, reach)]
                        checked += 1
                        attacks += len(got)
            seat = rng.choice(s.to_move())
            s.apply(seat, rng.choice(s.legal_actions(seat)), check=False)
            steps += 1
    assert checked > 500 and attacks > 100


@pytest.mark.parametrize("opts", [{"map": "giants", "armies": "giants"}, {"map": "valkyrie", "teams": "pairs"}],
                         ids=["giants", "pairs"])
def test_standing_is_remade_whenever_figures_fall_enter_or_change_sides(opts):
    """§1.3 (cards with figures take order markers), §1.6 (enemies are targets), §1.8 (the last
    side standing wins): the kept answer to who stands where is the answer read afresh, at every
    decision of seeded games, in clones, and after a figure is changed in place."""
    from glyphhall.games.heroscape.standing import standing

    def afresh(s):
        on = tuple(f for f, x in enumerate(s.f_state) if x == ON)
        here = [f for f, x in enumerate(s.f_state) if x in (0, ON)]
        return (on, {t: tuple(f for f in on if s.side(f) != t) for t in set(s.c_team)},
                not any(s.card_of(f).double_space for f in on),
                frozenset(s.f_card[f] for f in here), frozenset(s.side(f) for f in here))

    players = 4 if opts.get("teams") else 2
    checked = 0
    for seed in range(2):
        s = GAME.new(players, seed, opts)
        rng = Rng(seed)
        while not s.is_over():
            kept = standing(s)
            assert kept[3:] == afresh(s)
            twin = s.clone()
            alive = [f for f, x in enumerate(twin.f_state) if x == ON]
            if alive:
                twin.f_state[alive[0]] = 2  # destroyed in place
                assert standing(twin)[3:] == afresh(twin) != afresh(s)
            checked += 1
            seat = rng.choice(s.to_move())
            s.apply(seat, rng.choice(s.legal_actions(seat)), check=False)
    assert checked > 300


def test_range_between_figures_is_the_closest_pair_of_their_spaces():
    """§1.6 range (double-space figures count from either space): the written-out range is the
    fewest spaces between any space of one figure and any space of the other."""
    from glyphhall.games.heroscape import los

    s = GAME.new(2, 1, {"map": "giants", "armies": "giants"})
    rng = Rng(4)
    pairs = doubles = 0
    while not s.is_over() and pairs < 20_000:
        if s.phase == "turn":
            on = [f for f, x in enumerate(s.f_state) if x == ON]
            for a in on:
                for b in on:
                    expected = min(s.board.dmat[x][y] for x in los.figure_hexes(s, a) for y in los.figure_hexes(s, b))
                    assert los.fig_range(s, a, b) == expected
                    pairs += 1
                    doubles += s.f_tail[a] >= 0 or s.f_tail[b] >= 0
        seat = rng.choice(s.to_move())
        s.apply(seat, rng.choice(s.legal_actions(seat)), check=False)
    assert pairs > 1000 and doubles > 100
