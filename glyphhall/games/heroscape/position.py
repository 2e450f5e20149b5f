"""Heroscape positions as data (the format is in the README, "Positions"): armies on the
battlefield in the middle of a round, set up from card keys, figure names and hex labels, for
puzzles, teaching positions and rule scenarios."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import LoadError, PositionData

from . import flow, glyph_rules, movement, turn
from .armies import CARDS
from .glyphs import GLYPHS
from .state import init_state

if TYPE_CHECKING:
    from .state import HeroscapeState

RESERVE, ON, DEAD = 0, 1, 2
OFF = "off"  # a figure off the battlefield, still to come (The Drop)
FACES = {"power": True, "symbol": False}
#: A position without `turn` begins its round once its chance script is in place (`start_round`):
#: the round's first rolls (The Drop, a roll-off for order markers) come from the script.
ROUND_TO_START = "round to start"


def set_position(s: HeroscapeState, data: PositionData) -> None:
    """Set a new game (its board and options kept) to the position `data` describes."""
    armies = data.take("armies", list)
    if len(armies) != s.num_players or not all(isinstance(a, list) and a for a in armies):
        raise LoadError(f"'armies' lists each of the {s.num_players} seats' army cards, e.g. "
                        "[[\"finn\", \"tarn\"], [\"thorgrim\"]]")
    init_state(s, s.game, s.num_players, s.seed, s.options, s.board)
    glyph_rules.place_map_glyphs(s)
    for seat, keys in enumerate(armies):
        for key in keys:
            if key not in CARDS or s.card_index(key) >= 0:
                raise LoadError(f"'armies': {key!r} is not an army card" if key not in CARDS
                                else f"'armies': {key!r} is in the armies twice")
            flow.add_card(s, key, seat)
    s.f_state = [DEAD] * len(s.f_card)  # figures not on the battlefield were destroyed
    figures = data.table("figures")
    for name in list(figures.rest):
        _stand(s, name, figures.take(name, (str, list)))
    figures.done()
    wounds = data.table("wounds")
    for name in list(wounds.rest):
        f = _figure(s, name, "wounds")
        n = wounds.take(name, int)
        if not 0 <= n < s.card_of(f).life:
            raise LoadError(f"'wounds.{name}': {n} wounds; {name} has {s.card_of(f).life} life")
        s.f_wounds[f] = n
    glyphs = data.table("glyphs")
    for label in list(glyphs.rest):
        value = glyphs.names(label)
        key, face = value if len(value) == 2 else ("", "")
        if key not in GLYPHS or face not in FACES:
            raise LoadError(f"'glyphs.{label}' is [glyph, \"power\" or \"symbol\"], e.g. [\"gerda\", \"symbol\"]")
        s.glyph_at[_hex(s, label, "glyphs")] = (key, FACES[face])
    equipped = data.table("equipped")
    for name in list(equipped.rest):
        f, key = _figure(s, name, "equipped"), equipped.take(name, str)
        if key not in GLYPHS or not GLYPHS[key].equipment or not s.card_of(f).unique_hero:
            raise LoadError(f"'equipped.{name}': only a Unique Hero carries an Equipment Glyph, and {key!r} "
                            "must be one")
        s.set_card_field("c_glyph", s.f_card[f], key)
    _round(s, data.take("round", int, 1), data.take("turn", str, ""))


def start_round(s: HeroscapeState) -> None:
    """Begin the round a position without `turn` left to begin."""
    if s.phase == ROUND_TO_START:
        flow.start_round(s, [])


def _figure(s: HeroscapeState, name: str, where: str) -> int:
    f = s.fig_index(name)
    if f < 0:
        raise LoadError(f"'{where}.{name}': no figure of the armies is called {name!r} "
                        f"(figures: {', '.join(s.f_name)})")
    return f


def _hex(s: HeroscapeState, label: str, where: str) -> int:
    h = s.board.index.get(str(label).lower(), -1)
    if h < 0:
        raise LoadError(f"'{where}': {label!r} is not a hex of the map")
    return h


def _stand(s: HeroscapeState, name: str, where: str | list) -> None:
    """Put a figure on its hex ([head, tail] for a double-space figure), where it fits."""
    f = _figure(s, name, "figures")
    if where == OFF:  # not yet on the battlefield: The Drop brings it in
        if not s.card_has_power(s.f_card[f], "the_drop"):
            raise LoadError(f"'figures.{name}': only a figure with The Drop waits off the battlefield")
        s.f_state[f] = RESERVE
        return
    spaces = [where] if isinstance(where, str) else where
    double = s.card_of(f).double_space
    if len(spaces) != (2 if double else 1):
        raise LoadError(f"'figures.{name}': " + ("a double-space figure stands on [head, tail]" if double
                                                 else "a hex label, e.g. \"c3\""))
    head, tail = (_hex(s, x, f"figures.{name}") for x in (spaces + spaces)[:2])
    board = s.board
    if (double and (tail not in board.neighbours[head] or board.levels[tail] != board.levels[head])) or any(
            s.occ[h] >= 0 or board.terrain[h] == "x" or not board.fits(h, s.card_of(f).height)
            for h in {head, tail}):
        raise LoadError(f"'figures.{name}': {name} cannot stand on {where} (taken, an obstacle, too low a "
                        "clearance, or the two spaces of a double-space figure not neighbours on one level)")
    s.f_state[f] = ON
    movement.place(s, f, head, tail if double else -1)


def _round(s: HeroscapeState, number: int, active: str) -> None:
    """Round `number` with every seat's order markers on its first card that has figures, in
    seat order; `turn` names the card taking turn 1 now (else the round starts, by `start_round`
    once the chance script is in place: markers to place)."""
    if number < 1:
        raise LoadError("'round' is 1 or more")
    if not active:
        s.round, s.phase = number - 1, ROUND_TO_START
        return
    c = s.card_index(active)
    if c < 0 or not any(s.f_state[f] == ON for f in s.c_figs[c]):
        raise LoadError(f"'turn': {active!r} is not a card with a figure on the battlefield")
    s.phase, s.round, s.turn_no = "turn", number, 1
    s.init_order = list(range(s.num_players))
    s.turn_pos = s.c_owner[c]
    for seat in range(s.num_players):
        cards = [k for k in range(len(s.c_def)) if s.c_owner[k] == seat and any(s.f_state[f] == ON for f in s.c_figs[k])]
        s.markers[seat] = [cards[0] if cards else -2] * 4
    s.markers[s.c_owner[c]][0] = c
    s.set_revealed(s.c_owner[c], 0, True)
    turn.start_turn(s, c)
