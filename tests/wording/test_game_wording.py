"""Every game's log and result as people read them: over seeded random games no event is worded
with a seat number ("seat 1", "Tribe 2" in a two-player game) or a raw id (`blood_mage`,
`airborne2`, glyph notation), and the result says who won and why. In the games with pieces of
both sides on the table (Tundrus champions, Heroscape figures and army cards, Glyfts creatures in
battle) every piece is named with its owner ("Ann's Fire Guard"), unless the sentence's subject
is that owner ("Ann recruits the Druid")."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from glyphhall import games
from glyphhall.engine import Event, Rng, filter_events
from glyphhall.games.glyfts.events import CREATURE_NAMES
from glyphhall.games.heroscape.armies import CARDS
from glyphhall.games.heroscape.wording import figure_name
from glyphhall.games.tundrus.data import load_data

NAMES = ["Ann", "Bob"]
SEAT_NUMBER = re.compile(r"\b[Ss]eats? \d|\bseat\(s\)|\bTribe \d")
SNAKE_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
GLYPH_NOTATION = re.compile(r"\b[a-z]+@-?\d")
FIGURE_ID = re.compile(r"\b(" + "|".join(CARDS) + r")\d*\b")
CHAMPION_ID = re.compile(r"\b(" + "|".join(load_data().champions) + r")\b")
STEPS = {"heroscape": 300, "tundrus": 300}
OWNED = r"(?:Ann|Bob)'s "
# the owner is the sentence's subject, just before the piece
SUBJECT = (r"(?:Ann|Bob) (?:recruits the|activates the|places|drafts|puts an order marker face down on"
           r"|(?:reveals|puts) order marker \w on|ends the turn of|places a card face down under|tries to summon"
           r"|picks|puts|puts \w[\w ]* and) ")


def raw_ids(text: str) -> list[str]:
    found = SNAKE_ID.findall(text) + GLYPH_NOTATION.findall(text)
    found += [m.group(0) for m in FIGURE_ID.finditer(text)] + CHAMPION_ID.findall(text)
    return found


def play(game_id: str, seed: int) -> tuple[list[Event], object]:
    game = games.get(game_id)
    state = game.new(2, seed)
    rng = Rng(seed + 7)
    events: list[Event] = []
    for _ in range(STEPS.get(game_id, 600)):
        if state.is_over():
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        events += state.apply(seat, legal[rng.below(len(legal))])
    return events, state


@pytest.mark.parametrize("game_id", games.ids())
@pytest.mark.parametrize("seed", [1, 2])
def test_no_seat_number_or_raw_id_in_a_worded_log(game_id, seed):
    game = games.get(game_id)
    events, state = play(game_id, seed)
    assert events
    for event in events:
        text = game.event_text(event, NAMES)
        assert not SEAT_NUMBER.search(text), f"{event.text!r} -> {text!r}"
        assert not raw_ids(text), f"{event.text!r} -> {text!r}"
    if state.is_over():
        result = game.result_text(state, NAMES)
        assert not SEAT_NUMBER.search(result) and not raw_ids(result)
        assert "Ann" in result or "Bob" in result or "draw" in result


def test_tundrus_names_champions_and_tribes():
    game = games.get("tundrus")
    said = game.event_text(Event("blood_mage attacks fire_guard: 1 Armor removed"), NAMES)
    assert said == "Blood Mage attacks Fire Guard: 1 Armor removed"
    assert game.event_text(Event("Tribe 2 recruits the Druid"), NAMES) == "Bob recruits the Druid"
    # with three players the split is an option: without the seats in its data the Tribe keeps its
    # number rather than guess; the game's events carry them
    assert game.event_text(Event("Tribe 2 recruits the Druid"), NAMES + ["Cy"]) == "Tribe 2 recruits the Druid"
    team = Event("Tribe 1 recruits the Druid", data={"tribe_seats": (0, 2)})
    assert game.event_text(team, NAMES + ["Cy"]) == "Ann and Cy recruit the Druid"


def test_tundrus_team_games_name_each_tribes_players():
    game = games.get("tundrus")
    state = game.new(3, 4)
    rng = Rng(4)
    names = ["Ann", "Bob", "Cy"]
    said = []
    for _ in range(40):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        said += [game.event_text(e, names) for e in state.apply(seat, legal[rng.below(len(legal))])]
    assert not [t for t in said if SEAT_NUMBER.search(t)]
    assert any(t.startswith("Ann and Bob recruit the ") for t in said)
    assert game.event_text(Event("druid rolls: 1:red double_war"), NAMES) == "Druid rolls: 1:red double war"
    # with the seats in the event's data the champions are said with their players' names
    taken = Event("fire_guard takes a blue die (own)", data={"seat": 1})
    assert game.event_text(taken, NAMES) == "Bob's Fire Guard takes a blue die (own)"
    attack = Event("druid attacks fire_guard: 1 Armor removed", data={"seat": 0, "target_seat": 1})
    assert game.event_text(attack, NAMES) == "Ann's Druid attacks Bob's Fire Guard: 1 Armor removed"


def test_tundrus_events_of_a_game_carry_their_champions_seats():
    events, _ = play("tundrus", 1)
    said = [games.get("tundrus").event_text(e, NAMES) for e in events]
    assert any(re.match(r"(Ann|Bob)'s [A-Z][a-z]+( [A-Z][a-z]+)? takes a \w+ die", t) for t in said)
    assert any(re.match(r"(Ann|Bob)'s .* attacks (Ann|Bob)'s ", t) for t in said)


def test_heroscape_names_figures_and_lists_of_seats():
    game = games.get("heroscape")
    assert game.event_text(Event("seat 0 places airborne2 on g2"), NAMES) == "Ann places Airborne Elite 2 on g2"
    assert game.event_text(Event("raelin takes 1 wound"), NAMES) == "Raelin the Kyrie Warrior takes 1 wound"
    hurt = Event("raelin takes 1 wound", data={"figure": "raelin", "seat": 1})
    assert game.event_text(hurt, NAMES) == "Bob's Raelin the Kyrie Warrior takes 1 wound"
    moved = Event("tarn2 moves to c4", data={"figure": "tarn2", "to": "c4", "seat": 0})
    assert game.event_text(moved, NAMES) == "Ann's Tarn Viking Warriors 2 moves to c4"
    healed = Event("Kelda heals Grimnak of every wound", data={"card": "Grimnak", "card_seat": 1})
    assert game.event_text(healed, NAMES) == "Kelda heals Bob's Grimnak of every wound"
    attack = Event("attack: airborne4 rolls 4 dice, 2 skulls; raelin rolls 3, 1 shield", data={"seat": 0, "target_seat": 1})
    said = "attack: Ann's Airborne Elite 4 rolls 4 dice, 2 skulls; Bob's Raelin the Kyrie Warrior rolls 3, 1 shield"
    assert game.event_text(attack, NAMES) == said
    ended = Event("game over, seat 0, 1 win: the round limit is reached; points on the battlefield: seat 0 150, seat 1 150")
    said = "game over, Ann and Bob win: the round limit is reached; points on the battlefield: Ann 150, Bob 150"
    assert game.event_text(ended, NAMES) == said


def test_glyphs_says_a_glyph_instead_of_its_notation():
    game = games.get("glyphs")
    said = game.event_text(Event("seat 1 studies oval@1.5,1.5 triangle@0,2.5/270"), NAMES)
    assert said == "Bob studies a glyph of 2 shapes"


def test_inscription_result_says_why():
    game = games.get("inscription")
    for seed in (1, 2, 3):
        _, state = play("inscription", seed)
        if state.is_over() and state.winner >= 0:
            loser = NAMES[1 - state.winner]
            assert game.result_text(state, NAMES) == f"{NAMES[state.winner]} wins: both of {loser}'s candles are out"
            return
    pytest.fail("no seeded Inscription game ended with a winner")


def log_lines(game_id: str, seed: int, steps: int) -> Iterator[tuple[object, str]]:
    """(state after the step, line) for every event of a seeded random game, as every seat and a
    spectator may see it."""
    game = games.get(game_id)
    state = game.new(2, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            return
        seat = state.to_move()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for observer in (0, 1, None):
            for event in filter_events(events, observer):
                yield state, game.event_text(event, NAMES)


def tundrus_pieces(state) -> list[str]:
    return [c.name for c in load_data().champions.values()]


def heroscape_pieces(state) -> list[str]:
    return [figure_name(f) for f in state.f_name]


def glyfts_pieces(state) -> list[str]:
    return list(CREATURE_NAMES)


def unowned(line: str, pieces: list[str]) -> list[str]:
    """The pieces `line` names without their owner's name."""
    pattern = "|".join(map(re.escape, sorted(set(pieces), key=len, reverse=True)))
    out = []
    for match in re.finditer(rf"(?<![\w'])({pattern})(?![\w])", line):
        before = line[: match.start()]
        if not re.search(rf"(?:{OWNED}|{SUBJECT})$", before):
            out.append(match.group(0))
    return out


@pytest.mark.parametrize("game_id, pieces, only", [
    ("tundrus", tundrus_pieces, None),
    ("heroscape", heroscape_pieces, None),
    ("glyfts", glyfts_pieces, re.compile(r"attacks|Attack \d")),  # battles: both sides' creatures
])
def test_pieces_are_named_with_their_owners(game_id, pieces, only):
    for seed in (1, 2):
        for state, line in log_lines(game_id, seed, 1500):
            if only is None or only.search(line):
                assert not unowned(line.split(";")[0] if only else line, pieces(state)), line
