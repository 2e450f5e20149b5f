"""Repository functions for friends, blocks and invitations by name. A mixin of `Store`."""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import delete, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .contact_models import BlockRow, FriendRow, InviteRow
from .db import changed_rows
from .models import UserRow


@dataclass(frozen=True)
class Friendship:
    user_id: int  # the other person
    name: str
    state: str  # friends, asked (I asked them), asks (they asked me)


@dataclass(frozen=True)
class Invite:
    id: int
    table_id: str
    seat: int
    from_id: int
    from_name: str
    to_id: int
    created_at: float


class FriendsRepo:
    _session: sessionmaker[Session]

    def users_named_like(self, prefix: str, limit: int = 20) -> list[tuple[int, str]]:
        """Accounts whose name starts with `prefix` (any case), by name."""
        key = prefix.casefold().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        with self._session() as db:
            rows = db.execute(select(UserRow.id, UserRow.name).where(UserRow.name_key.like(f"{key}%", escape="\\"))
                              .order_by(UserRow.name_key).limit(limit))
            return [(int(i), str(n)) for i, n in rows]

    # --- friends ------------------------------------------------------------------------------
    def ask_friend(self, asker_id: int, friend_id: int) -> str:
        """Ask to be friends: 'asked', or 'friends' when they had asked us already."""
        now = time.time()
        with self._session.begin() as db:
            theirs = db.scalars(select(FriendRow).where(FriendRow.asker_id == friend_id, FriendRow.friend_id == asker_id)).first()
            if theirs is not None:
                if theirs.accepted_at is None:
                    theirs.accepted_at = now
                return "friends"
        try:
            with self._session.begin() as db:
                db.add(FriendRow(asker_id=asker_id, friend_id=friend_id, created_at=now))
        except IntegrityError:  # asked before
            pass
        return "asked"

    def accept_friend(self, user_id: int, asker_id: int) -> bool:
        with self._session.begin() as db:
            done = db.execute(update(FriendRow).where(FriendRow.asker_id == asker_id, FriendRow.friend_id == user_id,
                                                      FriendRow.accepted_at.is_(None)).values(accepted_at=time.time()))
            return changed_rows(done) == 1

    def drop_friend(self, user_id: int, other_id: int) -> None:
        """Unfriend, withdraw a request or turn one down."""
        with self._session.begin() as db:
            db.execute(delete(FriendRow).where(or_(
                (FriendRow.asker_id == user_id) & (FriendRow.friend_id == other_id),
                (FriendRow.asker_id == other_id) & (FriendRow.friend_id == user_id))))

    def friendships(self, user_id: int) -> list[Friendship]:
        with self._session() as db:
            rows = db.execute(
                select(FriendRow.asker_id, FriendRow.friend_id, FriendRow.accepted_at, UserRow.id, UserRow.name)
                .join(UserRow, or_((UserRow.id == FriendRow.asker_id) & (FriendRow.friend_id == user_id),
                                   (UserRow.id == FriendRow.friend_id) & (FriendRow.asker_id == user_id)))
                .order_by(UserRow.name_key))
            out = []
            for asker, _friend, accepted, other, name in rows:
                state = "friends" if accepted is not None else ("asked" if asker == user_id else "asks")
                out.append(Friendship(int(other), str(name), state))
            return out

    def are_friends(self, a: int, b: int) -> bool:
        return any(f.user_id == b and f.state == "friends" for f in self.friendships(a))

    # --- blocks -----------------------------------------------------------------------------------
    def block(self, user_id: int, blocked_id: int) -> None:
        """Block a person: any friendship or request between the two ends, and their
        invitations to `user_id` are withdrawn."""
        self.drop_friend(user_id, blocked_id)
        with self._session.begin() as db:
            db.execute(delete(InviteRow).where(InviteRow.from_id == blocked_id, InviteRow.to_id == user_id))
            if db.get(BlockRow, (user_id, blocked_id)) is None:
                db.add(BlockRow(user_id=user_id, blocked_id=blocked_id, created_at=time.time()))

    def unblock(self, user_id: int, blocked_id: int) -> None:
        with self._session.begin() as db:
            db.execute(delete(BlockRow).where(BlockRow.user_id == user_id, BlockRow.blocked_id == blocked_id))

    def blocked(self, user_id: int) -> list[tuple[int, str]]:
        """The people `user_id` blocked: (id, name)."""
        with self._session() as db:
            rows = db.execute(select(UserRow.id, UserRow.name).join(BlockRow, BlockRow.blocked_id == UserRow.id)
                              .where(BlockRow.user_id == user_id).order_by(UserRow.name_key))
            return [(int(i), str(n)) for i, n in rows]

    def blocks(self, user_id: int, other_id: int) -> bool:
        """Whether `user_id` blocked `other_id`."""
        with self._session() as db:
            return db.get(BlockRow, (user_id, other_id)) is not None

    def blocked_by_any(self, author_ids: list[int]) -> dict[int, set[int]]:
        """For each of `author_ids`, who blocked them."""
        if not author_ids:
            return {}
        with self._session() as db:
            out: dict[int, set[int]] = {}
            for u, b in db.execute(select(BlockRow.user_id, BlockRow.blocked_id).where(BlockRow.blocked_id.in_(author_ids))):
                out.setdefault(int(b), set()).add(int(u))
            return out

    # --- invitations ------------------------------------------------------------------------------
    def invite(self, table_id: str, seat: int, from_id: int, to_id: int) -> bool:
        """False when this person was invited to this table already."""
        try:
            with self._session.begin() as db:
                db.add(InviteRow(table_id=table_id, seat=seat, from_id=from_id, to_id=to_id, created_at=time.time()))
        except IntegrityError:
            return False
        return True

    def invites_for(self, user_id: int) -> list[Invite]:
        with self._session() as db:
            rows = db.execute(select(InviteRow, UserRow.name).join(UserRow, UserRow.id == InviteRow.from_id)
                              .where(InviteRow.to_id == user_id).order_by(InviteRow.created_at.desc()))
            return [Invite(r.id, r.table_id, r.seat, r.from_id, str(name), r.to_id, r.created_at) for r, name in rows]

    def drop_invite(self, table_id: str, to_id: int) -> None:
        with self._session.begin() as db:
            db.execute(delete(InviteRow).where(InviteRow.table_id == table_id, InviteRow.to_id == to_id))
