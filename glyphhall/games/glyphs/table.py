"""The table options of the rulebook's Game Tips: '?' tokens next to glyphs, and moving glyphs to
sort the board (moving never edits a glyph)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

from glyphhall.engine import Action, Event, IllegalAction

from .state import SORT_KEYS, Board, public

if TYPE_CHECKING:
    from .state import GlyphsState


def tools_open(st: GlyphsState) -> bool:
    return st.phase not in ("setup", "over")



def table_actions(st: GlyphsState, seat: int) -> list[Action]:
    """The table options' actions: "?" tokens next to glyphs, and sorting the board."""
    if not tools_open(st):
        return []
    board = st.board_of(seat)
    out = []
    if st.options["question_tokens"] == "on":
        out += [Action("question", (str(i + 1),)) for i in board.arrangement()]
    if st.options["sorting"] == "agreed":
        out += [Action("sort", (key,)) for key in SORT_KEYS if sorted_order(board, key) != board.arrangement()]
        out += [Action("move", (str(i + 1), "1")) for i in board.arrangement()[1:]]
    return out



def sorted_order(board: Board, key: str) -> list[int]:
    glyphs = board.glyphs
    if key == "marks":  # approved first, each group in its present order
        return sorted(board.arrangement(), key=lambda i: not glyphs[i][1])
    if key == "size":  # fewest shapes first
        return sorted(board.arrangement(), key=lambda i: len(glyphs[i][0]))
    return list(range(len(glyphs)))  # "made": the order the glyphs were made



def all_words(args: tuple[int | str, ...]) -> TypeGuard[tuple[str, ...]]:
    """Every argument of the action is a word (the glyphs' actions take no numbers)."""
    return all(isinstance(a, str) for a in args)


def check_table_action(st: GlyphsState, seat: int, action: Action) -> None:
    verb, args = action.verb, action.args
    if verb == "question" and st.options["question_tokens"] != "on":
        raise IllegalAction("'?' tokens are off at this table (option question_tokens=on)")
    if verb in ("move", "sort") and st.options["sorting"] != "agreed":
        raise IllegalAction("moving glyphs needs everyone's agreement (option sorting=agreed)")
    if not tools_open(st):
        raise IllegalAction(f"'{verb}' is not possible now")
    if len(args) != {"question": 1, "move": 2, "sort": 1}[verb] or not all_words(args):
        raise IllegalAction(f"'{action}' is malformed")
    board = st.board_of(seat)
    if verb == "sort":
        if args[0] not in SORT_KEYS:
            raise IllegalAction(f"sort by one of: {', '.join(SORT_KEYS)}")
        if sorted_order(board, args[0]) == board.arrangement():
            raise IllegalAction(f"the board is already sorted by {args[0]}")
        return
    n = glyph_number(board, args[0])
    if verb == "move":
        k = glyph_number(board, args[1], "place")
        if board.arrangement().index(n - 1) == k - 1:
            raise IllegalAction(f"glyph {n} is already in place {k}")



def glyph_number(board: Board, text: str, what: str = "glyph") -> int:
    if not text.isdigit() or str(int(text)) != text or not 1 <= int(text) <= len(board.glyphs):
        raise IllegalAction(f"there is no {what} {text} on your board (it has {len(board.glyphs)} glyphs)")
    return int(text)



def do_question(st: GlyphsState, seat: int, n: str) -> list[Event]:
    board = st.board_of(seat)
    i = int(n) - 1
    board.questions ^= {i}
    verb = "puts a ? token next to" if i in board.questions else "takes the ? token from"
    return [public(f"seat {seat} {verb} glyph {n}")]



def do_move(st: GlyphsState, seat: int, n: str, k: str) -> list[Event]:
    board = st.board_of(seat)
    order = board.arrangement()
    order.remove(int(n) - 1)
    order.insert(int(k) - 1, int(n) - 1)
    board.order = order
    return [public(f"seat {seat} moves glyph {n} to place {k} on the board")]



def do_sort(st: GlyphsState, seat: int, key: str) -> list[Event]:
    board = st.board_of(seat)
    board.order = sorted_order(board, key)
    return [public(f"seat {seat} sorts the board by {key}")]
