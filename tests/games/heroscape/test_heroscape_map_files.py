"""Players' own maps: real published Virtualscape files, start zones by rule, map files (.hsc and
.toml) as the terminal and uploads read them, and match records that carry the map."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hsc_writer import GRASS1, hsc, play_out, tile
from typer.testing import CliRunner

from glyphhall.cli.main import app
from glyphhall.engine import DataError, LoadError, MatchRecord, OptionError, Rng, replay
from glyphhall.games.heroscape.game import GAME
from glyphhall.games.heroscape.map_files import MAX_FILE_BYTES, options_with_map_file, read_map_file
from glyphhall.games.heroscape.map_text import map_hash, map_toml
from glyphhall.games.heroscape.map_zones import auto_zones
from glyphhall.games.heroscape.maps import load_map
from glyphhall.games.heroscape.virtualscape import import_hsc, read_hsc

REAL = Path(__file__).parent / "virtualscape_maps"
#: The published files (SOURCES.md): the real battlefields import (two with road walls, one with
#: a Ticalla palm); two are one- and two-hex test files of a web editor, too small for two armies.
PLAYABLE = ["Castle_vs_elements.hsc", "Chat_perche.hsc", "Table_des_geants.hsc", "land.hsc",
            "Rotten_Ice.hsc", "Volcan_de_la_mort.hsc", "In_the_Middle_of_the_Elements.hsc"]
TOO_SMALL = ["HexoscapeMap.hsc", "asphalt.hsc"]


def test_every_published_file_kept_here_is_tested():
    """A file added to virtualscape_maps/ must be listed above (imported, too small or refused)."""
    assert sorted(p.name for p in REAL.glob("*.hsc")) == sorted(PLAYABLE + TOO_SMALL)


SHARED = Path(__file__).resolve().parents[3].parent / "shared" / "reference" / "virtualscape-samples"


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared (the reference samples) is not beside this checkout")
def test_every_shared_sample_is_kept_here_byte_for_byte():
    """The samples in ../shared/reference/virtualscape-samples are copied here (the tests above
    import each), so the tests run where ../shared is missing."""
    for sample in sorted(SHARED.glob("*.hsc")):
        assert (REAL / sample.name).read_bytes() == sample.read_bytes(), sample.name


def test_the_published_ticalla_palm_is_an_obstacle_fifteen_levels_above_its_land():
    """"In the Middle of the Elements" has one palm of type 24001 (older files' number for the
    15-level palm) on a 1-level tile at Virtualscape's x=34 y=6: it was refused until issue 37."""
    name = "In_the_Middle_of_the_Elements.hsc"
    palms = [t for t in read_hsc((REAL / name).read_bytes()).tiles if t.type == 24001]
    assert [(t.x, t.y, t.z) for t in palms] == [(34, 6, 1)]
    board = read_map_file((REAL / name).read_bytes(), name).board
    assert [board.levels[h] for h in range(len(board)) if board.terrain[h] == "x"].count(16) == 1  # the palm alone


@pytest.mark.parametrize(("name", "walls"), [("Rotten_Ice.hsc", 16), ("Volcan_de_la_mort.hsc", 64)])
def test_published_road_walls_become_walls_two_levels_above_their_bridge(name, walls):
    """Virtualscape's examples set road walls beside a road bridge at its layer: 8 edges each, the
    wall 2 levels above the road (3 above the piece's layer; README, "Terrain of the expansions")."""
    found = read_map_file((REAL / name).read_bytes(), name)
    board = found.board
    assert found.text.count("[[wall]]") == walls
    assert len(board.walls) == 2 * walls  # stored both ways round
    assert {top - max(board.levels[a], board.levels[b]) for (a, b), top in board.walls.items()} == {2}
    assert {board.terrain[h] for edge in board.walls for h in edge} >= {"d"}  # they line a road


@pytest.mark.parametrize("name", PLAYABLE)
def test_real_published_maps_import_and_play_a_full_random_game(name):
    """Real files as their authors saved them (versions 0.0002, 0.0003, 0.0007; no start areas,
    a '?' glyph by letter byte, floating tiles, ruins) import, and a random game finishes."""
    found = read_map_file((REAL / name).read_bytes(), name)
    assert len(found.board.zones) >= 2
    state = play_out(GAME.new(2, 3, {"armies": "starter", "map_text": found.text}))
    assert state.is_over()


@pytest.mark.parametrize("name", TOO_SMALL)
def test_real_test_files_too_small_for_armies_are_refused_saying_why(name):
    with pytest.raises(DataError, match="too few for 2 start zones.*draw start areas in Virtualscape"):
        read_map_file((REAL / name).read_bytes(), name)


def test_real_file_details():
    """Table des geants (Hasbro, version 0.0003): its 5 glyphs by letter, its 2 ruins as 6-level
    obstacles; Chat perche (0.0002 header, 4 start area colours): 4 zones, its '?' glyphs drawn by
    the table unless one is named; HexoscapeMap.hsc's 3 trailing bytes are a warning."""
    text, notes = import_hsc((REAL / "Table_des_geants.hsc").read_bytes(), "Table_des_geants.hsc")
    assert "by Hasbro" in text and 'name = "La table des geants"' in text
    assert sorted(line for line in text.splitlines() if line.startswith("glyph =")) == [
        'glyph = "dagmar"', 'glyph = "erland"', 'glyph = "ivor"', 'glyph = "kelda"', 'glyph = "valda"']
    assert "zones chosen by rule" in notes[0] and notes[1].startswith("start zones chosen by rule")
    board = read_map_file((REAL / "Table_des_geants.hsc").read_bytes(), "t.hsc").board
    assert sum(1 for t in board.terrain if t == "x") == 5
    chat = read_map_file((REAL / "Chat_perche.hsc").read_bytes(), "c.hsc").board
    assert sorted(chat.zones) == [0, 1, 2, 3] and [(k, f) for _, k, f in chat.glyph_spots] == [("?", "symbol")] * 6
    text, _ = import_hsc((REAL / "Chat_perche.hsc").read_bytes(), "c.hsc", unknown_glyph="gerda")
    assert text.count('glyph = "gerda"') == 6 and text.count('face = "symbol"') == 6
    assert "3 bytes after the last tile" in read_hsc((REAL / "HexoscapeMap.hsc").read_bytes()).warnings[0]


# ---------------------------------------------------------------- start zones by rule


def field_map(width: int, height: int, water: set[tuple[int, int]] = frozenset()) -> str:
    rows = [" ".join("0w" if (x, y) in water else "1g" for x in range(width)) for y in range(height)]
    return 'name = "Field"\nrows = [' + ", ".join(json.dumps(r) for r in rows) + "]\n"


def test_auto_zones_are_the_farthest_edge_regions_with_room_for_an_army():
    """Two zones: the edge pair farthest apart, 18 hexes each, connected, apart, never on water
    or a glyph; the same map always gets the same zones."""
    found = read_map_file(field_map(20, 10, water={(0, 0), (1, 0)}).encode(), "f.toml")
    board = found.board
    zones = board.zones
    assert sorted(zones) == [0, 1] and len(zones[0]) == len(zones[1]) == 18
    assert not set(zones[0]) & set(zones[1])
    assert all(board.terrain[h] == "g" for z in zones.values() for h in z)
    gap = min(board.dist(a, b) for a in zones[0] for b in zones[1])
    assert gap >= 10
    assert "start zones chosen by rule" in found.notes[-1] and "18 hexes" in found.notes[-1]
    assert read_map_file(field_map(20, 10, water={(0, 0), (1, 0)}).encode(), "f.toml").text == found.text


def test_four_auto_zones_spread_over_the_map():
    found = read_map_file(field_map(16, 16).encode(), "f.toml")
    board = found.board
    chosen = auto_zones(board, 4)
    assert len(chosen.zones) == 4 and chosen.size == 12
    seeds = chosen.seeds
    assert min(board.dist(a, b) for i, a in enumerate(seeds) for b in seeds[i + 1:]) >= 8
    with pytest.raises(DataError, match="--zone-count must be 2, 3 or 4"):
        auto_zones(board, 5)


def test_a_map_too_small_for_zones_is_refused_saying_what_to_do():
    with pytest.raises(DataError, match="too few for 2 start zones"):
        read_map_file(field_map(4, 3).encode(), "tiny.toml")


def test_zones_auto_replaces_the_file_start_areas_and_says_so():
    tiles = [tile(GRASS1, x, y, 0) for y in range(8) for x in range(12)]
    tiles += [tile(15001, x, 0, 1, colour=(255, 0, 0)) for x in range(3)]
    tiles += [tile(15001, x, 7, 1, colour=(0, 0, 255)) for x in range(3)]
    text, notes = import_hsc(hsc(tiles), "z.hsc")
    assert notes == [] and text.count("0 ") + text.count("0\"") > 0
    text, notes = import_hsc(hsc(tiles), "z.hsc", zones="auto")
    assert notes[-1].startswith("start zones chosen by rule") and "rgb(" not in text


# ---------------------------------------------------------------- map files (terminal and uploads)


def test_map_files_good_hsc_and_toml_become_the_same_canonical_text():
    """A .toml map and the canonical text written from it read back to the same text (a fixed
    point), with every part of the format (glyphs, walls, overhangs) kept."""
    giants = (Path(__file__).parents[3] / "glyphhall/games/heroscape/data/maps/giants.toml").read_text()
    first = read_map_file(giants.encode(), "giants.toml")
    again = read_map_file(first.text.encode(), "again.toml")
    assert again.text == first.text and again.sha256 == map_hash(first.text)
    packaged = load_map("giants")
    assert first.board.walls == packaged.walls and first.board.ceiling == packaged.ceiling
    assert sorted(first.board.glyph_spots) == sorted(packaged.glyph_spots) and first.board.levels == packaged.levels
    assert map_toml(packaged) == first.text


@pytest.mark.parametrize(("data", "name", "message"), [
    (b"\x00\x01garbage", "bad.hsc", "not a Virtualscape map"),
    (b"\x80\x81", "bad.toml", "not UTF-8 text"),
    (b"rows = [", "bad.toml", "not valid TOML"),
    (b'name = "x"\nrows = ["1q"]\n', "bad.toml", "cannot read cell '1q'"),
    (b"", "empty.hsc", "is empty"),
    (b"x" * (MAX_FILE_BYTES + 1), "big.hsc", "at most 256 KB"),
    (b"name = 'x'", "map.png", "ends in .hsc"),
])
def test_bad_map_files_are_refused_saying_what_to_do(data, name, message):
    with pytest.raises((DataError, LoadError), match=message):
        read_map_file(data, name)


def test_terminal_map_option_reads_toml_and_hsc_files(tmp_path):
    """`-o map=PATH`: the file's canonical map goes into map_text; a packaged key is left alone."""
    (tmp_path / "m.hsc").write_bytes((REAL / "Table_des_geants.hsc").read_bytes())
    options, notes = options_with_map_file({"map": str(tmp_path / "m.hsc"), "armies": "starter"})
    assert "map" not in options and options["map_text"].startswith('name = "La table des geants"')
    assert any("zones chosen by rule" in n for n in notes)
    assert options_with_map_file({"map": "giants"}) == ({"map": "giants"}, ())
    with pytest.raises(DataError, match="cannot read the map file"):
        options_with_map_file({"map": str(tmp_path / "missing.toml")})


def test_cli_play_refuses_a_bad_map_file_clearly(tmp_path):
    bad = tmp_path / "bad.hsc"
    bad.write_bytes(b"nonsense")
    result = CliRunner().invoke(app, ["play", "heroscape", "-o", f"map={bad}"])
    assert result.exit_code != 0 and "not a Virtualscape map" in " ".join(result.output.split())


def test_a_bad_map_text_option_is_an_option_error():
    with pytest.raises(OptionError, match="cannot read cell"):
        GAME.new(2, 1, {"map_text": 'name = "x"\nrows = ["1q"]\n'})


# ---------------------------------------------------------------- records carry the map


def test_records_carry_the_map_with_its_hash_and_replay_without_the_file(tmp_path):
    """Format 2: a long option (the map) travels as an attachment with its SHA-256; the record
    alone replays; a changed map text is refused; format 1 records still load."""
    found = read_map_file((REAL / "land.hsc").read_bytes(), "land.hsc")
    state = GAME.new(2, 9, {"armies": "starter", "map_text": found.text})
    record = MatchRecord.start(GAME, state, ["a", "b"])
    rng = Rng(4)
    for _ in range(300):
        if state.is_over():
            break
        seat = rng.choice(state.to_move())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.add(seat, str(action))
    path = record.save(tmp_path / "match.json")
    data = json.loads(path.read_text())
    assert data["format"] == "glyphhall-match/2" and "map_text" not in data["options"]
    assert data["attachments"]["map_text"] == {"sha256": found.sha256, "text": found.text}
    again = replay(MatchRecord.read(path), GAME)
    assert again.to_dict() == state.to_dict()
    data["attachments"]["map_text"]["text"] = found.text.replace("g", "s", 1)
    with pytest.raises(LoadError, match="does not match its SHA-256"):
        MatchRecord.from_dict(data)
    old = {**data, "format": "glyphhall-match/1", "options": {"armies": "starter"}}
    del old["attachments"]
    assert MatchRecord.from_dict(old).options == {"armies": "starter"}




# ---------------------------------------------------------------- terrain rulings at play


def test_plain_expansion_terrain_never_stops_a_walk_and_ice_and_shadow_add_no_height():
    """Rulings (README "Terrain of the expansions"): lava field, snow, swamp, concrete, asphalt,
    dungeon (1 level) and ice, shadow (no height) are plain: Finn walks across all of them in one
    move; only water (and swamp water, imported as water) stops him."""
    from heroscape_helpers import act, hexof, position

    rows = ["1g0 1f 1n 1m 1c 1a 1u 0i 0h 1g 0w 1g", "1g 1g 1g 1g 1g 1g 1g 1g 1g 1g 1g 1g1"]
    s = position(rows=rows, at={"finn": "a1", "thorgrim": "b12"}, active="finn")
    for col in range(2, 11):
        act(s, f"step finn a{col}")
        s.move_left = 99  # the walk is about terrain, not Finn's Move
    assert hexof(s, "finn") == "a10"
    act(s, "step finn a11")  # water: the move ends
    assert s.moving < 0 and hexof(s, "finn") == "a11"


def test_the_table_draws_a_classic_glyph_for_each_unknown_glyph_hidden_and_seeded():
    """A "?" spot (Virtualscape's '?' glyph): at the start of each game the table draws a classic
    glyph not yet on the map, symbol side up; the same seed draws the same glyphs (replays stay
    exact); a "?" must lie symbol side up."""
    found = read_map_file((REAL / "Chat_perche.hsc").read_bytes(), "c.hsc")
    a = GAME.new(2, 7, {"map_text": found.text, "armies": "starter"})
    b = GAME.new(2, 7, {"map_text": found.text, "armies": "starter"})
    drawn = [k for k, up in a.glyph_at.values()]
    assert len(drawn) == 6 and len(set(drawn)) == 6 and "?" not in drawn and "brandar" not in drawn
    assert all(not up for _, up in a.glyph_at.values()) and a.glyph_at == b.glyph_at
    assert all(g["glyph"] == "?" for g in a.view(0)["glyphs"])
    with pytest.raises(DataError, match="symbol side up"):
        read_map_file((field_map(20, 10) + '[[glyph]]\nat = "e5"\nglyph = "?"\nface = "power"\n').encode(), "q.toml")


def test_the_terminal_colours_every_terrain_of_the_expansions():
    from rich.console import Console

    from glyphhall.games.heroscape.terminal import TERRAIN_STYLE, render
    from glyphhall.games.heroscape.terrain import TERRAINS

    assert set(TERRAINS) - {"x"} <= set(TERRAIN_STYLE)
    rows = " ".join(f"1{t}" if t not in "iwhl" else f"0{t}" for t in "gfnmcaudr" + "ih")
    text = f'name = "All"\nrows = ["{rows}", "{rows}", "{rows}", "{rows}"]\n'
    found = read_map_file(text.encode(), "all.toml")
    s = GAME.new(2, 1, {"map_text": found.text, "armies": "starter"})
    console = Console(width=140, record=True, color_system="truecolor")
    console.print(render(s.view(0), 0))
    assert "All" in console.export_text()


# ---------------------------------------------------------------- bad bytes never crash


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from glyphhall.engine import GlyphHallError  # noqa: E402

SAMPLE = (REAL / "Table_des_geants.hsc").read_bytes()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(SAMPLE) - 1), st.integers(0, 255)), min_size=1, max_size=6))
def test_damaged_files_import_or_are_refused_clearly(flips):
    """Any byte of a real file changed: the file imports, or is refused with a Glyph Hall error
    (never another exception, never a runaway map)."""
    data = bytearray(SAMPLE)
    for at, value in flips:
        data[at] = value
    try:
        found = read_map_file(bytes(data), "damaged.hsc")
    except GlyphHallError:
        return
    assert len(found.text) < 100_000


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_are_refused_clearly(data):
    with pytest.raises(GlyphHallError):
        read_map_file(hsc([]) + data if data[:1] == b"\x00" else data, "random.hsc")


def test_a_stray_tile_far_away_is_refused_not_drawn():
    tiles = [tile(GRASS1, x, y, 0) for y in range(8) for x in range(12)] + [tile(GRASS1, 2_000_000_000, 0, 0)]
    with pytest.raises(DataError, match="remove the stray tiles"):
        import_hsc(hsc(tiles), "far.hsc")


def test_a_map_with_too_many_hexes_is_refused_before_its_board_is_built():
    rows = ", ".join(json.dumps(" ".join(["1g"] * 60)) for _ in range(60))
    with pytest.raises(DataError, match="3600 hexes; a battlefield here has at most 1500"):
        read_map_file(f'name = "Huge"\nrows = [{rows}]\n'.encode(), "huge.toml")
