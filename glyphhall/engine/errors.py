"""Errors a user can cause. Each carries a sentence meant for a person, never a stack trace."""


class GlyphHallError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(GlyphHallError):
    """An action that is malformed, out of turn, or not legal now. The state is left unchanged."""


class OptionError(GlyphHallError, ValueError):
    """An unknown game option or a bad option value."""


class LoadError(GlyphHallError, ValueError):
    """A saved state, position file or match record that cannot be read."""


class DataError(GlyphHallError, ValueError):
    """A game data file (TOML) that fails validation; the message names the file and entry."""


class ScriptError(GlyphHallError):
    """A position's scripted dice or deck orders that do not fit what the game draws."""
