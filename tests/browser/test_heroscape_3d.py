"""The Heroscape battlefield in 3D (games/heroscape3d.js, three.js on Chromium's software WebGL):
one click from the flat map, it shows the same hexes, figures and glyphs; a figure is selected
and moved by pointer (mouse at 1280 x 800, touch at 390 x 844); published Virtualscape maps drawn
in 3D are saved as screenshots (tests/artifacts/heroscape-3d-*.png)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from glyphhall import games
from glyphhall.games.heroscape.map_files import read_map_file
from tests.playthroughs.playthrough import recorded_moves

from .conftest import WAIT_MS, click_in_page, shot
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

# Both views of every step, drawn by the page's own renderer (games/heroscape.js, its 3D view by
# its toggle) in one page evaluation: the flat map's listing and the 3D scene's, step by step.
BOTH_VIEWS_OF_EVERY_STEP = """async (views) => {
  localStorage.setItem('glyphhall.hs-view', 'flat');
  const { render } = await import('/static/games/heroscape.js');
  const root = document.createElement('div');
  // not in the document: nothing is laid out or composited, the listings are read from the DOM built
  const listing = (sel) => ({
    hexes: [...root.querySelectorAll(sel.hex)].map(e => e.dataset.hex).sort(),
    figures: [...root.querySelectorAll(sel.figure)].map(e => e.dataset.figure + '@' + e.dataset.hex).sort(),
    glyphs: [...root.querySelectorAll(sel.glyph)].map(e => e.dataset.glyph + '@' + e.dataset.hex).sort(),
  });
  const FLAT = { hex: '#hs-map .hs-hex', figure: '#hs-map .hs-figure', glyph: '#hs-map .hs-glyph' };
  const SHOWN = { hex: '#hs-3d-shown .hs3d-hex', figure: '#hs-3d-shown .hs3d-figure', glyph: '#hs-3d-shown .hs3d-glyph' };
  const differences = [];
  let figures = 0, shownIn3d = false;
  const toggle = async () => {
    root.querySelector('#hs-view-toggle').click();
    shownIn3d = !shownIn3d;
    for (let waited = 0; shownIn3d && !root.querySelector('#hs-3d-shown .hs3d-hex'); waited += 20) {  // the module loads once
      if (waited > 20000) throw new Error('the 3D view did not draw');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  for (const [step, view] of views.entries()) {
    // each step drawn in the view the last one ended in, then the other (two drawings a step)
    root.replaceChildren();
    render(root, { view, legal: [], moves: [], you: null, table: { seats: [{}, {}] }, act: () => {}, seatName: (i) => `player ${i + 1}`,
                   status: 'running', result: null, step, stateKey: step, replay: false, prevView: null, lastEvents: [], glossary: {} });
    const first = listing(shownIn3d ? SHOWN : FLAT);
    await toggle();
    const second = listing(shownIn3d ? SHOWN : FLAT);
    const [flat, shown] = shownIn3d ? [first, second] : [second, first];
    if (!root.querySelector('#hs-map') === !root.querySelector('#hs-3d-shown')) throw new Error('not one view at a time');
    if (JSON.stringify(shown) !== JSON.stringify(flat)) differences.push({ step, flat, shown });
    figures = Math.max(figures, shown.figures.length);
  }
  return { compared: views.length, differences: differences.slice(0, 3), figures };
}"""


def test_flat_map_and_3d_view_show_the_same_state_at_every_step_of_a_golden_playthrough(live_server, new_page):
    """The golden playthrough (seed 1) replayed move by move: the spectators' view after every
    step (state.view(None), what the server sends a watcher) drawn by the table page's renderer as
    the flat map and as the 3D view, in one page evaluation: both list the same hexes, figures and
    glyphs at every step."""
    text = GOLDEN.read_text()
    assert text.splitlines()[1].startswith('spec {"game":"heroscape","max_steps":300,"options":{},"players":2')
    moves = list(recorded_moves(text))
    assert len(moves) == 300  # the whole file: draft, placement, order markers, turns of moves and attacks
    game = games.get("heroscape")
    state = game.new(2, 1, {})
    views = [state.view(None)]
    for seat, action in moves:
        state.apply(seat, game.parse_action(state, seat, action))
        views.append(state.view(None))
    page = new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server}/")
    found = page.evaluate(BOTH_VIEWS_OF_EVERY_STEP, views)
    assert found["differences"] == [], f"the views differ (first steps shown): {found['differences']}"
    assert found["compared"] == 301
    assert found["figures"] >= 4, "figures were placed in the steps replayed"


def ladder_field() -> str:
    """A 20 x 10 field with a 6-level rock column at f10 and a castle ladder up to it from f11."""
    rows = [" ".join("6r" if (r, c) == (5, 10) else "1g" for c in range(1, 21)) for r in range(10)]
    text = 'name = "Ladder field"\nrows = [' + ", ".join(f'"{row}"' for row in rows) + ']\n[[ladder]]\nbetween = ["f10", "f11"]\n'
    return read_map_file(text.encode(), "ladder.toml").text  # with start zones chosen by rule, as an upload gets


def test_3d_view_draws_the_maps_ladders(live_server, new_page):
    """A map's castle ladders (the view's board.ladders) stand in the 3D scene on their edge."""
    table_id, _ = seated_table(live_server, "heroscape", seed=3, options={"map_text": ladder_field()})
    page = new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script("localStorage.setItem('glyphhall.hs-view', '3d')")
    page.goto(f"{live_server}/t/{table_id}")
    page.wait_for_selector("#hs-3d-shown .hs3d-hex")
    assert page.evaluate("() => [...document.querySelectorAll('#hs-3d-shown .hs3d-ladder')].map(e => e.dataset.between)") == ["f10 f11"]
    rungs = page.evaluate("() => document.querySelector('#hs-3d').hs3d.board.children.find(o => o.userData.ladders)?.count")
    assert rungs == 2 + 5  # two rails and a rung for each of the 5 levels risen
    page.evaluate("""() => { const v = document.querySelector('#hs-3d').hs3d, [x, y, z] = v.at['f11'];
      document.querySelector('#hs-3d').scrollIntoView({block: 'start'});
      v.orbit.target.set(x, y, z); v.orbit.radius = 7; v.orbit.theta = Math.PI / 2 + 0.5; v.orbit.apply(); }""")  # close up
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    shot(page, "heroscape-3d-ladder", full_page=False)


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_map_gallery_previews_a_map_in_3d(live_server, browser, width, height):
    """/maps: a map's "See it in 3D" shows that battlefield in the 3D view above the gallery
    (every hex of the map in the scene), at a desktop's and a phone's width."""
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=width < 500, is_mobile=width < 500)
    ctx.set_default_timeout(WAIT_MS)
    try:
        page = ctx.new_page()
        page.goto(f"{live_server}/maps")
        button = page.locator('button.map-3d[data-map="valkyrie"]')
        button.click()
        page.wait_for_selector("#map-3d-pane #hs-3d-shown .hs3d-hex")
        page.wait_for_function("() => Number(document.querySelector('#hs-3d')?.dataset.frames || 0) > 0")
        hexes = len(page.request.get(f"{live_server}/api/heroscape/maps/valkyrie/board").json()["hexes"])
        assert page.locator("#map-3d-pane .hs3d-hex").count() == hexes
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shot(page, f"heroscape-3d-gallery-{width}", full_page=False)
        page.click("#map-3d-close")
        assert page.locator("#map-3d-pane").is_hidden()
    finally:
        ctx.close()
