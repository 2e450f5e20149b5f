"""Glyph (tundrus) positions as data, a Turn in progress (README, "Positions", `[turn]`): the
active champion, the step its Turn is in, the Active Dice Pool (rolled or not, used or not),
dice marked or held, Glyphs Gained apart from dice, the FREE ACTIONs already used and the dice
Gained this Turn. The start of that Turn is behind it: its start-of-Turn effects are not run."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import LoadError, PositionData

from . import free, rounds
from .champion import SOURCE_NAMES, TRIBAL
from .dice import return_die
from .position_board import die_spec
from .replenish import DICE_PER_ENERGY, POOL_LIMIT, counts_for_replenish
from .state import (
    MAIN,
    RELEASE,
    REPLENISH,
    REROLL,
    SECONDARY,
    T_BOUGHT,
    T_COUNTED,
    T_FORESIGHT,
    T_FREE,
    T_GAMBIT,
    T_PRIMARY,
    T_REROLLED,
    T_VDEF,
    T_VWAR,
    TURN_FIELDS,
)

if TYPE_CHECKING:
    from .champion import Champion
    from .state import TundrusState

STEPS = {"replenish": REPLENISH, "reroll": REROLL, "main": MAIN, "secondary": SECONDARY, "release": RELEASE}
#: FREE ACTIONs used at most once a Turn (s.once); Foresight and the Gambit token are counted apart.
ONCE = ("twisted_fate", "wall_of_mirrors", "summon_imp", "shiny_red_button")


def set_turn(s: TundrusState, table: PositionData) -> None:
    """The Turn of `champion`, already under way at `step` (its start is behind it)."""
    where = table.where
    cid = table.take("champion", str)
    c = s.champ_by_id(cid)
    if c is None or c.activated or c.defeated:
        raise LoadError(f"'{where}.champion': {cid!r} is not a champion still to activate this round")
    if c.lent:
        raise LoadError(f"'champions.{cid}.lent': lent dice join the Active Dice Pool when its Turn starts; "
                        f"name them in '{where}.pool' with 'lent'")
    step = table.take("step", str, "replenish")
    if step not in STEPS:
        raise LoadError(f"'{where}.step' is one of {', '.join(STEPS)}, not {step!r}")
    s.active, s.next_tribe, s.phase = c.idx, c.tribe, STEPS[step]
    s.turn = [0] * TURN_FIELDS
    s.pool, s.marks, s.once, s.gash, s.fresh = [], [], [], [], []
    _arm(c, table.names("new_tokens", []), f"{where}.new_tokens")
    s.turn[T_FREE] = rounds.free_dice(c)
    _pool(s, c, step, table.names("pool", []), f"{where}.pool")
    _marks(s, step, table)
    _glyphs(s, step, table.table("glyphs"))
    _used(s, c, step, table.names("used", []), f"{where}.used")
    s.fresh = [die_spec(s, d, c, f"{where}.gained")[:3] for d in table.names("gained", [])]
    for die in s.fresh:  # named where they lie: taken above to check they are there, so put back
        return_die(s, die)
    if step == "release" and not (c.energy_dice or any(type(d) is tuple for d in c.temp)):
        raise LoadError(f"'{where}.step': RELEASE needs a die Stored on {cid}'s Tracks")
    table.done()


def _arm(c: Champion, new: list[str], where: str) -> None:
    """Tokens held when the Turn began act now; those placed during it act from its next Turn."""
    for tid in new:
        if tid not in c.tokens:
            raise LoadError(f"'{where}': {c.cid} holds no {tid!r} token (list it in its tokens too)")
    for tid, t in list(c.tokens.items()):
        c.tokens[tid] = [t[0], 0 if tid in new else 1]


def _pool(s: TundrusState, c: Champion, step: str, texts: list[str], where: str) -> None:
    pool = [die_spec(s, d, c, where, pool=True) for d in texts]
    rolled = step != "replenish"
    for i, d in enumerate(pool):
        if (d[3] >= 0) != rolled:
            raise LoadError(f"'{where}': die {i + 1} ({texts[i]!r}) " + (
                "shows no Glyph: after the ROLL every die names its Glyph" if rolled
                else "shows a Glyph, but the dice are not rolled before the ROLL"))
        if d[4] and step in ("replenish", "reroll"):
            raise LoadError(f"'{where}': die {i + 1} is used before the PRIMARY ACTION")
        if d[2] != TRIBAL and d[1] >= 0 and (d[1] == c.idx) == d[5]:
            raise LoadError(f"'{where}': die {i + 1} ({texts[i]!r}): an ally's die is in the pool only when "
                            "lent, and a lent die is an ally's ('red own of <ally> war lent')")
    if sum(1 for d in pool if not d[5]) > POOL_LIMIT:
        raise LoadError(f"'{where}': the Active Dice Pool is limited to {POOL_LIMIT} dice (lent dice aside)")
    s.pool = pool
    counted = sum(1 for d in pool if not d[5] and counts_for_replenish(s, c, SOURCE_NAMES[d[2]]))
    over = max(0, counted - s.turn[T_FREE])
    s.turn[T_COUNTED] = counted
    s.turn[T_BOUGHT] = -(-over // DICE_PER_ENERGY)  # the Energy already spent on REPLENISH
    s.turn[T_REROLLED] = int(step in ("main", "secondary", "release"))
    s.turn[T_PRIMARY] = int(step in ("secondary", "release"))


def _marks(s: TundrusState, step: str, table: PositionData) -> None:
    """`marked` (REROLL: the dice to reroll together) or `held` (MAIN: kept out of the Primary Action)."""
    for key, at in (("marked", "reroll"), ("held", "main")):
        numbers = table.take(key, list, [])
        if not numbers:
            continue
        if step != at:
            raise LoadError(f"'{table.where}.{key}' belongs to the {at} step, not the {step} step")
        for n in numbers:
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(s.pool) or s.pool[n - 1][4]:
                raise LoadError(f"'{table.where}.{key}': {n!r} is not the number of an unused die of the pool")
        s.marks = sorted({n - 1 for n in numbers})


def _glyphs(s: TundrusState, step: str, table: PositionData) -> None:
    """War and Defense Glyphs Gained apart from dice (Sword Dance, Garrison, the War Glyph +1 token)."""
    war, defense = table.take("war", int, 0), table.take("defense", int, 0)
    table.done()
    if war < 0 or defense < 0:
        raise LoadError(f"'{table.where}': a number of Glyphs is 0 or more")
    if (war or defense) and step not in ("main", "secondary"):
        raise LoadError(f"'{table.where}': Glyphs are Gained after the ROLL, for the PRIMARY and SECONDARY ACTIONS")
    s.turn[T_VWAR], s.turn[T_VDEF] = war, defense


def _used(s: TundrusState, c: Champion, step: str, names: list[str], where: str) -> None:
    """FREE ACTIONs already used this Turn: the once-a-Turn ones, Foresight (once per Equipped
    Item: name it as often as used) and the Gambit token."""
    if names and step == "replenish":
        raise LoadError(f"'{where}': no FREE ACTION is used before the ROLL")
    have = free.equipped_abilities(s, c)
    for name in names:
        if name in ("gambit", "foresight") and step == "reroll":
            raise LoadError(f"'{where}': {name!r} repeats the REROLL, after it")
        if name == "gambit":
            if "gambit" not in c.tokens:
                raise LoadError(f"'{where}': 'gambit' needs the Gambit token on {c.cid}")
            s.turn[T_GAMBIT] = 1
        elif name == "foresight" and "foresight" in have:
            s.turn[T_FORESIGHT] += 1
            if s.turn[T_FORESIGHT] > sum(1 for i in c.slots if i):
                raise LoadError(f"'{where}': Foresight is used once per Equipped Item")
        elif name in ONCE and name in have:
            if name in s.once:
                raise LoadError(f"'{where}': {name!r} is used once per Turn")
            s.once = s.once + [name]
        else:
            raise LoadError(f"'{where}': {name!r} is not a FREE ACTION {c.cid}'s Items or tokens give "
                            f"(used ones are named: {', '.join(ONCE + ('foresight', 'gambit'))})")
