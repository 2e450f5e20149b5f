"""How many keystrokes and clicks a typical Glyphs turn takes at the table page, before and after
issue 27's keys, and how long the scripted turn runs (JSON; figures in bench/RESULTS.md, section
"Glyphs: actions per turn").

The typical turn (the rulebook's Game Tips: "copying and pasting an existing glyph and making
slight changes"): copy a 3-shape glyph of the board into the builder, change one shape (turn it),
perform it, predict its mark. A second scenario builds a 3-shape glyph from nothing.

- before: only what the page offered before issue 27: the "copy to builder" button, a click on
  a shape to select it, the Turn button, palette and grid clicks, the Perform and predict buttons;
- after: the copy button (which now selects the glyph's last shape), R, P, A; from nothing: a
  digit for the shape and N to place it beside the last one.

Every press of a key and every click counts as one action. The runs alternate (before, after,
before, ...) on fresh tables of the same seeded position; medians of the wall time are printed.

    python bench/client/glyphs_turn_actions.py [--runs 3]"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import httpx  # noqa: E402

from glyphhall.games.glyphs.decrees.parser import parse  # noqa: E402
from glyphhall.games.glyphs.decrees.semantics import evaluate  # noqa: E402
from glyphhall.games.glyphs.notation import format_glyph  # noqa: E402
from glyphhall.games.glyphs.pool import model_of, pool  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
DECREE = "it has at least one oval"
PREDICTING = 'button[data-action="predict approved"]'



def position() -> str:
    """One apprentice against the computer mage, a 3-shape glyph of the pool on the board."""
    three = next(g for g in pool() if len(g) == 3)
    mark = "approved" if evaluate(parse(DECREE), model_of(three)) else "rejected"
    return f"""
game = "glyphs"
players = 1
[position]
decree = "{DECREE}"
turn = 0
[[boards]]
glyphs = [
  {{ glyph = "oval@0,0", mark = "approved" }},
  {{ glyph = "square@0,0", mark = "rejected" }},
  {{ glyph = "{format_glyph(three)}", mark = "{mark}", by = 0, how = "study" }},
]
"""


class Counter:
    """A page whose clicks and key presses are counted."""

    def __init__(self, page) -> None:
        self.page, self.actions = page, 0

    def click(self, selector: str) -> None:
        self.page.click(selector)
        self.actions += 1

    def key(self, key: str, when: str | None = None) -> None:
        """Press `key` (once `when`, a selector, shows: a person waits for the page to answer)."""
        if when:
            self.page.wait_for_selector(when)
        self.page.keyboard.press(key)
        self.actions += 1

    def grid_click(self, ux: float, uy: float) -> None:
        """A click on the builder's grid at unit (ux, uy) (the grid's origin is 2 units in from the
        bottom-left of a 14 x 9 grid)."""
        self.page.wait_for_selector("#glyph-grid")  # a click on the palette redraws the builder
        self.page.evaluate("document.querySelector('#glyph-grid').scrollIntoView({block: 'center'})")
        box = self.page.locator("#glyph-grid").bounding_box()
        u = box["width"] / 14
        self.page.mouse.click(box["x"] + (ux + 2) * u, box["y"] + (7 - uy) * u)
        self.actions += 1


def copy_and_change_before(c: Counter) -> None:
    c.click(".glyph-tile[data-n='3'] button.copy")
    c.click('#glyph-grid .shape[data-index="2"]')  # the last shape, the one the after-path turns
    c.click("#rotate")
    c.click('button[data-verb="perform"]')
    c.click(PREDICTING)


def copy_and_change_after(c: Counter) -> None:
    c.click(".glyph-tile[data-n='3'] button.copy")
    c.key("r")
    c.key("p")
    c.key("a", when=PREDICTING)


def scratch_before(c: Counter) -> None:  # the same glyph as scratch_after: square@0,0 oval@1.5,0 triangle@3,0
    for kind, (x, y) in (("square", (0, 0)), ("oval", (1.5, 0)), ("triangle", (3, 0))):
        c.click(f'.palette [data-kind="{kind}"]')
        c.grid_click(x, y)
    c.click('button[data-verb="perform"]')
    c.click(PREDICTING)


def scratch_after(c: Counter) -> None:
    for key in ("5", "n", "1", "n", "3", "n"):
        c.key(key)
    c.key("p")
    c.key("a", when=PREDICTING)


SCENARIOS = {
    "copy a 3-shape glyph, turn one shape, perform, predict": (copy_and_change_before, copy_and_change_after),
    "build a 3-shape glyph from nothing, perform, predict": (scratch_before, scratch_after),
}


def serve(db: str):
    import uvicorn

    from glyphhall.server import create_app
    from glyphhall.server.guard.flood_limits import Limits

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(f"sqlite:///{db}", bot_workers=1, limits=Limits.machine_speed()),
                                           host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return server, f"http://127.0.0.1:{port}"


def one_turn(browser, base: str, script) -> tuple[int, float, str]:
    """(actions, seconds, the glyph made) for one scripted turn on a fresh table."""
    with httpx.Client(base_url=base, timeout=30) as http:
        table = http.post("/api/tables", json={"game": "glyphs", "seats": [{"kind": "person"}], "practice": True,
                                               "position": position()}).json()
        token = http.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Ann"}).json()["token"]
        http.post(f"/api/tables/{table['id']}/start", json={"token": token}).raise_for_status()
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    seat = json.dumps(json.dumps({"seat": None, "token": token}))
    ctx.add_init_script(f"localStorage.setItem('glyphhall.seat.{table['id']}', {seat})")
    page = ctx.new_page()
    page.goto(f"{base}/t/{table['id']}")
    page.wait_for_selector("#builder .palette .kind")
    counter = Counter(page)
    start = time.perf_counter()
    script(counter)
    page.wait_for_selector(".glyph-tile[data-n='4']")  # marked: the turn is done
    seconds = time.perf_counter() - start
    made = page.get_attribute(".glyph-tile[data-n='4']", "data-glyph")
    ctx.close()
    return counter.actions, seconds, made


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        server, base = serve(str(Path(tmp) / "bench.db"))
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        for name, (before, after) in SCENARIOS.items():
            runs: dict[str, list] = {"before": [], "after": []}
            for _ in range(args.runs):
                for label, script in (("before", before), ("after", after)):
                    runs[label].append(one_turn(browser, base, script))
            made = {g for got in runs.values() for _, _, g in got}
            assert len(made) == 1, f"the two ways made different glyphs: {made}"
            row = {"turn": name, "glyph": made.pop()}
            for label, got in runs.items():
                counts = {n for n, _, _ in got}
                assert len(counts) == 1, f"{label}: the scripted turn took different numbers of actions {counts}"
                row[f"{label}_actions"] = counts.pop()
                row[f"{label}_median_s"] = round(statistics.median(s for _, s, _ in got), 2)
            print(json.dumps(row), flush=True)
        browser.close()
        server.should_exit = True


if __name__ == "__main__":
    main()
