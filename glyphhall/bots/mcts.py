"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

One tree is grown over the searching seat's information set: every iteration draws a fresh
determinization of the position (`State.determinize`, plus a fresh chance stream, see
`_fresh_sample`), walks the tree with UCB using availability counts (an action that exists in only
some determinizations is judged by how often it was available, not by how often its parent was
visited), expands one action, finishes with a rollout and backs up each seat's own result.

- Many legal actions: progressive widening (a node may have about `widen_c * visits ** widen_alpha`
  children) and, when a new child is added, the verbs seen least so far go first, so a node with
  one "pass" and 300 "play" actions still tries "pass" early.
- Simultaneous secret moves (`to_move()` holds several seats, each perhaps with several choices
  to make): the seats are searched one after another, but inside such a phase each seat's decision
  node is keyed by its own choices in the phase alone (decoupled search), so the search never
  lets one seat react to a choice it could not see; when the phase ends the tree goes on below the
  joint choices. These decisions use regret matching rather than UCB and the move played is drawn
  from the average strategy (SM-MCTS, Lanctot et al. 2013).
- Multi-player: each edge is scored with the result of the seat that chose it.
- Rollouts: random to the end, or cut off after `cutoff` plies and scored with the game's heuristic
  (a game may cap the levels' cut-offs with a `rollout_cutoff` attribute, see `rollout_limit`);
  optionally epsilon-greedy on the heuristic.
- UCB's exploration constant must match how far apart the results of good and bad moves lie: a
  game whose heuristic keeps moves close together (Glyfts: tenths of a point apart) may suggest
  its own with a `search_exploration` attribute, which the levels follow (see `exploration_for`).
- Turns of many decisions (`finish_turn`, or a game's `rollout_finish_turn` hint): before a leaf
  is scored, the seat to move plays its turn out greedily on the heuristic (bots/rollout.py), so
  leaves in the middle of a turn are not judged without the attacks still to come.
- Heuristic priors (`prior="heuristic"`, bots/priors.py; a game's `search_prior` hint for the
  levels): widening best first by the one-step heuristic, each action starting with
  `prior_weight` visits worth its heuristic value, so few iterations play the heuristic's move.
- Luck (`adjust_luck`): where a game says its heuristic already averages over the dice an action
  is about to roll (a `heuristic_averages_chance(state, action)` hook), the search notes how much
  the roll's outcome moved the heuristic and subtracts that from the result it backs up (a control
  variate, Veness et al. 2011): the tree then compares actions by their expectation plus what
  the later choices add, not by the luck of a few sampled dice.
- Early stopping (`early_stop`, on for the levels): the search ends as soon as the most visited
  root action could not be overtaken even if every remaining iteration went to the runner-up, so
  the move played is the one the full budget would have played (for a time budget the remaining
  iterations are estimated from the rate so far, with a margin).
- Root-parallel search (`roots`, bots/roots.py): the budget shared among independent trees whose
  root visits are summed; the server grows them at once on separate cores.

Levels registered here: `mcts-easy`, `mcts`, `mcts-hard` (see `LEVELS`): iteration budgets, per
game where it names them (`search_iterations`), under a wall-clock ceiling."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from glyphhall.engine import Action, Game, Rng
from glyphhall.engine.game import State  # (where the compiled build cimports it from)

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

if cython.compiled:  # libm's log and sqrt on C doubles: the same functions math.log and math.sqrt call
    from cython.cimports.libc.math import log, sqrt
else:
    from math import log, sqrt

from . import register, roots
from .base import Bot
from .policy import PolicyBot
from .priors import check_prior, node_priors, pick
from .rollout import (
    apply_counting_luck,
    chance_hook,
    finish_turn,
    greedy_action,
    has_heuristic,
    samples_without_listing,
)
from .simple import evaluate_all
from .tree import SHARED, Node, Phase, Walk, back_up, select_mixed

#: A rollout longer than this is cut and scored, whatever `cutoff` says (guards endless games).
ROLLOUT_GUARD = 5_000
#: Early stopping looks at the root this often (in iterations): finding the two most visited
#: actions costs a pass over the root's children, too much to do every iteration.
STOP_CHECK_EVERY = 32
#: For a time budget the iterations still to come are estimated from the rate so far; the rate
#: wanders (other processes, deeper trees), so the estimate is padded by this factor.
STOP_RATE_MARGIN = 1.1


class MCTSBot(Bot):
    """ISMCTS with an iteration budget, a time budget, or both (it stops at the first reached)."""

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        cutoff: int | None = None,
        game_cutoff: bool = False,
        game_exploration: bool = False,
        greedy_rollouts: float = 0.0,
        finish_turn: bool = False,
        level: str | None = None,
        game_budget: bool = False,
        widen_c: float = 2.0,
        widen_alpha: float = 0.5,
        widen_from: int = 12,
        early_stop: bool = False,
        adjust_luck: bool = True,
        prior: str | None = None,
        prior_weight: float = 4.0,
        game_prior: bool = False,
        roots: int = 1,
        name: str | None = None,
    ) -> None:
        super().__init__(seed)
        if iterations is None and seconds is None:
            raise ValueError("an MCTS bot needs an iteration budget, a time budget, or both")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        if roots < 1:
            raise ValueError("roots must be at least 1")
        self.iterations = iterations
        #: The named level this bot plays (None: a bot with its own settings) and whether its
        #: iteration budget follows the game's `search_iterations` hint for that level.
        self.level = level
        self.game_budget = game_budget
        self._limit = iterations  # the budget of this search (see iterations_for)
        #: Root-parallel search (bots/roots.py): the trees a decision's budget is shared among,
        #: and (in one of those trees) how many share it.
        self.roots = roots
        self.share = 1
        self.seconds = seconds
        self.exploration = exploration
        self.cutoff = cutoff
        #: Cut rollouts no later than the game's own `rollout_cutoff` (if it sets one).
        self.game_cutoff = game_cutoff
        #: Prefer the game's own `search_exploration` (if it sets one) to `exploration`.
        self.game_exploration = game_exploration
        self._c = exploration  # the constant this search uses (see exploration_for)
        self.greedy_rollouts = greedy_rollouts
        #: Before the rollout, finish the turn under way greedily (see bots/rollout.py); with
        #: `game_cutoff` the game's `rollout_finish_turn` hint switches it on too.
        self.finish_turn = finish_turn
        self._finish = finish_turn  # what this search does (see finishes_turn)
        self.widen_c = widen_c
        self.widen_alpha = widen_alpha
        self.widen_from = widen_from
        self.early_stop = early_stop
        self.adjust_luck = adjust_luck
        check_prior(prior, prior_weight)
        #: Heuristic priors in the tree (bots/priors.py): None or "heuristic", worth
        #: `prior_weight` visits; with `game_prior` the game's `search_prior` hint sets both.
        self.prior = prior
        self.prior_weight = prior_weight
        self.game_prior = game_prior
        self._prior_weight: float | None = None  # this search's weight, None without priors
        self._chance: Callable[[State, Action], bool] | None = None  # the game's hook, per search
        if name is not None:
            self.name = name
        self._fast = random.Random(seed)  # rollout choices; reseeded from self.rng by each search
        #: Figures of the last search: iterations, seconds, whether it stopped early, root visits
        #: per action text.
        self.last_search: dict[str, Any] = {}

    # --- the move ------------------------------------------------------------------------------
    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action here")
        if len(legal) == 1:
            self.last_search = {"iterations": 0, "seconds": 0.0, "stopped_early": False,
                                "visits": {str(legal[0]): 0}}
            return legal[0]
        if roots.splits(self, state, seat):
            return roots.choose_one_after_another(self, state, seat, legal)
        root = self.search(state, seat)
        if self.plays_mixed(state, legal):
            # A simultaneous choice: play the average regret-matching strategy, a mixed one
            # (any fixed choice would be exploitable, as in rock-paper-scissors).
            weights = [root.children[a].strategy if a in root.children else 0.0 for a in legal]
            x = self.rng.random() * sum(weights)
            for action, weight in zip(legal, weights, strict=True):
                x -= weight
                if x < 0.0:
                    return action
        return max(legal, key=lambda a: _rank(root.children.get(a)))

    def plays_mixed(self, state: State, legal: Sequence[Action]) -> bool:
        """Whether this decision is a simultaneous secret choice played from a mixed strategy."""
        return len(state.to_move()) > 1 and len(legal) <= self.widen_from

    def search(self, state: State, seat: int) -> Node:
        """Grow a tree for `seat` from `state` (a determinization: the truth is never needed) and
        return the node whose children are `seat`'s choices now, with their statistics."""
        root = Node()
        self._fast = random.Random(self.rng.next64())
        limit_plies = self.rollout_limit(state.game)
        self._finish = self.finishes_turn(state.game)
        self._c = self.exploration_for(state.game)
        self._chance = chance_hook(state.game) if self.adjust_luck else None
        self._prior_weight = self.prior_weight_for(state.game)
        # A simultaneous choice is played from the average strategy, not the most visited action,
        # so there the visit counts do not settle the move.
        stoppable = self.early_stop and len(state.to_move()) == 1
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        limit = self._limit = self.iterations_for(state.game)
        done = 0
        stopped_early = False
        while limit is None or done < limit:
            self._iterate(state, seat, root, limit_plies)
            done += 1
            # Checked every iteration: one iteration of a slow game can take milliseconds.
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if stoppable and done % STOP_CHECK_EVERY == 0 and settled(root, self._remaining(done, start)):
                stopped_early = True
                break
        stats = self.root_stats(root, state, seat)
        self.last_search = {
            "iterations": done,
            "seconds": time.perf_counter() - start,
            "stopped_early": stopped_early,
            "visits": {str(a): n.visits for a, n in stats.children.items() if isinstance(a, Action)},
        }
        return stats

    def _remaining(self, done: int, start: float) -> float:
        """Iterations the budget still allows: exact for an iteration budget, estimated from the
        rate so far (padded by STOP_RATE_MARGIN) for a time budget; the smaller if both are set."""
        left = math.inf if self._limit is None else float(self._limit - done)
        if self.seconds is not None:
            elapsed = time.perf_counter() - start
            if elapsed > 0.0:
                rate = done / elapsed
                left = min(left, STOP_RATE_MARGIN * rate * max(0.0, self.seconds - elapsed))
        return left

    # --- one iteration -------------------------------------------------------------------------
    def _fresh_sample(self, state: State, seat: int) -> State:
        """A determinization for `seat` with a new chance stream: the dice and draws to come are
        hidden from every seat, but `determinize` clones the rng, so without a new stream the
        search would know them in advance."""
        sample = state.clone() if state.game.perfect_information else state.determinize(seat, self.rng)
        sample.rng.state = self.rng.next64()
        return sample

    def rollout_limit(self, game: Game) -> int:
        """Plies a rollout may run before the heuristic scores it. Without a heuristic rollouts
        run to the end; a game may set `rollout_cutoff` (an int) where its heuristic is best
        trusted close to the tree (0: score every new leaf at once): the levels cut their rollouts
        there at the latest (a level with a shorter cut-off keeps its own)."""
        if not has_heuristic(game):
            return ROLLOUT_GUARD
        cutoff = self.cutoff
        if self.game_cutoff:
            hint = getattr(game, "rollout_cutoff", None)
            if isinstance(hint, int) and not isinstance(hint, bool) and hint >= 0:
                cutoff = hint if cutoff is None else min(cutoff, hint)
        return ROLLOUT_GUARD if cutoff is None else min(cutoff, ROLLOUT_GUARD)

    def iterations_for(self, game: Game) -> int | None:
        """The iteration budget for `game`: the bot's own, or (with `game_budget`) the game's
        `search_iterations` hint for this level where it names one: a level's table budget is
        what fits its time in that game (a Heroscape iteration costs several Inscription ones).
        One of several root-parallel trees gets its share (`share`), rounded up."""
        if self.game_budget and self.level is not None and self.iterations is not None:
            hint = game.search_iterations
            budget = hint.get(self.level) if hint is not None else None
            if isinstance(budget, int) and not isinstance(budget, bool) and budget > 0:
                return -(-budget // self.share)
        return None if self.iterations is None else -(-self.iterations // self.share)

    def finishes_turn(self, game: Game) -> bool:
        """Whether rollouts first finish the turn under way greedily: the bot's own setting, or
        (with `game_cutoff`) the game's `rollout_finish_turn` hint where it has a heuristic."""
        hint = self.game_cutoff and game.rollout_finish_turn is True
        return (self.finish_turn or hint) and has_heuristic(game)

    def exploration_for(self, game: Game) -> float:
        """UCB's exploration constant for `game`: the bot's own, or (with `game_exploration`)
        the game's `search_exploration` hint where it sets a positive number."""
        if self.game_exploration:
            hint = getattr(game, "search_exploration", None)
            if isinstance(hint, int | float) and not isinstance(hint, bool) and hint > 0:
                return float(hint)
        return self.exploration

    def prior_weight_for(self, game: Game) -> float | None:
        """The weight of heuristic priors in `game` (None: no priors): the bot's own, or (with
        `game_prior`) the game's `search_prior` hint for this level where it names one."""
        if not has_heuristic(game):
            return None
        if self.game_prior and self.level is not None:
            hint = game.search_prior
            weight = hint.get(self.level) if hint is not None else None
            if isinstance(weight, int | float) and not isinstance(weight, bool) and weight > 0:
                return float(weight)
        return self.prior_weight if self.prior is not None else None

    @cython.locals(s=State)
    def _iterate(self, state: State, seat: int, root: Node, limit: int) -> None:
        s = self._fresh_sample(state, seat)
        path, mixed, _, luck, _ = self._descend(s, seat, root)
        if s.is_over():
            values = s.returns()
        else:
            values, luck = self._rollout(s, limit, luck)
        if luck is not None:
            values = [v - lk for v, lk in zip(values, luck, strict=True)]
        back_up(path, mixed, values, count=True)

    @cython.locals(node=Node, decision=Node, joint=Node, s=State)
    def _descend(self, s: State, seat: int, root: Node) -> Walk:
        """One walk down the tree from `root`, playing on the sample `s` until a new node is
        made or the game ends. Returns (the edges taken: (stats node, seat whose result it
        keeps; -1 for a node that only counts visits), the regret-matching decisions to update:
        (seat, the children offered, their probabilities, chosen), the simultaneous phase still
        open, per seat how far sampled dice moved the heuristic (None: no dice), the last node)."""
        node = root
        node.visits += 1
        path: list[tuple[Node, int]] = []
        mixed: list[tuple[int, list[Node], list[float], int]] = []
        phase: Phase | None = None
        luck: list[float] | None = None
        chance = self._chance
        expanded = False
        first = True
        leaf: Node | None = None
        while not expanded and not s.is_over():
            movers = s.to_move()
            mover = seat if first else movers[0]
            first = False
            if phase is None and len(movers) > 1:
                phase = Phase(node, movers)
            if phase is not None:
                # Inside a simultaneous phase a seat's decision node is keyed by its own choices
                # in the phase only, so it never depends on choices it has not seen.
                key = (SHARED, mover, phase.own[mover])
                decision = phase.root.children.get(key)
                if decision is None:
                    decision = phase.root.children[key] = Node()
                decision.visits += 1
                path.append((decision, -1))
            else:
                decision = node
            legal = s._legal_actions(mover)
            if phase is not None and len(legal) <= self.widen_from:
                child, action, expanded, kids, probs, pick = select_mixed(decision, legal, self.rng)
                mixed.append((mover, kids, probs, pick))
            else:
                child, action, expanded = self._select_in_tree(decision, legal, s, mover)
            if chance is not None and chance(s, action):
                luck = apply_counting_luck(s, mover, action, luck)
            else:
                s._apply(mover, action)
            path.append((child, mover))
            leaf = child
            if phase is None:
                node = child
                continue
            if phase.goes_on(mover, action, s.to_move()):
                continue
            # The phase is over (its choices are revealed): go on below every choice made in it.
            joint = phase.root.children.get(phase.joint)
            if joint is None:
                joint = phase.root.children[phase.joint] = Node()
            joint.visits += 1
            path.append((joint, -1))
            node = joint
            phase = None
        return path, mixed, phase, luck, leaf

    def _select_in_tree(self, node: Node, legal: Sequence[Action], s: State, mover: int) -> tuple[Node, Action, bool]:
        """A decision inside the tree (not a simultaneous one): UCB, with priors where set."""
        if self._prior_weight is not None:
            return self._select_prior(node, legal, s, mover)
        return self._select(node, legal)

    def root_stats(self, root: Node, state: State, seat: int) -> Node:
        """The node whose children hold the statistics of `seat`'s own choices at the root."""
        if len(state.to_move()) > 1:
            return root.children.get((SHARED, seat, ())) or Node()
        return root

    # The tree walk's inner loop: compiled, UCB's arithmetic runs on C doubles and libm's log and
    # sqrt (the functions math.log and math.sqrt call), so both builds pick the same child.
    @cython.locals(c=cython.double, score=cython.double, best_score=cython.double,
                   visits=cython.Py_ssize_t, avail=cython.double, total=cython.double,
                   node=Node, child=Node)
    def _select(self, node: Node, legal: Sequence[Action]) -> tuple[Node, Action, bool]:
        """The child to follow: a new one while widening allows, else the best by UCB with
        availability counts. Returns (child, action, whether it was just created)."""
        children = node.children
        unexpanded: list[Action] = []
        best: Node | None = None
        best_action: Action | None = None
        best_score = -math.inf
        c = self._c
        for action in legal:
            child = children.get(action)
            if child is None:
                unexpanded.append(action)
                continue
            child.avail += 1
            visits = child.visits
            # A child made by a simultaneous decision elsewhere may never have been followed.
            if visits:
                total, avail = child.total, child.avail
                score = total / visits + c * sqrt(log(avail) / visits)
            else:
                score = math.inf
            if score > best_score:
                best, best_action, best_score = child, action, score
        if unexpanded and (best is None or len(legal) - len(unexpanded) < self._allowed(node, len(legal))):
            action = self._pick_new(children, unexpanded)
            child = children[action] = Node()
            return child, action, True
        assert best is not None and best_action is not None
        return best, best_action, False

    def _allowed(self, node: Node, n_legal: int) -> int:
        """How many children progressive widening lets `node` have now."""
        if n_legal <= self.widen_from:
            return n_legal
        return max(self.widen_from, int(self.widen_c * node.visits**self.widen_alpha))

    def _select_prior(self, node: Node, legal: Sequence[Action], s: State, mover: int) -> tuple[Node, Action, bool]:
        """As `_select`, with the heuristic's priors (bots/priors.py): widening best first, each
        action worth `prior_weight` visits of its one-step heuristic."""
        priors = node_priors(node, s, mover, legal, self._chance)
        assert self._prior_weight is not None
        action, child = pick(node, legal, priors, self._c, self._prior_weight, self._allowed(node, len(legal)))
        if child is None:
            child = node.children[action] = Node()
            return child, action, True
        return child, action, False

    def _pick_new(self, children: dict[Any, Node], unexpanded: list[Action]) -> Action:
        """A random unexpanded action among those whose verb has the fewest children so far."""
        if len(unexpanded) == 1:
            return unexpanded[0]
        counts: dict[str, int] = {}
        for key in children:
            if isinstance(key, Action):
                verb = key.verb
                counts[verb] = counts.get(verb, 0) + 1
        if not counts:
            return unexpanded[self.rng.below(len(unexpanded))]
        fewest = min(counts.get(a.verb, 0) for a in unexpanded)
        pool = [a for a in unexpanded if counts.get(a.verb, 0) == fewest]
        return pool[self.rng.below(len(pool))]

    @cython.locals(steps=cython.Py_ssize_t, limit=cython.Py_ssize_t, n=cython.Py_ssize_t, x=cython.double, s=State)
    def _rollout(self, s: State, limit: int, luck: list[float] | None) -> tuple[list[float], list[float] | None]:
        """The result of playing on from `s` (each seat's), and the luck of the dice on the way
        (see `_apply_counting_luck`), added to `luck`."""
        # random.Random draws a float in about a fifth of the time Rng.below takes, and rollouts
        # draw once or twice a ply; it is seeded from the bot's Rng, so searches stay reproducible.
        rnd = self._fast.random
        greedy = self.greedy_rollouts
        chance = self._chance
        # A game that draws a random action without listing them all saves the listing; the
        # draw takes an engine Rng (seeded from the same stream, so still reproducible).
        sampler = None if greedy or not samples_without_listing(s) else Rng(self._fast.getrandbits(64))
        if self._finish:
            luck = finish_turn(s, chance, luck)
        steps = 0
        while not s.is_over():
            if steps >= limit:
                return evaluate_all(s), luck
            movers = s.to_move()
            mover = movers[0] if len(movers) == 1 else movers[int(rnd() * len(movers))]
            if sampler is not None:
                action = s.sample_action(mover, sampler)
            else:
                legal = s._legal_actions(mover)
                n = len(legal)
                if greedy and n > 1 and rnd() < greedy:
                    action = greedy_action(s, mover, legal)
                else:
                    x = rnd() * n  # a C double compiled, as the float it is pure
                    action = legal[int(x)]
            if chance is not None and chance(s, action):
                luck = apply_counting_luck(s, mover, action, luck)
            else:
                s._apply(mover, action)
            steps += 1
        return s.returns(), luck


def settled(root: Node, remaining: float) -> bool:
    """True when the most visited child of `root` keeps the lead even if the runner-up (or any
    child still to be added) got all `remaining` iterations: the move is decided."""
    first = second = 0
    for node in root.children.values():
        visits = node.visits
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > remaining


def _rank(node: Node | None) -> tuple[int, float]:
    """Most visited wins; the mean breaks ties."""
    if node is None:
        return (-1, 0.0)
    return (node.visits, node.mean())


#: The levels the CLI, the server and the arena know by name. Each is an iteration budget (a game
#: names its own per level in `search_iterations`: what fits the level's time on one core of the
#: server, compiled, with room to spare) with a time ceiling in wall-clock seconds, so that a move
#: never takes longer whatever the machine's load, while an idle machine plays the same moves
#: every time and the strength bench measures the level itself (`mcts:seconds=none`). Rollouts
#: are cut off and scored by the game's heuristic (where it has one): in most of our games a random
#: playout to the end costs milliseconds to tens of milliseconds, so full rollouts leave too few
#: iterations.
#: The `mcts` and `mcts-hard` budgets are shared between two root-parallel trees, which the server
#: grows on two cores at once (half the wall time a move) and the terminal one after the other.
LEVELS: dict[str, dict[str, Any]] = {
    "mcts-easy": {"iterations": 100, "seconds": 0.5, "exploration": 1.0, "cutoff": 10},
    "mcts": {"iterations": 3_000, "seconds": 1.0, "cutoff": 20, "roots": 2},
    "mcts-hard": {"iterations": 10_000, "seconds": 3.0, "cutoff": 30, "roots": 2},
}

#: What every level does: follow the game's search hints (budget, cut-off, exploration, finishing
#: the turn, priors), stop once the move is decided.
LEVEL_DEFAULTS: dict[str, Any] = {"game_cutoff": True, "game_exploration": True, "early_stop": True,
                                   "game_budget": True, "game_prior": True}


#: Levels other modules add (bots/guided.py): name -> maker(level, seed, **settings).
EXTRA_LEVELS: dict[str, Callable[..., MCTSBot]] = {}


def make_level(level: str, seed: int = 0, **overrides: Any) -> MCTSBot:
    """An MCTS bot of a named level, with any setting overridden (e.g. `iterations=400, seconds=None`)."""
    if level in EXTRA_LEVELS:
        return EXTRA_LEVELS[level](level, seed, **overrides)
    settings = {**LEVEL_DEFAULTS, **LEVELS[level], **overrides}
    # A setting asked for by name is the one used, whatever the game suggests.
    if "cutoff" in overrides:
        settings["game_cutoff"] = False
    if "exploration" in overrides:
        settings["game_exploration"] = False
    if "iterations" in overrides:
        settings["game_budget"] = False
    if "prior" in overrides or "prior_weight" in overrides:
        settings["game_prior"] = False
        settings.setdefault("prior", "heuristic")  # a weight alone asks for the priors
    return MCTSBot(seed, name=level, level=level, **settings)


def _level_factory(level: str) -> Callable[[int], Bot]:
    return lambda seed: make_level(level, seed)


for _level in LEVELS:
    register(_level, _level_factory(_level))
# The game's own strategy (bots/policy.py) is registered here too, so the lazy loader in
# bots/__init__.py finds every search-layer bot through this one module.
register("policy", PolicyBot)
