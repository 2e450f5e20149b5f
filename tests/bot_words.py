"""Developer words that must never reach what a player reads about a bot (issue 41): the lobby's
options, the table's seat names, the terminal's prompts, `hint` and `--vs` help, the API's labels."""

from __future__ import annotations

import re

BOT_JARGON = re.compile(r"\b(mcts|heuristic|polic(?:y|ies)|learned|iterations?|rollouts?|specs?|playouts?|"
                        r"ucb|puct|greedy)\b", re.I)


def bot_jargon(text: str) -> list[str]:
    """The developer words in `text` (empty: fine)."""
    return [m.group(0) for m in BOT_JARGON.finditer(text)]
