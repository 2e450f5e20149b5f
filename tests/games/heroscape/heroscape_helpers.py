"""Building Heroscape positions for scenario tests, with scripted dice."""

from __future__ import annotations

from glyphhall.engine import Action, ScriptedRng
from glyphhall.engine.position import parse_die
from glyphhall.games.heroscape import turn
from glyphhall.games.heroscape.game import GAME

# Scripted dice, as a position's [chance] names them: combat dice show 1-3 a skull, 4-5 a shield, 6 blank.
SKULL, SHIELD, BLANK = "d6 1", "d6 4", "d6 6"


def d20(roll: int) -> str:
    """The scripted die that makes the next d20 roll `roll`."""
    return f"d20 {roll}"


FLAT = [
    "1g0 1g0 1g0 1g0 1g0 1g0 1g0 1g0",
    "1g 1g 1g 1g 1g 1g 1g 1g",
    "1g 1g 1g 1g 1g 1g 1g 1g",
    "1g 1g 1g 1g 1g 1g 1g 1g",
    "1g 1g 1g 1g 1g 1g 1g 1g",
    "1g1 1g1 1g1 1g1 1g1 1g1 1g1 1g1",
]


def position(rows=None, armies=(("finn",), ("thorgrim",)), at=None, glyphs=None, options=None,
             active=None, script=None, walls=(), overhangs=(), **keys):
    """A position in the middle of round 1 (README "Positions"): `armies` per seat (card keys), `at`
    maps figure names to a hex label (or a pair for double-space figures; figures not named were
    destroyed), `glyphs` maps labels to (glyph key, power side up). `active` names the card whose
    turn it is; `script` the dice rolled next ("d6 1", d20(13)); `walls` (hex, hex, height) and
    `overhangs` (hex, clearance, thickness) go into the map; `keys` any other position key."""
    grid = "\n".join(f"    {row!r}," for row in rows or FLAT)
    grid += "\n]\n" + "".join(f'[[wall]]\nbetween = ["{a}", "{b}"]\nheight = {n}\n' for a, b, n in walls)
    grid += "".join(f'[[overhang]]\nat = "{a}"\nclearance = {n}\nthickness = {k}\n' for a, n, k in overhangs)
    data = {"armies": [list(a) for a in armies],
            "figures": {name: where if isinstance(where, str) else list(where) for name, where in (at or {}).items()},
            "glyphs": {lab: [key, "power" if up else "symbol"] for lab, (key, up) in (glyphs or {}).items()},
            "options": {"map_text": f'name = "test"\nrows = [\n{grid}', **(options or {})},
            "chance": {"dice": list(script or [])}, **keys}
    if active:
        data["turn"] = active
    return GAME.load_position(data)


def start_round(s, seats: int, active: str | None, script):
    """Round 1 in turn order 0, 1, ...: every seat's order markers on its first card, `active`
    (a card key) taking its turn, and the dice scripted if `script` is given."""
    s.phase, s.round, s.turn_no, s.turn_pos = "turn", 1, 1, 0
    s.init_order = list(range(seats))
    for seat in range(seats):
        cards = [c for c in range(len(s.c_def)) if s.c_owner[c] == seat]
        s.markers[seat] = [cards[0] if cards else -2] * 4
    if active:
        c = s.card_index(active)
        s.turn_pos = s.c_owner[c]
        turn.start_turn(s, c)
    if script is not None:
        s.rng = ScriptedRng(0, [parse_die(d) for d in script])
    return s


def script(s, *dice: str) -> None:
    """From now on chance follows these dice ("d6 1", d20(13)), then the state's own stream."""
    s.rng = ScriptedRng(s.rng.state, [parse_die(d) for d in dice])


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


__all__ = ["Action", "script", "BLANK", "SHIELD", "SKULL", "act", "d20", "fig", "hexof", "legal", "position", "texts"]
