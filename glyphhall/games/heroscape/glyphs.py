"""Glyph definitions (data/glyphs.toml), validated on load."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

from glyphhall.engine import DataError

WHERE = "heroscape/data/glyphs.toml"
KINDS = ("permanent", "temporary", "artifact", "equipment")
EFFECTS = frozenset({
    "attack_all", "defense_all", "range_long", "move_all", "initiative", "none", "heal", "summon",
    "massive_curse", "lucky_d20", "revive", "no_flying", "attack_common", "attack_unique",
    "thorian", "pit_trap", "wannok", "negation", "intercept_order",
    "ranged_profile", "automatic_wound", "time_bomb", "teleport", "ring", "weaken_area",
})


@dataclass(frozen=True, slots=True)
class GlyphDef:
    key: str
    name: str
    letter: str
    kind: str
    effect: str
    amount: int
    attack: int
    provenance: str
    text: str

    @property
    def equipment(self) -> bool:
        return self.kind == "equipment"


def _load() -> dict[str, GlyphDef]:
    path = resources.files("glyphhall.games.heroscape").joinpath("data", "glyphs.toml")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{WHERE}: not valid TOML: {err}") from None
    out: dict[str, GlyphDef] = {}
    for n, e in enumerate(data.get("glyph", []), 1):
        where = f"{WHERE}: glyph {e.get('key', n)!r}" if isinstance(e, dict) else f"{WHERE}: entry {n}"
        if not isinstance(e, dict):
            raise DataError(f"{where} must be a table")
        for field in ("key", "name", "letter", "text"):
            if not isinstance(e.get(field), str) or not e[field]:
                raise DataError(f"{where}: field '{field}' must be a non-empty string")
        if e.get("kind") not in KINDS:
            raise DataError(f"{where}: kind must be one of {', '.join(KINDS)}")
        if e.get("effect") not in EFFECTS:
            raise DataError(f"{where}: unknown effect {e.get('effect')!r}")
        if e.get("provenance") not in ("reference", "proposal"):
            raise DataError(f"{where}: provenance must be 'reference' or 'proposal'")
        if e["key"] in out:
            raise DataError(f"{where}: key appears twice")
        out[e["key"]] = GlyphDef(e["key"], e["name"], e["letter"], e["kind"], e["effect"],
                                 int(e.get("amount", 0)), int(e.get("attack", 0)), e["provenance"], e["text"])
    return out


GLYPHS = _load()
EQUIPMENT_KEYS = tuple(k for k, g in GLYPHS.items() if g.equipment)
