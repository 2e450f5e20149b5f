"""The renderers read the legal moves' data (`ctx.moves`: kind and arguments, docs/protocol.md),
never the notation of their texts: in `glyphhall/web/games/` the texts of `legal` are only
counted, and no module matches move texts by their first words."""

import re
from pathlib import Path

GAMES = Path(__file__).resolve().parents[1] / "glyphhall" / "web" / "games"
#: Reading legal texts: a method on the list other than its length, a loop over it, or a text
#: matched by its start (`t.startsWith("guess ")`).
READS_TEXTS = re.compile(r"\blegal\.(?!length\b)\w+|\bof (?:ctx\.)?legal\b|\.startsWith\(")


def test_no_renderer_reads_the_notation_of_legal_moves():
    modules = sorted(GAMES.glob("*.js"))
    assert len(modules) > 10
    found = [f"{p.name}:{n}: {line.strip()}" for p in modules
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if READS_TEXTS.search(line)]
    assert not found, "read ctx.moves (games/shared.js: movesOf, findMove...) instead:\n" + "\n".join(found)
