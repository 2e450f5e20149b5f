"""The Glyfts position and its rules: setup, the turn (draw, place, attack, summon), winning.

Cards are ints: a Creature is its index in CARDS.creatures, a Sorcery kind its index in
CARDS.sorceries. Hands and the discard pile are counts per kind; the Sorcery Deck is a list whose
end is its top. The package README lists every ruling made where the rulebook is silent."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from glyphhall.engine import Action, Event, Rng, State

from . import combat
from . import notation as N
from .cards import CARDS

# Phases of play.
DEPLOY = 0  # setup: each player secretly picks two Creatures for the Combat Circle
PLACE = 1  # the active player may place up to two cards face down
ATTACK = 2  # the active player may start battles, one pair at a time
FORTUNE = 3  # a revealed Fortune card: its owner may reroll
SUMMON = 4  # the active player may choose a Creature to summon
SUMMONING = 5  # Glyft cards are played, then the D6 is rolled
OVER = 6
BATTLE = 7  # the cards of a battle are revealed; the attacker rolls the two dice

PHASE_NAMES = ("deploy", "place", "attack", "fortune", "summon", "summoning", "over", "battle")

SKILL_TO_WIN = 10  # Rulebook, Winning or Losing
SORCERIES_DEALT = 7  # Rulebook, Setup
CREATURES_PLACED = 2  # Rulebook, Setup
CARDS_PLACED_PER_TURN = 2  # Rulebook, Playing the Game

_ATT = CARDS.attack
_HP = CARDS.health
_SKILL = CARDS.skill
_COST = CARDS.roll_cost
_AFF = CARDS.affiliation
_DISCOUNTS = CARDS.discounts
_KINDS = range(len(CARDS.sorceries))
_CNAME = tuple(c.name for c in CARDS.creatures)
_SNAME = tuple(s.name for s in CARDS.sorceries)
_CANCELS = tuple(s.cancels_others for s in CARDS.sorceries)


# Events are built often (every step of every playout), so their sets and empty data are shared.
_EVERYONE: frozenset[int] = frozenset()
_ONLY = tuple(frozenset((p,)) for p in range(8))
_NO_DATA: Any = MappingProxyType({})


def _say(events: list[Event], text: str) -> None:
    """A public event."""
    events.append(Event(text, None, _NO_DATA, _EVERYONE))


def _tell(events: list[Event], seat: int, text: str, public_text: str) -> None:
    """`text` for `seat` alone, `public_text` for everybody else."""
    only = _ONLY[seat]
    events.append(Event(text, only, _NO_DATA, _EVERYONE))
    events.append(Event(public_text, None, _NO_DATA, only))


# The secret events of draws and placements repeat endlessly in playouts; events are immutable,
# so each distinct pair is built once (a bounded number: seats x cards x Creatures).
_DRAW_EVENTS: dict[tuple[int, int], tuple[Event, Event]] = {}
_PLACE_EVENTS: dict[tuple[int, int, int], tuple[Event, Event]] = {}


def _tell_draw(events: list[Event], seat: int, kind: int) -> None:
    pair = _DRAW_EVENTS.get((seat, kind))
    if pair is None:
        pair = _DRAW_EVENTS[seat, kind] = tuple(_tell_list(
            seat, f"you draw {_SNAME[kind]}", f"seat {seat} draws a Sorcery card"))
    events += pair


def _tell_place(events: list[Event], seat: int, kind: int, creature: int) -> None:
    pair = _PLACE_EVENTS.get((seat, kind, creature))
    if pair is None:
        pair = _PLACE_EVENTS[seat, kind, creature] = tuple(_tell_list(
            seat, f"you place {_SNAME[kind]} face down under {_CNAME[creature]}",
            f"seat {seat} places a card face down under {_CNAME[creature]}"))
    events += pair


def _tell_list(seat: int, text: str, public_text: str) -> list[Event]:
    out: list[Event] = []
    _tell(out, seat, text, public_text)
    return out


class Battle:
    """A battle waiting for Fortune decisions. Its revealed cards are public."""

    __slots__ = ("attacker", "defender", "attacker_die", "defender_die", "attacker_rerolls",
                 "defender_rerolls", "attacker_cards", "defender_cards", "attack_bonus", "health_bonus",
                 "attacker_captures", "defender_captures", "cancelled")

    def clone(self) -> Battle:
        b = Battle.__new__(Battle)
        for name in Battle.__slots__:
            setattr(b, name, getattr(self, name))
        return b

    def to_dict(self) -> dict[str, Any]:
        out = {name: getattr(self, name) for name in Battle.__slots__}
        out["attacker"] = CARDS.creatures[self.attacker].id
        out["defender"] = CARDS.creatures[self.defender].id
        out["attacker_cards"] = [CARDS.sorceries[k].id for k in self.attacker_cards]
        out["defender_cards"] = [CARDS.sorceries[k].id for k in self.defender_cards]
        return out


class GlyftsState(State):
    __slots__ = ("phase", "active", "alive", "reserve", "known", "circle", "captured", "under", "hands",
                 "deck", "discard", "pending", "owner", "placed", "fought", "battle", "summoning",
                 "discount", "turns", "first", "winners", "score", "turn_limit", "deck_bound")

    # --- copies -----------------------------------------------------------------------------
    def clone(self) -> GlyftsState:
        c = GlyftsState.__new__(GlyftsState)
        self.copy_base_into(c)
        c.phase = self.phase
        c.active = self.active
        c.alive = self.alive[:]
        c.reserve = [r[:] for r in self.reserve]
        c.known = self.known[:]
        c.circle = [r[:] for r in self.circle]
        c.captured = [r[:] for r in self.captured]
        c.under = self.under[:]  # tuples inside: immutable
        c.hands = [h[:] for h in self.hands]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.pending = [p[:] for p in self.pending]
        c.owner = self.owner[:]
        c.placed = self.placed
        c.fought = self.fought
        c.battle = None if self.battle is None else self.battle.clone()
        c.summoning = self.summoning
        c.discount = self.discount
        c.turns = self.turns[:]
        c.first = self.first
        c.winners = self.winners[:]
        c.score = self.score[:]
        c.turn_limit = self.turn_limit
        c.deck_bound = None if self.deck_bound is None else [b[:] for b in self.deck_bound]
        return c

    # --- whose move -------------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        if phase == DEPLOY:
            return tuple(p for p in range(self.num_players) if len(self.pending[p]) < CREATURES_PLACED)
        if phase == FORTUNE:
            b = self.battle
            return (self.active,) if b.attacker_rerolls else (self.owner[b.defender],)
        return (self.active,)

    def legal_actions(self, seat: int) -> list[Action]:
        # The base class's checks, inlined: this runs at every step of every playout.
        phase = self.phase
        if phase == OVER:
            return []
        if phase in (DEPLOY, FORTUNE):
            return self._legal_actions(seat) if seat in self.to_move() else []
        return self._legal_actions(seat) if seat == self.active else []

    def is_over(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if not self.winners:
            return [0.0] * self.num_players
        share = 1.0 / len(self.winners)
        return [share if p in self.winners else 0.0 for p in range(self.num_players)]

    # --- legal actions ----------------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == PLACE:
            hand = self.hands[seat]
            circle = self.circle[seat]
            out = [N.PLACE[k][c] for k in _KINDS if hand[k] for c in circle]
            out.append(N.DONE)
            return out
        if phase == ATTACK:
            fought = self.fought
            targets = [d for p in range(self.num_players) if p != seat for d in self.circle[p]
                       if not fought >> d & 1]
            out = [N.ATTACK[a][d] for a in self.circle[seat] if not fought >> a & 1 for d in targets]
            out.append(N.DONE)
            return out
        if phase == BATTLE:
            return [N.ROLL]
        if phase == FORTUNE:
            return [N.REROLL, N.KEEP]
        if phase == SUMMON:
            out = [N.SUMMON[c] for c in self.reserve[seat]]
            out.append(N.DONE)
            return out
        if phase == SUMMONING:
            hand = self.hands[seat]
            out = [N.GLYFT[k] for k, _ in _DISCOUNTS[_AFF[self.summoning]] if hand[k]]
            out.append(N.ROLL)
            return out
        if phase == DEPLOY:
            return [N.DEPLOY[c] for c in self.reserve[seat]]
        return []

    def is_legal(self, seat: int, action: Action) -> bool:
        """A direct check (no list building); agrees with `_legal_actions`."""
        if not isinstance(action, Action):
            return False
        verb, args, phase = action.verb, action.args, self.phase
        try:
            if verb == "done":
                return not args and phase in (PLACE, ATTACK, SUMMON)
            if verb in ("reroll", "keep"):
                return not args and phase == FORTUNE
            if verb == "roll":
                return not args and phase in (SUMMONING, BATTLE)
            if phase == PLACE and verb == "place" and len(args) == 2:
                k, c = N.SORCERY_INDEX[args[0]], N.CREATURE_INDEX[args[1]]
                return self.hands[seat][k] > 0 and c in self.circle[seat]
            if phase == ATTACK and verb == "attack" and len(args) == 2:
                a, d = N.CREATURE_INDEX[args[0]], N.CREATURE_INDEX[args[1]]
                if self.fought >> a & 1 or self.fought >> d & 1 or a not in self.circle[seat]:
                    return False
                return any(d in self.circle[p] for p in range(self.num_players) if p != seat)
            if len(args) != 1:
                return False
            if phase == SUMMON and verb == "summon":
                return N.CREATURE_INDEX[args[0]] in self.reserve[seat]
            if phase == DEPLOY and verb == "deploy":
                return N.CREATURE_INDEX[args[0]] in self.reserve[seat]
            if phase == SUMMONING and verb == "glyft":
                k = N.SORCERY_INDEX[args[0]]
                return self.hands[seat][k] > 0 and any(k == g for g, _ in _DISCOUNTS[_AFF[self.summoning]])
        except (KeyError, TypeError):
            return False
        return False

    # --- applying actions -------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        verb = action.verb
        if verb == "place":
            self._place(seat, N.SORCERY_INDEX[action.args[0]], N.CREATURE_INDEX[action.args[1]], events)
        elif verb == "attack":
            self._attack(N.CREATURE_INDEX[action.args[0]], N.CREATURE_INDEX[action.args[1]], events)
        elif verb == "done":
            if self.phase == PLACE:
                self.phase = ATTACK
                self._advance(events)
            elif self.phase == ATTACK:
                self.phase = SUMMON
                self._advance(events)
            else:
                _say(events, f"seat {seat} does not summon")
                self._end_turn(events)
        elif verb == "reroll" or verb == "keep":
            self._fortune(seat, verb == "reroll", events)
        elif verb == "summon":
            self._choose_summon(N.CREATURE_INDEX[action.args[0]], events)
        elif verb == "glyft":
            self._play_glyft(N.SORCERY_INDEX[action.args[0]], events)
        elif verb == "roll":
            if self.phase == BATTLE:
                self._roll_battle(events)
            else:
                self._roll_summon(events)
        elif verb == "deploy":
            self._deploy(seat, N.CREATURE_INDEX[action.args[0]], events)
        return events

    # setup -----------------------------------------------------------------------------------
    def _deploy(self, seat: int, creature: int, events: list[Event]) -> None:
        self.reserve[seat].remove(creature)
        self.pending[seat].append(creature)
        _tell(events, seat, f"you pick {_CNAME[creature]} for the Combat Circle",
              f"seat {seat} picks a Creature for the Combat Circle")
        if any(len(p) < CREATURES_PLACED for p in self.pending):
            return
        # Everyone has picked: reveal all at once, then the roll-off.
        for p in range(self.num_players):
            for c in self.pending[p]:
                self.circle[p].append(c)
                self.owner[c] = p
            names = " and ".join(_CNAME[c] for c in self.pending[p])
            _say(events, f"seat {p} puts {names} into the Combat Circle")
            self.pending[p] = []
        self._roll_off(events)

    def _roll_off(self, events: list[Event]) -> None:
        """Rulebook, Setup: each player rolls a D6, the highest goes first; ties at the top reroll."""
        contenders = list(range(self.num_players))
        while True:
            rolls = [self.rng.randint(1, 6) for _ in contenders]
            shown = ", ".join(f"seat {p} {r}" for p, r in zip(contenders, rolls, strict=True))
            _say(events, f"roll-off: {shown}")
            best = max(rolls)
            contenders = [p for p, r in zip(contenders, rolls, strict=True) if r == best]
            if len(contenders) == 1:
                break
            _say(events, "a tie for the highest roll: those players roll again")
        self.first = self.active = contenders[0]
        _say(events, f"seat {self.first} goes first")
        self._start_turn(events)

    # the turn --------------------------------------------------------------------------------
    def _start_turn(self, events: list[Event]) -> None:
        p = self.active
        if self.turn_limit and self.turns[p] >= self.turn_limit:
            self._end_by_turn_limit(events)
            return
        self.turns[p] += 1
        self.placed = 0
        self.fought = 0
        self._draw(p, events)
        self.phase = PLACE
        self._advance(events)

    def _draw(self, p: int, events: list[Event]) -> None:
        """Rulebook, Playing the Game: the active player draws the top card of the Sorcery Deck.
        Ruling: an empty deck is replaced by the shuffled discard pile; with neither, no card."""
        if not self.deck:
            if not any(self.discard):
                _say(events, f"seat {p} draws nothing: the Sorcery Deck and discard pile are empty")
                return
            deck = [k for k in _KINDS for _ in range(self.discard[k])]
            self.rng.shuffle(deck)
            self.deck = deck
            # Everybody saw which cards went into the new deck: from now on each seat knows that
            # the deck holds only those, less the ones it drew itself (determinize keeps to that).
            self.deck_bound = [self.discard[:] for _ in range(self.num_players)]
            self.discard = [0] * len(self.discard)
            _say(events, "the discard pile is shuffled into a new Sorcery Deck")
        kind = self.deck.pop()
        self.hands[p][kind] += 1
        if self.deck_bound is not None:
            self.deck_bound[p][kind] -= 1
        _tell_draw(events, p, kind)

    def _advance(self, events: list[Event]) -> None:
        """Skip the steps of the turn where the active player has nothing to choose."""
        p = self.active
        if self.phase == PLACE and (self.placed >= CARDS_PLACED_PER_TURN or not self.circle[p]
                                    or not any(self.hands[p])):
            self.phase = ATTACK
        if self.phase == ATTACK and not self._can_attack(p):
            self.phase = SUMMON
        if self.phase == SUMMON and not self.reserve[p]:
            self._end_turn(events)

    def _can_attack(self, p: int) -> bool:
        fought = self.fought
        if not any(not fought >> a & 1 for a in self.circle[p]):
            return False
        return any(not fought >> d & 1 for q in range(self.num_players) if q != p for d in self.circle[q])

    def _end_turn(self, events: list[Event]) -> None:
        if self.phase == OVER:
            return
        n = self.num_players
        nxt = (self.active + 1) % n  # clockwise = increasing seat number
        while not self.alive[nxt]:
            nxt = (nxt + 1) % n
        self.active = nxt
        self._start_turn(events)

    def _place(self, seat: int, kind: int, creature: int, events: list[Event]) -> None:
        self.hands[seat][kind] -= 1
        self.under[creature] += (kind,)
        self.placed += 1
        _tell_place(events, seat, kind, creature)
        self._advance(events)

    # battles ---------------------------------------------------------------------------------
    def _attack(self, attacker: int, defender: int, events: list[Event]) -> None:
        self.fought |= (1 << attacker) | (1 << defender)
        b = Battle()
        b.attacker, b.defender = attacker, defender
        b.attacker_cards, b.defender_cards = self.under[attacker], self.under[defender]
        self.under[attacker] = self.under[defender] = ()
        fx = combat.battle_effects(CARDS, b.attacker_cards, b.defender_cards)
        b.cancelled = fx.cancelled
        b.attack_bonus, b.health_bonus = fx.attack_bonus, fx.health_bonus
        b.attacker_captures, b.defender_captures = fx.attacker_captures, fx.defender_captures
        b.attacker_rerolls, b.defender_rerolls = fx.attacker_rerolls, fx.defender_rerolls
        b.attacker_die = b.defender_die = 0  # not rolled yet
        defending = self.owner[defender]
        cancelled = ""
        if fx.cancelled:  # named from the data: the cancelling card is whatever the card list says
            name = next(_SNAME[k] for k in b.attacker_cards + b.defender_cards if _CANCELS[k])
            cancelled = f"; {name}: every other card in this battle has no effect"
        _say(events, f"seat {self.active}'s {_CNAME[attacker]} attacks seat {defending}'s {_CNAME[defender]}; "
                     f"revealed under {_CNAME[attacker]}: {_card_list(b.attacker_cards)}; "
                     f"under {_CNAME[defender]}: {_card_list(b.defender_cards)}{cancelled}")
        self.battle = b
        self.phase = BATTLE

    def _roll_battle(self, events: list[Event]) -> None:
        """Rulebook, Playing the Game: the attacking player rolls one D6, the defending player one D6."""
        b = self.battle
        b.attacker_die = self.rng.randint(1, 6)
        b.defender_die = self.rng.randint(1, 6)
        _say(events, f"seat {self.active} rolls {b.attacker_die}, seat {self.owner[b.defender]} rolls {b.defender_die}")
        if b.attacker_rerolls or b.defender_rerolls:
            self.phase = FORTUNE
        else:
            self._resolve_battle(events)

    def _fortune(self, seat: int, reroll: bool, events: list[Event]) -> None:
        b = self.battle
        attacking = bool(b.attacker_rerolls)
        if reroll:
            die = self.rng.randint(1, 6)
            if attacking:
                b.attacker_die, b.attacker_rerolls = die, b.attacker_rerolls - 1
            else:
                b.defender_die, b.defender_rerolls = die, b.defender_rerolls - 1
            _say(events, f"Fortune: seat {seat} rerolls and gets {die}")
        else:
            if attacking:
                b.attacker_rerolls = 0
            else:
                b.defender_rerolls = 0
            _say(events, f"seat {seat} keeps the roll")
        if not b.attacker_rerolls and not b.defender_rerolls:
            self._resolve_battle(events)

    def _resolve_battle(self, events: list[Event]) -> None:
        b = self.battle
        self.battle = None
        for k in b.attacker_cards:
            self.discard[k] += 1
        for k in b.defender_cards:
            self.discard[k] += 1
        a, d = b.attacker, b.defender
        attack_total = _ATT[a] + b.attacker_die + b.attack_bonus
        health_total = _HP[d] + b.defender_die + b.health_bonus
        result = combat.outcome(attack_total, health_total, b.attacker_captures, b.defender_captures)
        attacking, defending = self.active, self.owner[d]
        totals = f"{_CNAME[a]}'s Attack {attack_total} against {_CNAME[d]}'s Health {health_total}: "
        data = {"attack": attack_total, "health": health_total, "outcome": combat.OUTCOME_TEXT[result]}
        self.phase = ATTACK
        if result == combat.DEFENDER_CAPTURED:
            self._capture(attacking, defending, d, totals, data, events)
        elif result == combat.ATTACKER_CAPTURED:
            self._capture(defending, attacking, a, totals, data, events)
        elif result == combat.STALEMATE:
            events.append(Event(totals + "both would capture the other, a stalemate: neither is captured",
                                data=data))
        else:
            events.append(Event(totals + f"{_CNAME[d]} holds, nobody is captured", data=data))
        if self.phase == OVER:
            return
        if not self.alive[attacking]:
            self._end_turn(events)
        else:
            self._advance(events)

    def _capture(self, captor: int, loser: int, creature: int, totals: str, data: dict, events: list[Event]) -> None:
        self.circle[loser].remove(creature)
        self.captured[captor].append(creature)
        self.score[captor] += _SKILL[creature]
        events.append(Event(f"{totals}seat {captor} captures {_CNAME[creature]} "
                            f"({_SKILL[creature]} Skill, {self.score[captor]} in all)", data=data))
        if self.score[captor] >= SKILL_TO_WIN:
            self._finish([captor], events, f"seat {captor} has {self.score[captor]} Skill points and wins")
            return
        if not self.circle[loser] and not self.reserve[loser]:
            self._eliminate(loser, events)

    def _eliminate(self, p: int, events: list[Event]) -> None:
        """Rulebook, Winning or Losing: no Creature in reserve or in the Circle: out of the game.
        Ruling: the eliminated player's hand goes to the discard pile."""
        self.alive[p] = False
        hand = self.hands[p]
        for k in _KINDS:
            self.discard[k] += hand[k]
            hand[k] = 0
        _say(events, f"seat {p} has no Creatures left and is eliminated")
        left = [q for q in range(self.num_players) if self.alive[q]]
        if len(left) == 1:
            self._finish(left, events, f"seat {left[0]} is the last player left and wins")

    def _finish(self, winners: list[int], events: list[Event], text: str) -> None:
        self.winners = winners
        self.phase = OVER
        self.battle = None
        events.append(Event(text, data={"winners": winners}))

    def _end_by_turn_limit(self, events: list[Event]) -> None:
        """Option turn_limit (not in the rulebook): the most Skill points wins; a tie shares the win."""
        best = max(self.score[p] for p in range(self.num_players) if self.alive[p])
        winners = [p for p in range(self.num_players) if self.alive[p] and self.score[p] == best]
        self._finish(winners, events, f"the turn limit is reached; most Skill points: seat(s) "
                     f"{', '.join(map(str, winners))}")

    # summoning -------------------------------------------------------------------------------
    def _choose_summon(self, creature: int, events: list[Event]) -> None:
        p = self.active
        self.summoning = creature
        self.discount = 0
        self.known[p] |= 1 << creature  # shown to everyone while it is summoned
        _say(events, f"seat {p} tries to summon {_CNAME[creature]} (Roll cost {_COST[creature]})")
        self.phase = SUMMONING

    def _play_glyft(self, kind: int, events: list[Event]) -> None:
        p = self.active
        self.hands[p][kind] -= 1
        self.discard[kind] += 1
        self.discount += dict(_DISCOUNTS[_AFF[self.summoning]])[kind]
        _say(events, f"seat {p} plays {_SNAME[kind]}: Roll cost now {max(1, _COST[self.summoning] - self.discount)}")

    def _roll_summon(self, events: list[Event]) -> None:
        p, creature = self.active, self.summoning
        need = _COST[creature] - self.discount
        die = self.rng.randint(1, 6)
        self.summoning = -1
        self.discount = 0
        if die >= need:
            self.reserve[p].remove(creature)
            self.known[p] &= ~(1 << creature)
            self.circle[p].append(creature)
            self.owner[creature] = p
            _say(events, f"seat {p} rolls {die}: {_CNAME[creature]} is summoned into the Combat Circle")
        else:
            _say(events, f"seat {p} rolls {die} (needs {need}): the summon fails")
        self._end_turn(events)

    # --- what each seat sees ----------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        players = []
        for p in range(self.num_players):
            mine = seat == p
            reserve = self.reserve[p] if mine else [c for c in self.reserve[p] if self.known[p] >> c & 1]
            players.append({
                "seat": p,
                "alive": self.alive[p],
                "skill": self.score[p],
                "reserve_count": len(self.reserve[p]),
                "reserve": [_creature_view(c) for c in reserve],
                "circle": [
                    {**_creature_view(c), "under": len(self.under[c]),
                     "cards": [CARDS.sorceries[k].id for k in self.under[c]] if mine else None,
                     "fought": bool(self.fought >> c & 1)}
                    for c in self.circle[p]
                ],
                "captured": [_creature_view(c) for c in self.captured[p]],
                "hand_count": sum(self.hands[p]),
                "picked": len(self.pending[p]),
            })
        b = self.battle
        return {
            "phase": PHASE_NAMES[self.phase],
            "active": self.active,
            "first": self.first,
            "to_move": list(self.to_move()),
            "players": players,
            "hand": None if seat is None else [
                {"id": s.id, "name": s.name, "count": self.hands[seat][s.index]}
                for s in CARDS.sorceries if self.hands[seat][s.index]
            ],
            "picked": None if seat is None else [CARDS.creatures[c].id for c in self.pending[seat]],
            "deck_count": len(self.deck),
            "discard": {s.id: self.discard[s.index] for s in CARDS.sorceries if self.discard[s.index]},
            "placed": self.placed,
            "battle": None if b is None else b.to_dict(),
            "summoning": None if self.summoning < 0 else CARDS.creatures[self.summoning].id,
            "summon_cost": None if self.summoning < 0 else max(1, _COST[self.summoning] - self.discount),
            "turns": self.turns[:],
            "skill_to_win": SKILL_TO_WIN,
            "winners": self.winners[:],
        }

    # --- hidden information -----------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> GlyftsState:
        """Resample what `seat` cannot see: the other players' hands, the cards face down under
        their Creatures, the Sorcery Deck's order, and the Creatures in their reserves (those not
        shown in a failed summon) and their secret setup picks. Future dice are reseeded too."""
        c = self.clone()
        c.rng = Rng(rng.next64())
        others = [p for p in range(self.num_players) if p != seat]
        # Sorcery cards.
        pool = c.deck[:]
        for p in others:
            hand = c.hands[p]
            for k in _KINDS:
                pool.extend([k] * hand[k])
            for cr in c.circle[p]:
                pool.extend(c.under[cr])
        rng.shuffle(pool)
        i = len(c.deck)
        if c.deck_bound is not None:
            pool = _deck_first(pool, i, c.deck_bound[seat])
            # The others' own knowledge of the deck is theirs: in this world they know what `seat` knows.
            c.deck_bound = [c.deck_bound[seat][:] for _ in range(self.num_players)]
        c.deck = pool[:i]
        for p in others:
            size = sum(c.hands[p])
            hand = [0] * len(_KINDS)
            for k in pool[i:i + size]:
                hand[k] += 1
            c.hands[p] = hand
            i += size
            for cr in c.circle[p]:
                n = len(c.under[cr])
                c.under[cr] = tuple(pool[i:i + n])
                i += n
        # Creatures.
        pool = []
        for p in others:
            pool.extend(cr for cr in c.reserve[p] if not c.known[p] >> cr & 1)
            pool.extend(c.pending[p])
        rng.shuffle(pool)
        i = 0
        for p in others:
            known = [cr for cr in c.reserve[p] if c.known[p] >> cr & 1]
            hidden = len(c.reserve[p]) - len(known)
            c.reserve[p] = sorted(known + pool[i:i + hidden])
            i += hidden
            n = len(c.pending[p])
            c.pending[p] = pool[i:i + n]
            i += n
            for cr in c.reserve[p]:
                c.owner[cr] = p
            for cr in c.pending[p]:
                c.owner[cr] = p
        return c

    # --- persistence ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        cid = [cr.id for cr in CARDS.creatures]
        sid = [s.id for s in CARDS.sorceries]
        return {
            **self.header(),
            "phase": PHASE_NAMES[self.phase],
            "active": self.active,
            "first": self.first,
            "alive": self.alive[:],
            "reserve": [[cid[c] for c in r] for r in self.reserve],
            "known": [[cid[c] for c in r if self.known[p] >> c & 1] for p, r in enumerate(self.reserve)],
            "circle": [[cid[c] for c in r] for r in self.circle],
            "captured": [[cid[c] for c in r] for r in self.captured],
            "pending": [[cid[c] for c in r] for r in self.pending],
            "under": {cid[c]: [sid[k] for k in u] for c, u in enumerate(self.under) if u},
            "hands": [{sid[k]: h[k] for k in _KINDS if h[k]} for h in self.hands],
            "deck": [sid[k] for k in self.deck],
            "deck_bound": None if self.deck_bound is None else [
                {sid[k]: b[k] for k in _KINDS if b[k]} for b in self.deck_bound],
            "discard": {sid[k]: self.discard[k] for k in _KINDS if self.discard[k]},
            "placed": self.placed,
            "fought": [cid[c] for c in range(len(cid)) if self.fought >> c & 1],
            "battle": None if self.battle is None else self.battle.to_dict(),
            "summoning": None if self.summoning < 0 else cid[self.summoning],
            "discount": self.discount,
            "turns": self.turns[:],
            "winners": self.winners[:],
            "score": self.score[:],
        }


def _deck_first(pool: list[int], size: int, bound: list[int]) -> list[int]:
    """`pool` (shuffled) reordered so that its first `size` cards, the deck, respect `bound`: at
    most bound[k] cards of kind k. The true deck always fits, so there are always enough."""
    room = bound[:]
    deck: list[int] = []
    rest: list[int] = []
    for k in pool:
        if len(deck) < size and room[k] > 0:
            room[k] -= 1
            deck.append(k)
        else:
            rest.append(k)
    return deck + rest


def _creature_view(c: int) -> dict[str, Any]:
    card = CARDS.creatures[c]
    return {"id": card.id, "name": card.name, "affiliation": card.affiliation, "attack": card.attack,
            "health": card.health, "skill": card.skill, "roll_cost": card.roll_cost}


def _card_list(kinds: tuple[int, ...]) -> str:
    return ", ".join(_SNAME[k] for k in kinds) if kinds else "nothing"
