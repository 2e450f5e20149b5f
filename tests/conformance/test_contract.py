"""The engine contract, checked for every registered game (DESIGN.md, "The engine contract").
A new game gets these tests for free by registering itself."""

from __future__ import annotations

import json
import pickle

import orjson
import pytest

from glyphhall.engine import Action, Game, IllegalAction, MatchRecord, Rng, State, replay

from .playout import PLAYOUTS, play_to_end, player_counts, random_playout

# Checks that clone or serialize the state run on every Nth step to keep the suite fast.
SAMPLE_EVERY = 7


def test_metadata(game: Game) -> None:
    assert game.id and game.name
    assert 1 <= game.min_players <= game.max_players
    for option in game.options:
        assert option.coerce(option.default) == option.default


def test_random_playouts_finish_with_sane_returns(game: Game) -> None:
    for players in player_counts(game):
        for seed in range(PLAYOUTS):
            steps = 0
            last = None
            for state, _, _ in random_playout(game, players, seed):
                steps += 1
                last = state
            assert last is not None and last.is_over()
            returns = last.returns()
            assert len(returns) == players
            assert all(0.0 <= r <= 1.0 for r in returns), returns
            assert steps > 0


def test_every_legal_action_applies_on_a_clone(game: Game) -> None:
    for step, (state, seat, _) in enumerate(random_playout(game, game.min_players, 1)):
        if step % SAMPLE_EVERY:
            continue
        before = state.to_dict()
        for action in state.legal_actions(seat):
            state.clone().apply(seat, action)
        assert state.to_dict() == before, "applying on a clone changed the original"


def _assert_illegal(state: State, method, *args) -> None:
    """`method(*args)` raises IllegalAction with a reason and leaves the state unchanged."""
    before = state.to_dict()
    with pytest.raises(IllegalAction) as info:
        method(*args)
    assert str(info.value), "an IllegalAction must say why"
    assert state.to_dict() == before, "a rejected action changed the state"


def test_illegal_actions_are_rejected_and_change_nothing(game: Game) -> None:
    for step, (state, seat, action) in enumerate(random_playout(game, game.min_players, 2)):
        if step % SAMPLE_EVERY:
            continue
        for other in (s for s in range(state.num_players) if s not in state.to_move()):
            _assert_illegal(state, state.apply, other, action)  # wrong seat
            _assert_illegal(state, state.apply_text, other, str(action))
        _assert_illegal(state, state.apply_text, seat, "#!? not an action 123")  # malformed
        _assert_illegal(state, state.apply_text, seat, "")
        _assert_illegal(state, state.apply, seat, Action("no-such-verb", (99999,)))
        _assert_illegal(state, state.apply_text, seat, str(action) + " 99999")  # out of range
        _assert_illegal(state, state.apply, state.num_players + 3, action)  # no such seat


def test_a_finished_game_accepts_nothing(game: Game) -> None:
    last = None
    for state, _, action in random_playout(game, game.min_players, 3):
        last, last_action = state, action
    assert last is not None and last.is_over()
    for seat in range(last.num_players):
        assert last.legal_actions(seat) == []
        _assert_illegal(last, last.apply, seat, last_action)


def test_clone_is_equal_and_independent(game: Game) -> None:
    for step, (state, seat, action) in enumerate(random_playout(game, game.min_players, 4)):
        if step % SAMPLE_EVERY:
            continue
        copy = state.clone()
        assert copy.to_dict() == state.to_dict()
        before = state.to_dict()
        copy.apply(seat, action)
        for _ in range(5):  # play on in the clone a little
            if copy.is_over():
                break
            s = copy.to_move()[0]
            copy.apply(s, copy.legal_actions(s)[0])
        assert state.to_dict() == before, "changing a clone changed the original"


def test_to_dict_load_round_trip(game: Game) -> None:
    for step, (state, _, _) in enumerate(random_playout(game, game.min_players, 5)):
        if step % SAMPLE_EVERY:
            continue
        data = json.loads(json.dumps(state.to_dict()))  # must survive JSON
        loaded = game.load(data)
        assert loaded.to_dict() == state.to_dict()
        assert loaded.to_move() == state.to_move()
        for seat in state.to_move():
            assert loaded.legal_actions(seat) == state.legal_actions(seat)


def test_a_state_pickles_as_itself(game: Game) -> None:
    """Researchers hand states to worker processes: a state pickles to an equal one that plays
    on alike, in both builds (compiled, a state's fields may live in C, not in a dict)."""
    for step, (state, _, _) in enumerate(random_playout(game, game.min_players, 6)):
        if step % SAMPLE_EVERY:
            continue
        loaded = pickle.loads(pickle.dumps(state))
        assert type(loaded) is type(state) and loaded.to_dict() == state.to_dict()
        assert loaded.to_move() == state.to_move()
        for seat in state.to_move():
            assert loaded.legal_actions(seat) == state.legal_actions(seat)



def test_events_pickle_as_themselves(game: Game) -> None:
    """What `apply` tells goes to worker processes and logs too: every event pickles to an equal
    one (an event's empty data is the engine's shared `NO_DATA`, not a mappingproxy)."""
    state = game.new(game.min_players, 8)
    rng = Rng(8)
    told = []
    for _ in range(200):
        if state.is_over():
            break
        seat = state.to_move()[0]
        told += state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert told, "a game of 200 steps told nothing"
    assert pickle.loads(pickle.dumps(told)) == told

def test_match_record_replays_to_the_same_state(game: Game, tmp_path) -> None:
    for seed in range(3):
        state = game.new(game.min_players, seed)
        record = MatchRecord.start(game, state, [f"p{i}" for i in range(game.min_players)])
        rng = Rng(seed)
        while not state.is_over():
            seat = rng.choice(state.to_move())
            action = rng.choice(state.legal_actions(seat))
            record.add(seat, str(action))
            state.apply_text(seat, str(action))
        record.finish(state)
        path = record.save(tmp_path / f"{game.id}-{seed}.json")
        again = replay(MatchRecord.read(path), game=game)
        assert again.to_dict() == state.to_dict()
        assert again.returns() == record.result


def test_action_text_round_trips(game: Game) -> None:
    for step, (state, seat, _) in enumerate(random_playout(game, game.min_players, 6)):
        if step % 3:
            continue
        for action in state.legal_actions(seat):
            text = str(action)
            assert text == text.strip() and text, f"bad notation {text!r}"
            assert game.parse_action(state, seat, text) == action
            assert hash(action) == hash(game.parse_action(state, seat, text))


def test_event_data_and_views_encode_as_the_server_sends_them(game: Game) -> None:
    """The server sends views and event data with orjson, whose object keys must be text (the
    browser's JSON too); an int key kept an update from reaching the table once (Heroscape's
    tied roll-off). Python's json module would turn such a key into text silently."""
    for players in player_counts(game):
        for seed in range(PLAYOUTS):
            state = game.new(players, seed)
            rng = Rng(seed ^ 0xE7E7)
            for step in range(20_000):
                if state.is_over():
                    break
                seat = rng.choice(state.to_move())
                for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
                    orjson.dumps(event.to_dict())
                if step % SAMPLE_EVERY == 0:
                    for viewer in [None, *range(players)]:
                        orjson.dumps(state.view(viewer))


def test_views_are_json_and_determinize_hides_nothing_it_should_not(game: Game) -> None:
    """view(seat) is the same on the state and on any determinization for that seat,
    and legal actions of that seat do not change."""
    for step, (state, _, _) in enumerate(random_playout(game, game.min_players, 7)):
        if step % SAMPLE_EVERY:
            continue
        json.dumps(state.view(None))
        for seat in range(state.num_players):
            view = state.view(seat)
            json.dumps(view)
            for k in range(3):
                sample = state.determinize(seat, Rng(1000 * step + k))
                assert sample.view(seat) == view, f"determinize changed seat {seat}'s view"
                assert sample.to_move() == state.to_move()
                if seat in state.to_move():
                    assert sample.legal_actions(seat) == state.legal_actions(seat)
                if k == 0:
                    assert sample.view(None) == state.view(None)


def test_determinize_resamples_hidden_information(game: Game) -> None:
    """Somewhere in a game, different rng seeds give different determinizations: what a seat
    cannot see really is resampled (perfect-information games are exempt)."""
    if game.perfect_information:
        pytest.skip(f"{game.id} declares perfect information")
    resampled = 0
    for step, (state, _, _) in enumerate(random_playout(game, game.min_players, 8)):
        if step % SAMPLE_EVERY:
            continue
        seat = state.to_move()[0]
        samples = {json.dumps(state.determinize(seat, Rng(k)).to_dict(), sort_keys=True) for k in range(6)}
        if len(samples) > 1:
            resampled += 1
    assert resampled > 0, "determinize never resampled anything hidden"


def test_spectator_view_is_no_richer_than_a_seat_view(game: Game) -> None:
    """The public view never holds keys that no seat's view holds (a cheap leak check)."""
    for step, (state, _, _) in enumerate(random_playout(game, game.min_players, 9)):
        if step % SAMPLE_EVERY:
            continue
        public = json.dumps(state.view(None), sort_keys=True)
        assert len(public) <= max(len(json.dumps(state.view(s), sort_keys=True)) for s in range(state.num_players))


def test_bad_saved_states_are_clear_errors(game: Game) -> None:
    from glyphhall.engine import LoadError

    good = game.new(game.min_players, 0).to_dict()
    for bad in ({}, {"game": "nonsense"}, {**good, "version": "999"}, {"game": game.id, "version": game.version}):
        with pytest.raises(LoadError):
            game.load(bad)


def test_determinize_hides_future_chance(game: Game) -> None:
    """A determinization never carries the true random stream: otherwise a search bot could
    play on in its copy and see the real next die roll or card draw."""
    for step, (state, _, _) in enumerate(random_playout(game, game.min_players, 10)):
        if step % SAMPLE_EVERY:
            continue
        seat = state.to_move()[0]
        assert state.determinize(seat, Rng(step)).rng != state.rng


def _alternatives(option) -> list:
    """Values other than the default worth playing: the other truth value, every other choice."""
    if isinstance(option.default, bool):
        return [not option.default]
    return [c for c in option.choices if c != option.default]


#: Options that only make a game shorter, set beside each variant tried (a random Glyphs duel of
#: three decrees took 20 CPU-seconds): the variant is still played on its own otherwise.
SHORTER = {"glyphs": {"decrees": 1}}


def test_every_variant_plays_out(game: Game) -> None:
    """Each rulebook variant is an option; a random game with each non-default value (on its
    own, beside SHORTER) plays to the end, for some player counts the variant allows."""
    from glyphhall.engine import OptionError

    for option in game.options:
        for value in _alternatives(option):
            options = {**SHORTER.get(game.id, {}), option.name: value}
            played = 0
            for players in range(game.min_players, game.max_players + 1):
                try:
                    game.new(players, 0, options)
                except OptionError:
                    continue  # e.g. a team split that needs four seats
                final = play_to_end(game, players, played, options)  # (a seed per count)
                assert final.is_over() and len(final.returns()) == players
                played += 1
                if played == 2:
                    break
            assert played, f"no player count accepts {option.name}={value!r}"
