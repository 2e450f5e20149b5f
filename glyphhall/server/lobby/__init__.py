"""The lobby's REST routes: the games and their options, creating a table (also from a position),
taking and leaving seats, starting, the lists; "Play again"; a game's rules panel; Heroscape's
maps; Glyphs' guess help. Builds on tables/ and guard/."""
