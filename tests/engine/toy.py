"""A tiny game with hidden hands and simultaneous secret choices, used to test the engine and
the conformance suite itself (it is not registered as a Glyph Hall game).

Each player is dealt 3 cards from 1..9. Each round both pick a card secretly; the higher card
scores a point (ties score nothing). After 3 rounds the higher score wins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from glyphhall.engine import Action, Event, Game, Rng, State

DECK = list(range(1, 10))


class DuelState(State):
    def clone(self) -> DuelState:
        c = DuelState.__new__(DuelState)
        self.copy_base_into(c)
        c.hands = [h[:] for h in self.hands]
        c.deck = self.deck[:]
        c.chosen = self.chosen[:]
        c.score = self.score[:]
        c.round = self.round
        return c

    def to_move(self) -> tuple[int, ...]:
        if self.round >= 3:
            return ()
        return tuple(s for s in range(2) if self.chosen[s] is None)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("play", (c,)) for c in sorted(self.hands[seat])]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        card = int(action.args[0])
        self.hands[seat].remove(card)
        self.chosen[seat] = card
        events = Event.secret(seat, f"you pick {card}", f"seat {seat} picks a card")
        if all(c is not None for c in self.chosen):
            a, b = self.chosen
            if a != b:
                self.score[0 if a > b else 1] += 1
            events.append(Event(f"cards revealed: {a} against {b}"))
            self.chosen = [None, None]
            self.round += 1
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "score": self.score[:],
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "chosen": [c is not None for c in self.chosen],
            "my_choice": self.chosen[seat] if seat is not None else None,
        }

    def _determinize(self, seat: int, rng: Rng) -> DuelState:
        c = self.clone()
        other = 1 - seat
        unseen = c.deck + c.hands[other] + ([c.chosen[other]] if c.chosen[other] is not None else [])
        rng.shuffle(unseen)
        n = len(c.hands[other])
        c.hands[other] = unseen[:n]
        if c.chosen[other] is not None:
            c.chosen[other] = unseen[n]
            n += 1
        c.deck = unseen[n:]
        return c

    def is_over(self) -> bool:
        return self.round >= 3

    def returns(self) -> list[float]:
        a, b = self.score
        return [0.5, 0.5] if a == b else ([1.0, 0.0] if a > b else [0.0, 1.0])

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.header(),
            "hands": [h[:] for h in self.hands],
            "deck": self.deck[:],
            "chosen": self.chosen[:],
            "score": self.score[:],
            "round": self.round,
        }


class DuelGame(Game):
    id = "duel"
    name = "Duel"
    min_players = 2
    max_players = 2

    def _new(self, players: int, seed: int, options: dict) -> DuelState:
        s = DuelState.__new__(DuelState)
        s.init_base(self, players, seed, options)
        deck = DECK[:]
        s.rng.shuffle(deck)
        s.hands = [deck[:3], deck[3:6]]
        s.deck = deck[6:]
        s.chosen = [None, None]
        s.score = [0, 0]
        s.round = 0
        return s

    def _load(self, data: Mapping[str, Any]) -> DuelState:
        s = DuelState.__new__(DuelState)
        s.load_base(self, data)
        s.hands = [list(map(int, h)) for h in data["hands"]]
        s.deck = list(map(int, data["deck"]))
        s.chosen = [None if c is None else int(c) for c in data["chosen"]]
        s.score = list(map(int, data["score"]))
        s.round = int(data["round"])
        return s


GAME = DuelGame()


class PositionDuelGame(DuelGame):
    """The duel with a position format, for tests of what keeps and replays positions:
    `[position] hands = [[9], [1]]` (the cards still held; the rounds played follow from them),
    `score = [1, 1]`."""

    id = "posduel"
    name = "Position duel"

    def _position(self, state: State, data: Any) -> State:
        assert isinstance(state, DuelState)
        position = data.table("position")
        hands = position.take("hands", list)
        score = position.take("score", list, [0, 0])
        position.done()
        if len(hands) != 2 or len({len(h) for h in hands}) != 1 or not 1 <= len(hands[0]) <= 3:
            raise ValueError("'position.hands' is two hands of 1 to 3 cards each, as many in each")
        held = [int(c) for h in hands for c in h]
        if sorted(set(held)) != sorted(held) or not set(held) <= set(DECK):
            raise ValueError("'position.hands' holds cards 1 to 9, each once")
        state.hands = [[int(c) for c in h] for h in hands]
        state.deck = [c for c in DECK if c not in held]
        state.score = [int(s) for s in score]
        state.round = 3 - len(hands[0])
        return state


POSITION_GAME = PositionDuelGame()
