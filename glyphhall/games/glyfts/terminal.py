"""Terminal rendering of a Glyfts view (used by `glyphhall play glyfts`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from glyphhall.engine.wording import name_seats

AFFILIATION_STYLE = {"skyborne": "cyan", "stonekin": "yellow", "tidecaller": "blue", "emberfolk": "red"}

STEP_HELP = {
    "deploy": "pick a Creature for the Combat Circle: deploy <creature> (two, in secret)",
    "place": "place a card face down: place <sorcery> <creature>, or done",
    "attack": "start a battle: attack <your creature> <their creature>, or done",
    "battle": "the cards are revealed: roll the battle dice",
    "fortune": "Fortune: reroll your battle D6, or keep it",
    "summon": "try to summon: summon <creature>, or done",
    "summoning": "play Glyft cards (glyft <sorcery>), then roll",
    "over": "the game is over",
}


def _creature(c: dict[str, Any]) -> Text:
    style = AFFILIATION_STYLE.get(c["affiliation"], "white")
    text = Text(c["name"], style=f"bold {style}")
    text.append(f" [{c['id']}] ", style="dim")
    text.append(f"A{c['attack']} H{c['health']} S{c['skill']} R{c['roll_cost']}")
    return text


def _circle_row(c: dict[str, Any]) -> Text:
    text = _creature(c)
    if c["cards"]:
        text.append("  under: " + ", ".join(c["cards"]), style="magenta")
    elif c["under"]:
        text.append(f"  {c['under']} card(s) face down", style="magenta")
    if c["fought"]:
        text.append("  (fought)", style="dim")
    return text


def _reserve_lines(creatures: list[dict[str, Any]]) -> list[Text]:
    """One compact line per affiliation: id A/H S R for each Creature."""
    lines = []
    for affiliation in dict.fromkeys(c["affiliation"] for c in creatures):
        line = Text(f"  {affiliation}: ", style=AFFILIATION_STYLE.get(affiliation, "white"))
        group = [c for c in creatures if c["affiliation"] == affiliation]
        line.append("  ".join(f"{c['id']} {c['attack']}/{c['health']} S{c['skill']} R{c['roll_cost']}"
                              for c in group))
        lines.append(line)
    return lines


def render(view: dict[str, Any], seat: int | None, names: Sequence[str] = ()) -> RenderableType:
    def who(s: int) -> str:
        return name_seats(f"seat {s}", names)

    parts: list[RenderableType] = []
    step = view["phase"]
    header = Text(f"Glyfts · step: {step} · ", style="bold")
    if view["winners"]:
        header.append("winner(s): " + ", ".join(who(w) for w in view["winners"]), style="bold green")
    else:
        header.append("to move: " + ", ".join(who(s) for s in view["to_move"]))
        if view["active"] >= 0:
            header.append(f" · active: {who(view['active'])}")
    header.append(f" · deck {view['deck_count']} · first to {view['skill_to_win']} Skill wins", style="dim")
    parts.append(header)

    for player in view["players"]:
        p = player["seat"]
        title = who(p) + (" (you)" if p == seat else "")
        if not player["alive"]:
            title += " · eliminated"
        body: list[RenderableType] = [
            Text(f"Skill {player['skill']} · hand {player['hand_count']} · reserve {player['reserve_count']}"
                 + (f" · picked {player['picked']}" if step == "deploy" else ""))
        ]
        body += [_circle_row(c) for c in player["circle"]] or [Text("(no Creature in the Combat Circle)", style="dim")]
        if player["captured"]:
            body.append(Text("captured: " + ", ".join(c["name"] for c in player["captured"]), style="green"))
        if player["reserve"]:
            body.append(Text("reserve (Attack/Health Skill Roll cost):" if p == seat
                             else "known in reserve:", style="dim"))
            body += _reserve_lines(player["reserve"])
        style = "bold" if p == view["active"] else ""
        parts.append(Panel(Group(*body), title=title, title_align="left", border_style=style or "none"))

    if view["battle"]:
        b = view["battle"]
        table = Table.grid(padding=(0, 2))
        def die(value: int) -> str:
            return f"die {value}" if value else "not rolled"

        table.add_row("battle", f"{b['attacker']} ({die(b['attacker_die'])})", "against",
                      f"{b['defender']} ({die(b['defender_die'])})")
        table.add_row("cards", ", ".join(b["attacker_cards"]) or "none", "",
                      ", ".join(b["defender_cards"]) or "none")
        parts.append(Panel(table, title="battle", title_align="left"))
    if view["summoning"]:
        parts.append(Text(f"summoning {view['summoning']}: Roll cost now {view['summon_cost']}", style="bold"))
    if view["hand"] is not None:
        hand = ", ".join(f"{h['name']} [{h['id']}] ×{h['count']}" for h in view["hand"]) or "empty"
        parts.append(Text(f"your hand: {hand}"))
    if view["picked"]:
        parts.append(Text("your secret picks: " + ", ".join(view["picked"])))
    if view["discard"]:
        parts.append(Text("discard: " + ", ".join(f"{k} ×{n}" for k, n in view["discard"].items()), style="dim"))
    if seat is not None and seat in view["to_move"]:
        parts.append(Text(STEP_HELP[step], style="italic"))
    return Group(*parts)
