"""Action notation. Every action is built once here and shared, so legal-move lists allocate nothing.

    deploy <creature>            setup: put one of your Creatures into the Combat Circle (twice, secretly)
    place <sorcery> <creature>   put a card from your hand face down under your Creature (up to two a turn)
    attack <yours> <theirs>      one battle between your Creature and an opposing one: cards revealed
    roll                         roll the two battle dice (or the summon D6)
    reroll | keep                a revealed Fortune card: roll your battle D6 again, or keep it
    summon <creature>            try to summon a Creature from your reserve
    glyft <sorcery>              play a Glyft card of that Creature's affiliation (Roll cost -1)
    done                         stop placing cards / stop attacking / do not summon
"""

from __future__ import annotations

from glyphhall.engine import Action

from .cards import CARDS

NOTATION_HELP = (
    "deploy <creature> (setup, twice) · place <sorcery> <creature> (up to two a turn, face down) · "
    "attack <your creature> <their creature>, then roll · reroll / keep (Fortune) · "
    "summon <creature> · glyft <sorcery> (lowers the Roll cost), then roll · done (end placing, attacking, or skip summoning). "
    "Creatures and sorceries are written by id, e.g. 'attack storm_roc leviathan', 'place ward storm_roc'."
)

_C = [c.id for c in CARDS.creatures]
_S = [s.id for s in CARDS.sorceries]

DONE = Action("done")
REROLL = Action("reroll")
KEEP = Action("keep")
ROLL = Action("roll")
DEPLOY = tuple(Action("deploy", (c,)) for c in _C)
SUMMON = tuple(Action("summon", (c,)) for c in _C)
GLYFT = tuple(Action("glyft", (s,)) for s in _S)
PLACE = tuple(tuple(Action("place", (s, c)) for c in _C) for s in _S)
ATTACK = tuple(tuple(Action("attack", (a, d)) for d in _C) for a in _C)

# Keyed by an action's argument (int | str): an int names no card and is simply not found.
CREATURE_INDEX: dict[int | str, int] = {c: i for i, c in enumerate(_C)}
SORCERY_INDEX: dict[int | str, int] = {s: i for i, s in enumerate(_S)}
