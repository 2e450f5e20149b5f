"""Reading Virtualscape (.hsc) files, every file version the editor reads (0.0001 to 0.0007).

Layouts, from the editor's own readers (dkniffin/virtualscape `HeroscapeEditor/HeroscapeEditorDoc.cpp`
CHeroscapeEditorDoc::LoadVersion0_0001 .. LoadVersion0_0007, `HeroscapeEditor/Tile.cpp`
CTile::LoadVersion0_0001 .. 0_0003; reference [C7], also read by [C3]). Little-endian; the file
starts with its version as a float64, then:

    0.0001  tile count, tiles
    0.0002  CString name, author; int32 levels per page, printing transparency, print grid;
            tile count, tiles
    0.0003  CString name, author, player count, scenario (a CString); the 3 int32 as 0.0002; tiles
    0.0004  as 0.0003, but the scenario is an int32 length and that many bytes (RTF)
    0.0005  as 0.0004, plus int32 print tile numbers (4 int32)
    0.0006  the same as 0.0005
    0.0007  as 0.0005, plus int32 print start areas as a level (5 int32)

Each tile: int32 type, float64 tile version, then by tile version:

    0.0001  int32 rotation, x, y, z
    0.0002  as 0.0001, then 1 byte glyph letter, CString glyph name (unused), start area name
    0.0003  as 0.0002, then 4 bytes colour (COLORREF: red, green, blue, 0); personal tiles (17000)
            add int32 hex count + 4 CStrings, figures (18xxx) add 2 CStrings

CString: MFC `ArcCore.cpp` (quoted in stackoverflow.com/questions/8932214): an optional Unicode
marker 0xFF + word 0xFFFE, then the length (byte; or 0xFF + word; or 0xFF, 0xFFFF + dword), then
the characters (UTF-16LE after the marker, single bytes without it).

Bytes after the last tile are not part of any layout: the editor never reads them, so we warn
and go on (`VsFile.warnings`)."""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from glyphhall.engine import LoadError

FILE_VERSIONS = (0.0001, 0.0002, 0.0003, 0.0004, 0.0005, 0.0006, 0.0007)
TILE_VERSIONS = (0.0001, 0.0002, 0.0003)
PERSONAL_TYPE, FIGURE_FAMILY = 17000, 18


@dataclass(frozen=True, slots=True)
class VsTile:
    """One tile record as stored in the file."""

    number: int  # 1-based position in the file, for messages
    offset: int  # byte offset of the record
    type: int
    rotation: int
    x: int
    y: int
    z: int
    #: The glyph letter byte (tile version 0.0002 on), "" when the tile version has none.
    glyph_letter: str = ""
    start_name: str = ""
    colour: tuple[int, int, int] | None = None  # tile version 0.0003 on
    version: float = 0.0003
    #: A personal tile's own fields (tile version 0.0003, type 17000), else None.
    personal: PersonalFields | None = None


@dataclass(frozen=True, slots=True)
class PersonalFields:
    """What a personal tile (17000) adds to its record (`Tile.cpp` Serialize, CTilePerso): the
    hex count, the top and side texture files, a letter and a name, all chosen by the map's author."""

    hexes: int
    texture: str
    texture_side: str
    letter: str
    name: str


@dataclass(frozen=True, slots=True)
class VsFile:
    version: float
    name: str
    author: str
    players: str
    tiles: tuple[VsTile, ...]
    warnings: tuple[str, ...] = field(default=())


class _Bytes:
    """A cursor over the file that names the offset when the data runs out."""

    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def take(self, n: int, what: str) -> bytes:
        if n < 0:
            raise LoadError(f"Virtualscape file: {what} has a negative length {n} (byte {self.pos - 4}); "
                            "the file is damaged: open and save it again in Virtualscape")
        if self.pos + n > len(self.data):
            raise LoadError(f"Virtualscape file truncated at byte {self.pos}: {what} needs {n} bytes, "
                            f"{len(self.data) - self.pos} left; the file is incomplete: download or "
                            "save it again")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def unpack(self, fmt: str, what: str) -> int | float:
        return struct.unpack("<" + fmt, self.take(struct.calcsize(fmt), what))[0]

    def int32(self, what: str) -> int:
        return int(self.unpack("i", what))

    def string(self, what: str) -> str:
        """An MFC CString (see the module docstring)."""
        start = self.pos
        wide = False
        length = self.unpack("B", what)
        if length == 0xFF:
            length = self.unpack("H", what)
            if length == 0xFFFE:  # Unicode marker, then the length again
                wide = True
                length = self.unpack("B", what)
                if length == 0xFF:
                    length = self.unpack("H", what)
            if length == 0xFFFF:
                length = self.unpack("I", what)
        raw = self.take(int(length) * (2 if wide else 1), what)
        try:
            return raw.decode("utf-16-le" if wide else "cp1252")
        except UnicodeDecodeError:
            raise LoadError(f"Virtualscape file: {what} at byte {start} is not readable text; the file is damaged: "
                            "open and save it again in Virtualscape") from None


def _version(value: float, known: tuple[float, ...]) -> float | None:
    """The editor compares versions with == against its literals; we do the same."""
    return next((v for v in known if value == v), None)


def read_hsc(data: bytes) -> VsFile:
    """Parse a Virtualscape file of any version the editor reads. Raises LoadError naming the
    byte offset for anything that cannot be read (truncation, an unknown version or tile type)."""
    from .vs_pieces import known_type

    b = _Bytes(data)
    raw_version = b.unpack("d", "the file version")
    version = _version(raw_version, FILE_VERSIONS)
    if version is None:
        raise LoadError(f"not a Virtualscape map, or a version no Virtualscape release wrote: the file "
                        f"starts with version {raw_version!r}, Virtualscape files have 0.0001 to 0.0007; "
                        "check that this is a .hsc file saved by Virtualscape")
    name = author = players = ""
    if version >= 0.0002:
        name, author = b.string("the map name"), b.string("the author")
    if version >= 0.0003:
        players = b.string("the player count")
        if version == 0.0003:
            b.string("the scenario")
        else:
            b.take(b.int32("the scenario length"), "the scenario text")
    if version >= 0.0002:
        settings = 3 + (version >= 0.0005) + (version >= 0.0007)
        for n in range(settings):
            b.int32(f"print setting {n + 1}")
    count = b.int32("the tile count")
    if count < 0:
        raise LoadError(f"Virtualscape file: negative tile count {count} at byte {b.pos - 4}; the file is damaged: "
                        "open and save it again in Virtualscape")
    tiles = []
    for number in range(1, count + 1):
        offset = b.pos
        what = f"tile {number} (byte {offset})"
        kind = b.int32(what)
        if not known_type(kind):
            raise LoadError(f"Virtualscape file: {what} has tile type {kind}, which Virtualscape does not "
                            "know; the file is damaged or from another program: open and save it in Virtualscape")
        raw_tile_version = b.unpack("d", what)
        tile_version = _version(raw_tile_version, TILE_VERSIONS)
        if tile_version is None:
            raise LoadError(f"Virtualscape file: {what} has tile version {raw_tile_version!r}; Virtualscape "
                            "writes 0.0001 to 0.0003: open and save the map in Virtualscape")
        rotation, x, y, z = (b.int32(what) for _ in range(4))
        letter, start_name, colour, personal = "", "", None, None
        if tile_version >= 0.0002:
            letter = chr(int(b.unpack("B", what)))
            b.string(what)  # glyph name: always written empty ("for compatibility")
            start_name = b.string(what)
        if tile_version >= 0.0003:
            red, green, blue, _ = b.take(4, what)
            colour = (red, green, blue)
            if kind == PERSONAL_TYPE:  # hex count, 2 textures, letter, name
                count_hexes = b.int32(what)
                texture, side, char, name = (b.string(what) for _ in range(4))
                personal = PersonalFields(count_hexes, texture, side, char, name)
            elif kind // 1000 == FIGURE_FAMILY:  # figure: name and file
                b.string(what)
                b.string(what)
        if not 0 <= rotation <= 5:
            raise LoadError(f"Virtualscape file: {what} has rotation {rotation}, expected 0-5; the file is damaged: "
                            "open and save it again in Virtualscape")
        tiles.append(VsTile(number, offset, kind, rotation, x, y, z, letter, start_name, colour, tile_version,
                            personal))
    warnings = []
    if b.pos != len(data):
        warnings.append(f"{len(data) - b.pos} bytes after the last tile (from byte {b.pos}) are not part of "
                        "the Virtualscape layout; they were ignored, as Virtualscape ignores them")
    return VsFile(version, name, author, players, tuple(tiles), tuple(warnings))
