# The state's rule methods call the rules (actions.pxd) as C functions.
from glyphhall.games.inscription.actions cimport apply_action, legal_actions
