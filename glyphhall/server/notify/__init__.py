"""Telling people while they are away: your-turn and game-over e-mails and pushes (the notifier,
told by the table manager after every change), the outbox that sends each message once, the
SMTP settings and Web Push. Builds on tables/ and guard/."""
