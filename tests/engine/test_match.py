"""Recording, refusing, undo/redo, edits, trump, capote, rematch and figures.
Seeds: 000 (60-60 void, capote-free count), 002 (undrawn cards, reverse,
trump), 004 (count the smaller pile)."""

import pytest

from host_tools.support.matchstats import match_stats
from tanteador import matchdoc
from tanteador.match import Match
from tanteador.matchoptions import (GOAL_HANDS, GOAL_POINTS, GOAL_TIME, GOAL_WINS, MatchOptions, PAIRS,
                               PREP_UNDRAWN, TRIOS, CW)
from tanteador.rules import BASTOS, COPAS, ESPADAS, OROS, RulesError


def test_two_sides_one_entry_004():
    m = Match(MatchOptions())
    assert m.other_side(38) == (38, 82)
    h = m.record(COPAS, 38, 1000)
    assert h.points == (38, 82) and h.winner == 1 and h.number == 1 and h.trump == COPAS
    assert h.elapsed_ms == 1000 and h.dealer == 0 and h.capote is None
    assert m.hand_no == 2 and m.won == [0, 1] and m.totals == [38, 82]


def test_replay_records_as_record_does_and_refuses_the_same():
    a = Match(MatchOptions(goal=GOAL_WINS, target=2))
    b = Match(MatchOptions(goal=GOAL_WINS, target=2))
    for trump, pts, ms in ((OROS, 70, 1000), (COPAS, 60, 2000), (ESPADAS, 30, 500)):
        a.record(trump, pts, ms)
        assert b.replay(trump, pts, ms) is None
    assert matchdoc.to_dict(a) == matchdoc.to_dict(b) and b.won == [1, 1] and b.totals == [100, 140] and not b.over
    with pytest.raises(RulesError) as e:
        b.replay(OROS, 1)
    assert e.value.code == "one" and matchdoc.to_dict(b) == matchdoc.to_dict(a)


@pytest.mark.parametrize("points,code", [(1, "one"), (119, "one"), (121, "range"), ((50, 60), "total"),
                                         ((60, 60, 0), "count"), ("x", "count")])
def test_refused_entry_changes_nothing(points, code):
    m = Match(MatchOptions())
    m.record(OROS, 70)
    before = matchdoc.to_dict(m)
    with pytest.raises(RulesError) as e:
        m.record(OROS, points)
    assert e.value.code == code
    with pytest.raises(RulesError):
        m.check(points)
    assert matchdoc.to_dict(m) == before and m.hand_no == 2


@pytest.mark.parametrize("trump,elapsed,code", [(4, 0, "trump"), (-1, 0, "trump"), (None, 0, "trump"),
                                                (0, -5, "range"), (0, 1.5, "range")])
def test_bad_trump_or_time_refused(trump, elapsed, code):
    m = Match(MatchOptions())
    with pytest.raises(RulesError) as e:
        m.record(trump, 70, elapsed)
    assert e.value.code == code
    assert not m.hands


def test_trump_cycle_catalan():
    m = Match(MatchOptions(trump_cycle=True, target=9))
    seen = []
    for i in range(6):
        seen.append(m.next_trump)
        m.record(None, 70)
    assert seen == [OROS, COPAS, ESPADAS, BASTOS, OROS, COPAS]
    assert [h.trump for h in m.hands] == seen
    with pytest.raises(RulesError) as e:
        m.record(OROS, 70)          # the cycle says espadas
    assert e.value.code == "trump"
    assert Match(MatchOptions()).next_trump is None


def test_three_players_undrawn_card_002():
    m = Match(MatchOptions(players=3, prep=PREP_UNDRAWN))
    assert m.options.undrawn_cards == 1 and m.options.tricks_per_hand == 13
    h = m.record(OROS, (40, 40, 29))       # an ace stayed in the stock
    assert h.winner is None                # 40-40 tie for the top
    with pytest.raises(RulesError) as e:
        m.record(OROS, (40, 40, 35))
    assert e.value.code == "undrawn"
    plain = Match(MatchOptions(players=3))
    with pytest.raises(RulesError) as e:
        plain.record(OROS, (40, 40, 29))
    assert e.value.code == "total"


def test_undo_redo_to_the_start_rewinds_everything():
    m = Match(MatchOptions(players=4, sides=PAIRS, goal=GOAL_WINS, target=3, direction=CW, first_dealer=1))
    snaps = [matchdoc.to_dict(m)]
    states = [(m.dealer, list(m.won), list(m.totals), m.over)]
    for pts in (70, 60, 20, 90, 100):
        m.record(OROS, pts, 500)
        snaps.append(matchdoc.to_dict(m))
        states.append((m.dealer, list(m.won), list(m.totals), m.over))
    assert m.over and m.winner == 0
    for i in range(5, 0, -1):
        assert m.cursor and m.undo()
        assert (m.dealer, m.won, m.totals, m.over) == states[i - 1]
    assert not m.cursor and not m.undo() and m.hands == []
    for i in range(1, 6):
        assert m.redo()
        assert (m.dealer, m.won, m.totals, m.over) == states[i]
    assert not m.can_redo and not m.redo()
    assert matchdoc.to_dict(m)["a"] == snaps[-1]["a"]


def test_new_entry_after_undo_drops_the_redo():
    m = Match(MatchOptions(target=5))
    m.record(OROS, 70)
    m.record(OROS, 30)
    m.undo()
    assert m.can_redo
    m.record(COPAS, 50)
    assert not m.can_redo and [h.points for h in m.hands] == [(70, 50), (50, 70)]


def test_edit_recomputes_everything_after():
    m = Match(MatchOptions(goal=GOAL_WINS, target=3))
    for p in (70, 30, 70, 30):
        m.record(OROS, p)
    assert m.won == [2, 2] and not m.over
    h = m.edit(3, points=80)
    assert h.points == (80, 40) and h.winner == 0
    assert m.won == [3, 1] and m.over and m.winner == 0   # decided at the last hand: legal
    m.undo()
    assert m.won == [2, 2] and not m.over
    m.edit(1, points=60)
    assert m.won == [2, 1] and m.totals == [170, 190] and m.hands[1].winner is None
    m.undo()
    m.redo()
    m.edit(0, trump=BASTOS)
    assert m.hands[0].trump == BASTOS and m.hands[0].points == (70, 50)
    m.undo()
    assert m.hands[0].trump == OROS


def test_edit_that_would_end_the_match_early_is_refused():
    # Correcting hand 1 into a capote would end the match before hands 2 and 3.
    m = Match(MatchOptions(goal=GOAL_WINS, target=5, capote=True))
    for p in (70, 30, 70):
        m.record(OROS, p)
    before = matchdoc.to_dict(m)
    with pytest.raises(RulesError) as e:
        m.edit(0, points=120)
    assert e.value.code == "over"
    assert matchdoc.to_dict(m) == before
    # The last hand may become the deciding one.
    m.edit(2, points=120)
    assert m.over and m.end_reason == "capote"
    # Undo the later hands first, then the edit is fine.
    m.undo()
    m.undo()
    m.undo()
    m.edit(0, points=120)
    assert m.over and len(m.hands) == 1


@pytest.mark.parametrize("index,kw,code", [(5, dict(points=60), "index"), (-1, dict(points=60), "index"),
                                           (0, dict(points=1), "one"), (0, dict(trump=9), "trump")])
def test_bad_edits_refused(index, kw, code):
    m = Match(MatchOptions(target=5))
    m.record(OROS, 70)
    with pytest.raises(RulesError) as e:
        m.edit(index, **kw)
    assert e.value.code == code


def test_edit_that_changes_nothing_adds_no_step():
    m = Match(MatchOptions(target=5))
    m.record(OROS, 70)
    m.edit(0, points=70, trump=OROS)
    assert m.undo() and not m.cursor


def test_edit_reopens_a_finished_match():
    m = Match(MatchOptions(goal=GOAL_WINS, target=1))
    m.record(OROS, 70)
    assert m.over
    m.edit(0, points=60)
    assert not m.over and m.hands[0].winner is None
    m.record(OROS, 30)
    assert m.over and m.winner == 1


def test_rematch_keeps_setup_and_rotation():
    o = MatchOptions(players=3, goal=GOAL_WINS, target=1, names=["Ana", "Bea", "Cai"], first_dealer=2)
    m = Match(o)
    m.record(OROS, (50, 40, 30))
    assert m.over
    r = m.rematch()
    assert r.hands == [] and not r.over
    assert r.options.names == ["Ana", "Bea", "Cai"] and r.options.goal == GOAL_WINS
    assert r.dealer == 0 == m.dealer
    assert m.options.first_dealer == 2


def test_capote_reverse_is_just_a_hand():
    m = Match(MatchOptions(capote=True, reverse=True, target=2))
    h = m.record(OROS, 120)
    assert h.capote == 0 and h.winner == 1 and not m.over
    assert match_stats(m)["capotes"] == [1, 0]


def test_six_players_trios_and_pairs_002_004():
    m = Match(MatchOptions(players=6, sides=TRIOS, deck=40))
    assert m.nsides == 2 and m.options.tricks_per_hand == 6 and m.options.prep_hint == "rm2s"
    assert m.record(OROS, 75).winner == 0
    m = Match(MatchOptions(players=6, sides=PAIRS, deck=48))
    assert m.nsides == 3 and m.options.tricks_per_hand == 8
    assert m.record(OROS, (40, 40, 40)).winner is None


def test_stats_figures():
    m = Match(MatchOptions(goal=GOAL_HANDS, target=7, capote=False))
    for p, ms in ((70, 1000), (80, 2000), (60, 3000), (120, 4000), (30, 5000), (100, 6000)):
        m.record(OROS, p, ms)
    s = match_stats(m)
    assert s["hands"] == 6 and s["voids"] == 1
    assert s["won"] == [4, 1]
    assert s["totals"] == [70 + 80 + 120 + 30 + 100, 50 + 40 + 0 + 90 + 20]
    assert s["avg10"] == [767, 433]        # 460/6 and 260/6, rounded
    assert s["avg"][0] == s["avg10"][0] / 10
    assert s["capotes"] == [1, 0]
    assert s["streak"] == [2, 1]
    assert s["duration_ms"] == 21000 == m.play_ms


def test_time_goal_play_time_is_the_sum_of_hands():
    m = Match(MatchOptions(goal=GOAL_TIME, target=1))
    m.record(OROS, 70, 30000)
    assert not m.over and m.play_ms == 30000
    m.record(OROS, 70, 30000)
    assert m.over and m.end_reason == "time" and m.winner == 0


def test_points_goal_four_pairs_500_004():
    m = Match(MatchOptions(players=4, sides=PAIRS, goal=GOAL_POINTS, target=500))
    n = 0
    while not m.over:
        m.record(n % 4, 70)
        n += 1
    assert n == 8 and m.totals == [560, 400] and m.winner == 0


def test_hands_is_a_sequence_of_hand():
    m = Match(MatchOptions(target=9, first_dealer=1))
    assert len(m.hands) == 0 and not m.hands and m.hands == [] and list(m.hands) == []
    for p in (70, 60, 30):
        m.record(COPAS, p, 1000 + p)
    hs = m.hands
    assert len(hs) == 3 and hs
    assert hs[-1] == hs[2] and hs[-1].number == 3 and hs[-3].points == (70, 50)
    assert [h.number for h in hs] == [1, 2, 3] and [h.dealer for h in hs] == [1, 0, 1]
    assert [h.points for h in hs[1:]] == [(60, 60), (30, 90)] and hs[::2] == [hs[0], hs[2]]
    assert hs == [hs[0], hs[1], hs[2]] and hs != [hs[0]]
    assert hs[1].winner is None and hs[1].elapsed_ms == 1060 and hs[2].winner == 1
    for bad in (3, -4):
        with pytest.raises(IndexError):
            hs[bad]
    m.undo()
    assert len(m.hands) == 2 and m.hands[-1].points == (60, 60)


def test_elapsed_beyond_the_limit_is_refused():
    m = Match(MatchOptions())
    assert m.record(OROS, 70, 2 ** 30 - 1).elapsed_ms == 2 ** 30 - 1
    with pytest.raises(RulesError) as e:
        m.record(OROS, 70, 2 ** 30)
    assert e.value.code == "range" and len(m.hands) == 1


def test_undo_of_edits_restores_the_earlier_value():
    m = Match(MatchOptions(players=3, goal=GOAL_HANDS, target=20))
    m.record(OROS, (40, 40, 40), 5)
    m.record(COPAS, (50, 40, 30), 6)
    m.edit(0, points=(60, 30, 30))
    m.record(ESPADAS, (30, 30, 60), 7)
    m.edit(0, trump=BASTOS, points=(20, 50, 50))
    m.edit(1, points=(0, 0, 120))
    assert [h.points for h in m.hands] == [(20, 50, 50), (0, 0, 120), (30, 30, 60)]
    assert m.won == [0, 0, 2] and m.hands[1].capote == 2
    m.undo()
    assert m.hands[1].points == (50, 40, 30) and m.hands[1].elapsed_ms == 6 and m.won == [1, 0, 1]
    m.undo()
    assert (m.hands[0].trump, m.hands[0].points) == (OROS, (60, 30, 30))
    m.undo()
    m.undo()
    assert (m.hands[0].trump, m.hands[0].points) == (OROS, (40, 40, 40)) and len(m.hands) == 2
    assert m.play_ms == 11 and m.totals == [50, 40, 30]       # the 40-40-40 hand is void
    for _ in range(4):
        m.redo()
    assert [h.points for h in m.hands] == [(20, 50, 50), (0, 0, 120), (30, 30, 60)]
    assert m.won == [0, 0, 2] and m.play_ms == 18


def _split_unloaded(monkeypatch):
    # The search of a hand's split as a fresh boot finds it: not loaded.
    import sys

    import tanteador

    for name in ("split", "ruletables"):
        monkeypatch.delitem(sys.modules, "tanteador." + name, raising=False)
        monkeypatch.delattr(tanteador, name, raising=False)
    return sys.modules


_TWO_SIDES = """
import sys
import host_tools
host_tools.firmware_paths()
from tanteador.match import Match
from tanteador.matchoptions import CHIAMATA, GOAL_HANDS, MatchOptions, PAIRS
from tanteador.rules import OROS, RulesError
for opts in (MatchOptions(), MatchOptions(players=4, sides=PAIRS)):
    m = Match(opts)
    m.record(OROS, 70)
    for points in (1, 121, (50, 60)):
        try:
            m.record(OROS, points)
        except RulesError:
            pass
Match(MatchOptions(players=5, sides=CHIAMATA, goal=GOAL_HANDS, target=5))
print(sorted(n for n in ("tanteador.split", "tanteador.ruletables") if n in sys.modules), len(m.hands))
"""


def test_two_sides_with_the_whole_deck_never_load_the_split_search():
    """Their check needs only the sum, and a chiamata's is of its two sides:
    the search and its 5 KB of tables stay off the heap (in an interpreter
    of its own: nothing loaded before)."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _TWO_SIDES], capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["[]", "1"], out.stdout + out.stderr


@pytest.mark.parametrize("opts", [dict(players=3), dict(players=3, prep=PREP_UNDRAWN), dict(players=4)],
                         ids=["three sides", "undrawn card", "four sides"])
def test_a_match_whose_checks_search_the_split_loads_it_as_it_is_made(monkeypatch, opts):
    modules = _split_unloaded(monkeypatch)
    m = Match(MatchOptions(**opts))
    assert "tanteador.split" in modules
    with pytest.raises(RulesError):
        m.record(OROS, (119,) + (0,) * (m.nsides - 1))
