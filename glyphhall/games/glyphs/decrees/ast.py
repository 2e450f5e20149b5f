"""The typed decree AST: the single source of truth for a decree. The parser builds it, the
evaluator and the solver read it (one semantics, see semantics.py), the English renderer prints it.

Semantics, fixed here and echoed back in canonical English before a coin is spent:
- numbers are exact only when said so: "exactly 2", "at least 2", "at most 2"; "a", "an" and
  "some" mean at least one; a bare number ("it has 2 squares") is refused as ambiguous;
- "every X ..." is true when the glyph has no X at all (vacuous truth);
- zero is even;
- counts are per shape: an angle hidden under another shape still counts;
- "overlaps" means the interiors overlap; a shape never overlaps itself;
- "A is above B": A's centroid is at least ABOVE_MARGIN (half a grid unit) higher than B's ("below"
  the other way round); shapes nearer in height are level, neither above nor below the other;
- "A points at B": the ray from A's centroid in A's pointing direction (through its tip) runs
  inside B for at least 0.05 units; only shapes with a direction point at anything."""

from __future__ import annotations

from dataclasses import dataclass

#: Comparison words. "between" uses a..b inclusive; "mult" means a multiple of a.
QUANT_OPS = ("eq", "ge", "le", "between", "even", "odd", "mult")
#: Per-shape features; "sides" = segments + curves; "overlaps" = how many other shapes it overlaps.
SHAPE_FEATURES = ("angles", "right_angles", "segments", "curves", "sides", "overlaps")
#: Orientation adjectives (families such as "curved" come from the shape data).
ORIENTATION_ADJS = ("upright", "tilted", "horizontal", "vertical", "diagonal")
DIRECTIONS = ("right", "up", "left", "down", "diagonally")
#: Whole-glyph properties. "chain" and "loop" are about the overlap graph (exact in the solver);
#: "symmetric", "holed", "tall", "wide" need real geometry (see mage.py for how they are decided).
GLYPH_PROPS = ("chain", "loop", "symmetric", "holed", "tall", "wide")
GEOMETRIC_PROPS = ("symmetric", "holed", "tall", "wide")


@dataclass(frozen=True, slots=True)
class Quant:
    op: str
    a: int = 0
    b: int = 0


@dataclass(frozen=True, slots=True)
class NP:
    """A set of shapes: a noun (a kind id, or "shape") with adjectives and an optional clause."""

    noun: str
    adjs: tuple[str, ...] = ()
    rel: Rel | None = None


@dataclass(frozen=True, slots=True)
class WithFeature:
    """... with <quant> <feature> (a clause on a noun)."""

    quant: Quant
    feature: str


@dataclass(frozen=True, slots=True)
class That:
    """... that <verb phrase> (a clause on a noun)."""

    vp: VP


Rel = WithFeature | That


@dataclass(frozen=True, slots=True)
class Overlaps:
    """overlaps some / every / no <np>."""

    det: str  # "some", "every", "no"
    np: NP


@dataclass(frozen=True, slots=True)
class Points:
    direction: str


@dataclass(frozen=True, slots=True)
class IsAdj:
    adj: str


@dataclass(frozen=True, slots=True)
class IsA:
    """is a <np> ("every shape is an oval"; "only ovals" is that)."""

    np: NP


@dataclass(frozen=True, slots=True)
class HasFeature:
    quant: Quant
    feature: str


@dataclass(frozen=True, slots=True)
class Relation:
    """is above / is below some / every / no <np> (a pairwise position relation)."""

    rel: str  # "above" or "below"
    det: str  # "some", "every", "no"
    np: NP


@dataclass(frozen=True, slots=True)
class PointsAt:
    """points at some / every / no <np>: the ray from the shape's tip, in the direction it points,
    crosses the other shape (shapes without a direction point at nothing)."""

    det: str
    np: NP


#: How much higher (in grid units) a shape's centroid must be to count as "above" another.
ABOVE_MARGIN = 0.5

VP = Overlaps | Points | IsAdj | IsA | HasFeature | Relation | PointsAt


@dataclass(frozen=True, slots=True)
class Has:
    """it has <quant> <np>."""

    quant: Quant
    np: NP


@dataclass(frozen=True, slots=True)
class Total:
    """the total number of <feature> is <quant>."""

    feature: str
    quant: Quant


@dataclass(frozen=True, slots=True)
class Compare:
    """it has more <left> than <right> (op "more") / as many <left> as <right> (op "same")."""

    op: str
    left: NP
    right: NP


@dataclass(frozen=True, slots=True)
class Quantified:
    """every / some / no <np> <vp>."""

    det: str
    np: NP
    vp: VP


@dataclass(frozen=True, slots=True)
class GlyphIs:
    prop: str


@dataclass(frozen=True, slots=True)
class Not:
    cond: Cond


@dataclass(frozen=True, slots=True)
class And:
    conds: tuple[Cond, ...]


@dataclass(frozen=True, slots=True)
class Or:
    conds: tuple[Cond, ...]


Cond = Has | Total | Compare | Quantified | GlyphIs | Not | And | Or


def size(node) -> int:
    """A decree's size (nodes), used for "simpler" and for priors."""
    if isinstance(node, (And, Or)):
        return 1 + sum(size(c) for c in node.conds)
    if isinstance(node, Not):
        return 1 + size(node.cond)
    if isinstance(node, NP):
        return 1 + len(node.adjs) + (size(node.rel) if node.rel else 0)
    if isinstance(node, That):
        return 1 + size(node.vp)
    if isinstance(node, (Overlaps, Relation, PointsAt, IsA)):
        return 1 + size(node.np)
    if isinstance(node, (Has, Quantified)):
        return 1 + size(node.np) + (size(node.vp) if isinstance(node, Quantified) else 0)
    if isinstance(node, Compare):
        return 1 + size(node.left) + size(node.right)
    return 1


def uses_geometry(node) -> bool:
    """True if the decree mentions a property only real geometry decides (a geometric glyph
    property, or a position relation anywhere inside it)."""
    if isinstance(node, GlyphIs):
        return node.prop in GEOMETRIC_PROPS
    return uses_relations(node) or (
        isinstance(node, (And, Or)) and any(uses_geometry(c) for c in node.conds)
        or isinstance(node, Not) and uses_geometry(node.cond))


def uses_relations(node) -> bool:
    """True if a position relation (above / below / points at) occurs anywhere in the decree."""
    if isinstance(node, (Relation, PointsAt)):
        return True
    if isinstance(node, (And, Or)):
        return any(uses_relations(c) for c in node.conds)
    for field in ("cond", "np", "vp", "rel", "left", "right"):
        child = getattr(node, field, None)
        if child is not None and not isinstance(child, str) and uses_relations(child):
            return True
    return False
