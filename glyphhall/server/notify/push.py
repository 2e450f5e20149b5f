"""Web Push: the hall's VAPID key pair (made once, kept in the database so every process and
every restart signs with the same key), browsers' subscriptions, and sending one push.

Routes: `GET /api/push/key` (the public key a browser subscribes with), `POST /api/push/subscribe`
and `POST /api/push/unsubscribe` (signed in). A push is encrypted for the browser (aes128gcm,
RFC 8291) and signed (VAPID, RFC 8292) by pywebpush; an endpoint the push service answers 404 or
410 is gone, and its subscription is dropped."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from fastapi import APIRouter, Request
from fastapi.responses import FileResponse
from py_vapid import Vapid02
from pydantic import BaseModel, Field
from pywebpush import WebPushException, webpush

from glyphhall.store.contact import PushSubscription

from ..guard.identity import visitor
from ..guard.refusal import Refusal


class PushError(Refusal):
    """A push subscription refused: not signed in, push off on this server, keys that are not keys."""


router = APIRouter(prefix="/api/push", tags=["notifications"])
worker_router = APIRouter()
WORKER = Path(__file__).resolve().parents[2] / "web" / "sw.js"

KEY_SETTING = "vapid_private_pem"


class PushGone(Exception):
    """The push service no longer knows this subscription (404/410): drop it."""


@dataclass(frozen=True)
class PushKeys:
    private_pem: str
    contact: str  # the VAPID `sub` claim: how a push service reaches the hall's operator

    @classmethod
    def load_or_make(cls, store: Any, contact: str) -> PushKeys:
        fresh = Vapid02()
        fresh.generate_keys()
        pem = store.hall_setting(KEY_SETTING, fresh.private_pem().decode())
        return cls(pem, contact)

    def vapid(self) -> Vapid02:
        return Vapid02.from_pem(self.private_pem.encode())

    @property
    def public_key(self) -> str:
        """The application server key as browsers take it: the uncompressed point, base64url."""
        raw = self.vapid().public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

    def send(self, sub: PushSubscription, payload: dict[str, Any], timeout: float = 15.0) -> None:
        """Encrypt and send one push (blocking: run it in a thread). Raises PushGone for a
        subscription the service dropped, WebPushException for any other refusal."""
        try:
            webpush(
                {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}},
                data=json.dumps(payload), vapid_private_key=self.vapid(), vapid_claims={"sub": self.contact},
                timeout=timeout, ttl=86400,
            )
        except WebPushException as err:
            status = getattr(err.response, "status_code", None)
            if status in (404, 410):
                raise PushGone(f"the push service answered {status}") from None
            raise


class SubscriptionKeys(BaseModel):
    p256dh: str = Field(min_length=10, max_length=200)
    auth: str = Field(min_length=4, max_length=100)


class Subscription(BaseModel):
    endpoint: str = Field(min_length=8, max_length=1000, pattern=r"^https?://")
    keys: SubscriptionKeys


def _decoded(text: str) -> bytes:
    try:
        return base64.b64decode(text.rstrip("=") + "=" * (-len(text.rstrip("=")) % 4), altchars=b"-_", validate=True)
    except ValueError:
        raise PushError("the subscription's keys are not base64url") from None


async def _user_id(request: Request) -> int:
    v = await visitor(request)
    if v.user is None:
        raise PushError(v.problem or "sign in to get notifications", 401)
    return v.user.id


def _keys(request: Request) -> PushKeys:
    keys = getattr(request.app.state, "push_keys", None)
    if keys is None:
        raise PushError("push notifications are not available on this server", 503)
    return keys


@router.get("/key", summary="The hall's public VAPID key, for PushManager.subscribe")
async def public_key(request: Request) -> dict[str, Any]:
    return {"key": _keys(request).public_key}


@router.post("/subscribe", summary="Send my turns to this browser's push subscription")
async def subscribe(body: Subscription, request: Request) -> dict[str, Any]:
    _keys(request)
    user_id = await _user_id(request)
    if len(_decoded(body.keys.p256dh)) != 65 or len(_decoded(body.keys.auth)) != 16:
        raise PushError("the subscription's keys are not a P-256 public key and a 16-byte secret")
    m = request.app.state.manager
    await m.db(m.store.add_push_subscription, user_id, body.endpoint, body.keys.p256dh, body.keys.auth)
    return {"subscribed": True}


@router.post("/unsubscribe", summary="Stop sending pushes to this subscription")
async def unsubscribe(body: Subscription, request: Request) -> dict[str, Any]:
    user_id = await _user_id(request)
    m = request.app.state.manager
    for sub in await m.db(m.store.push_subscriptions, user_id):
        if sub.endpoint == body.endpoint:
            await m.db(m.store.drop_push_subscription, sub.id, user_id)
    return {"subscribed": False}


@worker_router.get("/sw.js", include_in_schema=False)
async def service_worker() -> FileResponse:
    """The service worker, at the root so that its scope is the whole hall."""
    return FileResponse(WORKER, media_type="text/javascript", headers={"Cache-Control": "no-cache"})
