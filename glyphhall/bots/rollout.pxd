# The engine's State is an extension type (engine/game.pxd): this module calls the contract's
# methods in C.
from glyphhall.engine.game cimport State
