"""A free loopback port for a server a test starts (the system picks it; nothing else holds it
when it is handed out)."""

from __future__ import annotations

import socket


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
