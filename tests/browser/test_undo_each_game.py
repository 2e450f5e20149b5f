"""Undo at the table in all five games, in Debian's Chromium: two people and a spectator; the
player to move makes a move on the page that may be taken back, clicks Undo, and all three pages
go back to the position before it; then (the same move and) one that may not be taken back (a
card drawn, a die rolled, hidden information shown), after which the Undo button is disabled
with its reason in sight.

The moves are found with the engine's own rule (engine/undo.py and the games' undo_blocker):
seeded random play from a practice table's seed until the seat to move has a move A that may be
taken back followed by a move B that may not, both of the kinds named per game below."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from glyphhall import games
from glyphhall.engine import Rng, State, UndoTrail

from .conftest import box, click_in_page, fill, resize, shot
from .seats import SeatSocket, seated_table, table_pages

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
NAMES = ("Ann", "Bob")


@dataclass
class Plan:
    prefix: list[tuple[int, str]]  # (seat, action) played over the websocket before the pages open
    seat: int
    allowed: str  # may be taken back
    refused: str  # may not be taken back
    reason: str  # why not, as the engine says it
    redo: bool  # `refused` is played after `allowed` (else instead of it, from the same position)


def blocker(state: State, seat: int, text: str) -> tuple[str | None, State]:
    after = state.clone()
    action = state.game.parse_action(state, seat, text)
    events = after.apply(seat, action)
    trail = UndoTrail()
    trail.record(0, state.clone(), seat, action, events, after)
    return trail.blocker(seat), after


def heroscape_moves(state: State, seat: int) -> list[str]:
    """The page's one-click moves (`move FIG HEX`, from the view's reach), not the steps."""
    reach = state.view(seat).get("reach") or {}
    return [f"move {fig} {hex_}" for fig, ends in reach.items() for hex_ in ends]


def find_plan(game_id: str, seed: int, allowed: str, refused: str,
              candidates: Callable[[State, int], list[str]] | None = None, redo: bool = True) -> Plan:
    """Seeded random play until the seat to move has a move of verb `allowed` that may be taken
    back, after which (`redo`; else instead of which) it still moves and has a move of verb
    `refused` that may not."""
    state = games.get(game_id).new(2, seed, None)
    rng = Rng(seed * 31 + 7)
    prefix: list[tuple[int, str]] = []
    for _ in range(3000):
        assert not state.is_over(), "the game ended before the moves wanted"
        seat = state.to_move()[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        for a in candidates(state, seat) if candidates else legal:
            if a.split()[0] != allowed:
                continue
            if redo:  # (the cheap test first: a Heroscape move costs milliseconds to apply, its blocker more)
                after = state.clone()
                after.apply_text(seat, a)
            else:
                after = state
            wanted = [b for b in map(str, after.legal_actions(seat)) if b.split()[0] == refused and b != a]
            if not wanted or blocker(state, seat, a)[0] is not None:
                continue
            for b in wanted:
                why = blocker(after, seat, b)[0]
                if why not in (None, UndoTrail.NOTHING):
                    return Plan(prefix, seat, a, b, why, redo)
        text = rng.choice(legal)
        prefix.append((seat, text))
        state.apply_text(seat, text)
    raise AssertionError("the moves wanted never came up")


# --- making a move by clicking, per game -----------------------------------------------------
def click_action(page, text: str) -> None:
    page.click(f'[data-action="{text}"]')


def glyphs_click(page, text: str) -> None:
    if text.startswith("guess "):  # typed into the page's guess form, as people do
        fill(page, "#guess-text", text.removeprefix("guess "))
        page.click("#guess-form button")
    else:
        click_action(page, text)


def glyfts_click(page, text: str) -> None:
    verb, first, second = text.split()
    mine = ".gf-player.mine"
    if verb == "place":  # the card in hand, then the Creature to hide it under
        page.click(f'#gf-hand [data-card="{first}"]')
        page.click(f'{mine} [data-creature="{second}"].target')
    else:  # attack: the attacker (unless it is the only one), then the defender
        if not page.locator(f'{mine} [data-creature="{first}"].selected').count():
            page.click(f'{mine} [data-creature="{first}"]')
        page.click(f'.gf-player:not(.mine) [data-creature="{second}"].target')


def heroscape_click(page, text: str) -> None:
    verb, figure, target = text.split()[:3]
    if not page.locator(f'.hs-figure.selected[data-figure="{figure}"]').count():
        page.click(f'.hs-figure[data-figure="{figure}"]')
    if verb == "move":  # the hex, under the path shown on hover: one click (Move to confirm a second end)
        step = page.get_attribute("body", "data-step")
        click_in_page(page, f'.hs-hex[data-hex="{target}"]')
        page.wait_for_function("s => document.body.dataset.step !== s || !!document.getElementById('move-go')", arg=step)
        if page.locator("#move-go").count():
            page.click("#move-go")
    else:  # attack: the defender (a chooser when the click could mean more than one action)
        click_in_page(page, f'.hs-figure[data-figure="{target}"]')
        if page.locator("#chooser").count():
            click_action(page, text)


GAMES = {
    # game: (seed, allowed verb, refused verb, candidates for the allowed move, how to click,
    # whether the refused move follows the allowed one or is made instead of it)
    # Inscription: a squirrel drawn (the pile is all alike) may be taken back, a creature card not
    "inscription": (21, "draw", "draw", None, click_action, False),
    "tundrus": (3, "take", "roll", None, click_action, True),
    "glyphs": (3, "guess", "confirm", None, glyphs_click, True),
    "glyfts": (5, "place", "attack", None, glyfts_click, True),
    "heroscape": (3, "move", "attack", heroscape_moves, heroscape_click, True),
}


def wait_step(pages, step: int) -> None:
    """Each page at `step`, drawn with its game's reference data (names, combos) once fetched."""
    for page in pages:
        page.wait_for_function(
            "s => document.body.dataset.step === String(s) && document.body.dataset.reference !== 'loading'", arg=step)


def board(page) -> str:
    """The board as drawn, read in one step, without the last-move marks (they follow the events
    shown) and the Glyphs guess box's reading and suggestions (asked of the server after the box
    is drawn, so they come a moment later: not part of the position)."""
    html = page.evaluate("""() => {
      const board = document.querySelector('#game .board').cloneNode(true);
      board.querySelectorAll('#guess-reading, #guess-completions').forEach((e) => e.replaceChildren());
      return board.innerHTML;
    }""")
    return re.sub(r"\s*\blast-move\b", "", html)


def board_when_settled(page, expected: str, seconds: float = 5.0) -> str:
    """The board once it reads `expected`, or as it reads after `seconds`: the log line that
    announces a change can be drawn a frame before the board that follows it."""
    deadline = time.monotonic() + seconds
    drawn = board(page)
    while drawn != expected and time.monotonic() < deadline:
        page.wait_for_timeout(50)
        drawn = board(page)
    return drawn


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_undo_allowed_then_refused_seen_by_both_people_and_a_spectator(live_server, browser, game_id):
    seed, allowed, refused, candidates, click, redo = GAMES[game_id]
    plan = find_plan(game_id, seed, allowed, refused, candidates, redo)
    table_id, tokens = seated_table(live_server, game_id, seed=seed)
    sockets = [SeatSocket(live_server, table_id, t) for t in tokens]
    try:
        for seat, text in plan.prefix:
            sockets[seat].play(text)
    finally:
        for sock in sockets:
            sock.close()
    people = {NAMES[0]: tokens[0], NAMES[1]: tokens[1], "spectator": None}
    pages, contexts = table_pages(browser, live_server, table_id, people, DESKTOP)
    try:
        everyone = list(pages.values())
        mover = pages[NAMES[plan.seat]]
        other = pages[NAMES[1 - plan.seat]]
        spectator = pages["spectator"]
        start = len(plan.prefix)
        wait_step(everyone, start)
        mover.wait_for_selector("#undo")
        before = {who: board(p) for who, p in pages.items()}
        log_before = spectator.locator("#log li").all_inner_texts()
        undo_before = mover.get_attribute("#undo", "title")

        # A move that may be taken back: Undo is offered, clicked, and everyone is back.
        click(mover, plan.allowed)
        wait_step(everyone, start + 1)
        mover.wait_for_selector("#undo:not([disabled])")
        assert board(mover) != before[NAMES[plan.seat]]  # the move shows on the board
        assert other.is_disabled("#undo") and spectator.locator("#undo").count() == 0
        shot(mover, f"undo-{game_id}-allowed")
        mover.click("#undo")
        for who, page in pages.items():
            page.wait_for_selector("#log li:has-text('took back a move')")
            assert board_when_settled(page, before[who]) == before[who], f"{who} does not see the position before the move"
        assert spectator.locator("#log li").all_inner_texts() == [*log_before, f"{NAMES[plan.seat]} took back a move"]
        assert mover.get_attribute("#undo", "title") == undo_before  # as it was before the move

        # (The same move, then) one that may not be taken back: Undo is disabled and says why.
        # (the table's step counts the record's rows, the one taken back too)
        step = start + 1
        if plan.redo:
            click(mover, plan.allowed)
            step += 1
            wait_step(everyone, step)
        click(mover, plan.refused)
        wait_step(everyone, step + 1)
        mover.wait_for_selector("#undo[disabled]")
        assert plan.reason in mover.inner_text("#undo-why")
        assert plan.reason in mover.get_attribute("#undo", "title")
        for page in everyone:
            tag = "mover" if page is mover else "spectator" if page is spectator else "other"
            shot(page, f"undo-{game_id}-refused-{tag}")
            resize(page, PHONE)
            no_sideways_scroll(page)
            shot(page, f"undo-{game_id}-refused-{tag}-390")
        drawn = box(mover, "#undo-why")
        assert drawn["x"] + drawn["width"] <= PHONE["width"] + 1  # the reason is in sight
    finally:
        for ctx in contexts:
            ctx.close()
