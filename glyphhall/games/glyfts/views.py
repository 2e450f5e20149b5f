"""What each seat sees: its own hand, picks and face-down cards, the others' counts only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import CARDS
from .state import PHASE_NAMES, SKILL_TO_WIN

if TYPE_CHECKING:
    from .state import GlyftsState

_COST = CARDS.roll_cost


def view(st: GlyftsState, seat: int | None) -> dict[str, Any]:
    players = []
    for p in range(st.num_players):
        mine = seat == p
        reserve = st.reserve[p] if mine else [c for c in st.reserve[p] if st.known[p] >> c & 1]
        players.append({
            "seat": p,
            "alive": st.alive[p],
            "skill": st.score[p],
            "reserve_count": len(st.reserve[p]),
            "reserve": [creature_view(c) for c in reserve],
            "circle": [
                {**creature_view(c), "under": len(st.under[c]),
                 "cards": [CARDS.sorceries[k].id for k in st.under[c]] if mine else None,
                 "fought": bool(st.fought >> c & 1)}
                for c in st.circle[p]
            ],
            "captured": [creature_view(c) for c in st.captured[p]],
            "hand_count": sum(st.hands[p]),
            "picked": len(st.pending[p]),
        })
    b = st.battle
    return {
        "phase": PHASE_NAMES[st.phase],
        "active": st.active,
        "first": st.first,
        "to_move": list(st.to_move()),
        "players": players,
        "hand": None if seat is None else [
            {"id": s.id, "name": s.name, "count": st.hands[seat][s.index]}
            for s in CARDS.sorceries if st.hands[seat][s.index]
        ],
        "picked": None if seat is None else [CARDS.creatures[c].id for c in st.pending[seat]],
        "deck_count": len(st.deck),
        "discard": {s.id: st.discard[s.index] for s in CARDS.sorceries if st.discard[s.index]},
        "placed": st.placed,
        "battle": None if b is None else b.to_dict(),
        "summoning": None if st.summoning < 0 else CARDS.creatures[st.summoning].id,
        "summon_cost": None if st.summoning < 0 else max(1, _COST[st.summoning] - st.discount),
        "turns": st.turns[:],
        "quiet": st.quiet,
        "no_progress": st.no_progress * sum(st.alive),
        "skill_to_win": SKILL_TO_WIN,
        "winners": st.winners[:],
    }


def creature_view(c: int) -> dict[str, Any]:
    card = CARDS.creatures[c]
    return {"id": card.id, "name": card.name, "affiliation": card.affiliation, "attack": card.attack,
            "health": card.health, "skill": card.skill, "roll_cost": card.roll_cost}
