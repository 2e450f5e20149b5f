"""Positions on a map of one's own, for the road and castle tests (a position file's keys, README
"Positions"): the map text, who stands where, and the dice to roll."""

from __future__ import annotations

from glyphhall.games.heroscape.game import GAME


def position_on(map_text: str, figures: str, armies: str = '[["finn"], ["thorgrim"]]', turn: str = "finn",
                dice: str = "[]"):
    """`figures` is the [figures] table's body (`finn = "a1"` lines); `armies` and `dice` TOML."""
    return GAME.load_position(f"""
game = "heroscape"
players = 2
armies = {armies}
turn = "{turn}"
[options]
map_text = '''{map_text}'''
[figures]
{figures}
[chance]
dice = {dice}
""")
