"""Terminal rendering of a Glyfts view (used by `glyphhall play glyfts`)."""

from __future__ import annotations

import re
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
    "place": "place a card face down: place <sorcery> <creature> (up to 2 a turn: after the second the "
             "turn goes on by itself), or done to place no more",
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


def _sorcery_text(card_id: str) -> str:
    from .cards import CARDS

    return next((c.text for c in CARDS.sorceries if c.id == card_id), "")


def hand_table(hand: list[dict[str, Any]]) -> RenderableType:
    """Your Sorcery cards with what each does, where you decide what to place or play."""
    if not hand:
        return Text("your hand: empty")
    table = Table(title="your hand", title_justify="left", box=None, pad_edge=False, show_header=False)
    table.add_column("card", style="bold", no_wrap=True)
    table.add_column("count", justify="right")
    table.add_column("effect", overflow="fold")
    for h in hand:
        table.add_row(Text(f"{h['name']} [{h['id']}]"), f"×{h['count']}", Text(_sorcery_text(h["id"])))
    return table


def _creature_stats(view: dict[str, Any], creature_id: str) -> dict[str, Any]:
    for player in view["players"]:
        for c in player["circle"]:
            if c["id"] == creature_id:
                return c
    return {"name": creature_id, "attack": 0, "health": 0}


def battle_panel(view: dict[str, Any]) -> Panel:
    """The battle with its totals worked out: printed value + die + revealed cards against
    Health the same way, and what the cards do (capture, cancel, rerolls)."""
    b = view["battle"]
    att, dfn = _creature_stats(view, b["attacker"]), _creature_stats(view, b["defender"])

    def die(value: int) -> str:
        return str(value) if value else "?"

    rolled = b["attacker_die"] and b["defender_die"]
    attack = att["attack"] + b["attacker_die"] + b["attack_bonus"]
    health = dfn["health"] + b["defender_die"] + b["health_bonus"]
    lines = Text()
    lines.append(f"{att['name']} attacks {dfn['name']}\n", style="bold")
    lines.append(f"Attack: {att['attack']} printed + die {die(b['attacker_die'])} + cards {b['attack_bonus']}"
                 + (f" = {attack}" if rolled else "") + "\n")
    lines.append(f"Health: {dfn['health']} printed + die {die(b['defender_die'])} + cards {b['health_bonus']}"
                 + (f" = {health}" if rolled else "") + "\n")
    cards = ", ".join(b["attacker_cards"]) or "none"
    lines.append(f"cards under the attacker: {cards}; under the defender: {', '.join(b['defender_cards']) or 'none'}",
                 style="magenta")
    notes = []
    if b["cancelled"]:
        notes.append("a Nullify cancels the other revealed cards")
    if b["attacker_captures"]:
        notes.append("the attacker's card captures whatever the dice show")
    if b["defender_captures"]:
        notes.append("the defender's card captures the attacker")
    if b["attacker_rerolls"] or b["defender_rerolls"]:
        notes.append(f"rerolls left: attacker {b['attacker_rerolls']}, defender {b['defender_rerolls']}")
    if rolled and not (b["attacker_captures"] or b["defender_captures"]):
        notes.append("the attacker captures" if attack > health else "the attack is repelled (a tie captures nobody)")
    if notes:
        lines.append("\n" + "; ".join(notes), style="italic")
    return Panel(lines, title="battle", title_align="left")


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
        parts.append(battle_panel(view))
    if view["summoning"]:
        parts.append(Text(f"summoning {view['summoning']}: Roll cost now {view['summon_cost']}", style="bold"))
    if view["hand"] is not None:
        parts.append(hand_table(view["hand"]))
    if view["picked"]:
        parts.append(Text("your secret picks: " + ", ".join(view["picked"])))
    if view["discard"]:
        parts.append(Text("discard: " + ", ".join(f"{k} ×{n}" for k, n in view["discard"].items()), style="dim"))
    if seat is not None and seat in view["to_move"]:
        placed = f" ({view['placed']} of 2 placed)" if step == "place" else ""
        parts.append(Text(STEP_HELP[step] + placed, style="italic"))
    return Group(*parts)


#: events the full screen pins and holds (--More--): captures, summons, the end
IMPORTANT = re.compile(r"captures|is summoned|wins")


def summary(view: dict[str, Any], seat: int | None, names: Sequence[str] = ()) -> str:
    """The status line's right side: each player's Skill toward the goal, the phase."""
    skills = " ".join(f"{name_seats('seat ' + str(p['seat']), names)} {p['skill']}" for p in view["players"])
    return f"Skill {skills} (of {view['skill_to_win']}) · {view['phase']}"
