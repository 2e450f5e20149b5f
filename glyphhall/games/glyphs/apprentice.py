"""The apprentice: plain functions the bots layer wraps as a bot (the game never imports bots).

    choose(state, seat, rng) -> Action

`state` may be (and for bots always is) a determinization: only public facts are read (marks on
the board, coins, the public level), never the sampled decree. The method:
- hypothesis space and posterior: belief.posterior (library atoms and and/or pairs, prior by
  size and public level, deterministic likelihood from the marks);
- glyph choice: the pool glyph with the largest expected information gain, which for a
  deterministic answer is the binary entropy of the posterior predictive P(approved); ties go to
  fewer shapes;
- perform or study: perform while the apprentice has fewer than PERFORM_BELOW coins (a coin is
  what pays for guesses; with no rival, performing is free), else study so rivals earn nothing;
- prediction: the posterior predictive of the glyph, thresholded at 1/2;
- guesses: early. A wrong guess costs a coin but returns a counterexample, which is free
  information, so the apprentice guesses the heaviest hypothesis as soon as it carries
  GUESS_MASS of the posterior (lower when coins are plentiful)."""

from __future__ import annotations

import numpy as np

from glyphhall.engine import Action, Rng

from .belief import glyph_truth, posterior
from .decrees.english import render
from .pool import pool, pool_sizes
from .state import APPROVED, REJECTED, glyph_text

PERFORM_BELOW = 3
GUESS_MASS = 0.3
GUESS_MASS_RICH = 0.12


def belief_of(state, seat: int):
    """What `seat` believes about the decree: the hypothesis classes its board allows, heaviest first."""
    return posterior(state.board_of(seat).marks(), state.level_hint(), allow_inconsistent=True)


def class_truth(post, shapes) -> np.ndarray:
    """bool[class]: each surviving class's verdict on one glyph."""
    t = glyph_truth(shapes)
    c = post.conds
    ti, tj = t[c.i], t[c.j]
    return np.where(c.op == 0, ti, np.where(c.op == 1, ti & tj, np.where(c.op == 2, ti | tj, ~ti)))


def predict(state, seat: int, shapes) -> float:
    """P(the glyph is approved) under the apprentice's posterior."""
    post = belief_of(state, seat)
    if not len(post):
        return 0.5
    return float(post.weights @ class_truth(post, shapes))


def best_glyph(state, seat: int) -> tuple:
    """The pool glyph with the highest expected information gain (fewer shapes on ties)."""
    post = belief_of(state, seat)
    on_board = {g[0] for g in state.board_of(seat).glyphs}
    if not len(post):
        return pool()[0]
    p = np.clip(post.predictive(), 1e-9, 1 - 1e-9)
    entropy = -(p * np.log2(p) + (1 - p) * np.log2(1 - p))
    score = entropy - 0.002 * pool_sizes()
    for i in np.argsort(-score):
        g = pool()[int(i)]
        if g not in on_board:
            return g
    return pool()[0]


def guess_choice(state, seat: int, mass: float = GUESS_MASS, rich_mass: float = GUESS_MASS_RICH):
    """The decree to guess now, or None to pass: the heaviest hypothesis once it carries `mass`
    of the belief (`rich_mass` with two coins or more). bench/strength/glyphs_guessing.py measures them."""
    coins = state.coins[seat]
    if coins <= 0:
        return None
    post = belief_of(state, seat)
    if not len(post):
        return None
    threshold = rich_mass if coins >= 2 else mass
    if post.weights[0] < threshold and len(post) > 1:
        return None
    cond = post.conds[0]
    from .mage import contradictions

    if contradictions(cond, state.board_of(seat).marks()):
        return None  # only a fallback hypothesis is left; guessing it would be refused
    return cond


def choose(state, seat: int, rng: Rng) -> Action:
    """The apprentice's move for `seat` (any phase; outside an apprentice's phases: a legal action)."""
    phase = state.phase
    if phase == "build" and state.turn == seat:
        g = best_glyph(state, seat)
        text = glyph_text(g)
        if state.mode == "duel":
            return Action("build", (text,))
        return Action("perform" if state.coins[seat] < PERFORM_BELOW else "study", (text,))
    if phase == "predict":
        p = predict(state, seat, state.pending[0])
        return Action("predict", (APPROVED if p >= 0.5 else REJECTED,))
    if phase == "guess" and state.turn == seat:
        cond = guess_choice(state, seat)
        return Action("guess", (render(cond),)) if cond is not None else Action("pass")
    if phase == "confirm" and state.turn == seat:
        return Action("confirm")
    legal = state.legal_actions(seat)
    return rng.choice(legal)
