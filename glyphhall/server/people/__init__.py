"""People: accounts and sign-in, passwords, the account page, confirmed e-mail addresses and
password reset, friends, blocks and invitations, My games, profiles and leaderboards. Builds on
notify/, tables/ and guard/."""
