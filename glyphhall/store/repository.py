"""Repository functions: the only code that reads or writes the database.

Every method runs in its own short transaction and returns plain dataclasses, so callers never
hold a session (the server calls these from a worker thread)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, delete, func, insert, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, defer, sessionmaker

from glyphhall.engine import position_title

from . import migrate
from .account_data import AccountDataRepo
from .contact import ContactRepo
from .counters import CountersRepo
from .db import changed_rows, make_engine, table_of
from .friends import FriendsRepo
from .models import ActionRow, Base, ChatRow, SeatRow, TableRow, VaultRow
from .people import PeopleRepo
from .puzzle_ratings import PuzzleRatingsRepo
from .ratings import RatingsRepo
from .rematches import RematchesRepo


class ActionClash(Exception):
    """Another action was already stored for this step (it would have been applied twice)."""


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    kind: str  # "person" or "bot"
    bot: str | None
    name: str | None
    token_hash: str | None
    user_id: int | None = None  # the account that holds the seat (None: a guest or a bot)

    @property
    def taken(self) -> bool:
        return self.kind == "bot" or self.token_hash is not None


@dataclass(frozen=True)
class TableInfo:
    id: str
    game: str
    game_version: str
    options: dict[str, Any]
    seed: int
    players: int
    status: str
    turn_seconds: int
    created_at: float
    undo: bool = True
    started_at: float | None = None
    finished_at: float | None = None
    result: list[float] | None = None
    seats: tuple[SeatInfo, ...] = field(default=())
    practice: bool = False  # its seed was chosen by a person: shown to all, never rated
    rated: bool = False  # a finished match that has been rated
    position: str | None = None  # the position's TOML text it began from (always practice)
    from_position: bool = False  # it began from a position (the lists leave out the text)
    position_title: str | None = None  # that position's title, if it has one


@dataclass(frozen=True)
class ChatLine:
    id: int
    author: str
    text: str
    at: float


def _table_info(row: TableRow, seats: list[SeatRow], with_text: bool = True) -> TableInfo:
    return TableInfo(
        id=row.id,
        game=row.game,
        game_version=row.game_version,
        options=dict(row.options or {}),
        seed=row.seed,
        players=row.players,
        status=row.status,
        turn_seconds=row.turn_seconds,
        undo=row.undo is not False,
        created_at=row.created_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        result=None if row.result is None else list(row.result),
        seats=tuple(
            SeatInfo(s.seat, s.kind, s.bot, s.name, s.token_hash, s.user_id)
            for s in sorted(seats, key=lambda s: s.seat)
        ),
        practice=bool(row.practice),
        rated=bool(row.rated),
        position=row.position if with_text else None,
        from_position=row.position_title is not None or (with_text and row.position is not None),
        position_title=row.position_title,
    )


class Store(PeopleRepo, RatingsRepo, ContactRepo, FriendsRepo, AccountDataRepo, CountersRepo, RematchesRepo,
            PuzzleRatingsRepo):
    """All persistence for the server, over one SQLAlchemy engine (people, ratings, contact,
    friends, account data, the shared attempt counters and rematch offers in their own modules)."""

    def __init__(self, url: str | None = None, engine: Engine | None = None) -> None:
        self.engine = engine or make_engine(url)
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        migrate.upgrade(self.engine)

    @property
    def url(self) -> str:
        return self.engine.url.render_as_string(hide_password=True)

    def close(self) -> None:
        self.engine.dispose()

    def drop_everything(self) -> None:
        """Remove every Glyph Hall table and build the newest schema again (tests only)."""
        Base.metadata.drop_all(self.engine)
        with self.engine.begin() as conn:
            conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
        migrate.upgrade(self.engine)

    # --- tables and seats ------------------------------------------------------------------
    def create_table(
        self,
        table_id: str,
        game: str,
        game_version: str,
        options: dict[str, Any],
        seed: int,
        seats: list[tuple[str, str | None, str | None]],
        turn_seconds: int = 0,
        undo: bool = True,
        practice: bool = False,
        position: str | None = None,
    ) -> TableInfo:
        """A new open table; `seats` lists (kind, bot level, name) per seat; `position` the
        TOML text of the position it begins from, if any."""
        with self._session.begin() as db:
            row = TableRow(
                id=table_id,
                game=game,
                game_version=game_version,
                options=dict(options),
                seed=seed,
                players=len(seats),
                status="open",
                turn_seconds=turn_seconds,
                undo=undo,
                created_at=time.time(),
                practice=practice,
                position=position,
                position_title=None if position is None else (position_title(position) or ""),
            )
            db.add(row)
            db.flush()
            seat_rows = [
                SeatRow(table_id=table_id, seat=i, kind=kind, bot=bot, name=name)
                for i, (kind, bot, name) in enumerate(seats)
            ]
            db.add_all(seat_rows)
            db.flush()
            return _table_info(row, seat_rows)

    def table(self, table_id: str) -> TableInfo | None:
        with self._session() as db:
            row = db.get(TableRow, table_id)
            if row is None:
                return None
            seats = db.scalars(select(SeatRow).where(SeatRow.table_id == table_id)).all()
            return _table_info(row, list(seats))

    def tables(
        self, statuses: tuple[str, ...] = ("open", "running"), limit: int = 200, ids: list[str] | None = None,
        with_text: bool = True,
    ) -> list[TableInfo]:
        """Tables in these states (and among `ids` when given), newest first; without each
        position's text unless `with_text` (a list shows its title, stored apart)."""
        with self._session() as db:
            query = select(TableRow).where(TableRow.status.in_(statuses))
            if not with_text:
                query = query.options(defer(TableRow.position))
            if ids is not None:
                query = query.where(TableRow.id.in_(ids))
            rows = db.scalars(query.order_by(TableRow.created_at.desc()).limit(limit)).all()
            if not rows:
                return []
            by_table: dict[str, list[SeatRow]] = {r.id: [] for r in rows}
            for s in db.scalars(select(SeatRow).where(SeatRow.table_id.in_(list(by_table)))):
                by_table[s.table_id].append(s)
            return [_table_info(r, by_table[r.id], with_text) for r in rows]

    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str, user_id: int | None = None) -> bool:
        """Claim a free person seat (for account `user_id`, or a guest). False if somebody holds
        it already (checked atomically)."""
        with self._session.begin() as db:
            done = db.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "person",
                    SeatRow.token_hash.is_(None),
                )
                .values(token_hash=token_hash, name=name, user_id=user_id)
            )
            return changed_rows(done) == 1

    def free_seat(self, table_id: str, seat: int) -> None:
        with self._session.begin() as db:
            db.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(token_hash=None, name=None, user_id=None)
            )

    def seat_to_bot(self, table_id: str, seat: int, bot: str) -> None:
        """A person left a running game: a bot finishes it for them."""
        with self._session.begin() as db:
            db.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(kind="bot", bot=bot, token_hash=None)
            )

    def start(self, table_id: str) -> bool:
        """open -> running. False if it was not open (somebody else started it)."""
        with self._session.begin() as db:
            done = db.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "open")
                .values(status="running", started_at=time.time())
            )
            return changed_rows(done) == 1

    def finish(self, table_id: str, result: list[float]) -> None:
        with self._session.begin() as db:
            db.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(status="finished", finished_at=time.time(), result=list(result))
            )

    def abandon(self, table_id: str) -> None:
        """An open table everybody left: removed with its seats."""
        with self._session.begin() as db:
            db.execute(delete(SeatRow).where(SeatRow.table_id == table_id))
            db.execute(delete(TableRow).where(TableRow.id == table_id, TableRow.status == "open"))

    # --- the match record ------------------------------------------------------------------
    def append_action(self, table_id: str, step: int, seat: int, text: str) -> None:
        """Store action number `step` (0-based). Raises ActionClash if that step exists already."""
        try:
            # A Core insert, not the ORM: this runs once per move and is the server's hottest write.
            with self.engine.begin() as conn:
                conn.execute(
                    insert(table_of(ActionRow)).values(
                        table_id=table_id, step=step, seat=seat, text=text, at=time.time()
                    )
                )
        except IntegrityError:
            raise ActionClash(f"table {table_id} already has an action at step {step}") from None

    def append_actions(self, rows: list[tuple[str, int, int, str]]) -> list[ActionClash | None]:
        """Store several actions, (table_id, step, seat, text) each, in ONE transaction (group
        commit: one commit for a batch of tables' moves). Returns, per row, None (committed) or
        the ActionClash that refused it. If any row clashes, the batch is rolled back and each
        row is retried alone, so the others still get their own outcome. Any other error
        commits nothing and is raised."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(table_of(ActionRow)),
                    [{"table_id": t, "step": step, "seat": seat, "text": text, "at": now} for t, step, seat, text in rows],
                )
            return [None] * len(rows)
        except IntegrityError:
            pass
        outcomes: list[ActionClash | None] = []
        for row in rows:
            try:
                self.append_action(*row)
                outcomes.append(None)
            except ActionClash as clash:
                outcomes.append(clash)
        return outcomes

    def actions(self, table_id: str) -> list[tuple[int, str]]:
        """The actions that stand (not taken back), in order: what rebuilds the game."""
        return [(seat, text) for seat, text, undone in self.record(table_id) if not undone]

    def record(self, table_id: str) -> list[tuple[int, str, bool]]:
        """Every stored action in order, as (seat, text, undone)."""
        with self._session() as db:
            rows = db.execute(
                select(ActionRow.seat, ActionRow.text, ActionRow.undone)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.step)
            ).all()
            return [(int(seat), str(text), bool(undone)) for seat, text, undone in rows]

    def turn_began_at(self, table_id: str) -> float | None:
        """When the turn in progress began: the last stored move, or the start (wall-clock
        seconds; None before the start). A turn timer resumed after a restart or a takeover
        counts from here, so a deadline survives both."""
        with self._session() as db:
            last = db.execute(select(func.max(ActionRow.at)).where(ActionRow.table_id == table_id)).scalar()
            if last is not None:
                return float(last)
            started = db.execute(select(TableRow.started_at).where(TableRow.id == table_id)).scalar()
            return None if started is None else float(started)

    def mark_undone(self, table_id: str, step: int) -> bool:
        """Mark stored action `step` as taken back. False if there is no such standing action."""
        with self._session.begin() as db:
            done = db.execute(
                update(ActionRow)
                .where(ActionRow.table_id == table_id, ActionRow.step == step, ActionRow.undone.is_(False))
                .values(undone=True)
            )
            return changed_rows(done) == 1

    # --- chat ----------------------------------------------------------------------------
    def add_chat(self, table_id: str, author: str, text: str) -> ChatLine:
        with self._session.begin() as db:
            row = ChatRow(table_id=table_id, author=author, text=text, at=time.time())
            db.add(row)
            db.flush()
            return ChatLine(row.id, row.author, row.text, row.at)

    def chat(self, table_id: str, limit: int = 200) -> list[ChatLine]:
        with self._session() as db:
            rows = db.scalars(
                select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.id.desc()).limit(limit)
            ).all()
            return [ChatLine(r.id, r.author, r.text, r.at) for r in reversed(rows)]

    # --- the vault (Inscription's death cards and any other keepsake) ----------------------
    def vault_put(self, game: str, owner: str, key: str, data: dict[str, Any]) -> None:
        with self._session.begin() as db:
            row = db.scalars(
                select(VaultRow).where(VaultRow.game == game, VaultRow.owner == owner, VaultRow.key == key)
            ).first()
            if row is None:
                db.add(VaultRow(game=game, owner=owner, key=key, data=dict(data), at=time.time()))
            else:
                row.data = dict(data)
                row.at = time.time()

    def vault_get(self, game: str, owner: str, key: str) -> dict[str, Any] | None:
        with self._session() as db:
            row = db.scalars(
                select(VaultRow).where(VaultRow.game == game, VaultRow.owner == owner, VaultRow.key == key)
            ).first()
            return None if row is None else dict(row.data)

    def vault_list(self, game: str, owner: str) -> dict[str, dict[str, Any]]:
        with self._session() as db:
            rows = db.scalars(
                select(VaultRow).where(VaultRow.game == game, VaultRow.owner == owner).order_by(VaultRow.id)
            ).all()
            return {r.key: dict(r.data) for r in rows}

    def vault_delete(self, game: str, owner: str, key: str) -> bool:
        with self._session.begin() as db:
            done = db.execute(
                delete(VaultRow).where(VaultRow.game == game, VaultRow.owner == owner, VaultRow.key == key)
            )
            return changed_rows(done) == 1


def session_for(store: Store) -> Session:
    """A raw session (for tests that inspect rows directly)."""
    return store._session()
