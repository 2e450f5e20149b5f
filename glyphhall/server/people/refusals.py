"""What people's routes refuse, named by what they refuse; each message is a sentence for the
person and `status` the HTTP status (the common base, and the one mapping to an answer, is
`guard/refusal.py`)."""

from __future__ import annotations

from ..guard.refusal import Refusal


class AccountError(Refusal):
    """Signing up, in or out, a password, the account page."""


class MailError(Refusal):
    """An e-mail address, e-mail settings, a password reset by e-mail."""


class FriendError(Refusal):
    """Friend requests, blocks, invitations by name."""


class ProfileError(Refusal):
    """My games, profiles and leaderboards."""
