"""Several browsers on one test app: each keeps its own cookies, and all share the one
TestClient (a second TestClient would run the app's coroutines in another event loop)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from fastapi.testclient import TestClient


class Browser:
    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookies: list[Any] = []  # http.cookiejar.Cookie objects
        self.token: str | None = None  # a guest's seat token, when a test needs it

    @contextlib.contextmanager
    def _own_cookies(self) -> Iterator[None]:
        jar = self.client.cookies
        jar.clear()
        for cookie in self.cookies:
            jar.jar.set_cookie(cookie)
        try:
            yield
        finally:
            self.cookies = list(jar.jar)
            jar.clear()

    def request(self, method: str, url: str, **kw: Any) -> Any:
        with self._own_cookies():
            return self.client.request(method, url, **kw)

    def get(self, url: str, **kw: Any) -> Any:
        return self.request("GET", url, **kw)

    def post(self, url: str, **kw: Any) -> Any:
        return self.request("POST", url, **kw)

    @contextlib.contextmanager
    def websocket_connect(self, url: str) -> Iterator[Any]:
        with self._own_cookies():
            ws = self.client.websocket_connect(url)
        with ws as session:
            yield session
