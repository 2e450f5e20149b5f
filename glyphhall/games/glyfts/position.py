"""Glyfts positions as data (the format is in the README, "Positions"): a turn under way, set up
from card names, written out as a saved state for `GlyftsGame._load` to check and build."""

from __future__ import annotations

from typing import Any

from glyphhall.engine import LoadError, PositionData, Rng

from .cards import CARDS

STEPS = ("place", "attack", "summon")


def _lookup(cards: Any) -> dict[str, str]:
    """Name or id (any case) -> id."""
    out = {}
    for card in cards:
        out[card.name.lower()] = out[card.id.lower()] = card.id
    return out


_CREATURES = _lookup(CARDS.creatures)
_SORCERIES = _lookup(CARDS.sorceries)


def creature(name: str) -> str:
    try:
        return _CREATURES[name.lower()]
    except KeyError:
        raise LoadError(f"there is no Creature card named {name!r}") from None


def sorcery(name: str) -> str:
    try:
        return _SORCERIES[name.lower()]
    except KeyError:
        raise LoadError(f"there is no Sorcery card named {name!r}") from None


def saved_state(header: dict[str, Any], players: int, rng: Rng, data: PositionData) -> dict[str, Any]:
    """The position as `to_dict()` output. Creatures no seat names are dealt out to the
    reserves in turn (shuffled by the seed); Sorcery cards named nowhere form the deck."""
    pos = data.table("position")
    seats = data.tables("seats")
    if len(seats) != players:
        raise LoadError(f"a {players}-player position lists {players} [[seats]], not {len(seats)}")
    step = pos.take("step", str, "place")
    if step not in STEPS:
        raise LoadError(f"'position.step' is one of {', '.join(STEPS)}, not {step!r}")
    active = pos.take("active", int, 0)
    out: dict[str, Any] = {**header, "phase": step, "active": active, "first": pos.take("first", int, 0),
                           "placed": pos.take("placed", int, 0),
                           "fought": [creature(n) for n in pos.names("fought", [])],
                           "discard": _counts([sorcery(n) for n in pos.names("discard", [])]),
                           "battle": None, "summoning": None, "discount": 0, "winners": [], "deck_bound": None,
                           "quiet": pos.take("quiet", int, 0)}
    exact = "deck" in pos.rest
    deck = pos.names("deck", [])  # top first
    top = [sorcery(n) for n in pos.names("next", [])]
    if exact and top:
        raise LoadError("'position.deck' is the whole Sorcery Deck and 'position.next' its top cards: name one")
    out["turns"] = [1] * players
    for key in ("reserve", "circle", "captured", "known", "hands", "pending"):
        out[key] = []
    out["alive"], out["under"] = [], {}
    dealt = []  # the seats dealt the Creatures named nowhere
    for p, table in enumerate(seats):
        if table.take("deal", bool, True):
            dealt.append(p)
        out["circle"].append([creature(n) for n in table.names("circle", [])])
        out["reserve"].append([creature(n) for n in table.names("reserve", [])])
        out["captured"].append([creature(n) for n in table.names("captured", [])])
        out["known"].append([creature(n) for n in table.names("shown", [])])
        out["hands"].append(_counts([sorcery(n) for n in table.names("hand", [])]))
        out["pending"].append([])
        out["alive"].append(table.take("in_game", bool, True))
        under = table.table("under")
        for name in list(under.rest):
            out["under"][creature(name)] = [sorcery(n) for n in under.names(name)]
        table.done()
    pos.done()
    named = {c for group in ("reserve", "circle", "captured") for cards in out[group] for c in cards}
    rest = [c.id for c in CARDS.creatures if c.id not in named]
    rng.shuffle(rest)
    live = [p for p in dealt if out["alive"][p]]
    if rest and not live:
        raise LoadError(f"{len(rest)} Creatures are named nowhere and no seat still in the game is dealt them "
                        "('deal = false' on every such seat)")
    for i, cid in enumerate(rest):
        out["reserve"][live[i % len(live)]].append(cid)
    named_deck = [sorcery(n) for n in deck]
    left = list(_sorcery_pool())
    for sid in _placed_sorceries(out, named_deck + top):
        left.remove(sid)
    if exact:  # the whole deck named: the cards named nowhere else lie in the discard pile
        for sid in left:
            out["discard"][sid] = out["discard"].get(sid, 0) + 1
        left = []
    rng.shuffle(left)
    out["deck"] = left + (named_deck + top)[::-1]  # the end of the list is the top
    return out


def _counts(ids: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for sid in ids:
        counts[sid] = counts.get(sid, 0) + 1
    return counts


def _sorcery_pool() -> list[str]:
    return [s.id for s in CARDS.sorceries for _ in range(CARDS.counts[s.index])]


def _placed_sorceries(out: dict[str, Any], deck: list[str]) -> list[str]:
    placed = deck + [sid for sid, n in out["discard"].items() for _ in range(n)]
    for hand in out["hands"]:
        placed += [sid for sid, n in hand.items() for _ in range(n)]
    for kinds in out["under"].values():
        placed += kinds
    pool = _sorcery_pool()
    for sid in set(placed):
        if placed.count(sid) > pool.count(sid):
            raise LoadError(f"the position names {placed.count(sid)} {sid} cards; the box has {pool.count(sid)}")
    return placed
