"""Which pages may open the hall's websockets: a browser sends the page's origin when it opens
one, and a socket from another site's page (or another port of the same host: SameSite=Lax
cookies still travel there) would play the signed-in person's seat and see their hidden view.
So a socket with an Origin header is accepted only from the hall's own address (the Host it was
asked under) or an origin configured with GLYPHHALL_ORIGINS (comma separated, e.g.
"https://play.example.org"). Clients that are not browsers (the terminal, benches) send no Origin."""

from __future__ import annotations

import os
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection

#: A socket refused for its origin is closed with this code.
FOREIGN_ORIGIN = 4403


def configured() -> frozenset[str]:
    raw = os.environ.get("GLYPHHALL_ORIGINS", "")
    return frozenset(o.strip().rstrip("/").lower() for o in raw.split(",") if o.strip())


def foreign(conn: HTTPConnection, allowed: frozenset[str] = frozenset()) -> bool:
    """Whether the request comes from a page of another origin than the hall's own or `allowed`."""
    origin = conn.headers.get("origin")
    if origin is None:
        return False
    origin = origin.strip().rstrip("/").lower()
    if origin in allowed:
        return False
    host = (conn.headers.get("host") or "").strip().lower()
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return True  # "null" (a sandboxed or file page) and anything odd
    default = {"http": ":80", "https": ":443"}[parts.scheme]
    return parts.netloc.removesuffix(default) != host.removesuffix(":80").removesuffix(":443") or not host
