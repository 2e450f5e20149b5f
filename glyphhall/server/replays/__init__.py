"""Finished games: the match record, the replay page's steps seen as any seat with hypothetical
lines (computed in a niced worker, cached), and shared replay rooms where a leader steps through
and the others follow. Builds on play/ (the rooms' sockets read frames as the table's do),
tables/, guard/ and runtime/."""
