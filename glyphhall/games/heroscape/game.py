"""The Heroscape game object: options (every variant the sources disagree on), the factory,
loading saved states, and the heuristic bots use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from glyphhall.engine import (
    Action,
    DataError,
    Event,
    Game,
    IllegalAction,
    LoadError,
    Option,
    OptionError,
    PositionData,
    Rng,
    State,
    normalize_text,
)

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from . import decisions, flow, paths, turn, wording
from .armies import PRESETS
from .encoding import HeroscapeActions, HeroscapeTensors
from .map_text import board_for
from .maps import Board, map_keys
from .position import set_position, start_round
from .state import ON, HeroscapeState, init_state, zone_seat
from .view import view as view_for

NOTATION = (
    "draft <card> | done; place <hex> [<tail hex>]; order <1|2|3|x> <card>; "
    "move <figure> <hex> [<hex of its other end>] (a whole move, along the path chosen as the rules say) | "
    "step <figure> <hex> (one step of a move) | stop <figure> | flip <figure>; grapple/teleport <figure> <hex>; "
    "attack <figure> <target>; shuriken <figure> <target>; fireline <figure> <from hex> <e|ne|nw|w|sw|se>; "
    "explode/grenade <figure> <target>; chomp/shackle/rod <figure> <target>; berserk; clone; "
    "drop <figure> [<hex>]; pass <figure> <friend>; equip/leave/swap/keep <figure>; glyph <hex>; "
    "resolve <figure> (next target of a special attack); "
    "spirit <card>; summon <figure> <hex>; negate <card>; wound <figure>; opponent <seat>; end. "
    "Hexes are row letter + column number (a1); figures are card keys (finn) or key + number (tarn2)."
)


class HeroscapePlay(HeroscapeState):
    """A Heroscape game at play: the state with the engine contract's rule methods, each handed to
    the rule modules (a pending decision first, then the turn, else the game's flow)."""

    __slots__ = ()

    def to_move(self) -> tuple[int, ...]:
        if self.result is not None:
            return ()
        if self.pending:
            return (self.pending[0][0],)
        return flow.to_move(self)

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.pending:
            return decisions.pending_actions(self)
        if self.phase == "turn":
            return turn.turn_actions(self)
        return flow.phase_actions(self, seat)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.step_cache = None
        events: list[Event] = []
        if self.pending:
            decisions.apply_pending(self, action, events)
        elif self.phase == "turn":
            turn.apply_turn(self, action, events)
        else:
            flow.apply_phase(self, seat, action, events)
        flow.settle(self, events)
        return events

    def sample_action(self, seat: int, rng: Rng) -> Action:
        # A placement is drawn without an action for every free space (the same draw as a choice
        # from the list); other decisions are few enough to list.
        if self.pending and self.pending[0][1] == "place":
            return decisions.sample_place(self, rng)
        return rng.choice(self._legal_actions(seat))

    def is_legal(self, seat: int, action: Action) -> bool:
        """`move` is not listed among the legal actions (its steps are: bots and playouts keep
        the small decisions), so it is checked on its own."""
        if action.verb == "move":
            return _legal_move(self, action)
        return super().is_legal(seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return view_for(self, seat)


def _legal_move(s: HeroscapeState, action: Action) -> bool:
    """`move <figure> <hex> [<hex>]`, as parse_action writes it, is legal now."""
    args, index = action.args, s.board.index
    if not 2 <= len(args) <= 3 or not all(isinstance(a, str) and a in index for a in args[1:]):
        return False
    f = s.fig_index(str(args[0]))
    tail = index[str(args[2])] if len(args) > 2 else None
    return f >= 0 and paths.move_error(s, f, index[str(args[1])], tail) is None


def new_state(game: Game, players: int, seed: int, options: dict[str, Any], board: Board) -> HeroscapePlay:
    """A new game before setup: no armies, the board empty (tests build positions on it)."""
    s = HeroscapePlay.__new__(HeroscapePlay)
    init_state(s, game, players, seed, options, board)
    return s


class HeroscapeGame(Game):
    id = "heroscape"
    name = "Heroscape"
    min_players = 2
    max_players = 4
    version = "1"
    notation_help = NOTATION
    # The search levels' iteration budgets (bots/mcts.py, LEVELS): what fits in about half the
    # level's time on one core of the server (an iteration about 300 us compiled); the time stays the ceiling.
    search_iterations: ClassVar[Mapping[str, int] | None] = {"mcts": 1_500, "mcts-hard": 4_500}
    # Random moves and attacks soon lead a skirmish where neither player would take it: Expert's
    # rollouts stop where Hard's do, 20 plies below the tree (bench/RESULTS.md, issue 41's
    # fourteenth round: Expert with 30 scored 0.32 against Hard over 11 deals).
    rollout_cutoff: ClassVar[int | None] = 20
    options = (
        Option("map", "valkyrie", "battlefield (data/maps/*.toml)", choices=tuple(map_keys())),
        Option("map_text", "", "a map of one's own, its TOML text (set by -o map=FILE.toml|FILE.hsc in the "
               "terminal, or by uploading a map at the table form); used instead of 'map'"),
        Option("armies", "draft", "draft armies by points, or play a preset match",
               choices=("draft", *sorted(PRESETS))),
        Option("points", 300, "points limit per army in the draft", minimum=50, maximum=2000),
        Option("round_limit", 12, "rounds in the game (the scenario round track)", minimum=1, maximum=60),
        Option("round_limit_scoring", True,
               "at the round limit the side with more points of cards on the battlefield wins (else a draw)"),
        Option("order_placement", "simultaneous",
               "order markers placed secretly at once, or one player after the other (d20 decides)",
               choices=("simultaneous", "sequential")),
        Option("glyphs", "all", "which glyph spots of the map are used",
               choices=("all", "classic", "equipment", "none")),
        Option("glyph_faces", "map", "glyph faces as the map says, or every glyph symbol-side up (hidden)",
               choices=("map", "hidden")),
        Option("extreme_height", "classic",
               "+2 dice when 10 levels above the top (classic) or the base (aoa) of the lower figure",
               choices=("classic", "aoa")),
        Option("kelda", "rulebook",
               "Kelda: only wounded figures may stop on her (rulebook) or heroes are healed (wiki)",
               choices=("rulebook", "wiki")),
        Option("sturla", 19, "Sturla revives on this d20 roll or more (19 wiki, 20 other printing)",
               minimum=19, maximum=20),
        Option("falling", True, "falling damage when dropping at least the figure's height"),
        Option("friendly_fire", False, "figures may attack friendly figures (AoA wording)"),
        Option("teams", "none",
               "4 players as two teams of two (seats 0+2 against 1+3): teammates share a start zone, "
               "see each other's order markers, pass through each other's figures and win together",
               choices=("none", "pairs")),
    )

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> HeroscapePlay:
        try:
            board = board_for(options)
        except DataError as err:
            raise OptionError(str(err)) from None
        if options["armies"] != "draft" and options["armies"] not in PRESETS:
            raise OptionError(f"unknown preset army {options['armies']!r}")
        if options["armies"] != "draft" and players != len(PRESETS[options["armies"]]):
            for_players = sorted(k for k, v in PRESETS.items() if len(v) == players)
            raise OptionError(f"preset {options['armies']!r} is for {len(PRESETS[options['armies']])} players; "
                              f"for {players} use armies=draft" + (f" or one of {', '.join(for_players)}"
                                                                   if for_players else ""))
        if options["teams"] == "pairs" and players != 4:
            raise OptionError("teams=pairs is for 4 players (two teams of two)")
        if any(not board.zones.get(zone_seat(options, seat)) for seat in range(players)):
            zones = sum(1 for z in board.zones.values() if z)
            raise OptionError(f"map {board.key!r} has start zones for {zones} players, not {players}")
        s = new_state(self, players, seed, options, board)
        flow.setup(s)
        return s

    def parse_action(self, state: State, seat: int, text: str) -> Action:
        """`move <figure> <hex> [<hex>]` is read here (it is not among the listed legal
        actions); every other action as the engine reads it."""
        words = normalize_text(text).split() if isinstance(text, str) else []
        if not words or words[0] != "move" or not isinstance(state, HeroscapeState):
            return super().parse_action(state, seat, text)
        state.check_can_act(seat)
        try:
            f, head, tail = paths.parse_move(state, words[1:])
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        reason = paths.move_error(state, f, head, tail)
        if reason is not None:
            raise IllegalAction(reason)
        labels = state.board.labels
        return Action("move", (state.f_name[f], labels[head]) + (() if tail is None else (labels[tail],)))

    def _position(self, state: State, data: PositionData) -> State:
        """A position (README, "Positions"): armies on the battlefield in the middle of a round."""
        set_position(state, data)  # type: ignore[arg-type]
        return state

    def _position_started(self, state: State) -> None:
        start_round(state)  # type: ignore[arg-type]

    def _load(self, data: Mapping[str, Any]) -> HeroscapePlay:
        try:
            return HeroscapePlay.from_dict(self, dict(data))
        except LoadError:
            raise
        except Exception as err:  # any malformed field: one clear message
            if isinstance(err, (KeyError, TypeError, ValueError, IndexError, AttributeError)):
                raise LoadError(f"malformed heroscape state: {type(err).__name__}: {err}") from None
            raise

    # --- wording for people: games/<id>/wording.py ------------------------------------------
    def event_text(self, event: Event, names: Sequence[str]) -> str:
        return wording.event_text(event, names)

    def result_text(self, state: State, names: Sequence[str]) -> str:
        return wording.result_text(state, names)  # type: ignore[arg-type]

    # --- for learners: encoding.py -------------------------------------------------------------
    def action_codec(self, players: int, options: dict[str, Any]) -> HeroscapeActions:
        return HeroscapeActions(board_for(options))

    def tensor_encoder(self, players: int, options: dict[str, Any]) -> HeroscapeTensors:
        return HeroscapeTensors(board_for(options))

    def luck_context(self, state: Any) -> tuple[int, int]:
        """Where a draw happens, for the strength bench's shared luck (arena/luck.py): the round and the turn in it."""
        return (state.round, state.turn_no)

    def heuristic(self, state: HeroscapeState, seat: int) -> float:  # type: ignore[override]
        """Remaining army value (points x remaining life) for seat against the rest, plus a
        little for holding glyphs and carrying equipment, and for closing in when ahead."""
        return _seat_value(state, _army_values(state), seat)

    def heuristic_all(self, state: HeroscapeState) -> list[float]:  # type: ignore[override]
        """`heuristic` for every seat, the armies' values computed once (a rollout scores all)."""
        if state.is_over():
            return list(state.returns())
        value = _army_values(state)
        return [_seat_value(state, value, seat) for seat in range(state.num_players)]


def _army_values(state: HeroscapeState) -> list[float]:
    """Per team: its figures' points by remaining life, its glyphs held and carried."""
    # by team (each player is its own team unless `teams` pairs them)
    value = [0.0] * state.num_players
    for f, st in enumerate(state.f_state):
        if st not in (ON, 0):
            continue
        d = state.card_of(f)
        life = max(0, d.life - state.f_wounds[f]) / d.life
        value[state.side(f)] += d.points / d.figures * (0.5 + 0.5 * life)
    for c, key in enumerate(state.c_glyph):
        if key:
            value[state.c_team[c]] += 8
    for h in state.glyph_at:
        o = state.occ[h]
        if o >= 0:
            value[state.side(o)] += 5
    return value


@cython.locals(steps=cython.Py_ssize_t, nearest=cython.Py_ssize_t, h=cython.Py_ssize_t, f=cython.Py_ssize_t,
               row=list)
def _seat_value(state: HeroscapeState, value: list[float], seat: int) -> float:
    """`HeroscapeGame.heuristic` for `seat`, given the teams' values."""
    mine = value[state.team[seat]]
    total = sum(value) or 1.0
    share = mine / total
    # a little for closing in on the enemy (figures only score by fighting)
    dmat, f_hex = state.board.dmat, state.f_hex
    mine_figs = state.figures_on(seat)
    team = state.team[seat]
    foes = [f_hex[f] for f in range(len(state.f_card)) if state.f_state[f] == ON and state.side(f) != team]
    if mine_figs and foes:
        # loops, not generators: summed per seat at the end of every cut-off rollout
        steps = 0
        for f in mine_figs:
            row = dmat[f_hex[f]]
            nearest = row[foes[0]]
            for h in foes:
                if row[h] < nearest:
                    nearest = row[h]
            steps += nearest
        gap = steps / len(mine_figs)
        approach = 1.0 / (1.0 + gap / 4.0)
    else:
        approach = 0.5
    return max(0.0, min(1.0, 0.95 * share + 0.05 * approach))

GAME = HeroscapeGame()
