"""Classic glyphs: reference §1.9 (general glyph rules) and §2.1 (each Hasbro glyph), and the
module's Glyphs section (a figure stops on a glyph; symbol side is turned power side up)."""

import dataclasses

from heroscape_helpers import BLANK, SKULL, act, d20, fig, hexof, legal, position, texts

from glyphhall.games.heroscape import combat, flow, glyph_effects, glyph_rules, movement

ROWS = ["1g0 1g0 1g0 1g0 1g0 1g0", "1g 1g 1g 1g 1g 1g", "1g 1g 1g 1g 1g 1g", "1g 1g 1g 1g 1g 1g",
        "1g1 1g1 1g1 1g1 1g1 1g1"]


def on(glyph, at="b2", up=True, **kw):
    kw.setdefault("at", {"finn": at, "thorgrim": "e6"})
    return position(ROWS, glyphs={at: (glyph, up)}, **kw)


def test_a_figure_moving_onto_a_glyph_must_stop_and_turns_it():
    """Rulebook, Glyphs: a figure moving onto a glyph must stop; symbol side up is turned power side up."""
    s = position(ROWS, at={"finn": "b1", "thorgrim": "e6"}, glyphs={"b2": ("gerda", False)}, active="finn")
    view = s.view(1)
    assert view["glyphs"][0]["glyph"] == "?", "a symbol-side glyph is hidden"
    act(s, "step finn b2")
    assert s.moving == -1
    assert s.glyph_at[s.board.index["b2"]] == ("gerda", True)


def test_flyers_pass_over_glyphs():
    """Reference §1.4 Flying / §1.9: flying figures only activate glyphs they stop on."""
    s = position(ROWS, armies=(("raelin",), ("thorgrim",)), at={"raelin": "b1", "thorgrim": "e6"},
                 glyphs={"b2": ("gerda", True)}, active="raelin")
    act(s, "step raelin b2")
    assert s.moving == s.fig_index("raelin")


def test_astrid_gerda_jalgard_benefit_the_occupants_army():
    """Reference §2.1 Astrid +1 attack, Gerda +1 defense, Jalgard +2 defense, for every figure
    the occupant's controller controls (§1.9 permanent glyphs)."""
    s = position(ROWS, armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "b2", "tarn1": "c4", "thorgrim": "c5"},
                 glyphs={"b2": ("astrid", True)})
    assert combat.attack_dice(s, fig(s, "tarn1"), fig(s, "thorgrim"), 3) == 4
    assert combat.attack_dice(s, fig(s, "thorgrim"), fig(s, "tarn1"), 3) == 3
    for glyph, extra in (("gerda", 1), ("jalgard", 2)):
        s = position(ROWS, armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "b2", "tarn1": "c4", "thorgrim": "e6"},
                     glyphs={"b2": (glyph, True)})
        assert combat.defense_dice(s, fig(s, "tarn1")) == 4 + extra


def test_ivor_adds_range_to_long_range_figures():
    """Reference §2.1 Ivor: Range +4 for figures whose Range is 4 or more."""
    s = position(ROWS, armies=(("syvarris", "finn"), ("thorgrim",)), at={"syvarris": "b2", "finn": "a1", "thorgrim": "e6"},
                 glyphs={"b2": ("ivor", True)})
    assert combat.effective_range(s, fig(s, "syvarris")) == 13
    assert combat.effective_range(s, fig(s, "finn")) == 1


def test_valda_adds_move_except_moving_off():
    """Reference §2.1 Valda: Move +2 for your figures except the occupant moving off."""
    s = position(ROWS, armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "b2", "tarn1": "a1", "thorgrim": "e6"},
                 glyphs={"b2": ("valda", True)})
    assert movement.move_allowance(s, fig(s, "tarn1")) == 6
    assert movement.move_allowance(s, fig(s, "finn")) == 5


def test_dagmar_adds_eight_to_initiative():
    """Reference §2.1 Dagmar: +8 on initiative rolls."""
    s = on("dagmar")
    assert flow.initiative_bonus(s, 0) == 8 and flow.initiative_bonus(s, 1) == 0


def test_brandar_has_no_power_but_stops():
    """Reference §2.1 Brandar: artifact, no power of its own; a figure still stops on it."""
    s = position(ROWS, at={"finn": "b1", "thorgrim": "e6"}, glyphs={"b2": ("brandar", True)}, active="finn")
    act(s, "step finn b2")
    assert s.moving == -1 and s.board.index["b2"] in s.glyph_at


def test_kelda_rulebook_and_wiki():
    """Reference §2.1 Kelda: heals all wounds; rulebook: only a wounded figure may stop there;
    option kelda=wiki: heroes are healed, squads get nothing."""
    s = position(ROWS, at={"finn": "b1", "thorgrim": "e6"}, glyphs={"b2": ("kelda", True)}, active="finn")
    assert not legal(s, "step finn b2")
    s.f_wounds[fig(s, "finn")] = 2
    act(s, "step finn b2")
    assert s.f_wounds[fig(s, "finn")] == 0 and s.board.index["b2"] not in s.glyph_at, "temporary: removed"
    s = position(ROWS, armies=(("tarn",), ("thorgrim",)), at={"tarn1": "b1", "thorgrim": "e6"},
                 glyphs={"b2": ("kelda", True)}, active="tarn", options={"kelda": "wiki"})
    act(s, "step tarn1 b2")
    assert s.board.index["b2"] not in s.glyph_at


def test_a_face_down_kelda_is_a_glyph_like_any_other_until_revealed():
    """Rulebook, Glyphs: a figure moving onto a glyph must stop, a symbol-side glyph is turned
    power side up; reference §2.1 Kelda: only a wounded figure may stop on her. Face down, the
    mover cannot know she is Kelda: the move is open to any figure (its legal moves must not tell
    which glyph she is); ruling: revealed under an unwounded figure she heals nothing and stays,
    power side up, for a wounded one."""
    s = position(ROWS, at={"finn": "b1", "thorgrim": "e6"}, glyphs={"b2": ("kelda", False)}, active="finn")
    assert legal(s, "step finn b2")
    events = act(s, "step finn b2")
    said = [e.text for e in events]
    assert any("it is Kelda" in t for t in said) and any("has no wound, so she stays" in t for t in said)
    assert s.glyph_at[s.board.index["b2"]] == ("kelda", True) and s.f_wounds[fig(s, "finn")] == 0


def test_erland_summons_a_figure_adjacent():
    """Reference §2.1 Erland: place any one other figure on a space adjacent to the figure on the glyph."""
    s = position(ROWS, at={"finn": "b1", "thorgrim": "e6"}, glyphs={"b2": ("erland", True)}, active="finn")
    act(s, "step finn b2")
    assert "summon thorgrim c2" in texts(s)
    act(s, "summon thorgrim c2")
    assert hexof(s, "thorgrim") == "c2"


def test_mitonsoul_curses_every_figure():
    """Reference §2.1 Mitonsoul: d20 for every figure on the battlefield; on 1 it is destroyed."""
    s = position(ROWS, armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "b1", "tarn1": "a1", "thorgrim": "e6"},
                 glyphs={"b2": ("mitonsoul", True)}, active="finn", script=[d20(5), d20(1), d20(1)])
    act(s, "step finn b2")
    assert s.f_state[fig(s, "finn")] == 1
    assert s.f_state[fig(s, "tarn1")] == 2 and s.f_state[fig(s, "thorgrim")] == 2


def test_lodin_adds_one_to_d20_rolls():
    """Reference §2.1 Lodin: add 1 to every d20 you roll."""
    s = on("lodin", script=[d20(7), d20(7)])
    assert glyph_effects.d20(s, 0) == 8 and glyph_effects.d20(s, 1) == 7


def test_sturla_revives_destroyed_figures():
    """Reference §2.1 Sturla: each destroyed figure returns to its start zone on 19-20
    (option sturla=20)."""
    s = position(ROWS, armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "b1", "thorgrim": "e6"},
                 glyphs={"b2": ("sturla", True)}, active="finn", script=[d20(19), d20(18), d20(3), d20(20)])
    for name in ("tarn1", "tarn2", "tarn3", "tarn4"):
        s.f_state[fig(s, name)] = 2
    act(s, "step finn b2")
    assert s.pending and s.pending[0][2] == fig(s, "tarn1") and len(s.pending) == 2
    act(s, "place a3")
    assert hexof(s, "tarn1") == "a3"


def test_rannveig_grounds_flyers():
    """Reference §2.1 Rannveig: while any figure is on it, no figure may use Flying."""
    s = position(ROWS, armies=(("raelin",), ("thorgrim",)), at={"raelin": "a1", "thorgrim": "b2"},
                 glyphs={"b2": ("rannveig", True)})
    assert not movement.flies(s, fig(s, "raelin"))


def test_crevcor_and_ulaniva():
    """Reference §2.1 Crevcor: your Common figures +1 attack die; Ulaniva: your Unique figures +1."""
    s = position(ROWS, armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "b2", "tarn1": "c4", "thorgrim": "c5"},
                 glyphs={"b2": ("ulaniva", True)})
    assert combat.attack_dice(s, fig(s, "tarn1"), fig(s, "thorgrim"), 3) == 4
    s.glyph_at[s.board.index["b2"]] = ("crevcor", True)
    assert combat.attack_dice(s, fig(s, "tarn1"), fig(s, "thorgrim"), 3) == 3
    c = s.card_index("tarn")
    s.c_def[c] = dataclasses.replace(s.c_def[c], unique=False)
    assert combat.attack_dice(s, fig(s, "tarn1"), fig(s, "thorgrim"), 3) == 4


def test_thorian_glyph_needs_adjacent_attackers():
    """Reference §2.1 Thorian: opponents must be adjacent to your figures to attack them normally."""
    s = position(ROWS, armies=(("syvarris",), ("thorgrim", "tarn")), at={"syvarris": "a1", "thorgrim": "e6", "tarn1": "c4"},
                 glyphs={"e6": ("thorian", True)}, active="syvarris")
    assert not legal(s, "attack syvarris tarn1")


def test_proftaka_pins_the_occupant():
    """Reference §2.1 Proftaka: the occupant cannot move off unless a friendly figure is adjacent."""
    s = position(ROWS, armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "b2", "tarn1": "e1", "thorgrim": "e6"},
                 glyphs={"b2": ("proftaka", True)}, active="finn")
    assert not any(t.startswith("step finn") for t in texts(s))
    movement.place(s, fig(s, "tarn1"), s.board.index["b3"], -1)
    assert any(t.startswith("step finn") for t in texts(s))


def test_wannok_at_the_end_of_the_round():
    """Reference §2.1 Wannok: end of round d20: 1 wounds the occupant; 2+ an opponent wounds
    one of their own figures."""
    s = on("wannok", script=[d20(1)])
    glyph_rules.wannok(s, [])
    assert s.f_wounds[fig(s, "finn")] == 1
    s = on("wannok", script=[d20(2)])
    glyph_rules.wannok(s, [])
    assert s.to_move() == (1,) and texts(s) == {"wound thorgrim"}
    act(s, "wound thorgrim")
    assert s.f_wounds[fig(s, "thorgrim")] == 1


def test_nilrend_negates_a_unique_card():
    """Reference §2.1 Nilrend: choose an opponent's unique card; d20 5+ negates its powers."""
    s = position(ROWS, armies=(("finn",), ("raelin",)), at={"finn": "b1", "raelin": "e6"},
                 glyphs={"b2": ("nilrend", True)}, active="finn", script=[d20(5)])
    act(s, "step finn b2")
    act(s, "negate raelin")
    assert s.c_negated[s.card_index("raelin")]
    assert not movement.flies(s, fig(s, "raelin"))


def test_oreld_removes_an_unrevealed_order_marker():
    """Reference §2.1 Oreld: d20 10+ removes one random unrevealed order marker of an opponent."""
    s = position(ROWS, at={"finn": "b1", "thorgrim": "e6"}, glyphs={"b2": ("oreld", True)}, active="finn",
                 script=[d20(10), "d4 3"])  # the third unrevealed marker
    act(s, "step finn b2")
    assert s.markers[1][2] == -2
    s = position(ROWS, at={"finn": "b1", "thorgrim": "e6"}, glyphs={"b2": ("oreld", True)}, active="finn",
                 script=[d20(9)])
    act(s, "step finn b2")
    assert -2 not in s.markers[1]


def test_glyphs_do_not_modify_special_attacks():
    """Reference §1.9: special attacks are not modified by glyphs."""
    s = position(ROWS, armies=(("dw9000",), ("thorgrim",)), at={"dw9000": "b2", "thorgrim": "e5"},
                 glyphs={"b2": ("astrid", True)}, active="dw9000", script=[SKULL] * 3 + [BLANK] * 4)
    act(s, "explode dw9000 thorgrim")
    assert s.f_wounds[fig(s, "thorgrim")] == 3
