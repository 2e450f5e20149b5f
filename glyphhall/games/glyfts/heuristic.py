"""How good a Glyfts position looks for one seat, in [0, 1], from what that seat may see.

The race is to 10 captured Skill points, so the score dominates; Creatures in the Circle are the
means to capture (and the targets), cards in hand are future bonuses. Opponents' hands and
reserves are counted, never looked into."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .cards import CARDS

if TYPE_CHECKING:
    from .state import GlyftsState

_ATT = CARDS.attack
_HP = CARDS.health
_SKILL = CARDS.skill

# Weights, in Skill points.
W_ATTACK = 0.12  # per point of Attack in the Circle: chances to capture
W_HEALTH = 0.06  # per point of Health in the Circle: resisting capture
W_EXPOSED = 0.25  # per Skill point of one's Creatures in the Circle: what opponents can take
W_PRESENCE = 0.5  # per Creature in the Circle (a player with none cannot attack)
W_RESERVE = 0.1  # per Creature left in reserve (staying power)
W_CARD = 0.12  # per Sorcery card in hand or face down
SCALE = 3.0  # Skill points of advantage that make a position look clearly won


def strength(state: GlyftsState, p: int) -> float:
    value = float(state.score[p])
    circle = state.circle[p]
    for c in circle:
        value += W_ATTACK * _ATT[c] + W_HEALTH * _HP[c] - W_EXPOSED * _SKILL[c]
        value += W_CARD * len(state.under[c])
    value += W_PRESENCE * min(len(circle), 3)
    value += W_RESERVE * len(state.reserve[p])
    value += W_CARD * sum(state.hands[p])
    return value


def evaluate(state: GlyftsState, seat: int) -> float:
    if state.is_over():
        return state.returns()[seat]
    if not state.alive[seat]:
        return 0.0
    mine = strength(state, seat)
    best_other = max(strength(state, p) for p in range(state.num_players) if p != seat and state.alive[p])
    # Near the finish line, a lead counts for more.
    urgency = 1.0 + max(state.score) / 10.0
    return 0.5 + 0.5 * math.tanh(urgency * (mine - best_other) / SCALE)
