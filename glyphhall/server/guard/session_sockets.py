"""The play sockets opened under each signed-in session, so that ending a session (signing out,
or a password change signing out every other browser) closes them: a socket opened before
sign-out kept playing the account's seat after it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

Close = Callable[[], Awaitable[None]]

#: A socket closed because its session ended gets this close code.
SESSION_ENDED = 4401


class SessionSockets:
    def __init__(self) -> None:
        self._by_user: dict[int, dict[str, set[Close]]] = {}

    def add(self, user_id: int, session_hash: str, close: Close) -> Callable[[], None]:
        """Note a socket; returns what forgets it (call it when the socket ends)."""
        self._by_user.setdefault(user_id, {}).setdefault(session_hash, set()).add(close)

        def forget() -> None:
            sessions = self._by_user.get(user_id, {})
            sessions.get(session_hash, set()).discard(close)
            if not sessions.get(session_hash):
                sessions.pop(session_hash, None)
            if not sessions:
                self._by_user.pop(user_id, None)

        return forget

    async def end(self, user_id: int, session_hash: str | None = None, keep: str | None = None) -> int:
        """Close the sockets of one session (`session_hash`), or of every session of the user
        but `keep`. Returns how many were closed."""
        sessions = self._by_user.get(user_id, {})
        chosen = [h for h in list(sessions) if (h == session_hash if session_hash is not None else h != keep)]
        closes = [close for h in chosen for close in sessions.get(h, ())]
        for close in closes:
            await close()
        return len(closes)


def session_sockets(app: object) -> SessionSockets:
    state = app.state  # type: ignore[attr-defined]
    if not hasattr(state, "session_sockets"):
        state.session_sockets = SessionSockets()
    sockets: SessionSockets = state.session_sockets
    return sockets
