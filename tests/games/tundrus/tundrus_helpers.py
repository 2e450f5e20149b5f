"""Building Glyph positions for scenario tests: a drafted game, scripted dice, Items in place."""

from __future__ import annotations

from collections.abc import Iterable

from glyphhall.games.tundrus import GAME, free, items, reroll
from glyphhall.games.tundrus.data import GLYPH_CODE, load_data
from glyphhall.games.tundrus.state import TundrusState

DATA = load_data()
COLOUR = DATA.colour_index
TRIBE1 = ("priestess", "warlord", "stone_golem")  # adherent, striker, guardian
TRIBE2 = ("fire_guard", "huntress", "necromancer")  # guardian, striker, adherent


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


def script_rolls(monkeypatch, glyphs: Iterable[str]) -> list[int]:
    """Every die rolled from now on shows the next glyph of `glyphs`, in order."""
    queue = [GLYPH_CODE[g] for g in glyphs]

    def fake(s, colour):
        assert queue, "more dice were rolled than the test scripted"
        return queue.pop(0)

    monkeypatch.setattr(reroll, "roll", fake)
    monkeypatch.setattr(free, "roll", fake)
    monkeypatch.setattr(items, "roll", fake)
    return queue


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


def roll_pool(s: TundrusState, monkeypatch, cid: str, takes: list[str], glyphs: list[str], keep: bool = True):
    """Activate `cid`, take dice ("colour source"), roll them showing `glyphs`, and (by default) keep."""
    if s.phase == "activate":
        s.next_tribe = champ(s, cid).tribe
        do(s, f"activate {cid}")
    assert s.champs[s.active].cid == cid
    for t in takes:
        do(s, f"take {t}")
    script_rolls(monkeypatch, glyphs)
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


def ready(s: TundrusState, monkeypatch, cid: str, glyphs: list[str]) -> None:
    """`cid` is active with white Tribal dice showing `glyphs` (kept) and a full Energy Track."""
    c = champ(s, cid)
    white = COLOUR["white"]
    s.stock[white] += s.tribal[c.tribe][white]
    s.tribal[c.tribe][white] = 0
    move = len(glyphs)
    s.stock[white] -= move
    s.tribal[c.tribe][white] += move
    c.energy_cubes = c.energy_max
    roll_pool(s, monkeypatch, cid, ["white tribal"] * move, glyphs)
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
