"""Building Heroscape positions for scenario tests, with scripted dice."""

from __future__ import annotations

from glyphhall.engine import Action, Rng
from glyphhall.games.heroscape import flow, movement, turn
from glyphhall.games.heroscape.game import GAME, new_state
from glyphhall.games.heroscape.glyphs import GLYPHS
from glyphhall.games.heroscape.maps import parse_map
from glyphhall.games.heroscape.state import ON

# Scripted die faces: combat dice are below(6): 0-2 skull, 3-4 shield, 5 blank.
SKULL, SHIELD, BLANK = 0, 3, 5


def d20(roll: int) -> int:
    """The script value that makes the next d20 roll `roll`."""
    return roll - 1


class Scripted(Rng):
    """An Rng whose `below` returns scripted values in order (then fails loudly)."""

    __slots__ = ("script",)

    def __init__(self, script: list[int]) -> None:
        super().__init__(0)
        self.script = list(script)

    def below(self, n: int) -> int:
        assert self.script, "the dice script ran out: the rule rolled more dice than expected"
        v = self.script.pop(0)
        assert 0 <= v < n, f"scripted value {v} is not below {n}"
        return v

    def next64(self) -> int:
        raise AssertionError("unscripted randomness")

    def clone(self) -> Scripted:
        return Scripted(self.script)


FLAT = [
    "1g0 1g0 1g0 1g0 1g0 1g0 1g0 1g0",
    "1g 1g 1g 1g 1g 1g 1g 1g",
    "1g 1g 1g 1g 1g 1g 1g 1g",
    "1g 1g 1g 1g 1g 1g 1g 1g",
    "1g 1g 1g 1g 1g 1g 1g 1g",
    "1g1 1g1 1g1 1g1 1g1 1g1 1g1 1g1",
]


def position(rows=None, armies=(("finn",), ("thorgrim",)), at=None, glyphs=None, options=None,
             active=None, script=None):
    """A position in the middle of round 1: `armies` per seat (card keys), `at` maps figure
    names to a hex label (or a pair for double-space figures), `glyphs` maps labels to
    (glyph key, power side up). `active` names the card whose turn it is."""
    board = parse_map("test", {"name": "test", "rows": rows or FLAT}, "test map", set(GLYPHS))
    s = new_state(GAME, 2, 0, GAME.resolve_options(options or {}), board)
    for seat, keys in enumerate(armies):
        for key in keys:
            flow.add_card(s, key, seat)
    for name, where in (at or {}).items():
        f = s.fig_index(name)
        assert f >= 0, name
        head, tail = (where, None) if isinstance(where, str) else where
        s.f_state[f] = ON
        movement.place(s, f, board.index[head], board.index[tail] if tail else -1)
    for lab, (key, up) in (glyphs or {}).items():
        s.glyph_at[board.index[lab]] = (key, up)
    s.phase = "turn"
    s.round = 1
    s.turn_no = 1
    s.turn_pos = 0
    return start_round(s, 2, active, script)


def start_round(s, seats: int, active: str | None, script):
    """Round 1 in turn order 0, 1, ...: every seat's order markers on its first card, `active`
    (a card key) taking its turn, and the dice scripted if `script` is given."""
    s.init_order = list(range(seats))
    for seat in range(seats):
        cards = [c for c in range(len(s.c_def)) if s.c_owner[c] == seat]
        s.markers[seat] = [cards[0] if cards else -2] * 4
    if active:
        c = s.card_index(active)
        s.turn_pos = s.c_owner[c]
        turn.start_turn(s, c)
    if script is not None:
        s.rng = Scripted(script)
    return s


def fig(s, name: str) -> int:
    return s.fig_index(name)


def hexof(s, name: str) -> str:
    return s.board.labels[s.f_hex[fig(s, name)]]


def act(s, text: str):
    """Apply a typed action for whoever is to move (checked, as a player would)."""
    seat = s.to_move()[0]
    return s.apply_text(seat, text)


def texts(s, seat=None) -> set[str]:
    seat = s.to_move()[0] if seat is None else seat
    return {str(a) for a in s.legal_actions(seat)}


def legal(s, text: str) -> bool:
    return text in texts(s)


__all__ = ["Action", "Scripted", "BLANK", "SHIELD", "SKULL", "act", "d20", "fig", "hexof", "legal", "position", "texts"]
