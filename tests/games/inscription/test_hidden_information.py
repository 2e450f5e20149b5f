"""Hidden information (DESIGN.md: hidden info never in another seat's view or events; Rulebook,
Dealing the Cards: the draft is open, so a player's hand and deck together are known, but not
which of them is in the hand, nor the deck's order, nor the items held)."""

from glyphhall.engine import Rng
from glyphhall.games.inscription import GAME

from .helpers import bell, position


def test_the_corpse_eater_decision_does_not_tell_whether_one_is_in_hand():
    """Rulebook, Sigils > Corpse Eater: its owner is asked whenever a card of theirs dies in combat
    and they may hold one (as far as the adversary can tell), so being asked reveals nothing."""
    views = []
    for hand1, deck1 in ((["Corpse Maggots"], ["Stoat"]), (["Stoat"], ["Corpse Maggots"])):
        st = position(board0=["Wolf", None, None, None], board1=["Stoat", None, None, None],
                      hand1=hand1, deck1=deck1)
        bell(st)
        assert st.to_move() == (1,)
        views.append((st.view(0), st.view(None)))
        legal = [str(a) for a in st.legal_actions(1)]
        assert legal == (["eat 1", "pass"] if hand1 == ["Corpse Maggots"] else ["pass"])
        # the owner's own view says whether the question is a real one (its own hand: no leak)
        assert st.view(1)["decision"]["holding"] == (hand1 == ["Corpse Maggots"])
        assert "holding" not in st.view(0)["decision"] and "holding" not in st.view(None)["decision"]
    assert views[0] == views[1]


def test_no_corpse_eater_decision_when_none_can_be_in_hand():
    """Rulebook, Sigils > Corpse Eater: no Corpse Eater among the hand and deck, no question; the
    same when every card in hand is known and none is a Corpse Eater."""
    st = position(board0=["Wolf", None, None, None], board1=["Stoat", None, None, None],
                  hand1=["Stoat"], deck1=["Stoat"])
    bell(st)
    assert st.turn == 1 and st.to_move() == (1,) and not st.pending
    st = position(board0=["Wolf", None, None, None], board1=["Stoat", None, None, None],
                  deck1=["Corpse Maggots"])  # empty hand: it cannot be there
    bell(st)
    assert not st.pending


def _resample(st, seat, rng, items):
    """A copy of `st` in which what the adversary of `seat` cannot see is different: which of
    the seat's hand-or-deck cards are in the hand (beyond those seen entering it), the deck's
    order, and (with `items`) which items the seat holds. The rng is kept, so the same action
    has the same chance."""
    c = st.clone()
    hand, known = c.hands[seat], c.known[seat]
    unknown = hand[:]
    for card in known:
        unknown.remove(card)
    pool = unknown + c.decks[seat]
    rng.shuffle(pool)
    c.hands[seat] = known[:] + pool[: len(unknown)]
    c.decks[seat] = pool[len(unknown):]
    if items:
        pile = c.items[seat] + c.item_pile
        rng.shuffle(pile)
        c.items[seat] = pile[: len(c.items[seat])]
        c.item_pile = pile[len(c.items[seat]):]
    return c


def _seen(events, seat):
    return [(e.text, e.to) for e in events if e.visible_to(seat)]


def test_seeded_games_show_the_other_seat_nothing_hidden():
    """Every step of seeded random games: for each seat, resampling its hidden cards (hand among
    hand-and-deck, deck order, items held) changes nothing the adversary or a spectator sees,
    neither before the step (view) nor in the step (events, the view after), whoever acts."""
    for seed in range(3):
        st = GAME.new(2, seed, {"over_damage": seed == 1})
        pick = Rng(seed + 100)
        steps = 0
        while not st.is_over() and st.phase != "death-card":
            actor = st.to_move()[0]
            action = pick.choice(st.legal_actions(actor))
            if st.phase != "draft":
                for hidden in (0, 1):
                    watcher = 1 - hidden
                    # items held are resampled against the item pile, whose order nobody knows:
                    # then only what everybody sees is compared (the watcher may draw an item)
                    for items in (False, True):
                        alt = _resample(st, hidden, Rng(seed * 1000 + steps), items)
                        assert alt.view(watcher) == st.view(watcher)
                        assert alt.view(None) == st.view(None)
                        # the hidden seat's own actions that name a hand card or an item are not
                        # replayed: their hand order differs
                        if hidden == actor and action.verb in ("play", "eat", "item"):
                            continue
                        if not alt.is_legal(actor, action):
                            continue
                        mine, theirs = st.clone(), alt
                        e1 = mine.apply(actor, action, check=False)
                        e2 = theirs.apply(actor, action, check=False)
                        assert _seen(e1, None) == _seen(e2, None)
                        assert mine.view(None) == theirs.view(None)
                        if not items:
                            assert _seen(e1, watcher) == _seen(e2, watcher)
                            assert mine.view(watcher) == theirs.view(watcher)
            st.apply(actor, action)
            steps += 1
