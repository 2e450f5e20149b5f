"""Start zones chosen by a rule, for maps that have none (most published Virtualscape maps).

The rule (`--zones auto`): the two (or three, four) edge regions of the battlefield that are
farthest apart and each have room for an army. Our own rule, not a published one (README):

- a zone hex is a space a figure may be placed on: no obstacle, no water or molten lava (a
  figure would have to stop there at once), no glyph;
- seeds are edge hexes (fewer than six neighbours on the map) of that kind; the first two are the
  pair farthest apart (spaces counted around gaps, reference §1.6), each further one the edge hex
  farthest from those chosen (its nearest chosen seed as far as possible);
- a zone is the `size` placeable hexes nearest its seed (spaces counted through placeable hexes
  only, so a zone is one connected area), ties broken by label; zones never share a hex;
- ties between seeds are broken by label, so the same map always gets the same zones.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from glyphhall.engine import DataError

from .terrain import TERRAINS

#: Room for an army: hexes per zone (the packaged maps have 18-32 per side for two players and
#: 12-14 for the extra seats of four).
ZONE_SIZE = {2: 18, 3: 14, 4: 12}
MIN_ZONE_SIZE = 6


@dataclass(frozen=True, slots=True)
class AutoZones:
    zones: dict[int, list[int]]  # seat -> board hex indices
    seeds: list[int]
    size: int

    def mark(self, board) -> None:
        """Write the zones into a board being built (before it is written out as text)."""
        board.zone = [-1] * len(board)
        for seat, region in self.zones.items():
            for h in region:
                board.zone[h] = seat

    def describe(self, labels: list[str]) -> str:
        parts = [f"zone {seat}: {len(hexes)} hexes around {labels[self.seeds[seat]]}"
                 for seat, hexes in sorted(self.zones.items())]
        return ("start zones chosen by rule (--zones auto: the edge regions farthest apart with room for "
                f"an army of {self.size} hexes): " + "; ".join(parts))


def placeable(board, glyph_hexes: set[int]) -> list[bool]:
    out = []
    for h in range(len(board)):
        t = TERRAINS[board.terrain[h]]
        out.append(not t.obstacle and not t.stops and h not in glyph_hexes)
    return out


def _region(board, seed: int, ok: list[bool], taken: set[int], size: int) -> list[int]:
    """The `size` placeable, untaken hexes nearest `seed` through such hexes (fewer if cut off)."""
    dist = {seed: 0}
    todo = deque([seed])
    while todo:
        h = todo.popleft()
        for n in board.neighbours[h]:
            if n not in dist and ok[n] and n not in taken:
                dist[n] = dist[h] + 1
                todo.append(n)
    return sorted(dist, key=lambda h: (dist[h], board.labels[h]))[:size]


def auto_zones(board, count: int = 2, glyph_hexes: AbstractSet[int] = frozenset()) -> AutoZones:
    """`count` start zones by the rule above. Raises DataError (saying what to do) when the map
    has no room for them."""
    if count not in ZONE_SIZE:
        raise DataError(f"--zone-count must be 2, 3 or 4, not {count}")
    ok = placeable(board, set(glyph_hexes))
    spots = sum(ok)
    size = min(ZONE_SIZE[count], spots // (count * 3))
    if size < MIN_ZONE_SIZE:
        raise DataError(f"the map has {spots} hex{'' if spots == 1 else 'es'} a figure can be placed on: "
                        f"too few for {count} start zones "
                        f"of at least {MIN_ZONE_SIZE} hexes each; draw start areas in Virtualscape, or use a bigger map")
    edges = [h for h in range(len(board)) if ok[h] and len(board.neighbours[h]) < 6]
    big = {h: len(_region(board, h, ok, set(), size)) == size for h in edges}
    edges = sorted((h for h in edges if big[h]), key=lambda h: board.labels[h])
    if len(edges) < count:
        raise DataError(f"the map has no {count} edge regions with room for {size} figures each; "
                        "draw start areas in Virtualscape (start area tiles), then import again")
    dist = board.dmat
    farthest: tuple[int, int] = max(((a, b) for i, a in enumerate(edges) for b in edges[i + 1:]),
                                    key=lambda p: dist[p[0]][p[1]])
    seeds = list(farthest)
    zones: dict[int, list[int]] = {}
    taken: set[int] = set()
    candidates = [h for h in edges if h not in seeds]
    while True:
        for seat, seed in enumerate(seeds):
            if seat not in zones:
                region = _region(board, seed, ok, taken, size)
                if len(region) < size:
                    raise DataError(f"start zone {seat} around {board.labels[seed]} has room for only "
                                    f"{len(region)} of {size} figures; draw start areas in Virtualscape")
                zones[seat] = region
                taken.update(region)
        if len(seeds) == count:
            return AutoZones(zones, seeds, size)
        free = [h for h in candidates if h not in taken]
        if not free:
            raise DataError(f"the map has no room for {count} start zones of {size} hexes; "
                            "draw start areas in Virtualscape, or use --zone-count 2")
        best = max(free, key=lambda h: min(dist[h][s] for s in seeds))
        seeds.append(best)
        candidates.remove(best)
