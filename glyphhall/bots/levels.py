"""The bots as players know them: levels with names (Beginner ... Expert on the ladder, where a
game may leave one off, and Quick, Classic, Instinct and Guided off it), each a line about how it plays, mapped onto the bot specs of `bots/spec.py`, and
each level's rating per game from the Elo ladder (`ladder.json`, written by `bench/strength/ladder.py`).

Everything a player reads about a bot comes from here (the lobby, the table, the terminal):
`label("mcts")` is "Hard computer". The specs stay what the code stores and the arena plays:
a player's word is turned into its spec at the door (`resolve("hard")` is "mcts"), so saved
games, tables and ratings keyed by spec read as before, and the old specs are still accepted."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class Level:
    #: What a player types (`--vs hard`) and the lobby sends.
    key: str
    #: The level's name as players read it.
    name: str
    #: The bot spec it plays (see `bots/spec.py`).
    spec: str
    #: How it plays, in one line for players.
    about: str
    #: On the rated ladder (each level measured against the one below it).
    on_ladder: bool = True

    @property
    def label(self) -> str:
        """How a seat it plays is named: "Hard computer"."""
        return f"{self.name} computer"


#: Weakest first: the ladder's order. `random` is the ladder's anchor.
LEVELS: tuple[Level, ...] = (
    Level("beginner", "Beginner", "random", "Plays any legal move, without a plan: for learning the rules."),
    Level("easy", "Easy", "careless",
          "Takes the move that looks best right now about half the time, and any legal move the other half."),
    Level("medium", "Medium", "heuristic", "Always takes the move that looks best right now, without looking ahead."),
    Level("hard", "Hard", "mcts", "Plays out many ways the game could go before each move (about a second a move)."),
    Level("expert", "Expert", "mcts-hard", "Looks furthest ahead of all (up to three seconds a move)."),
    Level("quick", "Quick", "mcts-easy", "Looks a little ahead before it moves, and decides fast.", on_ladder=False),
    Level("classic", "Classic", "policy",
          "Plays this game's own hand-written strategy (where the game has none, it plays like Medium).",
          on_ladder=False),
    Level("instinct", "Instinct", "learned",
          "Moves by instinct, trained on many practice games, without looking ahead "
          "(where the game has no training yet, it plays like Medium).",
          on_ladder=False),
    Level("guided", "Guided", "mcts-net",
          "Looks ahead like Hard, its instinct choosing which moves to look at first "
          "(where the game has no training yet, it plays like Hard).",
          on_ladder=False),
)

#: Levels a game leaves off its ladder, with why (for players): where luck leaves too little room
#: for skill to tell them apart, the game's ladder goes on from the level below without them, and
#: they are still offered. Glyfts' Hard played Medium to 0.496 (0.460-0.533) over 135 paired deals,
#: within 3.5 points either way, where Expert beats Medium by 4.6 (bench/RESULTS.md, issue 41's
#: eleventh and twelfth rounds): skill can take only about 5 points a deal there. Heroscape's
#: Expert, three times Hard's iterations, scored 0.32 (0.09-0.55) against Hard over 11 deals with
#: its own rollout cut-off and 0.50 (0.35-0.65, luck taken out) over 22 with Hard's (fourteenth
#: round): no sign that the longer look buys anything, so Hard is that game's top rung. Tundrus'
#: Expert scored 0.56 (0.44-0.69) against Hard over 40 deals (sixteenth round): perhaps a little
#: stronger, not measurably, so Hard is that game's top rung too until the deals show more.
OFF_LADDER_IN: dict[str, dict[str, str]] = {
    "glyfts": {"hard": "it plays about as well as Medium, luck deciding most deals"},
    "heroscape": {"expert": "it plays about as well as Hard (looking further ahead gains nothing measurable here)"},
    "tundrus": {"expert": "it is not yet measurably stronger than Hard"},
}

#: The level offered first when a seat is given to the computer.
DEFAULT_LEVEL = "hard"

#: A seat of a bot this module does not know (a bot added since) is still named for players.
UNKNOWN_LABEL = "Computer"

_BY_KEY = {level.key: level for level in LEVELS}
_BY_SPEC = {level.spec: level for level in LEVELS}


def ladder_levels(game_id: str | None = None) -> list[Level]:
    """The ladder's levels, weakest first: in a game, without those it leaves off (`OFF_LADDER_IN`)."""
    off = OFF_LADDER_IN.get(game_id, {}) if game_id else {}
    return [level for level in LEVELS if level.on_ladder and level.key not in off]


def off_ladder_reason(level: Level, game_id: str | None) -> str | None:
    """Why a ladder level is left off this game's ladder, for players; None where it is on it."""
    return OFF_LADDER_IN.get(game_id, {}).get(level.key) if game_id else None


def default_level(game_id: str | None) -> str:
    """The level a computer seat starts at in a game: `DEFAULT_LEVEL`, or where the game leaves it
    off its ladder, the level right below it there (as strong, and quicker)."""
    if off_ladder_reason(_BY_KEY[DEFAULT_LEVEL], game_id) is None:
        return DEFAULT_LEVEL
    keys = [level.key for level in ladder_levels()]
    on = {level.key for level in ladder_levels(game_id)}
    return next(k for k in reversed(keys[: keys.index(DEFAULT_LEVEL)]) if k in on)


def find(word: str) -> Level | None:
    """The level a player names ("hard", "Hard", "Hard computer"), or None."""
    text = word.strip().casefold()
    if text.endswith(" computer"):
        text = text[: -len(" computer")].strip()
    return _BY_KEY.get(text) or next((lv for lv in LEVELS if lv.name.casefold() == text), None)


def resolve(text: str) -> str:
    """The bot spec a player's word stands for: "hard" -> "mcts", "hard:roots=1" -> "mcts:roots=1";
    any other text (an old spec such as "mcts-hard") is returned as it is, for `spec.py` to judge."""
    if not isinstance(text, str):
        return text
    base, colon, rest = text.strip().partition(":")
    level = find(base) if base else None
    if level is None:
        return text.strip()
    return level.spec + (colon + rest if colon else "")


def of_spec(spec: str | None) -> Level | None:
    """The level whose bot a spec plays ("mcts:roots=1" -> Hard), or None."""
    if not spec:
        return None
    base = spec.strip().partition(":")[0].strip()
    return _BY_SPEC.get(base) or find(base)


def key_of(spec: str | None) -> str | None:
    """The key of the level a spec plays ("mcts" -> "hard"), None for a bot without a level."""
    level = of_spec(spec)
    return level.key if level else None


def label(spec: str | None) -> str:
    """A bot seat's name for players: "Hard computer" (also for a spec with settings of its own,
    "mcts:iterations=50", which only developers type); "Computer" for a bot without a level."""
    level = of_spec(spec)
    return UNKNOWN_LABEL if level is None else level.label


def accepted() -> list[str]:
    """Every word a bot seat may be asked for by: the level keys, then every registered spec name."""
    from . import names

    return [level.key for level in LEVELS] + [n for n in names() if n not in _BY_KEY]


# --- ratings -------------------------------------------------------------------------------------
@cache
def ladder_data() -> dict[str, Any]:
    """`ladder.json` as `bench/strength/ladder.py --write` left it ({} if it is missing or unreadable)."""
    try:
        text = resources.files(__package__).joinpath("ladder.json").read_text()
        data = json.loads(text)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def rating(level: Level, game_id: str | None) -> dict[str, Any] | None:
    """{"rating", "low", "high", "above_below": bool | None} of a level in a game, or None when
    not yet measured. `above_below` says whether it was measurably stronger than the level below."""
    if game_id is None:
        return None
    game = ladder_data().get("games", {}).get(game_id)
    if not isinstance(game, dict):
        return None
    entry = game.get("levels", {}).get(level.key)
    return entry if isinstance(entry, dict) and entry.get("rating") is not None else None


def rating_text(level: Level, game_id: str | None) -> str:
    """"rated 1310 (1200-1420)" or "not yet rated" (a level off the ladder, a game not measured);
    for a level this game leaves off its ladder, that and why."""
    reason = off_ladder_reason(level, game_id)
    if reason is not None:
        return f"not on the ladder: {reason}"
    entry = rating(level, game_id)
    if entry is None:
        return "not yet rated"
    text = f"rated {entry['rating']:.0f}"
    if entry.get("anchor"):
        return text + " (where the ratings start)"
    if entry.get("low") is not None and entry.get("high") is not None:
        text += f" ({entry['low']:.0f}-{entry['high']:.0f})"
    elif entry.get("low") is not None:
        text += f" (at least {entry['low']:.0f})"
    if entry.get("above_below") is False:
        text += ", not measurably stronger than the level below"
    elif entry.get("above_below") is None:
        text += ", not yet compared with the level below"
    return text


def rating_short(level: Level, game_id: str | None) -> str:
    """The rating in a few words, for a seat's list of levels (narrow on a phone): "rated 1310",
    "not yet rated" or "off the ladder"; `rating_text` says the rest under the seat."""
    if off_ladder_reason(level, game_id) is not None:
        return "off the ladder"
    entry = rating(level, game_id)
    return "not yet rated" if entry is None else f"rated {entry['rating']:.0f}"


def describe(game_ids: list[str]) -> list[dict[str, Any]]:
    """The levels for the lobby and the table: what each is called, how it plays, its ratings."""
    out = []
    for level in LEVELS:
        out.append({
            "key": level.key,
            "name": level.name,
            "label": level.label,
            "about": level.about,
            "ratings": {g: {**(rating(level, g) or {}), "text": rating_text(level, g),
                            "short": rating_short(level, g)} for g in game_ids},
        })
    return out


def introduce(spec: str | None, game_id: str | None) -> str:
    """One line for the terminal: "Hard computer: plays out many ways ... (rated 1310 in this game)"."""
    level = of_spec(spec)
    if level is None:
        return f"{UNKNOWN_LABEL}."
    return f"{label(spec)}: {level.about} In this game it is {rating_text(level, game_id)}."
