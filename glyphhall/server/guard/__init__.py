"""Who is asking and how much they may ask: the visitor behind a request (session cookie), seat
and session tokens, flood limits per connection and address, limits shared by the whole hall,
which pages may open the sockets, a session's sockets, names typed without an account, and the
common base of every refusal. Nothing here knows about tables."""
