"""The legal actions of a seat and applying one: the dispatch from an action's verb to the rule
module that carries it out."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from glyphhall.engine import Action, Event

from . import guessing, listing, opening, table, turn

if TYPE_CHECKING:
    from .state import GlyphsState


def legal_actions(st: GlyphsState, seat: int) -> list[Action]:
    return listing.phase_actions(st, seat) + table.table_actions(st, seat)


def do_auto(st: GlyphsState, seat: int) -> list[Event]:
    """The engine builds for a person mage from the entered decree: the missing opening glyphs,
    or the smallest counterexample to the pending guess."""
    if st.phase == "counter":
        return guessing.auto_counterexample(st)
    return opening.auto_opening(st, seat)


#: verb -> the rule that carries it out, called as rule(state, seat, *args)
HANDLERS: dict[str, Callable[..., list[Event]]] = {
    "decree": opening.do_decree, "place": opening.do_place, "auto": do_auto,
    "perform": turn.do_perform, "study": turn.do_study, "build": turn.do_build,
    "predict": turn.do_predict, "mark": turn.do_mark, "pass": turn.do_pass,
    "guess": guessing.do_guess, "withdraw": guessing.do_withdraw, "confirm": guessing.do_confirm,
    "counterexample": guessing.do_counterexample, "concede": guessing.do_concede,
    "question": table.do_question, "move": table.do_move, "sort": table.do_sort,
}


def apply_action(st: GlyphsState, seat: int, action: Action) -> list[Event]:
    st.steps += 1
    return HANDLERS[action.verb](st, seat, *action.args)
