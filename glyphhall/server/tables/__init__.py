"""Live tables and play: the table manager and its tables (apply, commit, broadcast), the
messages each seat is sent, bots and turn timers, the store reached from the event loop, the
games offered and their options, ratings at the end, and the refusals of table code. The other
sub-packages build on this one; it builds only on guard/ and runtime/."""
