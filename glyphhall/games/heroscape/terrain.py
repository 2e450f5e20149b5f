"""Terrain types and what each does to a figure (reference §1.4, §1.10)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Terrain:
    key: str
    letter: str
    #: Entering it ends a walking figure's move (water, lava).
    stops: bool = False
    #: Entering it is deadly unless a d20 roll reaches this (0: harmless). Molten lava: 20.
    survive_on: int = 0
    #: Glyphs may be placed on it.
    holds_glyphs: bool = True
    #: An obstacle (ruins, trees, walls): no figure moves through or stops on it; flyers
    #: may fly over it. Its level is the top of the obstacle, which blocks line of sight.
    obstacle: bool = False


TERRAINS: dict[str, Terrain] = {
    t.letter: t
    for t in (
        Terrain("grass", "g"),
        Terrain("rock", "r"),
        Terrain("sand", "s"),
        Terrain("road", "d"),
        Terrain("water", "w", stops=True),
        Terrain("lava", "l", stops=True, survive_on=20, holds_glyphs=False),
        Terrain("obstacle", "x", holds_glyphs=False, obstacle=True),
        # Terrain of the later sets, from Virtualscape maps (virtualscape.py); rulings and
        # sources in the heroscape README ("Terrain of the expansions").
        Terrain("lava field", "f"),
        Terrain("snow", "n"),
        Terrain("ice", "i"),
        Terrain("swamp", "m"),
        Terrain("shadow", "h"),
        Terrain("concrete", "c"),
        Terrain("asphalt", "a"),
        Terrain("dungeon", "u"),
    )
}
OBSTACLES = frozenset(t.letter for t in TERRAINS.values() if t.obstacle)
BY_KEY = {t.key: t for t in TERRAINS.values()}
