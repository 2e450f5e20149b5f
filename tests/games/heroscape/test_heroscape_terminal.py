"""Terminal rendering and the heuristic bot."""

from rich.console import Console

from glyphhall.bots.base import ask
from glyphhall.bots.simple import GreedyBot, RandomBot
from glyphhall.engine import Rng
from glyphhall.games.heroscape.game import GAME
from glyphhall.games.heroscape.terminal import render


def _played(seed=1, steps=40):
    s = GAME.new(2, seed, {"map": "skirmish", "armies": "starter"})
    rng = Rng(seed)
    for _ in range(steps):
        seat = s.to_move()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def test_render_draws_the_hex_map_with_levels_and_figures():
    s = _played()
    console = Console(width=140, record=True)
    console.print(render(s.view(0), 0))
    out = console.export_text()
    assert "Skirmish Ridge" in out and "Tarn Viking Warriors" in out
    assert " 4 " in out, "the hill's level 4 is drawn"
    rows = [line for line in out.splitlines() if line.strip().startswith(("a ", "b "))]
    assert len(rows) == 2 and rows[1].index("b") < len(rows[1]) - len(rows[1].lstrip()) + 1


def test_render_hides_the_opponents_markers():
    s = _played(steps=60)
    console = Console(width=140, record=True)
    console.print(render(s.view(1), 1))
    view = s.view(1)
    for card in view["cards"]:
        if card["owner"] == 0:
            assert all(m == "?" or m in {"1", "2", "3", "x"} for m in card["markers"])
    assert console.export_text()


def test_heuristic_prefers_a_stronger_army():
    s = _played(steps=30)
    base = GAME.heuristic(s, 0)
    tarn = next(f for f in range(len(s.f_card)) if s.f_name[f] == "marro1")
    s.f_state[tarn] = 2
    assert GAME.heuristic(s, 0) > base
    assert 0.0 <= GAME.heuristic(s, 1) <= 1.0


def test_greedy_bot_beats_random_more_often_than_not():
    """The heuristic bot (one-step lookahead) against random play, a few short games."""
    wins = 0.0
    for seed in range(4):
        s = GAME.new(2, seed, {"map": "skirmish", "armies": "starter", "round_limit": 4})
        bots = [GreedyBot(seed), RandomBot(seed)] if seed % 2 == 0 else [RandomBot(seed), GreedyBot(seed)]
        me = 0 if seed % 2 == 0 else 1
        while not s.is_over():
            seat = s.to_move()[0]
            s.apply(seat, ask(bots[seat], s, seat))
        wins += s.returns()[me]
    assert wins >= 2.0


def test_render_lists_ruin_walls():
    s = GAME.new(2, 0, {"map": "giants"})
    console = Console(width=160, record=True)
    console.print(render(s.view(0), 0))
    assert "ruin walls: f12|g12 (top 10)" in console.export_text()


def test_figure_tags_come_from_the_army_cards_and_show_the_level_underfoot():
    from glyphhall.games.heroscape.terminal import figure_tags

    view = {
        "cards": [{"key": "dw9000", "name": "Deathwalker 9000"}, {"key": "tarn", "name": "Tarn Viking Warriors"},
                  {"key": "thorgrim", "name": "Thorgrim the Viking Champion"}],
        "figures": [{"name": "dw9000", "card": "dw9000"}, {"name": "tarn1", "card": "tarn"},
                    {"name": "tarn2", "card": "tarn"}, {"name": "thorgrim", "card": "thorgrim"}],
    }
    assert figure_tags(view) == {"dw9000": "De", "tarn1": "T1", "tarn2": "T2", "thorgrim": "Th"}
    s = _played()
    view = s.view(0)
    console = Console(width=140, record=True)
    console.print(render(view, 0))
    out = console.export_text()
    tags = figure_tags(view)
    levels = {h[0]: h[3] for h in view["board"]["hexes"]}
    placed = [f for f in view["figures"] if f["status"] == "on"]
    assert placed
    for f in placed:
        level = str(levels[f["hex"]]).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))
        assert f"{tags[f['name']]}{level}" in out  # on the map, with the level it stands on
        assert f"{tags[f['name']]} {f['name']}@{f['hex']}" in out  # and in the army card's row


def test_the_terminal_offers_whole_moves_and_names_their_path():
    from glyphhall.games.heroscape.terminal import action_note, extra_actions

    s = GAME.new(2, 4, {"map": "skirmish", "armies": "starter"})
    rng = Rng(4)
    for _ in range(400):
        seat = s.to_move()[0]
        moves = extra_actions(s, seat)
        if moves:
            break
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert moves, "a figure got to move"
    move = moves[-1]
    note = action_note(s, seat, move)
    assert note is not None and note.endswith(move.split()[-1])
    assert action_note(s, seat, "end") is None
    s.apply_text(seat, move)  # the engine takes the whole move
