"""What each seat may see: the battlefield, figures, cards, glyphs, order markers (face-down
markers of other seats show only which card they lie on), the turn and pending decisions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import combat, los, paths, scenario_rules, turn
from .glyphs import GLYPHS
from .maps import FAR
from .state import MARKERS, ON, STATUS_NAMES

if TYPE_CHECKING:
    from .maps import Board
    from .state import HeroscapeState


def board_view(s: HeroscapeState) -> dict[str, Any]:
    return board_json(s.board)


def board_json(b: Board) -> dict[str, Any]:
    """A battlefield as the table page draws it (also the map gallery's 3D preview)."""
    return {
        "key": b.key,
        "name": b.name,
        "hexes": [[b.labels[i], b.coords[i][0], b.coords[i][1], b.levels[i], b.terrain[i], b.zone[i]]
                  for i in range(len(b))],
        # ruin walls on hex edges: [hex, hex, top level]
        "walls": sorted([b.labels[x], b.labels[y], top] for (x, y), top in b.walls.items() if x < y),
        # ladders (castles): [hex, hex]
        "ladders": sorted([b.labels[x], b.labels[y]] for x, ends in enumerate(b.ladders) for y in ends if x < y),
        # overhangs: [hex, underside level, top level]
        "overhangs": [[b.labels[h], b.ceiling[h], b.ceiling_top[h]] for h in range(len(b)) if b.ceiling[h] < FAR],
    }


def _movers(s: HeroscapeState, seat: int | None) -> list[int] | None:
    """The figures `seat` may move now, if it is the seat taking the turn (else None)."""
    if seat is None or s.phase != "turn" or s.active_card < 0 or s.pending or s.result is not None:
        return None
    if s.c_owner[s.active_card] != seat:
        return None
    return [f for f in s.c_figs[s.active_card] if paths.why_not_moving(s, f) is None]


def reach(s: HeroscapeState, seat: int | None) -> dict[str, dict[str, list[str]]] | None:
    """For the seat taking the turn: each figure it may move now, with every hex it can end its
    move on and the path to it (the table page's one-click `move FIG HEX`); None for everyone
    else (the paths follow from the public board, but only the mover needs them)."""
    movers = _movers(s, seat)
    if movers is None:
        return None
    out = {}
    for f in movers:
        ends = paths.paths_by_label(s, s.f_name[f])
        if ends:
            out[s.f_name[f]] = ends
    return out


def tails(s: HeroscapeState, seat: int | None) -> dict[str, dict[str, dict[str, list[str]]]] | None:
    """For the seat taking the turn, each double-space figure it may move now: for every hex its
    leading end can reach, where its other end may end (the engine's own choice first) and the
    path to each, so the page can offer the other end (`move FIG HEX TAIL`); None as `reach`."""
    movers = _movers(s, seat)
    if movers is None:
        return None
    labels = s.board.labels
    out: dict[str, dict[str, dict[str, list[str]]]] = {}
    for f in movers:
        if s.f_tail[f] < 0:
            continue
        ends = {labels[head]: {labels[p.tail]: [labels[x] for x in p.steps]}
                for head, p in sorted(paths.reachable(s, f).items())}  # the engine's choice first
        for (head, tail), p in paths.positions(s, f).items():
            ends[labels[head]].setdefault(labels[tail], [labels[x] for x in p.steps])
        if ends:
            out[s.f_name[f]] = ends
    return out


def aims(s: HeroscapeState, seat: int | None) -> dict[str, dict[str, dict[str, int]]] | None:
    """For the seat taking the turn: each figure that may attack now, with every figure it may
    attack (the engine's own attack actions: in range and in line of sight), the spaces between
    them and the dice height gives each side (the 3D view draws them; the page computes no rule);
    None for everyone else, as `reach`."""
    if _movers(s, seat) is None:
        return None
    out: dict[str, dict[str, dict[str, int]]] = {}
    for action in turn.turn_actions(s):
        if action.verb not in ("attack", "shuriken"):
            continue
        a, d = s.fig_index(str(action.args[0])), s.fig_index(str(action.args[1]))
        out.setdefault(s.f_name[a], {})[s.f_name[d]] = {
            "spaces": los.fig_range(s, a, d),
            "attack_height": combat.height_bonus(s, a, d),  # extra attack dice for standing higher
            "defense_height": combat.height_bonus(s, d, a),  # extra defense dice for the target
        }
    return out


def view(s: HeroscapeState, seat: int | None) -> dict[str, Any]:
    lab = s.board.labels
    cards = []
    for c, d in enumerate(s.c_def):
        owner = s.c_owner[c]
        markers = []
        for m in range(4):
            if s.markers[owner][m] != c:
                continue
            # teammates may look at each other's markers (reference §1.3)
            if s.revealed[owner][m] or (seat is not None and s.team[seat] == s.team[owner]):
                markers.append(MARKERS[m])
            else:
                markers.append("?")
        cards.append({
            "key": d.key, "name": d.name, "owner": owner, "points": d.points,
            "life": d.life, "move": d.move, "range": d.range, "attack": d.attack + s.c_atk[c],
            "defense": d.defense + s.c_dfn[c], "height": d.height, "powers": sorted(d.powers),
            "glyph": s.c_glyph[c], "negated": s.c_negated[c], "grenade_used": s.c_grenade[c] == 2,
            "markers": sorted(markers),
        })
    figures = [
        {"name": s.f_name[f], "card": s.c_def[s.f_card[f]].key, "owner": s.owner(f),
         "hex": lab[s.f_hex[f]] if s.f_hex[f] >= 0 else None,
         "tail": lab[s.f_tail[f]] if s.f_tail[f] >= 0 else None,
         "wounds": s.f_wounds[f], "status": STATUS_NAMES[s.f_state[f]]}
        for f in range(len(s.f_card))
    ]
    glyphs = [
        {"hex": lab[h], "glyph": k if up else "?", "name": GLYPHS[k].name if up else "?", "up": up}
        for h, (k, up) in sorted(s.glyph_at.items())
    ]
    pending = None
    if s.pending:
        p = s.pending[0]
        pending = {"seat": p[0], "kind": p[1]}
        if p[1] in ("place", "equip", "swapglyph"):  # the figure it is about, named on the page
            pending["figure"] = s.f_name[p[2]]
        if p[1] in ("equip", "swapglyph") and len(p) > 3 and p[3] in s.glyph_at and s.glyph_at[p[3]][1]:
            glyph = GLYPHS[s.glyph_at[p[3]][0]]  # face up: everybody sees it
            pending["glyph"] = {"name": glyph.name, "text": glyph.text}
        if p[1] == "target_order":  # the figures still to defend against the special attack
            pending["targets"] = [s.f_name[d] for d in p[3] if s.f_state[d] == ON]
    return {
        "board": board_view(s),
        "phase": s.phase,
        "round": s.round,
        "round_limit": scenario_rules.round_limit(s),
        "turn": s.turn_no,
        "initiative": list(s.init_order),
        "active_card": s.c_def[s.active_card].key if s.active_card >= 0 else None,
        "moving": s.f_name[s.moving] if s.moving >= 0 else None,
        "move_left": s.move_left if s.moving >= 0 else None,
        "stage": s.stage,
        "draft_pool": list(s.draft_pool),
        "cards": cards,
        "figures": figures,
        "glyphs": glyphs,
        "pending": pending,
        "reach": reach(s, seat),
        "tails": tails(s, seat),
        "aims": aims(s, seat),
        "result": None if s.result is None else list(s.result),
        "teams": list(s.team),
    }
