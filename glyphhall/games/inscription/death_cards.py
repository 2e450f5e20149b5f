# cython: annotation_typing=True
"""Death cards (Rulebook, Death Cards): made by the loser after a game, kept in a vault, and
shuffled into later games.

Making one is part of the game, as decisions of the loser: three cards of their dead pile are
revealed (their hand is shuffled in when the dead pile has fewer than 9 cards) and the loser
chooses one card's cost (`choose 1..3`); three more for power and health; three more for the
sigils; then `name <text>`. The finished card is `state.made`; the caller (terminal, server)
keeps it with `save_made_card(state, vault)` so that search and playouts never write files.

The vault is the engine's `Vault` (a JSON file for terminal play, the database on the server),
reached through `InscriptionGame.prepare_options` and `keep_after_match`.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

from glyphhall.engine import Action, DataError, Event, LoadError, OptionError, Vault
from glyphhall.engine.notation import is_number

from . import sigils as S
from .cards import COST_KINDS, parse_cost
from .notation import DEATHCARD, OVER, act, ev

if TYPE_CHECKING:
    from .state import InscriptionState

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 '\-]{0,29}$")
STAGES = ("cost", "power and health", "sigils")


# --- the vault ----------------------------------------------------------------------------------
def kept_cards(vault: Vault) -> list[dict[str, Any]]:
    """Every death card in `vault`, oldest first, each checked."""
    cards = vault.list()
    for k, card in enumerate(cards):
        check_spec(card, f"death-card vault, card #{k + 1}")
    return cards


def check_spec(spec: Any, where: str) -> None:
    if not isinstance(spec, dict):
        raise DataError(f"{where}: a death card is an object")
    problem = name_problem(spec.get("name"))
    if problem:
        raise DataError(f"{where}: {problem}")
    parse_cost(spec.get("cost"), where)
    for key in ("power", "health"):
        v = spec.get(key)
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 99:
            raise DataError(f"{where}: '{key}' must be a whole number from 0 to 99")
    if spec["health"] < 1:
        raise DataError(f"{where}: a death card needs at least 1 health")
    sigils = spec.get("sigils")
    if not isinstance(sigils, list) or any(s not in S.BIT for s in sigils):
        raise DataError(f"{where}: 'sigils' must list sigils of the rulebook")


def name_problem(name: Any) -> str | None:
    if not isinstance(name, str) or not NAME_RE.match(name.strip()) or name != name.strip():
        return "a death card's name is 1 to 30 letters, digits, spaces, ' or -"
    return None


def save_made_card(state: InscriptionState, vault: Vault, session: str = "", made_by: str = "") -> dict[str, Any] | None:
    """Keep the death card the loser made in this game (None if no card was made).
    A name already in the vault gets a number."""
    if not state.made:
        return None
    spec = state.made
    check_spec(spec, "new death card")
    names = {c["name"] for c in kept_cards(vault)}
    name, n = spec["name"], 2
    while name in names:
        name, n = f"{spec['name'][:26]} {n}", n + 1
    card = {
        "name": name, "cost": spec["cost"], "power": int(spec["power"]),
        "health": int(spec["health"]), "sigils": list(spec["sigils"]),
        "session": session, "made_by": made_by, "made_at": time.time(),
    }
    return vault.add(card)


# --- the `death_cards` option -------------------------------------------------------------------
def encode(specs: list[dict[str, Any]]) -> str:
    """Death cards as option text: `Name/2 blood/3/2/Airborne+Stinky;...`, so that a match record
    holds the exact cards it was played with."""
    if not specs:
        return "none"
    return ";".join(f"{s['name']}/{s['cost']}/{s['power']}/{s['health']}/{'+'.join(s['sigils'])}" for s in specs)


def names_the_vault(text: str) -> bool:
    """Whether an option value refers to the vault (`all`, `session:<label>`)."""
    text = text.strip()
    return text == "all" or text.startswith("session:")


def resolve_option(text: str, vault: Vault | None = None) -> list[dict[str, Any]]:
    """The death cards an option value names: `none`, `all` (every card ever made),
    `session:<label>` (the cards of one play session), or cards written out (see `encode`).
    `all` and `session:` need the vault (see `InscriptionGame.prepare_options`)."""
    text = text.strip()
    if text in ("", "none"):
        return []
    if names_the_vault(text):
        if vault is None:
            raise OptionError(
                f"option 'death_cards': {text!r} names cards in a death-card vault, which this "
                "match was not given; the terminal and the server resolve it before a match"
            )
        try:
            cards = kept_cards(vault)
        except (DataError, LoadError) as err:
            raise OptionError(str(err)) from None
        if text.startswith("session:"):
            label = text.split(":", 1)[1]
            cards = [c for c in cards if c.get("session") == label]
        return [{k: c[k] for k in ("name", "cost", "power", "health", "sigils")} for c in cards]
    specs = []
    for part in text.split(";"):
        bits = part.split("/")
        if len(bits) != 5:
            raise OptionError(f"option 'death_cards': {part!r} is not Name/cost/power/health/sigils")
        name, cost, power, health, sigils = (b.strip() for b in bits)
        if not (is_number(power) and is_number(health)):
            raise OptionError(f"option 'death_cards': power and health of {name!r} must be numbers")
        spec = {"name": name, "cost": cost, "power": int(power), "health": int(health),
                "sigils": [s.strip() for s in sigils.split("+") if s.strip()]}
        try:
            check_spec(spec, f"death card {name!r}")
        except DataError as err:
            raise OptionError(f"option 'death_cards': {err}") from None
        specs.append(spec)
    return specs


# --- making a death card in the game ---------------------------------------------------------------
def start_creation(st: InscriptionState, events: list[Event]) -> None:
    loser = 1 - st.winner
    st.phase = DEATHCARD
    st.dc_pool = st.dead[loser][:]
    if len(st.dc_pool) < 9:
        st.dc_pool += st.hands[loser]
    st.dc_stage = 0
    st.dc_spec = {"cost": "free", "power": 0, "health": 1, "sigils": [], "from": []}
    events.append(ev(f"seat {loser} makes a death card from {len(st.dc_pool)} cards"))
    reveal(st, events)


def reveal(st: InscriptionState, events: list[Event]) -> None:
    """Reveal three cards for the current stage; with none left the stage keeps its default."""
    while st.dc_stage < 3:
        pool = st.dc_pool
        st.dc_revealed = [pool.pop(st.rng.below(len(pool))) for _ in range(min(3, len(pool)))]
        if st.dc_revealed:
            names = ", ".join([st.defs[c].name for c in st.dc_revealed])
            events.append(ev(f"revealed for the {STAGES[st.dc_stage]}: {names}"))
            return
        st.dc_stage += 1


def creation_actions(st: InscriptionState) -> list[Action]:
    if st.dc_stage < 3:
        return [act("choose", k + 1) for k in range(len(st.dc_revealed))]
    return [Action("name", (n,)) for n in suggested_names(st)]


def suggested_names(st: InscriptionState) -> list[str]:
    parts = [w for w in (st.dc_spec or {}).get("from", []) if w] or ["Grim"]
    first = parts[0].split()[0]
    last = parts[-1].split()[-1]
    out = [f"{first} {last}", f"{first}{last.lower()}", f"The {last}"]
    seen: list[str] = []
    for n in out:
        n = n[:30].strip()
        if name_problem(n) is None and n not in seen:
            seen.append(n)
    return seen or ["Nameless"]


def apply_creation(st: InscriptionState, action: Action, events: list[Event]) -> None:
    spec = st.dc_spec = dict(st.dc_spec or {})
    if action.verb == "name":
        name = str(action.args[0])
        st.made = {"name": name, "cost": spec["cost"], "power": spec["power"],
                   "health": max(1, spec["health"]), "sigils": list(spec["sigils"])}
        st.phase = OVER
        events.append(ev(f"the death card {name} is made: {spec['cost']}, {spec['power']}/{max(1, spec['health'])}"
                            + (f", {' and '.join(spec['sigils'])}" if spec["sigils"] else "")))
        return
    d = st.defs[st.dc_revealed[int(action.args[0]) - 1]]
    if st.dc_stage == 0:
        spec["cost"] = d.cost_text
    elif st.dc_stage == 1:
        spec["power"], spec["health"] = d.power, d.health
    else:
        spec["sigils"] = d.sigil_names
    spec["from"] = [*spec["from"], d.name]
    events.append(ev(f"the death card takes the {STAGES[st.dc_stage]} of {d.name}"))
    st.dc_revealed = []
    st.dc_stage += 1
    reveal(st, events)


__all__ = ["COST_KINDS", "encode", "kept_cards", "names_the_vault", "resolve_option", "save_made_card"]
