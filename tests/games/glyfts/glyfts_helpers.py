"""Building Glyfts positions for scenario tests, with dice chosen by the test."""

from __future__ import annotations

from glyphhall.engine import ScriptedRng
from glyphhall.games.glyfts import GAME
from glyphhall.games.glyfts import notation as N
from glyphhall.games.glyfts.cards import CARDS
from glyphhall.games.glyfts.state import ATTACK, PHASE_NAMES, PLACE, GlyftsState


def script(state: GlyftsState, *faces: int) -> None:
    """The next D6 rolls show these faces (the engine's ScriptedRng, as a position's [chance])."""
    state.rng = ScriptedRng(state.rng.state, [(6, face) for face in faces])


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
    dealt: int = -1,
    whole_deck: bool = False,
    shown: list[list[str]] | None = None,
    discard: list[str] | None = None,
    out: tuple[int, ...] = (),
    quiet: int = 0,
) -> GlyftsState:
    """A position in the middle of `active`'s turn (after the draw), loaded through the position
    format (README "Positions"): the Creatures no seat names are dealt to seat `dealt` (by default
    the last) on top of its `reserve`; `deck` names the next cards drawn in a state's order (its
    end is the top; the cards named nowhere shuffled beneath), or with `whole_deck` the whole
    Sorcery Deck (the cards named nowhere are then in the discard pile); `shown` the reserve Creatures everyone has seen;
    `discard` the discard pile; `out` the seats already out of the game; `dice` the next D6 rolls;
    `quiet` the turns since the last capture or summon."""
    n = len(circle)
    reserve = reserve or [[]] * n
    seats = []
    for p in range(n):
        owned = set(circle[p]) | set(reserve[p])
        seats.append({"circle": circle[p], "reserve": reserve[p], "hand": (hands or [[]] * n)[p],
                      "captured": (captured or [[]] * n)[p], "deal": p == dealt % n, "shown": (shown or [[]] * n)[p],
                      "in_game": p not in out,
                      "under": {cid: sids for cid, sids in (under or {}).items() if cid in owned}})
    position = {"active": active, "first": active, "step": PHASE_NAMES[phase], "discard": discard or [],
                "quiet": quiet}
    if deck is not None:
        position["deck" if whole_deck else "next"] = deck[::-1]  # a state's deck ends with its top card
    s = GAME.load_position({"players": n, "seed": 1, "options": options or {}, "position": position,
                            "seats": seats, "chance": {"dice": [f"d6 {d}" for d in dice or []]}})
    assert isinstance(s, GlyftsState)
    return s


def the_rest(*named: str) -> list[str]:
    """Every Sorcery card of the box but these (a hand that holds what no other place does)."""
    rest = [card.id for card in CARDS.sorceries for _ in range(CARDS.counts[card.index])]
    for sid in named:
        rest.remove(sid)
    return rest


def act(state: GlyftsState, seat: int, text: str) -> list[str]:
    """Apply a typed action (all checks on); the event texts seat `seat` sees."""
    return [e.text for e in state.apply_text(seat, text) if e.visible_to(seat)]


def texts_for(events, seat: int | None) -> list[str]:
    return [e.text for e in events if e.visible_to(seat)]


def phase(state: GlyftsState) -> str:
    return PHASE_NAMES[state.phase]


__all__ = ["ATTACK", "PLACE", "act", "build", "c", "fight", "hand", "k", "phase", "script", "texts_for", "the_rest"]


def fight(state: GlyftsState, seat: int, text: str) -> list:
    """Declare an attack (cards revealed) and roll the battle dice; all the events."""
    events = state.apply_text(seat, text)
    if PHASE_NAMES[state.phase] == "battle":
        events += state.apply_text(seat, "roll")
    return events
