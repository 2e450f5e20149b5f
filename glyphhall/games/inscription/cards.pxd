# CardDef as an extension type (the typed-state plan, docs/architecture.md): the rules and the
# heuristic read a definition's numbers in C where the variable holding it is typed. The sigil
# bits stay a Python int: untyped code reads them as often, and a C integer would be boxed anew
# at every such read (a small int is cached, those bits mostly are not).
cdef class CardDef:
    cdef public int id, kind, cost, power, health, copies, sigil_count
    cdef public bint rare, alive, unused
    cdef public object sig, name, slug, tribe, pile, grows_into, dies_into, item, special, provenance
