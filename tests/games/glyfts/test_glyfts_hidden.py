"""Hidden information: hands, face-down cards, reserves and deck order are never shown to other
seats, and determinize resamples exactly those, consistently with what the seat has seen."""

from __future__ import annotations

import json

from glyfts_helpers import build, c, k, the_rest

from glyphhall.engine import Rng
from glyphhall.games.glyfts import GAME
from glyphhall.games.glyfts.cards import CARDS
from glyphhall.games.glyfts.state import SUMMON


def _sorcery_totals(s):
    totals = s.discard[:]
    for h in s.hands:
        for kind, n in enumerate(h):
            totals[kind] += n
    for kind in s.deck:
        totals[kind] += 1
    for under in s.under:
        for kind in under:
            totals[kind] += 1
    return totals


def test_hands_are_shown_only_to_their_owner():
    """Rulebook, Setup: each player is dealt Sorcery cards (a hand: private)."""
    s = GAME.new(3, 9)
    for seat in range(3):
        view = s.view(seat)
        mine = {h["id"]: h["count"] for h in view["hand"]}
        assert mine == {CARDS.sorceries[i].id: n for i, n in enumerate(s.hands[seat]) if n}
        assert [p["hand_count"] for p in view["players"]] == [7, 7, 7]
    assert s.view(None)["hand"] is None


def test_reserves_are_private_but_their_size_is_public():
    """Ruling: a player's reserve is a hand of Creature cards: others see only how many."""
    s = GAME.new(2, 9)
    view = s.view(0)
    assert len(view["players"][0]["reserve"]) == 18
    assert view["players"][1]["reserve"] == [] and view["players"][1]["reserve_count"] == 18
    for cid in s.reserve[1]:
        assert f'"{CARDS.creatures[cid].id}"' not in json.dumps(view)


def test_determinize_keeps_what_the_seat_knows_and_resamples_the_rest():
    """determinize(seat): own hand, own face-down cards, public cards fixed; others' hands,
    face-down cards, reserves and the deck order resampled, every card conserved."""
    s = build([["storm_roc", "sky_warden"], ["leviathan", "pebble_mite"]],
              reserve=[["gale_sprite"], ["top_messenger", "cliff_goat", "inferno_dragon"]],
              hands=[["ward", "capture"], ["strength", "nullify", "fortune"]],
              under={"storm_roc": ["capture"], "leviathan": ["ward", "glyft_tidecaller"]},
              deck=["glyft_skyborne", "strength", "ward", "fortune", "nullify"], whole_deck=True, dealt=0,
              shown=[[], ["inferno_dragon"]])
    totals = _sorcery_totals(s)
    differ = 0
    for seed in range(30):
        d = s.determinize(0, Rng(seed))
        assert d.hands[0] == s.hands[0] and d.under[c("storm_roc")] == (k("capture"),)
        assert _sorcery_totals(d) == totals
        assert sum(d.hands[1]) == 3 and len(d.under[c("leviathan")]) == 2 and len(d.deck) == 5
        assert c("inferno_dragon") in d.reserve[1] and len(d.reserve[1]) == 3
        assert sorted(d.reserve[1]) == sorted(s.reserve[1])  # nobody else has hidden Creatures here
        assert d.view(0) == s.view(0)
        differ += d.hands[1] != s.hands[1] or d.deck != s.deck
    assert differ > 10


def test_determinize_shuffles_creatures_between_opponents():
    """determinize: opponents' hidden reserves are one pool from the seat's point of view."""
    s = GAME.new(3, 5)
    d = s.determinize(0, Rng(1))
    assert d.reserve[0] == s.reserve[0]
    assert sorted(d.reserve[1] + d.reserve[2]) == sorted(s.reserve[1] + s.reserve[2])
    assert d.reserve[1] != s.reserve[1]
    assert [len(r) for r in d.reserve] == [12, 12, 12]


def test_determinize_reseeds_future_dice():
    """determinize: dice not yet rolled are unknown, so a bot cannot read them off the state."""
    s = GAME.new(2, 5)
    rolls = {s.determinize(0, Rng(seed)).rng.randint(1, 6) for seed in range(20)}
    assert len(rolls) > 1


def test_secret_setup_picks_are_resampled_for_others():
    """determinize during setup: the other players' secret picks are hidden too."""
    s = GAME.new(2, 5)
    s.apply(1, s.legal_actions(1)[0])
    picks = {tuple(s.determinize(0, Rng(seed)).pending[1]) for seed in range(10)}
    assert len(picks) > 1
    assert all(len(p) == 1 for p in picks)
    assert {tuple(s.determinize(1, Rng(seed)).pending[1]) for seed in range(5)} == {tuple(s.pending[1])}


def test_after_a_reshuffle_determinize_deals_the_deck_only_from_the_reshuffled_cards():
    """Ruling 16 and determinize: the discard pile shuffled into a new deck is public, so every
    seat knows which cards the new deck can hold, less the ones it drew itself since; a resampled
    deck never holds a card the seat knows cannot be there."""
    pile = ["strength", "strength", "strength", "fortune"]
    s = build([["storm_roc"], ["leviathan"]], reserve=[["gale_sprite"], ["reef_urchin"]], phase=SUMMON,
              hands=[the_rest("capture", "capture", *pile), ["capture", "capture"]], deck=[], whole_deck=True,
              discard=pile)
    s.apply_text(0, "done")  # seat 1's turn: the discard pile becomes the deck, seat 1 draws
    assert len(s.deck) == 3 and sum(s.hands[1]) == 3
    reshuffled = [k("strength")] * 3 + [k("fortune")]
    decks = set()
    for seed in range(40):
        d = s.determinize(0, Rng(seed))
        assert set(d.deck) <= set(reshuffled), "a card that was not in the reshuffled pile is in the deck"
        assert d.hands[1][k("capture")] == 2 and sum(d.hands[1]) == 3  # the Captures stay out of the deck
        decks.add(tuple(sorted(d.deck)))
    assert len(decks) == 2  # still resampled: seat 0 does not know which card seat 1 drew
    # Seat 1 saw its own draw, so its samples of the deck are exactly the other three cards.
    drew = next(kind for kind in set(reshuffled) if s.hands[1][kind])
    reshuffled.remove(drew)
    for seed in range(10):
        assert sorted(s.determinize(1, Rng(seed)).deck) == sorted(reshuffled)
