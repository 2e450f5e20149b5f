"""Inscription positions as data (the format is in the README, "Positions"): a game in the play
of an ordinary turn, the draft over, set up from card names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import LoadError, PositionData

from . import board as B
from .notation import DRAW, PLAY

if TYPE_CHECKING:
    from .state import InscriptionState

#: What the box holds (rulebook, "What's in the box?"): no seat holds more cards, bones, items
#: or squirrels than there are.
BOX_CARDS = 204
BONE_TOKENS = 50
ITEM_CARDS = 17
SQUIRRELS_EACH = 10  # 20 Squirrels, a pile each

#: Which card a name means when several piles print it: a player's own card first.
PREFERRED_PILES = ("draw", "rare", "squirrel", "upgrade", "swap", "smoke", "item", "death")


def card_id(st: InscriptionState, name: str) -> int:
    """The definition a card name in a position stands for (a player's own card first)."""
    for pile in PREFERRED_PILES:
        for d in st.defs:
            if d.pile == pile and (d.name.lower() == name.lower() or d.slug == name.lower()):
                return d.id
    raise LoadError(f"there is no card named {name!r}")


def set_position(st: InscriptionState, data: PositionData) -> None:
    pos = data.table("position")
    seats = data.tables("seats")
    if len(seats) != 2:
        raise LoadError("an Inscription position lists two [[seats]]: seat 0 (Player A), then seat 1")
    st.draft_pile, st.faceup, st.set_aside = [], [], []
    st.turn = pos.take("turn", int, 0)
    if st.turn not in (0, 1):
        raise LoadError("'position.turn' is seat 0 or 1")
    step = pos.take("step", str, PLAY)
    if step not in (DRAW, PLAY):
        raise LoadError(f"'position.step' is {DRAW!r} or {PLAY!r}, not {step!r}")
    st.phase = step
    st.scale = st.scale_mark = pos.take("scale", int, 0)
    if not -4 <= st.scale <= 4:
        raise LoadError("'position.scale' is from -4 to 4 (5 would have ended the round)")
    st.turn_no = pos.take("turns_played", int, 1)
    pos.done()
    st.board = [None] * 8
    st.known = [[], []]
    held_items: list[int] = []
    for seat, table in enumerate(seats):
        spaces = table.names("board", ["", "", "", ""])
        if len(spaces) != 4:
            raise LoadError(f"seat {seat}'s board lists 4 spaces (\"\" for an empty one)")
        for lane, name in enumerate(spaces):
            if name:
                st.board[seat * 4 + lane] = B.new_slot(st, seat, card_id(st, name))
        st.hands[seat] = [card_id(st, n) for n in table.names("hand", [])]
        st.decks[seat] = [card_id(st, n) for n in reversed(table.names("deck", []))]  # top is the end
        st.dead[seat] = [card_id(st, n) for n in table.names("dead", [])]
        st.items[seat] = [card_id(st, n) for n in table.names("items", [])]
        held_items += st.items[seat]
        _check_box(st, seat)
        st.bones[seat] = table.take("bones", int, 0)
        if not 0 <= st.bones[seat] <= BONE_TOKENS:
            raise LoadError(f"seat {seat} has 0 to {BONE_TOKENS} bones (the box's bone tokens)")
        st.candles[seat] = table.take("candles", int, 2)
        if not 1 <= st.candles[seat] <= 2:
            raise LoadError(f"seat {seat} has 1 or 2 candles lit")
        st.squirrels[seat] = table.take("squirrels", int, SQUIRRELS_EACH)
        if not 0 <= st.squirrels[seat] <= SQUIRRELS_EACH:
            raise LoadError(f"seat {seat} has 0 to {SQUIRRELS_EACH} squirrels left to draw")
        st.first_turn[seat] = 1 if table.take("first_turn", bool, False) else 0
        table.done()
    for cid in held_items:  # an item in a hand is no longer in the item pile
        if cid in st.item_pile:
            st.item_pile.remove(cid)


def _check_box(st: InscriptionState, seat: int) -> None:
    """A seat holds no more cards or items than the box has."""
    cards = len(st.hands[seat]) + len(st.decks[seat]) + len(st.dead[seat])
    cards += sum(1 for slot in st.board[seat * 4:seat * 4 + 4] if slot is not None)
    if cards > BOX_CARDS:
        raise LoadError(f"seat {seat} has {cards} cards in hand, deck, dead pile and on the board; "
                        f"the box has {BOX_CARDS}")
    if len(st.items[seat]) > ITEM_CARDS:
        raise LoadError(f"seat {seat} holds {len(st.items[seat])} items; the box has {ITEM_CARDS} item cards")
