"""How the hall's HTTP server (uvicorn) is set up against hostile clients:

- X-Forwarded-For (and -Proto) are believed only from the proxies named in
  GLYPHHALL_TRUSTED_PROXIES (comma separated addresses, e.g. "127.0.0.1" behind a local HAProxy).
  uvicorn's default believed 127.0.0.1, so any local client could claim any address and step
  around every per-address limit.
- A connection must finish each request's headers within HEADER_SECONDS (a client that sent one
  header byte at a time held its connection for minutes).
- Websocket frames are at most 64 KiB."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import uvicorn
from uvicorn.protocols.http.auto import AutoHTTPProtocol

HEADER_SECONDS = float(os.environ.get("GLYPHHALL_HEADER_SECONDS", "10"))


def trusted_proxies() -> str | None:
    """The addresses whose forwarded headers are believed (None: nobody's)."""
    named = [a.strip() for a in os.environ.get("GLYPHHALL_TRUSTED_PROXIES", "").split(",") if a.strip()]
    return ",".join(named) or None


class HeaderDeadline(AutoHTTPProtocol):  # type: ignore[misc, valid-type]
    """uvicorn's HTTP protocol, closing a connection whose request headers do not all arrive
    within HEADER_SECONDS (counted from the connection, then from each response's end)."""

    _deadline: asyncio.TimerHandle | None = None
    _cycle_then: Any = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._cycle_then = self.cycle
        self._deadline = self.loop.call_later(HEADER_SECONDS, self._too_slow)

    def _too_slow(self) -> None:
        self._deadline = None
        transport = self.transport
        # A new request's headers arrived (a new cycle), or the socket became a websocket.
        if self.cycle is not self._cycle_then or transport.get_protocol() is not self or transport.is_closing():
            return
        if self.cycle is not None and not self.cycle.response_complete:
            return  # still answering the last request
        transport.close()


def uvicorn_config(app: Any, **options: Any) -> uvicorn.Config:
    """uvicorn's configuration for the hall (`app`: the app, or an import string with
    factory=True), with the protections above; `options` as uvicorn.Config takes them."""
    proxies = trusted_proxies()
    return uvicorn.Config(app, http=HeaderDeadline, ws_max_size=1 << 16, proxy_headers=proxies is not None,
                          forwarded_allow_ips=proxies, log_config=None, **options)
