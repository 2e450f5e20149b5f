# cython: annotation_typing=True
"""A battle (Rulebook, Playing the Game > Attack): the cards under both Creatures revealed, the
two dice, Fortune rerolls, the totals compared (combat.py), the capture."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event

from . import combat, turn, winning
from .cards import CARDS
from .events import CREATURE_NAMES, SORCERY_NAMES, card_list, say
from .state import ATTACK, BATTLE, FORTUNE, OVER, SKILL_TO_WIN, Battle

if TYPE_CHECKING:
    from .state import GlyftsState

_ATT = CARDS.attack
_HP = CARDS.health
_SKILL = CARDS.skill
_CANCELS = tuple(s.cancels_others for s in CARDS.sorceries)


def attack(st: GlyftsState, attacker: int, defender: int, events: list[Event]) -> None:
    st.fought |= (1 << attacker) | (1 << defender)
    b = Battle()
    b.attacker, b.defender = attacker, defender
    b.attacker_cards, b.defender_cards = st.under[attacker], st.under[defender]
    st.under[attacker] = st.under[defender] = ()
    fx = combat.battle_effects(CARDS, b.attacker_cards, b.defender_cards)
    b.cancelled = fx.cancelled
    b.attack_bonus, b.health_bonus = fx.attack_bonus, fx.health_bonus
    b.attacker_captures, b.defender_captures = fx.attacker_captures, fx.defender_captures
    b.attacker_rerolls, b.defender_rerolls = fx.attacker_rerolls, fx.defender_rerolls
    b.attacker_die = b.defender_die = 0  # not rolled yet
    defending = st.owner[defender]
    cancelled = ""
    if fx.cancelled:  # named from the data: the cancelling card is whatever the card list says
        name = [SORCERY_NAMES[k] for k in b.attacker_cards + b.defender_cards if _CANCELS[k]][0]
        cancelled = f"; {name}: every other card in this battle has no effect"
    say(events, f"seat {st.active}'s {CREATURE_NAMES[attacker]} attacks seat {defending}'s {CREATURE_NAMES[defender]}; "
                 f"revealed under {CREATURE_NAMES[attacker]}: {card_list(b.attacker_cards)}; "
                 f"under {CREATURE_NAMES[defender]}: {card_list(b.defender_cards)}{cancelled}")
    st.battle = b
    st.phase = BATTLE



def roll_battle(st: GlyftsState, events: list[Event]) -> None:
    """Rulebook, Playing the Game: the attacking player rolls one D6, the defending player one D6."""
    b = st.battle
    assert b is not None, "the dice are rolled in a battle"
    b.attacker_die = st.rng.randint(1, 6)
    b.defender_die = st.rng.randint(1, 6)
    say(events, f"seat {st.active} rolls {b.attacker_die}, seat {st.owner[b.defender]} rolls {b.defender_die}")
    if b.attacker_rerolls or b.defender_rerolls:
        st.phase = FORTUNE
    else:
        resolve_battle(st, events)



def fortune(st: GlyftsState, seat: int, reroll: bool, events: list[Event]) -> None:
    b = st.battle
    assert b is not None, "Fortune comes only in a battle"
    attacking = bool(b.attacker_rerolls)
    if reroll:
        die = st.rng.randint(1, 6)
        if attacking:
            b.attacker_die, b.attacker_rerolls = die, b.attacker_rerolls - 1
        else:
            b.defender_die, b.defender_rerolls = die, b.defender_rerolls - 1
        say(events, f"Fortune: seat {seat} rerolls and gets {die}")
    else:
        if attacking:
            b.attacker_rerolls = 0
        else:
            b.defender_rerolls = 0
        say(events, f"seat {seat} keeps the roll")
    if not b.attacker_rerolls and not b.defender_rerolls:
        resolve_battle(st, events)



def resolve_battle(st: GlyftsState, events: list[Event]) -> None:
    b = st.battle
    assert b is not None, "only a battle under way is resolved"
    st.battle = None
    for k in b.attacker_cards:
        st.discard[k] += 1
    for k in b.defender_cards:
        st.discard[k] += 1
    a, d = b.attacker, b.defender
    attack_total = _ATT[a] + b.attacker_die + b.attack_bonus
    health_total = _HP[d] + b.defender_die + b.health_bonus
    result = combat.outcome(attack_total, health_total, b.attacker_captures, b.defender_captures)
    attacking, defending = st.active, st.owner[d]
    totals = (f"seat {attacking}'s {CREATURE_NAMES[a]}'s Attack {attack_total} against "
              f"seat {defending}'s {CREATURE_NAMES[d]}'s Health {health_total}: ")
    data = {"attack": attack_total, "health": health_total, "outcome": combat.OUTCOME_TEXT[result]}
    st.phase = ATTACK
    # A capture the totals did not decide was the Capture card's: the line says so.
    if result == combat.DEFENDER_CAPTURED:
        how = "" if attack_total > health_total else " with a Capture card"
        capture(st, attacking, defending, d, totals, data, events, how)
    elif result == combat.ATTACKER_CAPTURED:
        capture(st, defending, attacking, a, totals, data, events, " with a Capture card")
    elif result == combat.STALEMATE:
        say(events, totals + "both would capture the other, a stalemate: neither is captured", data)
    else:
        say(events, totals + f"seat {defending}'s {CREATURE_NAMES[d]} holds, nobody is captured", data)
    if st.phase == OVER:
        return
    if not st.alive[attacking]:
        turn.end_turn(st, events)
    else:
        turn.advance(st, events)



def capture(st: GlyftsState, captor: int, loser: int, creature: int, totals: str, data: dict, events: list[Event],
            how: str = "") -> None:
    st.circle[loser].remove(creature)
    st.captured[captor].append(creature)
    st.quiet = 0
    st.score[captor] += _SKILL[creature]
    say(events, f"{totals}seat {captor} captures seat {loser}'s {CREATURE_NAMES[creature]}{how} "
        f"({_SKILL[creature]} Skill, {st.score[captor]} in all)", data)
    if st.score[captor] >= SKILL_TO_WIN:
        winning.finish(st, [captor], events, f"seat {captor} has {st.score[captor]} Skill points and wins")
        return
    if not st.circle[loser] and not st.reserve[loser]:
        winning.eliminate(st, loser, events)
