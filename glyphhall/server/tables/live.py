"""Live tables: the in-memory game of each table, its connections, bots and timer.

The store is the truth. An action is applied to a clone, committed to the store, and only then
does the clone become the table's state and get broadcast; a failed commit changes nothing.
Everything here runs in the event loop; database calls go to a thread, bot moves to processes."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from glyphhall.bots.levels import label as bot_label
from glyphhall.engine import (
    Action,
    Event,
    Game,
    GlyphHallError,
    IllegalAction,
    ScriptError,
    State,
    UndoTrail,
    first_state,
    normalize_text,
    position_title,
)
from glyphhall.engine.record import brief_options
from glyphhall.store import ActionClash, Store

from ..guard.tokens import token_hash
from . import bot_turns, keepsakes, messages, rated_or_friendly, skill_ratings, undo_policy
from .connection import Connection
from .errors import AlreadyPlayed, StaleMove, TableError
from .store_access import StoreAccess
from .table_info import SeatState, position_info
from .timers import TurnTimer

log = logging.getLogger("glyphhall.server")
T = TypeVar("T")

#: At most one `table` message per this many seconds (presence changes are coalesced).
PRESENCE_SECONDS = 0.5


class Manager(Protocol):
    """What a table calls back on its manager (manager.py's TableManager, which makes the tables)."""

    access: StoreAccess
    store: Store

    async def db(self, fn: Callable[..., T], *args: Any) -> T: ...
    async def announce(self, kind: str, table_id: str, arg: object = "") -> None: ...
    async def release_finished(self, table: LiveTable) -> None: ...
    def release_if_idle(self, table: LiveTable) -> None: ...
    def after_change(self, table: LiveTable) -> None: ...
    def runs_here(self, table_id: str) -> bool: ...
    def ask_bot(self, table: LiveTable, seat: int, level: str, once: bool = False) -> None: ...


class LiveTable:
    def __init__(self, manager: Manager, info: Any, game: Game) -> None:
        self.manager = manager
        self.id: str = info.id
        self.game = game
        self.seed: int = info.seed
        self.practice: bool = info.practice
        self.options: dict[str, Any] = dict(info.options)
        self.players: int = info.players
        self.status: str = info.status
        self.turn_seconds: int = info.turn_seconds
        self.result: list[float] | None = info.result
        self.seats = [SeatState(s.kind, s.bot, s.name, s.token_hash, s.user_id) for s in info.seats]
        self.undo_option: bool = getattr(info, "undo", True)
        self.position: str | None = info.position  # the TOML text it began from (None: a new game)
        self.position_title = info.position_title  # read once, when the table was made
        if self.position is not None and self.position_title is None:  # a table of the store's first days
            self.position_title = position_title(self.position)
        self.state: State | None = None
        self.actions: list[tuple[int, str]] = []  # the standing actions (not taken back)
        self.record_length = 0  # stored actions, taken back or not: the next one's step
        self.indices: list[int] = []  # each standing action's step in the record (0-based)
        self.trail = UndoTrail()
        self.log: list[list[Event]] = []
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.thinking: set[int] = set()  # bot seats played by a task (bot_turns.play)
        self.computing: set[int] = set()  # of those, the ones computing a move now
        self.timer = TurnTimer(self._time_out)
        self.chat_cache: list[dict[str, Any]] | None = None
        self.used_at = time.monotonic()  # for the manager's idle tables
        self._table_flush: asyncio.TimerHandle | None = None
        # For moves re-sent after a reconnect: step -> (seat, stored text) of every stored
        # action (taken back or not), and the text the mover sent when it was made here.
        self._played: dict[int, tuple[int, str]] = {}
        self._sent_texts: dict[int, str] = {}

    # --- building the game from its record -----------------------------------------------
    def rebuild(self, record: list[tuple[int, str, bool]]) -> None:
        """The state after replaying the standing actions of `record` (seat, text, undone) from
        the seed (or the position), collecting each step's events and the turn in progress's undo trail."""
        try:
            state = first_state(self.game, self.players, self.seed, self.options, self.position)
        except GlyphHallError as err:
            raise TableError(f"table {self.id}: its position does not load: {err}") from None
        log_: list[list[Event]] = []
        standing = [(i, seat, text) for i, (seat, text, undone) in enumerate(record) if not undone]
        trail_from = undo_policy.last_run_start([seat for _, seat, _ in standing])
        self.trail = UndoTrail()
        for n, (index, seat, text) in enumerate(standing):
            before = state.clone() if n >= trail_from else None
            try:
                action = self.game.parse_action(state, seat, text)
                events = state.apply(seat, action)
            except GlyphHallError as err:
                raise TableError(f"table {self.id}: step {index + 1} ({text!r}) does not replay: {err}") from None
            log_.append(events)
            if before is not None:
                self.trail.record(index, before, seat, action, events, state, decide=self.may_undo(seat))
        self.state, self.log = state, log_
        self.actions = [(seat, text) for _, seat, text in standing]
        self.record_length = len(record)
        self.indices = [i for i, _, _ in standing]
        self._played = {i: (seat, text) for i, (seat, text, _) in enumerate(record)}

    @property
    def undo_off(self) -> str | None:
        """Why nobody may take moves back here (None: undo is on). Whether the match counts for
        the ratings is known only once its seats are filled, so it is asked each time."""
        return undo_policy.off_reason(skill_ratings.table_entries(self) is not None, self.undo_option)

    def undo_status(self, seat: int | None) -> dict[str, Any] | None:
        return undo_policy.status(self.undo_off, self.status == "running", self.trail, seat)

    def may_undo(self, seat: int) -> bool:
        """Whether `seat` may ever take a move back here (a person, at a table with undo on)."""
        return self.undo_off is None and self.seats[seat].kind == "person"

    # --- who is who ------------------------------------------------------------------------
    def seat_of_token(self, token: str) -> int | None:
        wanted = token_hash(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and s.token_hash == wanted:
                return i
        return None

    def names(self) -> list[str]:
        """Each seat's name as logs and results show it ("Ann", "Easy computer", "Player 3" if free)."""
        return [s.public(i, False)["name"] or f"Player {i + 1}" for i, s in enumerate(self.seats)]

    def seat_of_user(self, user_id: int) -> int | None:
        """The first seat the account holds here (a signed-in person on any device)."""
        return next((i for i, s in enumerate(self.seats) if s.user_id == user_id and s.kind == "person"), None)

    def public_info(self) -> dict[str, Any]:
        online = {c.seat for c in self.connections if c.seat is not None}
        return {
            "id": self.id,
            "game": self.game.id,
            "game_name": self.game.name,
            "options": brief_options(self.options),  # a map's text stays out of the lists
            "players": self.players,
            "status": self.status,
            "turn_seconds": self.turn_seconds,
            "result": self.result,
            "step": self.record_length,
            "undo": self.undo_off is None,
            "seats": [s.public(i, i in online) for i, s in enumerate(self.seats)],
            "spectators": sum(1 for c in self.connections if c.seat is None),
            # A practice table's seed was chosen by a person: everybody sees it. Otherwise the
            # seed stays secret (it decides every hidden card).
            "practice": self.practice,
            **({"seed": self.seed} if self.practice else {}),
            "position": position_info(self.position is not None, self.position_title),
            **rated_or_friendly.rating_status(self),
        }

    # --- messages --------------------------------------------------------------------------
    def full_state(self, seat: int | None) -> dict[str, Any]:
        msg: dict[str, Any] = {"type": "state", "you": seat, "table": self.public_info(), "step": self.record_length}
        if self.state is not None:
            names = self.names()
            msg.update(messages.seat_part(self.state, seat, names))
            numbers = [i + 1 for i in self.indices]  # the record's steps, as updates number them
            msg["log"] = messages.log_for(self.log, seat, self.game, names, numbers)
        else:
            msg.update(view=None, legal=[], moves=[], log=[], to_move=[], result_text=None)
        msg["deadline"] = self.timer.deadline
        msg["chat"] = self.chat_cache or []
        msg["undo"] = self.undo_status(seat)
        msg["thinking"] = bot_turns.thinking_now(self)
        return msg

    def broadcast_update(self, events: list[Event], actor: Connection | None, ref: Any) -> None:
        assert self.state is not None
        per_seat: dict[int | None, dict[str, Any]] = {}
        names = self.names()
        for conn in list(self.connections):
            part = per_seat.get(conn.seat)
            if part is None:
                part = per_seat[conn.seat] = messages.seat_part(self.state, conn.seat, names)
            msg = {
                "type": "update",
                "step": self.record_length,
                "status": self.status,
                "result": self.result,
                "deadline": self.timer.deadline,
                "events": messages.events_for(events, conn.seat, self.game, names),
                "undo": self.undo_status(conn.seat),
                **part,
            }
            if conn is actor:
                msg["ack"] = ref
            conn.push(msg)

    def add_chat(self, line: Any) -> None:
        """A chat line (committed) to the cache and every connection here, once."""
        entry = chat_dict(line)
        if self.chat_cache is None:
            self.chat_cache = []
        if any(c["id"] == entry["id"] for c in self.chat_cache[-50:]):
            return
        self.chat_cache.append(entry)
        del self.chat_cache[:-200]
        self.broadcast(lambda c: {"type": "chat", "line": entry})

    def broadcast(self, make: Callable[[Connection], dict[str, Any]]) -> None:
        for conn in list(self.connections):
            conn.push(make(conn))

    def broadcast_table(self, now: bool = False) -> None:
        """Seats, presence or status changed (no game change). Changes are coalesced: one
        `table` message per PRESENCE_SECONDS at most, so a crowd joining is not a message to
        everyone per arrival (300 spectators would be 45,000 messages)."""
        if now:
            self._flush_table()
        elif self._table_flush is None:
            self._table_flush = asyncio.get_running_loop().call_later(PRESENCE_SECONDS, self._flush_table)

    def _flush_table(self) -> None:
        if self._table_flush is not None:
            self._table_flush.cancel()
            self._table_flush = None
        info = self.public_info()
        self.broadcast(lambda c: {"type": "table", "table": info})

    # --- acting ----------------------------------------------------------------------------
    async def act(
        self, seat: int, text: Any, actor: Connection | None = None, ref: Any = None, step: int | None = None
    ) -> None:
        """Apply `text` for `seat`: checked, committed, then broadcast. Raises TableError or
        IllegalAction (with a sentence for the player) and changes nothing when refused.
        `step`, when given, is the step the move was made at: a move the table already played
        there raises AlreadyPlayed, any other move at a step the table has left StaleMove."""
        # The move runs as its own task, shielded from the caller: a caller cancelled while the
        # row is being committed (a closing connection, a stopped bot) must not leave the move
        # in the store but the table a step behind, which would refuse every later move.
        move = asyncio.ensure_future(self._act(seat, text, actor, ref, step))
        move.add_done_callback(_consume_outcome)
        await asyncio.shield(move)

    async def _act(self, seat: int, text: Any, actor: Connection | None, ref: Any, made_at: int | None) -> None:
        async with self.lock:
            for _attempt in range(3):
                trial, action, events, step, written = self._try(seat, text, made_at)
                try:
                    await self.manager.access.append_action(self.id, step, seat, written)
                    break
                except ActionClash:
                    # Another process wrote this step first: read what it wrote, judge again.
                    await self.catch_up_locked()
            else:
                raise TableError("the table is busy; try again")
            # The state before is never changed again (each move works on a clone), so the
            # trail keeps it as it is for a take-back. A move the server made for a person (the
            # turn timer's) has no actor and is final.
            final = actor is None or not self.may_undo(seat)
            before = self.state
            assert before is not None, "_try refuses a table without a game"
            self.trail.record(step, before, seat, action, events, trial, decide=not final)
            self.state = trial
            self._sent_texts[step] = normalize_text(text)
            self._played[step] = (seat, written)
            self.actions.append((seat, written))
            self.indices.append(step)
            self.record_length += 1
            self.log.append(events)
            if trial.is_over():
                self.status = "finished"
                self.result = [float(r) for r in trial.returns()]
                await self.manager.db(self.manager.store.finish, self.id, self.result)
                await self._keep(trial)
                await skill_ratings.rate_finished(self, trial)
                self.timer.stop()
            else:
                self.restart_timer()
            self.broadcast_update(events, actor, ref)
        await self.manager.announce("act", self.id, step)
        await self.manager.release_finished(self)
        self.manager.after_change(self)
        self.manager.release_if_idle(self)  # a game bots finished with nobody watching

    async def take_back(self, seat: int, actor: Connection | None = None, ref: Any = None) -> None:
        """`seat` takes back its last move (BGA's undo policy, decided by the engine's rule).
        The stored row is marked undone (it stays in the record), the state goes back to the one
        before it, and everyone gets the full state again. Raises TableError saying why not and
        changes nothing when refused."""
        async with self.lock:
            if self.status != "running" or self.state is None:
                raise TableError("the game is not running")
            if self.undo_off is not None:
                raise TableError(self.undo_off)
            reason = self.trail.blocker(seat)
            if reason is not None:
                raise TableError(f"cannot take that back: {reason}")
            step = self.trail.steps[-1]
            if not await self.manager.db(self.manager.store.mark_undone, self.id, step.index):
                raise TableError("that move is not in the record any more")
            self.trail.take_back(seat)
            before = step.before
            assert isinstance(before, State)  # the trail keeps this table's own states
            self.state = before
            self.actions.pop()
            self.indices.pop()
            self.log.pop()  # the turn timer runs on: taking back buys no time
            name = self.seats[seat].name or f"Player {seat + 1}"
            for conn in list(self.connections):
                msg = self.full_state(conn.seat)
                if conn is actor:
                    msg["ack"] = ref
                conn.push(msg)
            self.broadcast(lambda c: {"type": "notice", "text": f"{name} took back a move"})
        await self.manager.announce("undo", self.id)
        self.manager.after_change(self)

    def _try(self, seat: int, text: Any, made_at: int | None) -> tuple[State, Action, list[Event], int, str]:
        """The move applied to a clone: (clone, action, events, its step, its canonical text)."""
        if not isinstance(text, str):
            raise IllegalAction("an action is text, like the labels on the action buttons")
        if made_at is not None and made_at != self.record_length:
            self._check_resent(seat, text, made_at)
        if self.status != "running" or self.state is None:
            raise TableError("the game has not started yet" if self.status == "open" else "the game is over")
        why = messages.not_to_move(self.state, seat, self.names(), "your")
        if why is not None:
            raise IllegalAction(why)
        trial = self.state.clone()
        action = self.game.parse_action(trial, seat, text)
        try:
            events = trial.apply(seat, action)
        except ScriptError:  # a table from a position: its script names what chance gives next
            raise IllegalAction("not here: this position scripts what the next shuffle or roll gives, "
                                "and this move would need something else") from None
        return trial, action, events, self.record_length, str(action)

    async def catch_up_locked(self) -> None:
        """Apply what the store holds beyond our record (written by another process): new moves
        are replayed and broadcast like moves made here; a move taken back elsewhere rebuilds
        the table from the record and sends everyone the full state. Call with the lock held."""
        if self.state is None or self.status != "running":
            return
        record = await self.manager.db(self.manager.store.record, self.id)
        taken_back_here = set(range(self.record_length)).difference(self.indices)
        if {i for i, (_, _, undone) in enumerate(record) if undone} != taken_back_here:
            self.rebuild(record)
            await self._finish_if_over()
            for conn in list(self.connections):
                conn.push(self.full_state(conn.seat))
            return
        for index in range(self.record_length, len(record)):
            seat, text, _ = record[index]
            before = self.state
            trial = before.clone()
            try:
                action = self.game.parse_action(trial, seat, text)
                events = trial.apply(seat, action)
            except GlyphHallError as err:  # the record is the truth: rebuild from it
                log.error("table %s: stored move %r does not apply here (%s); rebuilding", self.id, text, err)
                self.rebuild(record)
                return
            self.trail.record(index, before, seat, action, events, trial, decide=self.may_undo(seat))
            self.state = trial
            self.actions.append((seat, text))
            self._played[index] = (seat, text)
            self.indices.append(index)
            self.record_length += 1
            self.log.append(events)
            if not await self._finish_if_over():
                self.restart_timer()
            self.broadcast_update(events, None, None)

    async def _finish_if_over(self) -> bool:
        """After replaying moves made elsewhere: the writer stored the result; here the table
        only learns it is over."""
        if self.state is None or not self.state.is_over():
            return False
        self.status = "finished"
        self.result = [float(r) for r in self.state.returns()]
        self.timer.stop()
        await self.manager.release_finished(self)
        return True

    def restart_timer(self) -> None:
        """The turn timer runs on the table's owner only."""
        if self.manager.runs_here(self.id):
            self.timer.restart(self.turn_seconds)

    async def resume_timer(self) -> None:
        """After a restart or a takeover: the turn in progress keeps its deadline (counted from
        the last stored move), rather than getting a whole new turn."""
        if not self.turn_seconds or not self.manager.runs_here(self.id):
            return
        began = await self.manager.db(self.manager.store.turn_began_at, self.id)
        left = self.turn_seconds if began is None else self.turn_seconds - (time.time() - began)
        self.timer.restart(max(0.05, left))  # an expired turn runs out at once

    def _check_resent(self, seat: int, text: str, made_at: int) -> None:
        """A move made at step `made_at`, which is not the table's step: already played there
        by this seat (re-sent after a reconnect), or stale."""
        played = self._played.get(made_at)
        if played is not None:
            by, written = played
            wanted = normalize_text(text)
            if by == seat and wanted in (normalize_text(written), self._sent_texts.get(made_at)):
                raise AlreadyPlayed(f"that move was already played (step {made_at + 1})", made_at + 1)
        raise StaleMove(
            f"the table moved on (your move was made at step {made_at}, the table is at step "
            f"{self.record_length}): here is the game as it is now"
        )

    async def _keep(self, final: State) -> None:
        names = [s.name or (bot_label(s.bot) if s.bot else f"Player {i + 1}") for i, s in enumerate(self.seats)]
        try:
            card = await self.manager.db(keepsakes.keep_after_game, self.game, final, self.manager.store, self.id, names)
        except GlyphHallError as err:  # a bad keepsake must not stop the game from ending
            log.error("table %s: could not keep what the game made: %s", self.id, err)
            return
        if card is not None:
            self.broadcast(lambda c: {"type": "notice", "text": f"death card '{card['name']}' is kept in the vault"})

    async def _time_out(self) -> None:
        """The turn timer ran out: a random legal move for every person still to move."""
        if self.state is None or self.status != "running":
            return
        late = [s for s in self.state.to_move() if self.seats[s].kind == "person"]
        names = self.names()
        for seat in late:
            self.broadcast(_notice(f"{names[seat]} ran out of time: a random move is played"))
            self.manager.ask_bot(self, seat, "random", once=True)


def _consume_outcome(task: asyncio.Future[None]) -> None:
    """Mark a shielded move's outcome as seen: its caller may be gone, and the refusal it was
    meant for needs no "exception never retrieved" warning."""
    if not task.cancelled():
        task.exception()


def chat_dict(line: Any) -> dict[str, Any]:
    return {"id": line.id, "author": line.author, "text": line.text, "at": line.at}


def _notice(text: str) -> Callable[[Connection], dict[str, Any]]:
    return lambda conn: {"type": "notice", "text": text}
