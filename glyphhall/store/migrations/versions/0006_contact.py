"""Reaching people while they are away: e-mail addresses and tokens, the outbox, waiting turns,
presence, push subscriptions, friends, blocks, invitations, the hall's settings.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def _user(column: str = "user_id", primary_key: bool = False) -> sa.Column:
    return sa.Column(column, sa.Integer(), sa.ForeignKey("gh_users.id", ondelete="CASCADE"), nullable=False,
                     primary_key=primary_key)


def upgrade() -> None:
    op.create_table(
        "gh_contacts",
        _user(primary_key=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_key", sa.String(254), nullable=True),
        sa.Column("turn_emails", sa.Boolean(), nullable=False, server_default=sa.true()),
        sa.Column("result_emails", sa.Boolean(), nullable=False, server_default=sa.true()),
        sa.Column("unsubscribe_key", sa.String(64), nullable=False, unique=True),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_gh_contacts_email_key", "gh_contacts", ["email_key"])
    op.create_table(
        "gh_mail_tokens",
        sa.Column("id", sa.String(64), primary_key=True),
        _user(),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.Column("used_at", sa.Float(), nullable=True),
    )
    op.create_index("ix_gh_mail_tokens_user_id", "gh_mail_tokens", ["user_id"])
    op.create_table(
        "gh_outbox",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("channel", sa.String(8), nullable=False),
        sa.Column("recipient", sa.String(1000), nullable=False),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("extra", sa.JSON(), nullable=False),
        sa.Column("dedupe_key", sa.String(160), nullable=True, unique=True),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("due_at", sa.Float(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("lease_owner", sa.String(32), nullable=True),
        sa.Column("lease_until", sa.Float(), nullable=True),
        sa.Column("sent_at", sa.Float(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
    )
    op.create_index("ix_gh_outbox_due", "gh_outbox", ["status", "due_at"])
    op.create_table(
        "gh_turn_waits",
        _user(primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("gh_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("waiting_since", sa.Float(), nullable=True),
        sa.Column("turn_step", sa.Integer(), nullable=False),
        sa.Column("notified_for", sa.Float(), nullable=True),
    )
    op.create_index("ix_gh_turn_waits_waiting_since", "gh_turn_waits", ["waiting_since"])
    op.create_table(
        "gh_presence",
        _user(primary_key=True),
        sa.Column("seen_at", sa.Float(), nullable=False),
        sa.Column("focused_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "gh_push_subscriptions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        _user(),
        sa.Column("endpoint", sa.String(1000), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_gh_push_subscriptions_user_id", "gh_push_subscriptions", ["user_id"])
    op.create_table(
        "gh_friends",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        _user("asker_id"),
        _user("friend_id"),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("accepted_at", sa.Float(), nullable=True),
        sa.UniqueConstraint("asker_id", "friend_id"),
    )
    op.create_index("ix_gh_friends_asker_id", "gh_friends", ["asker_id"])
    op.create_index("ix_gh_friends_friend_id", "gh_friends", ["friend_id"])
    op.create_table(
        "gh_blocks",
        _user(primary_key=True),
        _user("blocked_id", primary_key=True),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "gh_invites",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("gh_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        _user("from_id"),
        _user("to_id"),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.UniqueConstraint("table_id", "to_id"),
    )
    op.create_index("ix_gh_invites_table_id", "gh_invites", ["table_id"])
    op.create_index("ix_gh_invites_to_id", "gh_invites", ["to_id"])
    op.create_table(
        "gh_hall_settings",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    for name in ("gh_hall_settings", "gh_invites", "gh_blocks", "gh_friends", "gh_push_subscriptions", "gh_presence",
                 "gh_turn_waits", "gh_outbox", "gh_mail_tokens", "gh_contacts"):
        op.drop_table(name)
