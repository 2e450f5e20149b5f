"""Building Glyph positions for scenario tests: a drafted game, scripted dice, Items in place."""

from __future__ import annotations

from collections.abc import Iterable

from glyphhall.engine import ScriptedRng
from glyphhall.games.tundrus import GAME, items
from glyphhall.games.tundrus.data import GLYPH_CODE, load_data
from glyphhall.games.tundrus.state import TundrusState

DATA = load_data()
COLOUR = DATA.colour_index
TRIBE1 = ("priestess", "warlord", "stone_golem")  # adherent, striker, guardian
TRIBE2 = ("fire_guard", "huntress", "necromancer")  # guardian, striker, adherent
SETUP_POOL = {"white": 2, "gold": 1, "blue": 1}  # a Tribal Pool at Setup


def new_game(t1: Iterable[str] = TRIBE1, t2: Iterable[str] = TRIBE2, players: int = 2, **options) -> TundrusState:
    """Tribe 1 recruits first, so Tribe 2 recruits last and holds the Initiative."""
    s = GAME.new(players, 0, {"first_pick": "tribe1", **options})
    for a, b in zip(t1, t2, strict=True):
        do(s, f"pick {a}")
        do(s, f"pick {b}")
    return s


def do(s: TundrusState, text: str):
    """Apply an action typed as a player would, for whichever seat is to move."""
    return s.apply_text(s.to_move()[0], text)


def texts(s: TundrusState) -> list[str]:
    return [str(a) for a in s.legal_actions(s.to_move()[0])]


def champ(s: TundrusState, cid: str):
    c = s.champ_by_id(cid)
    assert c is not None
    return c


def script(s: TundrusState, *dice: str) -> None:
    """The next dice rolled show these Glyphs, each named with its die's colour ("white war"):
    the state's chance follows a script (engine ScriptedRng, as a position's [chance] does)."""
    faces = []
    for text in dice:
        colour, glyph = text.split()
        die_faces = DATA.dice[COLOUR[colour]].faces
        assert GLYPH_CODE[glyph] in die_faces, f"a {colour} die has no {glyph} face"
        faces.append((6, die_faces.index(GLYPH_CODE[glyph]) + 1))
    s.rng = ScriptedRng(s.rng.state, faces)


def position(t1: Iterable[str] = TRIBE1, t2: Iterable[str] = TRIBE2, **keys) -> TundrusState:
    """A position (README "Positions") with these Tribes, recruited as `new_game` recruits them."""
    options = {"first_pick": "tribe1", **keys.pop("options", {})}
    return GAME.load_position({"tribes": [list(t1), list(t2)], "options": options, **keys})


def turn_of(cid: str, dice: list[str], t1: Iterable[str] = TRIBE1, t2: Iterable[str] = TRIBE2,
            champions: dict | None = None, full: bool = False, **keys) -> TundrusState:
    """A position at `cid`'s PRIMARY ACTION with these dice rolled and kept: each a die of the Active
    Dice Pool as a position names it ("blue tribal power"), or a Glyph alone for a white Tribal die
    (the Tribal Pool holds as many as needed). `full`: a full Energy Track (else as setup, less the
    Energy that extra REPLENISH dice cost). `champions` sets boards (README "Positions"), `keys` the rest."""
    pool = [d if " " in d else f"white tribal {d}" for d in dice]
    tribe = 0 if cid in tuple(t1) else 1
    tribal = [dict(SETUP_POOL), dict(SETUP_POOL)]
    tribal[tribe]["white"] = max(2, sum(d.startswith("white tribal") for d in pool))
    boards = {name: dict(table) for name, table in (champions or {}).items()}
    board, mine = DATA.champions[cid], boards.setdefault(cid, {})
    if full:
        mine.setdefault("energy", board.energy_solid + board.energy_hollow - len(mine.get("stored_energy", [])))
    else:
        mine.setdefault("energy", max(0, board.energy_solid - max(0, len(pool) - 3) // 2))
    turn = {"champion": cid, "step": "main", "pool": pool, **keys.pop("turn", {})}
    return position(t1, t2, tribal=keys.pop("tribal", tribal), champions=boards, turn=turn, **keys)


def take_card(s: TundrusState, iid: str) -> None:
    for pile in (s.deck, s.faceup, s.discard):
        if iid in pile:
            pile.remove(iid)
            return
    raise AssertionError(f"{iid} is not in the Spoils of War")


def give(s: TundrusState, cid: str, iid: str) -> None:
    """Equip an Item on a champion without paying for it (the position is built, not played)."""
    take_card(s, iid)
    items.install(s, champ(s, cid), iid, [], [])


def show(s: TundrusState, iid: str) -> None:
    """Make `iid` one of the face-up Items."""
    take_card(s, iid)
    s.faceup.append(iid)


def roll_pool(s: TundrusState, cid: str, takes: list[str], glyphs: list[str], keep: bool = True):
    """Activate `cid`, take dice ("colour source"), roll them showing `glyphs`, and (by default) keep."""
    if s.phase == "activate":
        s.next_tribe = champ(s, cid).tribe
        do(s, f"activate {cid}")
    assert s.champs[s.active].cid == cid
    for t in takes:
        do(s, f"take {t}")
    script(s, *(f"{s.colour_name(d[0])} {g}" for d, g in zip(s.pool, glyphs, strict=True)))
    do(s, "roll")
    if keep and s.phase == "reroll":
        do(s, "keep")


def pool_glyphs(s: TundrusState) -> list[str]:
    from glyphhall.games.tundrus.data import GLYPHS

    return [GLYPHS[d[3]] for d in s.pool]


def finish_turn(s: TundrusState) -> None:
    """End the active champion's Turn, releasing nothing."""
    do(s, "end")
    if s.phase == "release":
        do(s, "end")


def ready(s: TundrusState, cid: str, glyphs: list[str]) -> None:
    """`cid` is active with white Tribal dice showing `glyphs` (kept) and a full Energy Track, in a
    game under way (a new scenario starts from `turn_of`, a position)."""
    c = champ(s, cid)
    white = COLOUR["white"]
    s.stock[white] += s.tribal[c.tribe][white]
    s.tribal[c.tribe][white] = 0
    move = len(glyphs)
    s.stock[white] -= move
    s.tribal[c.tribe][white] += move
    c.energy_cubes = c.energy_max
    roll_pool(s, cid, ["white tribal"] * move, glyphs)
    c.energy_cubes = c.energy_max


# --- conservation: 65 dice, 40 Health / 20 Armor / 40 Energy cubes, 46 Items -----------------
def dice_total(s):
    n = sum(s.stock) + sum(map(sum, s.tribal)) + len(s.pool)
    for c in s.champs:
        n += sum(c.start) + sum(map(sum, c.slot_dice)) + sum(c.chest_dice) + len(c.energy_dice) + len(c.lent)
        n += sum(1 for d in c.temp if type(d) is tuple)
    return n


def cubes(s):
    health = s.cubes[0] + sum(c.health for c in s.champs)
    armor = s.cubes[1] + sum(c.armor_perm + sum(1 for d in c.temp if type(d) is not tuple) for c in s.champs)
    energy = s.cubes[2] + sum(c.energy_cubes + sum(c.slot_energy) for c in s.champs)
    return health, armor, energy


def cards(s):
    n = len(s.deck) + len(s.faceup) + len(s.discard) + (s.pending is not None) + (s.pay_item is not None)
    for c in s.champs:
        n += len(c.stash) + sum(1 for x in c.slots if x) + (c.fortify is not None) + (c.chest is not None)
        n += len(c.usury)
    return n


def conserved(s) -> bool:
    return (dice_total(s), cubes(s), cards(s)) == (65, (40, 20, 40), 46)
