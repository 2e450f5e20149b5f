"""Seeded random games: cards are conserved, scores add up, secrets never reach other seats."""

from __future__ import annotations

import re

import pytest

from glyphhall.bots import GreedyBot, RandomBot, ask
from glyphhall.engine import Rng
from glyphhall.games.glyfts import GAME
from glyphhall.games.glyfts.cards import CARDS
from glyphhall.games.glyfts.state import GlyftsState

# Whole words only: "Ward" is a card, "Sky Warden" a Creature.
SORCERY_NAME = re.compile(r"\b(" + "|".join(re.escape(s.name) for s in CARDS.sorceries) + r")\b")


def check_invariants(s: GlyftsState) -> None:
    creatures = [x for group in (s.reserve, s.circle, s.captured, s.pending) for row in group for x in row]
    assert sorted(creatures) == list(range(len(CARDS.creatures))), "a Creature card was lost or doubled"
    totals = s.discard[:]
    for hand in s.hands:
        assert min(hand) >= 0
        totals = [t + n for t, n in zip(totals, hand, strict=True)]
    for kind in s.deck:
        totals[kind] += 1
    for x, under in enumerate(s.under):
        if under:
            assert any(x in row for row in s.circle), "cards lie under a Creature outside the Circle"
        for kind in under:
            totals[kind] += 1
    if s.battle is not None:
        for kind in s.battle.attacker_cards + s.battle.defender_cards:
            totals[kind] += 1
    assert tuple(totals) == CARDS.counts, "a Sorcery card was lost or doubled"
    if s.deck_bound is not None:  # after a reshuffle: the deck holds only what each seat allows for
        for bound in s.deck_bound:
            assert all(s.deck.count(kind) <= n for kind, n in enumerate(bound)), "the deck breaks a seat's bound"
    for p in range(s.num_players):
        assert s.score[p] == sum(CARDS.skill[x] for x in s.captured[p])
        if not s.alive[p]:
            assert not s.circle[p] and not s.reserve[p] and sum(s.hands[p]) == 0
        for x in s.circle[p]:
            assert s.owner[x] == p
    if s.is_over():
        assert s.winners
    else:
        assert s.to_move()


def check_no_leak(s: GlyftsState, seat: int, action, events) -> None:
    """Events seen by other seats never name a card drawn, placed face down or picked in secret."""
    secret_creature = CARDS.creatures[GAME_INDEX[action.args[0]]].name if action.verb == "deploy" else None
    for q in [*range(s.num_players), None]:
        for e in events:
            if not e.visible_to(q):
                continue
            if ("draws" in e.text or "places" in e.text) and e.to is None:
                assert not SORCERY_NAME.search(e.text), e.text
            if secret_creature and q != seat and "picks" in e.text:
                assert secret_creature not in e.text


GAME_INDEX = {c.id: c.index for c in CARDS.creatures}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_conserve_cards_and_keep_secrets(players):
    for seed in range(12):
        s = GAME.new(players, seed)
        rng = Rng(seed + 100)
        steps = 0
        while not s.is_over():
            seat = rng.choice(s.to_move())
            action = rng.choice(s.legal_actions(seat))
            events = s.apply(seat, action)
            check_invariants(s)
            check_no_leak(s, seat, action, events)
            steps += 1
            assert steps < 5000
        assert sum(s.returns()) == pytest.approx(1.0)


def test_determinizations_conserve_cards():
    for seed in range(6):
        s = GAME.new(2 + seed % 3, seed)
        rng = Rng(seed)
        step = 0
        while not s.is_over():
            if step % 5 == 0:
                for seat in range(s.num_players):
                    check_invariants(s.determinize(seat, Rng(step)))
            seat = rng.choice(s.to_move())
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            step += 1


def test_determinizations_after_a_reshuffle_keep_the_deck_to_what_the_seat_knows():
    """Ruling 16 and determinize: once the discard pile has become the deck, a seat's samples put
    into the deck only cards of that pile, less those the seat drew since."""
    games = 0
    for seed in range(60):
        s = GAME.new(4, seed)
        rng = Rng(seed)
        step = 0
        while not s.is_over():
            seat = rng.choice(s.to_move())
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            step += 1
            if s.deck_bound is not None and step % 3 == 0:
                assert GAME.load(s.to_dict()).to_dict() == s.to_dict()
                for seat in range(4):
                    sample = s.determinize(seat, Rng(step))
                    check_invariants(sample)  # the sampled deck within every bound of the sample
                    assert sample.deck_bound == [s.deck_bound[seat]] * 4
                    assert sample.view(seat) == s.view(seat)
        games += s.deck_bound is not None
        if games == 2:
            break
    assert games == 2, "no random game reshuffled the discard pile"


def test_heuristic_is_in_range_and_uses_only_what_the_seat_sees():
    """Game.heuristic: in [0, 1], and the same on every determinization for that seat."""
    s = GAME.new(3, 4)
    rng = Rng(4)
    while not s.is_over():
        for seat in range(3):
            value = GAME.heuristic(s, seat)
            assert 0.0 <= value <= 1.0
            assert GAME.heuristic(s.determinize(seat, Rng(9)), seat) == pytest.approx(value)
        seat = rng.choice(s.to_move())
        s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_the_heuristic_bot_beats_the_random_bot():
    """The greedy bot on Game.heuristic should win most two-player games against random play."""
    wins = 0
    games = 40
    for seed in range(games):
        s = GAME.new(2, seed)
        bots = [GreedyBot(seed), RandomBot(seed + 1)] if seed % 2 else [RandomBot(seed + 1), GreedyBot(seed)]
        greedy_seat = 0 if seed % 2 else 1
        while not s.is_over():
            seat = s.to_move()[0]
            s.apply(seat, ask(bots[seat], s, seat))
        wins += s.returns()[greedy_seat]
    assert wins >= games * 0.75, f"greedy won only {wins} of {games}"


def test_heuristic_judges_a_declared_attack_by_its_odds():
    """Before the battle dice are rolled, the heuristic is the expectation over the 36 rolls."""
    from glyfts_helpers import ATTACK, build

    from glyphhall.games.glyfts.heuristic import battle_outcomes

    s = build([["gale_sprite", "storm_roc"], ["leviathan", "pebble_mite"]], phase=ATTACK)
    s.apply_text(0, "attack gale_sprite leviathan")  # 2 + D6 > 5 + D6: 3 rolls of 36
    odds = dict((result, p) for p, result in battle_outcomes(s))
    assert odds == {1: pytest.approx(3 / 36), 0: pytest.approx(33 / 36)}
    long_shot = GAME.heuristic(s, 0)
    s = build([["gale_sprite", "storm_roc"], ["leviathan", "pebble_mite"]], phase=ATTACK)
    s.apply_text(0, "attack storm_roc pebble_mite")  # 4 + D6 > 2 + D6: 26 rolls of 36
    assert GAME.heuristic(s, 0) > long_shot
