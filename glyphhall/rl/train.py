"""Train a policy network for a game and save it as a checkpoint the "learned" bot plays.

    nice python -m glyphhall.rl.train inscription --cpu-minutes 30 --out inscription.npz

Two stages, within one budget of CPU time (the process's, all threads together):
1. imitation: the network learns the `heuristic` bot's choices (cross-entropy over the legal
   action ids) from games it plays against `random` and itself, seats alternated;
2. reinforcement: PPO (clipped policy gradient, a value head, generalised advantage estimates)
   in many games at once (`vector.GlyphHallVectorEnv`) against a mix of bots (`--opponents`),
   the learning seat alternating.

Needs PyTorch (CPU is enough: `pip install 'glyphhall[rl]'`, or the CPU build of torch).
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


class Budget:
    """CPU seconds of this process (every thread), against a limit."""

    def __init__(self, seconds: float) -> None:
        self.limit = seconds
        self.start = time.process_time()

    def used(self) -> float:
        return time.process_time() - self.start

    def left(self) -> float:
        return self.limit - self.used()


def build_network(torch: Any, inputs: int, actions: int, hidden: list[int]) -> Any:
    nn = torch.nn

    class Net(nn.Module):
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
    for k, layer in enumerate(net.body):
        arrays[f"w{k}"] = layer.weight.detach().numpy().T.astype(np.float16)
        arrays[f"b{k}"] = layer.bias.detach().numpy().astype(np.float16)
    arrays["policy_w"] = net.policy.weight.detach().numpy().T.astype(np.float16)
    arrays["policy_b"] = net.policy.bias.detach().numpy().astype(np.float16)
    arrays["value_w"] = net.value.weight.detach().numpy().T.astype(np.float16)
    arrays["value_b"] = net.value.bias.detach().numpy().astype(np.float16)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        np.savez_compressed(out, meta=np.array(json.dumps(meta)), **arrays)


# --- stage 1: imitating the heuristic bot ---------------------------------------------------------
def imitation_data(game: Game, options: dict[str, Any], players: int, seconds: float, seed: int,
                   log: Any) -> tuple[np.ndarray, list[list[int]], np.ndarray]:
    """(observations, legal ids, chosen ids) of the heuristic bot's decisions, from games against
    `random` and against itself, for `seconds` of CPU time."""
    budget = Budget(seconds)
    observations: list[np.ndarray] = []
    legal_ids: list[list[int]] = []
    chosen: list[int] = []
    games = 0
    while budget.left() > 0:
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
    log(f"imitation: {games} games, {len(chosen)} decisions in {budget.used():.0f} CPU s")
    return np.stack(observations), legal_ids, np.array(chosen)


def imitate(torch: Any, net: Any, data: tuple[np.ndarray, list[list[int]], np.ndarray], actions: int,
            seconds: float, log: Any, lr: float = 1e-3) -> None:
    obs, legal, chosen = data
    mask = np.zeros((len(chosen), actions), np.int8)
    for i, ids in enumerate(legal):
        mask[i, ids] = 1
    x, m, y = torch.from_numpy(obs), torch.from_numpy(mask), torch.from_numpy(chosen)
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    budget = Budget(seconds)
    epoch = 0
    while budget.left() > 0 and epoch < 30:
        order = torch.randperm(len(y))
        total = 0.0
        for start in range(0, len(y), 256):
            idx = order[start:start + 256]
            logits, _ = net(x[idx], m[idx])
            loss = torch.nn.functional.cross_entropy(logits, y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
        epoch += 1
        with torch.no_grad():
            agree = float((net(x, m)[0].argmax(-1) == y).float().mean())
        log(f"imitation epoch {epoch}: loss {total / len(y):.3f}, agrees with the heuristic {agree:.2f}")


# --- stage 2: PPO ---------------------------------------------------------------------------------
def ppo(torch: Any, net: Any, venv: GlyphHallVectorEnv, seconds: float, log: Any, steps: int = 64,
        epochs: int = 4, batch: int = 512, lr: float = 3e-4, clip: float = 0.2, gae: float = 0.95,
        entropy: float = 0.01) -> dict[str, Any]:
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    budget = Budget(seconds)
    obs, _ = venv.reset(seed=int(time.time()) % 100_000)
    n = venv.num_envs
    results: list[float] = []
    updates = 0
    while budget.left() > 0:
        buf_obs, buf_mask, buf_act, buf_logp, buf_val, buf_rew, buf_done = [], [], [], [], [], [], []
        for _ in range(steps):
            x, m = torch.from_numpy(obs["observation"]), torch.from_numpy(obs["action_mask"])
            with torch.no_grad():
                logits, value = net(x, m)
                dist = torch.distributions.Categorical(logits=logits)
                action = dist.sample()
            buf_obs.append(x)
            buf_mask.append(m)
            buf_act.append(action)
            buf_logp.append(dist.log_prob(action))
            buf_val.append(value)
            obs, reward, terminated, truncated, _ = venv.step(action.numpy())
            done = terminated | truncated
            results.extend(float(r) for r, d in zip(reward, done, strict=True) if d)
            buf_rew.append(torch.from_numpy(reward.astype(np.float32)))
            buf_done.append(torch.from_numpy(done.astype(np.float32)))
        with torch.no_grad():
            _, last = net(torch.from_numpy(obs["observation"]), torch.from_numpy(obs["action_mask"]))
        advantages = torch.zeros(steps, n)
        running = torch.zeros(n)
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
            order = torch.randperm(len(flat["act"]))
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
                f"{np.mean(recent):+.2f}, {budget.used():.0f} CPU s")
    return {"updates": updates, "games": len(results)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--out", type=Path, required=True, help="the checkpoint file to write (.npz)")
    parser.add_argument("--cpu-minutes", type=float, default=30.0, help="the whole budget (default 30)")
    parser.add_argument("--imitation", type=float, default=0.25, help="share of the budget for stage 1")
    parser.add_argument("--opponents", default="random,random,random,heuristic",
                        help="bots of the PPO games, in turn (comma-separated)")
    parser.add_argument("--envs", type=int, default=32, help="games played at once in stage 2")
    parser.add_argument("--hidden", default="256,128", help="hidden layer sizes")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads (the machine is shared)")
    args = parser.parse_args(argv)
    torch = _torch()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    game = resolve_game(args.game)
    options = game_options(game, {})
    budget = Budget(args.cpu_minutes * 60)

    def log(text: str) -> None:
        print(f"[{budget.used():6.0f} CPU s] {text}", flush=True)

    actions = game.num_distinct_actions(args.players, options)
    inputs = int(np.prod(game.observation_tensor_shape(args.players, options)))
    hidden = [int(h) for h in args.hidden.split(",")]
    net = build_network(torch, inputs, actions, hidden)
    log(f"{game.name}: {inputs} inputs, {actions} action ids, hidden {hidden}")
    stage1 = budget.limit * args.imitation
    if stage1 > 0:
        data = imitation_data(game, options, args.players, stage1 * 0.5, args.seed, log)
        imitate(torch, net, data, actions, stage1 - budget.used(), log)
    venv = GlyphHallVectorEnv(game.id, args.envs, opponents=args.opponents.split(","),
                              players=args.players, seat="alternate")
    stats = ppo(torch, net, venv, budget.left(), log)
    meta = {
        "game": game.id, "game_version": game.version, "players": args.players, "options": options,
        "num_actions": actions, "inputs": inputs, "hidden": hidden,
        "training": {"cpu_minutes": round(budget.used() / 60, 1), "imitation_share": args.imitation,
                     "opponents": args.opponents, "seed": args.seed, **stats},
    }
    export(net, args.out, meta)
    log(f"saved {args.out} ({args.out.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
