# The C functions this module calls in other modules.
cimport glyphhall.games.inscription.board as B
from glyphhall.games.inscription.actions cimport apply_action, legal_actions
