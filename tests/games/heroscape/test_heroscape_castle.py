"""Castle pieces (Fortress of the Archkyrie) from Virtualscape files, and ladders.

Files are built with hsc_writer from the documented layout; the pieces' types, hexes and layers
are Virtualscape's (dkniffin/virtualscape `HeroscapeEditor/TileCastle*.cpp`, listed in
vs_castle.py); the ruling is ours (heroscape README, "Terrain of the expansions")."""

from __future__ import annotations

import tomllib

import pytest
from hsc_writer import GRASS1, hsc, play_out, tile
from map_positions import position_on

from glyphhall.engine import DataError
from glyphhall.games.heroscape import los, paths
from glyphhall.games.heroscape.game import GAME
from glyphhall.games.heroscape.maps import parse_map
from glyphhall.games.heroscape.virtualscape import build_map, import_hsc, read_hsc
from glyphhall.games.heroscape.vs_pieces import tile_hexes

WALK1, WALK7, WALK9 = 16001, 16007, 16009
BASE_CORNER, BASE_STRAIGHT, BASE_END = 16101, 16102, 16103
WALL_CORNER, WALL_STRAIGHT, WALL_END = 16201, 16202, 16203
BATTLEMENT, DOOR, LADDER, FLAG, ARCH = 16301, 16401, 16402, 16403, 16404
# TileCastle7.cpp / TileCastle9.cpp OnRotationChange, rotations 0 and 1 (x, y offsets)
CASTLE7 = {0: [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1)],
           1: [(0, 0), (-1, 1), (0, 1), (0, 2), (1, 2), (0, 3), (1, 3)]}
CASTLE9 = {0: [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (0, 1), (1, 1), (2, 1), (3, 1)],
           5: [(0, 0), (-1, 1), (0, 1), (-1, 2), (0, 2), (-2, 3), (-1, 3), (-2, 4), (-1, 4)]}


def ground() -> list[bytes]:
    """A 12 x 12 field of 1-hex grass tiles at layer 0 (level 1)."""
    return [tile(GRASS1, x, y, 0) for x in range(12) for y in range(12)]


def cells(tiles: list[bytes]):
    return build_map(read_hsc(hsc(ground() + tiles)))


def axial(x: int, y: int) -> tuple[int, int]:
    return tile_hexes(x, y, 0, 1)[0]


@pytest.mark.parametrize("kind, table, rotation", [(WALK7, CASTLE7, 0), (WALK7, CASTLE7, 1),
                                                   (WALK9, CASTLE9, 0), (WALK9, CASTLE9, 5)])
def test_wall_walks_are_road_land_of_their_shape(kind, table, rotation):
    imported = cells([tile(kind, 4, 4, 1, rotation)])  # (an even row: the offsets are the hexes)
    walk = {c for c, (level, letter, _) in imported.cells.items() if letter == "d"}
    assert walk == {axial(4 + x, 4 + y) for x, y in table[rotation]}
    assert {imported.cells[c][0] for c in walk} == {2}
    assert imported.notes == []


@pytest.mark.parametrize("kind", [WALL_CORNER, WALL_STRAIGHT, WALL_END])
def test_walls_are_obstacles_nine_levels_tall_and_block_sight(kind):
    imported = cells([tile(kind, 3, 2, 1)])
    assert imported.cells[axial(3, 2)] == (10, "x", -1)  # on level 1: 9 layers, top 10


@pytest.mark.parametrize("kind", [BASE_CORNER, BASE_STRAIGHT, BASE_END])
def test_a_wall_on_its_base_with_a_wall_walk_on_top(kind):
    """Base (1 layer) + wall (9) + wall walk: the top is a road hex at level 12, nothing floats."""
    imported = cells([tile(kind, 3, 2, 1), tile(WALL_STRAIGHT, 3, 2, 2), tile(WALK1, 3, 2, 11)])
    assert imported.cells[axial(3, 2)] == (12, "d", -1)
    assert imported.notes == []
    alone = cells([tile(kind, 3, 2, 1)])
    assert alone.cells[axial(3, 2)] == (2, "r", -1)


def test_a_wall_walk_over_the_courtyard_is_held_up():
    walls = [tile(WALL_STRAIGHT, x, 2, 1) for x in range(3, 7)]
    imported = cells(walls + [tile(WALK7, 3, 2, 10)])
    for x in range(3, 7):
        assert imported.cells[axial(x, 2)] == (11, "d", -1)
    assert imported.cells[axial(3, 3)] == (11, "d", -1)  # the row inside: held up, as on pillars
    assert any("floats above empty layers; held up" in n for n in imported.notes)


def test_a_door_is_a_closed_wall_of_three_hexes():
    imported = cells([tile(DOOR, 3, 2, 1)])
    for x in (3, 4, 5):
        assert imported.cells[axial(x, 2)] == (11, "x", -1)


def test_an_arch_has_two_pillars_and_a_passage_under_it():
    imported = cells([tile(ARCH, 3, 2, 1)])
    assert imported.cells[axial(3, 2)] == imported.cells[axial(5, 2)] == (11, "x", -1)
    assert imported.cells[axial(4, 2)] == (1, "g", -1)
    assert imported.overhangs == {axial(4, 2): (8, 2)}
    text, _ = import_hsc(hsc(ground() + [tile(ARCH, 3, 2, 1)]), "arch.hsc")
    assert [o["clearance"] for o in tomllib.loads(text)["overhang"]] == [8]


def test_an_arch_with_a_wall_walk_on_it_is_solid():
    imported = cells([tile(ARCH, 3, 2, 1), tile(WALK1, 4, 2, 11)])
    assert imported.cells[axial(4, 2)] == (12, "d", -1) and imported.overhangs == {}
    assert any("stands in or on the arch's passage" in n for n in imported.notes)


@pytest.mark.parametrize("rotation, step", [(0, (1, -1)), (1, (1, 0)), (2, (0, 1)), (3, (-1, 1)),
                                            (4, (-1, 0)), (5, (0, -1))])
def test_battlements_and_ladders_stand_on_the_edge_their_rotation_names(rotation, step):
    q, r = axial(4, 4)
    imported = cells([tile(BATTLEMENT, 4, 4, 1, rotation), tile(LADDER, 4, 4, 1, rotation)])
    edge = tuple(sorted([(q, r), (q + step[0], r + step[1])]))
    assert imported.walls == {edge: 1} and imported.ladders == {edge}


def test_edge_pieces_off_the_map_and_flags_are_left_out_with_a_note():
    imported = cells([tile(LADDER, 0, 0, 1, 0), tile(FLAG, 2, 2, 1)])
    assert imported.ladders == set()
    assert any("ladder on the edge" in n and "left out" in n for n in imported.notes)
    assert any("a flag is decoration" in n for n in imported.notes)


def test_leave_out_castle_still_drops_every_castle_piece():
    tiles = [tile(WALL_STRAIGHT, 3, 2, 1), tile(LADDER, 4, 2, 1), tile(ARCH, 5, 5, 1)]
    imported = build_map(read_hsc(hsc(ground() + tiles)), leave_out=["castle"])
    assert not imported.ladders and not imported.overhangs
    assert all(letter == "g" for _, letter, _ in imported.cells.values())
    assert imported.notes == ["3 x a castle piece left out as asked"]


def test_a_castle_map_imports_with_walls_and_ladders_in_our_format():
    tiles = [tile(WALL_STRAIGHT, 3, 2, 1), tile(BATTLEMENT, 3, 2, 10, 2), tile(LADDER, 2, 2, 1, 1)]
    text, _ = import_hsc(hsc(ground() + tiles), "castle.hsc")
    data = tomllib.loads(text)
    assert len(data["wall"]) == 1 and data["wall"][0]["height"] == 1
    assert len(data["ladder"]) == 1
    board = parse_map("castle", data, "castle", set(), need_zones=False)
    assert sum(len(ends) for ends in board.ladders) == 2


def test_bad_ladder_entries_are_refused_naming_the_entry():
    rows = ["1g0 1g0 1g0", "1g1 1g1 1g1"]
    for ladder, message in ((["a1"], "must name two hexes"), (["a1", "a3"], "are not neighbours"),
                            (["a1", "z9"], "must name two hexes")):
        with pytest.raises(DataError, match=f"ladder entry 1: .*{message}"):
            parse_map("t", {"name": "t", "rows": rows, "ladder": [{"between": ladder}]}, "t", set())


# ---------------------------------------------------------------- ladders and walls in play

# b2 is a castle wall walk 10 levels above a2 (its foot); the ladder joins them.
CASTLE = '''
name = "Castle field"
rows = [
    "1g0 1g0 1g0 1g0 1g0",
    "1g 11d 11d 11d 1g",
    "1g 1g 1g 1g 1g",
    "1g1 1g1 1g1 1g1 1g1",
]
LADDER
'''


def setup(figures: str, ladder: bool = True, armies: str = '[["finn"], ["thorgrim"]]', turn: str = "finn",
          dice: str = "[]"):
    text = CASTLE.replace("LADDER", '[[ladder]]\nbetween = ["a2", "b2"]' if ladder else "")
    return position_on(text, figures, armies, turn, dice)


def test_a_ladder_takes_a_figure_up_a_castle_wall():
    s = setup('finn = "a2"\nthorgrim = "d5"')
    assert "b2" in paths.paths_by_label(s, "finn")  # 10 levels: 5 spaces, Finn's whole move
    s.apply_text(0, "step finn b2")
    assert s.moving == -1 and s.board.labels[s.f_hex[s.fig_index("finn")]] == "b2"
    assert "b2" not in paths.paths_by_label(setup('finn = "a2"\nthorgrim = "d5"', ladder=False), "finn")


def test_climbing_down_a_ladder_never_falls():
    s = setup('finn = "b2"\nthorgrim = "d5"')
    events = s.apply_text(0, "step finn a2")
    assert not any("falls" in str(e) for e in events)
    s = setup('finn = "b3"\nthorgrim = "d5"', dice='["d6 1"]')  # no ladder at b3: a 10-level drop
    events = s.apply_text(0, "step finn a3")
    assert any("falls 10 levels" in str(e) for e in events)


def test_large_figures_cannot_use_a_ladder():
    s = setup('dw9000 = "a2"\nthorgrim = "d5"', armies='[["dw9000"], ["thorgrim"]]', turn="dw9000")
    assert "b2" not in paths.paths_by_label(s, "dw9000")  # large (height 7): FAQ, small or medium only


def test_an_imported_castle_wall_blocks_line_of_sight():
    """A wall straight on c4 (between Syvarris on c2 and Thorgrim on c6): no sight; without it, sight."""
    figures, armies = 'syvarris = "c2"\nthorgrim = "c6"', '[["syvarris"], ["thorgrim"]]'
    for pieces, seen in (([tile(WALL_STRAIGHT, 3, 2, 1)], False), ([], True)):
        text, _ = import_hsc(hsc(ground() + pieces), "wall.hsc")
        s = position_on(text, figures, armies, "syvarris")
        assert los.line_of_sight(s, s.fig_index("syvarris"), s.fig_index("thorgrim")) is seen


def test_views_and_the_terminal_show_the_ladders():
    from rich.console import Console

    from glyphhall.games.heroscape.terminal import render

    s = setup('finn = "a2"\nthorgrim = "d5"')
    view = s.view(0)
    assert view["board"]["ladders"] == [["a2", "b2"]]
    console = Console(width=120, record=True)
    console.print(render(view, 0))
    assert "ladders: a2|b2" in console.export_text()


def test_a_random_game_plays_to_the_end_on_an_imported_castle():
    """Walls on their bases, a wall walk along them, a ladder up, an arch and a door, a road:
    every rule above in random play, to the end of the game."""
    base = [tile(BASE_STRAIGHT, x, 5, 1) for x in range(3, 8)]
    walls = [tile(WALL_STRAIGHT, x, 5, 2) for x in range(3, 8)]
    walk = [tile(WALK1, x, 5, 11) for x in range(3, 8)]
    road = [tile(8005, 2, 9, 1), tile(8005, 2, 10, 1)]
    extras = [tile(LADDER, 3, 6, 1, 0), tile(BATTLEMENT, 5, 5, 12, 0), tile(ARCH, 8, 2, 1), tile(DOOR, 1, 2, 1)]
    text, _ = import_hsc(hsc(ground() + base + walls + walk + road + extras), "keep.hsc")
    assert all(part in text for part in ("[[ladder]]", "[[wall]]", "[[overhang]]", "12d", "11x", "2d"))
    state = GAME.new(2, 3, {"armies": "starter", "map_text": text})
    assert play_out(state, 5).is_over()
