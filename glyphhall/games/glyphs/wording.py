"""Glyphs' log and result in words for people: seats by their players' names, and a glyph
written in notation ("oval@1,1.5 bar@0,2.5/45") said as what it is ("a glyph of 2 shapes");
the board and its tooltips show the glyph itself."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from glyphhall.engine import Event
from glyphhall.engine.wording import name_seats, plain_result

if TYPE_CHECKING:
    from .state import GlyphsState

# one shape: kind@x,y with an optional /angle; a glyph is shapes separated by spaces
_SHAPE = r"[a-z]+@-?[\d.]+,-?[\d.]+(?:/\d+)?"
_GLYPH = re.compile(rf"{_SHAPE}(?: {_SHAPE})*")


def _glyph_words(match: re.Match[str]) -> str:
    count = len(match.group(0).split())
    return f"a glyph of {count} shape{'s' if count != 1 else ''}"


def event_text(event: Event, names: Sequence[str]) -> str:
    return name_seats(_GLYPH.sub(_glyph_words, event.text), names)


def result_text(state: GlyphsState, names: Sequence[str]) -> str:
    plain = plain_result(state.returns(), names)
    if state.winner is None:  # the glyph limit (turn.py): nobody guessed the decree
        return "No winner: the board reached the glyph limit before anyone guessed the decree"
    if state.mode == "duel":
        return f"{plain}: {names[state.winner]} guessed every decree"
    return f"{plain}: {names[state.winner]} guessed the decree"


def glossary() -> dict[str, str]:
    """The game's words (for tooltips and the Rules panel)."""
    return {
        "decree": "the mage's secret rule: every glyph is approved or rejected by it",
        "perform": "show a glyph: the mage marks it and every other apprentice predicts the mark first",
        "study": "show a glyph to the mage alone and learn its mark (no predictions)",
        "guess": "pay a coin to state the decree; a wrong guess gets a counterexample glyph",
    }
