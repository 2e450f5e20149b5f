"""The Glyfts card data: Creature and Sorcery cards read from data/*.toml and validated.

Everything the rules need is turned into flat tuples indexed by card number, so the hot paths
(legal actions, battles) read plain ints. A bad data file raises DataError naming file and entry."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from glyphhall.engine import DataError

DATA_DIR = Path(__file__).parent / "data"

#: The effect keys a Sorcery card may carry, with their type (see data/sorceries.toml).
EFFECT_KEYS: dict[str, type] = {
    "summon_discount": int,
    "captures": bool,
    "cancels_others": bool,
    "attack_bonus": int,
    "health_bonus": int,
    "rerolls": int,
}

#: All Creature cards are dealt out evenly to 2, 3 or 4 players, so the deck size is a multiple of 12.
DEAL_MULTIPLE = 12


@dataclass(frozen=True, slots=True)
class Creature:
    index: int
    id: str
    name: str
    affiliation: str
    attack: int
    health: int
    skill: int
    roll_cost: int
    provenance: str


@dataclass(frozen=True, slots=True)
class Sorcery:
    index: int
    id: str
    name: str
    type: str
    affiliation: str | None
    count: int
    text: str
    provenance: str
    summon_discount: int = 0
    captures: bool = False
    cancels_others: bool = False
    attack_bonus: int = 0
    health_bonus: int = 0
    rerolls: int = 0


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as err:
        raise DataError(f"{path.name}: cannot read: {err.strerror}") from None
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{path.name}: not valid TOML: {err}") from None


def _field(file: str, entry: str, row: dict[str, Any], key: str, kind: type, required: bool = True) -> Any:
    if key not in row:
        if required:
            raise DataError(f"{file}: entry {entry}: missing field '{key}'")
        return None
    value = row[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise DataError(f"{file}: entry {entry}: '{key}' must be a whole number, not {value!r}")
    if kind is not int and not isinstance(value, kind):
        raise DataError(f"{file}: entry {entry}: '{key}' must be {kind.__name__}, not {value!r}")
    return value


def _entries(path: Path, table: str) -> Iterator[tuple[int, str, str, dict]]:
    """(index, entry label, id, row) for each [[table]] entry of a data file, after the checks
    every entry needs: a table, a lower-case id without spaces, no duplicate ids."""
    file = path.name
    rows = _read(path).get(table)
    if not isinstance(rows, list) or not rows:
        raise DataError(f"{file}: no [[{table}]] entries")
    seen: set[str] = set()
    for n, row in enumerate(rows):
        entry = f"#{n + 1}"
        if not isinstance(row, dict):
            raise DataError(f"{file}: entry {entry} is not a table")
        item_id = _field(file, entry, row, "id", str)
        entry = f"#{n + 1} ({item_id})"
        if not item_id or item_id != item_id.lower() or " " in item_id:
            raise DataError(f"{file}: entry {entry}: id must be lower case without spaces")
        if item_id in seen:
            raise DataError(f"{file}: entry {entry}: duplicate id")
        seen.add(item_id)
        yield n, entry, item_id, row


def load_creatures(path: Path | None = None) -> tuple[Creature, ...]:
    path = path or DATA_DIR / "creatures.toml"
    file = path.name
    out: list[Creature] = []
    for n, entry, cid, row in _entries(path, "creature"):
        creature = Creature(
            index=n,
            id=cid,
            name=_field(file, entry, row, "name", str),
            affiliation=_field(file, entry, row, "affiliation", str),
            attack=_field(file, entry, row, "attack", int),
            health=_field(file, entry, row, "health", int),
            skill=_field(file, entry, row, "skill", int),
            roll_cost=_field(file, entry, row, "roll_cost", int),
            provenance=_field(file, entry, row, "provenance", str),
        )
        for key in ("attack", "health", "skill", "roll_cost"):
            if getattr(creature, key) < 0:
                raise DataError(f"{file}: entry {entry}: '{key}' cannot be negative")
        out.append(creature)
    if len(out) % DEAL_MULTIPLE:
        raise DataError(
            f"{file}: {len(out)} Creature cards cannot be dealt evenly to 2, 3 and 4 players "
            f"(need a multiple of {DEAL_MULTIPLE})"
        )
    return tuple(out)


def load_sorceries(path: Path | None = None, affiliations: set[str] | None = None) -> tuple[Sorcery, ...]:
    path = path or DATA_DIR / "sorceries.toml"
    file = path.name
    out: list[Sorcery] = []
    for n, entry, sid, row in _entries(path, "sorcery"):
        effect = row.get("effect", {})
        if not isinstance(effect, dict) or not effect:
            raise DataError(f"{file}: entry {entry}: needs an effect table")
        for key, value in effect.items():
            if key not in EFFECT_KEYS:
                known = ", ".join(EFFECT_KEYS)
                raise DataError(f"{file}: entry {entry}: unknown effect '{key}' (known: {known})")
            _field(file, entry, effect, key, EFFECT_KEYS[key])
            if EFFECT_KEYS[key] is int and value < 0:
                raise DataError(f"{file}: entry {entry}: effect '{key}' cannot be negative")
        affiliation = _field(file, entry, row, "affiliation", str, required=False)
        if effect.get("summon_discount") and affiliation is None:
            raise DataError(f"{file}: entry {entry}: a summon_discount card needs an affiliation")
        if affiliations is not None and affiliation is not None and affiliation not in affiliations:
            raise DataError(f"{file}: entry {entry}: no Creature has affiliation '{affiliation}'")
        count = _field(file, entry, row, "count", int)
        if count < 1:
            raise DataError(f"{file}: entry {entry}: count must be at least 1")
        out.append(
            Sorcery(
                index=n,
                id=sid,
                name=_field(file, entry, row, "name", str),
                type=_field(file, entry, row, "type", str),
                affiliation=affiliation,
                count=count,
                text=_field(file, entry, row, "text", str),
                provenance=_field(file, entry, row, "provenance", str),
                **effect,
            )
        )
    return tuple(out)


class CardSet:
    """Both decks, with flat lookup tables for the rules code."""

    def __init__(self, creatures: tuple[Creature, ...], sorceries: tuple[Sorcery, ...]) -> None:
        self.creatures = creatures
        self.sorceries = sorceries
        self.affiliations: tuple[str, ...] = tuple(dict.fromkeys(c.affiliation for c in creatures))
        self.creature_by_id = {c.id: c for c in creatures}
        self.sorcery_by_id = {s.id: s for s in sorceries}
        # Flat tables for the hot paths.
        self.attack = tuple(c.attack for c in creatures)
        self.health = tuple(c.health for c in creatures)
        self.skill = tuple(c.skill for c in creatures)
        self.roll_cost = tuple(c.roll_cost for c in creatures)
        aff_index = {a: i for i, a in enumerate(self.affiliations)}
        self.affiliation = tuple(aff_index[c.affiliation] for c in creatures)
        #: For each affiliation index, the Sorcery kinds that lower its Roll cost, with the discount.
        self.discounts: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((s.index, s.summon_discount) for s in sorceries if s.summon_discount and s.affiliation == a)
            for a in self.affiliations
        )
        self.counts = tuple(s.count for s in sorceries)
        self.deck_size = sum(self.counts)


def load_cards() -> CardSet:
    creatures = load_creatures()
    sorceries = load_sorceries(affiliations={c.affiliation for c in creatures})
    return CardSet(creatures, sorceries)


CARDS = load_cards()
