"""How good a Glyfts position looks for one seat, in [0, 1], from what that seat may see.

The race is to 10 captured Skill points. Besides the score itself, a Creature in the Circle is
worth the Skill it can expect to capture (its best target, by the dice odds) and costs the Skill
an opponent can expect to take from it. Cards count by where they lie: Strength under a strong
attacker, Ward or Capture under an exposed Creature, Glyft cards in the hand for summoning.
Opponents' hands, face-down cards and reserves are counted, never looked into."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .cards import CARDS

if TYPE_CHECKING:
    from .state import GlyftsState

_ATT = CARDS.attack
_HP = CARDS.health
_SKILL = CARDS.skill
_COST = CARDS.roll_cost
_AFF = CARDS.affiliation
_DISCOUNTS = CARDS.discounts
_SORC = CARDS.sorceries


def _beat_table() -> dict[int, float]:
    """P(x + D6 > D6), for a lead x of Attack over Health."""
    out = {}
    for lead in range(-20, 21):
        wins = sum(1 for a in range(1, 7) for d in range(1, 7) if lead + a > d)
        out[lead] = wins / 36.0
    return out


_BEAT = _beat_table()
_GLYFT_KINDS = tuple(s.index for s in _SORC if s.summon_discount)

W_OFFENSE = 0.9  # per expected Skill captured next attack
W_EXPOSURE = 0.6  # per expected Skill lost to the strongest opposing attacker
W_PRESENCE = 0.6  # per Creature in the Circle, up to three (no Creature, no attack)
W_RESERVE = 0.08  # per Creature left in reserve (staying power)
W_CARD = 0.15  # a battle card in hand
W_GLYFT = 0.05  # a Glyft card in hand: only good for summoning, so worth spending on it
W_FACE_DOWN = 0.3  # a battle card placed: it acts when its Creature fights
SCALE = 3.0  # Skill points of advantage that make a position look clearly won


def _beat(lead: int) -> float:
    return _BEAT[max(-20, min(20, lead))]


def _card_bonus(kinds: tuple[int, ...]) -> tuple[int, int, bool]:
    """Attack bonus, Health bonus and capture from cards, as their owner knows them."""
    att = hp = 0
    cap = False
    for k in kinds:
        card = _SORC[k]
        att += card.attack_bonus
        hp += card.health_bonus
        cap = cap or card.captures
    return att, hp, cap


def strength(state: GlyftsState, p: int, seat: int) -> float:
    value = float(state.score[p])
    n = state.num_players
    opponents = [q for q in range(n) if q != p and state.alive[q]]
    circle = state.circle[p]
    if p == seat and state.pending[p]:
        circle = circle + state.pending[p]  # setup picks count as already in the Circle
    targets = [d for q in opponents for d in state.circle[q]]
    attackers = targets
    for c in circle:
        known = state.under[c] if p == seat else ()
        hidden = 0 if p == seat else len(state.under[c])
        att_bonus, hp_bonus, cap = _card_bonus(known)
        # Unknown face-down cards: about one in six battle cards is +2, one in twelve captures.
        att_bonus += hidden
        hp_bonus += hidden
        if targets:
            best = max(_beat(_ATT[c] + att_bonus - _HP[d]) * _SKILL[d] for d in targets)
            value += W_OFFENSE * (max(best, 0.5 * max(_SKILL[d] for d in targets)) if cap else best)
        if attackers:
            risk = max(_beat(_ATT[a] - _HP[c] - hp_bonus) for a in attackers)
            if cap:
                risk *= 0.2  # a Capture card underneath turns most attacks into stalemates
            value -= W_EXPOSURE * risk * _SKILL[c]
        value += W_FACE_DOWN * len(state.under[c]) - W_CARD * len(known)  # placed, no longer in hand
    value += W_PRESENCE * min(len(circle), 3)
    value += W_RESERVE * len(state.reserve[p])
    if p == seat:
        hand = state.hands[p]
        glyfts = sum(hand[k] for k in _GLYFT_KINDS)
        value += W_CARD * (sum(hand) - glyfts) + W_GLYFT * glyfts
    else:
        value += W_CARD * sum(state.hands[p])
    if p == state.active and state.summoning >= 0:
        # A summon under way: its chance of success, from the cost after the Glyft cards played.
        need = _COST[state.summoning] - state.discount
        value += W_PRESENCE * min(1.0, max(0.0, (7 - need) / 6.0))
    return value


def evaluate(state: GlyftsState, seat: int) -> float:
    if state.is_over():
        return state.returns()[seat]
    if not state.alive[seat]:
        return 0.0
    mine = strength(state, seat, seat)
    best_other = max(strength(state, p, seat) for p in range(state.num_players) if p != seat and state.alive[p])
    urgency = 1.0 + max(state.score) / 10.0  # near the finish line a lead counts for more
    return 0.5 + 0.5 * math.tanh(urgency * (mine - best_other) / SCALE)
