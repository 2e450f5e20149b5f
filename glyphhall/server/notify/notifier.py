"""Telling people about their games while they are away: whose turn is waiting, a game's end,
an invitation. What is said goes into the outbox (outbox.py sends it).

A table's change (`table_changed`, called from the manager after every change in every process) writes
which account seats it now waits for (`gh_turn_waits`, each wait stamped with when it began).
Every `times.tick` seconds each process takes the waits older than `times.turn_delay` that
nobody was told about, of people with no Glyph Hall page focused in the last
`times.focus_seconds` (the pages report focus with their your-turn polls), checks that the table
still waits for them, and queues one e-mail per person for all their waiting tables, and a push
to each of their browsers. Taking a wait marks it told in the same transaction, so a wait is
told at most once, across restarts and processes."""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

from .mail import MailSettings
from .outbox import OutboxSender
from .push import PushKeys

log = logging.getLogger("glyphhall.server")


@dataclass(frozen=True)
class NotifyTimes:
    turn_delay: float = 30.0  # a turn waiting this long is told (a quick reply needs no e-mail)
    focus_seconds: float = 12.0  # a page focused this recently: the person is here
    tick: float = 2.0


#: Sent messages and spent links are kept this long (what was sent, for the operator's eyes).
KEEP_SECONDS = 30 * 86400

#: A page's poll is written to the store at most this often while its focus stays the same
#: (and at most every half of NotifyTimes.focus_seconds).
PRESENCE_WRITE_SECONDS = 8.0


def names_against(names: list[str], mine: set[int]) -> str:
    others = [n for i, n in enumerate(names) if i not in mine]
    if not others:
        return "yourself"
    return others[0] if len(others) == 1 else ", ".join(others[:-1]) + " and " + others[-1]


def _last_move(table: Any, seats: set[int]) -> int:
    """The record step of the last standing move of these seats (-1: none)."""
    for (seat, _), step in zip(reversed(table.actions), reversed(table.indices), strict=True):
        if seat in seats:
            return int(step)
    return -1


class Notifier:
    def __init__(self, manager: Any, mail: MailSettings | None, push: PushKeys | None, public_url: str | None,
                 times: NotifyTimes | None = None) -> None:
        self.manager = manager
        self.mail = mail
        self.push = push
        self.times = times or NotifyTimes()
        self.sender = OutboxSender(manager, mail, push)
        self.base_url = public_url.rstrip("/") if public_url else None
        self._waiting: dict[str, dict[int, int]] = {}  # table id -> the accounts it waits for, as last written
        self._over: set[str] = set()
        self._presence: dict[int, tuple[float, bool]] = {}  # user id -> (monotonic time, focused) last written
        self._tasks: set[asyncio.Task[Any]] = set()
        self._writes = asyncio.Lock()  # FIFO: waits are written in the order of the changes
        self._loop: asyncio.Task[None] | None = None
        self._next_prune = 0.0

    @property
    def email_on(self) -> bool:
        return self.mail is not None

    async def note_presence(self, user_id: int, focused: bool) -> None:
        """A page of this person asked (every few seconds): written at most every
        PRESENCE_WRITE_SECONDS unless the focus changed, so open pages cost few writes. (Per
        process: two processes may each write; the store keeps the latest.)"""
        now = time.monotonic()
        last = self._presence.get(user_id)
        every = min(PRESENCE_WRITE_SECONDS, self.times.focus_seconds / 2)
        if last is not None and last[1] == focused and now - last[0] < every:
            return
        self._presence[user_id] = (now, focused)
        if len(self._presence) > 100_000:
            self._presence.clear()
        await self.manager.db(self.manager.store.note_presence, user_id, focused)

    def learn_base(self, url: str) -> None:
        """The address people reach the hall at, from a request (when not configured)."""
        if self.base_url is None:
            self.base_url = url.rstrip("/")

    def link(self, path: str) -> str:
        return f"{self.base_url or 'http://localhost:8000'}{path}"

    # --- from the tables ---------------------------------------------------------------------
    def table_changed(self, table: Any) -> None:
        seats = [(i, s.user_id) for i, s in enumerate(table.seats) if s.user_id is not None and s.kind == "person"]
        if not seats:
            return
        movers = set(table.state.to_move()) if table.status == "running" and table.state is not None else set()
        waiting = {u: _last_move(table, {i for i, v in seats if v == u}) for i, u in seats if i in movers}
        if self._waiting.get(table.id) != waiting:
            self._waiting[table.id] = waiting
            others = sorted({u for _, u in seats} - set(waiting))
            self.spawn(self._write_waits(table.id, waiting, others))
        if table.status == "finished":
            self._waiting.pop(table.id, None)
            if table.id not in self._over:
                if len(self._over) > 50_000:  # the outbox's dedupe key still tells each end once
                    self._over.clear()
                self._over.add(table.id)
                self.spawn(self._game_over(table, sorted({u for _, u in seats})))

    async def _write_waits(self, table_id: str, waiting: dict[int, int], others: list[int]) -> None:
        # In the order the changes happened (the store has several threads on PostgreSQL).
        async with self._writes:
            await self.manager.db(self.manager.store.set_waiting, table_id, waiting, others)

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run `work` beside the caller (kept until done; a failure is logged)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("notification failed: %r", task.exception())

    async def _game_over(self, table: Any, user_ids: list[int]) -> None:
        m = self.manager
        names = table.names()
        result = table.game.result_text(table.state, names) if table.state is not None else "the game is over"
        for user_id, contact in (await m.db(m.store.contacts, user_ids)).items():
            if not (self.email_on and contact.email and contact.result_emails) or await self._here(user_id):
                continue
            mine = {i for i, s in enumerate(table.seats) if s.user_id == user_id}
            body = (f"Your game of {table.game.name} against {names_against(names, mine)} is over.\n\n{result}\n\n"
                    f"Watch the replay: {self.link(f'/r/{table.id}')}\n")
            await self.email(contact, f"Game over at {table.game.name}: {result}", body, f"over:{table.id}:{user_id}")

    async def _here(self, user_id: int) -> bool:
        m = self.manager
        seen = (await m.db(m.store.presence, [user_id])).get(user_id)
        return seen is not None and seen[1] > time.time() - self.times.focus_seconds

    # --- queuing -----------------------------------------------------------------------------
    async def email(self, contact: Any, subject: str, body: str, dedupe: str | None = None) -> bool:
        """Queue an e-mail to a person's confirmed address, with the unsubscribe link."""
        if self.mail is None or not contact.email:
            return False
        stop = self.link(f"/mail/unsubscribe?key={contact.unsubscribe_key}")
        body = f"{body}\n--\nNo more e-mails from Glyph Hall: {stop}\nSettings: {self.link('/settings')}\n"
        headers = {"List-Unsubscribe": f"<{stop}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
        m = self.manager
        return await m.db(m.store.queue_message, "email", contact.email, subject, body, {"headers": headers}, dedupe)

    async def email_to(self, address: str, subject: str, body: str) -> bool:
        """Queue an e-mail to an address that is not (yet) a confirmed one: a confirmation or a reset."""
        if self.mail is None:
            return False
        m = self.manager
        return await m.db(m.store.queue_message, "email", address, subject, body, {}, None)

    async def push_to(self, user_id: int, title: str, body: str, path: str, tag: str) -> int:
        if self.push is None:
            return 0
        m = self.manager
        subs = await m.db(m.store.push_subscriptions, user_id)
        for sub in subs:
            await m.db(m.store.queue_message, "push", str(sub.id), title, body, {"url": path, "tag": tag}, None)
        return len(subs)

    async def invited(self, table: Any, from_name: str, to_user_id: int) -> None:
        """An invitation by name: an e-mail (if they take game e-mails) and a push."""
        m = self.manager
        subject = f"{from_name} invites you to {table.game.name}"
        body = f"{from_name} invites you to a table of {table.game.name}.\n\nTake your seat: {self.link(f'/t/{table.id}')}\n"
        contact = await m.db(m.store.contact, to_user_id)
        if contact.turn_emails:
            await self.email(contact, subject, body)
        await self.push_to(to_user_id, subject, "Open the table to take your seat", f"/t/{table.id}", f"invite-{table.id}")

    # --- the loop ----------------------------------------------------------------------------
    def start(self) -> None:
        self._loop = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._loop is not None:
            self._loop.cancel()
            await asyncio.gather(self._loop, return_exceptions=True)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("notifications: a round failed")
            await asyncio.sleep(self.times.tick)

    async def tick(self) -> None:
        """One round: tell the waits that are due, then send what the outbox holds (and once
        an hour forget what was sent more than KEEP_SECONDS ago)."""
        await self.tell_waiting_turns()
        await self.sender.send_due()
        if time.monotonic() >= self._next_prune:
            self._next_prune = time.monotonic() + 3600
            await self.manager.db(self.manager.store.prune, time.time() - KEEP_SECONDS)

    async def tell_waiting_turns(self) -> None:
        m = self.manager
        now = time.time()
        due = await m.db(m.store.take_due_waits, now - self.times.turn_delay, now - self.times.focus_seconds)
        by_user: dict[int, list[tuple[str, str, str]]] = {}
        for user_id, table_id, _since in due:
            line = await self._still_waiting(table_id, user_id)
            if line is not None:
                by_user.setdefault(user_id, []).append(line)
        for user_id, lines in by_user.items():
            await self._tell_turns(user_id, lines)

    async def _still_waiting(self, table_id: str, user_id: int) -> tuple[str, str, str] | None:
        """(game name, against whom, table id) when the table still waits for this person."""
        try:
            table = await self.manager.get(table_id)
        except Exception:  # noqa: BLE001 - a table that cannot load waits for nobody
            return None
        mine = {i for i, s in enumerate(table.seats) if s.user_id == user_id and s.kind == "person"}
        if table.status != "running" or table.state is None or not mine & set(table.state.to_move()):
            return None
        return table.game.name, names_against(table.names(), mine), table.id

    async def _tell_turns(self, user_id: int, lines: list[tuple[str, str, str]]) -> None:
        m = self.manager
        if len(lines) == 1:
            game, against, table_id = lines[0]
            subject = f"Your turn at {game} against {against}"
            path = f"/t/{table_id}"
        else:
            subject = f"Your turn at {len(lines)} tables"
            path = "/me"
        listed = "\n".join(f"- {game} against {against}: {self.link(f'/t/{t}')}" for game, against, t in lines)
        contact = await m.db(m.store.contact, user_id)
        if contact.turn_emails:
            await self.email(contact, subject, f"It is your turn:\n\n{listed}\n")
        await self.push_to(user_id, subject, "Open the table to play" if len(lines) == 1 else "Open My games",
                           path, f"turn-{lines[0][2]}" if len(lines) == 1 else "turns")


def push_contact(mail: MailSettings | None) -> str:
    """The VAPID `sub` claim: GLYPHHALL_PUSH_CONTACT, else the sender's address."""
    return os.environ.get("GLYPHHALL_PUSH_CONTACT") or f"mailto:{mail.sender if mail else 'operator@localhost'}"


async def start_notifier(manager: Any, mail: MailSettings | None, public_url: str | None,
                         times: NotifyTimes | None) -> Notifier:
    """The hall's notifier, told of every table change, its loop running."""
    keys = await manager.db(PushKeys.load_or_make, manager.store, push_contact(mail))
    notifier = Notifier(manager, mail, keys, public_url or os.environ.get("GLYPHHALL_PUBLIC_URL"), times)
    manager.watchers.append(notifier.table_changed)
    notifier.start()
    return notifier
