"""The state of a Glyphs game and its rules (rulebook slides 7-10 and 13).

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

from glyphhall.engine import Action, Event, IllegalAction, Rng, State

from . import belief, mage
from .decrees.english import render, sentence
from .decrees.parser import DecreeError, parse
from .decrees.semantics import evaluate
from .geometry import validate
from .notation import format_glyph, parse_glyph
from .pool import model_of, pool
from .shapes import shape_set

APPROVED, REJECTED = "approved", "rejected"
SORT_KEYS = ("marks", "size", "made")
CATALOGUE_GLYPHS = 8
CATALOGUE_GUESSES = 6


def glyph_text(shapes) -> str:
    return format_glyph(shapes)


def read_glyph(text: str) -> tuple:
    """Notation -> canonical valid glyph (GlyphError with the reason otherwise)."""
    return validate(parse_glyph(text))


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
            return (self.mage_seat,)
        if self.phase == "opening":
            if self.mode == "duel":
                return tuple(sorted(1 - b for b in self.openings_due()))
            return (self.mage_seat,) if self.openings_due() else ()
        if self.phase == "predict":
            return tuple(s for s in self.apprentices() if s not in self.predictions)
        if self.phase in ("mark", "counter"):
            return (self.marker_of(self.turn),)
        return (self.turn,)

    def is_over(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        return [1.0 if s == self.winner else 0.0 for s in range(self.num_players)]

    # ---- legal actions --------------------------------------------------------------------------
    def _catalogue_glyphs(self, k: int = CATALOGUE_GLYPHS) -> list[tuple]:
        """A bounded, stable choice of pool glyphs, drawn from public facts only."""
        board = self.board_of(self.turn)
        rng = Rng(len(board.glyphs) * 7919 + self.steps * 104729 + self.turn)
        glyphs = pool()
        return list(dict.fromkeys(glyphs[rng.below(len(glyphs))] for _ in range(k)))  # no repeats

    def _catalogue_guesses(self, seat: int) -> list[str]:
        post = belief.posterior(self.board_of(seat).marks(), self.level_hint())
        return [render(c) for c in post.conds[:CATALOGUE_GUESSES]]

    def _catalogue_decrees(self) -> list[str]:
        from .library import atoms

        lv = min(self.level, 3)
        picks = [a.cond for a in atoms() if a.level == lv][:CATALOGUE_GUESSES]
        return [render(c) for c in picks]

    def _legal_actions(self, seat: int) -> list[Action]:
        return self._phase_actions(seat) + self._table_actions(seat)

    def _tools_open(self) -> bool:
        return self.phase not in ("setup", "over")

    def _table_actions(self, seat: int) -> list[Action]:
        """The table options' actions: "?" tokens next to glyphs, and sorting the board."""
        if not self._tools_open():
            return []
        board = self.board_of(seat)
        out = []
        if self.options["question_tokens"] == "on":
            out += [Action("question", (str(i + 1),)) for i in board.arrangement()]
        if self.options["sorting"] == "agreed":
            out += [Action("sort", (key,)) for key in SORT_KEYS if self._sorted(board, key) != board.arrangement()]
            out += [Action("move", (str(i + 1), "1")) for i in board.arrangement()[1:]]
        return out

    @staticmethod
    def _sorted(board: Board, key: str) -> list[int]:
        glyphs = board.glyphs
        if key == "marks":  # approved first, each group in its present order
            return sorted(board.arrangement(), key=lambda i: not glyphs[i][1])
        if key == "size":  # fewest shapes first
            return sorted(board.arrangement(), key=lambda i: len(glyphs[i][0]))
        return list(range(len(glyphs)))  # "made": the order the glyphs were made

    def _phase_actions(self, seat: int) -> list[Action]:
        p = self.phase
        if p == "setup":
            return [Action("decree", (t,)) for t in self._catalogue_decrees()]
        if p == "opening":
            board = self.boards[self.opening_board_of(seat)]
            have = {g[1] for g in board.glyphs if g[3] == "opening"}
            out = []
            for mark in (APPROVED, REJECTED):
                if (mark == APPROVED) not in have:
                    out += [Action("place", (mark, glyph_text(g))) for g in self._catalogue_glyphs(4)]
            out = [a for a in out if self.is_legal(seat, a)]
            return out if self.hand else out + [Action("auto")]
        if p == "build":
            verbs = ("build",) if self.mode == "duel" else ("perform", "study")
            return [Action(v, (glyph_text(g),)) for g in self._catalogue_glyphs() for v in verbs]
        if p == "predict":
            return [Action("predict", (APPROVED,)), Action("predict", (REJECTED,))]
        if p == "mark":
            return [a for a in (Action("mark", (APPROVED,)), Action("mark", (REJECTED,))) if self.is_legal(seat, a)]
        if p == "guess":
            out = [Action("guess", (t,)) for t in self._catalogue_guesses(seat)] if self.coins[seat] else []
            return out + [Action("pass")]
        if p == "confirm":
            return [Action("confirm"), Action("withdraw")]
        if p == "counter":
            out = []
            for g in self._catalogue_glyphs(12):
                fits = evaluate(self.guess, model_of(g))
                out.append(Action("counterexample", (REJECTED if fits else APPROVED, glyph_text(g))))
            return [a for a in out if self.is_legal(seat, a)][:8] + [Action("concede" if self.hand else "auto")]
        return []

    # ---- checking one action directly (actions are not all enumerated) --------------------------
    def check_action(self, seat: int, action: Action) -> None:
        """Raise IllegalAction saying why `action` is not legal for `seat` now."""
        verb, args, p = action.verb, action.args, self.phase
        if verb in ("question", "move", "sort"):
            return self._check_table_action(seat, action)
        expect = {
            "setup": ("decree",), "opening": ("place",) if self.hand else ("place", "auto"),
            "build": ("build",) if self.mode == "duel" else ("perform", "study"),
            "predict": ("predict",), "mark": ("mark",), "guess": ("guess", "pass"),
            "confirm": ("confirm", "withdraw"),
            "counter": ("counterexample", "concede") if self.hand else ("counterexample", "auto"),
        }.get(p, ())
        if verb not in expect:
            raise IllegalAction(f"'{verb}' is not possible now; you can: {', '.join(expect) or 'nothing'}")
        arity = {"place": 2, "decree": 1, "build": 1, "perform": 1, "study": 1, "predict": 1, "mark": 1,
                 "guess": 1, "counterexample": 2}.get(verb, 0)
        if len(args) != arity or not all(isinstance(a, str) for a in args):
            raise IllegalAction(f"'{action}' is malformed")
        if verb in ("build", "perform", "study"):
            self._check_glyph_text(args[0])
        elif verb in ("predict", "mark"):
            if args[0] not in (APPROVED, REJECTED):
                raise IllegalAction(f"say '{verb} approved' or '{verb} rejected'")
            if verb == "mark":
                self._check_same_glyph_same_mark(self.pending[0], args[0] == APPROVED)
        elif verb == "decree":
            cond = self._check_decree_text(args[0])
            self._check_decree_usable(cond)
        elif verb == "place":
            if args[0] not in (APPROVED, REJECTED):
                raise IllegalAction("say 'place approved <glyph>' or 'place rejected <glyph>'")
            target = self.opening_board_of(seat)
            board = self.boards[target]
            if any(g[1] == (args[0] == APPROVED) for g in board.glyphs if g[3] == "opening"):
                raise IllegalAction(f"the opening already has its {args[0]} glyph; now place the other one")
            shapes = self._check_glyph_text(args[1])
            self._check_same_glyph_same_mark(shapes, args[0] == APPROVED, board)
            # rulebook, Game Setup: one glyph obeys the decree, one does not
            self._check_decree_marks(self.decree_for(target), shapes, args[0])
        elif verb == "guess":
            if not self.coins[seat]:
                raise IllegalAction("you have no coin to pay for a guess; pass")
            cond = self._check_decree_text(args[0])
            bad = mage.contradictions(cond, self.board_of(seat).marks())
            if bad:
                raise IllegalAction(self._contradiction_text(cond, bad, seat))
        elif verb == "counterexample":
            if args[0] not in (APPROVED, REJECTED):
                raise IllegalAction("say 'counterexample approved <glyph>' or 'counterexample rejected <glyph>'")
            shapes = self._check_glyph_text(args[1])
            self._check_same_glyph_same_mark(shapes, args[0] == APPROVED)
            self._check_decree_marks(self.decree_for(self.turn), shapes, args[0])
            fits = evaluate(self.guess, model_of(shapes))
            if fits == (args[0] == APPROVED):
                raise IllegalAction(
                    f"that glyph is no counterexample: the guess also {'approves' if fits else 'rejects'} it. "
                    "Show a glyph the guess approves and you reject, or one it rejects and you approve")

    def _check_table_action(self, seat: int, action: Action) -> None:
        verb, args = action.verb, action.args
        if verb == "question" and self.options["question_tokens"] != "on":
            raise IllegalAction("'?' tokens are off at this table (option question_tokens=on)")
        if verb in ("move", "sort") and self.options["sorting"] != "agreed":
            raise IllegalAction("moving glyphs needs everyone's agreement (option sorting=agreed)")
        if not self._tools_open():
            raise IllegalAction(f"'{verb}' is not possible now")
        if len(args) != {"question": 1, "move": 2, "sort": 1}[verb] or not all(isinstance(a, str) for a in args):
            raise IllegalAction(f"'{action}' is malformed")
        board = self.board_of(seat)
        if verb == "sort":
            if args[0] not in SORT_KEYS:
                raise IllegalAction(f"sort by one of: {', '.join(SORT_KEYS)}")
            if self._sorted(board, args[0]) == board.arrangement():
                raise IllegalAction(f"the board is already sorted by {args[0]}")
            return
        n = self._glyph_number(board, args[0])
        if verb == "move":
            k = self._glyph_number(board, args[1], "place")
            if board.arrangement().index(n - 1) == k - 1:
                raise IllegalAction(f"glyph {n} is already in place {k}")

    @staticmethod
    def _glyph_number(board: Board, text: str, what: str = "glyph") -> int:
        if not text.isdigit() or str(int(text)) != text or not 1 <= int(text) <= len(board.glyphs):
            raise IllegalAction(f"there is no {what} {text} on your board (it has {len(board.glyphs)} glyphs)")
        return int(text)

    def _do_question(self, seat: int, n: str) -> list[Event]:
        board = self.board_of(seat)
        i = int(n) - 1
        board.questions ^= {i}
        verb = "puts a ? token next to" if i in board.questions else "takes the ? token from"
        return [self._public(f"seat {seat} {verb} glyph {n}")]

    def _do_move(self, seat: int, n: str, k: str) -> list[Event]:
        board = self.board_of(seat)
        order = board.arrangement()
        order.remove(int(n) - 1)
        order.insert(int(k) - 1, int(n) - 1)
        board.order = order
        return [self._public(f"seat {seat} moves glyph {n} to place {k} on the board")]

    def _do_sort(self, seat: int, key: str) -> list[Event]:
        board = self.board_of(seat)
        board.order = self._sorted(board, key)
        return [self._public(f"seat {seat} sorts the board by {key}")]

    def _check_decree_marks(self, decree, shapes, mark: str) -> None:
        """A glyph a person mage builds must carry the mark its entered decree gives it."""
        if decree is not None and evaluate(decree, model_of(shapes)) != (mark == APPROVED):
            right = APPROVED if mark == REJECTED else REJECTED
            raise IllegalAction(f"your decree marks that glyph {right}, not {mark}")

    def _check_same_glyph_same_mark(self, shapes, approved: bool, board: Board | None = None) -> None:
        """A hand-marking mage must mark a glyph the way it marked the same glyph before."""
        for n, g in enumerate((board or self.board_of(self.turn)).glyphs, start=1):
            if g[0] == shapes and g[1] != approved:
                raise IllegalAction(f"glyph {n} is the same glyph and is marked {APPROVED if g[1] else REJECTED}; "
                                    "a decree marks the same glyph the same way")

    def _check_glyph_text(self, text: str) -> tuple:
        shapes = read_glyph(text)
        if glyph_text(shapes) != text:
            raise IllegalAction(f"'{text}' is not in canonical notation (write it as {glyph_text(shapes)})")
        return shapes

    def _check_decree_text(self, text: str):
        cond = parse(text)
        if render(cond) != text:
            raise IllegalAction(f"'{text}' is not in canonical form (the engine reads it as '{render(cond)}')")
        return cond

    def _check_decree_usable(self, cond) -> None:
        """A decree must approve some glyph and reject some glyph (else no opening board exists)."""
        if mage.find_glyph(cond, True, Rng(1)) is None:
            raise IllegalAction("no glyph obeys that decree; choose one that some glyphs obey")
        if mage.find_glyph(cond, False, Rng(2)) is None:
            raise IllegalAction("every glyph obeys that decree; choose one that some glyphs break")

    def _contradiction_text(self, cond, bad: list[int], seat: int) -> str:
        board = self.board_of(seat)
        shown = "; ".join(f"glyph {i + 1} ({glyph_text(board.glyphs[i][0])}) is "
                          f"{APPROVED if board.glyphs[i][1] else REJECTED}" for i in bad)
        return (f"the guess '{render(cond)}' is not valid and costs nothing: the board contradicts it. "
                f"{shown}")

    def is_legal(self, seat: int, action: Action) -> bool:
        try:
            self.check_action(seat, action)
        except IllegalAction:
            return False
        return True

    # ---- applying -------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.steps += 1
        handler = getattr(self, "_do_" + action.verb)
        return handler(seat, *action.args)

    def _public(self, text: str, **data) -> Event:
        return Event(text, None, data)

    def _do_decree(self, seat: int, text: str) -> list[Event]:
        cond = parse(text)
        if self.mode == "duel":
            self.decrees[seat].append(cond)
            n = len(self.decrees[seat])
            events = [Event(f"you choose decree {n}: {text}", frozenset((seat,))),
                      Event(f"seat {seat} chooses decree {n}", None, {}, frozenset((seat,)))]
            if not self.to_move():
                self.phase, self.after_opening = "opening", "start"
                events.append(self._public("both mages build their opening glyphs on the other's side"))
            return events
        self.decrees[0] = [cond]
        self.phase, self.after_opening = "opening", "start"
        return [Event(f"you set the decree: {sentence(cond)}", frozenset((seat,))),
                Event("the mage has set the decree and builds the opening glyphs", None, {}, frozenset((seat,)))]

    def _opening(self, board: Board, cond) -> list[Event]:
        """The two opening glyphs (rulebook, Game Setup): one approved, one rejected."""
        found = mage.opening_board(cond, self.rng)
        for f in found:
            board.glyphs.append([f.shapes, f.approved, -1, "opening", {}])
        return [self._public(f"the mage opens with {glyph_text(f.shapes)} ({APPROVED if f.approved else REJECTED})")
                for f in found]

    def _open_duel_boards(self) -> list[Event]:
        events = []
        for p in (0, 1):
            events += self._opening(self.boards[p], self.decree_for(p))
        self._start_turn(0)
        return events

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.phase = "build"
        self.pending = None
        self.predictions = {}
        self.guess = None

    def _do_place(self, seat: int, mark: str, text: str) -> list[Event]:
        shapes = read_glyph(text)
        target = self.opening_board_of(seat)
        self.boards[target].glyphs.append([shapes, mark == APPROVED, -1, "opening", {}])
        side = f" on seat {target}'s side" if self.mode == "duel" else ""
        return [self._public(f"the mage places {text} ({mark}){side}")] + self._opening_done()

    def _do_auto(self, seat: int) -> list[Event]:
        """The engine builds for a person mage from the entered decree: the missing opening
        glyphs, or the smallest counterexample to the pending guess."""
        if self.phase == "counter":
            verdict = mage.find_counterexample(self.decree_for(self.turn), self.guess, self.rng)
            if verdict.equivalent:  # confirm already ruled this out; kept for safety
                return self._correct(self.turn, "equivalent")
            return self._show_counterexample(self.turn, verdict.counterexample)
        target = self.opening_board_of(seat)
        board, decree = self.boards[target], self.decree_for(target)
        have = {g[1] for g in board.glyphs if g[3] == "opening"}
        found = [mage.find_glyph(decree, approved, self.rng, avoid=[g[0] for g in board.glyphs])
                 for approved in (True, False) if approved not in have]
        if any(f is None for f in found):
            raise IllegalAction("the engine cannot build that opening glyph for this decree; place it yourself")
        events = []
        for f in found:
            board.glyphs.append([f.shapes, f.approved, -1, "opening", {}])
            events.append(self._public(f"the mage opens with {glyph_text(f.shapes)} "
                                       f"({APPROVED if f.approved else REJECTED})"))
        return events + self._opening_done()

    def _opening_done(self) -> list[Event]:
        """Once every due opening is built: start the game, or return to the guesser's turn."""
        if self.to_move():
            return []
        if self.after_opening == "start":
            self._start_turn(0 if self.mode == "duel" else self.apprentices()[0])
            return [self._public(f"the openings are built; seat {self.turn} to play")]
        self.phase = "guess"
        return [self._public(f"the opening is built; seat {self.turn} may guess again or pass")]

    def _do_perform(self, seat: int, text: str) -> list[Event]:
        self.pending = [read_glyph(text), True]
        self.predictions = {}
        self.phase = "predict"
        return [self._public(f"seat {seat} performs {text}: every apprentice predicts its mark")]

    def _do_study(self, seat: int, text: str) -> list[Event]:
        self.pending = [read_glyph(text), False]
        return [self._public(f"seat {seat} studies {text}")] + self._after_built(seat)

    def _do_build(self, seat: int, text: str) -> list[Event]:
        self.pending = [read_glyph(text), False]
        return [self._public(f"seat {seat} builds {text}")] + self._after_built(seat)

    def _after_built(self, seat: int) -> list[Event]:
        """Mark the pending glyph automatically, or wait for the hand-marking mage."""
        if self.hand:
            self.phase = "mark"
            return []
        approved = evaluate(self.decree_for(self.turn), model_of(self.pending[0]))
        return self._record_mark(approved)

    def _do_predict(self, seat: int, mark: str) -> list[Event]:
        self.predictions[seat] = mark == APPROVED
        who = frozenset({seat} | ({self.mage_seat} if self.mage_seat is not None else set()))
        events = [Event(f"seat {seat} predicts {mark}", who, {}),
                  Event(f"seat {seat} has predicted", None, {}, who)]
        if not self.to_move():
            events += self._after_built(self.turn)
        return events

    def _do_mark(self, seat: int, mark: str) -> list[Event]:
        return self._record_mark(mark == APPROVED)

    def _record_mark(self, approved: bool) -> list[Event]:
        shapes, performed = self.pending
        board = self.board_of(self.turn)
        how = "perform" if performed else ("build" if self.mode == "duel" else "study")
        board.glyphs.append([shapes, approved, self.turn, how, dict(self.predictions)])
        mark = APPROVED if approved else REJECTED
        events = []
        if performed:
            winners = [s for s, p in sorted(self.predictions.items()) if p == approved]
            for s in winners:
                self.coins[s] += 1
            said = ", ".join(f"seat {s} {APPROVED if p else REJECTED}" for s, p in sorted(self.predictions.items()))
            events.append(self._public(f"predictions revealed: {said}"))
            events.append(self._public(f"glyph {len(board.glyphs)} is {mark}; a coin each to "
                                       + (", ".join(f"seat {s}" for s in winners) or "nobody")))
        else:
            events.append(self._public(f"glyph {len(board.glyphs)} is {mark}"))
        self.pending = None
        self.predictions = {}
        self.phase = "guess"
        return events

    def _do_pass(self, seat: int) -> list[Event]:
        if self.mode == "duel":
            nxt = 1 - seat
        else:
            order = self.apprentices()
            nxt = order[(order.index(seat) + 1) % len(order)]
        self._start_turn(nxt)
        return [self._public(f"seat {seat} ends the turn; seat {nxt} to play")]

    def _do_guess(self, seat: int, text: str) -> list[Event]:
        self.guess = parse(text)
        self.phase = "confirm"
        return [self._public(f"seat {seat} guesses. The engine reads it as: {sentence(self.guess)} "
                             "Confirm to pay a coin, or withdraw (free).", reading=text)]

    def _do_withdraw(self, seat: int) -> list[Event]:
        self.guess = None
        self.phase = "guess"
        return [self._public(f"seat {seat} withdraws the guess")]

    def _do_confirm(self, seat: int) -> list[Event]:
        # the verdict first, so nothing has changed if the solver were to fail
        decree = self.decree_for(seat)
        verdict = None if decree is None else mage.find_counterexample(decree, self.guess, self.rng)
        self.coins[seat] -= 1
        paid = "pays a coin to the store"
        if self.mode == "duel":
            self.coins[1 - seat] += 1
            paid = f"pays a coin to seat {1 - seat}"
        events = [self._public(f"seat {seat} {paid} for the guess: {render(self.guess)}")]
        if verdict is None:
            self.phase = "counter"
            return events
        if verdict.equivalent:
            how = "proven equivalent" if verdict.proven else "equivalent (no counterexample found by search)"
            self.note = how
            return events + self._correct(seat, how)
        self.note = ""
        if self.builds:  # rulebook: the mage makes the counterexample (the engine checks it)
            self.phase = "counter"
            return events + [self._public(f"wrong: seat {self.marker_of(seat)} (the mage) builds a counterexample")]
        return events + self._show_counterexample(seat, verdict.counterexample)

    def _show_counterexample(self, seat: int, ce) -> list[Event]:
        board = self.board_of(seat)
        board.glyphs.append([ce.shapes, ce.approved, -1, "counterexample", {}])
        self.guess = None
        self.phase = "guess"
        fits = not ce.approved
        return [self._public(
            f"wrong: the mage shows counterexample glyph {len(board.glyphs)}: {glyph_text(ce.shapes)}, "
            f"{APPROVED if ce.approved else REJECTED} (your guess {'approves' if fits else 'rejects'} it)")]

    def _do_counterexample(self, seat: int, mark: str, text: str) -> list[Event]:
        shapes = read_glyph(text)
        board = self.board_of(self.turn)
        board.glyphs.append([shapes, mark == APPROVED, -1, "counterexample", {}])
        self.guess = None
        self.phase = "guess"
        return [self._public(f"wrong: the mage shows counterexample glyph {len(board.glyphs)}: {text}, {mark}")]

    def _do_concede(self, seat: int) -> list[Event]:
        return self._correct(self.turn, "the mage agrees")

    def _correct(self, seat: int, how: str) -> list[Event]:
        guess = self.guess
        self.guess = None
        if self.mode == "duel":
            self.solved[seat] += 1
            left = self.decree_count(1 - seat) - self.solved[seat]
            if left <= 0:
                self.phase, self.winner = "over", seat
                return [self._public(f"correct ({how}): seat {seat} has guessed every decree and wins")]
            # rulebook: clear the glyphs and the highest decree token from that side; new opening
            self.boards[seat] = Board()
            events = [self._public(f"correct ({how}): {render(guess)}. Seat {seat}'s side is cleared; "
                                   f"{left} decree{'s' if left > 1 else ''} to go")]
            if self.builds:  # rulebook: the other mage makes two starting glyphs for the next decree
                self.phase, self.after_opening = "opening", "guess"
                return events + [self._public(f"seat {1 - seat} builds the opening glyphs of the next decree")]
            events += self._opening(self.boards[seat], self.decree_for(seat))
            self.phase = "guess"
            return events
        self.phase, self.winner = "over", seat
        decree = self.decrees[0][0] if self.decrees[0] else None
        told = f" The decree was: {sentence(decree)}" if decree is not None else ""
        return [self._public(f"correct ({how}): seat {seat} guessed '{render(guess)}' and wins.{told}")]

    # ---- views ------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        kinds = shape_set().kinds
        over = self.phase == "over"

        def glyph_view(g, n, question):
            return {"n": n, "glyph": glyph_text(g[0]), "approved": g[1], "by": g[2], "how": g[3],
                    "shapes": [[kinds[k].id, x / 2, y / 2, 45 * r] for k, x, y, r in g[0]],
                    "predictions": {str(s): (APPROVED if p else REJECTED) for s, p in sorted(g[4].items())},
                    "question": question}

        sees_predictions = seat is not None and (seat == self.mage_seat)
        preds = {}
        for s in self.apprentices() if self.phase == "predict" else []:
            if s in self.predictions and (sees_predictions or s == seat):
                preds[str(s)] = APPROVED if self.predictions[s] else REJECTED
            else:
                preds[str(s)] = "predicted" if s in self.predictions else "waiting"
        out: dict[str, Any] = {
            "mode": self.mode,
            "level": self.level,
            "mage": "computer" if self.mage_seat is None and self.mode == "apprentices" else self.mage_seat,
            "marking": "hand" if self.hand else "decree",
            "phase": self.phase,
            "turn": self.turn,
            "to_move": list(self.to_move()),
            "coins": self.coins[:],
            # each board in its arrangement on the table; "n" is the glyph's number (order made)
            "boards": [[glyph_view(b.glyphs[i], i + 1, i in b.questions) for i in b.arrangement()]
                       for b in self.boards],
            "pending": None if self.pending is None else {"glyph": glyph_text(self.pending[0]),
                                                          "perform": self.pending[1]},
            "predictions": preds,
            "guess": None if self.guess is None else render(self.guess),
            "winner": self.winner,
            "note": self.note,
        }
        if self.mode == "duel":
            out["decrees_left"] = [len(self.decrees[1 - p]) - self.solved[p] if self.decrees[1 - p] else
                                   int(self.options["decrees"]) - self.solved[p] for p in (0, 1)]
            if seat in (0, 1):
                out["my_decrees"] = [render(c) for c in self.decrees[seat]]
            if over:
                out["decrees"] = [[render(c) for c in lst] for lst in self.decrees]
        else:
            decree = self.decrees[0][0] if self.decrees[0] else None
            if decree is not None and (over or (seat is not None and seat == self.mage_seat)):
                out["decree"] = render(decree)
        return out

    # ---- hidden information ---------------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> GlyphsState:
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
        c = GlyphsState.__new__(GlyphsState)
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
