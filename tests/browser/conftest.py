"""A live server on a loopback port and Debian's Chromium driven by Playwright.

Busy machines: every wait is on what the page does (an element, the page's step, a title, the
layout after a resize, a table's last update over its socket), never a sleep; `WAIT_MS` is only
the ceiling. Measured in session 6 with two busy loops keeping both cores busy beside the suite
(run from a snapshot of the tree): run 1, 45 of 47 passed in 23 min; the two failures were a
product bug (a negative rating written "-1.8"; fixed) and the Glyphs group-drag test reading a
bounding box while its grid redrew (passes alone). Three clean runs in a row under load are still
to be shown."""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

import pytest

from tests.server.mailbox import mailbox_fixture  # noqa: F401 (a fixture, found here by pytest)
from tests.server.push_service import push_service_fixture  # noqa: F401 (a fixture, as above)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
#: The ceiling of every wait on the page (milliseconds). Waits are on what the page does (an
#: element, a step, a title), never on the clock; a machine kept busy (CI's two cores under a load
#: generator) answers late, not differently, so the ceiling is generous.
WAIT_MS = 120_000
#: The ceiling of a test that plays a whole game by clicking (the lobby deals a random game: a few
#: hundred moves, each waited on in two or three pages). Measured with both cores kept busy: the
#: longest such test took 367 s, over the suite's usual 600 s ceiling in a slower run.
WHOLE_GAME = pytest.mark.timeout(1800)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RestartableServer:
    """The real app under uvicorn in a thread on a fixed port and SQLite file, stopped and
    started again like a server restart (the running tables resume from the store).
    `app_options` go to create_app (e.g. games=, smtp=)."""

    def __init__(self, db: str, **app_options) -> None:
        self.db = db
        self.app_options = app_options
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = None
        self.thread = None

    def start(self) -> None:
        import uvicorn

        from glyphhall.server import create_app
        from glyphhall.server.guard.flood_limits import Limits

        app = create_app(f"sqlite:///{self.db}", bot_workers=1, limits=Limits.machine_speed(), **self.app_options)
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + WAIT_MS / 1000
        while not self.server.started:  # uvicorn says when it listens; this only polls that flag
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(WAIT_MS / 1000)
        assert not self.thread.is_alive(), "the test server did not stop"


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """The real app under uvicorn in a thread, on its own SQLite file: yields the base URL."""
    server = RestartableServer(str(tmp_path_factory.mktemp("server") / "glyphhall.db"))
    server.start()
    yield server.url
    server.stop()


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (scripts/test-deps.sh installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def context(browser, **options):
    """A new browser context (a separate person: own cookies and localStorage) whose every wait
    has the ceiling WAIT_MS (Playwright's own default is 30 s, too short on a busy machine)."""
    ctx = browser.new_context(**options)
    ctx.set_default_timeout(WAIT_MS)
    return ctx


@pytest.fixture
def new_page(browser):
    """Pages in separate contexts (separate localStorage: separate people)."""
    contexts = []

    def make():
        ctx = context(browser, viewport={"width": 1280, "height": 900})
        contexts.append(ctx)
        return ctx.new_page()

    yield make
    for ctx in contexts:
        ctx.close()


def resize(page, size: dict) -> None:
    """Set the viewport and wait until the page has laid itself out at the new width."""
    page.set_viewport_size(size)
    page.wait_for_function("w => document.documentElement.clientWidth <= w && window.innerWidth === w", arg=size["width"])


def box(page, selector: str, scroll: bool = False) -> dict:
    """Where the first element matching `selector` is drawn ({x, y, width, height} in the
    viewport), waiting until it is drawn. Located and measured in one step in the page: the table
    redraws parts of the page on every update, so an element located first and measured after
    may be gone (a Locator's bounding_box() then answers None). `scroll`: into view first."""
    return page.wait_for_function("""([selector, scroll]) => {
      const e = document.querySelector(selector);
      if (!e) return null;
      if (scroll) e.scrollIntoView({block: "center"});
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 ? {x: r.x, y: r.y, width: r.width, height: r.height} : null;
    }""", arg=[selector, scroll]).json_value()


def click_in_page(page, selector: str) -> None:
    """A mouse click on the element `selector` finds, found and clicked in one step in the page.
    The table draws the map anew on updates and the page may still move as data arrives: an
    element located first can be gone by the click ('Element is not visible'), and a place
    measured first can hold another hex by then (both seen under load)."""
    page.wait_for_selector(selector, state="attached")
    page.evaluate("""s => document.querySelector(s).dispatchEvent(
      new PointerEvent('click', {bubbles: true, cancelable: true, view: window, pointerType: 'mouse'}))""", selector)


def fill(page, selector: str, text: str, tries: int = 5) -> None:
    """Type `text` into an input the table may redraw at any moment, as page.fill does, until the
    input holds it: a fill that met a redraw typed into a box already gone, and the new box came
    up empty."""
    for _ in range(tries):
        page.fill(selector, text)
        if page.input_value(selector) == text:
            return
    raise AssertionError(f"{selector} never kept {text!r}")


def shot(page, name: str, full_page: bool = True) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}{'' if full_page else '-first-screen'}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
