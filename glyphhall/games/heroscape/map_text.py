"""Boards back to text: the canonical TOML of a map and its hash.

Every map a match is played on can be written as one canonical TOML text (fixed key order, one
row string per map row, glyphs/walls/ladders/overhangs sorted by hex); a match record carries that text
and its SHA-256, so a replay rebuilds the same battlefield on any machine without the file."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from glyphhall.engine import DataError, LoadError
from glyphhall.engine.toml_text import TomlLimits, read_toml

from .maps import FAR, Board, load_map, parse_map
from .scenario import scenario_toml

#: Largest map text we accept from players (uploads, records): a 24 x 40 map of 3-character
#: cells is about 4 KB; this leaves room for big maps, walls and comments.
MAX_MAP_BYTES = 256 * 1024
#: Most hexes a player's map may have: a board keeps all distances (hexes squared), and the
#: biggest published maps have under 1000.
MAX_HEXES = 1500
#: How complex a player's map text may be (engine/toml_text.py): walls, ladders and overhangs are
#: one table each, so a map has at most a few per hex.
MAP_LIMITS = TomlLimits(max_chars=MAX_MAP_BYTES, max_tables=8 * MAX_HEXES, max_keys=24 * MAX_HEXES,
                       max_items=8 * MAX_HEXES)


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # JSON string escapes are valid TOML basic strings


def size_of(hex_count: int) -> str:
    return "small" if hex_count <= 100 else "medium" if hex_count <= 200 else "large"


def map_toml(board: Board, glyph_spots: list[tuple[int, str, str]] | None = None, provenance: str | None = None,
             comments: Sequence[str] = ()) -> str:
    """The canonical TOML text of a board (its glyph spots unless others are given), without a
    final newline (option values are stripped, and the text is one)."""
    spots = board.glyph_spots if glyph_spots is None else glyph_spots
    lines = [f"name = {_string(board.name)}", f"size = {_string(board.size or size_of(len(board)))}",
             f"provenance = {_string(board.provenance if provenance is None else provenance)}"]
    lines += [f"# {c}" for c in comments]
    lines.append("rows = [")
    lines += [f"  {_string(row)}," for row in board.to_rows()]
    lines.append("]")
    for h, key, face in sorted(spots, key=lambda s: s[0]):
        lines += ["", "[[glyph]]", f"at = {_string(board.labels[h])}", f"glyph = {_string(key)}",
                  f"face = {_string(face)}"]
    for (a, b), top in sorted(board.walls.items()):
        if a < b:
            height = top - max(board.levels[a], board.levels[b])
            lines += ["", "[[wall]]", f"between = [{_string(board.labels[a])}, {_string(board.labels[b])}]",
                      f"height = {height}"]
    for a, ends in enumerate(board.ladders):
        for b in sorted(ends):
            if a < b:
                lines += ["", "[[ladder]]", f"between = [{_string(board.labels[a])}, {_string(board.labels[b])}]"]
    for h in range(len(board)):
        if board.ceiling[h] != FAR:
            lines += ["", "[[overhang]]", f"at = {_string(board.labels[h])}",
                      f"clearance = {board.ceiling[h] - board.levels[h]}",
                      f"thickness = {board.ceiling_top[h] - board.ceiling[h]}"]
    lines += scenario_toml(board.scenario, board.labels)
    return "\n".join(lines)


def map_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def parse_map_text(text: str, where: str, key: str = "custom", need_zones: bool = True) -> Board:
    """A board from TOML text in our format (players' own maps). DataError says what is wrong."""
    from .glyphs import GLYPHS

    if len(text.encode("utf-8")) > MAX_MAP_BYTES:
        raise DataError(f"{where}: the map is larger than {MAX_MAP_BYTES // 1024} KB, more than any "
                        "battlefield needs; check that this is a map file")
    try:
        data = read_toml(text, "the map", MAP_LIMITS)
    except LoadError as err:
        raise DataError(f"{where}: {err}; a map is a file in Glyph Hall's "
                        "map format, like the packaged maps, or a Virtualscape .hsc file") from None
    rows = data.get("rows")
    cells = sum(len([c for c in row.split() if c != "."]) for row in rows if isinstance(row, str)) \
        if isinstance(rows, list) else 0
    if cells > MAX_HEXES:
        raise DataError(f"{where}: the map has {cells} hexes; a battlefield here has at most {MAX_HEXES} "
                        "(the biggest published maps have under 1000)")
    return parse_map(key, data, where, set(GLYPHS), need_zones)


def canonical(text: str, where: str, zone_count: int = 2) -> tuple[str, Board, str | None]:
    """The canonical text of a map given as TOML, with its board (validated), and - for a map
    with fewer than two start zones - the zones chosen by rule (map_zones.py), described."""
    from .map_zones import auto_zones

    board = parse_map_text(text, where, need_zones=False)
    said = None
    if len(board.zones) < 2:
        chosen = auto_zones(board, zone_count, {h for h, _, _ in board.glyph_spots})
        chosen.mark(board)
        said = chosen.describe(board.labels)
    out = map_toml(board)
    return out, custom_board(out), said


@lru_cache(maxsize=32)
def custom_board(text: str) -> Board:
    """The board of a map of one's own (`map_text` option), shared by every state played on it
    like a packaged map's (boards never change; building one computes all distances)."""
    return parse_map_text(text, "the map of the 'map_text' option", f"custom-{map_hash(text)[:12]}")


def board_for(options: Mapping[str, Any]) -> Board:
    """The battlefield the options name: a map of one's own (`map_text`) or a packaged `map`."""
    text = options.get("map_text")
    return custom_board(str(text)) if text else load_map(str(options["map"]))
