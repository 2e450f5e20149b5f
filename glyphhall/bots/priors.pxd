# The search tree's Node and the engine's State are extension types (tree.pxd, engine/game.pxd):
# this module reads the tree's statistics and calls the contract's methods in C.
from glyphhall.bots.tree cimport Node
from glyphhall.engine.game cimport State
