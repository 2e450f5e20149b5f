"""Terminal rendering of a Glyph (tundrus) view (used by `glyphhall play tundrus`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from glyphhall.engine.wording import name_seats

COLOUR_STYLE = {"white": "white", "red": "red", "green": "green", "blue": "blue", "gold": "yellow",
                "black": "bright_black"}
GLYPH_MARK = {"war": "War", "defense": "Def", "power": "Pow", "wealth": "Wlt", "arcana": "Arc",
              "destruction": "Dst", "double_war": "War×2", "double_defense": "Def×2",
              "double_power": "Pow×2", "double_wealth": "Wlt×2"}
STEP_HELP = {
    "draft": "recruit a champion: pick <champion> (your Tribe's champions need different Classes)",
    "activate": "choose the champion to activate: activate <champion>",
    "replenish": "REPLENISH: take <colour> <source> (4 free, then 2 per Energy, at most 10); then roll",
    "lamb": "Sacrificial Lamb: give <die> (up to 3), then done",
    "reroll": "REROLL: mark <die> for each die to reroll, then reroll; or keep (FREE ACTIONs may come first)",
    "main": "PRIMARY ACTION (attack / ability / item; hold <die> keeps a die out of it), free actions, "
            "or secondary actions; end when done",
    "secondary": "SECONDARY ACTIONS: acquire, equip, consume, store; free actions; end when done",
    "place": "the Item just Acquired: stash, equip or consume",
    "feud": "Blood Feud: feud <enemy> to mark it",
    "chest": "Connoisseur: chest <colour> for each die of your choice",
    "release": "RELEASE stored dice (release energy|armor <n>), then end",
    "energypay": "Energy: energy <die> (a Power Glyph) or energy stored <n> (a Stored die) to pay with",
    "wealth": "Acquire: spend <die> (the Wealth die that pays)",
    "pay": "Equip Cost: pay <tribal|own|weapon|armor|auxiliary|chest|die number> for each die",
    "garrison": "Garrison: convert <die> until 3 Glyphs are named (a Double counts twice)",
    "warloss": "War Glyph -1 token: lose <die> (one War Glyph in your pool cannot be used)",
    "energy": "End of Round: cube <champion> square, or cube <champion> replace <n> (a Stored die goes back)",
    "over": "the game is over",
}


#: a letter for each die colour, so the dice read without colour too
COLOUR_LETTER = {"white": "W", "red": "R", "green": "G", "blue": "B", "gold": "Y", "black": "K"}
DICE_KEY = "dice: W white, R red, G green, B blue, Y gold, K black"


def _dice(counts: dict[str, int]) -> Text:
    text = Text()
    for colour, n in counts.items():
        text.append(COLOUR_LETTER.get(colour, "?") * n, style="bold " + COLOUR_STYLE.get(colour, "white"))
    return text


def _stored(stored: list[dict[str, Any]]) -> Text:
    text = Text()
    for d in stored:
        if d.get("cube"):
            text.append("■", style="green")
        else:
            text.append(COLOUR_LETTER.get(d["colour"], "?").lower(), style=COLOUR_STYLE.get(d["colour"], "white"))
    return text


def _champion_row(c: dict[str, Any], active: str | None) -> list[Any]:
    """One line a champion where the screen allows: the name to type, Health as numbers, Armor
    and Energy squares (stored dice as small letters), its dice as letters."""
    name = Text(c["id"], style="bold" + (" reverse" if c["id"] == active else ""))
    name.append(f" {c['class'][:5]}", style="dim")
    tribe = Text(str(c["tribe"]), style="bold")
    if c["defeated"]:
        return [tribe, name, Text("defeated", style="red"), "", "", "", "", ""]
    health = Text(f"♥{c['health']}/{c['health_max']}", style="red")
    armor = Text("■" * c["armor"]["permanent"], style="green")
    armor.append_text(_stored(c["armor"]["temporary"]))
    if c["armor"]["shadow"]:
        armor.append(f" +{c['armor']['shadow']}sh", style="magenta")
    energy = Text("■" * c["energy"]["cubes"], style="blue")
    energy.append_text(_stored(c["energy"]["stored"]))
    if c["energy"]["on_items"]:
        energy.append(f" +{c['energy']['on_items']}it", style="blue")
    dice = _dice(c["starting_dice"])
    gear = []
    for slot, item in c["items"].items():
        if item:
            gear.append(f"{slot[:3]}: {item['id']}")
            dice.append(" ")
            dice.append_text(_dice(item["dice"]))
    if c["stash"]:
        gear.append("stash: " + ", ".join(c["stash"]))
    elif c["stash_size"]:
        gear.append(f"stash: {c['stash_size']} face down")
    if c["beside"]:
        gear.append("beside: " + ", ".join(c["beside"]))
    tokens = ", ".join(f"{t}{'' if v == 1 else f' {v:+d}'}" for t, v in c["tokens"].items())
    if c["activated"]:
        tokens = ("done, " + tokens).rstrip(", ")
    return [tribe, name, health, armor, energy, dice, "\n".join(gear), tokens]


def _combo(combo: tuple[int, int, int, int]) -> str:
    return " ".join(f"{n}{name}" for n, name in zip(combo, ("W", "D", "P", "$"), strict=True) if n)


def draft_table(available: list[str]) -> Table:
    """The champions one may recruit, with what the choice needs: Class, Tracks, dice, abilities."""
    from .data import load_data

    data = load_data()
    colours = {i: d.colour for i, d in enumerate(data.dice)}
    table = Table(title="Champions to recruit: pick <id>; 'info NAME' tells what an ability does",
                  caption="Combo: W War, D Defense, P Power, $ Wealth Glyphs; E Energy; * Ultimate. " + DICE_KEY, expand=True)
    for col in ("Champion", "Class", "Health", "Armor", "Energy", "Dice", "Abilities (Combo, Energy)"):
        table.add_column(col, overflow="fold")
    for key in available:
        champ = data.champions.get(key)
        if champ is None:
            table.add_row(key, "", "", "", "", "", "")
            continue
        name = Text(champ.name, style="bold")
        name.append(f" {champ.id}", style="dim")
        dice = Text()
        for colour in champ.starting_dice:
            dice.append(COLOUR_LETTER.get(colours[colour], "?"), style="bold " + COLOUR_STYLE.get(colours[colour], "white"))
        abilities = Text()
        for ability_id in champ.abilities:
            ab = data.abilities[ability_id]
            if abilities:
                abilities.append(", ")
            abilities.append(ab.name + ("*" if ab.ultimate else ""), style="bold")
            abilities.append(f" ({_combo(ab.combo)}, {ab.energy}E)")
        table.add_row(name, champ.cls, str(champ.health), f"{champ.armor_solid}+{champ.armor_hollow}",
                      f"{champ.energy_solid}+{champ.energy_hollow}", dice, abilities)
    return table


def render(view: dict[str, Any], seat: int | None, names: Sequence[str] = ()) -> RenderableType:
    parts: list[RenderableType] = []
    head = Text(f"Round {view['round']}  ·  Initiative: Tribe {view['initiative']}  ·  ")
    head.append(STEP_HELP.get(view["phase"], view["phase"]), style="italic")
    if view["you"]:
        head.append(f"\nYou are {name_seats('seat ' + str(view['you']['seat']), names)}, Tribe {view['you']['tribe']}", style="bold")
    if view["winner"]:
        head.append(f"\nTribe {view['winner']} wins!", style="bold green")
    parts.append(head)
    if view["phase"] == "draft":
        parts.append(draft_table(view["draft"]["available"]))
    from rich import box

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), expand=False, show_edge=False)
    for col in ("T", "Champion", "Health", "Armor", "Energy", "Dice", "Items", "Tokens"):
        table.add_column(col, overflow="fold")
    for tribe in (1, 2):
        for c in view["champions"]:
            if c["tribe"] == tribe:
                table.add_row(*_champion_row(c, view["active"]))
    parts.append(table)
    pools = Text("Tribal Pools: ")
    for tribe in (1, 2):
        who = ", ".join(name_seats(f"seat {s}", names) for s in view["tribe_seats"][tribe - 1])
        pools.append(f"{'  ' if tribe == 2 else ''}Tribe {tribe} ({who}) ")
        pools.append_text(_dice(view["tribal_pools"][tribe - 1]) or Text("-"))
    pools.append(f"   ({DICE_KEY})", style="dim")
    parts.append(pools)
    spoils = view["spoils"]
    parts.append(Text(f"Spoils of War: {', '.join(spoils['face_up']) or '-'}   (deck {spoils['deck']}, "
                      f"discard {len(spoils['discard'])})"))
    if view["pool"]:
        pool = Text("Active Dice Pool: ")
        for i, d in enumerate(view["pool"], 1):
            mark = GLYPH_MARK.get(d["glyph"], "?") if d["glyph"] else "?"
            style = COLOUR_STYLE.get(d["colour"], "white") + (" strike dim" if d["used"] else "")
            pool.append(f"{i}:{COLOUR_LETTER.get(d['colour'], '?')}-{mark}{'*' if d['marked'] else ''} ", style=style)
        turn = view["turn"]
        extra = []
        if turn["extra_war"]:
            extra.append(f"+{turn['extra_war']} War")
        if turn["extra_defense"]:
            extra.append(f"+{turn['extra_defense']} Defense")
        if extra:
            pool.append(" (" + ", ".join(extra) + ")")
        parts.append(pool)
    if view["turn"]["pending_item"]:
        parts.append(Text(f"Acquired: {view['turn']['pending_item']}", style="bold yellow"))
    if view["turn"].get("energy_for"):
        parts.append(Text(f"Waiting for its Energy: {view['turn']['energy_for']}", style="bold yellow"))
    paying = view["turn"].get("paying")
    if paying:
        parts.append(Text(f"Equip Cost of {paying['item']}: still to Discard "
                          f"{', '.join(paying['colours_left'])}", style="bold yellow"))
    if view.get("energy_cube_for"):
        parts.append(Text(f"End of Round: {view['energy_cube_for']}'s Energy Cube goes on a free square "
                          "or replaces a Stored die", style="bold blue"))
    return Group(*parts)


def state_panel(state, seat: int, names: Sequence[str] = ()) -> RenderableType | None:
    """Under the board while one of `seat`'s champions acts: each of its abilities with its Combo,
    Energy and whether it can be paid now (an `ability` action for it is legal)."""
    from .data import load_data

    view = state.view(seat)
    champion = next((c for c in view["champions"] if c["id"] == view["active"]), None)
    if champion is None or champion["seat"] != seat or not champion["abilities"]:
        return None
    data = load_data()
    ready = {str(a).split()[1] for a in state.legal_actions(seat) if str(a).startswith("ability ")}
    energy = champion["energy"]["cubes"] + len(champion["energy"]["stored"])
    line = Text(f"{champion['id']}'s abilities (Combo: W War, D Defense, P Power, $ Wealth; E Energy, "
                f"it has {energy}): ", style="dim")
    for k, ability_id in enumerate(champion["abilities"]):
        ab = data.abilities.get(ability_id)
        if ab is None:
            continue
        line.append("; " if k else "")
        line.append(ability_id + ("*" if ab.ultimate else ""), style="bold green" if ability_id in ready else "bold")
        line.append(f" {_combo(ab.combo) or '-'}, {ab.energy}E")
        line.append(" ready now" if ability_id in ready else "", style="green")
    return line


#: events the full screen pins and holds (--More--): Health lost, a champion defeated, the end
IMPORTANT = re.compile(r"loses \d+ Health|is defeated|wins|End of round")


def summary(view: dict[str, Any], seat: int | None, names: Sequence[str] = ()) -> str:
    """The status line's right side: each Tribe's champions' Health, the round and step."""
    tribes = []
    for tribe in (1, 2):
        health = "/".join("x" if c["defeated"] else str(c["health"]) for c in view["champions"] if c["tribe"] == tribe)
        if health:
            tribes.append(f"T{tribe} {health}")
    health = f"Health {' '.join(tribes)} · " if tribes else ""
    return f"{health}round {view['round']} · {view['phase']}"
