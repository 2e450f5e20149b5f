# Data as an extension type (the typed-state plan, docs/architecture.md): a state's `data` is
# typed Data (state.pxd), so the rules reach the component tables in C.
cdef class Data:
    cdef public tuple dice, item_ids
    cdef public dict colour_index, specialty_colour, champions, abilities, tokens, item_abilities, items
