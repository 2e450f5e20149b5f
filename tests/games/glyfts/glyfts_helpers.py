"""Building Glyfts positions for scenario tests, with dice chosen by the test."""

from __future__ import annotations

from glyphhall.engine import Rng
from glyphhall.games.glyfts import GAME
from glyphhall.games.glyfts import notation as N
from glyphhall.games.glyfts.cards import CARDS
from glyphhall.games.glyfts.state import ATTACK, PHASE_NAMES, PLACE, GlyftsState


class ScriptedDice(Rng):
    """An Rng whose dice (randint) come from a list, in order; shuffles stay seeded.
    A test that rolls more dice than it scripted fails loudly."""

    __slots__ = ("dice",)

    def __init__(self, dice: list[int], seed: int = 7) -> None:
        super().__init__(seed)
        self.dice = list(dice)

    def randint(self, low: int, high: int) -> int:
        assert self.dice, "the test did not script enough dice"
        value = self.dice.pop(0)
        assert low <= value <= high
        return value

    def clone(self) -> ScriptedDice:
        twin = ScriptedDice(self.dice)
        twin.state = self.state
        return twin


def c(cid: str) -> int:
    return N.CREATURE_INDEX[cid]


def k(sid: str) -> int:
    return N.SORCERY_INDEX[sid]


def hand(*sids: str) -> list[int]:
    counts = [0] * len(CARDS.sorceries)
    for sid in sids:
        counts[k(sid)] += 1
    return counts


def build(
    circle: list[list[str]],
    reserve: list[list[str]] | None = None,
    hands: list[list[str]] | None = None,
    under: dict[str, list[str]] | None = None,
    deck: list[str] | None = None,
    captured: list[list[str]] | None = None,
    active: int = 0,
    phase: int = PLACE,
    dice: list[int] | None = None,
    options: dict | None = None,
) -> GlyftsState:
    """A position in the middle of `active`'s turn (after the draw), holding only the cards named.
    Cards not named are out of the game, so only scenario tests (never conservation tests) use it."""
    n = len(circle)
    s = GAME.new(n, 1, options)
    assert isinstance(s, GlyftsState)
    s.circle = [[c(x) for x in row] for row in circle]
    s.reserve = [sorted(c(x) for x in row) for row in (reserve or [[] for _ in range(n)])]
    s.hands = [hand(*row) for row in (hands or [[] for _ in range(n)])]
    s.under = [()] * len(CARDS.creatures)
    for cid, sids in (under or {}).items():
        s.under[c(cid)] = tuple(k(x) for x in sids)
    # By default a few cards to draw, so that a turn ending does not reshuffle the discard pile.
    s.deck = [k(x) for x in (["fortune"] * 6 if deck is None else deck)]
    s.discard = [0] * len(CARDS.sorceries)
    s.captured = [[c(x) for x in row] for row in (captured or [[] for _ in range(n)])]
    s.score = [sum(CARDS.skill[x] for x in row) for row in s.captured]
    s.pending = [[] for _ in range(n)]
    s.owner = [-1] * len(CARDS.creatures)
    for p in range(n):
        for x in s.circle[p] + s.reserve[p]:
            s.owner[x] = p
    s.active = s.first = active
    s.turns = [1] * n
    s.phase = phase
    s.placed = 0
    s.fought = 0
    if dice is not None:
        s.rng = ScriptedDice(dice)
    return s


def act(state: GlyftsState, seat: int, text: str) -> list[str]:
    """Apply a typed action (all checks on); the event texts seat `seat` sees."""
    return [e.text for e in state.apply_text(seat, text) if e.visible_to(seat)]


def texts_for(events, seat: int | None) -> list[str]:
    return [e.text for e in events if e.visible_to(seat)]


def phase(state: GlyftsState) -> str:
    return PHASE_NAMES[state.phase]


__all__ = ["ATTACK", "PLACE", "ScriptedDice", "act", "build", "c", "fight", "hand", "k", "phase", "texts_for"]


def fight(state: GlyftsState, seat: int, text: str) -> list:
    """Declare an attack (cards revealed) and roll the battle dice; all the events."""
    events = state.apply_text(seat, text)
    if PHASE_NAMES[state.phase] == "battle":
        events += state.apply_text(seat, "roll")
    return events
