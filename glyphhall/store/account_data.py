"""Everything the hall holds about one account: gathered for the person to take away (export),
or removed when they delete the account. A mixin of `Store`.

Deleting keeps the games (the other players' matches stay whole): the account's seats and chat
lines are renamed "deleted player" and unlinked; its ratings (puzzle ratings and attempts too,
by the database's cascade), sessions, address, tokens,
friends, blocks, invitations, presence, push subscriptions and queued e-mails go."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session, sessionmaker

from .contact_models import (
    BlockRow,
    ContactRow,
    FriendRow,
    InviteRow,
    OutboxRow,
    PresenceRow,
    PushSubscriptionRow,
)
from .models import ActionRow, ChatRow, RatingChangeRow, RatingRow, SeatRow, TableRow, UserRow
from .puzzle_ratings import PuzzleAttemptRow, PuzzlePlayerRow

DELETED = "deleted player"


class AccountDataRepo:
    _session: sessionmaker[Session]

    def account_export(self, user_id: int, computer_name: Callable[[str], str] = str) -> dict[str, Any] | None:
        """The account's data as plain JSON-ready values (None: no such account). A computer
        seat is named by `computer_name(its bot)` (the server names levels; the store knows
        only what is stored)."""
        with self._session() as db:
            user = db.get(UserRow, user_id)
            if user is None:
                return None
            entry = f"user:{user_id}"
            contact = db.get(ContactRow, user_id)
            presence = db.get(PresenceRow, user_id)
            seats = db.scalars(select(SeatRow).where(SeatRow.user_id == user_id)).all()
            table_ids = sorted({s.table_id for s in seats})
            tables = {t.id: t for t in db.scalars(select(TableRow).where(TableRow.id.in_(table_ids)))}
            games = []
            for table_id in table_ids:
                t = tables[table_id]
                all_seats = db.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)).all()
                game: dict[str, Any] = {
                    "table": t.id, "game": t.game, "status": t.status, "created_at": t.created_at,
                    "finished_at": t.finished_at, "result": t.result, "rated": bool(t.rated),
                    "players": [s.name or (computer_name(s.bot) if s.bot else None) for s in all_seats],
                    "my_seats": [s.seat for s in all_seats if s.user_id == user_id],
                }
                if t.status == "finished":  # a running game's record stays closed (its moves can carry secrets)
                    game["moves"] = [{"step": a.step, "seat": a.seat, "move": a.text, "at": a.at, "taken_back": a.undone}
                                     for a in db.scalars(select(ActionRow).where(ActionRow.table_id == table_id)
                                                         .order_by(ActionRow.step))]
                games.append(game)
            chat = [
                {"table": c.table_id, "text": c.text, "at": c.at}
                for c in db.scalars(select(ChatRow).where(ChatRow.table_id.in_(table_ids), ChatRow.author == user.name)
                                    .order_by(ChatRow.at))
            ]
            ratings = [{"game": r.game, "mu": r.mu, "sigma": r.sigma, "matches": r.matches, "updated_at": r.updated_at}
                       for r in db.scalars(select(RatingRow).where(RatingRow.entry == entry))]
            changes = [{"table": c.table_id, "game": c.game, "mu_before": c.mu_before, "sigma_before": c.sigma_before,
                        "mu": c.mu, "sigma": c.sigma, "at": c.at}
                       for c in db.scalars(select(RatingChangeRow).where(RatingChangeRow.entry == entry))]
            puzzles = [{"game": r.game, "rating": r.rating, "deviation": r.deviation, "volatility": r.volatility,
                        "attempts": r.attempts, "solved": r.solved, "updated_at": r.updated_at}
                       for r in db.scalars(select(PuzzlePlayerRow).where(PuzzlePlayerRow.user_id == user_id))]
            attempts = [{"puzzle": a.puzzle_id, "game": a.game, "solved": a.solved, "rated": a.rated, "at": a.at}
                        for a in db.scalars(select(PuzzleAttemptRow).where(PuzzleAttemptRow.user_id == user_id)
                                            .order_by(PuzzleAttemptRow.at))]
            return {
                "profile": {
                    "name": user.name, "joined": user.created_at,
                    "email": contact.email if contact else None,
                    "turn_emails": bool(contact.turn_emails) if contact else True,
                    "result_emails": bool(contact.result_emails) if contact else True,
                    "last_seen": presence.seen_at if presence else None,
                },
                "friends": [{"name": n, "state": s} for n, s in self._friend_names(db, user_id)],
                "blocked": [n for (n,) in db.execute(select(UserRow.name).join(BlockRow, BlockRow.blocked_id == UserRow.id)
                                                     .where(BlockRow.user_id == user_id))],
                "push_subscriptions": [p.endpoint for p in db.scalars(
                    select(PushSubscriptionRow).where(PushSubscriptionRow.user_id == user_id))],
                "games": games,
                "ratings": ratings,
                "rating_changes": changes,
                "puzzle_ratings": puzzles,
                "puzzle_attempts": attempts,
                "chat": chat,
            }

    @staticmethod
    def _friend_names(db: Session, user_id: int) -> list[tuple[str, str]]:
        out = []
        for f in db.scalars(select(FriendRow).where((FriendRow.asker_id == user_id) | (FriendRow.friend_id == user_id))):
            other = db.get(UserRow, f.friend_id if f.asker_id == user_id else f.asker_id)
            state = "friends" if f.accepted_at is not None else ("asked" if f.asker_id == user_id else "asks")
            if other is not None:
                out.append((other.name, state))
        return out

    def set_user_name(self, user_id: int, name: str) -> None:
        """Write the account's name differently (the same name, other capitals): the account and
        the seats it holds."""
        with self._session.begin() as db:
            db.execute(update(UserRow).where(UserRow.id == user_id, UserRow.name_key == name.casefold()).values(name=name))
            db.execute(update(SeatRow).where(SeatRow.user_id == user_id).values(name=name))

    def delete_account(self, user_id: int) -> list[str]:
        """Remove the account (see the module's doc). Returns the ids of the tables it sat at."""
        with self._session.begin() as db:
            user = db.get(UserRow, user_id)
            if user is None:
                return []
            entry = f"user:{user_id}"
            table_ids = sorted({t for (t,) in db.execute(select(SeatRow.table_id).where(SeatRow.user_id == user_id))})
            if table_ids:
                db.execute(update(ChatRow).where(ChatRow.table_id.in_(table_ids), ChatRow.author == user.name)
                           .values(author=DELETED))
            db.execute(update(SeatRow).where(SeatRow.user_id == user_id).values(name=DELETED, user_id=None))
            contact = db.get(ContactRow, user_id)
            if contact is not None and contact.email:
                db.execute(delete(OutboxRow).where(OutboxRow.recipient == contact.email, OutboxRow.status == "queued"))
            db.execute(delete(RatingRow).where(RatingRow.entry == entry))
            db.execute(delete(RatingChangeRow).where(RatingChangeRow.entry == entry))
            db.execute(delete(InviteRow).where((InviteRow.from_id == user_id) | (InviteRow.to_id == user_id)))
            db.delete(user)  # sessions, address, tokens, friends, blocks, presence, subscriptions cascade
            return table_ids
