"""The hall's uvicorn set-up (http_config.py), against a live server on loopback: forwarded
headers are believed only from configured proxies (uvicorn believed 127.0.0.1, so any local client
could claim any address), and a connection that dribbles its request headers is closed (one
header byte at a time held a connection for minutes)."""

from __future__ import annotations

import socket
import threading
import time

import pytest
import uvicorn

from glyphhall.server.runtime import http_config


async def _who(scope, receive, send) -> None:
    """A tiny app: answers the client address it sees."""
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    body = scope["client"][0].encode()
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


@pytest.fixture
def serve(monkeypatch):
    servers = []

    def start(**env) -> int:
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        server = uvicorn.Server(http_config.uvicorn_config(_who, log_level="error"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.01)
        servers.append((server, thread))
        return sock.getsockname()[1]

    yield start
    for server, thread in servers:
        server.should_exit = True
        thread.join(5)


def _ask(port: int, headers: str = "") -> str:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(f"GET / HTTP/1.1\r\nHost: x\r\n{headers}Connection: close\r\n\r\n".encode())
        return s.makefile("rb").read().decode().rsplit("\r\n", 1)[-1]


def test_forwarded_for_is_believed_only_from_configured_proxies(serve, monkeypatch):
    monkeypatch.delenv("GLYPHHALL_TRUSTED_PROXIES", raising=False)
    plain = serve()
    assert _ask(plain, "X-Forwarded-For: 203.0.113.7\r\n") == "127.0.0.1"
    behind_proxy = serve(GLYPHHALL_TRUSTED_PROXIES="127.0.0.1")
    assert _ask(behind_proxy, "X-Forwarded-For: 203.0.113.7\r\n") == "203.0.113.7"


def test_a_connection_that_dribbles_its_headers_is_closed(serve, monkeypatch):
    monkeypatch.setattr(http_config, "HEADER_SECONDS", 1.0)
    port = serve()
    assert _ask(port) == "127.0.0.1"  # a normal request is answered
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        started = time.monotonic()
        closed = False
        while time.monotonic() - started < 6:
            try:
                s.sendall(b"X")
                time.sleep(0.3)
                s.settimeout(0.01)
                if s.recv(1) == b"":
                    closed = True
                    break
            except (BlockingIOError, TimeoutError):
                continue
            except OSError:
                closed = True
                break
        assert closed and time.monotonic() - started < 4
