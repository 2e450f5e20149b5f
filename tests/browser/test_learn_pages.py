"""A newcomer learns each game in the browser by pointer, at 1280 x 800 and at 390 x 844. Inscription's goes from the
lobby's "Learn" link to the short game at a real table; each shows the step's text beside the
board with the move it asks for (the board's control for it outlined), answers a wrong move with
why and keeps the position. Screenshots: tests/artifacts/learn-*.png."""

from __future__ import annotations

import pytest

from glyphhall.games.tutorials import tutorial

from .conftest import box, click_in_page, fill, resize, shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def _step(page, number: int) -> None:
    page.wait_for_selector(f"#lesson h3:has-text('Step {number} of 8')")


def _play_card(page, name: str, space: int, sacrifices: tuple[int, ...] = ()) -> None:
    """Click the hand card, its space, the creatures to sacrifice and "Play it", as a person does."""
    page.locator("#hand .hand-card.playable", has_text=name).first.click()
    page.click(f".slot.target[data-row='me'][data-space='{space}']")
    for space_sacrificed in sacrifices:
        page.click(f".slot[data-row='me'][data-space='{space_sacrificed}']")
    if sacrifices:
        page.click("#confirm")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_newcomer_learns_inscription_by_pointer(live_server, new_page, size):
    page = new_page()
    resize(page, SIZES[size])
    page.goto(live_server)
    link = page.wait_for_selector("#learn-links a[data-game='inscription']")
    assert link.inner_text() == "Learn Inscription"
    assert page.locator("#learn-links a.learn-link").count() == 5
    shot(page, f"learn-lobby-{size}", full_page=False)
    link.click()
    page.wait_for_url("**/learn/inscription")
    _step(page, 1)
    assert "Welcome to Inscription" in page.inner_text("#lesson-text")
    assert page.inner_text("#lesson-move") == "Your move: draw creature"
    page.wait_for_selector("#game [data-action='draw creature'].lesson-target")  # outlined on the board
    # A wrong move: answered with why; the step and the position stay.
    hand_before = page.locator("#hand .hand-card").count()
    page.click("#game [data-action='draw squirrel']")
    page.wait_for_selector("#lesson-refused")
    assert "A Squirrel is free to play but does not fight" in page.inner_text("#lesson-refused")
    _step(page, 1)
    assert page.locator("#hand .hand-card").count() == hand_before
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot(page, f"learn-wrong-move-{size}")
    page.click("#game [data-action='draw creature']")
    _step(page, 2)
    assert page.locator("#lesson-refused").count() == 0
    _play_card(page, "Stoat", 3, (1,))
    _step(page, 3)
    page.click("#bell")
    _step(page, 4)
    assert "Your opponent plays Squirrel on space 1" in page.inner_text("#log")
    page.click("#game [data-action='draw squirrel']")
    _step(page, 5)
    _play_card(page, "Squirrel", 1)
    _step(page, 6)
    _play_card(page, "Squirrel", 2)
    _step(page, 7)
    shot(page, f"learn-step-7-{size}")
    _play_card(page, "Wolf", 4, (1, 2))
    _step(page, 8)
    page.click("#bell")
    page.wait_for_selector("#lesson h3:has-text('Lesson done')")
    assert "gentlest computer" in page.inner_text("#lesson-text")
    text = page.inner_text("body")
    for leak in ("seat 0", "seat 1", "table null", "undefined", "toml"):
        assert leak not in text
    shot(page, f"learn-done-{size}")
    page.click("#short-game")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#game [data-action^='draft ']")  # a real table: the short game's draft, your pick
    assert "Beginner computer" in page.inner_text("#seats")
    shot(page, f"learn-short-game-{size}", full_page=False)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_newcomer_learns_heroscape_by_pointer(live_server, new_page, size):
    """Heroscape's lesson by pointer: the order markers' buttons (the one asked for outlined),
    a wrong marker refused, Finn moved by a click on the hex, the attack by a click on Thorgrim."""
    page = new_page()
    resize(page, SIZES[size])
    page.goto(f"{live_server}/learn/heroscape")
    page.wait_for_selector("#lesson h3:has-text('Step 1 of 7')")
    page.wait_for_selector("#game [data-action='order 1 finn'].lesson-target")
    click_in_page(page, "#game [data-action='order 2 finn']")  # a wrong marker: refused, nothing placed
    page.wait_for_selector("#lesson-refused")
    assert "Put order marker 1 on Finn first" in page.inner_text("#lesson-refused")
    page.wait_for_selector("#game [data-action='order 2 finn']")
    for number, marker in enumerate(["1", "2", "3", "x"], start=1):
        page.wait_for_selector(f"#lesson h3:has-text('Step {number} of 7')")
        click_in_page(page, f"#game [data-action='order {marker} finn']")
    page.wait_for_selector("#lesson h3:has-text('Step 5 of 7')")
    click_in_page(page, ".hs-hex[data-hex='d4']")
    page.wait_for_selector("#lesson h3:has-text('Step 6 of 7')")
    assert page.get_attribute(".hs-figure[data-figure='finn']", "data-hex") == "d4"
    click_in_page(page, ".hs-figure[data-figure='thorgrim']")
    page.wait_for_selector("#lesson h3:has-text('Step 7 of 7')")
    assert "takes 1 wound" in page.inner_text("#log")
    page.wait_for_selector("#game [data-action='end'].lesson-target")
    click_in_page(page, "#game [data-action='end']")
    page.wait_for_selector("#lesson h3:has-text('Lesson done')")
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot(page, f"learn-heroscape-done-{size}")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_newcomer_learns_glyfts_by_pointer(live_server, new_page, size):
    """Glyfts' lesson by pointer: a card placed by clicking it and then the creature, the attack by
    clicking attacker and defender, the dice and the summon by their buttons and cards."""
    page = new_page()
    resize(page, SIZES[size])
    page.goto(f"{live_server}/learn/glyfts")

    def step(number: int) -> None:
        page.wait_for_selector(f"#lesson h3:has-text('Step {number} of 8')")

    step(1)
    click_in_page(page, "#gf-hand [data-card='strength']")
    click_in_page(page, ".gf-creature.target[data-creature='gale_sprite']")  # wrong: refused with why
    page.wait_for_selector("#lesson-refused")
    assert "the Strength belongs under it" in page.inner_text("#lesson-refused")
    step(1)
    click_in_page(page, "#gf-hand [data-card='strength']")
    click_in_page(page, ".gf-creature.target[data-creature='storm_roc']")
    step(2)
    click_in_page(page, "#game [data-action='done']")
    step(3)
    click_in_page(page, ".gf-player.mine .gf-creature[data-creature='storm_roc']")
    click_in_page(page, ".gf-creature.target[data-creature='pebble_mite']")
    step(4)
    click_in_page(page, "#game [data-action='roll'].lesson-target")
    step(5)
    assert "captures" in page.inner_text("#log")
    click_in_page(page, "#game [data-action='done']")
    step(6)
    click_in_page(page, "#gf-reserve [data-creature='cloud_heron']")
    step(7)
    click_in_page(page, "#gf-hand [data-card='glyft_skyborne']")
    step(8)
    click_in_page(page, "#game [data-action='roll']")
    page.wait_for_selector("#lesson h3:has-text('Lesson done')")
    assert "Cloud Heron is summoned" in page.inner_text("#log")
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot(page, f"learn-glyfts-done-{size}")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_newcomer_learns_glyph_by_pointer(live_server, new_page, size):
    """Glyph's lesson by pointer: the champion clicked, the dice taken, marked and
    stored by clicks on them, the enemy clicked to attack, the Spoils card clicked to acquire."""
    found = tutorial("tundrus")
    assert found is not None
    total = len(found.steps)
    page = new_page()
    resize(page, SIZES[size])
    page.goto(f"{live_server}/learn/tundrus")

    def click(number: int, selector: str) -> None:
        """Click as a person does; where the click could mean several moves, the chooser's button
        for the step's move."""
        page.wait_for_selector(f"#lesson h3:has-text('Step {number} of {total}')")
        want = page.inner_text("#lesson-move").replace("Your move: ", "").strip()
        click_in_page(page, selector)
        done = f"Step {number + 1} of {total}" if number < total else "Lesson done"
        page.wait_for_function("([done, want]) => document.querySelector('#lesson h3').textContent.includes(done)"
                               " || document.querySelector(`#chooser [data-action=\"${want}\"], .td-chooser [data-action=\"${want}\"]`)",
                               arg=[done, want])
        if done not in page.inner_text("#lesson h3"):
            click_in_page(page, f"[data-action='{want}']")

    click(1, ".td-board[data-champion='fire_guard']")
    for number in (2, 3):
        click(number, "[data-action='take white tribal']")
    click(4, "[data-action='take green own']")
    click(5, "[data-action='take gold tribal']")
    click(6, "#game [data-action='roll']")
    click(7, "[data-die='2']")
    click(8, "#game [data-action='reroll']")
    click(9, ".td-board[data-champion='priestess']")
    click(10, "[data-item='tome_of_might']")
    click(11, "#game [data-action='consume']")
    click(12, "[data-die='3']")
    click(13, "#game [data-action='end']")
    click(14, "#game [data-action='end']")
    page.wait_for_selector("#lesson h3:has-text('Lesson done')")
    assert "loses 1 Health" in page.inner_text("#log")
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot(page, f"learn-tundrus-pointer-done-{size}")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_newcomer_learns_glyphs_by_pointer(live_server, new_page, size):
    """Glyphs' lesson by pointer: the glyph built by clicks on the builder's palette and grid,
    the prediction by its button, the decree typed into the guess box, the guess confirmed."""
    page = new_page()
    resize(page, SIZES[size])
    page.goto(f"{live_server}/learn/glyphs")

    def step(number: int) -> None:
        page.wait_for_selector(f"#lesson h3:has-text('Step {number} of 4')")

    def place(kind: str, x: float, y: float) -> None:
        """A click on the palette's shape, then on the grid at unit (x, y): (0, 0) lies 2 units in
        from the grid's bottom-left corner, 14 x 9 units in all."""
        page.click(f".kind[data-kind='{kind}']")
        grid = box(page, "#glyph-grid", scroll=True)
        page.mouse.click(grid["x"] + (x + 2) / 14 * grid["width"], grid["y"] + (7 - y) / 9 * grid["height"])

    step(1)
    place("oval", 0, 0)
    place("square", 1.5, 0)
    assert page.inner_text("#glyph-text") == "oval@0,0 square@1.5,0"
    page.click("button[data-verb='study']")  # a wrong move: refused with why, the glyph not studied
    page.wait_for_selector("#lesson-refused")
    assert "Studying a glyph shows its mark but wins no coin" in page.inner_text("#lesson-refused")
    step(1)
    page.click("button[data-verb='perform']")
    step(2)
    page.click("[data-action='predict approved']")
    step(3)
    fill(page, "#guess-text", "it has at least one oval")
    page.press("#guess-text", "Enter")
    step(4)
    page.click("[data-action='confirm']")
    page.wait_for_selector("#lesson h3:has-text('Lesson done')")
    assert "wins" in page.inner_text("#log")
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot(page, f"learn-glyphs-pointer-done-{size}")
