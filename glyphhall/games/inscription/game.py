"""The Inscription game: the state at play (its contract methods call the rule modules), options,
a new game, the action parser, loading; the bot heuristic is `heuristic.py`. The top of the package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from glyphhall.engine import (
    Action,
    DataError,
    Event,
    Game,
    IllegalAction,
    Option,
    OptionError,
    PositionData,
    Rng,
    State,
    Vault,
    normalize_text,
)
from glyphhall.engine.notation import is_number

# `actions` as a module: compiled, a C function named `legal_actions` here would clash with the method.
from . import actions, views, wording
from .actions import canonical, is_legal, sample_action
from .cards import BLOOD, BONES, catalog
from .death_cards import encode, names_the_vault, resolve_option, save_made_card
from .draft import PICKS_EACH, communal_pile, deal_faceup
from .encoding import InscriptionActions, InscriptionTensors
from .heuristic import evaluate, evaluate_both
from .notation import DRAFT, OVER
from .position import card_id, set_position
from .state import InscriptionState, load_state

TOKEN_PILES = ("upgrade", "swap", "smoke", "squirrel", "item", "draw", "rare")


def token_table() -> dict[str, int]:
    """Which definition a rule means when it creates a card by name."""
    cat = catalog()
    out: dict[str, int] = {}
    for pile in reversed(TOKEN_PILES):
        for d in cat.defs:
            if d.pile == pile:
                out[d.name] = d.id
    out["Squirrel"] = cat.find("Squirrel", "squirrel")
    out["Squirrel in a Bottle"] = cat.find("Squirrel", "swap")
    out["Black Goat in a Bottle"] = cat.find("Black Goat", "swap")
    return out


class InscriptionMatch(InscriptionState):
    """The state at play: the engine contract's rule methods, each handed to its rule module."""

    __slots__ = ()

    def legal_actions(self, seat: int) -> list[Action]:
        # The base class's method with its checks inlined; it remembers the list the same way,
        # so a checked `apply` right after does not list again.
        if self.phase == OVER or seat not in self.to_move():
            return []
        legal = actions.legal_actions(self, seat)
        self._listed = (seat, tuple(legal))
        return legal

    def _legal_actions(self, seat: int) -> list[Action]:
        return actions.legal_actions(self, seat)

    def is_legal(self, seat: int, action: Action) -> bool:
        return is_legal(self, seat, action)

    def sample_action(self, seat: int, rng: Rng) -> Action:
        return sample_action(self, seat, rng)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        return actions.apply_action(self, seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)


class InscriptionGame(Game):
    id = "inscription"
    name = "Inscription"
    min_players = 2
    max_players = 2
    version = "1"
    options = (
        Option("items", True, "Play with the item cards (drawn at exactly 4 damage)"),
        Option("limited_squirrels", False, "Only 10 squirrels each per round (refilled when a player dies)"),
        Option("over_damage", False, "Excess damage to a card carries on to the player"),
        Option("cat_nine_lives", False, "The Cat turns into the Undead Cat after 9 sacrifices"),
        Option("unused_cards", False, "Shuffle in the printed but unused cards (Great White, Grizzly, "
               "Strange Larva, Ouroboros, Child 13)"),
        Option("death_cards", "none", "Death cards to play with: none, all, session:<label>, "
               "or Name/cost/power/health/Sigil+Sigil;..."),
        Option("blank_death_cards", 2, "Blank death cards shuffled into the draw pile", minimum=0, maximum=5),
        Option("make_death_card", True, "The loser makes a death card at the end"),
        Option("turn_limit", 300, "Our rule, not the rulebook's: after this many turns the game is a draw "
               "(stalemates happen); 0 for no limit", minimum=0, maximum=100000),
    )
    notation_help = (
        "Draft: 'draft 2' takes the 2nd face-up card. Draw: 'draw creature' or 'draw squirrel'. "
        "Play: 'play 2 3' puts hand card 2 on space 3; a blood cost names the sacrificed spaces: "
        "'play 2 3 sacrifice 1 4'. Items: 'item 1' (Scissors: 'item 1 <their space>'; Fish Hook: "
        "'item 1 <their space> <your space>'; Frozen Opossum: 'item 1 <space>'; Caged Wolf: "
        "'item 1 <space> sacrifice <s> <s>'). 'bell' ends your turn and attacks. Corpse Eater: "
        "'eat 2' or 'pass'. Hoarder: 'take raven-egg'. Death card: 'choose 2', then 'name <text>'. "
        "Spaces are 1-4 along the arrow, space 1 nearest the bell. A card may be named instead of "
        "numbered: 'play wolf 3', 'item pliers', 'draft raven-egg'."
    )
    # The search levels' iteration budgets (bots/mcts.py, LEVELS): what fits in about half the
    # level's time on one core of the server (an iteration about 70 us compiled); the time stays the ceiling.
    search_iterations: ClassVar[Mapping[str, int] | None] = {"mcts": 5_000, "mcts-hard": 15_000}

    def __init__(self) -> None:
        self._tokens: dict[str, int] | None = None

    @property
    def tokens(self) -> dict[str, int]:
        if self._tokens is None:
            self._tokens = token_table()
        return self._tokens

    def prepare_options(self, options: dict[str, Any], vault: Vault) -> dict[str, Any]:
        """`death_cards=all` or `session:<label>` replaced by the cards the vault holds, written
        out, so the match record alone replays the match."""
        text = str(options.get("death_cards", "none"))
        if not names_the_vault(text):
            return options
        specs = resolve_option(text, vault)
        if not specs:
            raise OptionError(f"option 'death_cards': the vault has no death cards for {text!r} yet")
        return {**options, "death_cards": encode(specs)}

    def keep_after_match(self, state: State, vault: Vault, session: str, names: Sequence[str]) -> dict[str, Any] | None:
        """The loser's death card (Rulebook, Death Cards), kept for later games."""
        assert isinstance(state, InscriptionState)
        if not state.made:
            return None
        loser = min(range(len(names)), key=lambda s: state.returns()[s])
        return save_made_card(state, vault, session=session, made_by=names[loser])

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        specs = resolve_option(str(options["death_cards"]))
        options = {**options, "death_cards": encode(specs)}
        st = InscriptionMatch.__new__(InscriptionMatch)
        st.init_base(self, players, seed, options)
        cat = catalog()
        st.defs = cat.defs
        st.tokens = self.tokens
        sleeves = [st.add_def({**spec, "pile": "death", "tribe": "none"}) for spec in specs]
        pile = communal_pile(cat, bool(options["unused_cards"]))
        blanks = min(int(options["blank_death_cards"]), len(sleeves))
        if blanks:
            blank = st.add_def({"name": "Blank Death Card", "cost": "free", "power": 0, "health": 1,
                                "sigils": [], "pile": "blank"})
            pile += [blank] * blanks
        if len(pile) < 3 * PICKS_EACH:
            raise DataError(f"cards.toml: the draw pile has {len(pile)} cards; the draft needs {3 * PICKS_EACH}")
        st.rng.shuffle(pile)
        st.draft_pile = pile
        st.sleeves = sleeves
        st.set_aside = []
        items = [d.id for d in cat.defs if d.pile == "item" for _ in range(d.copies)] if options["items"] else []
        st.rng.shuffle(items)
        st.item_pile = items
        st.board = [None] * 8
        st.pending = []
        st.candles = [2, 2]
        st.first_turn = [2, 2]
        st.skip = [False, False]
        st.bones = [0, 0]
        st.squirrels = [10, 10]
        st.dc_pool, st.dc_revealed = [], []
        empty: list[list[int]] = [[], []]
        st.hands, st.known, st.decks, st.dead, st.items = ([list(x) for x in empty] for _ in range(5))
        st.phase = DRAFT
        st.turn = 0
        st.draft_round = 0
        st.scale = st.scale_mark = st.dealt = 0
        st.fan = False
        st.lane = -1
        st.winner = -1
        st.dc_stage = 0
        st.turn_no = 0
        st.dc_spec = None
        st.made = None
        deal_faceup(st)
        return st

    def _load(self, data: Mapping[str, Any]) -> State:
        return load_state(InscriptionMatch, self, dict(data))

    def _position(self, state: State, data: PositionData) -> State:
        set_position(state, data)  # type: ignore[arg-type]
        return state

    def _position_order(self, state: State, names: list[str]) -> list[Any]:
        """A scripted shuffle is a deck's new order, top first (the end of the list is its top)."""
        return [card_id(state, n) for n in reversed(names)]  # type: ignore[arg-type]

    def _position_decks(self, state: State) -> list[tuple[str, list[Any]]]:
        """A position's shuffles are of a seat's deck (Hoarder, Magpie's Lens: a card taken out first)."""
        return [(f"{('Player A', 'Player B')[seat]}'s deck", list(state.decks[seat]))  # type: ignore[attr-defined]
                for seat in (0, 1)]

    def parse_action(self, state: State, seat: int, text: str) -> Action:
        if not isinstance(text, str):
            raise IllegalAction(f"an action is text, not {type(text).__name__}")
        state.check_can_act(seat)
        words = text.split()
        if not words:
            raise IllegalAction("no action was given")
        verb = words[0].lower()
        if verb == "name":
            action = Action("name", (" ".join(words[1:]),))
        else:
            args = tuple(int(w) if is_number(w) else w.lower() for w in words[1:])
            action = Action(verb, _by_name(state, seat, verb, args))  # type: ignore[arg-type]
        if state.is_legal(seat, action):
            return action if verb == "name" else canonical(state, seat, action)  # type: ignore[arg-type]
        if verb == "name":
            raise IllegalAction("a death card's name is 1 to 30 letters, digits, spaces, ' or -"
                                if getattr(state, "phase", "") == "death-card" else "there is nothing to name now")
        legal = state.legal_actions(seat)
        raise IllegalAction(self.explain_illegal(state, seat, normalize_text(text), legal))

    def explain_illegal(self, state: State, seat: int, text: str, legal: Sequence[Action]) -> str:
        """Why a play is refused, in the words of the rulebook where we can tell."""
        st: InscriptionState = state  # type: ignore[assignment]
        words = text.split()
        if words[0] == "play" and not st.pending and st.phase in ("play", "draw"):
            if st.phase == "draw":
                return "draw first: 'draw creature' or 'draw squirrel'"
            hand = st.hands[seat]
            if len(words) < 3 or not (is_number(words[1]) and is_number(words[2])):
                return ("write a play as 'play <hand number or card name> <space 1-4>' (add 'sacrifice <spaces>' "
                        "for blood); no card in your hand has that name" if len(words) > 1 and not is_number(words[1])
                        else "write a play as 'play <hand number> <space 1-4>' (add 'sacrifice <spaces>' for blood)")
            h, lane = int(words[1]), int(words[2])
            if not 1 <= h <= len(hand):
                return f"you have {len(hand)} card{'s' * (len(hand) != 1)} in hand; there is no card {h}"
            if not 1 <= lane <= 4:
                return "the spaces are numbered 1 to 4"
            d = st.defs[hand[h - 1]]
            if d.kind == BONES and st.bones[seat] < d.cost:
                return f"{d.name} costs {d.cost} bones; you have {st.bones[seat]}"
            if d.kind == BLOOD and "sacrifice" not in words:
                return (f"{d.name} costs {d.cost} blood: name the cards to sacrifice, e.g. "
                        f"'play {h} {lane} sacrifice <space> ...'")
            if d.kind == BLOOD:
                return (f"those sacrifices do not pay {d.name}'s {d.cost} blood exactly, or space {lane} "
                        "would not be free (cards that are not alive cannot be sacrificed)")
            if st.board[seat * 4 + lane - 1] is not None:
                return f"space {lane} is taken; only one card may be in each space"
        return super().explain_illegal(state, seat, text, legal)

    # --- for learners: encoding.py ---------------------------------------------------------------
    def action_codec(self, players: int, options: dict[str, Any]) -> InscriptionActions:
        return InscriptionActions()

    def tensor_encoder(self, players: int, options: dict[str, Any]) -> InscriptionTensors:
        return InscriptionTensors()

    # --- wording for people: games/<id>/wording.py ------------------------------------------
    def event_text(self, event: Event, names: Sequence[str]) -> str:
        return wording.event_text(event, names)

    def result_text(self, state: State, names: Sequence[str]) -> str:
        return wording.result_text(state, names)  # type: ignore[arg-type]

    def luck_context(self, state: Any) -> tuple[int, int]:
        """Where a draw happens, for the strength bench's shared luck (arena/luck.py): the turn under way and whose."""
        return (state.turn_no, state.turn)

    def heuristic(self, state: State, seat: int) -> float:
        """`seat`'s win chance by `heuristic.evaluate` (what it weighs is said there)."""
        return evaluate(state, seat)  # type: ignore[arg-type]

    def heuristic_all(self, state: State) -> list[float]:
        """Both players' `heuristic` from one reading of the position (a rollout scores both)."""
        return evaluate_both(state)



def _by_name(st: InscriptionState, seat: int, verb: str, args: tuple) -> tuple:
    """`play wolf 3`, `item pliers`, `draft raven egg`, `eat corpse-maggots`: a card named by its
    name (its words with spaces or '-') stands for its first number in the hand, items or face-up row."""
    if not args or not isinstance(args[0], str) or verb not in ("play", "eat", "item", "draft"):
        return args
    cards = {"item": st.items[seat], "draft": st.faceup}.get(verb, st.hands[seat])
    words = 0
    while words < len(args) and isinstance(args[words], str) and args[words] != "sacrifice":
        words += 1
    for n in range(words, 0, -1):  # the longest name first: 'river otter', also 'river-otter'
        name = "-".join(str(w) for w in args[:n])
        for k, c in enumerate(cards):
            if name in (st.defs[c].slug, st.defs[c].item):
                return (k + 1, *args[n:])
    return args


__all__ = ["Event", "InscriptionGame"]
