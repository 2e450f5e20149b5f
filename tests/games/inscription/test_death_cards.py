"""Rulebook, Death Cards: making one after a game, the vault, and playing with them later."""

import json

import pytest

from glyphhall.engine import IllegalAction, JsonFileVault, OptionError, Rng
from glyphhall.games.inscription import GAME
from glyphhall.games.inscription.death_cards import encode, resolve_option, save_made_card

from .helpers import act, bell, cid, position


def finished(dead1=("Wolf", "Adder", "Sparrow", "Stoat", "Bat", "Skunk", "Alpha", "Mole", "Beehive"),
             hand1=("Geck",)):
    st = position(board0=["Wolf", None, None, None], scale=3, candles=(2, 1), hand1=list(hand1))
    st.dead[1] = [cid(st, n) for n in dead1]
    bell(st)
    return st


def test_the_loser_makes_a_death_card_by_revealing_three_cards_three_times():
    """Rulebook, Death Cards > Creating a Death Card: cost, then power and health, then sigils."""
    st = finished()
    assert st.phase == "death-card" and st.to_move() == (1,) and not st.is_over()
    assert st.returns() == [1.0, 0.0]
    picks = []
    for _stage in range(3):
        assert len(st.dc_revealed) == 3
        picks.append(st.defs[st.dc_revealed[0]])
        act(st, "choose 1")
    cost, stats, sigils = picks
    name = str(st.legal_actions(1)[0].args[0])
    act(st, f"name {name}")
    assert st.is_over()
    assert st.made == {"name": name, "cost": cost.cost_text, "power": stats.power,
                       "health": stats.health, "sigils": sigils.sigil_names}


def test_the_hand_is_shuffled_in_when_the_dead_pile_is_small():
    """Rulebook, Death Cards, Note: fewer than 9 dead cards, the hand is shuffled in."""
    st = finished(dead1=("Wolf",), hand1=("Geck", "Adder"))
    assert len(st.dc_pool) + len(st.dc_revealed) == 3 + 0
    st = finished()
    assert len(st.dc_pool) + len(st.dc_revealed) == 9  # 9 dead cards: the hand stays out


def test_a_death_card_needs_a_proper_name():
    """Bad input: a name that is empty, too long or full of symbols is refused, nothing changes."""
    st = finished()
    for _ in range(3):
        act(st, "choose 1")
    before = st.to_dict()
    for bad in ("name", "name " + "x" * 31, "name <script>", "name a/b"):
        with pytest.raises(IllegalAction):
            act(st, bad)
    assert st.to_dict() == before
    act(st, "name Old Bones")
    assert st.made["name"] == "Old Bones"


def made_card(name: str):
    st = finished()
    for _ in range(3):
        act(st, "choose 1")
    act(st, f"name {name}")
    return st


def test_the_vault_keeps_cards_with_unique_names(tmp_path):
    """Death cards are kept in a vault and read back; a name already there gets a number."""
    vault = JsonFileVault(tmp_path / "vault.json")
    card = save_made_card(made_card("Old Bones"), vault, session="friday")
    again = save_made_card(made_card("Old Bones"), vault, session="saturday")
    assert again["name"] == "Old Bones 2"
    assert [c["name"] for c in vault.list()] == ["Old Bones", "Old Bones 2"]
    assert vault.get(card["id"])["session"] == "friday"


def test_keep_after_match_saves_the_losers_card_under_their_name(tmp_path):
    """Rulebook, Death Cards: after a game ends, the losing player creates a death card."""
    vault = JsonFileVault(tmp_path / "vault.json")
    st = made_card("Grave Moth")
    kept = GAME.keep_after_match(st, vault, "table-7", ["ann", "bob"])
    loser = ["ann", "bob"][st.returns().index(0.0)]
    assert kept["name"] == "Grave Moth" and kept["made_by"] == loser and kept["session"] == "table-7"
    assert GAME.keep_after_match(GAME.new(2, 0), vault, "x", ["a", "b"]) is None  # nothing made


def test_a_broken_vault_is_a_clear_error(tmp_path):
    """Bad data: kept cards are validated when read, with the entry named."""
    vault = JsonFileVault(tmp_path / "vault.json")
    vault.add({"name": "X", "cost": "9 gold", "power": 1, "health": 1, "sigils": []})
    with pytest.raises(OptionError, match="card #1"):
        GAME.prepare_options({"death_cards": "all"}, vault)


def test_death_cards_option_picks_all_or_a_session_or_written_cards(tmp_path):
    """Rulebook, Using a Death Card: the current session's cards or all ever made."""
    vault = JsonFileVault(tmp_path / "vault.json")
    vault.add({"name": "Old Bones", "cost": "2 blood", "power": 3, "health": 2, "sigils": ["Airborne"], "session": "a"})
    vault.add({"name": "Grim", "cost": "4 bones", "power": 1, "health": 5, "sigils": [], "session": "b"})
    assert [s["name"] for s in resolve_option("all", vault)] == ["Old Bones", "Grim"]
    assert [s["name"] for s in resolve_option("session:b", vault)] == ["Grim"]
    assert resolve_option("none") == []
    text = encode(resolve_option("all", vault))
    assert text == "Old Bones/2 blood/3/2/Airborne;Grim/4 bones/1/5/"
    assert resolve_option(text) == resolve_option("all", vault)
    options = GAME.prepare_options(GAME.resolve_options({"death_cards": "all"}), vault)
    assert options["death_cards"] == text  # the record holds the exact cards
    assert GAME.new(2, 0, options).options["death_cards"] == text
    with pytest.raises(OptionError, match="no death cards"):
        GAME.prepare_options({"death_cards": "session:nobody"}, vault)
    with pytest.raises(OptionError, match="was not given"):
        GAME.new(2, 0, {"death_cards": "all"})  # without the vault, a game cannot guess
    for bad in ("Old Bones/2 gold/3/2/", "X/free/a/1/", "X/free/1/1/Flying", "just text"):
        with pytest.raises(OptionError):
            GAME.new(2, 0, {"death_cards": bad})


def test_blank_cards_in_the_draft_become_death_cards_shown_to_both():
    """Rulebook, Using a Death Card: shuffle the blanks into the draw pile; whoever picks one up
    sleeves it (shuffled sleeves) and shows the adversary."""
    cards = "Old Bones/2 blood/3/2/Airborne;Grim/4 bones/1/5/"
    st = GAME.new(2, 1, {"death_cards": cards, "blank_death_cards": 2})
    blanks = [c for c in st.draft_pile + st.faceup if st.defs[c].pile == "blank"]
    assert len(blanks) == 2
    assert len([c for c in GAME.new(2, 1).draft_pile if GAME.new(2, 1).defs[c].pile == "blank"]) == 0
    st.faceup[0] = blanks[0]
    events = act(st, "draft 1")
    got = st.defs[st.decks[0][0]]
    assert got.pile == "death" and got.name in ("Old Bones", "Grim")
    assert any(got.name in e for e in events) and len(st.sleeves) == 1


def test_death_cards_play_like_regular_cards():
    """Rulebook, Death Cards: death cards function like regular cards."""
    st = GAME.new(2, 1, {"death_cards": "Old Bones/free/3/2/Airborne", "blank_death_cards": 1})
    rng = Rng(5)
    while st.phase == "draft":
        seat = st.to_move()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    death = [c for s in (0, 1) for c in st.decks[s] + st.hands[s] if st.defs[c].pile == "death"]
    for c in death:
        assert st.defs[c].power == 3 and st.defs[c].sig
    loaded = GAME.load(json.loads(json.dumps(st.to_dict())))
    assert loaded.to_dict() == st.to_dict()


def test_without_make_death_card_the_game_simply_ends():
    """Option make_death_card=false: the game ends at the last candle."""
    st = position(board0=["Wolf", None, None, None], scale=3, candles=(2, 1), make_death_card=False)
    bell(st)
    assert st.is_over() and st.made is None


def test_the_losers_cards_in_play_join_the_pool_at_the_last_death():
    """Rulebook, Player Death ("on either player's death ... cards currently in play are removed
    from the board into the dead pile") and Creating a Death Card (the dead card pile is
    shuffled and revealed): the last death too, so the loser's cards in play are in the pool."""
    st = position(board0=["Wolf", None, None, None], board1=[None, "Adder", "Chime", None],
                  scale=3, candles=(2, 1), hand1=["Geck"])
    bell(st)
    assert st.board == [None] * 8 and st.bones == [0, 0]
    pool = st.dc_pool + st.dc_revealed
    assert sorted(st.defs[c].name for c in pool) == ["Adder", "Geck"]  # the chime is no dead card
    assert [st.defs[c].name for c in st.dead[0]] == ["Wolf"]


def test_the_three_reveals_use_nine_different_cards():
    """Rulebook, Creating a Death Card: reveal three, keep one, discard the other two, then reveal
    three more: no card is revealed twice."""
    st = finished()
    seen = []
    for _ in range(3):
        seen += st.dc_revealed
        act(st, "choose 2")
    assert sorted(seen) == sorted(st.dead[1])
