"""Decree text -> typed AST (Lark, Earley). Anything unreadable or ambiguous is a DecreeError
with a sentence that says what to change; nothing is guessed."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError, UnexpectedInput, VisitError

from glyphhall.engine import IllegalAction

from ..shapes import shape_set
from .ast import (
    NP,
    ORIENTATION_ADJS,
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

GRAMMAR_FILE = Path(__file__).parent / "grammar.lark"
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve")
EXAMPLES = ("it has at least one oval", "every square is upright", "the total number of angles is even",
            "some triangle overlaps a square")
#: Largest number a decree may name (a glyph has at most 6 shapes of at most 6 angles each).
MAX_NUMBER = 99
#: Bounds on what is parsed at all: Earley parsing grows fast with nested brackets and length
#: (ten nested brackets took a third of a second), and no decree of the rulebook's kind needs more.
MAX_WORDS = 60
MAX_DEPTH = 3


class DecreeError(IllegalAction):
    """A decree (or guess) that cannot be read, or reads more than one way."""


def _words_regex(words) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(set(words), key=len, reverse=True))


@cache
def _parser() -> Lark:
    ss = shape_set()
    nouns = ["shape", "shapes"] + [w for k in ss.kinds for w in k.words]
    adjs = list(ss.families) + list(ORIENTATION_ADJS)
    text = GRAMMAR_FILE.read_text().replace("__NOUNS__", _words_regex(nouns)).replace("__ADJS__", _words_regex(adjs))
    return Lark(text, parser="earley", ambiguity="explicit", propagate_positions=False)


def _feature(token: str) -> str:
    t = " ".join(token.lower().split())
    if t.startswith("right angle"):
        return "right_angles"
    if t.startswith(("angle", "corner")):
        return "angles"
    if t.startswith(("line segment", "segment", "straight")):
        return "segments"
    if t.startswith(("curve", "curved")):
        return "curves"
    if t.startswith(("side", "edge")):
        return "sides"
    return "overlaps"


def _noun(token: str) -> str:
    t = " ".join(token.lower().split())
    if t in ("shape", "shapes"):
        return "shape"
    return shape_set().kinds[shape_set().word_index()[t]].id


def _relation(rel: str, ref) -> Relation:
    """A position relation to a reference ("another shape" is some shape: none is above itself)."""
    if isinstance(ref, Overlaps):
        return Relation(rel, ref.det, ref.np)
    return Relation(rel, "some", NP("shape"))


def _direction(token: str) -> str:
    t = token.lower()
    for d in ("up", "down", "left", "right", "diagonally"):
        if t.startswith(d):
            return d
    raise ValueError(t)


def _quant(op: str, a: int = 0, b: int = 0) -> Quant:
    """The canonical quantity: "more than n" is "at least n+1", "no" is "exactly 0", and so on."""
    if op == "gt":
        return Quant("ge", a + 1)
    if op == "lt":
        if a == 0:
            raise DecreeError("'fewer than zero' can never hold; say 'no' or 'at most ...'")
        return _quant("le", a - 1)
    if op == "le" and a == 0:
        return Quant("eq", 0)
    if op == "between":
        if a > b:
            raise DecreeError(f"'between {a} and {b}': the smaller number comes first")
        if a == b:
            return Quant("eq", a)
        if a == 0:
            return Quant("le", b)
        return Quant("between", a, b)
    if op == "mult":
        if a == 0:
            raise DecreeError("'a multiple of zero' means nothing; name a number from 1 up")
        if a == 2:
            return Quant("even")
        return Quant("mult", a)
    return Quant(op, a, b)


def _negated(q: Quant, make):
    """The plain reading of "does not have <q> ...": "not at least 3" is "at most 2" and
    "not at most 2" is "at least 3"; other numbers keep the "not"."""
    if q.op == "ge" and q.a >= 1:
        return make(_quant("le", q.a - 1))
    if q.op == "le":
        return make(Quant("ge", q.a + 1))
    return Not(make(q))


class _ToAst(Transformer):
    def num(self, c):
        t = str(c[0]).lower()
        if t not in NUMBER_WORDS and len(t) > len(str(MAX_NUMBER)):  # int() of 4,300 digits fails
            raise DecreeError(f"{t[:12]}... is more than any glyph can have (at most {MAX_NUMBER})")
        value = NUMBER_WORDS.index(t) if t in NUMBER_WORDS else int(t)
        if value > MAX_NUMBER:
            raise DecreeError(f"{value} is more than any glyph can have (at most {MAX_NUMBER})")
        return value

    def q_eq(self, c):
        return _quant("eq", c[0])

    def q_ge(self, c):
        return _quant("ge", c[0])

    def q_le(self, c):
        return _quant("le", c[0])

    def q_gt(self, c):
        return _quant("gt", c[0])

    def q_lt(self, c):
        return _quant("lt", c[0])

    def q_between(self, c):
        return _quant("between", c[0], c[1])

    def q_even(self, c):
        return Quant("even")

    def q_odd(self, c):
        return Quant("odd")

    def q_none(self, c):
        return Quant("eq", 0)

    def q_some(self, c):
        return Quant("ge", 1)

    def q_bare(self, c):
        n = c[0]
        raise DecreeError(f"'{n}' alone is ambiguous: say 'exactly {n}' or 'at least {n}' (or 'at most {n}')")

    def nc_quant(self, c):
        return c[0]

    def nc_even(self, c):
        return Quant("even")

    def nc_odd(self, c):
        return Quant("odd")

    def nc_mult(self, c):
        return _quant("mult", c[0])

    def np(self, c):
        adjs = tuple(dict.fromkeys(str(t).lower() for t in c if isinstance(t, Token) and t.type == "ADJ"))
        noun = next(_noun(str(t)) for t in c if isinstance(t, Token) and t.type == "NOUN")
        rel = next((x for x in c if isinstance(x, (WithFeature, That))), None)
        if noun != "shape":  # "long rectangle": a family adjective its kind already implies adds nothing
            fams = shape_set().families
            index = shape_set().by_id(noun).index
            adjs = tuple(a for a in adjs if not (a in fams and index in fams[a]))
        return NP(noun, tuple(sorted(adjs)), rel)

    def rel_with(self, c):
        if len(c) == 1:  # "shapes with curves": at least one
            return WithFeature(Quant("ge", 1), _feature(str(c[0])))
        return WithFeature(c[0], _feature(str(c[1])))

    def rel_that(self, c):
        vp = c[0]
        if isinstance(vp, HasFeature):  # "that has exactly 3 angles" is "with exactly 3 angles"
            return WithFeature(vp.quant, vp.feature)
        return That(vp)

    def v_overlaps(self, c):
        return c[0]

    def v_degree(self, c):
        return HasFeature(c[0], "overlaps")

    def v_above(self, c):
        return _relation("above", c[0])

    def v_below(self, c):
        return _relation("below", c[0])

    def v_points_at(self, c):
        ref = c[0]
        return PointsAt(ref.det, ref.np) if isinstance(ref, Overlaps) else PointsAt("some", NP("shape"))

    def v_points(self, c):
        return Points(_direction(str(c[0])))

    def v_is(self, c):
        return IsAdj(str(c[0]).lower())

    def v_isa(self, c):
        return IsA(c[0])

    def v_has(self, c):
        return HasFeature(c[0], _feature(str(c[1])))

    def r_some(self, c):
        return Overlaps("some", c[0])

    def r_every(self, c):
        return Overlaps("every", c[0])

    def r_no(self, c):
        return Overlaps("no", c[0])

    def r_other(self, c):
        return HasFeature(Quant("ge", 1), "overlaps")

    def has(self, c):
        quant, np_ = c
        return Has(quant, np_)

    def has_feature(self, c):  # "it has at most 0 angles": a total over all shapes
        return Total(_feature(str(c[1])), c[0])

    def not_has(self, c):  # "does not have at least two ovals"; "cannot include ovals" (no number: any)
        quant, np_ = c if len(c) == 2 else (Quant("ge", 1), c[0])
        return _negated(quant, lambda q: Has(q, np_))

    def not_has_feature(self, c):
        quant, token = c if len(c) == 2 else (Quant("ge", 1), c[0])
        return _negated(quant, lambda q: Total(_feature(str(token)), q))

    def fewer(self, c):
        return Compare("more", c[1], c[0])

    def only(self, c):  # "only ovals", "exclusively ovals": every shape is one
        return Quantified("every", NP("shape"), IsA(c[0]))

    def count_is(self, c):
        np_, quant = c
        return Has(quant, np_)

    def more(self, c):
        return Compare("more", c[0], c[1])

    def same(self, c):
        return Compare("same", c[0], c[1])

    def every(self, c):
        return Quantified("every", c[1], c[2])

    def some(self, c):
        return Quantified("some", c[1], c[2])

    def no_(self, c):
        return Quantified("no", c[0], c[1])

    def total(self, c):
        return Total(_feature(str(c[0])), c[1])

    def glyph_is(self, c):
        return GlyphIs(c[0])

    def glyph_is_not(self, c):
        return Not(GlyphIs(c[0]))

    def has_hole(self, c):
        return GlyphIs("holed")

    def has_no_hole(self, c):
        return Not(GlyphIs("holed"))

    def gp_chain(self, c):
        return "chain"

    def gp_loop(self, c):
        return "loop"

    def gp_symmetric(self, c):
        return "symmetric"

    def gp_holed(self, c):
        return "holed"

    def gp_tall(self, c):
        return "tall"

    def gp_wide(self, c):
        return "wide"

    def not_(self, c):
        return Not(c[0])

    def and_(self, c):
        return And(tuple(x for part in c for x in (part.conds if isinstance(part, And) else (part,))))

    def or_(self, c):
        return Or(tuple(x for part in c for x in (part.conds if isinstance(part, Or) else (part,))))

    def start(self, c):
        return c[0]

    def _ambig(self, c):
        # Readings that mean the same decree are fine ("another shape" is also "an other shape").
        if all(x == c[0] for x in c[1:]):
            return c[0]
        raise DecreeError("that decree can be read more than one way; add brackets, e.g. "
                          "'(it has a square or it has an oval) and it is a chain'")


@cache
def parse(text: str):
    """The decree AST for `text`. Raises DecreeError for text that cannot be read or is ambiguous."""
    if not isinstance(text, str) or not text.strip():
        raise DecreeError("the decree is empty; for example: " + EXAMPLES[0])
    if len(text.split()) > MAX_WORDS:
        raise DecreeError(f"a decree of more than {MAX_WORDS} words is longer than any glyph needs; say it in fewer")
    depth = deepest = 0
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        deepest = max(deepest, depth)
    if deepest > MAX_DEPTH:
        raise DecreeError(f"brackets nest at most {MAX_DEPTH} deep in a decree")
    try:
        tree = _parser().parse(text.strip())
    except UnexpectedInput as err:
        where = text.strip()[max(0, err.column - 1):][:25] if getattr(err, "column", -1) and err.column > 0 else ""
        hint = f" near '{where}'" if where else ""
        raise DecreeError(f"I cannot read that decree{hint}. Decrees read like: " + "; ".join(EXAMPLES)) from None
    except LarkError as err:
        raise DecreeError(f"I cannot read that decree: {err}") from None
    try:
        return _ToAst().transform(tree)
    except VisitError as err:
        if isinstance(err.orig_exc, DecreeError):
            raise err.orig_exc from None
        raise DecreeError(f"I cannot read that decree: {err.orig_exc}") from None
