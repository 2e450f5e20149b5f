"""Train a policy network for a game and save it as a checkpoint the "learned" bot plays.

    nice python -m glyphhall.rl.train glyfts --seed 0 --out glyfts.npz

Two stages, each with a budget in work, not time, so the same command trains the same network
on any machine:
1. imitation: the network learns the `heuristic` bot's choices (cross-entropy over the legal
   action ids) from `--imitation-games` games it plays against `random` and itself, seats
   alternated, for `--imitation-epochs` passes;
2. reinforcement: `--updates` PPO updates (clipped policy gradient, a value head, generalised
   advantage estimates), each of `--rollout` steps in `--envs` games at once
   (`vector.GlyphHallVectorEnv`) against a mix of bots (`--opponents`), the learning seat
   alternating.
`--max-minutes` is only a ceiling (wall clock): a run it stops says so in its checkpoint and is
not reproducible. `--seed` seeds everything (torch, the games, the bots; nothing reads the
clock), so two runs of one command on one machine, device and thread count give the same
checkpoint. Every setting is recorded in the checkpoint's `meta["training"]["recipe"]`; each
game's defaults are its recipe (`RECIPES`), which the README's command runs.

Needs PyTorch (CPU is enough: `pip install 'glyphhall[rl]'`, or the CPU build of torch);
`--device cuda` runs the network on a GPU, `--threads` sets PyTorch's CPU threads.
Observations are the game's tensors, actions its fixed ids; the checkpoint is plain numpy
(`bots/learned.py`), so playing it does not need PyTorch.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from glyphhall.bots import ask, make
from glyphhall.engine import Game

from .spaces import game_options, resolve_game
from .vector import GlyphHallVectorEnv


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        raise SystemExit("training needs PyTorch: pip install 'glyphhall[rl]' (the CPU build is enough)") from None
    return torch


#: Each game's recipe: the settings its defaults take (any flag given overrides one).
COMMON = {"players": 2, "envs": 16, "hidden": "256,128", "opponents": "random,random,random,heuristic",
          "rollout": 64, "imitation_epochs": 30, "imitation_games": 200, "updates": 250}
#: Each a few CPU-minutes on one thread (Glyfts about 3.7, Inscription about 12.7; a PPO update
#: costs Glyfts about 1.7 CPU-s, Inscription 4-5). Inscription's smaller recipe (100 imitation
#: games x 15 epochs, 40 updates) was measurably weaker on three seeds (bench/RESULTS.md, "Issue 39").
#: Tundrus and Heroscape (session 16) are sized to a CPU-quarter-hour each: a Tundrus PPO update costs
#: about 2.4 CPU-s, a Heroscape one about 23 (its 57,163 action ids make the output layer large).
RECIPES: dict[str, dict[str, Any]] = {
    "glyfts": {"imitation_games": 150, "imitation_epochs": 20, "updates": 100},
    "inscription": {"imitation_games": 150, "updates": 100},
    "tundrus": {"imitation_games": 150, "imitation_epochs": 20, "updates": 100},
    "heroscape": {"imitation_games": 150, "imitation_epochs": 20, "updates": 30},
}


class Ceiling:
    """Wall-clock seconds since the start, against an optional limit (None: no limit)."""

    def __init__(self, minutes: float | None) -> None:
        self.limit = None if minutes is None else minutes * 60
        self.start = time.monotonic()
        self.hit = False

    def used(self) -> float:
        return time.monotonic() - self.start

    def reached(self) -> bool:
        if self.limit is not None and self.used() >= self.limit:
            self.hit = True
        return self.hit


def build_network(torch: Any, inputs: int, actions: int, hidden: list[int]) -> Any:
    nn = torch.nn
    module: Any = nn.Module  # torch is imported only when training, so it is typed Any here

    class Net(module):
        def __init__(self) -> None:
            super().__init__()
            sizes = [inputs, *hidden]
            self.body = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes, sizes[1:], strict=False))
            self.policy = nn.Linear(sizes[-1], actions)
            self.value = nn.Linear(sizes[-1], 1)
            nn.init.zeros_(self.policy.weight)  # start uniform over the legal moves
            nn.init.zeros_(self.policy.bias)

        def forward(self, x: Any, mask: Any) -> tuple[Any, Any]:
            for layer in self.body:
                x = torch.relu(layer(x))
            logits = self.policy(x).masked_fill(mask == 0, -1e9)
            return logits, torch.tanh(self.value(x)).squeeze(-1)

    return Net()


def export(net: Any, path: Path, meta: dict[str, Any]) -> None:
    """The checkpoint `bots/learned.py` reads: float16 weights to keep the package small."""
    arrays: dict[str, np.ndarray] = {}
    def half(tensor: Any) -> np.ndarray:
        return tensor.detach().cpu().numpy().astype(np.float16)

    for k, layer in enumerate(net.body):
        arrays[f"w{k}"] = half(layer.weight).T
        arrays[f"b{k}"] = half(layer.bias)
    arrays["policy_w"] = half(net.policy.weight).T
    arrays["policy_b"] = half(net.policy.bias)
    arrays["value_w"] = half(net.value.weight).T
    arrays["value_b"] = half(net.value.bias)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:  # savez writes fixed zip dates: the same arrays, the same bytes
        np.savez_compressed(out, meta=np.array(json.dumps(meta, sort_keys=True)), **arrays)  # type: ignore[arg-type]  # mypy: **arrays might hold allow_pickle


# --- stage 1: imitating the heuristic bot ---------------------------------------------------------
def imitation_data(game: Game, options: dict[str, Any], players: int, count: int, seed: int,
                   log: Any, ceiling: Ceiling) -> tuple[np.ndarray, list[list[int]], np.ndarray]:
    """(observations, legal ids, chosen ids) of the heuristic bot's decisions, from `count` games
    against `random` and against itself."""
    observations: list[np.ndarray] = []
    legal_ids: list[list[int]] = []
    chosen: list[int] = []
    games = 0
    while games < count and not ceiling.reached():
        state = game.new(players, seed + games, options)
        teacher = games % players
        bots = {s: make("heuristic" if s == teacher or games % 3 == 2 else "random", seed + 17 * games + s)
                for s in range(players)}
        while not state.is_over():
            seat = state.to_move()[0]
            action = ask(bots[seat], state, seat)
            if seat == teacher:
                observations.append(state.observation_tensor(seat))
                ids = state.legal_action_ids(seat)
                legal_ids.append(ids)
                chosen.append(state.action_id(seat, action))
            state.apply(seat, action)
        games += 1
    log(f"imitation: {games} games, {len(chosen)} decisions")
    return np.stack(observations), legal_ids, np.array(chosen)


def legal_mask(legal: list[list[int]], rows: Any, actions: int) -> np.ndarray:
    """The legal moves of the decisions `rows` as a (rows, actions) array of 0 and 1. Built a
    batch at a time: a whole data set's would take a byte per decision and action id (Heroscape,
    57,163 ids: 0.9 GB for 15,000 decisions, and four times that as logits)."""
    mask = np.zeros((len(rows), actions), np.int8)
    for r, i in enumerate(rows):
        mask[r, legal[i]] = 1
    return mask


def imitate(torch: Any, net: Any, data: tuple[np.ndarray, list[list[int]], np.ndarray], actions: int,
            epochs: int, log: Any, ceiling: Ceiling, device: str = "cpu", lr: float = 1e-3) -> int:
    """`epochs` passes over the data (fewer if the ceiling comes first); returns how many ran."""
    obs, legal, chosen = data
    x, y = (torch.from_numpy(a).to(device) for a in (obs, chosen))

    def mask(rows: Any) -> Any:
        return torch.from_numpy(legal_mask(legal, rows, actions)).to(device)

    opt = torch.optim.Adam(net.parameters(), lr=lr)
    epoch = 0
    while epoch < epochs and not ceiling.reached():
        order = torch.randperm(len(y)).to(device)
        total = 0.0
        for start in range(0, len(y), 256):
            idx = order[start:start + 256]
            logits, _ = net(x[idx], mask(idx.tolist()))
            loss = torch.nn.functional.cross_entropy(logits, y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
        epoch += 1
        agreed = 0
        with torch.no_grad():
            for k in range(0, len(y), 1024):
                rows = range(k, min(k + 1024, len(y)))
                agreed += int((net(x[k:k + 1024], mask(rows))[0].argmax(-1) == y[k:k + 1024]).sum())
        agree = agreed / len(y)
        log(f"imitation epoch {epoch}: loss {total / len(y):.3f}, agrees with the heuristic {agree:.2f}")
    return epoch


# --- stage 2: PPO ---------------------------------------------------------------------------------
def ppo(torch: Any, net: Any, venv: GlyphHallVectorEnv, updates_wanted: int, seed: int, log: Any,
        ceiling: Ceiling, device: str = "cpu", steps: int = 64, epochs: int = 4, batch: int = 512,
        lr: float = 3e-4, clip: float = 0.2, gae: float = 0.95, entropy: float = 0.01) -> dict[str, Any]:
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    obs, _ = venv.reset(seed=seed)  # game i gets seed + i; later games follow from those
    n = venv.num_envs
    results: list[float] = []
    updates = 0

    def tensors(batch_obs: dict[str, np.ndarray]) -> tuple[Any, Any]:
        return (torch.from_numpy(batch_obs["observation"]).to(device),
                torch.from_numpy(batch_obs["action_mask"]).to(device))

    while updates < updates_wanted and not ceiling.reached():
        buf_obs, buf_mask, buf_act, buf_logp, buf_val, buf_rew, buf_done = [], [], [], [], [], [], []
        for _ in range(steps):
            x, m = tensors(obs)
            with torch.no_grad():
                logits, value = net(x, m)
                dist = torch.distributions.Categorical(logits=logits)
                action = dist.sample()
            buf_obs.append(x)
            buf_mask.append(m)
            buf_act.append(action)
            buf_logp.append(dist.log_prob(action))
            buf_val.append(value)
            obs, reward, terminated, truncated, _ = venv.step(action.cpu().numpy())
            done = terminated | truncated
            results.extend(float(r) for r, d in zip(reward, done, strict=True) if d)
            buf_rew.append(torch.from_numpy(reward.astype(np.float32)).to(device))
            buf_done.append(torch.from_numpy(done.astype(np.float32)).to(device))
        with torch.no_grad():
            _, last = net(*tensors(obs))
        advantages = torch.zeros(steps, n, device=device)
        running = torch.zeros(n, device=device)
        for t in reversed(range(steps)):
            following = last if t == steps - 1 else buf_val[t + 1]
            live = 1.0 - buf_done[t]
            delta = buf_rew[t] + live * following - buf_val[t]
            running = delta + live * gae * running
            advantages[t] = running
        returns = advantages + torch.stack(buf_val)
        flat = {
            "obs": torch.cat(buf_obs), "mask": torch.cat(buf_mask), "act": torch.cat(buf_act),
            "logp": torch.cat(buf_logp), "adv": advantages.reshape(-1), "ret": returns.reshape(-1),
        }
        flat["adv"] = (flat["adv"] - flat["adv"].mean()) / (flat["adv"].std() + 1e-8)
        for _ in range(epochs):
            order = torch.randperm(len(flat["act"])).to(device)
            for start in range(0, len(order), batch):
                idx = order[start:start + batch]
                logits, value = net(flat["obs"][idx], flat["mask"][idx])
                dist = torch.distributions.Categorical(logits=logits)
                ratio = torch.exp(dist.log_prob(flat["act"][idx]) - flat["logp"][idx])
                adv = flat["adv"][idx]
                policy_loss = -torch.min(ratio * adv, torch.clamp(ratio, 1 - clip, 1 + clip) * adv).mean()
                value_loss = ((value - flat["ret"][idx]) ** 2).mean()
                loss = policy_loss + 0.5 * value_loss - entropy * dist.entropy().mean()
                opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                opt.step()
        updates += 1
        if updates % 5 == 0 and results:
            recent = results[-200:]
            log(f"ppo update {updates}: {len(results)} games, mean reward of the last {len(recent)} "
                f"{np.mean(recent):+.2f}")
    return {"updates": updates, "games": len(results), "env_steps": updates * steps * n}


def recipe_of(args: argparse.Namespace) -> dict[str, Any]:
    """Every setting of a run: the game's recipe, then what the command line gave."""
    recipe = {**COMMON, **RECIPES.get(args.game, {})}
    for key in (*COMMON, "seed", "threads", "device", "max_minutes"):
        value = getattr(args, key)
        if value is not None:
            recipe[key] = value
    recipe["game"] = args.game
    return recipe


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--out", type=Path, required=True, help="the checkpoint file to write (.npz)")
    parser.add_argument("--seed", type=int, default=0, help="seeds torch, the games and the bots (default 0)")
    parser.add_argument("--imitation-games", type=int, help="games of the heuristic bot to imitate (0: no stage 1)")
    parser.add_argument("--imitation-epochs", type=int, help="passes over the imitation data")
    parser.add_argument("--updates", type=int, help="PPO updates of stage 2")
    parser.add_argument("--rollout", type=int, help="steps of every game per PPO update")
    parser.add_argument("--envs", type=int, help="games played at once in stage 2")
    parser.add_argument("--opponents", help="bots of the PPO games, in turn (comma-separated)")
    parser.add_argument("--hidden", help="hidden layer sizes, e.g. 256,128")
    parser.add_argument("--players", type=int)
    parser.add_argument("--max-minutes", type=float, help="a wall-clock ceiling (a run it stops is not reproducible)")
    parser.add_argument("--device", default="cpu", choices=("cpu", "cuda"), help="where the network runs")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch CPU threads (the machine may be shared)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Train as the command line says; returns the checkpoint's meta."""
    args = parse(argv)
    recipe = recipe_of(args)
    torch = _torch()
    if args.device == "cuda" and not torch.cuda.is_available():
        build = ("a build without CUDA" if torch.version.cuda is None
                 else f"built for CUDA {torch.version.cuda}, but it finds no GPU or driver")
        raise SystemExit(f"--device cuda: this machine's PyTorch ({torch.__version__}, {build}) cannot run on a GPU; "
                         "train on the CPU with --device cpu, or install a CUDA build of torch on a machine with one")
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)  # every device's generator
    torch.use_deterministic_algorithms(True, warn_only=True)
    np.random.seed(args.seed)  # nothing here draws from numpy's global generator; a guard
    game = resolve_game(args.game)
    options = game_options(game, {})
    ceiling = Ceiling(recipe.get("max_minutes"))
    started = time.process_time()

    def log(text: str) -> None:
        print(f"[{ceiling.used():6.0f} s, {time.process_time() - started:6.0f} CPU s] {text}", flush=True)

    players = recipe["players"]
    actions = game.num_distinct_actions(players, options)
    inputs = int(np.prod(game.observation_tensor_shape(players, options)))
    hidden = [int(h) for h in str(recipe["hidden"]).split(",")]
    net = build_network(torch, inputs, actions, hidden).to(args.device)
    log(f"{game.name}: {inputs} inputs, {actions} action ids, hidden {hidden}, on {args.device}")
    epochs = 0
    if recipe["imitation_games"] > 0:
        data = imitation_data(game, options, players, recipe["imitation_games"], args.seed, log, ceiling)
        epochs = imitate(torch, net, data, actions, recipe["imitation_epochs"], log, ceiling, args.device)
    venv = GlyphHallVectorEnv(game.id, recipe["envs"], opponents=str(recipe["opponents"]).split(","),
                              players=players, seat="alternate")
    stats = ppo(torch, net, venv, recipe["updates"], args.seed, log, ceiling, args.device, steps=recipe["rollout"])
    meta = {
        "game": game.id, "game_version": game.version, "players": players, "options": options,
        "num_actions": actions, "inputs": inputs, "hidden": hidden,
        "training": {"recipe": recipe, "imitation_epochs_run": epochs, **stats,
                     "stopped_by_ceiling": ceiling.hit, "torch": torch.__version__,
                     "opponents": recipe["opponents"], "seed": args.seed},
    }
    export(net, args.out, meta)
    # the time taken is printed, not recorded: the checkpoint is the same on every run
    log(f"saved {args.out} ({args.out.stat().st_size // 1024} KiB) after "
        f"{(time.process_time() - started) / 60:.1f} CPU minutes")
    return meta


if __name__ == "__main__":
    main()
