# cython: annotation_typing=True
"""ROLL and REROLL (rulebook steps 2 and 3): the pool is rolled, dice are marked and rerolled
together (or kept); at the end of the REROLL the War Glyph +/-1 token acts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Action, Event
from glyphhall.engine.events import public_event

from .actions import act
from .data import DOUBLE, GLYPHS, WAR
from .dice import die_key, roll
from .replenish import POOL_LIMIT
from .state import MAIN, REROLL, T_REROLLED, T_VWAR, WAR_LOSS

if TYPE_CHECKING:
    from .champion import Champion
    from .state import TundrusState

MARK = [act("mark", (i + 1,)) for i in range(2 * POOL_LIMIT)]
HOLD = [act("hold", (i + 1,)) for i in range(2 * POOL_LIMIT)]
LOSE = [act("lose", (i + 1,)) for i in range(2 * POOL_LIMIT)]
REROLL_ACTION, KEEP = act("reroll"), act("keep")


def reroll_actions(s: TundrusState) -> list[Action]:
    """Mark any unused die not marked yet; reroll the marked ones, or keep the roll."""
    marks = s.marks
    out = [MARK[i] for i, d in enumerate(s.pool) if not d[4] and i not in marks]
    if marks:
        out.append(REROLL_ACTION)
    out.append(KEEP)
    return out


def roll_pool(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    s.pool = [(d[0], d[1], d[2], roll(s, d[0]), False, d[5]) for d in s.pool]
    # An empty pool (every die given away) rolls nothing: say so rather than "rolls:".
    events.append(public_event(f"{c.cid} rolls: {pool_text(s)}" if s.pool else f"{c.cid} has no dice to roll",
                               data={"seat": c.seat}))
    if c.token("dazing_shot", armed_only=True) is not None:
        events.append(public_event(f"{c.cid} is dazed and skips the REROLL", data={"seat": c.seat}))
        enter_main(s, c, events)
    else:
        s.marks = []
        s.phase = REROLL


def mark(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    s.marks = s.marks + [int(args[0]) - 1]


def reroll(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    again = [i for i in sorted(s.marks) if not s.pool[i][4]]  # a die used since it was marked stays
    for i in again:
        d = s.pool[i]
        s.pool[i] = (d[0], d[1], d[2], roll(s, d[0]), False, d[5])
    events.append(public_event(f"{c.cid} rerolls {len(again)} {'die' if len(again) == 1 else 'dice'}: {pool_text(s)}", data={"seat": c.seat}))
    s.marks = []
    enter_main(s, c, events)


def keep(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    s.marks = []
    enter_main(s, c, events)


def enter_main(s: TundrusState, c: Champion, events: list[Event]) -> None:
    """End of REROLL: the War Glyph +/-1 token acts now (once per Turn, reference B4)."""
    s.phase = MAIN
    if s.turn[T_REROLLED]:
        return
    s.turn[T_REROLLED] = 1
    side = c.token("war_glyph", armed_only=True)
    if side is None:
        return
    if side > 0:
        s.turn[T_VWAR] += 1
        events.append(public_event(f"{c.cid} has one extra War Glyph", data={"seat": c.seat}))
        return
    dice = war_dice(s)
    if not dice:
        return
    if len({die_key(s.pool[i]) for i in dice}) > 1:  # the player chooses (reference B4: "its choice")
        s.phase = WAR_LOSS
        return
    lose(s, c, (dice[0] + 1,), events)  # identical dice: no choice to make


def war_dice(s: TundrusState) -> list[int]:
    """Unused dice showing a War Glyph, single or Double."""
    return [i for i, d in enumerate(s.pool) if not d[4] and (d[3] == WAR or d[3] == WAR + DOUBLE)]


def lose(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    """The War Glyph -1 token: a single War die is used up, a Double keeps one War Glyph."""
    i = int(args[0]) - 1
    d = s.pool[i]
    s.pool[i] = (d[0], d[1], d[2], WAR, d[3] == WAR, d[5])
    s.phase = MAIN
    events.append(public_event(f"{c.cid} loses the War Glyph of die {i + 1} (War Glyph -1)", data={"seat": c.seat}))


def pool_text(s: TundrusState) -> str:
    return ", ".join([  # a list, not a generator: compiled, a generator is an object made per call
        f"{i + 1}:{s.colour_name(d[0])} {GLYPHS[d[3]] if d[3] >= 0 else '?'}{' (used)' if d[4] else ''}"
        for i, d in enumerate(s.pool)
    ])
