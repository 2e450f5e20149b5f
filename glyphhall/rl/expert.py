"""Expert iteration: the network-guided search (bots/guided.py) plays itself, and the network
learns from its games, round after round (Anthony et al. 2017; AlphaZero).

    nice python -m glyphhall.rl.expert glyfts --rounds 3 --games-per-round 8 --seed 0 --workers 2

Each round:
1. self-play: `--games-per-round` games of the guided search against itself with the current
   network (both seats; `--iterations` walks a move, no time budget and no early stop, so the
   visit counts are the full budget's). With `--first-expert search` round 1's games are played
   by the hand-heuristic search instead (`mcts`, one tree), as Anthony et al. began from plain
   MCTS: the network first learns that search's visits and results. At every decision of one seat with several choices the
   search's root visit distribution is the policy target, and at the end each of those
   decisions gets its seat's result (1 win, -1 loss, 0 draw) as the value target. The first
   `--explore-moves` decisions of each game are drawn in proportion to the visits, the rest are
   the most visited (as AlphaZero). Simultaneous secret choices are played but not learnt from.
   The games are spread over `--workers` processes with Ray (one process: played in this one).
2. training (PyTorch): cross-entropy of the network's legal-move distribution against the visit
   distribution, plus the squared error of the value head against the result, for `--epochs`
   passes over this round's and the last round's positions; `--device cuda` trains on a GPU
   (self-play stays on the CPU workers: inference there is numpy). `--holdout 0.1` keeps the
   round's last tenth of games out of training and reports the losses on them (on positions it
   trained on, the value head can learn each game's result by heart).
3. the checkpoint `OUT_DIR/GAME-round-R.npz`, its `meta` holding the whole recipe (every
   setting, the starting checkpoint, the seed, games and positions per round, the losses);
   with `--keep-positions` also the round's positions and targets (`GAME-round-R-positions.npz`),
   which `--from-positions` trains on again in place of round 1's games (another recipe for
   the same games, without replaying them).

It starts from the shipped checkpoint (`glyphhall/bots/checkpoints`, made by rl/train.py) or
`--start`. Reproducible for a seed with one worker (more workers play the same games; the
order they come back in does not change what is trained on). Needs PyTorch (and Ray for
`--workers` above 1)."""

from __future__ import annotations

import argparse
import copy
import json
import math
import os
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from glyphhall.bots.base import ask, sample_for
from glyphhall.bots.guided import make_guided
from glyphhall.bots.learned import PolicyNetwork, read_checkpoint, shipped_checkpoint
from glyphhall.bots.mcts import MCTSBot, make_level
from glyphhall.engine import Rng

from .spaces import game_options, resolve_game
from .train import _torch, build_network, export

#: A self-play game still running after this many moves is dropped (no value to learn from).
MAX_MOVES = 3_000

Sample = tuple[np.ndarray, list[int], list[float], int]  # observation, legal ids, visit shares, seat
Target = tuple[np.ndarray, list[int], list[float], float]  # observation, legal ids, visit shares, result


# --- self-play ------------------------------------------------------------------------------------
def self_play(game_id: str, arrays: dict[str, np.ndarray], seeds: list[int], settings: dict[str, Any]
              ) -> list[dict[str, Any]]:
    """Games of the guided search against itself, one per seed: each game's positions with
    their targets, its result and its length."""
    game = resolve_game(game_id)
    network = PolicyNetwork(arrays)
    players = int(network.meta.get("players", 2))
    options = network.meta.get("options") or {}
    out = []
    for seed in seeds:
        state = game.new(players, seed, options)
        bots = [_search_bot(network, seed * 7 + seat, settings) for seat in range(players)]
        pick = Rng(seed ^ 0x5E1F)
        samples: list[Sample] = []
        decisions = 0
        moves = 0
        while not state.is_over() and moves < MAX_MOVES:
            for seat in state.to_move():
                if state.is_over() or seat not in state.to_move():
                    continue
                legal = state.legal_actions(seat)
                bot = bots[seat]
                if len(legal) == 1 or bot.plays_mixed(state, legal):
                    action = ask(bot, state, seat)
                else:
                    root = bot.search(sample_for(bot, state, seat), seat)
                    visits = [root.children[a].visits if a in root.children else 0 for a in legal]
                    total = sum(visits)
                    ids = state.legal_action_ids(seat)
                    samples.append((state.observation_tensor(seat), ids, [v / total for v in visits], seat))
                    if decisions < settings["explore_moves"]:
                        x = pick.random() * total
                        k = 0
                        while x >= visits[k]:
                            x -= visits[k]
                            k += 1
                    else:
                        k = max(range(len(legal)), key=lambda j: visits[j])
                    action = legal[k]
                    decisions += 1
                state.apply(seat, action)
                moves += 1
        finished = state.is_over()
        returns = state.returns() if finished else None
        out.append({"seed": seed, "moves": moves, "finished": finished, "returns": returns,
                    "samples": samples if finished else []})
    return out


def _search_bot(network: PolicyNetwork, seed: int, settings: dict[str, Any]) -> MCTSBot:
    if settings.get("expert") == "search":  # the hand-heuristic search (as ExIt's first expert)
        return make_level("mcts", seed, iterations=settings["iterations"], seconds=None, early_stop=False, roots=1)
    bot = make_guided("mcts-net", seed, iterations=settings["iterations"], seconds=None, early_stop=False,
                      batch=settings["batch"], mix=settings["mix"], puct=settings["puct"])
    bot.network = network
    return bot


def play_round(game_id: str, arrays: dict[str, np.ndarray], seeds: list[int], settings: dict[str, Any],
               workers: int) -> list[dict[str, Any]]:
    """The round's games, over `workers` Ray processes (in this process for one worker)."""
    if workers <= 1:
        return self_play(game_id, arrays, seeds, settings)
    import ray

    if not ray.is_initialized():
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                 runtime_env={"env_vars": {"OPENBLAS_NUM_THREADS": "1", "GLYPHHALL_PURE": os.environ.get("GLYPHHALL_PURE", "")}})
    remote = ray.remote(num_cpus=1)(self_play)
    shared = ray.put(arrays)
    chunks = [seeds[k::workers] for k in range(workers) if seeds[k::workers]]
    games = [g for part in ray.get([remote.remote(game_id, shared, chunk, settings) for chunk in chunks]) for g in part]
    return sorted(games, key=lambda g: seeds.index(g["seed"]))


# --- training -------------------------------------------------------------------------------------
def load_into(torch: Any, arrays: dict[str, np.ndarray], inputs: int, actions: int) -> tuple[Any, list[int]]:
    """A PyTorch network holding a checkpoint's weights (rl/train.py's architecture)."""
    hidden = []
    k = 0
    while f"w{k}" in arrays:
        hidden.append(int(arrays[f"w{k}"].shape[1]))
        k += 1
    net = build_network(torch, inputs, actions, hidden)
    with torch.no_grad():
        for k, layer in enumerate(net.body):
            layer.weight.copy_(torch.from_numpy(np.asarray(arrays[f"w{k}"], np.float32).T.copy()))
            layer.bias.copy_(torch.from_numpy(np.asarray(arrays[f"b{k}"], np.float32)))
        for name, layer in (("policy", net.policy), ("value", net.value)):
            layer.weight.copy_(torch.from_numpy(np.asarray(arrays[f"{name}_w"], np.float32).T.copy()))
            layer.bias.copy_(torch.from_numpy(np.asarray(arrays[f"{name}_b"], np.float32)))
    return net, hidden


def checkpoint_network(torch: Any, game: Any, arrays: dict[str, np.ndarray]) -> tuple[Any, dict[str, Any]]:
    """A checkpoint's network for `game`, and its shape as a checkpoint's metadata records it
    (players, options, num_actions, inputs, hidden)."""
    meta = json.loads(str(arrays["meta"]))
    players = int(meta.get("players", 2))
    options = meta.get("options") or game_options(game, {})
    actions = game.num_distinct_actions(players, options)
    inputs = int(np.prod(game.observation_tensor_shape(players, options)))
    net, hidden = load_into(torch, arrays, inputs, actions)
    return net, {"players": players, "options": options, "num_actions": actions, "inputs": inputs, "hidden": hidden}


def train(torch: Any, net: Any, samples: list[Target], actions: int, epochs: int, lr: float, device: str,
          rng: np.random.Generator, batch: int = 256, held_out: list[Target] | None = None) -> dict[str, float]:
    """Passes over `samples` (observation, legal ids, visit shares, result in [-1, 1]); returns
    the last pass's mean losses, and the losses on `held_out` (games not trained on) after it:
    on its own positions the value head can learn each game's result by heart."""
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    data = _on_device(torch, samples, actions, device)
    losses = {"policy": 0.0, "value": 0.0}
    for _ in range(epochs):
        order = rng.permutation(len(samples))
        sums = {"policy": 0.0, "value": 0.0}
        for start in range(0, len(order), batch):
            idx = order[start:start + batch]
            policy_loss, value_loss = _losses(torch, net, data, torch.from_numpy(idx).to(device), actions)
            opt.zero_grad()
            (policy_loss + value_loss).backward()
            opt.step()
            sums["policy"] += policy_loss.item() * len(idx)
            sums["value"] += value_loss.item() * len(idx)
        losses = {k: round(v / len(samples), 4) for k, v in sums.items()}
    if held_out:
        held = _on_device(torch, held_out, actions, device)
        sums = {"policy": 0.0, "value": 0.0}
        with torch.no_grad():
            for start in range(0, len(held_out), batch):
                idx = torch.arange(start, min(start + batch, len(held_out)), device=device)
                policy_loss, value_loss = _losses(torch, net, held, idx, actions)
                sums["policy"] += policy_loss.item() * len(idx)
                sums["value"] += value_loss.item() * len(idx)
        losses.update({f"held_out_{k}": round(v / len(held_out), 4) for k, v in sums.items()})
    return losses


def _on_device(torch: Any, samples: list[Target], actions: int, device: str) -> tuple[Any, Any, Any, Any]:
    """The positions as four tensors, put where the network trains once (not batch by batch):
    observations, results, and each position's legal ids and visit shares padded to one width,
    the padding pointing at a spare column `actions` that the losses cut off. So a batch's masks
    and targets are two scatters on the device, not a Python loop over its rows."""
    width = max(len(s[1]) for s in samples)
    ids = np.full((len(samples), width), actions, np.int64)
    shares = np.zeros((len(samples), width), np.float32)
    for row, s in enumerate(samples):
        ids[row, :len(s[1])] = s[1]
        shares[row, :len(s[2])] = s[2]
    observations = torch.from_numpy(np.stack([s[0] for s in samples]).astype(np.float32))
    results = torch.tensor([s[3] for s in samples], dtype=torch.float32)
    return tuple(t.to(device) for t in (observations, results, torch.from_numpy(ids), torch.from_numpy(shares)))


def _losses(torch: Any, net: Any, data: tuple[Any, Any, Any, Any], idx: Any, actions: int) -> tuple[Any, Any]:
    """Mean cross-entropy against the visit shares and mean squared value error of rows `idx`."""
    observations, results, ids, shares = data
    rows = ids[idx]
    mask = torch.zeros((len(idx), actions + 1), dtype=torch.int8, device=rows.device).scatter_(1, rows, 1)[:, :actions]
    target = torch.zeros((len(idx), actions + 1), device=rows.device).scatter_(1, rows, shares[idx])[:, :actions]
    logits, value = net(observations[idx], mask)
    logp = torch.log_softmax(logits, dim=-1)
    policy_loss = -(target * logp.masked_fill(mask == 0, 0.0)).sum(-1).mean()
    return policy_loss, ((value - results[idx]) ** 2).mean()


def arrays_of(net: Any, meta: dict[str, Any], path: Path) -> dict[str, np.ndarray]:
    """Write the checkpoint (float16, as rl/train.py does) and read it back for the next round."""
    export(copy.deepcopy(net).cpu(), path, meta)
    return read_checkpoint(path)


def targets(games: list[dict[str, Any]]) -> list[list[Target]]:
    """Each finished game's positions with the result of the seat that chose there, in [-1, 1]."""
    return [[(obs, ids, shares, 2.0 * g["returns"][seat] - 1.0) for obs, ids, shares, seat in g["samples"]]
            for g in games if g["finished"]]


def save_positions(path: Path, per_game: list[list[Target]]) -> None:
    """A round's positions and targets, game by game, to train on again without replaying them
    (`--from-positions`)."""
    rows = [t for game in per_game for t in game]
    np.savez_compressed(path, observations=np.stack([t[0] for t in rows]).astype(np.float32),
                        game=np.repeat(np.arange(len(per_game)), [len(g) for g in per_game]).astype(np.int32),
                        lengths=np.array([len(t[1]) for t in rows], np.int32),
                        ids=np.concatenate([np.asarray(t[1], np.int32) for t in rows]),
                        shares=np.concatenate([np.asarray(t[2], np.float64) for t in rows]),
                        results=np.array([t[3] for t in rows], np.float32))


def load_positions(path: Path) -> list[list[Target]]:
    """What `save_positions` wrote, game by game."""
    with np.load(path) as data:
        bounds = np.concatenate([[0], np.cumsum(data["lengths"])])
        ids, shares, games = data["ids"], data["shares"], data["game"]
        per_game: list[list[Target]] = [[] for _ in range(int(games.max()) + 1 if len(games) else 0)]
        for k, (obs, result) in enumerate(zip(data["observations"], data["results"], strict=True)):
            a, b = bounds[k], bounds[k + 1]
            per_game[games[k]].append((obs, ids[a:b].tolist(), shares[a:b].tolist(), float(result)))
    return per_game


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games-per-round", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="self-play processes (Ray above 1)")
    parser.add_argument("--iterations", type=int, default=64, help="search walks a move in self-play")
    parser.add_argument("--batch", type=int, default=8, help="leaves the network reads at once")
    parser.add_argument("--mix", type=float, default=0.0, help="share of a short rollout in a leaf's value")
    parser.add_argument("--puct", type=float, default=1.5)
    parser.add_argument("--first-expert", choices=("guided", "search"), default="guided",
                        help="who plays round 1: the guided search, or the hand-heuristic search (`mcts`, "
                             "one tree) whose visits and results the network first learns")
    parser.add_argument("--explore-moves", type=int, default=8, help="decisions a game drawn by visits")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--holdout", type=float, default=0.0,
                        help="share of each round's games kept out of training, their losses reported")
    parser.add_argument("--keep-positions", action="store_true",
                        help="write each round's positions and targets beside its checkpoint")
    parser.add_argument("--from-positions", type=Path,
                        help="round 1 trains on positions a run kept (--keep-positions) instead of playing")
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--start", type=Path, help="the checkpoint to start from (default: the shipped one)")
    parser.add_argument("--out-dir", type=Path, default=Path("expert"))
    parser.add_argument("--device", default="cpu", help="where to train: cpu or cuda")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads")
    args = parser.parse_args(argv)
    for name in ("rounds", "games_per_round", "workers", "iterations", "batch", "epochs"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if not 0.0 <= args.holdout < 1.0:
        parser.error("--holdout must be at least 0 and below 1")
    if args.from_positions and not args.from_positions.is_file():
        parser.error(f"--from-positions: no such file {args.from_positions}")
    torch = _torch()
    if args.device.startswith("cuda") and not torch.cuda.is_available():
        parser.error("--device cuda asked for, but PyTorch sees no GPU here")
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    game = resolve_game(args.game)
    start = args.start or shipped_checkpoint(game.id)
    if start is None:
        parser.error(f"{game.name} has no shipped checkpoint: train one with rl/train.py and pass --start")
    arrays = read_checkpoint(start)
    base_meta = json.loads(str(arrays["meta"]))
    net, shape = checkpoint_network(torch, game, arrays)
    net.to(args.device)
    players, actions = shape["players"], shape["num_actions"]
    settings = {"iterations": args.iterations, "batch": args.batch, "mix": args.mix, "puct": args.puct,
                "explore_moves": args.explore_moves,
                "first_expert": args.first_expert}
    recipe = {"command": "python -m glyphhall.rl.expert " + " ".join(sys.argv[1:] if argv is None else argv),
              "start": str(start), "start_training": base_meta.get("training"), "seed": args.seed,
              "games_per_round": args.games_per_round, "workers": args.workers, "epochs": args.epochs, "holdout": args.holdout,
              "lr": args.lr, "device": args.device, **settings, "rounds": []}
    rng = np.random.default_rng(args.seed)
    clock = time.monotonic()
    previous: list[Any] = []
    out = None
    for r in range(1, args.rounds + 1):
        seeds = [args.seed * 1_000_003 + r * 10_000 + g for g in range(args.games_per_round)]
        began = time.monotonic()
        expert = args.first_expert if r == 1 else "guided"
        if r == 1 and args.from_positions:
            games, per_game = [], load_positions(args.from_positions)
        else:
            games = play_round(game.id, arrays, seeds, {**settings, "expert": expert}, args.workers)
            per_game = targets(games)
        played = time.monotonic() - began
        if not per_game:
            raise SystemExit(f"round {r}: no self-play game finished within {MAX_MOVES} moves")
        if args.keep_positions:
            args.out_dir.mkdir(parents=True, exist_ok=True)
            save_positions(args.out_dir / f"{game.id}-round-{r}-positions.npz", per_game)
        # The round's last games are held out of training: the value head's error on them is
        # the one that says how well it reads positions it has not seen.
        kept = len(per_game) - math.ceil(args.holdout * len(per_game))
        fresh = [t for g in per_game[:kept] for t in g]
        held = [t for g in per_game[kept:] for t in g]
        losses = train(torch, net, previous + fresh, actions, args.epochs, args.lr, args.device, rng, held_out=held)
        previous = fresh
        finished = [g for g in games if g["finished"]]
        first_wins = sum(1 for g in finished if g["returns"][0] > g["returns"][1]) if players == 2 and games else None
        recipe["rounds"].append({"round": r, "expert": expert, "games": len(games) or len(per_game),
                                 "finished": len(finished) or len(per_game), "held_out_games": len(per_game) - kept,
                                 "first_seat_wins": first_wins, "positions": len(fresh),
                                 "self_play_seconds": round(played, 1),
                                 "mean_moves": round(sum(g["moves"] for g in games) / len(games), 1) if games else None,
                                 **({"from_positions": str(args.from_positions)} if not games else {}), **losses})
        meta = {**base_meta, "game": game.id, "game_version": game.version, **shape,
                "training": {**(base_meta.get("training") or {}), "expert_iteration": recipe}}
        out = args.out_dir / f"{game.id}-round-{r}.npz"
        arrays = arrays_of(net, meta, out)
        held_text = (f" (on {len(held)} held-out positions: policy {losses['held_out_policy']:.3f} value "
                     f"{losses['held_out_value']:.3f})" if held else "")
        print(f"round {r}: {len(per_game)} games, {len(fresh)} positions trained on, self-play "
              f"{played:.0f} s, losses policy {losses['policy']:.3f} value {losses['value']:.3f}{held_text}; "
              f"wrote {out} ({time.monotonic() - clock:.0f} s so far)", flush=True)


if __name__ == "__main__":
    main()
