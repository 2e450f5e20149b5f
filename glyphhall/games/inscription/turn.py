"""The turn (Rulebook, Gameplay): draw, play cards, ring the bell; decisions that interrupt it
(Corpse Eater, Hoarder); the start of a round and a player's death.

Action notation (see `Game.notation_help`): `draft 2`, `draw creature`, `draw squirrel`,
`play 2 3`, `play 2 3 sacrifice 1 4`, `item 1 [target...]`, `bell`, `eat 2`, `pass`,
`take raven-egg`, `choose 2`, `name <text>`. Hand, item and space numbers start at 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Action, Event

from . import board as B
from . import combat, death_cards, draft, items
from . import sigils as S
from .cards import BLOOD, BONES
from .costs import sacrifice_options
from .notation import (
    BELL,
    DEATHCARD,
    DRAFT,
    DRAW,
    DRAW_CREATURE,
    DRAW_SQUIRREL,
    OVER,
    PASS,
    PLAY,
    act,
    ev,
    play_action,
    secret,
)

if TYPE_CHECKING:
    from .state import InscriptionState

#: first_turn[seat]: 0 an ordinary turn, 1 the first turn of a round (3-damage cap, no draw step),
#: 2 the same before the opening 3 + 1 draw.
NOT_FIRST, FIRST_TURN, OPENING_DRAW = 0, 1, 2


# --- legal actions ------------------------------------------------------------------------------
def legal_actions(st: InscriptionState, seat: int) -> list[Action]:
    if st.pending:
        return pending_actions(st, seat)
    phase = st.phase
    if phase == PLAY:
        out = play_actions(st, seat)
        items.item_actions(st, seat, out)
        out.append(BELL)
        return out
    if phase == DRAFT:
        return [act("draft", k + 1) for k in range(len(st.faceup))]
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


def play_actions(st: InscriptionState, seat: int) -> list[Action]:
    """Every card of the hand into every space it can go, paying its cost. Identical cards in
    the hand are offered once, at their first position."""
    defs, board = st.defs, st.board
    side = seat * 4
    empty = [lane for lane in range(4) if board[side + lane] is None]
    bones = st.bones[seat]
    out: list[Action] = []
    seen: set[int] = set()
    blood: dict[int, list] = {}
    for h, cid in enumerate(st.hands[seat]):
        if cid in seen:
            continue
        seen.add(cid)
        d = defs[cid]
        if d.kind == BLOOD:
            options = blood.get(d.cost)
            if options is None:
                options = blood[d.cost] = sacrifice_options(st, seat, d.cost)
            for lane, sacs in options:
                out.append(play_action(h, lane, sacs))
        elif d.kind != BONES or d.cost <= bones:
            for lane in empty:
                out.append(play_action(h, lane, ()))
    return out


def pending_actions(st: InscriptionState, seat: int) -> list[Action]:
    kind = st.pending[0][0]
    if kind == "corpse":
        out = []
        seen: set[int] = set()
        for h, cid in enumerate(st.hands[seat]):
            if cid not in seen and st.defs[cid].sig & S.CORPSE_EATER:
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
    return canonical(st, seat, action) in legal_actions(st, seat)


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


# --- applying actions ---------------------------------------------------------------------------
def apply_action(st: InscriptionState, seat: int, action: Action) -> list[Event]:
    events: list[Event] = []
    verb, args = action.verb, action.args
    if verb == "play":
        play(st, seat, args, events)
    elif verb == "bell":
        events.append(ev(f"seat {seat} rings the bell"))
        st.lane = 0
    elif verb == "draw":
        draw(st, seat, args[0] == "creature", events)
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
        place_played(st, owner, lane, cid, events)
    elif verb == "pass":
        st.pending.pop(0)
    elif verb == "take":
        take(st, seat, str(args[0]), events)
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
        return st.board[seat * 4 + lane] is None and st.may_hold(seat, S.CORPSE_EATER)
    return bool(st.decks[seat])


def draw(st: InscriptionState, seat: int, creature: bool, events: list[Event]) -> None:
    if creature:
        cid = st.decks[seat].pop()
        st.hands[seat].append(cid)
        events.extend(secret(seat, f"you draw {st.defs[cid].name}", f"seat {seat} draws a creature card"))
    else:
        if st.options["limited_squirrels"]:
            st.squirrels[seat] -= 1
        cid = st.catalog_token("Squirrel")
        st.hands[seat].append(cid)
        st.known[seat].append(cid)
        events.append(ev(f"seat {seat} draws a squirrel"))


def play(st: InscriptionState, seat: int, args: tuple, events: list[Event]) -> None:
    """Rulebook, Gameplay > 2 and Card Costs: sacrifice, pay bones, place, then on-play sigils."""
    h, lane = int(args[0]) - 1, int(args[1]) - 1
    cid = B.take_from_hand(st, seat, h)
    d = st.defs[cid]
    for sac in args[3:]:
        sacrifice(st, seat, int(sac) - 1, events)
    if d.kind == BONES:
        st.bones[seat] -= d.cost
    events.append(ev(f"seat {seat} plays {d.name} on space {lane + 1}"))
    place_played(st, seat, lane, cid, events)


def sacrifice(st: InscriptionState, seat: int, lane: int, events: list[Event]) -> None:
    i = seat * 4 + lane
    slot = st.board[i]
    d = st.defs[slot[B.CID]]
    events.append(ev(f"seat {seat} sacrifices {d.name}"))
    if d.sig & S.MANY_LIVES:  # it does not perish (and so gives no bone)
        sacs = slot[B.SACS] + 1
        if "nine_lives" in d.special and st.options["cat_nine_lives"] and sacs >= 9:
            cid = st.catalog_token("Undead Cat")
            st.board[i] = (cid, st.defs[cid].health, slot[B.DIR], slot[B.FLAGS], sacs, slot[B.BASE])
            events.append(ev(f"{d.name} has been sacrificed 9 times and turns into the Undead Cat"))
        else:
            st.board[i] = slot[: B.SACS] + (sacs,) + slot[B.SACS + 1 :]
        return
    B.perish(st, i, events, combat=False)


def place_played(st: InscriptionState, seat: int, lane: int, cid: int, events: list[Event]) -> None:
    """A card played from the hand: its on-play sigils, and the adversary's Guardian."""
    st.board[seat * 4 + lane] = B.new_slot(st, seat, cid)
    sig = st.defs[cid].sig
    if sig & S.ON_PLAY:
        if sig & S.FECUNDITY:
            copy = fecundity_copy(st, cid)
            B.give_hand(st, seat, copy, events, "Fecundity")
        if sig & S.ANT_SPAWNER:
            B.give_hand(st, seat, st.catalog_token("Worker Ant"), events, "Ant Spawner")
        if sig & S.RABBIT_HOLE:
            B.give_hand(st, seat, st.catalog_token("Rabbit"), events, "Rabbit Hole")
        if sig & S.TRINKET_BEARER and st.options["items"]:
            items.draw_item(st, seat, events, "Trinket Bearer")
        for bit, token in ((S.BELLIST, "Chime"), (S.DAM_BUILDER, "Dam")):
            if sig & bit:
                for k in (lane - 1, lane + 1):
                    if 0 <= k < 4 and st.board[seat * 4 + k] is None:
                        B.place_token(st, seat, k, token, events)
        if sig & S.HOARDER and st.decks[seat]:
            st.pending.append(("hoard", seat, 0))
    guard(st, seat, lane, events)


def fecundity_copy(st: InscriptionState, cid: int) -> int:
    d = st.defs[cid]
    for other in st.defs:
        if other.pile == "swap" and other.name == d.name and other.sig == d.sig & ~S.FECUNDITY:
            return other.id
    spec = d.spec()
    spec.update(pile="swap", sigils=S.names(d.sig & ~S.FECUNDITY))
    return st.add_def(spec)


def guard(st: InscriptionState, seat: int, lane: int, events: list[Event]) -> None:
    """Guardian: when an opposing card is played opposite an empty space, move there."""
    other = 1 - seat
    j = other * 4 + lane
    if st.board[j] is not None:
        return
    best, best_key = -1, 9
    for k in range(other * 4, other * 4 + 4):
        slot = st.board[k]
        if slot is not None and st.defs[slot[B.CID]].sig & S.GUARDIAN:
            key = B.nearness(other, k, j)
            if key < best_key:
                best, best_key = k, key
    if best >= 0:
        slot = st.board[best]
        if st.lane > (best & 3) and st.lane <= lane and st.turn == other:
            # Corpse Eater played mid-combat: the attacker's Guardian, which has struck already,
            # moves ahead of the arrow; it must not strike twice in the turn
            slot = slot[: B.FLAGS] + (slot[B.FLAGS] | B.ATTACKED,) + slot[B.FLAGS + 1 :]
        B.move(st, best, j, events, slot)


def take(st: InscriptionState, seat: int, slug: str, events: list[Event]) -> None:
    """Hoarder / Magpie's Lens: a chosen deck card to the hand, shown to the adversary; shuffle."""
    st.pending.pop(0)
    deck = st.decks[seat]
    k = next(k for k, c in enumerate(deck) if st.defs[c].slug == slug)
    cid = deck.pop(k)
    B.give_hand(st, seat, cid, events, "chosen from the deck")
    st.rng.shuffle(deck)


# --- turns and rounds ---------------------------------------------------------------------------
def start_turn(st: InscriptionState, seat: int, events: list[Event]) -> None:
    limit = int(st.options["turn_limit"])
    if limit and st.turn_no >= limit:
        st.phase = OVER  # our stalemate rule: a draw
        st.winner = -1
        events.append(ev(f"the game is a draw after {st.turn_no} turns"))
        return
    st.turn = seat
    st.dealt = 0
    st.lane = -1
    st.turn_no += 1
    if st.first_turn[seat] == OPENING_DRAW:
        opening_draw(st, seat, events)
    side = seat * 4
    for k in range(side, side + 4):  # Fledgling: active at the start of the owner's next turn
        slot = st.board[k]
        if slot is not None and st.defs[slot[B.CID]].sig & S.FLEDGLING:
            B.grow(st, k, events)
    if st.first_turn[seat] or not (st.decks[seat] or st.can_draw_squirrel(seat)):
        st.phase = PLAY  # the first turn's draw was the 3 + 1 at the start of the round
    else:
        st.phase = DRAW
    events.append(ev(f"seat {seat}'s turn"))


def opening_draw(st: InscriptionState, seat: int, events: list[Event]) -> None:
    """3 creature cards and 1 squirrel (fewer if the deck or the squirrels run out)."""
    for _ in range(3):
        if st.decks[seat]:
            draw(st, seat, True, events)
    if st.can_draw_squirrel(seat):
        draw(st, seat, False, events)
    st.first_turn[seat] = FIRST_TURN


def start_round(st: InscriptionState, starter: int, events: list[Event], draw_now: bool) -> None:
    """A new round: the scale at zero and a first turn for both. In the first round each player
    draws 3 + 1 at the start of their first turn; after a death both draw at once."""
    st.first_turn = [OPENING_DRAW, OPENING_DRAW]
    if draw_now:
        for seat in (0, 1):
            opening_draw(st, seat, events)
    st.scale = st.scale_mark = 0
    st.fan = False
    st.skip = [False, False]
    st.pending = []
    start_turn(st, starter, events)


def lose_life(st: InscriptionState, loser: int, events: list[Event]) -> None:
    """Rulebook, Player Death."""
    st.candles[loser] -= 1
    events.append(ev(f"seat {loser} dies: a candle goes out ({st.candles[loser]} left)"))
    st.pending = []
    st.lane = -1
    # "On either player's death", the last one included: the cards in play go to the dead pile
    # (so they are in the loser's pool for the death card), but they do not die: no bones
    for i in range(8):
        slot = st.board[i]
        if slot is not None:
            B.discard(st, i >> 2, slot[B.BASE])
            st.board[i] = None
    if st.candles[loser] <= 0:
        st.winner = 1 - loser
        events.append(ev(f"seat {st.winner} wins"))
        if st.options["make_death_card"]:
            death_cards.start_creation(st, events)
        else:
            st.phase = OVER
        return
    if st.options["limited_squirrels"]:
        st.squirrels = [10, 10]
    B.give_hand(st, loser, st.catalog_token("Greater Smoke"), events, "the Greater Smoke for the loser")
    start_round(st, loser, events, draw_now=True)
