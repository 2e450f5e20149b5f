"""Terminal rendering of an Inscription view (Rich): both rows of the board, the hand, bones,
the scale and candles, and whose move it is."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from glyphhall.engine.wording import join_names, name_seats


def _card_text(card: dict[str, Any] | None) -> Text:
    if card is None:
        return Text("·", style="dim", justify="center")
    style = "bold yellow" if card.get("rare") else ("magenta" if card.get("death_card") else "bold")
    if card.get("other"):
        style = "grey62"
    t = Text(card["name"], style=style, justify="center")
    hp = f"{card['health']}/{card['max_health']}" if "max_health" in card and card["health"] != card["max_health"] else str(card["health"])
    t.append(f"\n{card['power']}⚔ {hp}♥", style="cyan")  # power and health, then the cost, on one line
    if card.get("cost"):
        t.append(f" {card['cost']}", style="dim")
    if card.get("sigils"):
        t.append("\n" + ", ".join(card["sigils"]), style="green")
    if card.get("submerged"):
        t.append("\n(submerged)", style="blue")
    return t


def _scale(view: dict[str, Any], me: int, spectator: bool, who) -> Text:
    """The tooth between the players: it leans toward whoever has taken the damage."""
    lean = view["damage"][1 - me] - view["damage"][me]  # > 0: toward the adversary
    cells = "".join("▲" if k == lean else ("|" if k == 0 else "-") for k in range(-5, 6))
    t = Text(f"{who(me)} " if spectator else "you ", style="bold")
    t.append(cells, style="red" if lean < 0 else "green")
    t.append(f" {who(1 - me)}" if spectator else " them", style="bold")
    return t


def _candles(n: int) -> str:
    return f"candles {n}/2"


def _death_card(dc: dict[str, Any]) -> RenderableType:
    """The death card being made after the match: the cards it may take from, and the card so far."""
    if dc.get("made"):
        return Group(Text("the death card made from this match:", style="magenta"), render_kept(dc["made"]))
    so_far = "; ".join(f"{k} {', '.join(v) if isinstance(v, list) else v}" for k, v in dc["so_far"].items())
    lines = Text(f"death card: choosing its {dc['stage']}" + (f" (so far: {so_far})" if so_far else "") + "\n",
                 style="magenta")
    for k, c in enumerate(dc["revealed"]):
        lines.append(f"  {k + 1}. {c['name']} ({c['cost']}, {c['power']}/{c['health']}, "
                     f"{', '.join(c['sigils']) or 'no sigils'})\n")
    return lines


def render_kept(card: dict[str, Any]) -> RenderableType:
    """The death card made at the end of a match, drawn as a card."""
    return Panel(_card_text({**card, "death_card": True}), title="death card", expand=False, width=28)


def render(view: dict[str, Any], seat: int | None, names: Sequence[str] = ()) -> RenderableType:
    def who(s: int) -> str:
        return name_seats(f"seat {s}", names)

    me = 0 if seat is None else seat
    them = 1 - me
    viewer = "spectator" if seat is None else who(seat)
    parts: list[RenderableType] = []
    status = Text()
    status.append(f"Inscription · {viewer} · phase: {view['phase']} · ", style="bold")
    movers = view["to_move"]
    if view.get("winner") is not None or not movers:
        status.append("the game is over")
    else:
        status.append("your move" if seat is not None and seat in movers
                      else f"waiting for {join_names([who(m) for m in movers])}")
    parts.append(status)
    head = Table.grid(padding=(0, 2))
    head.add_row(
        Text(f"{who(them)}: {_candles(view['candles'][them])}  bones {view['bones'][them]}  "
             f"hand {view['hand_sizes'][them]}  deck {view['deck_sizes'][them]}  items {view['item_counts'][them]}"),
    )
    head.add_row(_scale(view, me, seat is None, who))
    head.add_row(
        Text(f"{who(me)}: {_candles(view['candles'][me])}  bones {view['bones'][me]}  "
             f"hand {view['hand_sizes'][me]}  deck {view['deck_sizes'][me]}  items {view['item_counts'][me]}"),
    )
    parts.append(head)
    board = Table(show_header=True, header_style="bold", expand=False, box=box.SIMPLE_HEAD, show_edge=False,
                  pad_edge=False)
    board.add_column("")
    for k in range(4):
        board.add_column(f"space {k + 1}" + (" 🔔" if k == 0 else ""), justify="center", min_width=12)
    board.add_row(who(them), *[_card_text(c) for c in view["board"][them]])
    board.add_row(who(me), *[_card_text(c) for c in view["board"][me]])
    parts.append(board)
    if view.get("draft"):
        d = view["draft"]
        parts.append(Text(f"draft, round {d['round']} of 20 ({d['pile']} cards left in the pile); face up:",
                          style="bold"))
        t = Table.grid(padding=(0, 3))
        t.add_row(*[Text(f"{k + 1}. ") + _card_text(c) for k, c in enumerate(d["faceup"])])
        parts.append(t)
        for s in (me, them):
            parts.append(Text(f"{who(s)} picked: " + (", ".join(d["picked"][s]) or "nothing yet"), style="dim"))
    if view.get("hand") is not None and not view.get("draft"):
        # side by side as the width allows: a hand of six takes two or three lines at 80 columns
        cards = [Text("your hand:", style="bold")]
        for k, c in enumerate(view["hand"]):
            entry = Text(f"{k + 1}. ", style="bold")
            entry.append(c["name"], style="bold")
            entry.append(f" {c['power']}⚔ {c['health']}♥ {c['cost']}", style="cyan")
            if c["sigils"]:
                entry.append(" " + ", ".join(c["sigils"]), style="green")
            cards.append(entry)
        parts.append(Columns(cards, padding=(0, 2)))
        if view.get("items"):
            parts.append(Text("your items: " + "; ".join(f"{k + 1}. {c['name']}" for k, c in enumerate(view["items"]))))
    known = view["hands_known"][them]
    if known:
        parts.append(Text(f"{who(them)} is known to hold: " + ", ".join(c["name"] for c in known), style="dim"))
    if view.get("decision"):
        dec = view["decision"]
        what = {"corpse": f"Corpse Eater may be played on space {dec['space']}", "hoard": "choose a card of the deck"}
        parts.append(Text(f"decision for {who(dec['seat'])}: {what.get(dec['kind'], dec['kind'])}", style="bold magenta"))
    if view.get("death_card"):
        parts.append(_death_card(view["death_card"]))
    if view.get("winner") is not None:
        parts.append(Text(f"{who(view['winner'])} wins", style="bold green"))
    return Group(*parts)  # no frame: at 80x24 every line counts


def _short_card(card: dict[str, Any] | None) -> str:
    if not card:
        return "an empty space"
    sigils = f", {', '.join(card['sigils'])}" if card.get("sigils") else ""
    cost = f", {card['cost']}" if card.get("cost") else ""
    return f"{card['name']}{cost}, {card['power']}/{card['health']}{sigils}"


def action_meta(state, seat: int) -> dict[str, str]:
    """What numbered actions mean, for Tab's menu and for completing by card name:
    'draft 2' -> 'Coyote, 4 bones, 2/1'; 'play 4 1 sacrifice 3' -> 'Squirrel on space 1, sacrificing Stoat'."""
    view = state.view(seat)
    hand = view.get("hand") or []
    faceup = (view.get("draft") or {}).get("faceup") or []
    mine = view["board"][seat]
    out: dict[str, str] = {}
    for action in state.legal_actions(seat):
        words = str(action).split()
        try:
            if words[0] == "draft" and len(words) == 2:
                out[str(action)] = _short_card(faceup[int(words[1]) - 1])
            elif words[0] == "play" and len(words) >= 3:
                text = f"{hand[int(words[1]) - 1]['name']} on space {words[2]}"
                if "sacrifice" in words:
                    spaces = [int(w) for w in words[words.index("sacrifice") + 1:] if w.isdigit()]
                    text += ", sacrificing " + ", ".join(_short_card(mine[k - 1]).split(",")[0] for k in spaces)
                out[str(action)] = text
        except (IndexError, ValueError, KeyError, TypeError):
            continue  # a text this table does not read stays without a meaning
    return out


#: events the full screen pins and holds (--More--) so they are read: a life lost, damage on
#: the scale, an item gained, the end
IMPORTANT = re.compile(r"candle goes out|takes \d+ damage|gets? (an|the) item|wins")


def summary(view: dict[str, Any], seat: int | None, names: Sequence[str] = ()) -> str:
    """The status line's right side: candles, the scale from the viewer's side, the phase."""
    you = seat if seat is not None else 0
    them = 1 - you
    lean = view["damage"][them] - view["damage"][you]  # > 0: toward the adversary, as the board draws it
    return (f"candles {view['candles'][you]}-{view['candles'][them]} · scale {lean:+d} of 5 "
            f"· {view['phase']}")
