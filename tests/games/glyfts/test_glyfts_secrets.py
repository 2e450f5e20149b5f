"""Hidden information over whole seeded games: at every step, for every seat and the spectator,
views and events show nothing that seat may not see, and determinize gives worlds that the seat
cannot tell apart from the true one.

Two checks per step:
- indistinguishability: for each seat q, take determinizations of the position for q (with the
  true dice, so that chance does not differ): the action about to be played, applied there, must
  give q exactly the same events and the same view as in the true game, unless the action itself
  reveals something (a battle reveals the face-down cards, a summon or a Glyft card shows a card,
  the last setup pick reveals all picks, q draws a card);
- a secret choice (placing a card face down, a setup pick) replaced by another gives every other
  seat and the spectator exactly the same events and views."""

from __future__ import annotations

import json

import pytest

from glyphhall.engine import Action, Rng
from glyphhall.games.glyfts import GAME
from glyphhall.games.glyfts.cards import CARDS
from glyphhall.games.glyfts.state import CREATURES_PLACED, GlyftsState


def _observe(state: GlyftsState, events, q: int | None):
    seen = [(e.text, json.dumps(dict(e.data), sort_keys=True)) for e in events if e.visible_to(q)]
    return seen, json.dumps(state.view(q), sort_keys=True)


def _reveals(state: GlyftsState, seat: int, action: Action) -> bool:
    """Actions that show a hidden card to everyone, by the rules."""
    if action.verb in ("attack", "summon", "glyft"):
        return True
    if action.verb == "deploy":
        return sum(len(p) for p in state.pending) == CREATURES_PLACED * state.num_players - 1
    return False


def _hidden_creatures(state: GlyftsState, q: int | None) -> set[str]:
    """Ids and names of the Creatures `q` cannot see: the others' unrevealed reserves and picks."""
    out = set()
    for p in range(state.num_players):
        if p == q:
            continue
        for c in state.pending[p] + [c for c in state.reserve[p] if not state.known[p] >> c & 1]:
            out |= {f'"{CARDS.creatures[c].id}"', CARDS.creatures[c].name}
    return out


def _check_structure(state: GlyftsState, q: int | None, events) -> None:
    view = state.view(q)
    for p, player in enumerate(view["players"]):
        if p == q:
            assert [x["cards"] for x in player["circle"]] == [
                [CARDS.sorceries[k].id for k in state.under[c]] for c in state.circle[p]]
            continue
        assert all(x["cards"] is None for x in player["circle"]), "face-down cards shown"
        shown = {x["id"] for x in player["reserve"]}
        assert shown == {CARDS.creatures[c].id for c in state.reserve[p] if state.known[p] >> c & 1}
    if q is None:
        assert view["hand"] is None and view["picked"] is None
    else:
        assert {h["id"]: h["count"] for h in view["hand"]} == {
            s.id: state.hands[q][s.index] for s in CARDS.sorceries if state.hands[q][s.index]}
    hidden = _hidden_creatures(state, q)
    text = json.dumps(view) + " ".join(e.text for e in events if e.visible_to(q))
    leaked = [h for h in hidden if h in text]
    # A name inside another name is not a leak ("Leviathan" is not in any other name, but check).
    assert not leaked, f"seat {q} sees hidden Creatures {leaked}"


def _alternative(state: GlyftsState, seat: int, action: Action) -> tuple[GlyftsState, Action] | None:
    """The same secret move with another card: another Sorcery kind placed, another Creature picked."""
    if action.verb == "place":
        kind = N_SORC[action.args[0]]
        other = (kind + 1) % len(CARDS.sorceries)
        alt = state.clone()
        alt.hands[seat][kind] -= 1
        alt.hands[seat][other] += 1
        return alt, Action("place", (CARDS.sorceries[other].id, action.args[1]))
    if action.verb == "deploy" and not _reveals(state, seat, action):
        others = [c for c in state.reserve[seat] if CARDS.creatures[c].id != action.args[0]]
        return state.clone(), Action("deploy", (CARDS.creatures[others[0]].id,))
    return None


N_SORC = {s.id: s.index for s in CARDS.sorceries}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_seat_can_tell_worlds_apart_that_it_cannot_see(players):
    checked = 0
    for seed in range(2):
        s = GAME.new(players, 40 + seed)
        rng = Rng(seed)
        step = 0
        while not s.is_over():
            seat = rng.choice(s.to_move())
            action = rng.choice(s.legal_actions(seat))
            expected: dict[int | None, list] = {q: [] for q in (*range(players), None)}
            # Worlds each seat cannot tell from the true one, and the action played there.
            worlds_of: dict[int | None, list] = {q: [] for q in expected}
            if not _reveals(s, seat, action):
                for q in range(players):
                    world = s.determinize(q, Rng(1000 * step + q))
                    world.rng = s.rng.clone()  # the same future dice: only hidden cards differ
                    if world.is_legal(seat, action):
                        worlds_of[q].append(_observe(world, world.apply(seat, action), q))
            # The same secret move with another card.
            alt = _alternative(s, seat, action)
            if alt is not None:
                world, other = alt
                events = world.apply(seat, other)
                for q in expected:
                    if q != seat:
                        expected[q].append(_observe(world, events, q))
            events = s.apply(seat, action)
            for q in range(players):
                # Drawing shows a seat the top card of the deck: a world with another deck differs then.
                if not any(e.to == frozenset((q,)) and e.text.startswith(f"seat {q} draws ") for e in events):
                    expected[q] += worlds_of[q]
            for q, worlds in expected.items():
                _check_structure(s, q, events)
                truth = _observe(s, events, q)
                for world in worlds:
                    assert world == truth, f"seed {seed} step {step}: seat {q} can tell worlds apart after {action}"
                    checked += 1
            step += 1
    assert checked > 500
