"""Loading and validating the component data (data/*.toml): dice, champion boards, tokens, items.

The rulebook shows these components only as pictures, so every entry is a proposal (see the
reference file); the rules code reads nothing else, so real data replaces it without code changes."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from glyphhall.engine import DataError

DATA_DIR = Path(__file__).with_name("data")

#: Glyph codes as stored on rolled dice. A Double is its base glyph + 6 and counts as two.
GLYPHS = ("war", "defense", "power", "wealth", "arcana", "destruction",
          "double_war", "double_defense", "double_power", "double_wealth")
WAR, DEFENSE, POWER, WEALTH, ARCANA, DESTRUCTION = range(6)
DOUBLE = 6
GLYPH_CODE = {name: i for i, name in enumerate(GLYPHS)}
COMBO_GLYPHS = ("war", "defense", "power", "wealth")
CLASSES = ("striker", "adherent", "guardian")
SLOTS = ("weapon", "armor", "auxiliary")
ITEM_TYPES = SLOTS + ("consumable",)
TARGETS = ("none", "enemy", "ally", "other_ally", "enemy_or_self", "allies_up_to_2")
OPS = {
    "attack": {"mode"},
    "magic": {"amount", "who"},
    "fill_armor": {"who"},
    "heal": {"amount", "who"},
    "token": {"token", "who", "side"},
    "strip_temporary_armor": {"who"},
    "energy_if_damaged": {"amount"},
}
WHO = {"target", "self", "each_enemy", "other_enemies", "each_ally", "each_other_ally", "all"}
ATTACK_MODES = {"single", "unlimited", "each_enemy"}
GAIN_TO = ("card", "tribal", "tribal_next_turn")


@dataclass(frozen=True, slots=True)
class DieType:
    colour: str
    specialty: str
    count: int
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Ability:
    """A Primary-Action ability: a champion's, or an Item's (Cleave, Havoc, ...)."""

    id: str
    name: str
    owner: str
    ultimate: bool
    combo: tuple[int, int, int, int]  # war, defense, power, wealth
    energy: int
    health: int
    target: str
    steps: tuple[dict[str, Any], ...]
    text: str

    @property
    def is_attack(self) -> bool:
        return any(step["op"] == "attack" for step in self.steps)


@dataclass(frozen=True, slots=True)
class Champion:
    id: str
    name: str
    cls: str
    starting_dice: tuple[int, ...]  # colour indices
    health: int
    armor_solid: int
    armor_hollow: int
    energy_solid: int
    energy_hollow: int
    abilities: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Token:
    id: str
    name: str
    count: int
    timing: str  # "next_turn": works during the holder's next Turn; "while_held": at once
    expires: str  # "end_of_next_turn" or "special" (the rules code says when)


@dataclass(frozen=True, slots=True)
class ItemAbility:
    id: str
    name: str
    kind: str
    once_per_turn: bool
    set_bonus: bool
    text: str


@dataclass(frozen=True, slots=True)
class Item:
    id: str
    name: str
    type: str
    equip_cost: tuple[int, ...]  # colour indices
    gain_dice: tuple[int, ...]
    gain_to: str
    solid_armor: int
    armor_cubes: int
    energy_cubes: int
    tokens: tuple[str, ...]
    dice_of_choice: int
    ability: str | None
    combo: tuple[int, int, int, int] | None
    energy: int


class Data:
    """All the components, loaded once and shared by every state (never changed after loading).
    Compiled, an extension type (data.pxd): the rules reach its tables in C from a state."""

    __slots__ = ("dice", "colour_index", "specialty_colour", "champions", "abilities", "tokens",
                 "item_abilities", "items", "item_ids")

    dice: tuple[DieType, ...]
    colour_index: dict[str, int]
    specialty_colour: dict[int, int]  # glyph code -> colour of the die with that specialty
    champions: dict[str, Champion]
    abilities: dict[str, Ability]
    tokens: dict[str, Token]
    item_abilities: dict[str, ItemAbility]
    items: dict[str, Item]
    item_ids: tuple[str, ...]  # the deck, in file order

    def __init__(self, dice: tuple[DieType, ...], colour_index: dict[str, int], specialty_colour: dict[int, int],
                 champions: dict[str, Champion], abilities: dict[str, Ability], tokens: dict[str, Token],
                 item_abilities: dict[str, ItemAbility], items: dict[str, Item], item_ids: tuple[str, ...]) -> None:
        self.dice, self.colour_index, self.specialty_colour = dice, colour_index, specialty_colour
        self.champions, self.abilities, self.tokens = champions, abilities, tokens
        self.item_abilities, self.items, self.item_ids = item_abilities, items, item_ids


class _Reader:
    """Typed access to one TOML entry, raising DataError that names file, table and entry."""

    def __init__(self, file: str, table: str, entry: dict[str, Any], index: int) -> None:
        self.file, self.table, self.entry = file, table, entry
        self.label = f"{table} '{entry.get('id', entry.get('colour', f'#{index + 1}'))}'"

    def fail(self, message: str) -> DataError:
        return DataError(f"{self.file}: {self.label}: {message}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if key not in self.entry:
            if default is ...:
                raise self.fail(f"missing '{key}'")
            return default
        value = self.entry[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(f"'{key}' has the wrong type ({type(value).__name__})")
        return value

    def whole(self, key: str, default: Any = ..., low: int = 0) -> int:
        value = self.get(key, int, default)
        if value < low:
            raise self.fail(f"'{key}' must be at least {low}")
        return value

    def choice(self, key: str, allowed: tuple[str, ...] | set[str], default: Any = ...) -> Any:
        value = self.get(key, str, default)
        if value is not None and value not in allowed:
            raise self.fail(f"'{key}' is {value!r}, expected one of {', '.join(sorted(allowed))}")
        return value


def _load(name: str) -> dict[str, Any]:
    path = DATA_DIR / name
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except OSError as err:
        raise DataError(f"{name}: cannot read: {err.strerror}") from None
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{name}: not valid TOML: {err}") from None


def _combo(r: _Reader, key: str, required: bool = True) -> tuple[int, int, int, int] | None:
    raw = r.get(key, dict, ... if required else None)
    if raw is None:
        return None
    out = [0, 0, 0, 0]
    for glyph, n in raw.items():
        if glyph not in COMBO_GLYPHS or not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise r.fail(f"'{key}' has a bad entry {glyph} = {n!r}")
        out[COMBO_GLYPHS.index(glyph)] = n
    return (out[0], out[1], out[2], out[3])


def _cost(r: _Reader) -> tuple[int, int]:
    raw = r.get("cost", dict, {})
    energy = health = 0
    for key, n in raw.items():
        if key not in ("energy", "health") or not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise r.fail(f"'cost' has a bad entry {key} = {n!r}")
        if key == "energy":
            energy = n
        else:
            health = n
    return energy, health


def _colours(r: _Reader, key: str, index: dict[str, int]) -> tuple[int, ...]:
    raw = r.get(key, list, [])
    for c in raw:
        if c not in index:
            raise r.fail(f"'{key}' names an unknown die colour {c!r}")
    return tuple(index[c] for c in raw)


def _steps(r: _Reader, tokens: dict[str, Token]) -> tuple[dict[str, Any], ...]:
    raw = r.get("steps", list)
    out = []
    for step in raw:
        if not isinstance(step, dict) or step.get("op") not in OPS:
            raise r.fail(f"a step has an unknown op: {step!r}")
        extra = set(step) - {"op"} - OPS[step["op"]]
        if extra:
            raise r.fail(f"step {step['op']} has unknown keys {sorted(extra)}")
        if "who" in step and step["who"] not in WHO:
            raise r.fail(f"step {step['op']} has an unknown 'who' {step['who']!r}")
        if step["op"] == "token" and step.get("token") not in tokens:
            raise r.fail(f"step token names an unknown token {step.get('token')!r}")
        if step["op"] == "attack" and step.get("mode", "single") not in ATTACK_MODES:
            raise r.fail(f"attack step has an unknown mode {step.get('mode')!r}")
        out.append(dict(step))
    return tuple(out)


@cache
def load_data() -> Data:
    """All component data, validated. Raises DataError naming the file and entry at fault."""
    dice_raw = _load("dice.toml").get("die", [])
    dice: list[DieType] = []
    for i, entry in enumerate(dice_raw):
        r = _Reader("dice.toml", "die", entry, i)
        faces = r.get("faces", list)
        if len(faces) != 6 or any(f not in GLYPH_CODE for f in faces):
            raise r.fail("'faces' must list six glyph names")
        specialty = r.choice("specialty", set(GLYPHS[:5]) | {"none"})
        dice.append(DieType(r.get("colour", str), specialty, r.whole("count", low=1),
                            tuple(GLYPH_CODE[f] for f in faces)))
    colour_index = {d.colour: i for i, d in enumerate(dice)}
    for needed in ("white", "gold", "blue", "red", "black"):
        if needed not in colour_index:  # the rulebook names these colours
            raise DataError(f"dice.toml: the rulebook's {needed} die is missing")
    specialty_colour = {GLYPH_CODE[d.specialty]: i for i, d in enumerate(dice) if d.specialty != "none"}

    tok_raw = _load("tokens.toml").get("token", [])
    tokens: dict[str, Token] = {}
    for i, entry in enumerate(tok_raw):
        r = _Reader("tokens.toml", "token", entry, i)
        tokens[r.get("id", str)] = Token(r.get("id", str), r.get("name", str), r.whole("count", low=1),
                                         r.choice("timing", ("next_turn", "while_held")),
                                         r.choice("expires", ("end_of_next_turn", "special")))

    ch_raw = _load("champions.toml")
    champions: dict[str, Champion] = {}
    boards = []
    for i, entry in enumerate(ch_raw.get("champion", [])):
        r = _Reader("champions.toml", "champion", entry, i)
        boards.append((r.get("id", str), r.get("name", str), r.choice("class", CLASSES),
                       _colours(r, "starting_dice", colour_index),
                       r.whole("health_solid", low=1) + r.whole("health_hollow", 0),
                       r.whole("armor_solid"), r.whole("armor_hollow"), r.whole("energy_solid"),
                       r.whole("energy_hollow")))
    abilities: dict[str, Ability] = {}
    owned: dict[str, list[str]] = {b[0]: [] for b in boards}
    for i, entry in enumerate(ch_raw.get("champion_ability", [])):
        r = _Reader("champions.toml", "champion_ability", entry, i)
        owner = r.get("champion", str)
        if owner not in owned:
            raise r.fail(f"names an unknown champion {owner!r}")
        energy, health = _cost(r)
        ab = Ability(r.get("id", str), r.get("name", str), owner, r.get("ultimate", bool, False),
                     _combo(r, "combo"), energy, health,  # type: ignore[arg-type]
                     r.choice("target", TARGETS), _steps(r, tokens), r.get("effect", str, ""))
        if ab.id in abilities:
            raise r.fail("duplicate ability id")
        abilities[ab.id] = ab
        owned[owner].append(ab.id)
    for b in boards:
        champions[b[0]] = Champion(*b, abilities=tuple(owned[b[0]]))
    if len(champions) < 6:
        raise DataError("champions.toml: at least six champion boards are needed for two tribes")

    it_raw = _load("items.toml")
    item_abilities: dict[str, ItemAbility] = {}
    for i, entry in enumerate(it_raw.get("item_ability", [])):
        r = _Reader("items.toml", "item_ability", entry, i)
        item_abilities[r.get("id", str)] = ItemAbility(
            r.get("id", str), r.get("name", str),
            r.choice("kind", ("on_equip", "primary", "free", "on_consume", "passive")),
            r.get("once_per_turn", bool, False), r.get("set_bonus", bool, False), r.get("effect", str, ""))
    items: dict[str, Item] = {}
    for i, entry in enumerate(it_raw.get("item", [])):
        r = _Reader("items.toml", "item", entry, i)
        ability = r.get("ability", str, None)
        if ability is not None and ability not in item_abilities:
            raise r.fail(f"names an unknown item ability {ability!r}")
        other = r.get("gain_other", dict, {})
        unknown = set(other) - {"solid_armor", "armor_cubes", "energy_cubes", "tokens", "dice_of_choice"}
        if unknown:
            raise r.fail(f"'gain_other' has unknown keys {sorted(unknown)}")
        for t in other.get("tokens", []):
            if t not in tokens:
                raise r.fail(f"'gain_other' names an unknown token {t!r}")
        energy, _ = _cost(r)
        combo = _combo(r, "combo", required=False)
        if ability and item_abilities[ability].kind == "primary" and combo is None:
            raise r.fail("an Item with a Primary-Action ability needs a 'combo'")
        item = Item(r.get("id", str), r.get("name", str), r.choice("type", ITEM_TYPES),
                    _colours(r, "equip_cost", colour_index), _colours(r, "gain_dice", colour_index),
                    r.choice("gain_to", GAIN_TO, "card"), int(other.get("solid_armor", 0)),
                    int(other.get("armor_cubes", 0)), int(other.get("energy_cubes", 0)),
                    tuple(other.get("tokens", [])), int(other.get("dice_of_choice", 0)), ability, combo,
                    energy)
        if item.id in items:
            raise r.fail("duplicate item id")
        items[item.id] = item
        if ability and item_abilities[ability].kind == "primary":
            if ability not in _ITEM_PRIMARY:
                raise r.fail(f"no effect is known for the Primary-Action Item ability {ability!r}")
            ia = item_abilities[ability]
            assert combo is not None  # checked above
            abilities.setdefault(ability, Ability(ability, ia.name, "item", False, combo, energy, 0,
                                                  *_ITEM_PRIMARY[ability], ia.text))
    return Data(tuple(dice), colour_index, specialty_colour, champions, abilities, tokens,
                item_abilities, items, tuple(items))


#: The glossary effects of the Item abilities that are Primary Actions, as effect steps.
_ITEM_PRIMARY: dict[str, tuple[str, tuple[dict[str, Any], ...]]] = {
    "cleave": ("none", ({"op": "magic", "amount": 1, "who": "each_enemy"},)),
    "grievous_wound": ("enemy", ({"op": "magic", "amount": 1, "who": "target"},)),
    "havoc": ("enemy", ({"op": "magic", "amount": 2, "who": "target"},)),
    "soul_rip": ("none", ({"op": "magic", "amount": 2, "who": "all"},)),
}
