"""Several processes on one PostgreSQL database as one hall: notes over LISTEN/NOTIFY and table
ownership by advisory locks (coordination), and what this process does with the others' notes
(sync). Only the app's wiring builds on this; the tables see the cluster through
`tables/ownership.py`."""
