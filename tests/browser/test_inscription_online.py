"""Two browsers play Inscription to its end by clicking, a third watches and never sees a hand,
a reload reconnects, an illegal move shows its error; screenshots go to tests/artifacts/."""

from __future__ import annotations

import json
import random

import pytest

from glyphhall import games

from .conftest import WHOLE_GAME, shot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif("inscription" not in games.ids(), reason="inscription is not registered"),
    WHOLE_GAME,
]

MAX_STEPS = 1500


def legal_of(page) -> list[str]:
    raw = page.get_attribute(".insc", "data-legal")
    return json.loads(raw) if raw else []


def step_of(page) -> int:
    return int(page.get_attribute("body", "data-step") or -1)


def wait_step(pages, step: int) -> None:
    for p in pages:
        p.wait_for_function("s => Number(document.body.dataset.step) >= s", arg=step)


def choose_to_end(legal: list[str], rng: random.Random, seat: int) -> str:
    """A move that brings the game to its end in about a hundred steps (random play takes 100 to
    700): the first seat plays its costliest card (sacrifices and all) each time it can, the
    second only draws and rings the bell, so the first seat's creatures tip the scale."""
    if seat == 1:
        for wanted in ("draw squirrel", "draw creature", "bell"):
            if wanted in legal:
                return wanted
        return rng.choice(legal)
    plays = [a for a in legal if a.startswith("play ")]
    if plays:
        most = max(a.count(" ") for a in plays)
        return rng.choice([a for a in plays if a.count(" ") == most])
    for wanted in ("draw creature", "bell"):
        if wanted in legal:
            return wanted
    return rng.choice(legal)


def click_action(page, text: str, drag: bool = False) -> None:
    """Do `text` the way a person would: click (or drag) the card, the space, the sacrifices, or
    the button."""
    if text.startswith("play "):
        words = text.split()
        card, space = words[1], words[2]
        sacs = words[4:] if len(words) > 3 else []
        target = f'.slot[data-row="me"][data-space="{space}"]'
        if drag:
            page.drag_and_drop(f'#hand [data-hand="{card}"]', target)
        else:
            page.click(f'#hand [data-hand="{card}"]')
            page.click(target)
        if page.locator("#confirm").count():
            for s in sacs:
                page.click(f'.slot[data-row="me"][data-space="{s}"]')
            page.click("#confirm")
        return
    page.click(f'[data-action="{text}"]')


def test_two_browsers_play_inscription_to_the_end(live_server, new_page):
    rng = random.Random(4)
    ann, bob, cat = new_page(), new_page(), new_page()
    frames: list[dict] = []
    cat.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))))

    # Ann creates the table in the lobby (she takes seat 0), Bob joins by the invite link.
    ann.goto(live_server + "/")
    ann.wait_for_selector('#game option[value="inscription"]', state="attached")
    ann.select_option("#game", "inscription")
    ann.fill("#my-name", "Ann")
    shot(ann, "lobby")
    assert "items" in ann.inner_text("#options") and "Create table" in ann.inner_text("#create")
    # A guest's table is friendly, said so (once the lobby knows nobody is signed in), and its undo
    # is Ann's choice.
    ann.wait_for_selector("#rated-note:has-text(\"guests' games are not rated\")")
    assert ann.is_disabled("#table-rated") and not ann.is_checked("#table-rated") and ann.is_checked("#table-undo")
    assert "guests' games are not rated" in ann.inner_text("#rated-note")
    assert ann.input_value("select[name='seat-1']") == "bot:hard"  # a quick game against the computer by default
    ann.select_option("select[name='seat-1']", "person")
    ann.click("#create-form button[type=submit]")
    ann.wait_for_url("**/t/*")
    invite = ann.url
    bob.goto(invite)
    bob.fill("#seat-name", "Bob")  # a guest types a name on the page (no pop-up)
    bob.click('button.take[data-seat="1"]')
    bob.wait_for_selector("text=you play as Bob")
    cat.goto(invite)
    cat.wait_for_selector("text=watching")
    ann.wait_for_selector("#start:not([disabled])")
    ann.click("#start")
    pages = [ann, bob, cat]
    wait_step(pages, 0)
    for p in pages:
        p.wait_for_selector(".insc")

    # An illegal move typed by hand is refused with its error, and nothing changes.
    ann.fill("#action-text", "play 9 9")
    ann.press("#action-text", "Enter")
    refusal = ann.wait_for_function("""() => {
      const error = document.querySelector('#error:not([hidden])');  // (not the note a slow answer gets)
      return error && !error.textContent.startsWith('no answer yet') ? error.textContent : null;
    }""").json_value()
    assert "not legal" in refusal or "not an action" in refusal
    assert step_of(ann) == 0 and step_of(bob) == 0

    reloaded = dragged = False
    shots = set()
    step = 0
    while step_of(ann) >= 0 and ann.get_attribute("body", "data-status") == "running":
        assert step < MAX_STEPS, "the game did not end"
        movers = [p for p in (ann, bob) if legal_of(p)]
        assert movers, "nobody can move in a running game"
        page = movers[0]
        text = choose_to_end(legal_of(page), rng, 0 if page is ann else 1)
        drag = text.startswith("play ") and "sacrifice" not in text and not dragged
        click_action(page, text, drag)
        dragged = dragged or drag
        step += 1
        wait_step(pages, step)
        assert cat.locator("#hand").count() == 0 and legal_of(cat) == []
        if step == 40 and not reloaded:
            # Bob reloads in the middle of the game and carries on from the same position.
            before = bob.inner_text(".insc-board")
            bob.reload()
            bob.wait_for_selector(".insc")
            wait_step([bob], step)
            assert "you play as Bob" in bob.inner_text("#status")
            assert bob.inner_text(".insc-board") == before
            reloaded = True
        if step == 45 and "mid" not in shots:
            shot(ann, "inscription-seat0")
            shot(cat, "inscription-spectator")
            shots.add("mid")
    assert reloaded, "the game ended before the reload check"
    assert dragged, "no card was played by dragging it"
    for p in pages:
        p.wait_for_selector("text=Game over")
    assert ann.get_attribute("body", "data-status") == "finished"
    shot(ann, "inscription-finished")

    # The spectator was never sent a hand or a legal action.
    views = [f["view"] for f in frames if f.get("view")]
    assert views and all("hand" not in v and "items" not in v for v in views)
    assert all(not f.get("legal") for f in frames)

    # The replay link steps through the finished game.
    ann.click("#replay-link")
    ann.wait_for_url("**/r/*")
    ann.wait_for_selector("#next")
    ann.click("#next")
    ann.wait_for_selector("text=replay · step 1")
    shot(ann, "inscription-replay")
