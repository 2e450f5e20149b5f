"""Seeded random playouts: cards are conserved, no hidden information reaches the other seat,
and records replay (DESIGN.md, Tests)."""

import re

import pytest

from glyphhall.engine import MatchRecord, Rng, replay
from glyphhall.games.inscription import GAME
from glyphhall.games.inscription import board as B
from glyphhall.games.inscription.cards import OWNED_PILES

OPTION_SETS = [
    {},
    {"limited_squirrels": True, "over_damage": True, "cat_nine_lives": True, "unused_cards": True},
    {"items": False},
    {"death_cards": "Old Bones/2 blood/3/2/Airborne;Grim/4 bones/1/5/Bone King", "blank_death_cards": 2},
]


def owned_cards(st):
    """Every card a player owns (drafted cards and death cards), wherever it is."""
    out = []
    for s in (0, 1):
        out += st.hands[s] + st.decks[s] + st.dead[s]
    out += [slot[B.BASE] for slot in st.board if slot is not None]
    return sorted(c for c in out if st.defs[c].pile in OWNED_PILES)


def playout(seed, options, check=None):
    st = GAME.new(2, seed, options)
    rng = Rng(seed * 7 + 1)
    while not st.is_over():
        seat = st.to_move()[0]
        action = rng.choice(st.legal_actions(seat))
        events = st.apply(seat, action)
        if check:
            check(st, seat, events)
    return st


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "variants", "no-items", "death-cards"])
def test_drafted_cards_are_conserved(options):
    """The 40 drafted cards are always somewhere: a deck, a hand, the board, a dead pile."""
    def check(st, seat, events):
        if st.phase != "draft":
            assert len(owned_cards(st)) == 40

    for seed in range(6):
        playout(seed, options, check)


def test_the_other_seats_view_and_events_never_show_a_hand():
    """Hidden information: replacing a seat's unseen hand cards by other cards changes nothing in
    the other seat's view or the spectator's, and their events never name a drawn card."""
    def check(st, seat, events):
        for s in (0, 1):
            other = 1 - s
            swapped = st.clone()
            hidden = list(swapped.hands[s])
            for c in swapped.known[s]:
                hidden.remove(c)
            if not hidden:
                continue
            geck = next(d.id for d in st.defs if d.name == "Geck")
            swapped.hands[s] = swapped.known[s][:] + [geck] * len(hidden)
            assert swapped.view(other) == st.view(other)
            assert swapped.view(None) == st.view(None)
        for e in events:  # the private texts name the card: "seat 0 draws Raven", "seat 0 gets the item Pliers"
            if re.match(r"seat \d (draws (?!a creature card|a squirrel)|gets the item )", e.text):
                assert e.to is not None and not e.visible_to(None) and len(e.to) == 1

    for seed in range(4):
        playout(seed, {}, check)


def test_items_held_are_hidden_from_the_adversary():
    """Hidden information: which item a player holds is private (only the count is public)."""
    for seed in range(6):
        st = playout(seed, {})
        for s in (0, 1):
            assert "items" not in st.view(None)
            assert st.view(1 - s)["item_counts"][s] == len(st.items[s])


def test_records_replay_to_the_same_state_with_every_variant():
    """Match records replay exactly, death cards included (they travel in the options)."""
    for options in OPTION_SETS:
        st = GAME.new(2, 11, options)
        record = MatchRecord.start(GAME, st, ["a", "b"])
        rng = Rng(4)
        while not st.is_over():
            seat = st.to_move()[0]
            text = str(rng.choice(st.legal_actions(seat)))
            record.add(seat, text)
            st.apply_text(seat, text)
        assert replay(record, game=GAME).to_dict() == st.to_dict()


def test_determinize_keeps_what_the_seat_knows():
    """determinize(seat): the adversary's known hand cards stay, the unknown ones are resampled
    from the adversary's remaining cards; the own hand is untouched."""
    st = GAME.new(2, 3)
    rng = Rng(3)
    while st.phase != "play" or st.turn_no < 6:
        seat = st.to_move()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    seat = st.to_move()[0]
    other = 1 - seat
    pool = sorted(st.hands[other] + st.decks[other])
    seen = set()
    for k in range(8):
        d = st.determinize(seat, Rng(k))
        assert d.hands[seat] == st.hands[seat]
        assert sorted(d.hands[other] + d.decks[other]) == pool
        for c in st.known[other]:
            assert c in d.hands[other]
        seen.add(tuple(sorted(d.hands[other])))
    assert len(seen) > 1


@pytest.mark.slow
def test_a_thousand_random_games_finish_with_cards_conserved():
    """DESIGN.md, Tests: thousands of random games finish and the invariants hold at the end."""
    for seed in range(1000):
        st = playout(seed, OPTION_SETS[seed % len(OPTION_SETS)])
        assert st.is_over() and sum(st.returns()) == 1.0
        assert len(owned_cards(st)) == 40  # making a death card reveals copies, moves nothing
