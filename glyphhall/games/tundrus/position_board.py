"""Glyph (tundrus) positions as data, one champion's board (README, "Positions"): Health or
defeat, Items, the Stash, Consumed Items beside the board, cubes on the Armor and Energy Tracks,
Stored dice, lent dice and Ability Effect Tokens; and dice named by colour and source, as the
whole position names them. Every die and cube comes from where it would lie (the Supply or the
Stock), so they stay conserved."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import LoadError, PositionData

from . import combat, items
from .champion import CHEST, SLOT_CODE, SOURCE_NAMES, START, STOCK, TRIBAL, is_die, without
from .data import GLYPH_CODE, GLYPHS, SLOTS
from .tracks import ARMOR, ENERGY, HEALTH

if TYPE_CHECKING:
    from .champion import Champion, Die
    from .state import PoolDie, TundrusState

#: Consumed Items that wait beside the board, by ability (rulebook glossary).
BESIDE = ("fortify", "usury", "connoisseur")


# --- dice named by colour and source --------------------------------------------------------------
def die_spec(s: TundrusState, text: object, holder: Champion, where: str, pool: bool = False) -> PoolDie:
    """'white tribal', 'red weapon', 'blue own of priestess'; in the Active Dice Pool also a
    Glyph and the words 'used' and 'lent' ('white tribal war used'). The die is taken from where
    it lies. Returns a pool die (colour, owner, origin, glyph or -1, used, lent)."""
    words = str(text).split() if isinstance(text, str) else []
    form = "'colour source [of champion] [glyph] [used] [lent]'" if pool else "'colour source [of champion]'"
    if len(words) < 2 or words[0] not in s.data.colour_index or words[1] not in SOURCE_NAMES:
        raise LoadError(f"'{where}': {text!r} is not a die; write {form} with a colour of "
                        f"{', '.join(d.colour for d in s.data.dice)} and a source of {', '.join(SOURCE_NAMES)}")
    colour, origin, rest = s.data.colour_index[words[0]], SOURCE_NAMES.index(words[1]), words[2:]
    owner_c = holder
    if rest[:1] == ["of"]:
        ally = s.champ_by_id(rest[1]) if len(rest) > 1 else None
        if ally is None or ally.tribe != holder.tribe or ally.defeated:
            raise LoadError(f"'{where}': {text!r}: 'of' names a living ally")
        owner_c = ally
        rest = rest[2:]
    glyph, used, lent = -1, False, False
    if pool and rest and rest[0] in GLYPH_CODE:
        glyph, rest = GLYPH_CODE[rest[0]], rest[1:]
        if glyph not in s.data.dice[colour].faces:
            raise LoadError(f"'{where}': {text!r}: a {words[0]} die has no {GLYPHS[glyph]} face")
    if pool and rest[:1] == ["used"]:
        used, rest = True, rest[1:]
    if pool and rest[:1] == ["lent"]:
        lent, rest = True, rest[1:]
    if rest:
        raise LoadError(f"'{where}': {text!r}: {' '.join(rest)!r} is not understood; write {form}")
    owner = owner_c.tribe if origin == TRIBAL else -1 if origin == STOCK else owner_c.idx
    _take_die(s, (colour, owner, origin), owner_c, where, str(text))
    return (colour, owner, origin, glyph, used, lent)


def _take_die(s: TundrusState, die: Die, owner_c: Champion, where: str, text: str) -> None:
    colour, owner, origin = die
    if origin == TRIBAL:
        counts, place = s.tribal[owner], f"Tribe {owner + 1}'s Tribal Pool"
    elif origin == START:
        counts, place = owner_c.start, f"{owner_c.cid}'s Starting Dice"
    elif origin == STOCK:
        counts, place = s.stock, "the Stock"
    elif origin == CHEST:
        counts, place = owner_c.chest_dice, f"{owner_c.cid}'s Connoisseur Item"
    else:
        k = SLOT_CODE.index(origin)
        counts, place = owner_c.slot_dice[k], f"{owner_c.cid}'s {SLOTS[k]} Item"
    if counts[colour] <= 0:
        raise LoadError(f"'{where}': no {s.colour_name(colour)} die is left in {place} for {text!r}")
    counts[colour] -= 1


def set_colours(s: TundrusState, counts: list[int], table: PositionData) -> None:
    """Dice per colour (`{white = 2, gold = 1}`, colours left out: none) from and to the Stock."""
    wanted = [0] * len(counts)
    for name in list(table.rest):
        if name not in s.data.colour_index:
            raise LoadError(f"'{table.where}.{name}': not a colour of die")
        n = table.take(name, int)
        if n < 0:
            raise LoadError(f"'{table.where}.{name}' is a number of dice, not {n}")
        wanted[s.data.colour_index[name]] = n
    for k, n in enumerate(wanted):
        if n - counts[k] > s.stock[k]:
            raise LoadError(f"'{table.where}': the Stock has only {s.stock[k] + counts[k]} {s.colour_name(k)} dice")
        s.stock[k] -= n - counts[k]
        counts[k] = n


# --- one champion ---------------------------------------------------------------------------------
def take_card(s: TundrusState, iid: str, where: str) -> None:
    """An Item out of the deck, the face-up Spoils or the discard pile (to be placed elsewhere)."""
    for pile in ("deck", "faceup", "discard"):
        cards = getattr(s, pile)
        if iid in cards:
            setattr(s, pile, without(cards, iid))
            return
    raise LoadError(f"'{where}': {iid!r} is not an Item still in the Spoils of War")


def set_champion(s: TundrusState, c: Champion, table: PositionData) -> list[str]:
    """The board of `c` as `table` says; the keys are taken in an order where each needs only the
    ones before it (dice Stored from an Item need the Item). Returns its tokens, placed once every
    board is set (`place_tokens`: a Blood Feud token names an enemy's Item)."""
    where = table.where
    if table.take("defeated", bool, False):
        table.take("activated", bool, False)
        if table.rest:
            raise LoadError(f"'{where}': a defeated champion has nothing else on its board")
        s.cubes[HEALTH] += c.health
        c.health = 0
        combat.defeat(s, c, [])
        if s.phase == "over":
            raise LoadError(f"'{where}.defeated': every champion of Tribe {c.tribe + 1} is defeated; "
                            "a position is a game still being played")
        return []
    health = table.take("health", int, c.health)
    if not 1 <= health <= c.health_max:
        raise LoadError(f"'{where}.health' is 1 to {c.health_max}")
    s.cubes[HEALTH] += c.health - health  # cubes come from and go back to the Stock
    c.health = health
    for iid in table.names("items", []):
        take_card(s, iid, f"{where}.items")
        if s.data.items[iid].type not in SLOTS:
            raise LoadError(f"'{where}.items': {iid!r} is a {s.data.items[iid].type}, not an Item to equip")
        if c.slots[SLOTS.index(s.data.items[iid].type)] is not None:
            raise LoadError(f"'{where}.items': two {s.data.items[iid].type} Items")
        items.install(s, c, iid, [], [])  # equipped without paying: its Gains are taken
    stash = table.names("stash", [])
    if len(stash) > items.STASH_SIZE:
        raise LoadError(f"'{where}.stash' holds at most {items.STASH_SIZE} Items")
    for iid in stash:
        take_card(s, iid, f"{where}.stash")
    c.stash = stash
    _beside(s, c, table)
    for k, slot in enumerate(SLOTS):
        dice = table.table(f"{slot}_dice")
        if dice.rest and c.slots[k] is None:
            raise LoadError(f"'{dice.where}': no {slot} Item is Equipped")
        if dice.rest:
            set_colours(s, c.slot_dice[k], dice)
        dice.done()
    _tracks(s, c, table)
    c.lent = [die_spec(s, d, c, f"{where}.lent")[:3] for d in table.names("lent", [])]
    tokens = table.names("tokens", [])
    c.activated = table.take("activated", bool, False)
    if c.lent and c.activated:
        raise LoadError(f"'{where}.lent': dice are lent to a champion still to activate")
    return tokens


def _beside(s: TundrusState, c: Champion, table: PositionData) -> None:
    """Consumed Items beside the board: Fortify (until its next Turn), Usury (paying at its next
    Turn), Connoisseur (with the dice still on it, `chest_dice`)."""
    where = f"{table.where}.beside"
    for iid in table.names("beside", []):
        take_card(s, iid, where)
        ability = s.data.items[iid].ability
        if ability not in BESIDE:
            raise LoadError(f"'{where}': {iid!r} does not stay beside the board (only Items with "
                            f"{', '.join(BESIDE)} do)")
        if ability == "usury":
            c.usury = c.usury + [iid]
        elif (c.fortify if ability == "fortify" else c.chest) is not None:
            raise LoadError(f"'{where}': a second {ability} Item replaces the first; name one")
        elif ability == "fortify":
            c.fortify = iid
        else:
            c.chest = iid
    chest = table.table("chest_dice")
    if chest.rest and c.chest is None:
        raise LoadError(f"'{chest.where}': no Connoisseur Item lies beside the board")
    set_colours(s, c.chest_dice, chest)
    chest.done()
    if c.chest is not None and not any(c.chest_dice):
        raise LoadError(f"'{chest.where}': a Connoisseur Item with no dice left is discarded; name its dice")


def _tracks(s: TundrusState, c: Champion, table: PositionData) -> None:
    """Stored dice, then the Energy and Armor cubes (solid squares first; Armor Cubes an Item
    gave count, and stay while they fit)."""
    where = table.where
    c.energy_dice = [die_spec(s, d, c, f"{where}.stored_energy")[:3] for d in table.names("stored_energy", [])]
    stored_armor = [die_spec(s, d, c, f"{where}.stored_armor")[:3] for d in table.names("stored_armor", [])]
    energy = table.take("energy", int, min(c.energy_cubes, c.energy_max - len(c.energy_dice)))
    room = c.energy_max - len(c.energy_dice)
    if not 0 <= energy <= room:
        raise LoadError(f"'{where}.energy' is 0 to {room} (its Energy Track has {c.energy_max} squares, "
                        f"{len(c.energy_dice)} holding Stored dice)")
    if energy - c.energy_cubes > s.cubes[ENERGY]:
        raise LoadError(f"'{where}.energy': the Stock has only {s.cubes[ENERGY]} more Energy cubes")
    s.cubes[ENERGY] -= energy - c.energy_cubes
    c.energy_cubes = energy
    from_items = [d for d in c.temp if type(d) is int]
    before = c.armor_perm + sum(1 for d in c.temp if not is_die(d))
    squares = c.armor_solid + c.armor_hollow - len(stored_armor)
    armor = table.take("armor", int, min(before, squares))
    if not 0 <= armor <= squares:
        raise LoadError(f"'{where}.armor' is 0 to {squares} (its Armor Track has "
                        f"{c.armor_solid + c.armor_hollow} squares, {len(stored_armor)} holding Stored dice)")
    if armor - before > s.cubes[ARMOR]:
        raise LoadError(f"'{where}.armor': the Stock has only {s.cubes[ARMOR]} more Armor cubes")
    s.cubes[ARMOR] -= armor - before
    c.armor_perm = min(armor, c.armor_solid)
    kept = from_items[:armor - c.armor_perm]
    c.temp = list(stored_armor) + kept + [None] * (armor - c.armor_perm - len(kept))
    if len(c.temp) > c.armor_hollow:
        raise LoadError(f"'{where}': {len(c.temp)} Temporary Armor on {c.armor_hollow} hollow squares")


def place_tokens(s: TundrusState, c: Champion, texts: list[str], where: str) -> None:
    """'sleep', 'war_glyph -1' / 'war_glyph +1', 'blood_feud vendetta_axe' (the enemy's Item that
    marked it). Placed as a Turn places them: a "next Turn" token acts from the holder's next Turn."""
    for text in texts:
        tid, *rest = text.split() or [""]
        info = s.data.tokens.get(tid)
        if info is None or tid == "activated":
            raise LoadError(f"'{where}': {tid!r} is not an Ability Effect Token (one of "
                            f"{', '.join(t for t in s.data.tokens if t != 'activated')}; "
                            "the Activated token is 'activated = true')")
        value = 1
        if tid == "war_glyph":
            if rest not in (["+1"], ["-1"]):
                raise LoadError(f"'{where}': the War Glyph token is 'war_glyph +1' or 'war_glyph -1'")
            value = int(rest[0])
        elif tid == "blood_feud":
            value = _feud_owner(s, c, rest, where)
        elif rest:
            raise LoadError(f"'{where}': {text!r}: the {info.name} token takes no value")
        if tid in c.tokens:
            raise LoadError(f"'{where}': a champion holds one {info.name} token")
        if sum(tid in o.tokens for o in s.champs) >= info.count:
            raise LoadError(f"'{where}': the game has only {info.count} {info.name} token{'s' * (info.count > 1)}")
        c.tokens[tid] = [value, 0 if info.timing == "next_turn" else 1]


def _feud_owner(s: TundrusState, c: Champion, rest: list[str], where: str) -> int:
    for o in s.enemies(c):
        if rest and rest[0] in o.slots and s.data.items[rest[0]].ability == "blood_feud":
            return o.idx
    raise LoadError(f"'{where}': the Blood Feud token names the Blood Feud Item of an enemy that marked it "
                    "('blood_feud vendetta_axe')")
