"""Scenario tests of the undo rule (engine/undo.py) in each of the five games: at least one step
that may be taken back and one that may not, with the rulebook section the step comes from.

Positions are reached by seeded random play from a new game until the step wanted is legal, so
they are ordinary positions of the game, not hand-built ones."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from glyphhall import games
from glyphhall.engine import Action, Rng, State, UndoTrail, generic_undo_blocker
from glyphhall.engine.undo import CHANCE, REVEALED
from glyphhall.games.glyphs.undo import MARKED as GLYPH_MARKED

Wanted = Callable[[State, int, Action], bool]


def reach(game_id: str, wanted: Wanted, *, players: int = 2, seed: int = 3, options: dict | None = None,
          avoid: tuple[str, ...] = ()) -> tuple[State, int, Action]:
    """Play seeded random legal moves until the seat to move has a `wanted` action."""
    state = games.get(game_id).new(players, seed, options)
    rng = Rng(seed * 7919 + 1)
    for _ in range(2000):
        assert not state.is_over(), f"{game_id}: the game ended before the step wanted"
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        hits = [a for a in legal if wanted(state, seat, a)]
        if hits:
            return state, seat, hits[0]
        calm = [a for a in legal if str(a).split()[0] not in avoid] or legal
        state.apply(seat, rng.choice(calm))
    raise AssertionError(f"{game_id}: the step wanted never became legal")


def verdict(state: State, seat: int, action: Action) -> tuple[str | None, State]:
    """Apply `action` on a copy and say why it cannot be taken back (None: it can)."""
    after = state.clone()
    events = after.apply(seat, action)
    trail = UndoTrail()
    trail.record(0, state.clone(), seat, action, events, after)
    return trail.blocker(seat), after


def verb(name: str) -> Wanted:
    return lambda state, seat, action: str(action).split()[0] == name


def text(t: str) -> Wanted:
    return lambda state, seat, action: str(action) == t


def assert_taken_back(state: State, seat: int, action: Action) -> None:
    """Allowed, and taking it back gives exactly the state before."""
    after = state.clone()
    events = after.apply(seat, action)
    trail = UndoTrail()
    trail.record(0, state.clone(), seat, action, events, after)
    assert trail.blocker(seat) is None
    assert trail.take_back(seat).before == state


# --- Inscription ---------------------------------------------------------------------------
def test_inscription_playing_a_card_from_hand_may_be_taken_back():
    # Rulebook, Gameplay 2 "Play Cards": the player's own card, chosen by them; nothing drawn.
    state, seat, action = reach("inscription", verb("play"), avoid=("bell",))
    assert_taken_back(state, seat, action)


def test_inscription_drawing_a_creature_card_may_not_be_taken_back():
    # Rulebook, Gameplay 1 "Draw": the card drawn from the draw pile was hidden from everyone.
    state, seat, action = reach("inscription", text("draw creature"))
    assert verdict(state, seat, action)[0] == REVEALED


def test_inscription_ringing_the_bell_ends_the_turn_for_good():
    # Rulebook, Gameplay 3 "Ring the bell": the turn is over, BGA's policy keeps it.
    state, seat, action = reach("inscription", verb("bell"))
    assert verdict(state, seat, action)[0] == UndoTrail.NOTHING


# --- Glyph (Tundrus) -----------------------------------------------------------------------
def test_tundrus_taking_a_die_into_the_pool_may_be_taken_back():
    # Rulebook, A Champion's Turn 1 "REPLENISH": choosing dice from the supply; nothing rolled.
    state, seat, action = reach("tundrus", verb("take"))
    assert_taken_back(state, seat, action)


def test_tundrus_rolling_the_active_dice_may_not_be_taken_back():
    # Rulebook, A Champion's Turn 2 "ROLL": the dice decide, so the roll is final.
    state, seat, action = reach("tundrus", lambda s, seat, a: str(a) == "roll" and verdict(s, seat, a)[0] is not None)
    assert verdict(state, seat, action)[0] == CHANCE


# --- Glyphs ----------------------------------------------------------------------------------
def test_glyphs_a_guess_before_it_is_confirmed_may_be_taken_back():
    # Rulebook, About Guessing: the guess is read back before the coin is paid; nothing is revealed.
    state, seat, action = reach("glyphs", verb("guess"))
    assert_taken_back(state, seat, action)


def test_glyphs_studying_a_glyph_may_not_be_taken_back_even_when_its_mark_was_likely():
    # Rulebook, Overview (a turn: make a glyph, the mage marks it): the mark tells something
    # about the hidden decree. The generic rule, trying sampled decrees, lets a likely mark
    # through; Glyphs' own rule (games/glyphs/undo.py) sees every mark.
    def likely(state: State, seat: int, action: Action) -> bool:
        if not str(action).startswith("study "):
            return False
        after = state.clone()
        events = after.apply(seat, action)
        return generic_undo_blocker(state, seat, action, events, after) is None

    state, seat, action = reach("glyphs", likely)
    assert verdict(state, seat, action)[0] == GLYPH_MARKED


# --- Glyfts ----------------------------------------------------------------------------------
def test_glyfts_placing_a_card_face_down_may_be_taken_back():
    # Rulebook, Playing the Game: "place up to two cards face-down below Creatures": the
    # player's own card, face down; the others saw only that a card went there.
    state, seat, action = reach("glyfts", verb("place"))
    assert_taken_back(state, seat, action)


def test_glyfts_a_summoning_roll_may_not_be_taken_back():
    # Rulebook, Playing the Game: the summon is decided by a roll against the Roll cost.
    state, seat, action = reach("glyfts", verb("roll"))
    assert verdict(state, seat, action)[0] == CHANCE


def test_glyfts_an_attack_that_turns_over_the_defenders_cards_may_not_be_taken_back():
    # Rulebook, Playing the Game: "all Sorcery Cards that have been under the combating
    # Creatures are revealed"; the defender's face-down cards were hidden from the attacker.
    def reveals(state: State, seat: int, action: Action) -> bool:
        return str(action).startswith("attack ") and verdict(state, seat, action)[0] == REVEALED

    state, seat, action = reach("glyfts", reveals)
    assert verdict(state, seat, action)[0] == REVEALED


# --- Heroscape -------------------------------------------------------------------------------
def test_heroscape_a_step_may_be_taken_back():
    # Heroscape rules, Move (README "Turn": step by step); nobody is engaged, nothing rolled.
    state, seat, action = reach(
        "heroscape", lambda s, seat, a: str(a).startswith("step ") and verdict(s, seat, a)[0] is None
    )
    assert_taken_back(state, seat, action)


def test_heroscape_an_attack_may_not_be_taken_back():
    # Heroscape rules, Attack: attack and defense dice are rolled.
    state, seat, action = reach("heroscape", verb("attack"))
    assert verdict(state, seat, action)[0] == CHANCE


def test_heroscape_an_order_marker_placed_face_down_may_be_taken_back():
    # Heroscape rules, Placing Order Markers: face down, seen by its owner only.
    state, seat, action = reach(
        "heroscape", lambda s, seat, a: str(a).startswith("order ") and seat in verdict(s, seat, a)[1].to_move()
    )
    assert_taken_back(state, seat, action)


@pytest.mark.parametrize("game_id", ["inscription", "tundrus", "glyfts", "heroscape"])
def test_another_seat_acting_closes_the_turn(game_id):
    """After the other seat acts, the first seat has nothing left to take back."""
    state = games.get(game_id).new(2, 5)
    rng = Rng(11)
    trail = UndoTrail()
    acted: set[int] = set()
    for i in range(600):
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        before = state.clone()
        events = state.apply(seat, action)
        trail.record(i, before, seat, action, events, state)
        acted.add(seat)
        if len(acted) == 2:
            other = 1 - seat
            assert trail.blocker(other) == UndoTrail.NOTHING
            return
    raise AssertionError("only one seat ever acted")
