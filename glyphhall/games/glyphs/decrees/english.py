"""Typed AST -> canonical English. The text always re-parses to the same AST (tested), spells
out "exactly" / "at least" / "at most", and is what the engine echoes before a guess is paid."""

from __future__ import annotations

from ..shapes import shape_set
from .ast import (
    NP,
    And,
    Compare,
    GlyphIs,
    Has,
    HasFeature,
    IsA,
    IsAdj,
    Not,
    Or,
    Overlaps,
    Points,
    PointsAt,
    Quant,
    Quantified,
    Relation,
    That,
    Total,
    WithFeature,
)
from .parser import NUMBER_WORDS

FEATURE_WORDS = {"angles": ("angle", "angles"), "right_angles": ("right angle", "right angles"),
                 "segments": ("line segment", "line segments"), "curves": ("curve", "curves"),
                 "sides": ("side", "sides"), "overlaps": ("overlap", "overlaps")}
GLYPH_PROP_TEXT = {"chain": "a chain", "loop": "a loop", "symmetric": "symmetric", "holed": "holed",
                   "tall": "taller than it is wide", "wide": "wider than it is tall"}


def number(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def article(phrase: str) -> str:
    return ("an " if phrase[:1] in "aeiou" else "a ") + phrase


def quantity(q: Quant, singular: str, plural: str) -> str:
    """'exactly two squares', 'no squares', 'at least one square', 'an even number of squares'."""
    if q.op == "eq":
        return f"no {plural}" if q.a == 0 else f"exactly {number(q.a)} {singular if q.a == 1 else plural}"
    if q.op in ("ge", "le"):
        word = "at least" if q.op == "ge" else "at most"
        return f"{word} {number(q.a)} {singular if q.a == 1 else plural}"
    if q.op == "between":
        return f"between {number(q.a)} and {number(q.b)} {plural}"
    if q.op in ("even", "odd"):
        return f"an {q.op} number of {plural}"
    raise ValueError(q.op)


def number_condition(q: Quant) -> str:
    """After 'is': 'exactly three', 'even', 'a multiple of three'."""
    if q.op in ("even", "odd"):
        return q.op
    if q.op == "mult":
        return f"a multiple of {number(q.a)}"
    if q.op == "between":
        return f"between {number(q.a)} and {number(q.b)}"
    return {"eq": "exactly", "ge": "at least", "le": "at most"}[q.op] + " " + number(q.a)


def noun_phrase(np_: NP, plural: bool) -> str:
    ss = shape_set()
    if np_.noun == "shape":
        head = "shapes" if plural else "shape"
    else:
        k = ss.by_id(np_.noun)
        head = k.plural if plural else k.singular
    words = [*np_.adjs, head]
    if isinstance(np_.rel, WithFeature):
        if np_.rel.feature == "overlaps":
            words.append(("that overlap " if plural else "that overlaps ") + _others(np_.rel.quant))
        else:
            s, p = FEATURE_WORDS[np_.rel.feature]
            words.append("with " + quantity(np_.rel.quant, s, p))
    elif isinstance(np_.rel, That):
        words.append("that " + verb_phrase(np_.rel.vp, plural))
    return " ".join(words)


def _others(q: Quant) -> str:
    return quantity(q, "other shape", "other shapes")


def verb_phrase(vp, plural: bool = False) -> str:
    if isinstance(vp, Overlaps):
        verb = "overlap" if plural else "overlaps"
        target = noun_phrase(vp.np, False)
        det = {"some": article(target), "every": "every " + target, "no": "no " + target}[vp.det]
        return f"{verb} {det}"
    if isinstance(vp, Relation):
        target = noun_phrase(vp.np, False)
        det = {"some": article(target), "every": "every " + target, "no": "no " + target}[vp.det]
        return ("are " if plural else "is ") + f"{vp.rel} {det}"
    if isinstance(vp, PointsAt):
        target = noun_phrase(vp.np, False)
        det = {"some": article(target), "every": "every " + target, "no": "no " + target}[vp.det]
        return ("point at " if plural else "points at ") + det
    if isinstance(vp, Points):
        return ("point " if plural else "points ") + vp.direction
    if isinstance(vp, IsAdj):
        return ("are " if plural else "is ") + vp.adj
    if isinstance(vp, IsA):
        return "are " + noun_phrase(vp.np, True) if plural else "is " + article(noun_phrase(vp.np, False))
    if isinstance(vp, HasFeature):
        if vp.feature == "overlaps":
            return ("overlap " if plural else "overlaps ") + _others(vp.quant)
        s, p = FEATURE_WORDS[vp.feature]
        return ("have " if plural else "has ") + quantity(vp.quant, s, p)
    raise TypeError(vp)


def render(cond, top: bool = True) -> str:
    """The canonical English of a decree condition."""
    if isinstance(cond, Has):
        if cond.quant.op == "mult":
            return f"the number of {noun_phrase(cond.np, True)} is {number_condition(cond.quant)}"
        q = cond.quant
        singular_ok = q.op in ("eq", "ge", "le") and q.a == 1
        return "it has " + quantity(q, noun_phrase(cond.np, False) if singular_ok else "",
                                    noun_phrase(cond.np, True)).rstrip()
    if isinstance(cond, Total):
        return f"the total number of {FEATURE_WORDS[cond.feature][1]} is {number_condition(cond.quant)}"
    if isinstance(cond, Compare):
        a, b = noun_phrase(cond.left, True), noun_phrase(cond.right, True)
        return f"it has more {a} than {b}" if cond.op == "more" else f"it has as many {a} as {b}"
    if isinstance(cond, Quantified):
        return f"{cond.det} {noun_phrase(cond.np, False)} {verb_phrase(cond.vp, False)}"
    if isinstance(cond, GlyphIs):
        return "it is " + GLYPH_PROP_TEXT[cond.prop]
    if isinstance(cond, Not):
        if isinstance(cond.cond, GlyphIs):
            return "it is not " + GLYPH_PROP_TEXT[cond.cond.prop]
        return "it is not the case that " + _group(cond.cond)
    if isinstance(cond, And):
        return " and ".join(_group(c) for c in cond.conds)
    if isinstance(cond, Or):
        return " or ".join(_group(c) for c in cond.conds)
    raise TypeError(cond)


def _group(cond) -> str:
    text = render(cond, top=False)
    return f"({text})" if isinstance(cond, (And, Or)) else text


def sentence(cond) -> str:
    """The decree as a full sentence, for players."""
    return f"A glyph is approved if and only if {render(cond)}."
