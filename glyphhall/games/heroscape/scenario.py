"""What a map's scenario says (`[scenario]` in the map file): the data, read and written back.
The rules that act on it are in scenario_rules.py.

    [scenario]
    victory = "hold"        # destroy-all (the default, the Master Game's), hold or escape
    hold = "d5"             # hold: the side with a figure on this hex at the end of a round wins
    escape = {"0" = ["a1", "a2"], "1" = ["p1"]}   # escape: seat -> hexes its figures must reach;
                            # the side with a figure on one of its hexes wins at once
    rounds = 8              # the scenario's round limit (used unless the table sets round_limit)

Published scenarios name such goals ("be the first to occupy the glyph at the end of a round",
"move a figure to the far edge", the round track: reference §1.1, §1.8 [C1 02][S1]); the exact
forms above are our own reading of them. Destroying every opposing figure wins in every scenario.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

VICTORIES = ("destroy-all", "hold", "escape")


@dataclass(frozen=True, slots=True)
class Scenario:
    victory: str = "destroy-all"
    hold: int = -1
    escape: dict[int, frozenset[int]] = field(default_factory=dict)
    rounds: int = 0  # 0: the table's round_limit option


def parse_scenario(data: Any, index: dict[str, int], bad) -> Scenario:
    """The `[scenario]` table of a map (validated against its hex labels); `bad(msg)` makes the
    DataError to raise."""
    if data is None:
        return Scenario()
    if not isinstance(data, dict):
        raise bad("'scenario' must be a table")
    unknown = sorted(set(data) - {"victory", "hold", "escape", "rounds"})
    if unknown:
        raise bad(f"scenario: unknown key(s) {', '.join(unknown)} (keys: victory, hold, escape, rounds)")
    victory = data.get("victory", "destroy-all")
    if victory not in VICTORIES:
        raise bad(f"scenario: victory must be one of {', '.join(VICTORIES)}, not {victory!r}")
    rounds = data.get("rounds", 0)
    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 0 <= rounds <= 60:
        raise bad("scenario: rounds must be a whole number from 1 to 60 (or left out)")
    hold, escape = -1, {}
    if victory == "hold":
        if data.get("hold") not in index:
            raise bad("scenario: victory 'hold' needs hold = a hex of this map, e.g. \"d5\"")
        hold = index[data["hold"]]
    if victory == "escape":
        raw = data.get("escape")
        if not isinstance(raw, dict) or not raw:
            raise bad("scenario: victory 'escape' needs escape = {\"0\" = [hexes], \"1\" = [hexes]}")
        for seat, labels in raw.items():
            if not str(seat).isdigit() or not isinstance(labels, list) or any(lab not in index for lab in labels):
                raise bad(f"scenario: escape {seat!r} must be a seat number with a list of hexes of this map")
            escape[int(seat)] = frozenset(index[lab] for lab in labels)
    return Scenario(victory, hold, escape, rounds)


def scenario_toml(scenario: Scenario, labels: list[str]) -> list[str]:
    """The `[scenario]` table back as TOML lines (none for the default)."""
    if scenario == Scenario():
        return []
    lines = ["", "[scenario]", f'victory = "{scenario.victory}"']
    if scenario.hold >= 0:
        lines.append(f'hold = "{labels[scenario.hold]}"')
    if scenario.escape:
        parts = [f'"{seat}" = [{", ".join(chr(34) + labels[h] + chr(34) for h in sorted(hexes))}]'
                 for seat, hexes in sorted(scenario.escape.items())]
        lines.append("escape = {" + ", ".join(parts) + "}")
    if scenario.rounds:
        lines.append(f"rounds = {scenario.rounds}")
    return lines
