# cython: annotation_typing=True
"""How good a Glyfts position looks for one seat, in [0, 1], from what that seat may see.

The race is to 10 captured Skill points. Besides the score itself, a Creature in the Circle is
worth the Skill it can expect to capture (its best target, by the dice odds) and costs the Skill
an opponent can expect to take from it. Cards count by where they lie: Strength under a strong
attacker, Ward or Capture under an exposed Creature, Glyft cards in the hand for summoning.
Opponents' hands, face-down cards and reserves are counted, never looked into."""

from __future__ import annotations

import math
from array import array

from . import battles, combat

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

if cython.compiled:  # libm's tanh on a C double: the function math.tanh calls
    from cython.cimports.libc.math import tanh
else:
    from math import tanh

from .cards import CARDS
from .state import ATTACK, GlyftsState

# The Creatures' numbers as C arrays when compiled (heuristic.pxd types them), read by index.
_ATT = array("l", CARDS.attack)
_HP = array("l", CARDS.health)
_SKILL = array("l", CARDS.skill)
_COST = CARDS.roll_cost
_AFF = CARDS.affiliation
_DISCOUNTS = CARDS.discounts
_SORC = CARDS.sorceries


def _beat_table() -> array[float]:
    """P(x + D6 > D6), for a lead x of Attack over Health, at x + 20 (x from -20 to 20)."""
    out = array("d")
    for lead in range(-20, 21):
        wins = sum(1 for a in range(1, 7) for d in range(1, 7) if lead + a > d)
        out.append(wins / 36.0)
    return out


_BEAT = _beat_table()
_GLYFT_KINDS = tuple(s.index for s in _SORC if s.summon_discount)
_TYPICAL_ATT = round(sum(CARDS.attack) / len(CARDS.attack))
_TYPICAL_HP = round(sum(CARDS.health) / len(CARDS.health))
_TYPICAL_SKILL = sum(CARDS.skill) / len(CARDS.skill)

W_OFFENSE = 0.9  # per expected Skill captured next attack
W_EXPOSURE = 0.6  # per expected Skill lost to the strongest opposing attacker
W_PRESENCE = 0.6  # per Creature in the Circle, up to three (no Creature, no attack)
W_RESERVE = 0.08  # per Creature left in reserve (staying power)
W_CARD = 0.15  # a battle card in hand
W_GLYFT = 0.05  # a Glyft card in hand: only good for summoning, so worth spending on it
W_FACE_DOWN = 0.15  # a battle card placed: it acts when its Creature fights
W_UNSEEN = 0.7  # the typical Creature stands for opponents not yet in the Circle, with less weight
SCALE = 3.0  # Skill points of advantage that make a position look clearly won


@cython.cfunc
def _beat(lead: cython.long) -> float:
    if lead < -20:
        lead = -20
    elif lead > 20:
        lead = 20
    return _BEAT[lead + 20]


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


# The search bots call `evaluate` for nearly every position they reach, so `strength` reads
# tables built once rather than recomputing dice odds (the values are exactly the same).
_MAX_ATTACK = 63
_ROW = _MAX_ATTACK + 1
#: _OFFENSE[d * _ROW + total]: P(total + D6 > Health of d + D6) * Skill of d, the Skill expected
#: from attacking Creature d with Attack `total` (capped at _MAX_ATTACK, far past certainty).
_OFFENSE = array("d", [_beat(total - _HP[d]) * _SKILL[d] for d in range(len(_HP)) for total in range(_ROW)])
#: Cards under a Creature, as their owner knows them: bonuses, and how many are battle cards.
_KNOWN_CARDS: dict[tuple[int, ...], tuple[int, int, bool, int]] = {}


@cython.cfunc
def _known_cards(kinds: tuple[int, ...]) -> tuple[int, int, bool, int]:
    found = _KNOWN_CARDS.get(kinds)
    if found is None:
        att, hp, cap = _card_bonus(kinds)
        battle_cards = sum(1 for k in kinds if not _SORC[k].summon_discount)
        found = _KNOWN_CARDS[kinds] = (att, hp, cap, battle_cards)
    return found


# The search spends most of its Glyfts time here: compiled, the sums below run on C doubles
# and ints (`@cython.locals`; the weights are copied into typed locals), with the same
# operations in the same order as the Python, so both builds give the same floats.
@cython.locals(value=cython.double, best=cython.double, x=cython.double, risk=cython.double,
               top_skill=cython.double, total=cython.Py_ssize_t, top_attack=cython.Py_ssize_t,
               att_bonus=cython.Py_ssize_t, hp_bonus=cython.Py_ssize_t, hidden=cython.Py_ssize_t,
               battle_cards=cython.Py_ssize_t, w_offense=cython.double, w_exposure=cython.double,
               w_face_down=cython.double, w_unseen=cython.double, cards=cython.Py_ssize_t,
               glyfts=cython.Py_ssize_t, c=cython.Py_ssize_t, d=cython.Py_ssize_t)
def strength(state: GlyftsState, p: cython.int, seat: cython.int) -> float:
    w_offense, w_exposure, w_face_down, w_unseen = W_OFFENSE, W_EXPOSURE, W_FACE_DOWN, W_UNSEEN
    value = float(state.score[p])
    n = state.num_players
    alive = state.alive
    circles = state.circle
    under = state.under
    circle = circles[p]
    if p == seat and state.pending[p]:
        circle = circle + state.pending[p]  # setup picks count as already in the Circle
    targets = [d for q in range(n) if q != p and alive[q] for d in circles[q]]
    top_skill = top_attack = 0
    # The largest Skill and Attack among the targets: the strongest attacker is the most
    # dangerous to every Creature (the odds only grow with the Attack), so one maximum serves
    # them all. (Loops, not max(): compiled, they run in C.)
    for d in targets:
        if _SKILL[d] > top_skill:
            top_skill = _SKILL[d]
        if _ATT[d] > top_attack:
            top_attack = _ATT[d]
    own = p == seat
    for c in circle:
        if own:
            att_bonus, hp_bonus, cap, battle_cards = _known_cards(under[c])
            hidden = 0
        else:
            # Unknown face-down cards: about one in six battle cards is +2, one in twelve captures.
            hidden = len(under[c])
            att_bonus = hp_bonus = hidden
            cap = False
            battle_cards = 0
        if targets:
            total = _ATT[c] + att_bonus
            if total > _MAX_ATTACK:
                total = _MAX_ATTACK
            d = targets[0]
            best = _OFFENSE[d * _ROW + total]
            for d in targets:
                x = _OFFENSE[d * _ROW + total]
                if x > best:
                    best = x
            value += w_offense * (max(best, 0.5 * top_skill) if cap else best)
            risk = _beat(top_attack - _HP[c] - hp_bonus)
        else:
            # No opposing Creature in sight (setup, or all captured): judge against a typical one.
            value += w_offense * w_unseen * _beat(_ATT[c] + att_bonus - _TYPICAL_HP) * _TYPICAL_SKILL
            risk = w_unseen * _beat(_TYPICAL_ATT - _HP[c] - hp_bonus)
        if cap:
            risk *= 0.2  # a Capture card underneath turns most attacks into stalemates
        value -= w_exposure * risk * _SKILL[c]
        # A battle card under a Creature acts when it fights (its bonus is counted above); a Glyft
        # card there is only a bluff. Unknown cards of opponents count as battle cards.
        value += w_face_down * (hidden + battle_cards)
    value += W_PRESENCE * min(len(circle), 3)
    value += W_RESERVE * len(state.reserve[p])
    hand = state.hands[p]
    cards = 0
    for k in hand:
        cards += k
    if own:
        glyfts = 0
        for k in _GLYFT_KINDS:
            glyfts += hand[k]
        value += W_CARD * (cards - glyfts) + W_GLYFT * glyfts
    else:
        value += W_CARD * cards
    if p == state.active and state.summoning >= 0:
        # A summon under way: its chance of success, from the cost after the Glyft cards played.
        need = _COST[state.summoning] - state.discount
        value += W_PRESENCE * min(1.0, max(0.0, (7 - need) / 6.0))
    return value


#: battle_outcomes for each (lead before the dice, dice or None, captures on each side).
_OUTCOMES: dict[tuple[int, int, int, bool, bool], list[tuple[float, int]]] = {}


def battle_outcomes(state: GlyftsState) -> list[tuple[float, int]]:
    """The chances of each outcome (combat.REPELLED, ...) of the battle under way: over all 36
    rolls before the dice are rolled, or for the rolled dice (pending rerolls ignored)."""
    b = state.battle
    assert b is not None, "called with a battle under way"
    base = _ATT[b.attacker] + b.attack_bonus - _HP[b.defender] - b.health_bonus
    key = (base, b.attacker_die, b.defender_die, b.attacker_captures, b.defender_captures)
    found = _OUTCOMES.get(key)
    if found is not None:
        return found
    if b.attacker_die:
        rolls = [(b.attacker_die, b.defender_die)]
    else:
        rolls = [(x, y) for x in range(1, 7) for y in range(1, 7)]
    counts: dict[int, int] = {}
    for x, y in rolls:
        result = combat.outcome(base + x, y, b.attacker_captures, b.defender_captures)
        counts[result] = counts.get(result, 0) + 1
    found = _OUTCOMES[key] = [(n / len(rolls), result) for result, n in counts.items()]
    return found


def _after_battle(state: GlyftsState, result: int) -> GlyftsState:
    """A copy of `state` with the battle under way settled as `result` (dice aside)."""
    after = state.clone()
    b = after.battle
    assert b is not None, "called with a battle under way"
    after.battle = None
    after.phase = ATTACK
    attacking, defending = after.active, after.owner[b.defender]
    if result == combat.DEFENDER_CAPTURED:
        battles.capture(after, attacking, defending, b.defender, "", {}, [])
    elif result == combat.ATTACKER_CAPTURED:
        battles.capture(after, defending, attacking, b.attacker, "", {}, [])
    return after


def evaluate(state: GlyftsState, seat: cython.int) -> float:
    if state.battle is not None:
        # A battle under way: the expectation over its outcomes, so that a bot judges an attack by
        # its odds rather than by one roll of the dice. (Loops, not generators: compiled, a
        # generator is an object made per call.)
        total = 0.0
        for p, result in battle_outcomes(state):
            total += p * _evaluate_static(_after_battle(state, result), seat)
        return total
    return _evaluate_static(state, seat)


def _evaluate_static(state: GlyftsState, seat: cython.int) -> float:
    if state.is_over():
        return state.returns()[seat]
    if not state.alive[seat]:
        return 0.0
    mine = strength(state, seat, seat)
    best_other = -math.inf
    for p in range(state.num_players):
        if p != seat and state.alive[p]:
            other = strength(state, p, seat)
            if other > best_other:
                best_other = other
    lead = 0  # the highest score: near the finish line a lead counts for more
    for points in state.score:
        if points > lead:
            lead = points
    urgency = 1.0 + lead / 10.0
    return 0.5 + 0.5 * tanh(urgency * (mine - best_other) / SCALE)
