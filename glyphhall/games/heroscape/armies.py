"""Army cards (data/army_cards.toml) and preset armies, validated on load."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

from glyphhall.engine import DataError

WHERE = "heroscape/data/army_cards.toml"
SIZES = ("small", "medium", "large", "huge")

#: Every special power the code implements; a card naming anything else is a data error.
KNOWN_POWERS = frozenset({
    "ghost_walk", "sword_of_reckoning", "disengage", "thorian_speed", "grapple_gun",
    "double_attack", "raelin_defensive_aura", "flying", "attack_aura", "attack_spirit",
    "defensive_aura", "armor_spirit", "mind_shackle", "fire_line", "chomp",
    "orc_warrior_enhancement", "explosion", "range_enhancement", "water_clone",
    "berserker_charge", "counter_strike", "stealth_dodge", "grenade", "the_drop",
    "zettian_targeting", "stealth_flying",
})


@dataclass(frozen=True, slots=True)
class CardDef:
    key: str
    name: str
    general: str
    unique: bool
    hero: bool
    species: str
    klass: str
    size: str
    height: int
    life: int
    move: int
    range: int
    attack: int
    defense: int
    points: int
    figures: int
    double_space: bool
    powers: frozenset[str]
    text: str
    #: Target point and hit zone as fractions of the height (reconstructed, see los.py).
    target_point: float
    hit_zone: tuple[float, float]

    @property
    def unique_hero(self) -> bool:
        return self.unique and self.hero


def _card(entry: object, n: int) -> CardDef:
    if not isinstance(entry, dict):
        raise DataError(f"{WHERE}: card entry {n} must be a table")
    key = entry.get("key")
    where = f"{WHERE}: card {key or n!r}"

    def need(field: str, kind: type) -> object:
        value = entry.get(field)
        if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
            raise DataError(f"{where}: field '{field}' must be {kind.__name__}")
        return value

    for field in ("height", "life", "move", "range", "attack", "defense", "points", "figures"):
        if need(field, int) < 0:  # type: ignore[operator]
            raise DataError(f"{where}: field '{field}' must not be negative")
    if entry.get("rarity") not in ("unique", "common"):
        raise DataError(f"{where}: rarity must be 'unique' or 'common'")
    if entry.get("type") not in ("hero", "squad"):
        raise DataError(f"{where}: type must be 'hero' or 'squad'")
    if entry.get("size") not in SIZES:
        raise DataError(f"{where}: size must be one of {', '.join(SIZES)}")
    powers = entry.get("powers", [])
    if not isinstance(powers, list) or any(p not in KNOWN_POWERS for p in powers):
        unknown = [p for p in powers if p not in KNOWN_POWERS] if isinstance(powers, list) else powers
        raise DataError(f"{where}: unknown special power(s) {unknown}")
    if entry["type"] == "hero" and entry["figures"] != 1:
        raise DataError(f"{where}: a hero card has exactly one figure")
    if entry["height"] < 1 or entry["life"] < 1 or entry["figures"] < 1:
        raise DataError(f"{where}: height, life and figures must be at least 1")
    hit = entry.get("hit_zone", [0.35, 0.95])
    return CardDef(
        key=str(need("key", str)), name=str(need("name", str)), general=str(entry.get("general", "")),
        unique=entry["rarity"] == "unique", hero=entry["type"] == "hero",
        species=str(entry.get("species", "")), klass=str(entry.get("class", "")),
        size=entry["size"], height=entry["height"], life=entry["life"], move=entry["move"],
        range=entry["range"], attack=entry["attack"], defense=entry["defense"], points=entry["points"],
        figures=entry["figures"], double_space=bool(entry.get("double_space", False)),
        powers=frozenset(powers), text=str(entry.get("text", "")),
        target_point=float(entry.get("target_point", 0.9)), hit_zone=(float(hit[0]), float(hit[1])),
    )


def _load() -> tuple[dict[str, CardDef], dict[str, tuple[tuple[str, ...], ...]]]:
    path = resources.files("glyphhall.games.heroscape").joinpath("data", "army_cards.toml")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{WHERE}: not valid TOML: {err}") from None
    cards: dict[str, CardDef] = {}
    for n, entry in enumerate(data.get("card", []), 1):
        card = _card(entry, n)
        if card.key in cards:
            raise DataError(f"{WHERE}: card key {card.key!r} appears twice")
        cards[card.key] = card
    presets: dict[str, tuple[tuple[str, ...], ...]] = {}
    for name, preset in data.get("presets", {}).items():
        armies = preset.get("armies") if isinstance(preset, dict) else None
        if not isinstance(armies, list) or not 2 <= len(armies) <= 4:
            raise DataError(f"{WHERE}: preset {name!r} needs 'armies' = two to four lists of card keys "
                            "(one per player)")
        for army in armies:
            for key in army:
                if key not in cards:
                    raise DataError(f"{WHERE}: preset {name!r} names unknown card {key!r}")
            if len(set(army)) != len(army):
                raise DataError(f"{WHERE}: preset {name!r} repeats a unique card")
        presets[name] = tuple(tuple(a) for a in armies)
    return cards, presets


CARDS, PRESETS = _load()
CARD_KEYS = tuple(CARDS)
