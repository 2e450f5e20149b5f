# The C functions this module calls in other modules.
from glyphhall.games.inscription.actions cimport apply_action, legal_actions
from glyphhall.games.inscription.heuristic cimport evaluate
