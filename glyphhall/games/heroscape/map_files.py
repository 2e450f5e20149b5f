"""Players' own map files (TOML in our format, or Virtualscape .hsc) turned into the canonical
map text a match carries in its `map_text` option: for `glyphhall play heroscape -o map=PATH`
and for maps uploaded at the lobby's table form."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from glyphhall.engine import DataError, GlyphHallError

from .map_text import MAX_MAP_BYTES, canonical, map_hash
from .maps import Board

#: Largest file accepted (a Virtualscape file of a big map is a few tens of KB).
MAX_FILE_BYTES = MAX_MAP_BYTES
SUFFIXES = (".hsc", ".toml")


@dataclass(frozen=True, slots=True)
class MapFile:
    text: str  # canonical TOML
    board: Board
    notes: tuple[str, ...]

    @property
    def sha256(self) -> str:
        return map_hash(self.text)


def read_map_file(data: bytes, filename: str, zones: str = "file", zone_count: int = 2) -> MapFile:
    """A map file's bytes -> its canonical map; a map without start zones gets `zone_count` by
    rule. DataError (or LoadError) says what is wrong and what to do; nothing is kept."""
    from .virtualscape import import_hsc

    name = Path(filename).name or "map"
    if len(data) > MAX_FILE_BYTES:
        raise DataError(f"{name} is {len(data) // 1024} KB; a map file may be at most {MAX_FILE_BYTES // 1024} KB")
    if not data:
        raise DataError(f"{name} is empty; choose a .hsc (Virtualscape) or .toml map file")
    suffix = Path(name).suffix.lower()
    notes: list[str] = []
    if suffix == ".hsc":
        text, notes = import_hsc(data, name, zones=zones, zone_count=zone_count)
    elif suffix == ".toml":
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise DataError(f"{name} is not UTF-8 text; a .toml map is a text file in "
                            "Glyph Hall's map format, like the packaged maps") from None
    else:
        raise DataError(f"{name}: a map file ends in .hsc (Virtualscape) or .toml (our format)")
    text, board, zones_said = canonical(text, name, zone_count)
    return MapFile(text, board, tuple(notes) + ((zones_said,) if zones_said else ()))


def options_with_map_file(options: dict[str, str], players: int = 2) -> tuple[dict[str, str], tuple[str, ...]]:
    """`map=PATH` (a .toml or .hsc file) in command-line options -> `map_text` with the file's
    canonical map (zones by rule for `players` when it has none); other options unchanged.
    Raises GlyphHallError naming the file."""
    path = options.get("map", "")
    if not path.lower().endswith(SUFFIXES):
        return options, ()
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise DataError(f"cannot read the map file {path}: {err.strerror or err}") from None
    try:
        found = read_map_file(data, path, zone_count=min(max(players, 2), 4))
    except GlyphHallError as err:
        raise type(err)(f"{path}: {err}") from None
    out = {k: v for k, v in options.items() if k != "map"}
    out["map_text"] = found.text
    return out, found.notes
