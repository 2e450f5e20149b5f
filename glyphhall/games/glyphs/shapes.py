"""The shape set, read from data/shapes.toml and validated (a DataError names file and entry).

Everything else asks this module about kinds: their words, outlines, features, rotation
periods and directions. Kinds are numbered in file order; the number is what glyphs store."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from glyphhall.engine import DataError

DATA_FILE = Path(__file__).parent / "data" / "shapes.toml"

#: Per-shape features a decree can count; "sides" is segments + curves, "overlaps" is the degree.
FEATURES = ("angles", "right_angles", "segments", "curves")
OUTLINES = ("polygon", "disc", "sector", "stick")
ROTATIONS = 8  # 45-degree steps


@dataclass(frozen=True, slots=True)
class Kind:
    index: int
    id: str
    singular: str
    plural: str
    words: tuple[str, ...]
    outline: str
    params: dict
    period: int
    points: int | None  # direction at rotation 0 (45-degree steps from "right"), None if none
    elongated: bool
    features: dict  # FEATURES -> int

    def canonical_rot(self, rot: int) -> int:
        return rot % self.period


@dataclass(frozen=True, slots=True)
class ShapeSet:
    kinds: tuple[Kind, ...]
    families: dict  # adjective -> frozenset of kind indices
    provenance: str

    def by_id(self, kind_id: str) -> Kind:
        for k in self.kinds:
            if k.id == kind_id:
                return k
        raise KeyError(kind_id)

    def word_index(self) -> dict[str, int]:
        """Every accepted word (singular and plural) to its kind index."""
        return {w: k.index for k in self.kinds for w in k.words}


def _fail(entry: str, why: str) -> DataError:
    return DataError(f"{DATA_FILE.name}: {entry}: {why}")


def _int(table: dict, key: str, entry: str, low: int = 0, high: int = 99) -> int:
    value = table.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _fail(entry, f"'{key}' must be a whole number from {low} to {high}, not {value!r}")
    return value


def parse_shapes(data: dict) -> ShapeSet:
    kinds_table = data.get("kinds")
    if not isinstance(kinds_table, dict) or not kinds_table:
        raise _fail("kinds", "the file needs at least one [kinds.<id>] table")
    kinds = []
    for index, (kid, t) in enumerate(kinds_table.items()):
        entry = f"kinds.{kid}"
        if not isinstance(t, dict):
            raise _fail(entry, "must be a table")
        for key in ("singular", "plural"):
            if not isinstance(t.get(key), str) or not t[key]:
                raise _fail(entry, f"'{key}' must be a word")
        words = t.get("words", [])
        if not isinstance(words, list) or not all(isinstance(w, str) and w for w in words):
            raise _fail(entry, "'words' must be a list of words")
        outline = t.get("outline")
        if outline not in OUTLINES:
            raise _fail(entry, f"'outline' must be one of {', '.join(OUTLINES)}, not {outline!r}")
        needed = {"polygon": ("polygon",), "disc": ("radius",), "sector": ("radius", "from", "to"),
                  "stick": ("length", "width")}[outline]
        params = {}
        for key in needed:
            if key not in t:
                raise _fail(entry, f"a {outline} outline needs '{key}'")
            params[key] = t[key]
        if outline == "polygon":
            pts = t["polygon"]
            if not isinstance(pts, list) or len(pts) < 3 or not all(
                isinstance(p, list) and len(p) == 2 and all(isinstance(c, (int, float)) for c in p) for p in pts
            ):
                raise _fail(entry, "'polygon' must be a list of at least 3 [x, y] points")
        period = _int(t, "period", entry, 1, ROTATIONS)
        if ROTATIONS % period:
            raise _fail(entry, "'period' must divide 8 (1, 2, 4 or 8)")
        points = t.get("points")
        if points is not None:
            points = _int(t, "points", entry, 0, 7)
        features = {f: _int(t, f, entry) for f in FEATURES}
        kinds.append(Kind(index, kid, t["singular"], t["plural"],
                          tuple(dict.fromkeys([t["singular"], t["plural"], *words])), outline, params,
                          period, points, bool(t.get("elongated", False)), features))
    ids = {k.id: k.index for k in kinds}
    families = {}
    for fid, t in (data.get("families") or {}).items():
        entry = f"families.{fid}"
        if not isinstance(t, dict) or not isinstance(t.get("adjective"), str):
            raise _fail(entry, "needs an 'adjective'")
        members = t.get("kinds")
        if not isinstance(members, list) or not members:
            raise _fail(entry, "'kinds' must be a non-empty list of kind ids")
        for m in members:
            if m not in ids:
                raise _fail(entry, f"names an unknown kind {m!r}")
        families[t["adjective"]] = frozenset(ids[m] for m in members)
    seen: dict[str, str] = {}
    for k in kinds:
        for w in k.words:
            if w in seen and seen[w] != k.id:
                raise _fail(f"kinds.{k.id}", f"the word {w!r} also names {seen[w]}")
            seen[w] = k.id
    return ShapeSet(tuple(kinds), families, str(data.get("provenance", "")))


@cache
def shape_set() -> ShapeSet:
    try:
        data = tomllib.loads(DATA_FILE.read_text())
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{DATA_FILE.name}: not valid TOML: {err}") from None
    return parse_shapes(data)
