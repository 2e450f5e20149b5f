"""A stand-in push service on a loopback port (no real one is reachable from the tests), and a
browser's side of a subscription: its P-256 key pair and auth secret.

The service checks what a real one checks — the VAPID `Authorization` header (a JWT signed by
the key it names, for this service's origin, not expired), `Content-Encoding: aes128gcm` and a
`TTL` — and the test browser decrypts the body (RFC 8291) with its private key. Endpoints whose
path starts with /gone/ answer 410, as a push service does for an expired subscription. The
`push_service` fixture is one running for a test (brought in by the server and browser conftests)."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class BrowserKeys:
    """The keys a browser makes for one subscription."""

    def __init__(self) -> None:
        self.private = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self, endpoint: str) -> dict[str, Any]:
        public = self.private.public_key().public_bytes(serialization.Encoding.X962,
                                                         serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": endpoint, "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def decrypt(self, body: bytes) -> dict[str, Any]:
        return json.loads(http_ece.decrypt(body, private_key=self.private, auth_secret=self.auth, version="aes128gcm"))


class PushService:
    def __init__(self) -> None:
        self.received: list[dict[str, Any]] = []  # path, headers, body, vapid key
        self.problems: list[str] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                problem = service.check(self.headers, self.path)
                if problem:
                    service.problems.append(problem)
                    self.send_response(400)
                else:
                    key = self.headers["Authorization"].split("k=", 1)[1]
                    service.received.append({"path": self.path, "headers": dict(self.headers), "body": body, "key": key})
                    self.send_response(410 if self.path.startswith("/gone/") else 201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def check(self, headers: Any, path: str) -> str | None:
        if headers.get("Content-Encoding") != "aes128gcm":
            return f"{path}: Content-Encoding is {headers.get('Content-Encoding')!r}"
        if not headers.get("TTL", "").isdigit():
            return f"{path}: no TTL"
        auth = headers.get("Authorization", "")
        if not auth.startswith("vapid t=") or not Vapid02.verify(auth):
            return f"{path}: the VAPID signature does not verify: {auth[:40]!r}"
        claims = json.loads(unb64(auth.split("t=", 1)[1].split(",", 1)[0].split(".")[1]))
        if claims.get("aud") != self.origin or claims.get("exp", 0) < time.time() or not claims.get("sub"):
            return f"{path}: bad VAPID claims {claims}"
        return None

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def wait(self, count: int, timeout: float = 15) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while len(self.received) < count:
            assert not self.problems, self.problems
            assert time.monotonic() < deadline, f"{len(self.received)} pushes arrived, not {count}"
            time.sleep(0.05)
        return self.received[:count]


@pytest.fixture(name="push_service")
def push_service_fixture() -> Iterator[PushService]:
    """A PushService listening for the length of a test."""
    service = PushService()
    service.start()
    yield service
    service.stop()
