"""Names people type without an account (a guest's seat, a replay room, a bot seat's label):
never a registered person's name, nor one that only looks like it. A name is NFKC-normalised
(fullwidth letters become plain ones), may not hold invisible or direction-changing characters
(zero-width spaces, right-to-left overrides) nor end in a marker the hall itself shows
("(guest)"), and is refused when, with letters of other scripts that look like Latin ones read as
those (Cyrillic а, Greek ο...), it is a registered name. Accented names (Björn, Zoë) are fine."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Awaitable, Callable
from typing import Any

#: Letters of other scripts that look like Latin ones, read as those.
LOOKALIKES = str.maketrans({
    **dict(zip("авсԁеһіјкӏмнорԛѕтуԝхѵɡ", "abcdehijklmhopqstywxvg", strict=True)),
    **dict(zip("АВСЕНІЈКМОРЅТХУ", "abcehijkmopstxy", strict=True)),
    **dict(zip("αβεηικνοπρτυχ", "abeniknoprtux", strict=True)),
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "abezhikmnoptyx", strict=True)),
})
_HALL_MARKS = re.compile(r"\((guest|bot|spectator|left)[^)]*\)\s*$")


class NameRefused(ValueError):
    """The sentence says why."""


def clean(raw: str, most: int = 40) -> str:
    """The name as shown: NFKC, inner runs of blanks made one space. Raises NameRefused."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if any(unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs", "Cn") for c in name):
        raise NameRefused("a name may not hold invisible or direction-changing characters")
    if not name:
        raise NameRefused("a name needs some letters")
    if len(name) > most:
        raise NameRefused(f"a name is at most {most} characters")
    if _HALL_MARKS.search(name.casefold()):
        raise NameRefused("a name may not end in a mark the hall adds itself, like '(guest)'")
    return name


def skeleton(name: str) -> str:
    """What a name looks like: case folded, lookalike letters read as Latin ones."""
    return unicodedata.normalize("NFKC", name).translate(LOOKALIKES).casefold()


async def refuse_registered(name: str, user_named: Callable[[str], Awaitable[Any]]) -> None:
    """NameRefused when `name` is, or looks like, a registered person's name (`user_named(name)`
    asks the store)."""
    for candidate in dict.fromkeys((name, skeleton(name))):
        found = await user_named(candidate)
        if found is not None:
            raise NameRefused(f"'{name}' is (or looks like) the registered name {found.name}: sign in as "
                              f"{found.name}, or choose another name")
