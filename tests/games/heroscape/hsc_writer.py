"""A writer of Virtualscape (.hsc) files following the documented layout of every version
(reference heroscape.md §4 [C3]; dkniffin/virtualscape HeroscapeEditorDoc.cpp LoadVersion0_0001
.. 0_0007 and Tile.cpp LoadVersion0_0001 .. 0_0003 [C7]; MFC CString encoding), not our reader's
code, for the importer's tests."""

from __future__ import annotations

import struct

from glyphhall.engine import Rng

GRASS1, GRASS2, GRASS3, GRASS7, GRASS24 = 1001, 1002, 1003, 1007, 1024
ROCK1, ROCK7, SAND1, ROAD5, WATER1, WATER2, LAVA1 = 2001, 2007, 3001, 8005, 4001, 4002, 6001
START, TREE10, CASTLE1, RUIN3, PERSONAL, FIGURE = 15001, 10011, 16001, 11003, 17000, 18001
RED, BLUE = (255, 0, 0), (0, 0, 255)
SCENARIO = b"{\\rtf1\\ansi Fight!\\par}"


def cstring(text: str, unicode: bool = True) -> bytes:
    """MFC CString: [0xFF, word 0xFFFE] length (byte, or 0xFF + word) characters."""
    body = text.encode("utf-16-le" if unicode else "cp1252")
    length = bytes([len(text)]) if len(text) < 255 else b"\xff" + struct.pack("<H", len(text))
    return (b"\xff\xfe\xff" if unicode else b"") + length + body


def tile(kind: int, x: int, y: int, z: int, rotation: int = 0, letter: str = "T", start: str = "",
         colour: tuple[int, int, int] = (0, 160, 0), version: float = 0.0003, extra: bytes = b"") -> bytes:
    """A tile record by tile version (Tile.cpp CTile::LoadVersion0_0001 .. 0_0003)."""
    out = struct.pack("<i", kind) + struct.pack("<d", version) + struct.pack("<4i", rotation, x, y, z)
    if version >= 0.0002:
        out += letter.encode("ascii") + cstring("") + cstring(start)
    if version >= 0.0003:
        out += bytes([*colour, 0]) + extra
    return out


def hsc(tiles: list[bytes], name: str = "Test Field", author: str = "Someone",
        version: float = 0.0007) -> bytes:
    """A file by file version (HeroscapeEditorDoc.cpp LoadVersion0_0001 .. 0_0007)."""
    out = struct.pack("<d", version)
    if version >= 0.0002:
        out += cstring(name) + cstring(author)
    if version >= 0.0003:
        out += cstring("2")
        out += cstring("Fight!") if version == 0.0003 else struct.pack("<i", len(SCENARIO)) + SCENARIO
    if version >= 0.0002:
        settings = (6, 80, 1, 0, 1)[:3 + (version >= 0.0005) + (version >= 0.0007)]
        out += struct.pack(f"<{len(settings)}i", *settings)  # levels per page, transparency, print flags
    return out + struct.pack("<i", len(tiles)) + b"".join(tiles)


def play_out(state, seed: int = 17):
    rng = Rng(seed)
    for _ in range(40000):
        if state.is_over():
            break
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
    return state


