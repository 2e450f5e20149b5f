"""Glyphs played as its author wants it (issue 27), at 1280 px and at 390 px with touch: each of the
builder's shortcuts from the rulebook's slide 16, Ctrl+click multi-select and a group drag, a
cancelled drag that leaves nothing stuck, a finger drag that moves the shape instead of the page,
every listed phrasing of a decree read back before the coin is paid, and a whole 3-apprentice
game played from the keyboard alone. Screenshots: tests/artifacts/glyphs-keys-*.png."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import httpx
import pytest

from .conftest import WAIT_MS, box, context, fill, shot
from .seats import seat_script

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _phrasings() -> list[tuple[str, str]]:
    """The phrasings and their readings, from the grammar's own test (one table for both)."""
    path = Path(__file__).parents[1] / "games" / "glyphs" / "test_glyphs_phrasings.py"
    spec = importlib.util.spec_from_file_location("glyphs_phrasings_table", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.PHRASINGS


PHRASINGS = _phrasings()
MAX_TURNS = 300  # Ann's decisions in the whole 3-apprentice game: far more than it takes

SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2},
}

GUESS_POSITION = """
game = "glyphs"
players = 3
[position]
decree = "it has at least one oval"
turn = 0
step = "guess"
coins = [3, 0, 0]
[[boards]]
glyphs = [
  { glyph = "oval@0,0", mark = "approved" },
  { glyph = "square@0,0", mark = "rejected" },
  { glyph = "oval@0,0 square@1.5,0", mark = "approved", by = 1, how = "study" },
]
"""


def _table(base: str, seats: list[dict], **body) -> tuple[str, str]:
    """A practice table with a person in seat 0 (Ann) and the given other seats: (id, token)."""
    with httpx.Client(base_url=base, timeout=WAIT_MS / 1000) as http:
        r = http.post("/api/tables", json={"game": "glyphs", "seats": [{"kind": "person"}, *seats], "practice": True, **body})
        assert r.status_code == 201, r.text
        table = r.json()
        token = http.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Ann"}).json()["token"]
        r = http.post(f"/api/tables/{table['id']}/start", json={"token": token})
        assert r.status_code == 200, r.text
    return table["id"], token


@pytest.fixture
def open_page(browser, live_server):
    contexts = []

    def make(size: str, table_id: str, token: str, before=None):
        ctx = context(browser, **SIZES[size])
        contexts.append(ctx)
        ctx.add_init_script(seat_script(table_id, token))
        if before:
            before(ctx)
        page = ctx.new_page()
        page.goto(f"{live_server}/t/{table_id}")
        return page

    yield make
    for ctx in contexts:
        ctx.close()


def text(page) -> str:
    return page.inner_text("#glyph-text")


def selected(page) -> int:
    return page.locator("#glyph-grid .shape.selected").count()


def centre(page, index: int) -> tuple[float, float]:
    """Where shape `index` is drawn, the grid scrolled into view first (in one step: the page may
    be redrawn at any time by the table)."""
    page.wait_for_selector(f'#glyph-grid .shape[data-index="{index}"]')
    return tuple(page.evaluate("""i => {
      document.getElementById('glyph-grid').scrollIntoView({block: 'center'});
      const r = document.querySelector(`#glyph-grid .shape[data-index="${i}"]`).getBoundingClientRect();
      return [r.x + r.width / 2, r.y + r.height / 2];
    }""", index))


def unit(page) -> float:
    return box(page, "#glyph-grid")["width"] / 14


@pytest.mark.parametrize("size", SIZES)
def test_each_builder_shortcut(live_server, open_page, size):
    table_id, token = _table(live_server, [], seed=4)
    page = open_page(size, table_id, token)
    page.wait_for_selector("#builder")
    # a board glyph copied and changed in two actions: the copy selects its last shape, R turns it
    tile = page.locator(".glyph-tile").first
    board_glyph = tile.get_attribute("data-glyph")
    tile.locator("button.copy").click()
    page.keyboard.press("ArrowRight")
    changed = text(page)
    assert changed != board_glyph and len(changed.split()) == len(board_glyph.split())
    page.click("#clear")
    page.keyboard.press("5")  # the fifth shape of the palette: the square
    page.keyboard.press("n")
    page.keyboard.press("1")  # the oval, placed beside the selected square
    page.keyboard.press("n")
    assert text(page) == "square@0,0 oval@1.5,0"
    page.keyboard.press("Control+a")
    assert selected(page) == 2
    page.keyboard.press("Control+c")
    page.keyboard.press("Control+v")  # pasted half a unit right and down, and selected
    assert text(page) == "square@0,0 oval@1.5,0 square@0.5,-0.5 oval@2,-0.5" and selected(page) == 2
    page.keyboard.press("Control+z")
    assert text(page) == "square@0,0 oval@1.5,0"
    page.keyboard.press("Control+y")
    assert len(text(page).split()) == 4
    page.keyboard.press("Delete")
    assert text(page) == "square@0,0 oval@1.5,0"
    page.keyboard.press("Control+a")
    page.keyboard.press("Control+x")
    assert page.inner_text("#glyph-text").startswith("(click the grid")
    page.keyboard.press("Control+v")
    assert text(page) == "square@0,0 oval@1.5,0"
    # Ctrl+click selects more; Ctrl+G groups: a click on one member selects the group
    page.keyboard.press("Escape")
    page.locator('#glyph-grid .shape[data-index="0"]').click()
    assert selected(page) == 1
    page.locator('#glyph-grid .shape[data-index="1"]').click(modifiers=["Control"])
    assert selected(page) == 2
    page.keyboard.press("Control+g")
    assert page.locator("#glyph-grid .shape.grouped").count() == 2
    page.keyboard.press("Escape")
    page.locator('#glyph-grid .shape[data-index="0"]').click()
    assert selected(page) == 2
    page.keyboard.press("ArrowUp")  # the group moves together
    assert text(page) == "square@0,0.5 oval@1.5,0.5"
    page.keyboard.press("Control+Shift+g")
    assert page.locator("#glyph-grid .shape.grouped").count() == 0
    page.keyboard.press("Escape")
    page.locator('#glyph-grid .shape[data-index="1"]').click()
    assert selected(page) == 1
    page.keyboard.press("r")
    page.keyboard.press("Control+d")
    assert len(text(page).split()) == 3
    # the visible history: every step named; a click goes back to before it (on a phone it is
    # folded until opened)
    if not page.locator("#history[open]").count():
        page.click("#history summary")
    steps = page.locator("#history .history-step").all_inner_texts()
    assert steps[:6] == ["copy glyph 1", "move 1 shape", "clear", "add square", "add oval", "paste 2 shapes"]
    assert "group 2 shapes" in steps
    page.locator("#history .history-step", has_text="duplicate 1 shape").click()
    assert len(text(page).split()) == 2
    # scale the board's glyphs down to make room, and up again
    width = box(page, ".glyph-tile")["width"]
    page.keyboard.press("Control+Alt+j")
    assert box(page, ".glyph-tile")["width"] < width
    page.keyboard.press("Control+Alt+k")
    assert box(page, ".glyph-tile")["width"] == pytest.approx(width, abs=1)
    # "?" shows every key, Escape closes it
    page.keyboard.press("?")
    page.wait_for_selector("#help")
    assert "Ctrl+C / Ctrl+X / Ctrl+V" in page.inner_text("#help")
    shot(page, f"glyphs-keys-help-{size}")
    page.keyboard.press("Escape")
    assert page.locator("#help").count() == 0
    shot(page, f"glyphs-keys-builder-{size}")


def test_group_drag_and_a_cancelled_drag(live_server, open_page):
    table_id, token = _table(live_server, [], seed=5)
    page = open_page("desktop", table_id, token)
    page.wait_for_selector("#builder")
    for key in ("5", "n", "1", "n", "Control+a"):
        page.keyboard.press(key)
    assert text(page) == "square@0,0 oval@1.5,0"
    x, y = centre(page, 0)
    u = unit(page)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + u / 2, y - u / 2, steps=3)
    page.keyboard.press("?")  # the page is redrawn mid-drag (as when anything happens at the table)
    page.keyboard.press("Escape")
    page.mouse.move(x + u, y - u, steps=3)
    page.mouse.up()
    assert text(page) == "square@1,1 oval@2.5,1"  # both selected shapes moved by one unit, through the redraw
    # The stuck drag of issue 27: select all, press on a shape, the drag is cancelled (by the
    # browser, a gesture or a lost capture): the shapes go back and nothing follows the pointer.
    page.keyboard.press("Control+a")
    x, y = centre(page, 0)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 2 * u, y, steps=5)
    # The shapes follow the pointer before the cancel comes: on a busy machine the press and the
    # moves can still wait in the page's queue while a script runs (and the cancel found no drag).
    page.wait_for_function("""() => document.querySelector('#glyph-grid [data-index="0"]')
        .getAttribute('transform').startsWith('translate(3 1)')""")
    page.eval_on_selector("#glyph-grid", "g => g.dispatchEvent(new PointerEvent('pointercancel', {pointerId: 1, bubbles: true}))")
    page.mouse.up()
    assert text(page) == "square@1,1 oval@2.5,1"
    page.mouse.move(x + 3 * u, y + u, steps=5)  # hovering moves nothing
    assert text(page) == "square@1,1 oval@2.5,1"
    grid = box(page, "#glyph-grid")
    page.mouse.click(grid["x"] + 10 * u, grid["y"] + 2 * u)  # a click places a new shape, drops nothing
    assert text(page) == "square@1,1 oval@2.5,1 oval@8,5"
    # a lost pointer capture ends the drag too (keeping the move so far)
    x, y = centre(page, 2)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - u, y, steps=5)
    page.eval_on_selector("#glyph-grid", "g => g.dispatchEvent(new PointerEvent('lostpointercapture', {pointerId: 1}))")
    page.mouse.up()
    page.mouse.move(x - 4 * u, y + 2 * u, steps=5)
    assert text(page) == "square@1,1 oval@2.5,1 oval@7,5"
    shot(page, "glyphs-keys-drag-desktop")


def test_a_finger_drags_shapes_and_the_page_stays(live_server, open_page):
    table_id, token = _table(live_server, [], seed=6)
    page = open_page("phone", table_id, token)
    page.wait_for_selector("#builder")
    for key in ("5", "n"):
        page.keyboard.press(key)
    page.wait_for_function("() => document.querySelector('#glyph-text').textContent === 'square@0,0'")
    # in one step: the grid is drawn anew on each change, so a held element can go stale
    page.eval_on_selector("#glyph-grid", "g => g.scrollIntoView({block: 'center'})")
    before_scroll = page.evaluate("window.scrollY")
    x, y = centre(page, 0)
    u = unit(page)
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, px: float, py: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": px, "y": py, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x, y)
    for k in range(1, 9):
        touch("touchMove", x + k * u / 4, y + k * u / 4)  # two units right, two down
    touch("touchEnd", x + 2 * u, y + 2 * u)
    page.wait_for_function("() => document.querySelector('#glyph-text').textContent === 'square@2,-2'")
    assert page.evaluate("window.scrollY") == before_scroll  # the page did not scroll
    # two shapes selected: one finger moves both
    for key in ("Control+a", "Delete", "5", "n", "1", "n", "Control+a"):
        page.keyboard.press(key)
    assert text(page) == "square@0,0 oval@1.5,0" and selected(page) == 2
    x, y = centre(page, 0)
    touch("touchStart", x, y)
    for k in range(1, 5):
        touch("touchMove", x - k * u / 4, y)  # one unit left
    touch("touchEnd", x - u, y)
    page.wait_for_function("() => document.querySelector('#glyph-text').textContent === 'square@-1,0 oval@0.5,0'")
    shot(page, "glyphs-keys-touch-phone")


@pytest.mark.parametrize("size", SIZES)
def test_every_phrasing_is_read_back_before_the_coin(live_server, open_page, size):
    table_id, token = _table(live_server, [{"kind": "bot", "bot": "policy"}] * 2, position=GUESS_POSITION)
    page = open_page(size, table_id, token)
    page.wait_for_selector("#guess-text")
    for phrase, reading in PHRASINGS:
        fill(page, "#guess-text", phrase)
        expected = f"Reads as: A glyph is approved if and only if {reading}."
        try:
            page.wait_for_function("t => document.querySelector('#guess-reading').textContent === t", arg=expected)
        except Exception:
            raise AssertionError((phrase, page.inner_text("#guess-reading"), page.input_value("#guess-text"))) from None
    fill(page, "#guess-text", "has a tri")
    page.wait_for_selector("#guess-completions .completion")
    assert page.locator("#guess-completions .completion").first.inner_text() == "has a triangle"
    page.press("#guess-text", "Tab")  # takes the completion
    assert page.input_value("#guess-text") == "has a triangle"
    page.wait_for_function("() => document.querySelector('#guess-reading').textContent.includes('at least one triangle')")
    fill(page, "#guess-text", "at least one oval and no t")
    page.wait_for_selector("#guess-completions .completion >> text=at least one oval and no triangles")
    assert "Keep typing" in page.inner_text("#guess-reading")
    shot(page, f"glyphs-keys-guess-{size}")
    fill(page, "#guess-text", "has a blob")
    page.wait_for_selector("#guess-reading .problem")
    assert "cannot read" in page.inner_text("#guess-reading")
    # on the table, read back again; withdrawing is free (W), confirming pays (C)
    for phrase in ("there is an oval", "contains an oval", "at least 1 oval"):
        fill(page, "#guess-text", phrase)
        page.press("#guess-text", "Enter")
        page.wait_for_selector("#guess-on-table")
        assert "it has at least one oval" in page.inner_text("#guess-on-table")
        page.keyboard.press("w")
        page.wait_for_selector("#guess-text")
    fill(page, "#guess-text", "a glyph must include at least one oval")
    page.press("#guess-text", "Enter")
    page.wait_for_selector("#guess-on-table")
    page.keyboard.press("c")
    page.wait_for_selector("#end-screen")
    assert page.inner_text("#end-screen h2") == "Ann guessed the decree and won!"
    assert "it has at least one oval" in page.inner_text("#end-screen")
    assert page.locator(".banner:not(#turn)").count() == 0  # one end screen, not a stack of banners
    shot(page, f"glyphs-keys-end-{size}")


def test_the_guess_box_keeps_the_keyboard_through_a_redraw(live_server, open_page):
    """A redraw of the board replaces the guess box: the new box must hold the keyboard before
    the next key arrives, or letters typed just then reach the page's hotkeys (P passes) and the
    Enter is lost. Here the connection drops: back, the page draws the table again."""
    table_id, token = _table(live_server, [{"kind": "bot", "bot": "policy"}] * 2, position=GUESS_POSITION)
    sockets = []

    def relay(socket):  # the table's socket, through a relay the test can cut
        socket.connect_to_server()
        sockets.append(socket)

    page = open_page("desktop", table_id, token, before=lambda ctx: ctx.route_web_socket(re.compile("/ws/"), relay))
    page.wait_for_selector("#rules-panel:not([hidden])")
    page.wait_for_selector("#guess-text")
    page.evaluate("""() => {
      window.heldAfterRedraw = [];
      // once a redraw is done, in the next task (where a typed key would land): who holds the keyboard
      new MutationObserver(() => setTimeout(() => window.heldAfterRedraw.push(document.activeElement.id), 0))
        .observe(document.getElementById('game'), {childList: true, subtree: true});
      document.getElementById('guess-text').focus();
    }""")
    sockets[-1].close()
    page.wait_for_function("() => window.heldAfterRedraw.length > 0")
    assert set(page.evaluate("window.heldAfterRedraw")) == {"guess-text"}
    page.keyboard.type("only ovals")  # and the keys go on into the box
    assert page.input_value("#guess-text") == "only ovals"


def test_someone_arriving_redraws_the_seats_not_the_board(live_server, open_page):
    """Presence (a spectator opens the table) changes the seats panel only: the board, with the
    guess box Ann is typing in, is the same element before and after."""
    table_id, token = _table(live_server, [{"kind": "bot", "bot": "policy"}] * 2, position=GUESS_POSITION)
    page = open_page("desktop", table_id, token)
    page.wait_for_selector("#rules-panel:not([hidden])")
    page.wait_for_selector("#guess-text")
    page.evaluate("document.querySelector('#game .board').dataset.before = 'yes'")
    fill(page, "#guess-text", "only ovals")
    watcher = page.context.browser.new_context()
    watcher.new_page().goto(f"{live_server}/t/{table_id}")
    page.wait_for_selector("#seat-actions >> text=1 watching")
    assert page.evaluate("document.querySelector('#game .board').dataset.before") == "yes"
    assert page.input_value("#guess-text") == "only ovals"
    assert page.evaluate("document.activeElement.id") == "guess-text"
    watcher.close()


#: What the page asks of Ann now (read from what it shows).
PHASE = """() => {
  if (document.querySelector('#end-screen')) return 'over';
  if (document.querySelector('button[data-action="predict approved"]')) return 'predict';
  if (document.querySelector('button[data-action="confirm"]')) return 'confirm';
  if (document.querySelector('button[data-action="pass"]')) return 'guess';
  if (document.querySelector('#builder button[data-verb="perform"]')) return 'build';
  return 'wait';
}"""


#: The table answered Ann's move: a new step, or a refusal (not the page's "no answer yet" note,
#: which a busy machine may show before the answer comes).
MOVED_OR_REFUSED = """s => {
  const error = document.querySelector('#error:not([hidden])');
  return document.body.dataset.step !== s || (!!error && !error.textContent.startsWith('no answer yet'));
}"""


def _phase(page) -> tuple[str, str]:
    """What the page asks of Ann, once it asks something (or the game is over), and the step it
    shows, read together: while the bots move it asks nothing, and this waits for the page to
    change. (Read apart, a bot's move could land between them: the key for the old phase then
    acts on nothing and the step it waits to change never does.)"""
    return tuple(page.wait_for_function(
        f"() => {{ const p = ({PHASE})(); return p === 'wait' ? null : [p, document.body.dataset.step]; }}").json_value())


@pytest.mark.parametrize("size", SIZES)
def test_a_whole_three_apprentice_game_from_the_keyboard(live_server, open_page, size):
    bots = [{"kind": "bot", "bot": "policy"}] * 2
    table_id, token = _table(live_server, bots, seed=11, options={"level": 1})
    page = open_page(size, table_id, token)
    page.wait_for_selector(".glyphs")
    keys_pressed, kinds, guessed = 0, "1234567", False
    for _ in range(MAX_TURNS):  # Ann's decisions: each waits for the page, not for the clock
        phase, step = _phase(page)
        if phase == "over":
            break
        if phase == "build":  # the builder keeps the last glyph: clear it, then a shape, placed, performed
            for key in ("Control+a", "Delete", kinds[keys_pressed % len(kinds)], "n", "p"):
                page.keyboard.press(key)
            keys_pressed += 5
        elif phase == "predict":
            page.keyboard.press("a")
            keys_pressed += 1
        elif phase == "guess" and not guessed:
            page.keyboard.press("g")
            page.keyboard.type("only ovals")
            page.keyboard.press("Enter")
            keys_pressed += 3
            guessed = True
        elif phase == "guess":
            page.keyboard.press("p")
            keys_pressed += 1
        elif phase == "confirm":
            page.keyboard.press("c")
            keys_pressed += 1
        page.wait_for_function(MOVED_OR_REFUSED, arg=step)
        if phase == "guess" and page.locator("#error:not([hidden])").count():
            page.keyboard.press("Escape")  # a refused guess: leave the box, then pass
    assert _phase(page)[0] == "over", "the game did not end"
    end = page.inner_text("#end-screen")
    assert "guessed the decree" in end and "The decree was:" in end
    assert keys_pressed >= 4
    page.mouse.move(0, 0)
    shot(page, f"glyphs-keys-game-{size}")
