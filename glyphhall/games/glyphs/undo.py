"""Glyphs' undo rule: a glyph the mage marks shows something about the hidden decree, so a step
that got a glyph marked cannot be taken back by an apprentice (or a duelist), even when the mark
is one the apprentice could have guessed. The engine's generic rule tries the step on sampled
decrees and would let a likely mark through; this rule sees every mark."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from glyphhall.engine import Action, Event, generic_undo_blocker

MARKED = "the mage marked the glyph, which shows something about the hidden decree, so it cannot be taken back"


def undo_blocker(before: Any, seat: int, action: Action, events: Sequence[Event], after: Any) -> str | None:
    marked = any(len(b.glyphs) < len(a.glyphs) for b, a in zip(before.boards, after.boards, strict=True))
    if marked and seat != before.mage_seat:
        return MARKED
    return generic_undo_blocker(before, seat, action, events, after)
