"""Card definitions: loaded once from `data/cards.toml`, validated, shared and immutable.

A card in a hand, deck or pile is just its id (an int) into a tuple of `CardDef`s. The same
name can have several definitions, one per pile it comes from (a Raven of the draw pile and
the Raven of the upgrades pile), so every card knows where it goes back to when it leaves play.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from glyphhall.engine import DataError

from . import sigils as S

FREE, BLOOD, BONES = 0, 1, 2
COST_KINDS = {"free": FREE, "blood": BLOOD, "bones": BONES}
PILES = ("draw", "rare", "swap", "upgrade", "item", "smoke", "squirrel", "death", "blank")
#: Piles a player owns cards from: these go to the dead pile; the others go back to their pile.
OWNED_PILES = frozenset(("draw", "rare", "death"))
SPECIALS = ("drops_vertebrae", "child_13", "ouroboros", "nine_lives")

DATA_FILE = Path(__file__).with_name("data") / "cards.toml"


#: What a definition is made of (`CardDef(**fields)`).
_FIELDS = (
    "id", "name", "slug", "kind", "cost", "power", "health", "sig", "tribe", "rare",
    "alive", "unused", "pile", "grows_into", "dies_into", "item", "special", "provenance",
    "copies",
)


class CardDef:
    """One kind of card. Never mutated after loading (states share these objects)."""

    __slots__ = (*_FIELDS, "sigil_count")

    id: int
    name: str
    slug: str  # the name in action text ("raven-egg")
    kind: int  # FREE, BLOOD or BONES
    cost: int
    power: int
    health: int
    sig: int  # sigil bits (sigils.py)
    tribe: str
    rare: bool
    alive: bool  # False for the grey "Other" cards, which cannot be sacrificed
    unused: bool  # printed but unused (Extra / Unused cards)
    pile: str  # where the card comes from and goes back to
    grows_into: str  # Fledgling's stronger form
    dies_into: str  # the card that takes its place when destroyed
    item: str  # the item's key, "" for creatures
    special: frozenset[str]  # card-specific rules (Long Elk's vertebrae, the Cat's nine lives)
    provenance: str  # "fact" or "proposal" (for the copy counts)
    copies: int  # copies in `pile`
    sigil_count: int  # how many sigils `sig` holds

    def __init__(self, **fields: Any) -> None:
        for key in _FIELDS:
            setattr(self, key, fields[key])
        self.sigil_count = self.sig.bit_count()  # the heuristic's, read for every card of a deck

    @property
    def cost_text(self) -> str:
        if self.kind == FREE:
            return "free"
        return f"{self.cost} {'blood' if self.kind == BLOOD else 'bones'}"

    @property
    def sigil_names(self) -> list[str]:
        return S.names(self.sig)

    def spec(self) -> dict[str, Any]:
        """The definition as plain data (death cards and derived cards are saved this way)."""
        return {
            "name": self.name, "cost": self.cost_text, "power": self.power, "health": self.health,
            "sigils": self.sigil_names, "tribe": self.tribe, "pile": self.pile,
            "alive": self.alive,
        }

    def __repr__(self) -> str:
        return f"<{self.name} ({self.pile}) {self.cost_text} {self.power}/{self.health}>"


def slugify(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def parse_cost(text: Any, where: str) -> tuple[int, int]:
    if not isinstance(text, str):
        raise DataError(f"{where}: cost must be text like '2 blood', '4 bones' or 'free'")
    words = text.split()
    if words == ["free"]:
        return FREE, 0
    if len(words) == 2 and words[0].isdigit() and words[1] in COST_KINDS and words[1] != "free":
        amount = int(words[0])
        if amount < 1:
            raise DataError(f"{where}: a cost of {text!r} must be at least 1")
        return COST_KINDS[words[1]], amount
    raise DataError(f"{where}: cost {text!r} is not like '2 blood', '4 bones' or 'free'")


def _int(entry: dict[str, Any], key: str, where: str, low: int, high: int) -> int:
    value = entry.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DataError(f"{where}: '{key}' must be a whole number from {low} to {high}, not {value!r}")
    return value


def make_def(cid: int, entry: dict[str, Any], pile: str, where: str) -> CardDef:
    """One validated definition from a TOML/JSON entry."""
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DataError(f"{where}: every card needs a 'name'")
    kind, cost = parse_cost(entry.get("cost"), where)
    sig_list = entry.get("sigils", [])
    if not isinstance(sig_list, list) or not all(isinstance(s, str) for s in sig_list):
        raise DataError(f"{where}: 'sigils' must be a list of sigil names")
    unknown = [s for s in sig_list if s not in S.BIT]
    if unknown:
        raise DataError(f"{where}: unknown sigil {unknown[0]!r} (the rulebook's sigils: {', '.join(S.BIT)})")
    special = entry.get("special", [])
    if not isinstance(special, list) or any(s not in SPECIALS for s in special):
        raise DataError(f"{where}: 'special' may only hold {', '.join(SPECIALS)}")
    return CardDef(
        id=cid, name=name, slug=slugify(name), kind=kind, cost=cost,
        power=_int(entry, "power", where, 0, 99), health=_int(entry, "health", where, 0, 99),
        sig=S.mask_of(sig_list), tribe=str(entry.get("tribe", "none")), rare=bool(entry.get("rare", False)),
        alive=not bool(entry.get("other", False)), unused=bool(entry.get("unused", False)), pile=pile,
        grows_into=entry.get("grows_into", ""), dies_into=entry.get("dies_into", ""),
        item=str(entry.get("item", "")), special=frozenset(special),
        provenance=str(entry.get("provenance", "fact")), copies=0,
    )


class Catalog:
    """Every card definition of the box, with the lookups the rules need."""

    def __init__(self, defs: Iterable[CardDef]) -> None:
        self.defs: tuple[CardDef, ...] = tuple(defs)
        self.by_pile: dict[tuple[str, str], int] = {(d.name, d.pile): d.id for d in self.defs}

    def find(self, name: str, pile: str) -> int:
        return self.by_pile[(name, pile)]


@cache
def catalog() -> Catalog:
    """The box, loaded from the package's data file (cached: definitions are shared)."""
    return load_catalog(DATA_FILE)


ITEM_KEYS = (
    "pliers", "scissors", "hourglass", "harpies-birdleg-fan", "fish-hook", "magpies-lens",
    "squirrel-in-a-bottle", "black-goat-in-a-bottle", "frozen-opossum-in-a-bottle", "hoggy-bank",
    "caged-wolf",
)


def load_catalog(path: Path) -> Catalog:
    """Read and validate a cards file. Raises DataError naming the file and the entry."""
    fname = path.name
    try:
        data = tomllib.loads(path.read_text())
    except OSError as err:
        raise DataError(f"{fname}: cannot read: {err.strerror}") from None
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{fname}: not valid TOML: {err}") from None
    entries = data.get("card")
    if not isinstance(entries, list) or not entries:
        raise DataError(f"{fname}: expected [[card]] entries")
    defs: list[CardDef] = []
    names: set[str] = set()
    for i, entry in enumerate(entries):
        where = f"{fname}, card #{i + 1} ({entry.get('name', '?')})"
        if entry.get("name") in names:
            raise DataError(f"{where}: the name is used twice")
        names.add(entry.get("name"))
        copies = entry.get("copies")
        if not isinstance(copies, dict) or not copies:
            raise DataError(f"{where}: 'copies' must say how many are in which pile, e.g. {{draw = 2}}")
        if entry.get("provenance") not in ("fact", "proposal"):
            raise DataError(f"{where}: 'provenance' must be \"fact\" or \"proposal\"")
        for pile, n in copies.items():
            if pile not in PILES:
                raise DataError(f"{where}: unknown pile {pile!r} (piles: {', '.join(PILES)})")
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise DataError(f"{where}: the copy count for {pile} must be a whole number")
            d = make_def(len(defs), entry, pile, where)
            d.copies = n
            if pile == "item" and d.item not in ITEM_KEYS:
                raise DataError(f"{where}: unknown item {d.item!r} (items: {', '.join(ITEM_KEYS)})")
            defs.append(d)
    by_name = {d.name for d in defs}
    for d in defs:
        for target in (d.grows_into, d.dies_into):
            if target and target not in by_name:
                raise DataError(f"{fname}, card {d.name}: unknown card {target!r} it turns into")
    # Fecundity's copy has no Fecundity: a card of its own, from the swaps pile.
    for d in list(defs):
        if d.sig & S.FECUNDITY and d.pile in ("draw", "rare"):
            copy = make_def(len(defs), {**_entry_of(d), "sigils": S.names(d.sig & ~S.FECUNDITY)}, "swap", fname)
            defs.append(copy)
    for key in ("Squirrel", "Bee", "Chime", "Dam", "Rabbit", "Wriggling Tail", "Vertebrae", "Opossum",
                "Greater Smoke", "Worker Ant", "Black Goat", "Undead Cat", "Wolf"):
        piles = [d.pile for d in defs if d.name == key]
        if not piles:
            raise DataError(f"{fname}: the rules need a card named {key!r}")
    return _with_tokens(defs)


def _entry_of(d: CardDef) -> dict[str, Any]:
    return {
        "name": d.name, "cost": d.cost_text, "power": d.power, "health": d.health,
        "sigils": d.sigil_names, "tribe": d.tribe, "rare": d.rare, "other": not d.alive,
        "grows_into": d.grows_into, "dies_into": d.dies_into, "item": d.item,
        "special": sorted(d.special), "provenance": d.provenance,
    }


def _with_tokens(defs: list[CardDef]) -> Catalog:
    """Make sure every token the rules create has a definition in the pile it comes from."""
    need = {
        "Black Goat": "swap",  # Black Goat in a Bottle
        "Squirrel": "swap",  # Squirrel in a Bottle
    }
    have = {(d.name, d.pile) for d in defs}
    for name, pile in need.items():
        if (name, pile) not in have:
            src = next(d for d in defs if d.name == name)
            defs.append(make_def(len(defs), _entry_of(src), pile, "tokens"))
    return Catalog(defs)


def derived_def(cid: int, spec: dict[str, Any], where: str) -> CardDef:
    """A definition made during play (a death card, a death card's Fecundity copy)."""
    pile = spec.get("pile", "death")
    if pile not in PILES:
        raise DataError(f"{where}: unknown pile {pile!r}")
    entry = {**spec, "other": not spec.get("alive", True), "provenance": "fact"}
    return make_def(cid, entry, pile, where)
