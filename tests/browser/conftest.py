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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RestartableServer:
    """The real app under uvicorn in a thread on a fixed port and SQLite file, stopped and
    started again like a server restart (the running tables resume from the store)."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = None
        self.thread = None

    def start(self) -> None:
        import uvicorn

        from glyphhall.server import create_app
        from glyphhall.server.limits import Limits

        app = create_app(f"sqlite:///{self.db}", bot_workers=1, limits=Limits.machine_speed())
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 30
        while not self.server.started:
            if time.time() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(15)


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """The real app under uvicorn in a thread, on its own SQLite file: yields the base URL."""
    import uvicorn

    from glyphhall.server import create_app
    from glyphhall.server.limits import Limits

    db = tmp_path_factory.mktemp("server") / "glyphhall.db"
    app = create_app(f"sqlite:///{db}", bot_workers=1, limits=Limits.machine_speed())
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 30
    while not server.started:
        if time.time() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(15)


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (scripts/test-deps.sh installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def new_page(browser):
    """Pages in separate contexts (separate localStorage: separate people)."""
    contexts = []

    def make():
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(WAIT_MS)
        return page

    yield make
    for ctx in contexts:
        ctx.close()


def resize(page, size: dict) -> None:
    """Set the viewport and wait until the page has laid itself out at the new width."""
    page.set_viewport_size(size)
    page.wait_for_function("w => document.documentElement.clientWidth <= w && window.innerWidth === w", arg=size["width"])


def shot(page, name: str, full_page: bool = True) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}{'' if full_page else '-first-screen'}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
