"""The Heroscape battlefield in 3D (games/heroscape3d.js, three.js on Chromium's software WebGL):
one click from the flat map, it shows the same hexes, figures and glyphs; a figure is selected
and moved by pointer (mouse at 1280 x 800, touch at 390 x 844); published Virtualscape maps drawn
in 3D are saved as screenshots (tests/artifacts/heroscape-3d-*.png)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from glyphhall.games.heroscape.map_files import read_map_file

from .conftest import WAIT_MS, WHOLE_GAME, click_in_page, shot
from .seats import SeatSocket, seat_script, seated_table

pytestmark = [pytest.mark.browser, pytest.mark.slow]

MAPS = Path(__file__).resolve().parent.parent / "games" / "heroscape" / "virtualscape_maps"

FLAT_LISTING = """() => ({
  hexes: [...document.querySelectorAll('#hs-map .hs-hex')].map(e => e.dataset.hex).sort(),
  figures: [...document.querySelectorAll('#hs-map .hs-figure')].map(e => e.dataset.figure + '@' + e.dataset.hex).sort(),
  glyphs: [...document.querySelectorAll('#hs-map .hs-glyph')].map(e => e.dataset.glyph + '@' + e.dataset.hex).sort(),
})"""
SHOWN_3D = """() => ({
  hexes: [...document.querySelectorAll('#hs-3d-shown .hs3d-hex')].map(e => e.dataset.hex).sort(),
  figures: [...document.querySelectorAll('#hs-3d-shown .hs3d-figure')].map(e => e.dataset.figure + '@' + e.dataset.hex).sort(),
  glyphs: [...document.querySelectorAll('#hs-3d-shown .hs3d-glyph')].map(e => e.dataset.glyph + '@' + e.dataset.hex).sort(),
})"""


def table_at_a_move(base: str, seed: int, options: dict | None = None, until=lambda state: state["view"].get("reach")):
    """A seated 2-person table played at random to a turn where a figure can move (or `until`
    the mover's state says so): (table id, tokens, the mover's seat, its view)."""
    table_id, tokens = seated_table(base, "heroscape", seed=seed, options=options)
    sockets = [SeatSocket(base, table_id, t) for t in tokens]
    rng = random.Random(seed)
    try:
        for _ in range(1500):
            state = sockets[0].refresh()
            mover = state["to_move"][0] if state["to_move"] else 0
            if mover != 0:
                state = sockets[1].refresh()
            if until(state):
                return table_id, tokens, mover, state["view"]
            sockets[mover].play_random(rng)
    finally:
        for sock in sockets:
            sock.close()
    pytest.fail("no turn with a figure to move came up")


def open_3d(page) -> None:
    """From the flat map (the default) to the 3D view by its toggle; waits until it has drawn."""
    page.wait_for_selector("#hs-map")
    click_in_page(page, "#hs-view-toggle")
    page.wait_for_selector("#hs-3d canvas")
    page.wait_for_function("() => Number(document.querySelector('#hs-3d')?.dataset.frames || 0) > 0")


def point(page, hex_: str, lift: float = 0.0) -> dict:
    """Where hex_ (or a figure on it, lift above) is drawn, once the hex is in view and a pick
    there chooses it."""
    page.evaluate("() => document.querySelector('#hs-3d').scrollIntoView({block: 'center'})")
    return page.evaluate("([h, lift]) => document.querySelector('#hs-3d').hs3d.screenPoint(h, lift)", [hex_, lift])


def picked(page, where: dict) -> dict | None:
    """What a pick at that place chooses; None for a place outside the canvas or the window."""
    if not where["inside"]:
        return None
    return page.evaluate("([x, y]) => document.querySelector('#hs-3d').hs3d.pickAt(x, y)", [where["x"], where["y"]])


def reachable_end(page, view: dict, figure: str) -> str:
    """A hex the figure can end on whose drawn place picks that very hex (not hidden behind a
    taller column), the engine's only place for the other end."""
    tails = (view.get("tails") or {}).get(figure, {})
    for end in sorted(view["reach"][figure], key=lambda e: -len(view["reach"][figure][e])):
        if len(tails.get(end) or {}) > 1:
            continue
        found = picked(page, point(page, end))
        if found and found["hex"] == end and not found["figure"]:
            return end
    pytest.fail(f"no place of {figure} is in view unhidden")


def choose_figure(page, view: dict) -> str:
    """A figure that can move and is drawn in view (a pick on it chooses it)."""
    for figure in view["reach"]:
        hex_ = next(f["hex"] for f in view["figures"] if f["name"] == figure)
        found = picked(page, point(page, hex_, 0.5))
        if found and found["figure"] == figure:
            return figure
    pytest.fail("no figure that can move is in view")


def select_by_pointer(page, figure: str, hex_: str, tap: bool = False) -> None:
    if figure_name_selected(page, figure):  # the only figure to move comes selected
        return
    where = point(page, hex_, 0.5)
    if tap:
        page.touchscreen.tap(where["x"], where["y"])
    else:
        page.mouse.click(where["x"], where["y"])
    page.wait_for_function("f => document.querySelector('#hs-3d').hs3d.model.figures.some(x => x.name === f && x.selected)",
                           arg=figure)


def figure_name_selected(page, figure: str) -> bool:
    return page.evaluate("f => document.querySelector('#hs-3d').hs3d.model.figures.some(x => x.name === f && x.selected)", figure)


def test_3d_view_shows_the_flat_maps_state_and_moves_a_figure_by_mouse(live_server, new_page):
    table_id, tokens, mover, view = table_at_a_move(live_server, seed=7)
    page = new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(seat_script(table_id, tokens[mover]))
    page.goto(f"{live_server}/t/{table_id}")
    page.wait_for_selector("#hs-map .hs-figure")
    flat = page.evaluate(FLAT_LISTING)
    open_3d(page)
    assert page.locator("#hs-map").count() == 0  # the 3D view replaces the flat map
    assert page.evaluate(SHOWN_3D) == flat
    assert len(flat["hexes"]) > 100 and flat["figures"]

    figure = choose_figure(page, view)
    hex_ = next(f["hex"] for f in view["figures"] if f["name"] == figure)
    select_by_pointer(page, figure, hex_)
    end = reachable_end(page, view, figure)
    where = point(page, end)
    page.mouse.move(where["x"], where["y"])  # the path is drawn under the pointer first
    page.wait_for_function("() => document.querySelector('#hs-3d').hs3d.hoverLine.geometry.attributes.position?.count > 1")
    shot(page, "heroscape-3d-path")
    step = int(page.get_attribute("body", "data-step"))
    page.mouse.click(where["x"], where["y"])  # one click moves, as on the flat map
    page.wait_for_function("s => Number(document.body.dataset.step) > s", arg=step, timeout=WAIT_MS)
    page.wait_for_selector(f'#hs-3d-shown .hs3d-figure[data-figure="{figure}"][data-hex="{end}"]')
    shown = page.evaluate(SHOWN_3D)
    shot(page, "heroscape-3d-moved")
    click_in_page(page, "#hs-view-toggle")  # back to the flat map: the same state
    page.wait_for_selector(f'#hs-map .hs-figure[data-figure="{figure}"][data-hex="{end}"]')
    assert page.evaluate(FLAT_LISTING) == shown


def attacks(state) -> list[str]:
    return [t for t in state["legal"] if t.startswith("attack ")]


AIMS_3D = """() => Object.fromEntries([...document.querySelectorAll('#hs-3d-shown .hs3d-aim')].map(e =>
  [e.dataset.to, {spaces: Number(e.dataset.spaces), attack_height: Number(e.dataset.attackHeight),
                  defense_height: Number(e.dataset.defenseHeight), from: e.dataset.from}]))"""


def assert_aims_drawn(page, view: dict, attacker: str) -> None:
    """The 3D view draws a line of sight to each figure the engine lets `attacker` attack (the
    view's `aims`, the same targets as the attack actions) with its spaces and height dice."""
    page.wait_for_function("a => document.querySelector('#hs-3d').hs3d.aimed?.some(x => x.from === a)", arg=attacker)
    shown = page.evaluate(AIMS_3D)
    expected = {target: {**info, "from": attacker} for target, info in view["aims"][attacker].items()}
    assert shown == expected
    legal = page.evaluate("() => [...document.querySelectorAll('[data-action]')].map(e => e.dataset.action)")
    assert set(shown) == {t.split()[2] for t in legal if t.startswith("attack ") and t.split()[1] == attacker}
    lines = page.evaluate("() => document.querySelector('#hs-3d').hs3d.marks.children.filter(o => o.material?.isLineDashedMaterial).length")
    assert lines == len(shown)


def test_3d_view_chooses_an_attack_target_by_mouse(live_server, new_page):
    """A figure that may attack, selected in 3D; its targets ringed, each with its line of sight,
    spaces and height dice drawn; a click on one attacks it (the dice are rolled and shown)."""
    table_id, tokens, mover, view = table_at_a_move(live_server, seed=7, until=attacks)
    page = new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(seat_script(table_id, tokens[mover]))
    page.goto(f"{live_server}/t/{table_id}")
    open_3d(page)
    legal = page.evaluate("() => [...document.querySelectorAll('[data-action]')].map(e => e.dataset.action)")
    hex_of = {f["name"]: f["hex"] for f in view["figures"]}
    for text in sorted({t for t in legal if t.startswith("attack ")}):
        _, attacker, target = text.split()[:3]
        select_by_pointer(page, attacker, hex_of[attacker])
        where = point(page, hex_of[target], 0.5)
        found = picked(page, where)
        if found and found["figure"] == target:
            break
    else:
        pytest.fail("no attack target is in view")
    assert page.evaluate("t => document.querySelector('#hs-3d').hs3d.model.figures.some(f => f.name === t && f.target)", target)
    assert_aims_drawn(page, view, attacker)
    page.mouse.move(where["x"], where["y"])
    page.wait_for_function("() => document.querySelector('#hs-3d').hs3d.aimLine.geometry.attributes.position?.count === 2")
    shot(page, "heroscape-3d-aim", full_page=False)
    step = int(page.get_attribute("body", "data-step"))
    page.mouse.click(where["x"], where["y"])
    if page.locator("#chooser").count():  # more than one way to attack it: the chooser offers them
        click_in_page(page, "#chooser button[data-action^='attack']")
    page.wait_for_function("s => Number(document.body.dataset.step) > s", arg=step)
    page.wait_for_selector("#dice")
    shot(page, "heroscape-3d-attack", full_page=False)


def test_3d_view_on_a_phone_shows_the_attacks_and_attacks_by_touch(live_server, browser):
    table_id, tokens, mover, view = table_at_a_move(live_server, seed=7, until=attacks)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(WAIT_MS)
    try:
        page = ctx.new_page()
        page.add_init_script(seat_script(table_id, tokens[mover]))
        page.goto(f"{live_server}/t/{table_id}")
        open_3d(page)
        hex_of = {f["name"]: f["hex"] for f in view["figures"]}
        for attacker in sorted(view["aims"]):
            select_by_pointer(page, attacker, hex_of[attacker], tap=True)
            target = next((t for t in sorted(view["aims"][attacker])
                           if (found := picked(page, point(page, hex_of[t], 0.5))) and found["figure"] == t), None)
            if target:
                break
        else:
            pytest.fail("no attack target is in view")
        assert_aims_drawn(page, view, attacker)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, "heroscape-3d-390-aim", full_page=False)
        step = int(page.get_attribute("body", "data-step"))
        where = point(page, hex_of[target], 0.5)
        page.touchscreen.tap(where["x"], where["y"])
        if page.locator("#chooser").count():
            page.wait_for_function("() => document.querySelector('#hs-3d').hs3d.aimLine.geometry.attributes.position?.count === 2")
            click_in_page(page, "#chooser button[data-action^='attack']")
        page.wait_for_function("s => Number(document.body.dataset.step) > s", arg=step)
        page.wait_for_selector("#dice")
    finally:
        ctx.close()


def test_3d_view_on_a_phone_selects_and_moves_by_touch(live_server, browser):
    table_id, tokens, mover, view = table_at_a_move(live_server, seed=11)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(WAIT_MS)
    try:
        page = ctx.new_page()
        page.add_init_script(seat_script(table_id, tokens[mover]))
        page.goto(f"{live_server}/t/{table_id}")
        open_3d(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        figure = choose_figure(page, view)
        hex_ = next(f["hex"] for f in view["figures"] if f["name"] == figure)
        select_by_pointer(page, figure, hex_, tap=True)
        end = reachable_end(page, view, figure)
        where = point(page, end)
        page.touchscreen.tap(where["x"], where["y"])  # a finger sees the path first, then Move
        page.wait_for_selector("#move-go")
        assert page.get_attribute("#move-go", "data-action") == f"move {figure} {end}"
        shot(page, "heroscape-3d-390-path", full_page=False)
        step = int(page.get_attribute("body", "data-step"))
        page.click("#move-go")
        page.wait_for_function("s => Number(document.body.dataset.step) > s", arg=step)
        page.wait_for_selector(f'#hs-3d-shown .hs3d-figure[data-figure="{figure}"][data-hex="{end}"]')
    finally:
        ctx.close()


@pytest.mark.parametrize("name", ["Volcan_de_la_mort.hsc", "Rotten_Ice.hsc", "Castle_vs_elements.hsc"])
def test_published_maps_in_3d_screenshots(live_server, new_page, name):
    """Published Virtualscape maps (road walls on the first two) as a table's map, drawn in 3D:
    every hex of the imported map is in the scene; the screenshot is for looking at."""
    text = read_map_file((MAPS / name).read_bytes(), name).text
    table_id, tokens, mover, view = table_at_a_move(live_server, seed=5, options={"map_text": text})
    page = new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(seat_script(table_id, tokens[mover]))
    page.goto(f"{live_server}/t/{table_id}")
    open_3d(page)
    assert page.locator("#hs-3d-shown .hs3d-hex").count() == len(view["board"]["hexes"])
    page.evaluate("() => document.querySelector('#hs-3d').scrollIntoView({block: 'start'})")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    shot(page, f"heroscape-3d-{Path(name).stem}", full_page=False)


GOLDEN = Path(__file__).resolve().parent.parent / "playthroughs" / "heroscape-standard-2p-random-1.txt"


@WHOLE_GAME
def test_flat_map_and_3d_view_show_the_same_state_at_every_step_of_a_golden_playthrough(live_server, browser):
    """The golden playthrough (seed 1) replayed move by move at a table; one watcher sees the flat
    map, another the 3D view: after every step both list the same hexes, figures and glyphs."""
    moves = [(int(m.group(1)), m.group(2)) for m in
             (re.match(r"step \d+ seat (\d+): (.+)$", line) for line in GOLDEN.read_text().splitlines()) if m]
    assert GOLDEN.read_text().splitlines()[1].startswith('spec {"game":"heroscape","max_steps":300,"options":{},"players":2')
    table_id, tokens = seated_table(live_server, "heroscape", seed=1)
    sockets = [SeatSocket(live_server, table_id, t) for t in tokens]
    contexts = []
    try:
        pages = []
        for view in ("flat", "3d"):
            ctx = browser.new_context(viewport={"width": 1280, "height": 800})
            ctx.set_default_timeout(WAIT_MS)
            ctx.add_init_script(f"localStorage.setItem('glyphhall.hs-view', '{view}')")
            contexts.append(ctx)
            page = ctx.new_page()
            page.goto(f"{live_server}/t/{table_id}")
            pages.append(page)
        flat, three = pages
        flat.wait_for_selector("#hs-map")
        three.wait_for_selector("#hs-3d-shown .hs3d-hex")
        assert len(moves) == 300  # the whole file: draft, placement, order markers, turns of moves and attacks
        for step, (seat, text) in enumerate(moves, start=1):
            sockets[seat].play(text)
            for page in pages:
                page.wait_for_function("s => Number(document.body.dataset.step) >= s", arg=step)
            shown = three.evaluate(SHOWN_3D)
            assert shown == flat.evaluate(FLAT_LISTING), f"after step {step} ({text})"
        assert shown["figures"], "figures were placed in the steps replayed"
    finally:
        for sock in sockets:
            sock.close()
        for ctx in contexts:
            ctx.close()
