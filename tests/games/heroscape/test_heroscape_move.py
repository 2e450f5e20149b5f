"""`move FIG HEX`: a whole move as one action (issue 15). Each scenario checks that the move ends
where the same steps taken one by one end, with the same events, under the rules of reference
§1.4 (climbing, descending, falling, water, lava, double-space figures, flying), §1.5 (leaving
engagement), §1.9 (a figure stops on a glyph) and the Equipment Glyphs module (Losing), and
that the path is the one `paths.py` says is chosen among equal ones."""

import json

import pytest
from heroscape_helpers import BLANK, SKULL, act, d20, fig, hexof, legal, position, texts

from glyphhall.engine import Action, IllegalAction
from glyphhall.games.heroscape import paths
from glyphhall.games.heroscape.game import GAME

DEAD = 2


def path_of(s, figure: str, to: str) -> list[str]:
    return paths.paths_by_label(s, figure)[to]


def same_as_steps(s, text: str) -> list[str]:
    """Apply `text` (a move) to one copy of s, and to another the steps of its chosen path one
    by one, then `stop` if the move is still under way and nobody else has a decision to take
    (as a player would): the events and the whole state must be the same. Returns the events."""
    by_move, by_steps = s.clone(), s.clone()
    seat = s.to_move()[0]
    action = GAME.parse_action(by_move, seat, text)
    name, head = str(action.args[0]), str(action.args[1])
    f = s.fig_index(name)
    steps = path_of(s, name, head) if len(action.args) == 2 else [
        s.board.labels[h] for h in paths.path_to(s, f, s.board.index[head], s.board.index[str(action.args[2])]).steps]
    moved = by_move.apply(seat, action)
    stepped = []
    for h in steps:
        stepped += by_steps.apply_text(seat, f"step {name} {h}")
        if by_steps.moving != f or by_steps.pending or by_steps.result is not None:
            break
    else:
        if by_steps.moving == f:
            stepped += by_steps.apply_text(seat, f"stop {name}")
    assert moved == stepped
    assert by_move.to_dict() == by_steps.to_dict()
    return [e.text for e in moved]


# ---------------------------------------------------------------------------- heights (§1.4)
def test_move_takes_the_cheapest_way_round_a_hill_and_ties_go_to_board_order():
    """§1.4 Climbing: each level risen costs 1 extra, so the way round the hill (3 spaces) is
    cheaper than over it (1 + 3 for the rise + 1); of the two ways round, equal in everything
    the rules make happen, the one through the earlier hexes (a2 before c2) is taken."""
    rows = ["1g0 1g0 1g0 1g0", "1g 3g 1g 1g", "1g 1g 1g 1g", "1g1 1g1 1g1 1g1"]
    s = position(rows, at={"finn": "b1", "thorgrim": "d4"}, active="finn", script=[])
    assert path_of(s, "finn", "b3") == ["a2", "a3", "b3"]
    assert same_as_steps(s, "move finn b3") == ["finn moves to a2", "finn moves to a3", "finn moves to b3"]


def test_move_climbs_down_a_slope_rather_than_fall():
    """§1.4 Falling: a drop of the figure's height or more rolls a die; stepping down a slope
    (drops of 3 < height 5) costs one more space but rolls nothing, so it is the path taken."""
    rows = ["7r0 4r0 1g0 1g0", "1g 1g 1g 1g", "1g1 1g1 1g1 1g1"]
    s = position(rows, at={"finn": "a1", "thorgrim": "c4"}, active="finn", script=[])
    assert path_of(s, "finn", "b1") == ["a2", "b1"]
    same_as_steps(s, "move finn b1")


def test_a_fall_on_the_only_path_is_rolled_as_a_step_rolls_it():
    """§1.4 Falling: every way down from the rock drops 6 levels (height 5): one die, each skull
    an unblockable wound; the move goes on after the fall."""
    rows = ["1g0 1g0 1g0", "7r 1g 1g", "1g1 1g1 1g1"]
    s = position(rows, at={"finn": "b1", "thorgrim": "c3"}, active="finn", script=[SKULL])
    events = same_as_steps(s, "move finn b3")
    assert "finn falls 6 levels: 1 wound" in events
    t = s.clone()
    act(t, "move finn b3")
    assert t.f_wounds[fig(t, "finn")] == 1 and hexof(t, "finn") == "b3" and t.moving == -1


def test_an_extreme_fall_is_avoided_before_anything_else():
    """§1.4: an extreme fall (height + 20) is a d20 survival roll, a major fall (height + 10)
    three dice, a fall one die. Straight down from a1 to b1 is an extreme fall; the path taken
    goes down the steps of the cliff: three falls of one die each, fewer dice than via a2 (one
    die, then a major fall of three)."""
    rows = ["27r0 17r0 7r0 1g0", "1g 1g 1g 1g", "1g1 1g1 1g1 1g1"]
    s = position(rows, armies=(("drake",), ("thorgrim",)), at={"drake": "a1", "thorgrim": "c4"},
                 active="drake", script=[SKULL, BLANK, BLANK])
    p = paths.path_to(s, fig(s, "drake"), s.board.index["b1"])
    assert (p.extreme_falls, p.dice) == (0, 3) and path_of(s, "drake", "b1") == ["a2", "a3", "b2", "b1"]
    events = same_as_steps(s, "move drake b1")
    assert [e for e in events if "falls" in e] == ["drake falls 10 levels: 1 wound", "drake falls 10 levels: 0 wounds",
                                                   "drake falls 6 levels: 0 wounds"]


# ---------------------------------------------------------------------------- water and lava (§1.4)
WATER = ["1g0 1g0 1g0 1g0 1g0", "1g 1w 1g 1g 1g", "1g 1g 1l 1g 1g", "1g1 1g1 1g1 1g1 1g1"]


def test_water_ends_a_move_so_paths_go_round_it():
    """§1.4 Water: entering water ends a walking figure's move: a move into water ends there,
    and no path passes through it."""
    s = position(WATER, at={"finn": "b1", "thorgrim": "d5"}, active="finn", script=[])
    assert same_as_steps(s, "move finn b2") == ["finn moves to b2"]
    assert path_of(s, "finn", "b3") == ["a2", "a3", "b3"]
    t = s.clone()
    act(t, "move finn b2")
    assert t.moving == -1 and fig(t, "finn") in t.moved


def test_lava_ends_a_move_with_its_survival_roll():
    """§1.4 Molten lava: like water, and on entering a d20: 20 survives, 1-19 destroyed."""
    s = position(WATER, at={"finn": "c2", "thorgrim": "a5"}, active="finn", script=[d20(20)])
    assert same_as_steps(s, "move finn c3")[-1] == "finn is in molten lava: d20 20"
    s = position(WATER, at={"finn": "c2", "thorgrim": "a5"}, active="finn", script=[d20(7)])
    same_as_steps(s, "move finn c3")
    act(s, "move finn c3")
    assert s.f_state[fig(s, "finn")] == DEAD


def test_a_flyer_passes_over_water_figures_and_glyphs():
    """§1.4 Flying: over water without stopping and over figures; §1.9: only a figure that
    stops on a glyph is stopped by it (a flyer passing over leaves it as it is)."""
    s = position(WATER, armies=(("raelin",), ("thorgrim",)), at={"raelin": "a1", "thorgrim": "a3"},
                 glyphs={"a2": ("gerda", False)}, active="raelin", script=[])
    assert path_of(s, "raelin", "a4") == ["a2", "a3", "a4"]
    assert same_as_steps(s, "move raelin a4") == ["raelin moves to a2", "raelin moves to a3", "raelin moves to a4"]
    act(s, "move raelin a4")
    assert s.glyph_at[s.board.index["a2"]] == ("gerda", False)
    s = position(WATER, armies=(("raelin",), ("thorgrim",)), at={"raelin": "b1", "thorgrim": "d5"},
                 active="raelin", script=[])
    assert path_of(s, "raelin", "b3") == ["b2", "b3"]
    same_as_steps(s, "move raelin b3")


# ---------------------------------------------------------------------------- engagement (§1.5)
def test_the_path_with_fewer_leaving_engagement_attacks_is_taken():
    """§1.5 Leaving engagement: each enemy left rolls one attack die. Leaving Thorgrim costs one
    die whatever the path; the way past Syvarris (through b2, which is next to it, then away)
    would cost a second, so the way through c2 is taken although b2 comes first in board order."""
    s = position(armies=(("finn",), ("thorgrim", "syvarris")),
                 at={"finn": "c3", "thorgrim": "c4", "syvarris": "a3"}, active="finn", script=[SKULL])
    assert path_of(s, "finn", "a1") == ["c2", "b1", "a1"]
    p = paths.path_to(s, fig(s, "finn"), s.board.index["a1"])
    assert p.dice == 1
    events = same_as_steps(s, "move finn a1")
    assert events[0] == "thorgrim strikes finn as it leaves engagement: 1 skull"


def test_moving_round_an_engaged_enemy_rolls_nothing():
    """§1.5: an engaged figure may move around the enemy while staying adjacent."""
    s = position(at={"finn": "c3", "thorgrim": "c4"}, active="finn", script=[])
    p = paths.path_to(s, fig(s, "finn"), s.board.index["d4"])
    assert p.dice == 0
    assert same_as_steps(s, "move finn d4") == ["finn moves to d3", "finn moves to d4"]


def test_a_figure_destroyed_on_the_way_ends_the_move_there():
    """§1.5: the leaving-engagement attack may destroy the figure: the move ends with it, as
    the step by step move would."""
    s = position(at={"finn": "c3", "thorgrim": "c4"}, active="finn", script=[SKULL])
    s.f_wounds[fig(s, "finn")] = 3  # Life 4
    events = same_as_steps(s, "move finn c1")
    assert "finn moves to c2" not in events
    act(s, "move finn c1")
    assert s.f_state[fig(s, "finn")] == DEAD


def test_a_lost_equipment_glyph_interrupts_the_move():
    """Equipment Glyphs module, Losing: a carrier wounded on the way loses its glyph and an
    opponent places it at once; the move stops there and goes on afterwards."""
    s = position(at={"finn": "c3", "thorgrim": "c4"}, active="finn", script=[SKULL])
    s.c_glyph[s.card_index("finn")] = "makluan"
    same_as_steps(s, "move finn c1")
    act(s, "move finn c1")
    assert s.to_move() == (1,) and all(t.startswith("glyph ") for t in texts(s))
    assert s.moving == fig(s, "finn") and hexof(s, "finn") == "c2"
    act(s, sorted(texts(s))[0])
    assert s.to_move() == (0,)
    act(s, "move finn c1")  # the rest of the move
    assert hexof(s, "finn") == "c1" and s.moving == -1


# ---------------------------------------------------------------------------- glyphs (§1.9)
def test_a_move_onto_a_glyph_stops_and_turns_it():
    """§1.9: a figure that moves onto a glyph must stop; a symbol-side glyph is turned."""
    s = position(at={"finn": "b1", "thorgrim": "f7"}, glyphs={"b3": ("gerda", False)}, active="finn", script=[])
    events = same_as_steps(s, "move finn b3")
    assert events[-1] == "finn turns the glyph on b3: it is Gerda"
    assert path_of(s, "finn", "b4") == ["a2", "a3", "a4", "b4"], "no path passes over a glyph"


def test_a_hero_moving_onto_an_equipment_glyph_may_equip_it():
    """Equipment Glyphs module: stopping on one, a Unique Hero may equip it (a decision)."""
    s = position(at={"finn": "b1", "thorgrim": "f7"}, glyphs={"b3": ("makluan", True)}, active="finn", script=[])
    same_as_steps(s, "move finn b3")
    act(s, "move finn b3")
    assert texts(s) == {"equip finn", "leave finn"}


# ---------------------------------------------------------------------------- double-space figures (§1.4)
def test_a_double_space_figure_moves_with_its_other_end_following():
    """§1.4 Double-space figures: the other end follows the hexes just left and the figure
    ends on two same-level spaces; `move FIG HEX TAIL` names where the other end ends."""
    rows = ["1g0 1g0 1g0 1g0 1g0 1g0", "1g 1g 1g 2g 2g 1g", "1g 1g 1g 1g 1g 1g", "1g1 1g1 1g1 1g1 1g1 1g1"]
    s = position(rows, armies=(("grimnak",), ("thorgrim",)), at={"grimnak": ("b2", "b1"), "thorgrim": "d6"},
                 active="grimnak", script=[])
    same_as_steps(s, "move grimnak b5")
    ends = paths.positions(s, fig(s, "grimnak"))
    b5 = s.board.index["b5"]
    tails = sorted(s.board.labels[t] for h, t in ends if h == b5)
    assert "b4" in tails
    same_as_steps(s, "move grimnak b5 b4")
    t = s.clone()
    act(t, "move grimnak b5 b4")
    assert hexof(t, "grimnak") == "b5" and t.board.labels[t.f_tail[fig(t, "grimnak")]] == "b4"


def test_the_view_offers_every_other_end_of_a_double_space_move_the_engine_choice_first():
    """The table page's choice of the other end (issue 15): `tails` in the mover's view lists,
    for each hex the leading end can reach, every hex the other end may end on with its path, the
    one `move FIG HEX` chooses first; each of them is a `move FIG HEX TAIL` that ends there.
    Nobody else is sent them, and single-space figures have none."""
    rows = ["1g0 1g0 1g0 1g0 1g0 1g0", "1g 1g 1g 2g 2g 1g", "1g 1g 1g 1g 1g 1g", "1g1 1g1 1g1 1g1 1g1 1g1"]
    s = position(rows, armies=(("grimnak",), ("thorgrim",)), at={"grimnak": ("b2", "b1"), "thorgrim": "d6"},
                 active="grimnak", script=[])
    tails = s.view(0)["tails"]
    assert list(tails) == ["grimnak"] and s.view(1)["tails"] is None and s.view(None)["tails"] is None
    labels, f = s.board.labels, fig(s, "grimnak")
    ends = paths.positions(s, f)
    assert {(h, t) for h, others in tails["grimnak"].items() for t in others} == {
        (labels[h], labels[t]) for h, t in ends}
    for head, others in tails["grimnak"].items():
        assert list(others)[0] == labels[paths.reachable(s, f)[s.board.index[head]].tail]
        assert others[list(others)[0]] == s.view(0)["reach"]["grimnak"][head]
    assert list(tails["grimnak"]["b5"]) == ["b4"]  # the other end must end level: one place only
    c3 = tails["grimnak"]["c3"]
    assert len(c3) > 1
    for tail, steps in c3.items():
        t = s.clone()
        act(t, f"move grimnak c3 {tail}")
        assert hexof(t, "grimnak") == "c3" and labels[t.f_tail[f]] == tail
        assert steps == [labels[h] for h in paths.path_to(s, f, s.board.index["c3"], s.board.index[tail]).steps]


def test_flip_then_move_goes_on_with_the_same_move():
    """FAQ: a double-space figure may turn round during its move; `move` goes on with the move."""
    s = position(armies=(("grimnak",), ("thorgrim",)), at={"grimnak": ("b2", "b1"), "thorgrim": "f8"},
                 active="grimnak", script=[])
    act(s, "flip grimnak")
    assert hexof(s, "grimnak") == "b1"
    same_as_steps(s, "move grimnak c1")


# ---------------------------------------------------------------------------- the action itself
def test_move_is_one_action_not_listed_among_the_small_decisions():
    """The step actions stay the listed decisions (bots, playouts); `move` is read and checked
    on its own, by the figure's id or as the army card names it."""
    s = position(armies=(("finn", "tarn"), ("thorgrim",)),
                 at={"finn": "b1", "tarn1": "c1", "tarn2": "c2", "thorgrim": "f7"}, active="tarn", script=[])
    assert not any(t.startswith("move") for t in texts(s))
    assert GAME.parse_action(s, 0, "move Tarn Viking Warriors 2 c4") == GAME.parse_action(s, 0, "move tarn2 c4")
    assert str(GAME.parse_action(s, 0, "MOVE  tarn2  C4")) == "move tarn2 c4"
    act(s, "move tarn1 d2")
    assert hexof(s, "tarn1") == "d2" and fig(s, "tarn1") in s.moved


def test_a_move_can_finish_a_move_begun_step_by_step():
    s = position(at={"finn": "b1", "thorgrim": "f7"}, active="finn", script=[])
    act(s, "step finn b2")
    assert [h for h in path_of(s, "finn", "b5")] == ["b3", "b4", "b5"]
    act(s, "move finn b5")
    assert hexof(s, "finn") == "b5" and s.moving == -1 and s.move_left == 1


@pytest.mark.parametrize("text, reason", [
    ("move", "write move <figure> <hex>"),
    ("move finn", "write move <figure> <hex>"),
    ("move finn z9", "'z9' is not a hex of this map"),
    ("move bob c4", "there is no figure 'bob'; this turn's figures: finn"),
    ("move thorgrim e7", "thorgrim is not on the card taking this turn"),
    ("move finn f7", "finn cannot end a move on f7 this turn (it can reach"),
    ("move finn b1", "finn cannot end a move on b1"),  # where it stands: `stop` is for that
    ("move finn c4 c5", "finn stands on one space"),
])
def test_bad_moves_are_refused_with_a_reason_and_change_nothing(text, reason):
    s = position(at={"finn": "b1", "thorgrim": "f7"}, active="finn", script=[])
    before = json.dumps(s.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        s.apply_text(0, text)
    assert reason in str(info.value)
    assert json.dumps(s.to_dict(), sort_keys=True) == before


def test_moves_only_in_the_moving_part_of_the_turn_one_figure_at_a_time():
    s = position(armies=(("tarn",), ("thorgrim",)),
                 at={"tarn1": "b1", "tarn2": "c1", "thorgrim": "f7"}, active="tarn", script=[])
    with pytest.raises(IllegalAction, match="not seat 1's move"):
        s.apply_text(1, "move tarn1 b2")
    act(s, "step tarn1 b2")
    with pytest.raises(IllegalAction, match="tarn1 is moving: stop it first"):
        act(s, "move tarn2 c3")
    act(s, "stop tarn1")
    with pytest.raises(IllegalAction, match="tarn1 has moved this turn"):
        act(s, "move tarn1 b4")
    s = position(at={"finn": "c3", "thorgrim": "c4"}, active="finn",
                 script=[BLANK] * 7)  # Finn's Attack 3, Thorgrim's Defense 4
    act(s, "attack finn thorgrim")
    with pytest.raises(IllegalAction, match="moves come before attacks"):
        act(s, "move finn c1")
    assert not legal(s, "move finn c1")


def test_reachable_is_every_end_a_step_by_step_move_can_have():
    """Every hex `reachable` offers is an end the steps reach (checked above); and every end
    the steps can reach by walking every legal step sequence is offered."""
    rows = ["1g0 1g0 1g0 1g0 1g0", "1g 3g 1w 1g 1g", "1g 1g 1g 5r 1g", "1g1 1g1 1g1 1g1 1g1"]
    s = position(rows, armies=(("finn", "tarn"), ("thorgrim",)),
                 at={"finn": "b1", "tarn1": "c2", "thorgrim": "d5"}, active="finn",
                 script=[BLANK])  # Thorgrim's leaving-engagement swipe, on the paths that leave him
    ends = set()
    todo = [s]
    while todo:
        t = todo.pop()
        for a in t.legal_actions(0):
            if str(a).startswith(("step finn", "stop finn")):
                u = t.clone()
                u.apply(0, a)
                if u.moving == -1:
                    ends.add(hexof(u, "finn"))
                else:
                    todo.append(u)
    ends.discard("b1")
    assert ends == set(paths.paths_by_label(s, "finn"))


def test_a_move_is_accepted_after_the_small_decisions_were_listed():
    """The server lists a seat's actions before it applies what the player sends: a move, not
    among them, is still checked on its own (the engine asks is_legal)."""
    s = position(at={"finn": "b1", "thorgrim": "f7"}, active="finn", script=[])
    s.legal_actions(0)
    s.apply(0, Action("move", ("finn", "b4")))
    assert hexof(s, "finn") == "b4"
