"""Each game's skill ceiling (issue 41): a clairvoyant search against `heuristic` on paired deals.

    python bench/strength/ceiling.py glyfts inscription [--bot mcts-hard:seconds=none] [--deals 4] [--first 0] [--jobs 2]

The clairvoyant search is the information-set search of bots/mcts.py with one change: it does not
determinize. Each iteration starts from a copy of the true position (every hidden card where it
really lies: the other seat's hand, the order of the decks) with a fresh chance stream, so the
dice and shuffles still to come are as unknown to it as to anyone. Seeing more than any player
may, it bounds from above what skill at that search budget can take from the heuristic: no
honest bot of the same budget should beat the heuristic by more. (Not registered as a bot: it is
handed the truth, which `bots.ask` never does.)

Deals are the strength bench's (bench/strength/strength.py: the same seeds, per-purpose shared luck and bot
seeds): per deal the searcher plays the heuristic in each seat, and the heuristic plays itself
(the mirror); the deal's difference is the searcher's score less the mirror's in the same seats,
in points (100 = every game won where the mirror lost). Prints each deal and the mean difference
with its 95 % t interval over deals, per game, and the CPU seconds spent."""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench" / "strength"))  # sequential.py, strength.py

from sequential import paired_interval  # noqa: E402
from strength import POINTS, Pairing, game_ref, game_spec, score_deal  # noqa: E402

from glyphhall.arena.luck import SharedLuck  # noqa: E402
from glyphhall.arena.runner import die_with_parent  # noqa: E402
from glyphhall.bots import ask  # noqa: E402
from glyphhall.bots.base import Bot  # noqa: E402
from glyphhall.bots.mcts import MCTSBot  # noqa: E402
from glyphhall.bots.spec import make_bot, parse_spec  # noqa: E402
from glyphhall.engine import Rng, State  # noqa: E402
from glyphhall.games import resolve as resolve_game  # noqa: E402

CLAIRVOYANT = "clairvoyant"


class ClairvoyantSearch(MCTSBot):
    """The search with every hidden card shown and only the chance to come hidden."""

    def _fresh_sample(self, state: State, seat: int) -> State:
        sample = state.clone()
        sample.rng = Rng(self.rng.next64())  # a new stream: the dice to come stay unknown
        return sample


def clairvoyant(spec: str, seed: int) -> MCTSBot:
    """The search `spec` names (an mcts level with its settings), made clairvoyant."""
    bot = make_bot(spec, seed)
    if type(bot) is not MCTSBot:
        raise SystemExit(f"{spec!r} is not a search level of bots/mcts.py")
    bot.__class__ = ClairvoyantSearch  # the same settings; only the sampling differs
    return bot


def play(game_id: str, spec_args: tuple[Any, ...]) -> dict[str, Any]:
    """One game of a deal; the seat whose bot is CLAIRVOYANT+spec is handed the true position."""
    spec, search = spec_args
    start = time.process_time()
    game = resolve_game(game_ref(game_id))
    state = game.new(2, spec.seed, spec.options)
    state.rng = SharedLuck(spec.seed, lambda: game.luck_context(state))
    seated: list[Bot] = []
    sees_all: list[bool] = []
    for name, seed in zip(spec.bots, spec.bot_seeds, strict=True):
        sees_all.append(name == CLAIRVOYANT)
        seated.append(clairvoyant(search, seed) if name == CLAIRVOYANT else make_bot(name, seed))
    moves = 0
    while not state.is_over():
        for seat in state.to_move():
            if state.is_over() or seat not in state.to_move():
                continue
            bot = seated[seat]
            action = bot.choose(state.clone(), seat) if sees_all[seat] else ask(bot, state, seat)
            state.apply(seat, action)
            moves += 1
    return {"returns": state.returns(), "moves": moves, "error": None, "cpu": time.process_time() - start}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+")
    parser.add_argument("--bot", default="mcts-hard:seconds=none", help="the search made clairvoyant")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--first", type=int, default=0, help="the first deal's index (to go on from a run)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if parse_spec(args.bot)[1].get("seconds", 0) is not None:
        raise SystemExit("the search's budget must be iterations (add seconds=none), so load cannot change it")
    tasks = []
    for game_id in args.games:
        pairing = Pairing(game_id, CLAIRVOYANT, "heuristic")
        for index in range(args.first, args.first + args.deals):
            for role in pairing.roles:
                tasks.append((game_id, index, role, (game_spec(pairing, index, role), args.bot)))
    differences: dict[str, list[float]] = {g: [] for g in args.games}
    cpu = dict.fromkeys(args.games, 0.0)
    done: dict[tuple[str, int], dict[str, Any]] = {}
    with multiprocessing.get_context("fork").Pool(args.jobs, die_with_parent) as pool:
        # Deals are reported as they finish, so a run stopped early keeps what it measured.
        for (game_id, index, role, _), result in zip(tasks, pool.imap(_play, [(g, a) for g, _, _, a in tasks]),
                                                     strict=True):
            games = done.setdefault((game_id, index), {})
            games[role] = result
            pairing = Pairing(game_id, CLAIRVOYANT, "heuristic")
            if len(games) < len(pairing.roles):
                continue
            cpu[game_id] += sum(g["cpu"] for g in games.values())
            s = score_deal(pairing, games)
            differences[game_id].append(POINTS * s["difference"])
            mean, low, high = paired_interval(differences[game_id])
            print(f"{game_id} deal {index}: clairvoyant {args.bot} scored {s['score']:.2f}, the heuristic in its "
                  f"seats {s['baseline']:.2f}: {differences[game_id][-1]:+.0f}; after {len(differences[game_id])} "
                  f"deals (from {args.first}): {mean:+.1f} points [{low:+.1f}, {high:+.1f}], {cpu[game_id]:.0f} CPU s",
                  flush=True)


def _play(task: tuple[str, tuple[Any, ...]]) -> dict[str, Any]:
    return play(*task)


if __name__ == "__main__":
    main()
