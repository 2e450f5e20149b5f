"""The state of a Glyphs game, data only (the rules of rulebook slides 7-10 and 13 live in the
modules above: opening, turn, guessing, table, checks, listing; actions dispatches to them, and
`game.GlyphsMatch`, the state at play, hands the engine contract to actions).

Mode "apprentices" (more than two players): a mage (the computer, or seat 0) and apprentices who
in turn make a glyph and perform or study it, then may guess the decree with coins.
Mode "duel" (two-player variant): both players are mages; each makes glyphs on their side of the
board, marked by the other's current decree, and pays guesses to the other.

Phases and who moves:
  setup    the person mage enters the decree; in a duel where players choose, both enter their
           decree lists at once (secretly)
  opening  a person mage builds the two opening glyphs (one approved, one rejected) on the board
           it marks; in a duel both mages at once, each on the other's side, and again for the
           next decree after a correct guess ("auto" lets the engine build them from the decree)
  build    the player whose turn it is makes a glyph (perform / study; "build" in a duel)
  predict  every apprentice predicts the performed glyph's mark, secretly and at once
  mark     a hand-marking mage marks the glyph
  guess    the player may guess (costs a coin once confirmed) or pass
  confirm  the engine has echoed its reading of the guess: confirm (pay) or withdraw (free)
  counter  a person mage answers a wrong guess with a counterexample (hand marking: or concedes;
           decree marking: the engine checks it against the decree, "auto" builds one)
  over     someone guessed right"""

from __future__ import annotations

from typing import Any

from glyphhall.engine import Event, IllegalAction, Rng, State

from . import belief
from .decrees.english import render
from .decrees.parser import DecreeError, parse
from .geometry import validate
from .notation import format_glyph, parse_glyph

APPROVED, REJECTED = "approved", "rejected"
SORT_KEYS = ("marks", "size", "made")
CATALOGUE_GLYPHS = 8
CATALOGUE_GUESSES = 6


def glyph_text(shapes) -> str:
    return format_glyph(shapes)


def read_glyph(text: str) -> tuple:
    """Notation -> canonical valid glyph (GlyphError with the reason otherwise)."""
    return validate(parse_glyph(text))


def public(text: str, **data) -> Event:
    """An event everyone sees."""
    return Event(text, None, data)


class Board:
    """One side of the table: marked glyphs in the order they were made (glyph n is glyphs[n-1]),
    their public arrangement on the table and the "?" tokens placed next to them."""

    __slots__ = ("glyphs", "order", "questions")

    def __init__(self) -> None:
        # each glyph: [shapes, approved, by (seat or -1 for the mage), how, predictions {seat: bool}]
        self.glyphs: list[list] = []
        self.order: list[int] = []  # glyph indexes moved by players; glyphs made later follow them
        self.questions: set[int] = set()  # indexes of glyphs with a "?" token next to them

    def clone(self) -> Board:
        b = Board.__new__(Board)
        b.glyphs = [[g[0], g[1], g[2], g[3], dict(g[4])] for g in self.glyphs]
        b.order = self.order[:]
        b.questions = set(self.questions)
        return b

    def arrangement(self) -> list[int]:
        """Glyph indexes in the order they lie on the table (rulebook, Game Tips: glyphs may be
        moved to sort them; moving never edits a glyph)."""
        placed = set(self.order)
        return self.order + [i for i in range(len(self.glyphs)) if i not in placed]

    def marks(self) -> list[tuple]:
        return [(g[0], g[1]) for g in self.glyphs]

    def to_list(self) -> list:
        return [{"glyph": glyph_text(g[0]), "approved": g[1], "by": g[2], "how": g[3],
                 "predictions": {str(s): p for s, p in sorted(g[4].items())},
                 "question": i in self.questions} for i, g in enumerate(self.glyphs)]

    @staticmethod
    def from_list(data, order=()) -> Board:
        b = Board()
        for i, g in enumerate(data):
            b.glyphs.append([read_glyph(g["glyph"]), bool(g["approved"]), int(g["by"]), str(g["how"]),
                             {int(s): bool(p) for s, p in g["predictions"].items()}])
            if g.get("question"):
                b.questions.add(i)
        b.order = [int(i) for i in order]
        if len(set(b.order)) != len(b.order) or not all(0 <= i < len(b.glyphs) for i in b.order):
            raise ValueError("a board arrangement names a glyph twice or a glyph that is not there")
        return b


class GlyphsState(State):
    """The position. Abstract: `game.GlyphsMatch` adds the rules."""

    # ---- construction helpers (used by game.py) ----------------------------------------------
    def setup_fields(self) -> None:
        o = self.options
        self.mode = str(o["mode"])
        self.level = int(o["level"])
        duel = self.mode == "duel"
        self.mage_seat = 0 if (not duel and o["mage"] == "person") else None
        # hand: marks come from a person, not from an entered decree (duel: both mages mark by hand)
        self.hand = (duel or self.mage_seat is not None) and o["marking"] == "hand"
        # builds: a person mage builds the opening glyphs and counterexamples (rulebook, Game Setup and
        # Gameplay); computer-drawn duel lists are opened and answered by the engine
        self.builds = self.mage_seat is not None or (duel and (self.hand or o["duel_decrees"] == "players"))
        self.after_opening = "start"  # when the openings are built: "start" the game, or back to "guess"
        self.boards = [Board()] if self.mode == "apprentices" else [Board(), Board()]
        # decrees[p]: list of decrees owned by mage p (duel) / [the decree] at index 0 (apprentices)
        self.decrees: list[list] = [[]] if self.mode == "apprentices" else [[], []]
        self.solved = [0, 0]  # duel: how many of the opponent's decrees each player has guessed
        # rulebook, Two Player Variant: mages begin with two coins each; none are added later
        self.coins = [2, 2] if self.mode == "duel" else [0] * self.num_players
        self.turn = 0
        self.phase = "opening" if self.hand else "setup"
        self.pending: list | None = None  # [shapes, perform]
        self.predictions: dict[int, bool] = {}
        self.guess = None  # the pending guess (AST)
        self.winner: int | None = None
        self.steps = 0
        self.note = ""  # the mage's last verdict, for views

    def apprentices(self) -> list[int]:
        if self.mode == "duel":
            return [0, 1]
        return [s for s in range(self.num_players) if s != self.mage_seat]

    def board_of(self, seat: int) -> Board:
        """The board a player builds on (duel: their own side)."""
        return self.boards[seat] if self.mode == "duel" else self.boards[0]

    def marker_of(self, seat: int) -> int | None:
        """The seat of the mage who marks the glyphs `seat` builds (None: the computer)."""
        return 1 - seat if self.mode == "duel" else self.mage_seat

    def opening_board_of(self, mage_seat: int) -> int:
        """The board a mage builds opening glyphs on (duel: the opponent's side)."""
        return 1 - mage_seat if self.mode == "duel" else 0

    def openings_due(self) -> list[int]:
        """Indexes of boards still waiting for their two opening glyphs."""
        return [b for b, board in enumerate(self.boards) if sum(g[3] == "opening" for g in board.glyphs) < 2]

    def decree_count(self, owner: int) -> int:
        """How many decrees mage `owner` sets in a duel (the decree tokens)."""
        return int(self.options["decrees"]) if self.hand else len(self.decrees[owner])

    def decree_for(self, seat: int):
        """The decree that marks the glyphs `seat` builds (None: the mage marks by hand)."""
        if self.mode == "duel":
            owner = 1 - seat
            lst = self.decrees[owner]
            return lst[self.solved[seat]] if self.solved[seat] < len(lst) else None
        return self.decrees[0][0] if self.decrees[0] else None

    def level_hint(self) -> int | None:
        """The decree level every player knows (computer or generated lists), else None."""
        if self.mode == "duel":
            return self.level if self.options["duel_decrees"] == "computer" and not self.hand else None
        return self.level if self.mage_seat is None else None

    # ---- whose move ---------------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.phase == "setup":
            if self.mode == "duel":
                want = int(self.options["decrees"])
                return tuple(p for p in (0, 1) if len(self.decrees[p]) < want)
            assert self.mage_seat is not None, "a computer mage has its decree before play starts"
            return (self.mage_seat,)
        if self.phase == "opening":
            if self.mode == "duel":
                return tuple(sorted(1 - b for b in self.openings_due()))
            assert self.mage_seat is not None, "a computer mage's opening is built before play starts"
            return (self.mage_seat,) if self.openings_due() else ()
        if self.phase == "predict":
            return tuple(s for s in self.apprentices() if s not in self.predictions)
        if self.phase in ("mark", "counter"):
            marker = self.marker_of(self.turn)
            assert marker is not None, "only a person marks by hand or answers a guess"
            return (marker,)
        return (self.turn,)

    def is_over(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        return [1.0 if s == self.winner else 0.0 for s in range(self.num_players)]

    # ---- hidden information ---------------------------------------------------------------------
    def _determinize(self, seat: int, rng: Rng) -> GlyphsState:
        c = self.clone()
        if self.phase == "over":
            return c
        if self.mode == "apprentices":
            if seat == self.mage_seat:
                return c
            if c.decrees[0]:
                post = belief.posterior(c.boards[0].marks(), c.level_hint(), allow_inconsistent=True)
                if len(post):
                    c.decrees[0] = [post.sample(rng)]
            for s in list(c.predictions):
                if s != seat:
                    c.predictions[s] = rng.below(2) == 1
            return c
        other = 1 - seat
        lst = c.decrees[other]
        if lst:
            from .library import atoms

            pool_atoms = [a.cond for a in atoms() if a.level == min(self.level, 3)]
            fresh = [rng.choice(pool_atoms) for _ in lst]
            cur = c.solved[seat]
            if cur < len(lst) and c.boards[seat].glyphs:  # no marks yet (setup): the fresh draw stands
                post = belief.posterior(c.boards[seat].marks(), c.level_hint(), allow_inconsistent=True)
                if len(post):
                    fresh[cur] = post.sample(rng)
            c.decrees[other] = [old if i < cur else new for i, (old, new) in enumerate(zip(lst, fresh, strict=True))]
        return c

    # ---- copies and persistence -------------------------------------------------------------------
    def clone(self) -> GlyphsState:
        cls = type(self)
        c = cls.__new__(cls)
        self.copy_base_into(c)
        c.mode, c.level, c.mage_seat, c.hand = self.mode, self.level, self.mage_seat, self.hand
        c.builds, c.after_opening = self.builds, self.after_opening
        c.boards = [b.clone() for b in self.boards]
        c.decrees = [lst[:] for lst in self.decrees]
        c.solved = self.solved[:]
        c.coins = self.coins[:]
        c.turn, c.phase, c.steps, c.winner, c.note = self.turn, self.phase, self.steps, self.winner, self.note
        c.pending = None if self.pending is None else self.pending[:]
        c.predictions = dict(self.predictions)
        c.guess = self.guess
        return c

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.header(),
            "boards": [b.to_list() for b in self.boards],
            "decrees": [[render(c) for c in lst] for lst in self.decrees],
            "solved": self.solved[:],
            "coins": self.coins[:],
            "turn": self.turn,
            "phase": self.phase,
            "pending": None if self.pending is None else [glyph_text(self.pending[0]), self.pending[1]],
            "predictions": {str(s): p for s, p in sorted(self.predictions.items())},
            "guess": None if self.guess is None else render(self.guess),
            "winner": self.winner,
            "steps": self.steps,
            "note": self.note,
            "after_opening": self.after_opening,
            "arrangements": [b.order[:] for b in self.boards],
        }

    def load_fields(self, data) -> None:
        self.setup_fields()
        try:
            orders = data.get("arrangements") or [[] for _ in data["boards"]]
            if len(orders) != len(data["boards"]):
                raise ValueError("one arrangement per board is needed")
            self.boards = [Board.from_list(b, o) for b, o in zip(data["boards"], orders, strict=True)]
            self.decrees = [[parse(t) for t in lst] for lst in data["decrees"]]
            self.guess = None if data["guess"] is None else parse(data["guess"])
        except (IllegalAction, DecreeError) as err:
            raise ValueError(str(err)) from None
        self.solved = [int(x) for x in data["solved"]]
        self.coins = [int(x) for x in data["coins"]]
        self.turn = int(data["turn"])
        self.phase = str(data["phase"])
        pending = data["pending"]
        self.pending = None if pending is None else [read_glyph(pending[0]), bool(pending[1])]
        self.predictions = {int(s): bool(p) for s, p in data["predictions"].items()}
        self.winner = None if data["winner"] is None else int(data["winner"])
        self.steps = int(data["steps"])
        self.note = str(data.get("note", ""))
        self.after_opening = str(data.get("after_opening", "start"))
        if self.after_opening not in ("start", "guess"):
            raise ValueError(f"unknown after_opening {self.after_opening!r}")
        if len(self.coins) != self.num_players or len(self.boards) != (1 if self.mode == "apprentices" else 2):
            raise ValueError("the coins or boards do not match the players and mode")
        if self.phase not in ("setup", "opening", "build", "predict", "mark", "guess", "confirm", "counter", "over"):
            raise ValueError(f"unknown phase {self.phase!r}")
