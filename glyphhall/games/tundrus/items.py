# cython: annotation_typing=True
"""Items: the Spoils of War, Acquire, Stash, Equip (paying the Equip Cost), Consume, Gains, and
losing an Item with everything it gave (rulebook Reference > Gaining Items, Item Cards)."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Event
from glyphhall.engine.events import public_event

from . import tokens
from .champion import CHEST, SLOT_CODE, STOCK, TRIBAL, is_die, without
from .data import SLOTS, Item
from .dice import return_die, roll
from .tracks import ARMOR, ENERGY, fill_armor, refill_permanent

if TYPE_CHECKING:
    from .champion import Champion
    from .state import TundrusState

STASH_SIZE = 2
SPOILS_START, SPOILS_LIMIT = 3, 5


# --- the Spoils of War ---------------------------------------------------------------------------
def draw(s: TundrusState) -> str | None:
    """The top card of the Item deck; an empty deck is the discard pile shuffled."""
    if not s.deck and s.discard:
        s.deck = s.discard
        s.discard = []
        s.rng.shuffle(s.deck)
    return s.deck.pop() if s.deck else None


def refill_spoils(s: TundrusState) -> None:
    """Flip Items until the Spoils of War show their current maximum (step 7c)."""
    while len(s.faceup) < s.spoils_max:
        card = draw(s)
        if card is None:
            return
        s.faceup.append(card)


def end_of_round_spoils(s: TundrusState) -> None:
    """End of Round step 3: discard the Spoils, flip one more than before, up to five."""
    s.discard.extend(s.faceup)
    s.faceup = []
    s.spoils_max = min(SPOILS_LIMIT, s.spoils_max + 1)
    refill_spoils(s)


# --- paying Equip Costs ----------------------------------------------------------------------
@cython.locals(k=cython.Py_ssize_t, n=cython.Py_ssize_t, tribal=list, start=list, chest=list, w=list, a=list,
               x=list)
def supply_counts(s: TundrusState, c: Champion) -> list[int]:
    """Dice of each colour in this champion's Dice Supply that may pay an Equip Cost: the idle
    Tribal and Champion's Pools plus every die of the Active Dice Pool from them, used or not,
    less the dice Gained during this Turn."""
    w, a, x = c.slot_dice
    tribal, start, chest = s.tribal[c.tribe], c.start, c.chest_dice
    out = []
    for k in range(len(tribal)):  # per colour, every part the same length (a C loop compiled)
        n = tribal[k]
        n += start[k] + chest[k] + w[k] + a[k] + x[k]
        out.append(n)
    if s.active == c.idx:
        for d in s.pool:
            if not d[5] and d[2] != STOCK:  # not lent, not a Stock die (Empower)
                out[d[0]] += 1
        # "any dice that started the Turn in this Champion's Supply": not those Gained since
        for f in s.fresh:
            out[f[0]] -= 1
    return out


def can_pay(s: TundrusState, c: Champion, item: Item, supply: list[int] | None = None) -> bool:
    have = (supply or supply_counts(s, c))[:]
    for colour in item.equip_cost:
        have[colour] -= 1
        if have[colour] < 0:
            return False
    return True


# --- gaining and losing Items -----------------------------------------------------------------
def gain_dice(
    s: TundrusState, colours: tuple[int, ...] | list[int], into: list[int], owner: int, origin: int
) -> list[str]:
    """Take dice from the Stock into a pool (counts per colour) that belongs to `owner`/`origin`
    (as in a Die); a die the Stock lacks is not gained. They are noted as Gained this Turn."""
    got = []
    for colour in colours:
        if s.stock[colour] > 0:
            s.stock[colour] -= 1
            into[colour] += 1
            s.fresh = s.fresh + [(colour, owner, origin)]
            got.append(s.colour_name(colour))
    return got


def set_complete(s: TundrusState, c: Champion, ability: str) -> bool:
    """Complete Set Bonus: all three Equipped Items have this ability (ruling note B7.15)."""
    for iid in c.slots:
        if iid is None or s.data.items[iid].ability != ability:
            return False
    return True


def install(s: TundrusState, c: Champion, iid: str, paid: list[str], events: list[Event]) -> bool:
    """Put a paid-for Item in its slot (discarding the one there) and take its Gains.
    Returns True when a Blood Feud target must now be chosen."""
    item = s.data.items[iid]
    k = SLOTS.index(item.type)
    if c.slots[k] is not None:
        discard_slot(s, c, k, events)
    c.slots = [iid if i == k else x for i, x in enumerate(c.slots)]  # replaced: clones share it
    text = f"{c.cid} equips {item.name}"
    if paid:
        text += f", discarding {', '.join(paid)}"
    got = gain_dice(s, item.gain_dice, c.slot_dice[k], c.idx, SLOT_CODE[k])
    if got:
        text += f"; gains {', '.join(got)} on the card"
    events.append(public_event(text, data={"seat": c.seat}))
    if item.solid_armor:
        c.armor_solid += item.solid_armor
        refill_permanent(s, c)
    for _ in range(item.armor_cubes):  # marked with the slot: they leave with the Item
        if c.armor_room() > 0 and s.cubes[ARMOR] > 0:
            c.temp.append(k)
            s.cubes[ARMOR] -= 1
    if item.energy_cubes:
        take = min(item.energy_cubes, s.cubes[ENERGY])
        c.slot_energy[k] += take
        s.cubes[ENERGY] -= take
    if item.ability == "alchemy":
        _alchemy(s, c, (c.slot_dice[k], c.idx, SLOT_CODE[k]), events, item.name)
        if set_complete(s, c, "alchemy"):
            _alchemy(s, c, (s.tribal[c.tribe], c.tribe, TRIBAL), events, "the Complete Set Bonus (Tribal Pool)")
    if item.ability == "blood_feud" and iid not in s.feuded:  # "Equipped for the first time"
        s.feuded = s.feuded + [iid]
        return bool(s.enemies(c))
    return False


def _alchemy(
    s: TundrusState, c: Champion, into: tuple[list[int], int, int], events: list[Event], where: str
) -> None:
    """Roll 2 white dice; each Glyph rolled gives its specialty die (ruling note B7.14)."""
    white = s.data.colour_index["white"]
    rolled, gained = [], []
    for _ in range(2):
        g = roll(s, white)
        rolled.append(g)
        colour = s.data.specialty_colour.get(g)
        if colour is not None:
            gained += gain_dice(s, (colour,), *into)
    names = ", ".join(("war", "defense", "power", "wealth", "arcana", "destruction")[g] for g in rolled)
    events.append(public_event(f"Alchemy for {c.cid}: rolls {names}; gains {', '.join(gained) or 'nothing'} on {where}", data={"seat": c.seat}))


def consume(s: TundrusState, c: Champion, iid: str, events: list[Event]) -> int:
    """Resolve a Consumable whose Equip Cost is paid. Returns the number of dice of choice to pick
    (Connoisseur), else 0."""
    item = s.data.items[iid]
    text = f"{c.cid} consumes {item.name}"
    if item.ability == "usury":
        c.usury = c.usury + [iid]  # its dice come at the start of the next Turn
        events.append(public_event(text + "; its dice come next Turn", data={"seat": c.seat}))
        return 0
    if item.ability == "fortify":
        if c.fortify is not None:
            s.discard.append(c.fortify)
        c.fortify = iid
        fill_armor(s, c)
        events.append(public_event(text + "; the Armor Track is filled until its next Turn", data={"seat": c.seat}))
        return 0
    if item.ability == "connoisseur":
        if c.chest is not None:  # a second chest replaces the first and its dice
            _discard_chest(s, c)
        c.chest = iid
        events.append(public_event(text + f"; chooses {item.dice_of_choice} dice from the Stock", data={"seat": c.seat}))
        return item.dice_of_choice
    # Tribal Wisdom (the Tomes): the dice go to the Tribal Pool and stay there. A Consumable's dice
    # are never Discarded (rulebook, Equip), so without Tribal Wisdom they join the pool too.
    got = gain_dice(s, item.gain_dice, s.tribal[c.tribe], c.tribe, TRIBAL)
    s.discard.append(iid)
    events.append(public_event(text + (f"; {', '.join(got)} join the Tribal Pool" if got else ""), data={"seat": c.seat}))
    return 0


def _discard_chest(s: TundrusState, c: Champion) -> None:
    s.fresh = [f for f in s.fresh if not (f[1] == c.idx and f[2] == CHEST)]
    for k, n in enumerate(c.chest_dice):
        s.stock[k] += n
        c.chest_dice[k] = 0
    _purge(s, c, CHEST)
    if c.chest is not None:
        s.discard.append(c.chest)
    c.chest = None


def check_chest(s: TundrusState, c: Champion) -> None:
    """Connoisseur: when no dice remain on it, the Item is discarded."""
    if c.chest is not None and not any(c.chest_dice) and not any(
        d[1] == c.idx and d[2] == CHEST for d in s.pool
    ):
        s.discard.append(c.chest)
        c.chest = None


def stash(s: TundrusState, c: Champion, iid: str, replace: str | None, events: list[Event]) -> None:
    if replace is not None:
        c.stash = without(c.stash, replace)
        s.discard.append(replace)
        events.append(public_event(f"{c.cid} discards {s.data.items[replace].name} from the Stash", data={"seat": c.seat}))
    c.stash = c.stash + [iid]
    events.append(public_event(f"{c.cid} stashes {s.data.items[iid].name}", data={"seat": c.seat}))


def discard_slot(s: TundrusState, c: Champion, k: int, events: list[Event] | None) -> None:
    """The Item in slot k is lost with all its Gains: its dice wherever they are (Stored on a
    Track, in the Active Dice Pool, lent), its cubes and its tokens (rulebook, Discard)."""
    iid = c.slots[k]
    if iid is None:
        return
    item = s.data.items[iid]
    c.slots = [None if i == k else x for i, x in enumerate(c.slots)]
    s.discard.append(iid)
    for colour, n in enumerate(c.slot_dice[k]):
        s.stock[colour] += n
        c.slot_dice[k][colour] = 0
    s.fresh = [f for f in s.fresh if not (f[1] == c.idx and f[2] == SLOT_CODE[k])]
    _purge(s, c, SLOT_CODE[k])
    if item.solid_armor:
        c.armor_solid -= item.solid_armor
        extra = max(0, c.armor_perm - c.armor_solid)
        c.armor_perm -= extra
        s.cubes[ARMOR] += extra
    s.cubes[ENERGY] += c.slot_energy[k]
    c.slot_energy[k] = 0
    gained = [d for d in c.temp if type(d) is int and d == k]  # its Armor Cubes still on the Track
    if gained:
        c.temp = [d for d in c.temp if not (type(d) is int and d == k)]
        s.cubes[ARMOR] += len(gained)
    if item.ability == "blood_feud":
        for o in s.champs:
            if o.tokens.get("blood_feud", [None])[0] == c.idx:
                del o.tokens["blood_feud"]
    if events is not None:
        events.append(public_event(f"{c.cid} loses {item.name}", data={"seat": c.seat}))


def _purge(s: TundrusState, c: Champion, origin: int) -> None:
    """Discard to the Stock every die that came from this champion's `origin`, wherever it is."""
    def keep(d: tuple) -> bool:
        if d[1] == c.idx and d[2] == origin:
            s.stock[d[0]] += 1
            return False
        return True

    s.pool = [d for d in s.pool if keep(d)]
    for o in s.champs:
        o.energy_dice = [d for d in o.energy_dice if keep(d)]
        o.temp = [d for d in o.temp if not is_die(d) or keep(d)]
        o.lent = [d for d in o.lent if keep(d)]


def lose_everything(s: TundrusState, c: Champion) -> None:
    """A Defeated champion: Items to the discard pile; dice, cubes and tokens to the Stock."""
    for k in range(3):
        discard_slot(s, c, k, None)
    s.discard.extend(c.stash)
    c.stash = []
    if c.fortify:
        s.discard.append(c.fortify)
        c.fortify = None
    s.discard.extend(c.usury)
    c.usury = []
    _discard_chest(s, c)
    for colour, n in enumerate(c.start):
        s.stock[colour] += n
        c.start[colour] = 0
    for d in c.energy_dice + [d for d in c.temp if is_die(d)]:
        s.stock[d[0]] += 1
    s.cubes[ARMOR] += c.armor_perm + sum(1 for d in c.temp if not is_die(d))
    s.cubes[ENERGY] += c.energy_cubes
    c.energy_dice, c.temp, c.armor_perm, c.energy_cubes = [], [], 0, 0
    for d in c.lent:
        return_die(s, d)
    c.lent = []
    c.tokens = {}
    for o in s.champs:  # Blood Feud tokens it placed leave with its Items
        if o.tokens.get("blood_feud", [None])[0] == c.idx:
            del o.tokens["blood_feud"]


def place_feud(s: TundrusState, c: Champion, target_idx: int, events: list[Event]) -> None:
    tokens.place(s, s.champs[target_idx], "blood_feud", c.idx, events)

