# cython: annotation_typing=True
"""The legal actions of a seat and applying one: the dispatch from an action to the rule module
that carries it out. `is_legal` checks directly, without building the list."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Action, Event

from . import turn

# (the rules' entry points as this module's globals: a module attribute is a dictionary lookup
# at every call)
from .battles import attack, fortune, roll_battle
from .cards import CARDS
from .deploy import deploy
from .events import say
from .notation import ATTACK as ATTACK_ACTIONS
from .notation import CREATURE_INDEX, DONE, KEEP, REROLL, ROLL, SORCERY_INDEX
from .notation import DEPLOY as DEPLOY_ACTIONS
from .notation import GLYFT as GLYFT_ACTIONS
from .notation import PLACE as PLACE_ACTIONS
from .notation import SUMMON as SUMMON_ACTIONS
from .state import ATTACK, BATTLE, DEPLOY, FORTUNE, PLACE, SUMMON, SUMMONING
from .summoning import choose_summon, play_glyft, roll_summon
from .turn import end_turn
from .turn import place as place_sorcery

if TYPE_CHECKING:
    from .state import GlyftsState

_AFF = CARDS.affiliation
_DISCOUNTS = CARDS.discounts


@cython.locals(k=cython.Py_ssize_t, c=cython.Py_ssize_t, a=cython.Py_ssize_t, d=cython.Py_ssize_t,
               p=cython.Py_ssize_t, fought=object, hand=list, circle=list, targets=list, out=list, row=tuple)
def legal_actions(st: GlyftsState, seat: cython.int) -> list[Action]:
    # The interned actions' tables are module globals here (an attribute of the notation module
    # is a dictionary lookup at every read), indexed typed.
    phase = st.phase
    if phase == PLACE:
        hand = st.hands[seat]
        circle = st.circle[seat]
        out = []
        for k in range(len(hand)):
            if hand[k]:
                row = PLACE_ACTIONS[k]
                for c in circle:
                    out.append(row[c])
        out.append(DONE)
        return out
    if phase == ATTACK:
        fought = st.fought
        targets = []
        for p in range(st.num_players):
            if p != seat:
                for d in st.circle[p]:
                    if not fought >> d & 1:
                        targets.append(d)
        out = []
        for a in st.circle[seat]:
            if not fought >> a & 1:
                row = ATTACK_ACTIONS[a]
                for d in targets:
                    out.append(row[d])
        out.append(DONE)
        return out
    if phase == BATTLE:
        return [ROLL]
    if phase == FORTUNE:
        return [REROLL, KEEP]
    if phase == SUMMON:
        out = [SUMMON_ACTIONS[c] for c in st.reserve[seat]]
        out.append(DONE)
        return out
    if phase == SUMMONING:
        hand = st.hands[seat]
        out = [GLYFT_ACTIONS[k] for k, _ in _DISCOUNTS[_AFF[st.summoning]] if hand[k]]
        out.append(ROLL)
        return out
    if phase == DEPLOY:
        return [DEPLOY_ACTIONS[c] for c in st.reserve[seat]]
    return []


def is_legal(st: GlyftsState, seat: int, action: Action) -> bool:
    """A direct check (no list building); agrees with `_legal_actions`."""
    if not isinstance(action, Action):
        return False
    verb, args, phase = action.verb, action.args, st.phase
    try:
        if verb == "done":
            return not args and phase in (PLACE, ATTACK, SUMMON)
        if verb in ("reroll", "keep"):
            return not args and phase == FORTUNE
        if verb == "roll":
            return not args and phase in (SUMMONING, BATTLE)
        if phase == PLACE and verb == "place" and len(args) == 2:
            k, c = SORCERY_INDEX[args[0]], CREATURE_INDEX[args[1]]
            return st.hands[seat][k] > 0 and c in st.circle[seat]
        if phase == ATTACK and verb == "attack" and len(args) == 2:
            a, d = CREATURE_INDEX[args[0]], CREATURE_INDEX[args[1]]
            if st.fought >> a & 1 or st.fought >> d & 1 or a not in st.circle[seat]:
                return False
            return any(d in st.circle[p] for p in range(st.num_players) if p != seat)
        if len(args) != 1:
            return False
        if phase == SUMMON and verb == "summon":
            return CREATURE_INDEX[args[0]] in st.reserve[seat]
        if phase == DEPLOY and verb == "deploy":
            return CREATURE_INDEX[args[0]] in st.reserve[seat]
        if phase == SUMMONING and verb == "glyft":
            k = SORCERY_INDEX[args[0]]
            return st.hands[seat][k] > 0 and any(k == g for g, _ in _DISCOUNTS[_AFF[st.summoning]])
    except (KeyError, TypeError):
        return False
    return False



#: A verb's number: `apply_action` dispatches on one dict lookup (the verb's hash is kept) where a
#: chain of string comparisons compared up to eight verbs.
_VERB_NUMBER = {"place": 0, "attack": 1, "done": 2, "reroll": 3, "keep": 4, "summon": 5, "glyft": 6, "roll": 7,
                "deploy": 8}


@cython.locals(verb=cython.int, args=tuple)
def apply_action(st: GlyftsState, seat: cython.int, action: Action) -> list[Event]:
    events: list[Event] = []
    verb = _VERB_NUMBER.get(action.verb, -1)
    args = action.args
    if verb == 0:
        place_sorcery(st, seat, SORCERY_INDEX[args[0]], CREATURE_INDEX[args[1]], events)
    elif verb == 1:
        attack(st, CREATURE_INDEX[args[0]], CREATURE_INDEX[args[1]], events)
    elif verb == 2:
        if st.phase == PLACE:
            st.phase = ATTACK
            turn.advance(st, events)
        elif st.phase == ATTACK:
            st.phase = SUMMON
            turn.advance(st, events)
        else:
            say(events, f"seat {seat} does not summon")
            end_turn(st, events)
    elif verb == 3 or verb == 4:
        fortune(st, seat, verb == 3, events)
    elif verb == 5:
        choose_summon(st, CREATURE_INDEX[args[0]], events)
    elif verb == 6:
        play_glyft(st, SORCERY_INDEX[args[0]], events)
    elif verb == 7:
        if st.phase == BATTLE:
            roll_battle(st, events)
        else:
            roll_summon(st, events)
    elif verb == 8:
        deploy(st, seat, CREATURE_INDEX[args[0]], events)
    return events
