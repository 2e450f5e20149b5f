"""The Glyphs game object: options (every variant of the rulebook), new games, loading, and
reading typed actions.

Action space (why it looks like this): a glyph is one action carrying its whole notation
("perform square@0,0 oval@1.5,0") and a guess is one action carrying the decree
("guess it has at least one oval"). Both are checked directly by `parse_action`/`is_legal`, so
a player may type any glyph or decree. `legal_actions` lists a finite, stable, useful subset:
8 glyphs from the seeded pool (chosen from public facts only) and the 6 most likely decrees
consistent with the board; everything else typed is still legal when the rules allow it.
Splitting a glyph into add-shape decisions was rejected: a half-built glyph is usually invalid
(disconnected or ambiguous), which would make most intermediate states meaningless."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from glyphhall.engine import (
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    OptionError,
    PositionData,
    State,
    normalize_text,
)

from . import actions, checks, opening, turn, views, wording
from .decrees.english import render
from .decrees.parser import parse
from .encoding import GlyphsTensors, action_table
from .mage import opening_board
from .position import set_position
from .state import APPROVED, REJECTED, GlyphsState, glyph_text, read_glyph
from .turn import GLYPH_LIMIT
from .undo import undo_blocker

_MARK_WORDS = {"approved": APPROVED, "approve": APPROVED, "yes": APPROVED,
               "rejected": REJECTED, "reject": REJECTED, "no": REJECTED}


class GlyphsMatch(GlyphsState):
    """The state at play: the engine contract's rule methods, each handed to its rule module."""

    def _legal_actions(self, seat: int) -> list[Action]:
        return actions.legal_actions(self, seat)

    def check_action(self, seat: int, action: Action) -> None:
        """Raise IllegalAction saying why `action` is not legal for `seat` now."""
        checks.check_action(self, seat, action)

    def is_legal(self, seat: int, action: Action) -> bool:
        return checks.is_legal(self, seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        return actions.apply_action(self, seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)


class GlyphsGame(Game):
    id = "glyphs"
    name = "Glyphs"
    min_players = 1
    max_players = 8
    version = "1"
    options = (
        Option("mode", "apprentices", "apprentices: a mage and apprentices; duel: the two-player variant",
               choices=("apprentices", "duel")),
        Option("mage", "computer", "apprentices mode: the computer is the mage, or seat 0 is a person mage",
               choices=("computer", "person")),
        Option("marking", "decree", "person mage (and duel): enter the decree (marks are automatic) or mark by hand",
               choices=("decree", "hand")),
        Option("level", 2, "difficulty of generated decrees (1 easiest to 5 hardest)", minimum=1, maximum=5),
        Option("decrees", 3, "duel: how many decrees each mage sets", minimum=1, maximum=6),
        Option("question_tokens", "off", "the '?' tokens (rulebook, Game Tips): no rules use; put one next to a glyph "
               "to keep track of something or show the others", choices=("off", "on")),
        Option("sorting", "off", "rulebook, Game Tips: if everyone agrees, glyphs may be moved (never edited) to sort them",
               choices=("off", "agreed")),
        Option("duel_decrees", "computer", "duel: decree lists drawn by the computer at the level, or entered by the players",
               choices=("computer", "players")),
        Option("glyph_limit", GLYPH_LIMIT, "the game ends with no winner once a board holds this many glyphs and nobody "
               "has guessed the decree (0: no limit; the rulebook has no other end)", minimum=0, maximum=1000),
    )
    notation_help = (
        "Glyphs are shapes kind@x,y or kind@x,y/degrees separated by spaces (kinds: oval semicircle triangle "
        "rtriangle square bar hexagon; x, y in whole or half grid units; rotation in steps of 45), e.g. "
        "'perform square@0,0 oval@1.5,0' or 'study triangle@0,0/180'. Then 'predict approved|rejected', "
        "'guess <decree>' (e.g. 'guess it has at least one oval'), 'confirm' or 'withdraw', 'pass'. "
        "Duel: 'build <glyph>'. Person mage: 'decree <decree>', 'mark approved|rejected', "
        "'place approved|rejected <glyph>', 'counterexample approved|rejected <glyph>', 'concede', "
        "'auto' (the game builds the opening glyphs or the counterexample from your decree). "
        "Table options: 'question <n>' (a ? token next to glyph n), 'move <n> to <place>', 'sort marks|size|made'. "
        "The board in the terminal: 'page next' (earlier glyphs), 'page prev', 'page <n>', 'side' (a duel's other side), 'glyph <n>' (its notation)."
    )

    def _new(self, players: int, seed: int, options: dict) -> GlyphsMatch:
        mode, mage = options["mode"], options["mage"]
        if mode == "duel" and players != 2:
            raise OptionError(f"the two-player variant is for exactly 2 players, not {players}")
        if mode == "apprentices" and mage == "person" and players < 3:
            raise OptionError("with a person as mage the game needs the mage and at least two apprentices (3+ seats)")
        s = GlyphsMatch.__new__(GlyphsMatch)
        s.init_base(self, players, seed, options)
        s.setup_fields()
        from .generate import generate

        if mode == "duel":
            if options["duel_decrees"] == "computer" and options["marking"] != "hand":
                for p in (0, 1):
                    s.decrees[p] = [generate(int(options["level"]), s.rng) for _ in range(int(options["decrees"]))]
                opening.open_duel_boards(s)
        elif mage == "computer":
            s.decrees[0] = [generate(int(options["level"]), s.rng)]
            for f in opening_board(s.decrees[0][0], s.rng):
                s.boards[0].glyphs.append([f.shapes, f.approved, -1, "opening", {}])
            turn.start_turn(s, 0)
        return s

    def _load(self, data: Mapping[str, Any]) -> GlyphsMatch:
        s = GlyphsMatch.__new__(GlyphsMatch)
        s.load_base(self, data)
        s.load_fields(data)
        return s

    def _position(self, state: State, data: PositionData) -> State:
        set_position(state, data)  # type: ignore[arg-type]
        return state

    def parse_action(self, state, seat: int, text: str) -> Action:
        if not isinstance(text, str):
            raise IllegalAction(f"an action is text, not {type(text).__name__}")
        state.check_can_act(seat)
        words = normalize_text(text).split(" ", 1)
        verb = words[0]
        rest = words[1] if len(words) > 1 else ""
        if not verb:
            raise IllegalAction("no action was given")
        if verb in ("perform", "study", "build"):
            action = Action(verb, (glyph_text(read_glyph(rest)),))
        elif verb in ("guess", "decree"):
            action = Action(verb, (render(parse(rest)),))
        elif verb in ("predict", "mark"):
            if rest not in _MARK_WORDS:
                raise IllegalAction(f"say '{verb} approved' or '{verb} rejected'")
            action = Action(verb, (_MARK_WORDS[rest],))
        elif verb in ("place", "counterexample"):
            mark, _, glyph = rest.partition(" ")
            if mark not in _MARK_WORDS:
                raise IllegalAction(f"say '{verb} approved <glyph>' or '{verb} rejected <glyph>'")
            action = Action(verb, (_MARK_WORDS[mark], glyph_text(read_glyph(glyph))))
        elif verb == "question":
            action = Action(verb, (rest.removeprefix("glyph ").strip(),))
        elif verb == "sort":
            action = Action(verb, (rest.removeprefix("by ").strip(),))
        elif verb == "move":
            words = [w for w in rest.split() if w not in ("glyph", "to", "place")]  # "move glyph 3 to place 1"
            if len(words) != 2:
                raise IllegalAction("say 'move <glyph number> to <place>', e.g. 'move 3 to 1'")
            action = Action(verb, tuple(words))
        elif verb in ("pass", "confirm", "withdraw", "concede", "auto"):
            if rest:
                raise IllegalAction(f"'{verb}' takes nothing after it")
            action = Action(verb)
        else:
            phase_verbs = sorted({a.verb for a in state.legal_actions(seat)})
            raise IllegalAction(f"'{verb}' is not an action here; you can: {', '.join(phase_verbs)}")
        state.check_action(seat, action)
        return action

    # --- for learners: encoding.py -------------------------------------------------------------
    def action_codec(self, players: int, options: dict[str, Any]) -> Any:
        return action_table()

    def tensor_encoder(self, players: int, options: dict[str, Any]) -> GlyphsTensors:
        return GlyphsTensors()

    def policy(self, state, seat: int, rng) -> Action | None:
        """A strong move for `seat` from the game's own apprentice (apprentice.py), for a bots-layer
        wrapper that asks a game for its policy; it reads only what `seat` may see."""
        from .apprentice import choose

        return choose(state, seat, rng)

    # --- wording for people: games/<id>/wording.py ------------------------------------------
    def event_text(self, event: Event, names: Sequence[str]) -> str:
        return wording.event_text(event, names)

    def result_text(self, state: State, names: Sequence[str]) -> str:
        return wording.result_text(state, names)  # type: ignore[arg-type]

    def undo_blocker(self, before, seat: int, action, events, after) -> str | None:
        """A glyph the mage marks cannot be taken back (undo.py)."""
        return undo_blocker(before, seat, action, events, after)

    def heuristic(self, state, seat: int) -> float | None:
        """An apprentice's prospects: how concentrated its belief about the decree is, and coins."""
        if state.is_over():
            return state.returns()[seat]
        if seat == state.mage_seat:
            return 0.5
        from .belief import posterior

        post = posterior(state.board_of(seat).marks(), state.level_hint())
        top = float(post.weights[0]) if len(post) else 0.0
        return min(1.0, 0.2 + 0.6 * top + 0.2 * min(state.coins[seat], 3) / 3)
