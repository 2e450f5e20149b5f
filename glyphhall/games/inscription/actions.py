# cython: annotation_typing=True
"""The legal actions of the seat to move and applying one: the dispatch from an action to the
rule module that carries it out, then the decisions and combat it leaves to settle.

Action notation (see `Game.notation_help`): `draft 2`, `draw creature`, `draw squirrel`,
`play 2 3`, `play 2 3 sacrifice 1 4`, `item 1 [target...]`, `bell`, `eat 2`, `pass`,
`take raven-egg`, `choose 2`, `name <text>`. Hand, item and space numbers start at 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Action, Event, Rng

from . import board as B
from . import combat, death_cards, draft, items, playing
from .cards import BLOOD, BONES, CardDef
from .costs import sacrifice_options
from .notation import (
    BELL,
    DEATHCARD,
    DRAFT,
    DRAFT_PICKS,
    DRAW,
    DRAW_CREATURE,
    DRAW_SQUIRREL,
    PASS,
    PLAY,
    act,
    ev,
    play_action,
)
from .sigils import CORPSE_EATER

if TYPE_CHECKING:
    from .state import InscriptionState


def legal_actions(st: InscriptionState, seat: cython.int) -> list[Action]:
    if st.pending:
        return pending_actions(st, seat)
    phase = st.phase
    if phase == PLAY:
        out = play_actions(st, seat)
        items.item_actions(st, seat, out)
        out.append(BELL)
        return out
    if phase == DRAFT:
        return DRAFT_PICKS[:len(st.faceup)]
    if phase == DRAW:
        out = []
        if st.decks[seat]:
            out.append(DRAW_CREATURE)
        if st.can_draw_squirrel(seat):
            out.append(DRAW_SQUIRREL)
        items.item_actions(st, seat, out)
        return out
    if phase == DEATHCARD:
        return death_cards.creation_actions(st)
    return []



@cython.locals(d=CardDef, h=cython.Py_ssize_t, j=cython.Py_ssize_t, lane=cython.Py_ssize_t, side=cython.Py_ssize_t,
               cid=object, hand=list, board=list, empty=cython.int, again=cython.bint)
def play_actions(st: InscriptionState, seat: cython.int) -> list[Action]:
    """Every card of the hand into every space it can go, paying its cost. Identical cards in
    the hand are offered once, at their first position."""
    defs, board, hand = st.defs, st.board, st.hands[seat]
    side = seat * 4
    empty = 0  # the empty spaces as bits (no list, set or dict made per call: this runs every step)
    for lane in range(4):
        if board[side + lane] is None:
            empty |= 1 << lane
    bones = st.bones[seat]
    out: list[Action] = []
    blood: dict[int, list] | None = None
    for h in range(len(hand)):
        cid = hand[h]
        again = False
        for j in range(h):  # a hand holds a handful of cards: a scan costs less than a set
            if hand[j] == cid:
                again = True
                break
        if again:
            continue
        d = defs[cid]
        if d.kind == BLOOD:
            if blood is None:
                blood = {}
            options = blood.get(d.cost)
            if options is None:
                options = blood[d.cost] = sacrifice_options(st, seat, d.cost)
            for lane, sacs in options:
                out.append(play_action(h, lane, sacs))
        elif d.kind != BONES or d.cost <= bones:
            for lane in range(4):
                if empty >> lane & 1:
                    out.append(play_action(h, lane, ()))
    return out


@cython.locals(d=CardDef, h=cython.Py_ssize_t, j=cython.Py_ssize_t, hand=list, again=cython.bint)
def sample_action(st: InscriptionState, seat: int, rng: Rng) -> Action:
    """`rng.choice(legal_actions(st, seat))`, the same action from the same draw: in the play
    step the plays are counted card by card (in `play_actions`' order) and only the one drawn
    is built; the items and the bell follow them, as in the list."""
    if st.pending or st.phase != PLAY:
        return rng.choice(legal_actions(st, seat))
    defs, board = st.defs, st.board
    side = seat * 4
    empty = [lane for lane in range(4) if board[side + lane] is None]
    bones = st.bones[seat]
    # the walk of `play_actions`, written again: a helper shared by both would cost the listing,
    # the hotter path, a list or a generator every step
    # (hand index, its sacrifice options, or None where it takes any empty space)
    cards: list[tuple[int, list[tuple[int, tuple[int, ...]]] | None]] = []
    blood: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
    plays = 0
    hand = st.hands[seat]
    for h in range(len(hand)):
        cid = hand[h]
        again = False
        for j in range(h):  # (as in `play_actions`)
            if hand[j] == cid:
                again = True
                break
        if again:
            continue
        d = defs[cid]
        if d.kind == BLOOD:
            options = blood.get(d.cost)
            if options is None:
                options = blood[d.cost] = sacrifice_options(st, seat, d.cost)
            cards.append((h, options))
            plays += len(options)
        elif d.kind != BONES or d.cost <= bones:
            cards.append((h, None))
            plays += len(empty)
    rest: list[Action] = []
    items.item_actions(st, seat, rest)
    rest.append(BELL)
    i = rng.below(plays + len(rest))
    if i >= plays:
        return rest[i - plays]
    for h, options in cards:
        if options is None:
            if i < len(empty):
                return play_action(h, empty[i], ())
            i -= len(empty)
        elif i < len(options):
            lane, sacs = options[i]
            return play_action(h, lane, sacs)
        else:
            i -= len(options)
    raise AssertionError("the draw is below the number of plays")


def pending_actions(st: InscriptionState, seat: int) -> list[Action]:
    kind = st.pending[0][0]
    if kind == "corpse":
        out = []
        seen: set[int] = set()
        for h, cid in enumerate(st.hands[seat]):
            if cid not in seen and st.defs[cid].sig & CORPSE_EATER:
                seen.add(cid)
                out.append(act("eat", h + 1))
        out.append(PASS)
        return out
    # hoard: any card of the deck, by name
    slugs = sorted({st.defs[c].slug for c in st.decks[seat]})
    return [act("take", slug) for slug in slugs]



def is_legal(st: InscriptionState, seat: int, action: Action) -> bool:
    if not isinstance(action, Action):
        return False
    if action.verb == "name":
        return st.phase == DEATHCARD and st.dc_stage == 3 and not st.pending and len(action.args) == 1 \
            and isinstance(action.args[0], str) and death_cards.name_problem(action.args[0]) is None
    action = canonical(st, seat, action)
    if not st.pending and st.phase == PLAY:
        # the plays are most of the list: check this card's, not every card's
        if action.verb == "play":
            first = action.args[0] if action.args else None
            return isinstance(first, int) and action in card_plays(st, seat, first - 1)
        if action.verb == "item":
            out: list[Action] = []
            items.item_actions(st, seat, out)
            return action in out
        if action.verb == "bell":
            return action == BELL
    return action in legal_actions(st, seat)


def card_plays(st: InscriptionState, seat: int, h: int) -> list[Action]:
    """What `play_actions` lists for hand card `h` (from 0): nothing unless `h` is the first of
    its identical cards, as `canonical` writes a play."""
    hand = st.hands[seat]
    if not 0 <= h < len(hand) or hand.index(hand[h]) != h:
        return []
    d = st.defs[hand[h]]
    if d.kind == BLOOD:
        return [play_action(h, lane, sacs) for lane, sacs in sacrifice_options(st, seat, d.cost)]
    if d.kind == BONES and d.cost > st.bones[seat]:
        return []
    side, board = seat * 4, st.board
    return [play_action(h, lane, ()) for lane in range(4) if board[side + lane] is None]



def canonical(st: InscriptionState, seat: int, action: Action) -> Action:
    """The enumerated form of an action: a hand or item number moved to the first identical
    card, sacrifices in increasing order."""
    args = action.args
    if action.verb in ("play", "eat", "item") and args and isinstance(args[0], int):
        cards = st.items[seat] if action.verb == "item" else st.hands[seat]
        if 1 <= args[0] <= len(cards):
            first = cards.index(cards[args[0] - 1]) + 1
            rest = list(args[1:])
            if "sacrifice" in rest:
                k = rest.index("sacrifice")
                tail = rest[k + 1 :]
                if all(isinstance(x, int) for x in tail):
                    rest = rest[: k + 1] + sorted(int(x) for x in tail)
            return act(action.verb, first, *rest)
    return action



def apply_action(st: InscriptionState, seat: cython.int, action: Action) -> list[Event]:
    events: list[Event] = []
    verb, args = action.verb, action.args
    if verb == "play":
        playing.play(st, seat, args, events)
    elif verb == "bell":
        events.append(ev(f"seat {seat} rings the bell"))
        st.lane = 0
    elif verb == "draw":
        playing.draw(st, seat, args[0] == "creature", events)
        st.phase = PLAY
    elif verb == "item":
        items.use_item(st, seat, args, events)
    elif verb == "draft":
        draft.pick(st, seat, int(args[0]) - 1, events)
    elif verb == "eat":
        _, owner, lane = st.pending.pop(0)
        h = int(args[0]) - 1
        cid = B.take_from_hand(st, owner, h)
        events.append(ev(f"seat {owner} plays {st.defs[cid].name} on space {lane + 1} (Corpse Eater)"))
        playing.place_played(st, owner, lane, cid, events)
    elif verb == "pass":
        st.pending.pop(0)
    elif verb == "take":
        playing.take(st, seat, str(args[0]), events)
    elif verb in ("choose", "name"):
        death_cards.apply_creation(st, action, events)
    settle(st, events)
    return events



def settle(st: InscriptionState, events: list[Event]) -> None:
    """Drop decisions that no longer apply, then carry on with the combat if one is under way."""
    while True:
        while st.pending and not pending_valid(st, st.pending[0]):
            st.pending.pop(0)
        if st.pending or st.lane < 0 or st.phase != PLAY:
            return
        combat.run_combat(st, events)



def pending_valid(st: InscriptionState, p: tuple) -> bool:
    kind, seat, lane = p
    if kind == "corpse":
        return st.board[seat * 4 + lane] is None and st.may_hold(seat, CORPSE_EATER)
    return bool(st.decks[seat])
