"""The Heroscape state: every field of a position, cheap hand-written clone, persistence and small
queries. No rules: the engine contract's rule methods (whose move, legal actions, apply, view)
are added on top of the rule modules, by `game.HeroscapePlay`."""

from __future__ import annotations

from typing import Any, Self

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Rng
from glyphhall.engine.game import State

from .armies import CARDS, CardDef
from .glyphs import GLYPHS
from .map_text import custom_board
from .maps import Board, load_map

# Figure status.
RESERVE, ON, DEAD, UNUSED = 0, 1, 2, 3
STATUS_NAMES = ("reserve", "on", "dead", "unused")
MARKERS = ("1", "2", "3", "x")
# Marker slots hold a card index, or:
UNPLACED, REMOVED = -1, -2


class HeroscapeState(State):
    __slots__ = (
        "board", "phase", "round", "c_def", "c_owner", "c_atk", "c_dfn", "c_glyph", "c_negated",
        "c_grenade", "c_figs", "f_card", "f_name", "f_hex", "f_tail", "f_wounds", "f_state", "occ",
        "glyph_at", "bomb_armed", "draft_pool", "draft_seq", "draft_pos", "draft_done", "markers",
        "revealed", "init_rolls", "init_order", "turn_no", "turn_pos", "active_card", "stage",
        "moved", "moving", "move_left", "road_left", "start_engaged", "swiped", "attacks", "zettian_target",
        "used", "pending", "result", "step_cache", "standing_seen", "team", "c_team",
    )
    # The fields' types (set by `init_state` and `from_dict`; annotations only, no class values,
    # so they do not clash with the slots).
    board: Board
    phase: str
    round: int
    # per army card
    c_def: list[CardDef]
    c_owner: list[int]
    c_team: list[int]
    c_atk: list[int]
    c_dfn: list[int]
    c_glyph: list[str]
    c_negated: list[bool]
    c_grenade: list[int]
    c_figs: list[tuple[int, ...]]
    # per figure
    f_card: list[int]
    f_name: list[str]
    f_hex: list[int]
    f_tail: list[int]
    f_wounds: list[int]
    f_state: list[int]
    occ: list[int]  # per hex: the figure on it, or -1
    glyph_at: dict[int, tuple[str, bool]]  # hex -> (glyph key, power side up)
    bomb_armed: bool
    draft_pool: list[str]
    draft_seq: tuple[int, ...]
    draft_pos: int
    draft_done: list[bool]
    markers: list[list[int]]
    revealed: list[list[bool]]
    init_rolls: list[int]
    init_order: list[int]
    turn_no: int
    turn_pos: int
    active_card: int
    stage: int
    moved: list[int]
    moving: int
    move_left: int
    road_left: int
    start_engaged: list[int]
    swiped: list[int]
    attacks: list[int]
    zettian_target: int
    used: list[str]
    # decisions waiting, first first: (seat, kind, ...) with fields that depend on the kind
    pending: list[tuple[Any, ...]]
    result: tuple[float, ...] | None
    step_cache: tuple[int, list[int]] | None
    standing_seen: object  # standing.Standing or None: its cache (the layers keep state below standing)
    team: tuple[int, ...]

    # ------------------------------------------------------------------ basics
    def clone(self) -> HeroscapeState:
        """Copy what changes in play; share what is only ever replaced, never changed in place
        (copy-on-write: the card lists after the draft, marker rows, the initiative order).
        Code that changes a shared field rebinds it (see `set_marker`, `set_card_field`)."""
        c = cython.declare(HeroscapeState, self.__class__.__new__(self.__class__))  # its fields set in C
        self.copy_base_into(c)
        c.board = self.board
        c.phase = self.phase
        c.round = self.round
        # shared, copy-on-write
        c.c_def = self.c_def
        c.c_owner = self.c_owner
        c.c_team = self.c_team
        c.team = self.team
        c.c_atk = self.c_atk
        c.c_dfn = self.c_dfn
        c.c_glyph = self.c_glyph
        c.c_negated = self.c_negated
        c.c_grenade = self.c_grenade
        c.c_figs = self.c_figs
        c.f_card = self.f_card
        c.f_name = self.f_name
        c.draft_pool = self.draft_pool
        c.draft_seq = self.draft_seq
        c.markers = self.markers
        c.revealed = self.revealed
        c.init_rolls = self.init_rolls
        c.init_order = self.init_order
        # copied
        c.f_hex = self.f_hex[:]
        c.f_tail = self.f_tail[:]
        c.f_wounds = self.f_wounds[:]
        c.f_state = self.f_state[:]
        c.occ = self.occ[:]
        c.glyph_at = self.glyph_at.copy()
        c.bomb_armed = self.bomb_armed
        c.draft_pos = self.draft_pos
        c.draft_done = self.draft_done[:]
        c.turn_no = self.turn_no
        c.turn_pos = self.turn_pos
        c.active_card = self.active_card
        c.stage = self.stage
        c.moved = self.moved[:]
        c.moving = self.moving
        c.move_left = self.move_left
        c.road_left = self.road_left
        c.start_engaged = self.start_engaged[:]
        c.swiped = self.swiped[:]
        c.attacks = self.attacks[:]
        c.zettian_target = self.zettian_target
        c.used = self.used[:]
        c.pending = self.pending[:]
        c.result = self.result
        c.step_cache = None
        c.standing_seen = self.standing_seen  # never changed: shared
        return c

    def set_marker(self, seat: int, m: int, value: int, revealed: bool | None = None) -> None:
        """Change one order marker slot (and optionally its revealed flag), copy-on-write."""
        markers = self.markers[:]
        row = markers[seat] = markers[seat][:]
        row[m] = value
        self.markers = markers
        if revealed is not None:
            self.set_revealed(seat, m, revealed)

    def set_revealed(self, seat: int, m: int, value: bool) -> None:
        rows = self.revealed[:]
        row = rows[seat] = rows[seat][:]
        row[m] = value
        self.revealed = rows

    def set_card_field(self, field: str, c: int, value: Any) -> None:
        """Change one entry of a shared per-card list (c_owner, c_atk, c_glyph, ...), copy-on-write."""
        values = getattr(self, field)[:]
        values[c] = value
        setattr(self, field, values)

    # ------------------------------------------------------------------ small queries
    def owner(self, f: int) -> int:
        return self.c_owner[self.f_card[f]]

    def side(self, f: int) -> int:
        """The team of f's controller (each player is a team of one unless `teams` pairs them)."""
        return self.c_team[self.f_card[f]]

    def opposed(self, a: int, b: int) -> bool:
        """a and b are enemies: controlled by players of different teams."""
        c_team, f_card = self.c_team, self.f_card
        return c_team[f_card[a]] != c_team[f_card[b]]

    def opponents(self, seat: int) -> list[int]:
        """The seats on other teams than `seat`."""
        return [o for o in range(self.num_players) if self.team[o] != self.team[seat]]

    def teammates(self, seat: int) -> list[int]:
        """`seat` and the seats on its team."""
        return [o for o in range(self.num_players) if self.team[o] == self.team[seat]]

    def card_of(self, f: int) -> CardDef:
        return self.c_def[self.f_card[f]]

    def has_power(self, f: int, power: str) -> bool:
        c = self.f_card[f]
        return power in self.c_def[c].powers and not self.c_negated[c]

    def card_has_power(self, c: int, power: str) -> bool:
        return power in self.c_def[c].powers and not self.c_negated[c]

    def level(self, f: int) -> int:
        return self.board.levels[self.f_hex[f]]

    def figures_on(self, seat: int) -> list[int]:
        return [f for f in range(len(self.f_card)) if self.f_state[f] == ON and self.c_owner[self.f_card[f]] == seat]

    def card_key(self, c: int) -> str:
        return self.c_def[c].key

    def card_index(self, key: str) -> int:
        for c, d in enumerate(self.c_def):
            if d.key == key:
                return c
        return -1

    def fig_index(self, name: str) -> int:
        try:
            return self.f_name.index(name)
        except ValueError:
            return -1

    def die_faces(self, n: int) -> list[int]:
        return [self.rng.below(6) for _ in range(n)]

    # ------------------------------------------------------------------ contract (rule methods: game.HeroscapePlay)
    def is_over(self) -> bool:
        return self.result is not None

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.5] * self.num_players

    def _determinize(self, seat: int, rng: Rng) -> HeroscapeState:
        """Resample what `seat` cannot see: the numbers of other seats' face-down order markers
        (the cards they lie on, and how many are still in hand, are public) and the identity of
        symbol-side-up glyphs."""
        c = self.clone()
        c.markers = [row[:] for row in c.markers]  # changed in place below
        for other in self.opponents(seat):  # a teammate's markers are seen (reference §1.3)
            # face-down markers and the ones still in hand: which number is where is unknown,
            # except that the markers of turns `other` lost lie on cards without figures: those
            # are shuffled among themselves, the rest among the rest
            hidden = [m for m in range(4) if not c.revealed[other][m] and c.markers[other][m] != REMOVED]
            lost = [m for m in hidden if self._turn_passed(other, m)]
            for slots in (lost, [m for m in hidden if m not in lost]):
                cards = [c.markers[other][m] for m in slots]
                rng.shuffle(cards)
                for m, card in zip(slots, cards, strict=True):
                    c.markers[other][m] = card
        hidden = sorted(h for h, (_, up) in c.glyph_at.items() if not up)
        keys = [c.glyph_at[h][0] for h in hidden]
        rng.shuffle(keys)
        for h, k in zip(hidden, keys, strict=True):
            c.glyph_at[h] = (k, False)
        return c

    def _turn_passed(self, seat: int, m: int) -> bool:
        """Turn m + 1 of `seat` has come this round (taken, or lost with its marker face down)."""
        if self.phase != "turn" or m >= 3:
            return False
        if m + 1 != self.turn_no:
            return m + 1 < self.turn_no
        return seat in self.init_order and self.init_order.index(seat) < self.turn_pos

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.header(),
            "map": self.board.key,
            "phase": self.phase,
            "round": self.round,
            "cards": [
                {"key": d.key, "owner": o, "atk": a, "dfn": df, "glyph": g, "negated": n, "grenade": gr}
                for d, o, a, df, g, n, gr in zip(self.c_def, self.c_owner, self.c_atk, self.c_dfn,
                                                 self.c_glyph, self.c_negated, self.c_grenade, strict=True)
            ],
            "figures": [
                {"card": c, "name": n, "hex": h, "tail": t, "wounds": w, "state": st}
                for c, n, h, t, w, st in zip(self.f_card, self.f_name, self.f_hex, self.f_tail,
                                             self.f_wounds, self.f_state, strict=True)
            ],
            "glyphs": sorted([h, k, up] for h, (k, up) in self.glyph_at.items()),
            "bomb_armed": self.bomb_armed,
            "draft_pool": self.draft_pool[:],
            "draft_seq": list(self.draft_seq),
            "draft_pos": self.draft_pos,
            "draft_done": self.draft_done[:],
            "markers": [m[:] for m in self.markers],
            "revealed": [m[:] for m in self.revealed],
            "init_rolls": self.init_rolls[:],
            "init_order": self.init_order[:],
            "turn_no": self.turn_no,
            "turn_pos": self.turn_pos,
            "active_card": self.active_card,
            "stage": self.stage,
            "moved": self.moved[:],
            "moving": self.moving,
            "move_left": self.move_left,
            "road_left": self.road_left,
            "start_engaged": self.start_engaged[:],
            "swiped": self.swiped[:],
            "attacks": self.attacks[:],
            "zettian_target": self.zettian_target,
            "used": self.used[:],
            # a pending entry may hold a tuple of figures (target_order): JSON lists
            "pending": [[list(x) if isinstance(x, tuple) else x for x in p] for p in self.pending],
            "result": None if self.result is None else list(self.result),
        }

    @classmethod
    def from_dict(cls, game: Any, data: dict[str, Any]) -> Self:
        s = cls.__new__(cls)
        s.load_base(game, data)
        s.board = custom_board(str(s.options["map_text"])) if s.options.get("map_text") else load_map(str(data["map"]))
        s.phase = str(data["phase"])
        if s.phase not in ("draft", "place", "orders", "turn", "over"):
            raise ValueError(f"unknown phase {s.phase!r}")
        s.round = int(data["round"])
        cards = data["cards"]
        for c in cards:
            if c["key"] not in CARDS:
                raise ValueError(f"unknown army card {c['key']!r}")
            if c["glyph"] and c["glyph"] not in GLYPHS:
                raise ValueError(f"unknown glyph {c['glyph']!r}")
        s.c_def = [CARDS[c["key"]] for c in cards]
        s.c_owner = [int(c["owner"]) for c in cards]
        s.team = teams_of(str(s.options["teams"]), s.num_players)
        s.c_team = [s.team[o] for o in s.c_owner]
        s.c_atk = [int(c["atk"]) for c in cards]
        s.c_dfn = [int(c["dfn"]) for c in cards]
        s.c_glyph = [str(c["glyph"]) for c in cards]
        s.c_negated = [bool(c["negated"]) for c in cards]
        s.c_grenade = [int(c["grenade"]) for c in cards]
        figs = data["figures"]
        s.f_card = [int(f["card"]) for f in figs]
        s.f_name = [str(f["name"]) for f in figs]
        s.f_hex = [int(f["hex"]) for f in figs]
        s.f_tail = [int(f["tail"]) for f in figs]
        s.f_wounds = [int(f["wounds"]) for f in figs]
        s.f_state = [int(f["state"]) for f in figs]
        n = len(s.board)
        for f in range(len(figs)):
            if not 0 <= s.f_card[f] < len(cards) or s.f_hex[f] >= n or s.f_tail[f] >= n:
                raise ValueError(f"figure {f} refers to a card or hex that does not exist")
        s.c_figs = [tuple(f for f in range(len(figs)) if s.f_card[f] == c) for c in range(len(cards))]
        s.occ = [-1] * n
        moving = int(data["moving"])
        # a moving figure may be passing through a friend's space: the friend keeps it
        for f in [g for g in range(len(figs)) if g != moving] + ([moving] if moving >= 0 else []):
            if s.f_state[f] == ON:
                for h in (s.f_hex[f], s.f_tail[f]):
                    if h >= 0 and s.occ[h] == -1:
                        s.occ[h] = f
        s.glyph_at = {}
        for h, k, up in data["glyphs"]:
            if k not in GLYPHS or not 0 <= int(h) < n:
                raise ValueError(f"bad glyph entry {[h, k, up]}")
            s.glyph_at[int(h)] = (str(k), bool(up))
        s.bomb_armed = bool(data["bomb_armed"])
        s.draft_pool = [str(k) for k in data["draft_pool"]]
        s.draft_seq = tuple(int(x) for x in data["draft_seq"])
        s.draft_pos = int(data["draft_pos"])
        s.draft_done = [bool(x) for x in data["draft_done"]]
        s.markers = [[int(x) for x in m] for m in data["markers"]]
        s.revealed = [[bool(x) for x in m] for m in data["revealed"]]
        s.init_rolls = [int(x) for x in data["init_rolls"]]
        s.init_order = [int(x) for x in data["init_order"]]
        s.turn_no = int(data["turn_no"])
        s.turn_pos = int(data["turn_pos"])
        s.active_card = int(data["active_card"])
        s.stage = int(data["stage"])
        s.moved = [int(x) for x in data["moved"]]
        s.moving = int(data["moving"])
        s.move_left = int(data["move_left"])
        s.road_left = int(data.get("road_left", 0))  # (states saved before the road rule have none)
        s.start_engaged = [int(x) for x in data["start_engaged"]]
        s.swiped = [int(x) for x in data["swiped"]]
        s.attacks = [int(x) for x in data["attacks"]]
        s.zettian_target = int(data["zettian_target"])
        s.used = [str(x) for x in data["used"]]
        s.pending = [tuple(tuple(x) if isinstance(x, list) else x for x in p) for p in data["pending"]]
        s.result = None if data["result"] is None else tuple(float(x) for x in data["result"])
        s.step_cache = None
        s.standing_seen = None
        return s

    def __repr__(self) -> str:
        return f"<HeroscapeState {self.phase} round {self.round}>"


def zone_seat(options: dict[str, Any], seat: int) -> int:
    """Whose start zone `seat` uses: teammates share the zone of the team's first seat."""
    return seat % 2 if options["teams"] == "pairs" else seat


def teams_of(teams: str, players: int) -> tuple[int, ...]:
    """Team of each seat: `pairs` puts seats 0+2 against 1+3 (so turns alternate between the
    teams when play passes left); otherwise every player is alone."""
    if teams == "pairs":
        return tuple(seat % 2 for seat in range(players))
    return tuple(range(players))


def init_state(s: HeroscapeState, game: Any, players: int, seed: int, options: dict[str, Any], board: Board) -> None:
    """Every field of a new game before setup: no armies, the board empty."""
    s.init_base(game, players, seed, options)
    s.board = board
    s.phase = "draft"
    s.round = 0
    s.c_def, s.c_owner, s.c_atk, s.c_dfn, s.c_glyph, s.c_negated, s.c_grenade = [], [], [], [], [], [], []
    s.team = teams_of(str(options["teams"]), players)
    s.c_team = []
    s.c_figs = []
    s.f_card, s.f_name, s.f_hex, s.f_tail, s.f_wounds, s.f_state = [], [], [], [], [], []
    s.occ = [-1] * len(board)
    s.glyph_at = {}
    s.bomb_armed = False
    s.draft_pool = []
    s.draft_seq = ()
    s.draft_pos = 0
    s.draft_done = [False] * players
    s.markers = [[UNPLACED] * 4 for _ in range(players)]
    s.revealed = [[False] * 4 for _ in range(players)]
    s.init_rolls = []
    s.init_order = []
    s.turn_no = 0
    s.turn_pos = 0
    s.active_card = -1
    s.stage = 0
    s.moved = []
    s.moving = -1
    s.move_left = 0
    s.road_left = 0
    s.start_engaged = []
    s.swiped = []
    s.attacks = []
    s.zettian_target = -1
    s.used = []
    s.pending = []
    s.result = None
    #: The moving figure's next steps, computed by the step just applied (never persisted or
    #: cloned; cleared by every apply).
    s.step_cache = None
    #: Who stands on the battlefield, kept with what it was made from (standing.py); never
    #: persisted.
    s.standing_seen = None
