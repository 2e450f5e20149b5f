# Board as an extension type (the typed-state plan, docs/architecture.md): a state's `board` is
# typed Board (state.pxd), so the rules read a map's tables (neighbours, terrain, levels, ...) in C.
cdef class Board:
    cdef public object key, name, size, provenance, glyph_spots, _dist, scenario
    cdef public list labels, coords, levels, terrain, zone, neighbours, rays, centres, wall_nbrs
    cdef public list ceiling, ceiling_top, ladders, dmat
    cdef public dict index, by_coord, zones, _lines, sight_cache, step_actions, moved_events
    cdef public dict walk_tables, place_tables, walls
