# cython: annotation_typing=True
"""Game flow outside a turn: armies (preset or draft), placement in start zones, rounds, secret
order markers, the d20 initiative roll, turn order, the end of a round and victory
(reference §1.2, §1.3, §1.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Action, Event
from glyphhall.engine.events import public_event

from . import decisions, glyph_effects, glyph_rules, scenario_rules, turn
from .actions import act
from .armies import CARD_KEYS, CARDS, PRESETS
from .glyph_effects import d20
from .standing import standing

if TYPE_CHECKING:
    from .state import HeroscapeState

ON, RESERVE, DEAD = 1, 0, 2
DRAFT_SEQ_LEN = 64


# ---------------------------------------------------------------------------- setup
def add_card(s: HeroscapeState, key: str, seat: int) -> int:
    """Put a card into `seat`'s army with its figures waiting off the battlefield."""
    d = CARDS[key]
    c = len(s.c_def)
    # the card lists are shared between clones: rebind, never append in place
    s.c_def = s.c_def + [d]
    s.c_owner = s.c_owner + [seat]
    s.c_team = s.c_team + [s.team[seat]]
    s.c_atk = s.c_atk + [0]
    s.c_dfn = s.c_dfn + [0]
    s.c_glyph = s.c_glyph + [""]
    s.c_negated = s.c_negated + [False]
    s.c_grenade = s.c_grenade + [0]
    first = len(s.f_card)
    figs = tuple(range(first, first + d.figures))
    s.f_card = s.f_card + [c] * d.figures
    s.f_name = s.f_name + [d.key if d.figures == 1 else f"{d.key}{i + 1}" for i in range(d.figures)]
    for _ in figs:
        s.f_hex.append(-1)
        s.f_tail.append(-1)
        s.f_wounds.append(0)
        s.f_state.append(RESERVE)
    s.c_figs = s.c_figs + [figs]
    return c


def queue_placement(s: HeroscapeState, c: int) -> None:
    """Each figure of card c is placed by its owner in their start zone, one decision each
    (The Drop cards stay off the battlefield instead)."""
    if s.card_has_power(c, "the_drop"):
        return
    for f in s.c_figs[c]:
        s.pending.append((s.c_owner[c], "place", f, "zone", -1))


def roll_off(s: HeroscapeState, seats: list[int], events: list[Event], what: str, bonus=None) -> list[int]:
    """Everyone rolls the d20, ties re-roll (only the tied seats); returns seats best first."""
    rolls = {}
    group = list(seats)
    order: list[int] = []
    while group:
        scores = {seat: d20(s, seat) + (bonus(seat) if bonus else 0) for seat in group}
        rolls.update(scores)
        best = max(scores.values())
        top = [seat for seat in group if scores[seat] == best]
        if len(top) == 1:
            order.append(top[0])
            group.remove(top[0])
            if len(group) == 1:
                order.append(group.pop())
        elif len(top) == len(group):
            events.append(public_event(f"{what}: tie at {best}, re-roll", data={"rolls": {str(k): v for k, v in scores.items()}}))  # JSON keys are text
        else:
            group = top + [g for g in group if g not in top]
            # resolve the tie first, then the rest in roll order
            rest = sorted([g for g in group if g not in top], key=lambda g: -scores[g])
            order_top = roll_off(s, top, events, what, bonus)
            return order + order_top + rest
    # (lists, not generators: compiled, a generator is an object made per call, and this is every round)
    events.append(public_event(f"{what}: " + ", ".join([f"seat {k} rolls {v}" for k, v in sorted(rolls.items())])
                               + f"; seat {order[0]} first", data={"rolls": {str(k): v for k, v in rolls.items()}}))
    return order


def setup(s: HeroscapeState) -> None:
    """Armies and glyphs at the start of a game."""
    events: list[Event] = []
    glyph_rules.place_map_glyphs(s)
    armies = str(s.options["armies"])
    if armies == "draft":
        first = roll_off(s, list(range(s.num_players)), events, "draft roll")[0]
        s.draft_seq = draft_sequence(first, s.num_players)
        s.draft_pool = list(CARD_KEYS)
        s.phase = "draft"
    else:
        preset = PRESETS[armies]
        for seat in range(s.num_players):
            for key in preset[seat]:
                add_card(s, key, seat)
        # the highest roll places its whole army first, then placement passes left (§1.2)
        first = roll_off(s, list(range(s.num_players)), events, "placement roll")[0]
        for seat in passing_left(first, s.num_players):
            for c in range(len(s.c_def)):
                if s.c_owner[c] == seat:
                    queue_placement(s, c)
        s.phase = "place"
    settle(s, events)


def draft_sequence(first: int, n: int) -> tuple[int, ...]:
    """Who picks when (reference §1.2 Draft). Two players: the winner picks 1, the other 2, then
    1 each. More: 1 each going left from the winner, the last picks 2 and the order snakes back,
    the ends of the chain picking 2."""
    left = [(first + i) % n for i in range(n)]
    if n == 2:
        seq = [left[0], left[1], left[1]]
        while len(seq) < DRAFT_SEQ_LEN:
            seq += [left[0], left[1]]
    else:
        seq = []
        while len(seq) < DRAFT_SEQ_LEN:
            seq += left + left[::-1]
    return tuple(seq[:DRAFT_SEQ_LEN])


def passing_left(first: int, n: int) -> list[int]:
    """Turn order: the initiative winner first, then play passes left (seat order)."""
    return [(first + i) % n for i in range(n)]


def points_used(s: HeroscapeState, seat: int) -> int:
    total = 0
    owner = s.c_owner
    for c, d in enumerate(s.c_def):  # a loop, not a generator: asked for every seat on every draft step
        if owner[c] == seat:
            total += d.points
    return total


def drafter(s: HeroscapeState) -> int:
    while s.draft_pos < len(s.draft_seq) and s.draft_done[s.draft_seq[s.draft_pos]]:
        s.draft_pos += 1
    if s.draft_pos >= len(s.draft_seq):
        return -1
    return s.draft_seq[s.draft_pos]


def affordable(s: HeroscapeState, seat: int) -> list[str]:
    left = int(s.options["points"]) - points_used(s, seat)
    return [k for k in s.draft_pool if CARDS[k].points <= left]


def can_afford(s: HeroscapeState, seat: int) -> bool:
    """`affordable(s, seat)` is not empty (stops at the first card)."""
    left = int(s.options["points"]) - points_used(s, seat)
    for k in s.draft_pool:  # noqa: SIM110 (a loop: cheaper than a generator compiled)
        if CARDS[k].points <= left:
            return True
    return False


# ---------------------------------------------------------------------------- whose move
def to_move(s: HeroscapeState) -> tuple[int, ...]:
    if s.phase == "draft":
        seat = drafter(s)
        return () if seat < 0 else (seat,)
    if s.phase == "orders":
        waiting = [seat for seat in range(s.num_players) if -1 in s.markers[seat]]
        if s.options["order_placement"] == "sequential":
            return tuple([seat for seat in s.init_order if seat in waiting])[:1]
        return tuple(waiting)
    if s.phase == "turn":
        return (s.c_owner[s.active_card],) if s.active_card >= 0 else ()
    return ()


def phase_actions(s: HeroscapeState, seat: cython.int) -> list[Action]:
    if s.phase == "draft":
        out = [act("draft", (k,)) for k in affordable(s, seat)]
        if seat in s.c_owner:
            out.append(Action("done"))
        return out
    if s.phase == "orders":
        row = s.markers[seat]
        free = tuple([m for m in range(4) if row[m] == -1])
        keys = tuple([s.c_def[c].key for c in order_cards(s, seat)])
        return order_actions(free, keys)[:]  # a copy: callers may change their list
    return []


_ORDER_ACTIONS: dict[tuple, list[Action]] = {}


def order_actions(free: tuple[int, ...], keys: tuple[str, ...]) -> list[Action]:
    """`order <marker> <card>` for each free marker and card, in that order: the same few lists
    come up again and again, so they are kept (never changed in place)."""
    found = _ORDER_ACTIONS.get((free, keys))
    if found is None:
        if len(_ORDER_ACTIONS) > 20_000:
            _ORDER_ACTIONS.clear()
        names = ("1", "2", "3", "x")
        found = _ORDER_ACTIONS[(free, keys)] = [act("order", (names[m], k)) for m in free for k in keys]
    return found


def order_cards(s: HeroscapeState, seat: int) -> list[int]:
    """Cards that may carry order markers: yours, with a figure on or waiting to enter the battlefield."""
    owner, present = s.c_owner, standing(s).present
    return [c for c in range(len(owner)) if owner[c] == seat and c in present]


def has_order_card(s: HeroscapeState, seat: cython.int) -> bool:
    """`order_cards(s, seat)` is not empty."""
    owner = s.c_owner
    for c in standing(s).present:  # noqa: SIM110 (a loop: cheaper than a generator, asked on every marker)
        if owner[c] == seat:
            return True
    return False


def remove_markers_without_cards(s: HeroscapeState) -> None:
    """A player whose last figures fell meanwhile (Wannok, The Drop...) places no more order markers."""
    for seat in range(s.num_players):
        if -1 in s.markers[seat] and not has_order_card(s, seat):
            s.markers = s.markers[:]
            s.markers[seat] = [m if m != -1 else -2 for m in s.markers[seat]]


def apply_phase(s: HeroscapeState, seat: cython.int, action: Action, events: list[Event]) -> None:
    if s.phase == "draft":
        if action.verb == "done":
            s.draft_done[seat] = True
            events.append(public_event(f"seat {seat} ends their draft with {points_used(s, seat)} points"))
        else:
            key = str(action.args[0])
            s.draft_pool = [k for k in s.draft_pool if k != key]  # shared between clones
            c = add_card(s, key, seat)
            events.append(public_event(f"seat {seat} drafts {CARDS[key].name} ({CARDS[key].points} points)"))
            queue_placement(s, c)
            s.draft_pos += 1
        return
    if s.phase == "orders":
        m = ("1", "2", "3", "x").index(str(action.args[0]))
        c = s.card_index(str(action.args[1]))
        s.set_marker(seat, m, c)
        name = s.c_def[c].name
        # teammates may look at each other's markers (reference §1.3)
        team = s.teammates(seat)
        if len(team) == 1:
            # both name the seat (the table says its name): the log reads alike for everyone
            events.extend(Event.secret(seat, f"seat {seat} puts order marker {str(action.args[0]).upper()} on {name}",
                                       f"seat {seat} puts an order marker face down on {name}"))
        else:
            seen_by = frozenset(team)
            events.append(Event(f"seat {seat} puts order marker {str(action.args[0]).upper()} on {name}", seen_by))
            events.append(Event(f"seat {seat} puts an order marker face down on {name}", None,
                                hide_from=seen_by))


# ---------------------------------------------------------------------------- progression
def settle(s: HeroscapeState, events: list[Event]) -> None:
    """Run everything automatic until a player has a decision to make."""
    within_turn = s.phase == "turn" and s.active_card >= 0 and not s.pending and s.result is None
    if within_turn and not check_victory(s, events):
        return  # the usual case: the same player decides again
    for _ in range(1000):
        if s.result is not None:
            s.pending.clear()
            return
        if s.phase in ("orders", "turn") and check_victory(s, events):
            continue
        if s.pending:
            if decisions.has_choice(s):
                return
            decisions.skip_pending(s, events)
            continue
        if s.phase == "draft":
            for seat in range(s.num_players):
                if not s.draft_done[seat] and not can_afford(s, seat):
                    s.draft_done[seat] = True
                    events.append(public_event(f"seat {seat} can add no more cards and ends their draft"))
            if drafter(s) < 0 or all(s.draft_done):
                start_round(s, events)
                continue
            return
        if s.phase == "place":
            start_round(s, events)
            continue
        if s.phase == "orders":
            remove_markers_without_cards(s)
            if [row for row in s.markers if -1 in row]:
                return  # markers still to place
            start_turns(s, events)
            continue
        if s.phase == "turn":
            if s.active_card < 0:
                begin_turn(s, events)
                continue
            return
        return
    raise RuntimeError("heroscape: the game flow did not settle")


def start_round(s: HeroscapeState, events: list[Event]) -> None:
    s.round += 1
    s.phase = "orders"
    events.append(public_event(f"round {s.round} begins"))
    # markers that have no card to go on stay out of play (shown as removed)
    s.revealed = [[False] * 4 for _ in range(s.num_players)]
    s.markers = [[-1 if order_cards(s, seat) else -2] * 4 for seat in range(s.num_players)]
    s.init_order = []
    s.init_rolls = []
    the_drop(s, events)
    if s.options["order_placement"] == "sequential":
        first = roll_off(s, list(range(s.num_players)), events, "order marker roll")[0]
        s.init_order = passing_left(first, s.num_players)


def the_drop(s: HeroscapeState, events: list[Event]) -> None:
    """The Drop: cards with figures off the battlefield roll d20 at the start of the round; on
    13+ every such figure is placed (not adjacent to any figure, not on a glyph)."""
    for c in range(len(s.c_def)):
        waiting = [f for f in s.c_figs[c] if s.f_state[f] == RESERVE]
        if not waiting or not s.card_has_power(c, "the_drop"):
            continue
        seat = s.c_owner[c]
        roll = d20(s, seat)
        events.append(public_event(f"The Drop: {s.c_def[c].name} rolls {roll}" + (", they drop" if roll >= 13 else ""),
                                   data={"card": s.c_def[c].name, "card_seat": s.c_owner[c]}))
        if roll >= 13:
            for f in waiting:
                s.pending.append((seat, "place", f, "drop", -1))


def initiative_bonus(s: HeroscapeState, seat: int) -> int:
    return glyph_effects.permanent_amount(s, seat, "initiative")


def start_turns(s: HeroscapeState, events: list[Event]) -> None:
    first = roll_off(s, list(range(s.num_players)), events, "initiative",
                     lambda seat: initiative_bonus(s, seat))[0]
    s.init_order = passing_left(first, s.num_players)
    s.phase = "turn"
    s.turn_no = 1
    s.turn_pos = 0
    s.active_card = -1


def begin_turn(s: HeroscapeState, events: list[Event]) -> None:
    """Reveal the order marker of the next turn; a lost turn passes on at once, its marker
    staying face down (reference §1.3 Lost turn)."""
    while s.result is None:
        if s.turn_no > 3:
            end_round(s, events)
            return
        seat = s.init_order[s.turn_pos]
        m = s.turn_no - 1
        c = s.markers[seat][m]
        if c >= 0 and s.c_owner[c] == seat and any([s.f_state[f] == ON for f in s.c_figs[c]]):
            s.set_revealed(seat, m, True)
            events.append(public_event(f"seat {seat} reveals order marker {s.turn_no} on {s.c_def[c].name}"))
            glyph_rules.time_bomb_tick(s, seat, events)
            if s.c_owner[c] == seat and any([s.f_state[f] == ON for f in s.c_figs[c]]):
                turn.start_turn(s, c)
                return
        events.append(public_event(f"seat {seat} loses turn {s.turn_no}: no figure to activate"))
        turn.advance(s)


def end_round(s: HeroscapeState, events: list[Event]) -> None:
    glyph_rules.wannok(s, events)
    if s.result is not None:
        return
    holders = scenario_rules.end_of_round(s, events)  # lava fields, then the map's "hold" goal
    if holders:
        finish(s, holders, events, f"{s.board.labels[s.board.scenario.hold]} is held at the end of the round")
        return
    limit = scenario_rules.round_limit(s)
    if s.round >= limit:
        if s.options["round_limit_scoring"]:
            # per team (a team of one in free for all): teammates score and win together
            scores = [sum(s.c_def[c].points for c in range(len(s.c_def))
                          if s.c_team[c] == s.team[seat] and any(s.f_state[f] == ON for f in s.c_figs[c]))
                      for seat in range(s.num_players)]
            best = max(scores)
            winners = [seat for seat in range(s.num_players) if scores[seat] == best]
            points = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(scores))
            finish(s, winners, events, f"the round limit is reached; points on the battlefield: {points}")
        else:
            finish(s, list(range(s.num_players)), events, "the round limit is reached")
        return
    start_round(s, events)


def check_victory(s: HeroscapeState, events: list[Event]) -> bool:
    escapers = scenario_rules.escaped(s)  # the map's "escape" goal
    if escapers:
        finish(s, escapers, events, "a figure reached its escape hexes")
        return True
    sides = standing(s).sides
    if len(sides) > 1:  # the usual case: two sides still fight
        return False
    # the last team standing wins together (a team of one in free for all)
    living = [seat for seat in range(s.num_players) if s.team[seat] in sides]
    finish(s, living or list(range(s.num_players)), events,
           "every opposing figure is destroyed" if living else "no figure is left")
    return True


def finish(s: HeroscapeState, winners: list[int], events: list[Event], why: str) -> None:
    n = s.num_players
    if len(winners) == n:
        s.result = tuple([0.5] * n)
        events.append(public_event(f"game over, a draw: {why}"))  # the outcome first: a narrow screen cuts the end
    else:
        # a winning team's players each win; players tied for the win share it
        share = 1.0 / len({s.team[seat] for seat in winners})
        s.result = tuple(share if seat in winners else 0.0 for seat in range(n))
        verb = "wins" if len(winners) == 1 else "win"
        events.append(public_event(f"game over, seat {', '.join(map(str, winners))} {verb}: {why}"))
    s.phase = "over"
    s.pending.clear()
    s.active_card = -1

