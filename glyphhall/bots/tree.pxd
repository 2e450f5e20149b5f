# The search tree's Node as an extension type (the typed-state plan, docs/architecture.md): the
# walk down the tree (mcts.py, priors.py, guided.py) reads and counts its statistics in C.
cdef class Node:
    cdef public dict children
    cdef public int visits, avail
    cdef public double total, regret, strategy
    cdef public object priors
