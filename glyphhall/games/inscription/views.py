"""What each seat may see (JSON-ready). Hands, deck order and held items stay private; cards
seen entering a hand (squirrels, tokens, Hoarder picks) are public."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import board as B
from . import sigils as S

if TYPE_CHECKING:
    from .state import InscriptionState


def card(st: InscriptionState, cid: int) -> dict[str, Any]:
    d = st.defs[cid]
    out: dict[str, Any] = {"name": d.name, "cost": d.cost_text, "power": d.power, "health": d.health,
                           "sigils": d.sigil_names}
    if not d.alive:
        out["other"] = True
    if d.rare:
        out["rare"] = True
    if d.pile == "death":
        out["death_card"] = True
    if d.item:
        out["item"] = d.item
    return out


def slot_view(st: InscriptionState, i: int) -> dict[str, Any] | None:
    slot = st.board[i]
    if slot is None:
        return None
    out = card(st, slot[B.CID])
    out["max_health"] = out["health"]
    out["health"] = slot[B.HP]
    out["power"] = B.power(st, i)
    if B.submerged(st, i):
        out["submerged"] = True
    if slot[B.FLAGS] & B.TAIL_USED:
        out["tail_used"] = True
    if slot[B.SACS]:
        out["sacrificed"] = slot[B.SACS]
    return out


def view(st: InscriptionState, seat: int | None) -> dict[str, Any]:
    limited = st.options["limited_squirrels"]
    out: dict[str, Any] = {
        "phase": st.phase,
        "you": seat,
        "turn": st.turn,
        "turn_no": st.turn_no,
        "to_move": list(st.to_move()),
        "candles": st.candles[:],
        "scale": st.scale,
        "damage": [max(0, -st.scale), max(0, st.scale)],
        "bones": st.bones[:],
        "first_turn": [bool(x) for x in st.first_turn],
        "board": [[slot_view(st, s * 4 + k) for k in range(4)] for s in (0, 1)],
        "hand_sizes": [len(h) for h in st.hands],
        "hands_known": [[card(st, c) for c in st.known[s]] for s in (0, 1)],
        "deck_sizes": [len(d) for d in st.decks],
        "squirrels": st.squirrels[:] if limited else None,
        "dead": [[st.defs[c].name for c in st.dead[s]] for s in (0, 1)],
        "item_counts": [len(x) for x in st.items],
        "item_pile": len(st.item_pile),
        "fan": st.fan,
        "skip": st.skip[:],
        "winner": st.winner if st.winner >= 0 else None,
    }
    if seat is not None:
        out["hand"] = [card(st, c) for c in st.hands[seat]]
        out["items"] = [card(st, c) for c in st.items[seat]]
        out["deck"] = sorted(st.defs[c].name for c in st.decks[seat])
    if st.phase == "draft":
        out["draft"] = {
            "faceup": [card(st, c) for c in st.faceup],
            "round": st.draft_round + 1,
            "picked": [[st.defs[c].name for c in st.decks[s]] for s in (0, 1)],
            "pile": len(st.draft_pile),
        }
    if st.pending:
        kind, who, lane = st.pending[0]
        out["decision"] = {"kind": kind, "seat": who, "space": lane + 1}
        if kind == "corpse" and seat == who:
            # only the owner learns it (their own hand): without one the question is answered
            # `pass`, and is put anyway so that the adversary cannot tell (README, Corpse Eater)
            out["decision"]["holding"] = any(st.defs[c].sig & S.CORPSE_EATER for c in st.hands[seat])
    if st.phase in ("death-card", "over") and st.dc_spec is not None:
        out["death_card"] = {
            "stage": ("cost", "power and health", "sigils", "name", "done")[min(st.dc_stage, 4)] if not st.made else "done",
            "revealed": [card(st, c) for c in st.dc_revealed],
            "so_far": {k: v for k, v in st.dc_spec.items() if k != "from"},
            "made": st.made,
        }
    return out
