"""Root-parallel search (Chaslot, Winands & van den Herik 2008, "Parallel Monte-Carlo Tree Search").

A decision's iteration budget is shared among `roots` independent trees, each grown from a seed
of its own, and the move played is the action with the most visits summed over the trees. The
trees share nothing while they grow, so the server grows them at the same time in its bot worker
processes (one core each: a move takes about 1/roots of the wall time), while the terminal and
the arena grow them one after another. Each tree's seed comes from the bot's own stream and the
tree's index, so the same bot, seed and position give the same move either way (with the time
ceiling off).

Not shared: a decision with one legal action, and simultaneous secret choices, which are played
from one tree's average mixed strategy (bots/mcts.py)."""

from __future__ import annotations

import copy
from typing import Any

from glyphhall.engine import Action, Rng, State

#: A tree's root statistics: action text -> (visits, mean result for the seat choosing).
RootStats = dict[str, tuple[int, float]]


def splits(bot: Any, state: State, seat: int) -> bool:
    """Whether `bot` shares this decision of `seat` among several trees."""
    if getattr(bot, "roots", 1) < 2:
        return False
    legal = state.legal_actions(seat)
    return len(legal) > 1 and not bot.plays_mixed(state, legal)


def tree_seed(rng: Rng, index: int) -> int:
    """The seed of tree `index`, read from a copy of `rng` (which is left as it was)."""
    stream = Rng(rng.state)
    seed = 0
    for _ in range(index + 1):
        seed = stream.next64()
    return seed


def grow(bot: Any, state: State, seat: int, index: int, *, at_once: bool) -> tuple[RootStats, dict[str, Any]]:
    """Tree `index` of `bot`'s search for `seat`: its share of the iterations, from its own seed.
    Trees grown one after another (`at_once` False) also share the time ceiling; trees grown at
    the same time on separate cores each have all of it. Answers the tree's root statistics and
    its figures (iterations, seconds, whether it stopped early); `bot` itself is left as it was."""
    tree = copy.copy(bot)
    tree.rng = Rng(tree_seed(bot.rng, index))
    tree.roots = 1
    tree.share = bot.roots
    if bot.seconds is not None and not at_once:
        tree.seconds = bot.seconds / bot.roots
    root = tree.search(state, seat)
    stats = {str(a): (n.visits, n.mean()) for a, n in root.children.items() if isinstance(a, Action)}
    return stats, tree.last_search


def summed(trees: list[RootStats]) -> tuple[dict[str, int], dict[str, float]]:
    """Each action's visits and total result over all `trees`."""
    visits: dict[str, int] = {}
    totals: dict[str, float] = {}
    for tree in trees:
        for text, (n, mean) in tree.items():
            visits[text] = visits.get(text, 0) + n
            totals[text] = totals.get(text, 0.0) + n * mean
    return visits, totals


def best(trees: list[RootStats]) -> str:
    """The action text with the most visits over all `trees`; the better mean breaks a tie."""
    visits, totals = summed(trees)
    if not visits:
        raise ValueError("no tree has any action to choose from")
    return max(visits, key=lambda text: (visits[text], totals[text] / visits[text] if visits[text] else 0.0))


def choose_one_after_another(bot: Any, state: State, seat: int, legal: list[Action]) -> Action:
    """The move of a bot of several roots, its trees grown in turn in this process."""
    grown = [grow(bot, state, seat, index, at_once=False) for index in range(bot.roots)]
    trees = [stats for stats, _ in grown]
    searches = [figures for _, figures in grown]
    text = best(trees)
    bot.last_search = {
        "iterations": sum(s["iterations"] for s in searches),
        "seconds": sum(s["seconds"] for s in searches),
        "stopped_early": all(s["stopped_early"] for s in searches),
        "visits": summed(trees)[0],
        "trees": len(trees),
    }
    by_text = {str(action): action for action in legal}
    return by_text[text]
