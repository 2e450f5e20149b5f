"""One typed line, several actions, in few keys. A line the game takes as it is stays one action;
only a line it refuses is read more freely:

- `mark 2; reroll`: actions one after the other;
- `mark 2 3`, `take blue own blue tribal`: a verb given several times over (`mark 2`, `mark 3`);
- `take blue own, blue tribal`: the same with commas;
- `att nec arc`: each word the start of the word of exactly one legal action
  (`attack necromancer arcana`), as Tab would complete it.

Each action is checked when its turn comes, after the ones before it have been played."""

from __future__ import annotations

import re

from glyphhall.engine import GlyphHallError, IllegalAction, State

#: a comma between two actions, not inside one (Glyphs writes coordinates as 0,1.5)
_BETWEEN = re.compile(r",\s*(?=[^\d\s])")


def parts_of(line: str) -> list[str]:
    """The ';'-separated parts of a line, in order."""
    return [p.strip() for p in line.split(";") if p.strip()]


def _legal(state: State, seat: int, text: str) -> bool:
    try:
        state.game.parse_action(state, seat, text)
        return True
    except GlyphHallError:
        return False


def _by_prefix(state: State, seat: int, text: str) -> str | None:
    """The one legal action whose words start with the typed words (numbers exactly)."""
    words = text.lower().split()
    found = []
    for action in state.legal_actions(seat):
        full = str(action).split()
        if len(full) == len(words) and all(
            f.lower() == w if w.isdigit() else f.lower().startswith(w) for f, w in zip(full, words, strict=True)
        ):
            found.append(str(action))
            if len(found) > 1:
                return None
    return found[0] if found else None


def resolve(state: State, seat: int, part: str) -> list[str]:
    """The actions `part` stands for: the first is legal now (or `part` itself, whose refusal
    then says why); the others are still to be read as their turn comes."""
    if _legal(state, seat, part):
        return [part]
    pieces = _BETWEEN.split(part)
    if len(pieces) > 1:
        verb = pieces[0].split()[0]
        rest = [p if p.split()[0].lower() == verb.lower() else f"{verb} {p}" for p in pieces[1:]]
        return resolve(state, seat, pieces[0]) + rest
    whole = _by_prefix(state, seat, part)
    if whole is not None:
        return [whole]
    verb, *args = part.split()
    for size in range(1, len(args) // 2 + 1):  # `mark 2 3` (one word each), `take r o r t` (two)
        if len(args) % size:
            continue
        groups = [" ".join([verb, *args[k:k + size]]) for k in range(0, len(args), size)]
        # every group must name a legal action now, so a mistyped word is refused, never read
        # as a shorter action ('attack druid powr' is not 'attack druid')
        found = [_by_prefix(state, seat, g) for g in groups]
        if all(found):
            return [found[0], *groups[1:]]  # type: ignore[list-item]
    return [part]


def rest_not_played(done: list[str], left: list[str], why: str) -> IllegalAction:
    played = f"played {'; '.join(done)}; " if done else ""
    return IllegalAction(f"{played}'{'; '.join(left)}' was not played: {why}")
