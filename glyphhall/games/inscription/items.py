# cython: annotation_typing=True
"""Items (Rulebook, The Items and Items): drawn at exactly 4 damage (board.draw_item), used on
the owner's turn, then returned to the bottom of the item pile (placed items go back when they
leave play)."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Action, Event

from . import board as B
from . import combat, playing
from .costs import sacrifice_options
from .notation import act, ev
from .state import CID, DIR

if TYPE_CHECKING:
    from .state import InscriptionState

NO_TARGET = ("pliers", "hourglass", "harpies-birdleg-fan", "magpies-lens", "squirrel-in-a-bottle",
             "black-goat-in-a-bottle", "hoggy-bank")


def item_actions(st: InscriptionState, seat: cython.int, out: list[Action]) -> None:
    items = st.items[seat]
    if not items:
        return
    side, other = seat * 4, (1 - seat) * 4
    board = st.board
    own_empty = [k for k in range(4) if board[side + k] is None]
    theirs = [k for k in range(4) if board[other + k] is not None]
    seen: set[int] = set()
    for n, cid in enumerate(items):
        if cid in seen:
            continue
        seen.add(cid)
        key = st.defs[cid].item
        if key in NO_TARGET:
            out.append(act("item", n + 1))
        elif key == "scissors":
            out.extend([act("item", n + 1, t + 1) for t in theirs])
        elif key == "fish-hook":
            out.extend([act("item", n + 1, t + 1, d + 1) for t in theirs for d in own_empty])
        elif key == "frozen-opossum-in-a-bottle":
            out.extend([act("item", n + 1, d + 1) for d in own_empty])
        elif key == "caged-wolf":
            for lane, sacs in sacrifice_options(st, seat, st.defs[cid].cost):
                out.append(act("item", n + 1, lane + 1, "sacrifice", *[x + 1 for x in sacs]))


def use_item(st: InscriptionState, seat: int, args: tuple, events: list[Event]) -> None:
    cid = st.items[seat].pop(int(args[0]) - 1)
    d = st.defs[cid]
    key = d.item
    other = 1 - seat
    events.append(ev(f"seat {seat} uses {d.name}"))
    placed = False
    if key == "pliers":  # rip out a tooth: one point on the scale
        combat.hurt_player(st, seat, 1, events)
    elif key == "scissors":
        B.perish(st, other * 4 + int(args[1]) - 1, events, combat=False)
    elif key == "hourglass":
        st.skip[other] = True
    elif key == "harpies-birdleg-fan":
        st.fan = True
    elif key == "fish-hook":
        src, dst = other * 4 + int(args[1]) - 1, seat * 4 + int(args[2]) - 1
        slot = st.board[src]
        st.board[src] = None
        st.board[dst] = slot[: DIR] + (B.right_of(seat),) + slot[DIR + 1 :]
        events.append(ev(f"seat {seat} hooks {st.defs[slot[CID]].name} into space {dst - seat * 4 + 1}"))
    elif key == "magpies-lens":
        if st.decks[seat]:
            st.pending.append(("hoard", seat, 0))
    elif key == "squirrel-in-a-bottle":
        B.give_hand(st, seat, st.tokens["Squirrel in a Bottle"], events, d.name)
    elif key == "black-goat-in-a-bottle":
        B.give_hand(st, seat, st.tokens["Black Goat in a Bottle"], events, d.name)
    elif key == "hoggy-bank":
        st.bones[seat] += 4
    else:  # frozen-opossum-in-a-bottle, caged-wolf: the item card itself goes on the board
        for sac in args[3:]:
            playing.sacrifice(st, seat, int(sac) - 1, events)
        lane = int(args[1]) - 1
        st.board[seat * 4 + lane] = B.new_slot(st, seat, cid)
        playing.guard(st, seat, lane, events)  # an item with health is played like a card
        placed = True
    if not placed:
        st.item_pile.append(cid)
    # Pliers only move the tooth: 4 (an item) or 5 (a death) is settled at the end of the turn
    # (Rulebook, Gameplay > 5. End of Turn)
