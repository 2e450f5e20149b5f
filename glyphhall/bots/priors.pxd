# The search tree's Node is an extension type (tree.pxd): this module reads its statistics in C.
from glyphhall.bots.tree cimport Node
