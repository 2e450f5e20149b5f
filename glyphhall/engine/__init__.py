"""The engine contract every Glyph Hall game implements (see DESIGN.md)."""

from .action import Action, MoveData, normalize_text
from .errors import DataError, GlyphHallError, IllegalAction, LoadError, OptionError, ScriptError
from .events import Event, filter_events
from .game import ENGINE_VERSION, Game, State
from .options import Option, OptionValue, parse_option_texts, resolve_options
from .position import PositionData, position_title
from .record import MatchRecord, first_state, replay
from .rng import Rng, ScriptedRng
from .undo import UndoStep, UndoTrail, generic_undo_blocker
from .vault import JsonFileVault, Vault

__all__ = [
    "ENGINE_VERSION",
    "Action",
    "DataError",
    "Event",
    "Game",
    "GlyphHallError",
    "IllegalAction",
    "JsonFileVault",
    "LoadError",
    "MatchRecord",
    "MoveData",
    "Option",
    "OptionError",
    "OptionValue",
    "PositionData",
    "Rng",
    "ScriptError",
    "ScriptedRng",
    "State",
    "UndoStep",
    "UndoTrail",
    "Vault",
    "filter_events",
    "first_state",
    "generic_undo_blocker",
    "normalize_text",
    "parse_option_texts",
    "position_title",
    "replay",
    "resolve_options",
]
