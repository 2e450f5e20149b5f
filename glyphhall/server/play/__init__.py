"""The table's websocket (`/ws/<table>`): what a client may send (the protocol's models, read in
one place) and the socket that serves a seat or a spectator. Builds on people/ (blocked chat),
tables/ and guard/."""
