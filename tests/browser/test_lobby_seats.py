"""The lobby's seats keep what a person chose: the form is drawn again once the lobby knows who is
signed in, and when the game or the number of players changes; a seat already set to a person
stays a person (a busy machine once answered the account check after the choice, and the seat
went back to a bot), and only new seats get the default bot. Screenshots: tests/artifacts/lobby-seats-*.png."""

from __future__ import annotations

import pytest

from .conftest import resize, shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_seat_choice_survives_the_lobby_drawing_its_seats_again(live_server, new_page):
    page = new_page()
    held = []  # the account checks, answered only once a seat has been chosen
    page.route("**/api/account", lambda route: held.append(route))
    page.goto(live_server)
    page.wait_for_selector("#game option[value='inscription']", state="attached")
    page.select_option("#game", "inscription")  # a person quick to choose: the seats drawn now
    assert page.input_value("select[name='seat-1']") == "bot:hard"
    page.select_option("select[name='seat-1']", "person")
    for route in held:
        route.continue_()
    # The lobby lists the tables only after it has drawn the form again for the account it learnt.
    page.wait_for_function("document.getElementById('table-list').textContent !== 'loading…'")
    assert page.input_value("select[name='seat-1']") == "person"

    page.select_option("#game", "tundrus")  # another game, more players: old seats kept, new ones a bot
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    page.wait_for_selector("select[name='seat-2']")
    assert [page.input_value(f"select[name='seat-{i}']") for i in range(3)] == ["person", "person", "bot:hard"]
    assert page.inner_text("#seat-list").splitlines()[0].startswith("Player 1")
    for name, size in {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}.items():
        resize(page, size)
        shot(page, f"lobby-seats-{name}")


def test_every_game_s_lobby_form_fits_a_phone(live_server, new_page):
    """A form's fieldset is as wide as its widest option unless told otherwise: Heroscape's map
    file field once pushed the Options box past a phone's edge, and the page scrolled sideways."""
    page = new_page()
    resize(page, {"width": 390, "height": 844})
    page.goto(live_server)
    page.wait_for_selector("#game option[value='heroscape']", state="attached")
    games = page.eval_on_selector_all("#game option", "os => os.map(o => o.value)")
    assert {"heroscape", "inscription", "tundrus", "glyfts", "glyphs"} <= set(games)
    for game in games:
        page.select_option("#game", game)
        page.wait_for_selector("#options label.option", state="attached")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, game
        for box in ("#options", "#seats"):
            assert page.evaluate(f"document.querySelector('{box}').getBoundingClientRect().right") <= 390, (game, box)
    page.select_option("#game", "heroscape")
    shot(page, "lobby-options-phone")
