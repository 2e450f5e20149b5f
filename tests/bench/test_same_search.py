"""bench/search/same_search.py: recorded searches compare the same, and a changed one is named."""

import json
from pathlib import Path

from .scripts import load_script

same_search = load_script("search/same_search.py", "bench_same_search")


def test_a_recorded_search_compares_the_same_and_a_changed_one_is_named(tmp_path: Path, capsys) -> None:
    record = tmp_path / "search.json"
    args = ["record", str(record), "inscription", "--positions", "2", "--iterations", "60"]
    assert same_search.main(args) == 0
    assert same_search.main(["compare", str(record)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "inscription: 2 of 2 the same"
    data = json.loads(record.read_text())
    first = data["games"]["inscription"][1]
    action = next(iter(first))
    first[action][0] += 1  # as if the search had visited that action once more
    record.write_text(json.dumps(data))
    assert same_search.main(["compare", str(record)]) == 1
    assert capsys.readouterr().out.splitlines() == ["inscription position 1: the root's statistics differ",
                                                    "inscription: 1 of 2 the same"]
