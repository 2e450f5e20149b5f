"""Completions for a decree being typed: the phrasings the grammar reads, filled in with the
shape set's nouns, that continue what has been typed so far. Every suggestion parses (tested)."""

from __future__ import annotations

import re
from functools import cache
from itertools import zip_longest

from ..shapes import shape_set
from .english import sentence
from .parser import DecreeError, parse

#: How people start a decree, "{one}"/"{many}" a noun in the singular/plural, "{other}" a second noun.
TEMPLATES = (
    "at least one {one}", "there is a {one}", "has a {one}", "contains a {one}", "no {many}",
    "there are no {many}", "does not have a {one}", "exactly one {one}", "exactly two {many}",
    "at least two {many}", "at most one {one}", "only {many}", "every {one} is upright",
    "every {one} is tilted", "every {one} points up", "no {one} points up", "more {many} than {other}",
    "fewer {many} than {other}", "as many {many} as {other}", "some {one} overlaps a {other_one}",
    "an even number of {many}", "an odd number of {many}",
)
GLYPH_PHRASES = ("the total number of angles is even", "the total number of angles is odd",
                 "a glyph cannot include angles", "it is a chain", "it is not a chain", "it is a loop",
                 "it is symmetric", "it has a hole", "it is taller than it is wide", "it is wider than it is tall")
LIMIT = 8


def _nouns(pointing: bool = False) -> list[tuple[str, str]]:
    """(singular, plural) of every kind, "shape" and each family; only those that point somewhere
    for "points" phrasings."""
    ss = shape_set()
    out = [(k.singular, k.plural) for k in ss.kinds if k.points is not None or not pointing]
    families = [adj for adj, members in ss.families.items()
                if not pointing or all(ss.kinds[i].points is not None for i in members)]
    return out + ([] if pointing else [("shape", "shapes")]) + [(f"{adj} shape", f"{adj} shapes") for adj in families]


def _article_fix(text: str) -> str:
    return re.sub(r"\ba (?=[aeiou])", "an ", text)


@cache
def phrases() -> tuple[tuple[int, str], ...]:
    """Every suggested phrasing with the number of its template, in the order offered."""
    out: dict[str, int] = {}
    for number, template in enumerate(TEMPLATES):
        nouns = _nouns(pointing="points" in template)
        for one, many in nouns:
            others = [n for n in nouns if n[0] != one] if "{other" in template else [("", "")]
            for other_one, other in others:
                text = _article_fix(template.format(one=one, many=many, other=other, other_one=other_one))
                out.setdefault(text, number)
    for text in GLYPH_PHRASES:
        out.setdefault(text, len(TEMPLATES))
    return tuple((number, text) for text, number in out.items())


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def complete(typed: str, limit: int = LIMIT) -> list[str]:
    """Up to `limit` phrasings that continue `typed`. After "and"/"or" the last part is completed
    and the earlier parts kept."""
    text = _norm(typed)
    head, last = "", text
    m = re.match(r"(.*\b(?:and|or)\s)(.*)$", text)
    if m:
        head, last = m.group(1), m.group(2)
    groups: dict[int, list[str]] = {}
    for number, p in phrases():
        if p.startswith(last) and p != last:
            groups.setdefault(number, []).append(head + p)
    # one of each way of saying it first, so a short start shows the variety
    out = [p for row in zip_longest(*groups.values()) for p in row if p is not None]
    return out[:limit]


def read_back(typed: str) -> dict:
    """What the page shows under the guess box: the decree in plain words, or what to change."""
    text = typed.strip()
    if text.lower().startswith("guess "):
        text = text[6:]
    try:
        return {"reading": sentence(parse(text)), "problem": None, "completions": complete(typed)}
    except DecreeError as err:
        return {"reading": None, "problem": str(err), "completions": complete(typed)}
