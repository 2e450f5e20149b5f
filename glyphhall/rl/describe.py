"""Print a game's fixed action ids and tensor layout, as the README's tables describe them.

    python -m glyphhall.rl.describe inscription [--players 2] [-o key=value ...]
"""

from __future__ import annotations

import argparse

from glyphhall.engine import parse_option_texts

from .spaces import game_options, resolve_game


def describe(game_id: str, players: int | None = None, options: dict | None = None) -> list[str]:
    game = resolve_game(game_id)
    players = players or game.min_players
    resolved = game_options(game, options or {})
    codec = game._rl_part("action_codec", players, resolved)
    tensors = game._rl_part("tensor_encoder", players, resolved)
    lines = [f"{game.name}, {players} players: {codec.size} action ids"]
    lines += ["  " + line for line in codec.describe()]
    lines.append(f"observation tensor {tensors.observation_shape}, information state "
                 f"{tensors.information_state_shape}:")
    lines += ["  " + line for line in tensors.describe()]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int)
    parser.add_argument("-o", "--option", action="append", default=[], help="a game option, key=value")
    args = parser.parse_args()
    print("\n".join(describe(args.game, args.players, parse_option_texts(args.option))))


if __name__ == "__main__":
    main()
