"""Heroscape maps on the server: uploading a map file for a table (validated, with a preview)
and a gallery of the packaged maps. Nothing uploaded is kept: the upload answers the map's
canonical text, which the table form sends as the `map_text` option, so the table's options
(and its match record) hold the map itself."""

from __future__ import annotations

import re
from html import escape
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from glyphhall.engine import GlyphHallError
from glyphhall.games.heroscape.map_files import MAX_FILE_BYTES, SUFFIXES, read_map_file
from glyphhall.games.heroscape.map_svg import board_svg
from glyphhall.games.heroscape.maps import load_map, map_keys
from glyphhall.games.heroscape.view import board_json

from ..tables.live import TableError

router = APIRouter(tags=["maps"])


async def _body(request: Request) -> bytes:
    """The request body, refused as soon as it is larger than a map file may be."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_FILE_BYTES:
        raise TableError(f"the file is larger than {MAX_FILE_BYTES // 1024} KB; a map file is smaller", 413)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_FILE_BYTES:
            raise TableError(f"the file is larger than {MAX_FILE_BYTES // 1024} KB; a map file is smaller", 413)
    return bytes(data)


#: The importer's notes are shared with the command line, where they name its flags; a person
#: uploading at the table form gets the same notes in the form's words.
_FLAG_WORDS = (
    (re.compile(r"; or leave such pieces out \(--leave-out [\w-]+\)"), ""),
    (re.compile(r"\(--zones auto: "), "("),
    (re.compile(r" \(--unknown-glyph KEY names it, --unknown-glyph blank leaves the spot empty\)"), ""),
    (re.compile(r", or use --zone-count 2"), ", or play it with 2 players"),
    (re.compile(r"--zones must be"), "start zones must be"),
    (re.compile(r"--zone-count must be"), "the number of start zones must be"),
    (re.compile(r"\b(?:start )?zone (\d)\b"), lambda m: f"start zone {int(m.group(1)) + 1}"),
)


def note_for_players(note: str) -> str:
    for pattern, words in _FLAG_WORDS:
        note = pattern.sub(words, note)
    return note


@router.post("/api/heroscape/maps", summary="Check an uploaded Heroscape map file (.hsc or .toml): "
             "its canonical text for the table's map_text option, a preview and notes")
async def upload_map(request: Request,
                     filename: str = Query(..., max_length=200, description="the file's name (.hsc or .toml)"),
                     zones: str = Query("file", pattern="^(file|auto)$",
                                        description="start zones from the file, or always by rule"),
                     zone_count: int = Query(2, ge=2, le=4, description="start zones to choose by rule "
                                             "(the table's players)")) -> dict[str, Any]:
    if not filename.lower().endswith(SUFFIXES):
        raise TableError("upload a Virtualscape map (.hsc) or a map in our format (.toml)", 415)
    data = await _body(request)
    try:  # building a big board takes a while: off the event loop
        found = await run_in_threadpool(read_map_file, data, filename, zones, zone_count)
    except GlyphHallError as err:
        raise TableError(note_for_players(str(err)), 422) from None
    board = found.board
    return {
        "name": board.name, "hexes": len(board), "zones": len(board.zones), "map_text": found.text,
        "sha256": found.sha256, "notes": [note_for_players(n) for n in found.notes], "preview_svg": board_svg(board),
    }


def _packaged() -> list[dict[str, Any]]:
    out = []
    for key in map_keys():
        board = load_map(key)
        out.append({"key": key, "name": board.name, "size": board.size, "hexes": len(board),
                    "zones": len(board.zones), "glyphs": len(board.glyph_spots), "provenance": board.provenance,
                    "preview_svg": board_svg(board, 360)})
    return out


@router.get("/api/heroscape/maps", summary="The packaged Heroscape maps, with SVG previews")
async def packaged_maps() -> dict[str, Any]:
    return {"maps": _packaged()}


@router.get("/api/heroscape/maps/{key}/board", summary="A packaged Heroscape map's hexes, walls, ladders "
            "and overhangs, as the table page draws them (the gallery's 3D preview)")
async def packaged_board(key: str) -> dict[str, Any]:
    if key not in map_keys():
        raise TableError("no packaged map of that name; /api/heroscape/maps lists them", 404)
    return board_json(load_map(key))


@router.get("/maps", include_in_schema=False, response_class=HTMLResponse)
async def gallery() -> HTMLResponse:
    cards = "".join(
        f'<figure class="map-card">{m["preview_svg"]}<figcaption><strong>{escape(m["name"])}</strong>'
        f'<br><span class="muted">{m["hexes"]} hexes, {m["size"]}, '
        f'{m["zones"]} start zones, {m["glyphs"]} glyph spots. {escape(m["provenance"])}</span><br>'
        f'<a class="button play-map" href="/?game=heroscape&amp;map={escape(m["key"])}">Play this map</a> '
        f'<button type="button" class="map-3d" data-map="{escape(m["key"])}" hidden>See it in 3D</button></figcaption></figure>'
        for m in _packaged())
    page = ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<title>Heroscape maps - Glyph Hall</title><link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
            '<link rel="stylesheet" href="/static/app.css"><link rel="stylesheet" href="/static/games/heroscape.css">'
            '<script type="module" src="/static/games/heroscape3d_preview.js"></script></head>'
            '<body class="map-page"><header><h1><a href="/">Glyph Hall</a> · Heroscape maps</h1></header><main>'
            '<p>The packaged battlefields (start zones outlined in their seat\'s colour at the table: blue, red, yellow, teal; glyph spots in yellow). '
            'A map of your own (.hsc from Virtualscape, or .toml) can be uploaded at the table form.</p>'
            '<section id="map-3d-pane" class="map-3d-pane" hidden></section>'
            f'<div class="map-gallery">{cards}</div></main></body></html>')
    return HTMLResponse(page)
