"""Terminal rendering: every step of a game renders, and shows a seat only what it may see."""

from __future__ import annotations

from glyfts_helpers import ATTACK, build
from rich.console import Console

from glyphhall.engine import Rng
from glyphhall.games.glyfts import GAME
from glyphhall.games.glyfts.terminal import render


def _text(view, seat) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(render(view, seat))
    return console.export_text()


def test_every_step_of_a_game_renders_for_players_and_spectators():
    s = GAME.new(3, 2)
    rng = Rng(2)
    phases = set()
    step = 0
    while not s.is_over():
        phase = s.view(None)["phase"]
        if phase not in phases or step % 10 == 0:  # every kind of step, and a sample of the rest
            phases.add(phase)
            for seat in (None, *range(3)):
                assert "Glyfts" in _text(s.view(seat), seat)
        step += 1
        seat = rng.choice(s.to_move())
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert "winner" in _text(s.view(0), 0)
    assert {"deploy", "place", "attack", "summon"} <= phases


def test_face_down_cards_show_only_to_their_owner():
    s = build([["storm_roc"], ["leviathan"]], phase=ATTACK, under={"storm_roc": ["capture"]})
    assert "under: capture" in _text(s.view(0), 0)
    other = _text(s.view(1), 1)
    assert "capture" not in other and "1 card(s) face down" in other
    assert "start a battle" not in other  # not seat 1's move


def test_a_battle_shows_how_its_totals_are_made():
    """Attack = printed Attack + die + revealed cards, against Health the same way (Rulebook,
    Battles), so a player deciding on Fortune sees the whole sum."""
    s = build([["storm_roc"], ["leviathan"]], phase=ATTACK, under={"storm_roc": ["strength"]})
    s.apply_text(0, "attack storm_roc leviathan")
    text = _text(s.view(0), 0)
    bonus = s.battle.attack_bonus
    assert bonus > 0
    assert f"Attack: 4 printed + die ? + cards {bonus}" in text
    assert "cards under the attacker: strength" in text
