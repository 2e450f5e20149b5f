# cython: annotation_typing=True
"""The flow of a round (rulebook THE ROUND and END OF ROUND): Tribes alternate activating
champions, starting with the Initiative; a Turn starts (tokens, Power Up, Usury) and ends (RESET,
the Activated token); when every champion has acted, the End of Round: Energy Cubes, the
Spoils of War, the Initiative passes, and the next round starts."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Action, Event
from glyphhall.engine.events import public_event

from . import items, tokens
from .actions import act
from .champion import TRIBAL, Champion
from .combat import magic
from .dice import return_die
from .replenish import FREE_DICE, FREE_WITH_TOKEN, POOL_LIMIT
from .state import ACTIVATE, ENERGY_CUBE, OVER, REPLENISH, T_FREE, TURN_FIELDS
from .tracks import ENERGY, gain_energy

if TYPE_CHECKING:
    from .state import TundrusState


@cython.locals(c=Champion)
def eligible(s: TundrusState, tribe: cython.int) -> list[Champion]:
    out = []
    for c in s.champs:  # a loop with `c` typed: compiled, its fields are read in C
        if c.tribe == tribe and not c.defeated and not c.activated:
            out.append(c)
    return out


def activate(s: TundrusState, c: Champion, events: list[Event]) -> None:
    """Start of the Turn: tokens take effect, then start-of-Turn effects before REPLENISH."""
    s.active = c.idx
    s.turn = [0] * TURN_FIELDS
    s.pool, s.marks, s.once, s.gash = [], [], [], []
    events.append(public_event(f"Tribe {c.tribe + 1} activates the {s.data.champions[c.cid].name}",
                               data={"tribe_seats": s.tribe_seats[c.tribe]}))
    tokens.arm(c)
    if c.fortify is not None:  # Fortify lasts "until the start of the Champion's next Turn"
        s.discard.append(c.fortify)
        c.fortify = None
    if c.token("viper_bite") is not None:
        del c.tokens["viper_bite"]
        events.append(public_event(f"Viper Bite: {c.cid} takes 1 Magic Damage", data={"seat": c.seat}))
        magic(s, c, 1, events)
        if c.defeated:
            end_turn(s, events)
            return
    for k in range(3):  # Power Up: an empty Item gains an Energy Cube
        iid = c.slots[k]
        if iid and s.data.items[iid].ability == "power_up" and not c.slot_energy[k] and s.cubes[ENERGY]:
            c.slot_energy[k] = 1
            s.cubes[ENERGY] -= 1
    for iid in c.usury:  # Usury: the indicated dice join the Tribal Pool, the Item is discarded
        got = items.gain_dice(s, s.data.items[iid].gain_dice, s.tribal[c.tribe], c.tribe, TRIBAL)
        s.discard.append(iid)
        events.append(public_event(f"Usury pays {c.cid}'s Tribe: {', '.join(got) or 'nothing'}", data={"seat": c.seat}))
    c.usury = []
    s.fresh = []  # from here on, Gained dice did not start the Turn in the Supply
    if c.token("sleep", armed_only=True) is not None:
        events.append(public_event(f"{c.cid} sleeps through its Turn", data={"seat": c.seat}))
        end_turn(s, events)
        return
    s.turn[T_FREE] = free_dice(c)
    for die in c.lent:  # Sacrificial Lamb dice: outside the REPLENISH count and maximum
        s.pool.append((die[0], die[1], die[2], -1, False, True))
    c.lent = []
    s.phase = REPLENISH


def free_dice(c: Champion) -> int:
    """How many dice its REPLENISH takes for free, as its armed tokens say (reference B4)."""
    if c.token("blood_moon", armed_only=True) is not None:
        return POOL_LIMIT
    free_n = FREE_DICE
    for tid, n in FREE_WITH_TOKEN.items():
        if c.token(tid, armed_only=True) is not None:
            free_n += n - FREE_DICE
    return free_n


def end_turn(s: TundrusState, events: list[Event]) -> None:
    """RESET the dice and the Spoils, place the Activated token, and pass play on."""
    c = s.champs[s.active]
    for d in s.pool:
        return_die(s, (d[0], d[1], d[2]))
    s.pool, s.marks, s.gash = [], [], []
    if s.pending is not None:  # an Acquired card nobody placed (its champion fell) is discarded
        s.discard.append(s.pending)
        s.pending = None
    items.check_chest(s, c)
    if s.phase == OVER:
        return
    items.refill_spoils(s)
    tokens.expire_end_of_turn(s, c)
    c.activated = True
    s.active = -1
    s.turn = [0] * TURN_FIELDS
    s.next_tribe = 1 - c.tribe
    s.phase = ACTIVATE
    if not eligible(s, 0) and not eligible(s, 1):
        end_of_round(s, events)
    elif not eligible(s, s.next_tribe):
        s.next_tribe = c.tribe


def end_of_round(s: TundrusState, events: list[Event]) -> None:
    for c in s.champs:
        c.activated = False
        for die in c.lent:
            return_die(s, die)
        c.lent = []
    s.cube_queue = [c.idx for c in s.champs if not c.defeated]
    round_energy(s, events)


def cube_actions(s: TundrusState, c: Champion) -> list[Action]:
    """End of Round step 2: "All Champions gain one Energy Cube, if possible. It must be placed in
    an unoccupied square or it can replace a die that is Stored on the Track." Every way to place
    it; replacing identical Stored dice on a full Track is one way, so it is offered once."""
    if s.cubes[ENERGY] <= 0:
        return []
    out = [act("cube", (c.cid, "square"))] if c.energy_room() > 0 else []
    dice = c.energy_dice
    if not out and len(set(dice)) == 1:
        return [act("cube", (c.cid, "replace", 1))]
    return out + [act("cube", (c.cid, "replace", i + 1)) for i in range(len(dice))]


def place_cube(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    if args[1] == "replace":  # the Stored die is RESET at once (step 7a)
        die = c.energy_dice.pop(int(args[2]) - 1)
        return_die(s, die)
        events.append(public_event(f"{c.cid}'s Energy Cube replaces a stored {s.colour_name(die[0])} die", data={"seat": c.seat}))
    s.cubes[ENERGY] -= 1
    c.energy_cubes += 1


def round_energy(s: TundrusState, events: list[Event]) -> None:
    """End of Round step 2, champion by champion; a champion with a real choice is asked (phase
    ENERGY_CUBE), the others gain their cube at once. Then steps 3 and 4."""
    while s.cube_queue:
        c = s.champs[s.cube_queue[0]]
        if "rancid_bile" in c.tokens:  # no Energy Cube at this step
            del c.tokens["rancid_bile"]
            s.cube_queue = s.cube_queue[1:]
            continue
        options = cube_actions(s, c)
        if len(options) > 1:
            s.phase = ENERGY_CUBE
            return
        s.cube_queue = s.cube_queue[1:]
        if options:
            place_cube(s, c, options[0].args, events)
    items.end_of_round_spoils(s)
    s.initiative = 1 - s.initiative
    events.append(public_event(f"End of round {s.round}: Tribe {s.initiative + 1} takes the Initiative",
                               data={"tribe_seats": s.tribe_seats[s.initiative]}))
    start_round(s, events)


def start_round(s: TundrusState, events: list[Event]) -> None:
    s.round += 1
    if no_progress_ends(s, events):
        return
    s.next_tribe = s.initiative
    s.phase = ACTIVATE
    for c in s.champs:  # Refresh: an Energy Cube at the start of each Round
        refresh = len([iid for iid in c.slots if iid and s.data.items[iid].ability == "refresh"])
        if refresh and not c.defeated:  # automatic, so Disarm does not stop it
            gain_energy(s, c, refresh)
    if not eligible(s, s.next_tribe):
        s.next_tribe = 1 - s.next_tribe
    auto_activate(s, events)


def no_progress_ends(s: TundrusState, events: list[Event]) -> bool:
    """Ruling (README, "Rulings"): when `no_progress` rounds have passed and the champions' total
    Health has reached no new low, the game ends: the Tribe with more Health left wins, equal
    Health is a draw. Health lost for good is what counts: healing and losing it again is not."""
    total = sum([c.health for c in s.champs])
    if s.low_health < 0 or total < s.low_health:
        s.low_health, s.low_round = total, s.round
        return False
    limit = int(s.options["no_progress"])
    if not limit or s.round - s.low_round < limit:
        return False
    health = [sum([c.health for c in s.living(tribe)]) for tribe in (0, 1)]
    s.winner = -1 if health[0] == health[1] else int(health[1] > health[0])
    s.phase = OVER
    outcome = "a draw" if s.winner < 0 else f"Tribe {s.winner + 1} wins with more Health left"
    events.append(public_event(f"{limit} rounds pass without a champion losing Health for good "
                               f"({health[0]} - {health[1]} Health left): {outcome}",
                               data={"tribe_seats": s.tribe_seats[s.winner] if s.winner >= 0 else ()}))
    return True


def auto_activate(s: TundrusState, events: list[Event]) -> None:
    """A Tribe with a single champion left to activate does not need to be asked."""
    while s.phase == ACTIVATE:
        options = eligible(s, s.next_tribe)
        if len(options) != 1:
            return
        activate(s, options[0], events)
