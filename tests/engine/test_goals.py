"""Match goals and their ties. Seeds: 000/001 (first to N hands), 002 (points,
number of hands, time limit, reverse), 003 (Briscola best of 1/3/5, 61+),
004 (500 points, hands, time)."""

import pytest

from tanteador.match import Match
from tanteador.matchoptions import (GOAL_BESTOF, GOAL_HANDS, GOAL_POINTS, GOAL_TIME, GOAL_WINS,
                               MatchOptions, PAIRS, TIE_SPLIT, TIE_VOID)
from tanteador.rules import RulesError

MIN = 60000


def play(opts, hands):
    m = Match(opts)
    for h in hands:
        pts, ms = (h, 0) if not (len(h) == 2 and isinstance(h[0], tuple)) else h
        m.record(0, pts, ms)
    return m


@pytest.mark.parametrize("seed,kw,hands,over,winner,reason", [
    # 000: first to win the agreed number of hands
    ("000", dict(goal=GOAL_WINS, target=2), [(70, 50), (60, 60), (30, 90)], False, None, None),
    ("000", dict(goal=GOAL_WINS, target=2), [(70, 50), (60, 60), (80, 40)], True, 0, "goal"),
    # 003: best of 3 -> 2 rounds; best of 5 -> 3; best of 1 -> 1
    ("003", dict(goal=GOAL_BESTOF, target=3), [(61, 59), (59, 61), (61, 59)], True, 0, "goal"),
    ("003", dict(goal=GOAL_BESTOF, target=3), [(61, 59), (60, 60)], False, None, None),
    ("003", dict(goal=GOAL_BESTOF, target=5), [(61, 59), (61, 59)], False, None, None),
    ("003", dict(goal=GOAL_BESTOF, target=1), [(59, 61)], True, 1, "goal"),
    # 002: a number of hands, most hands won; tie -> another hand (sudden death)
    ("002", dict(goal=GOAL_HANDS, target=3), [(70, 50), (50, 70), (80, 40)], True, 0, "hands"),
    ("002", dict(goal=GOAL_HANDS, target=3), [(70, 50), (50, 70), (60, 60)], False, None, None),
    ("002", dict(goal=GOAL_HANDS, target=3), [(70, 50), (50, 70), (60, 60), (60, 60), (40, 80)], True, 1, "hands"),
    # 002/004: points to a target; both cross -> higher total; equal -> another hand
    ("004", dict(goal=GOAL_POINTS, target=200), [(100, 20), (90, 30)], False, None, None),
    ("004", dict(goal=GOAL_POINTS, target=200), [(100, 20), (90, 30), (20, 100)], True, 0, "points"),
    ("004", dict(goal=GOAL_POINTS, target=150), [(100, 20), (20, 100), (50, 70)], True, 1, "points"),
    ("004", dict(goal=GOAL_POINTS, target=180), [(100, 20), (20, 100), (60, 60), (60, 60)], False, None, None),
    # 002/004: time limit; most points when time is up; equal -> another hand
    ("002", dict(goal=GOAL_TIME, target=10), [((70, 50), 4 * MIN), ((70, 50), 4 * MIN)], False, None, None),
    ("002", dict(goal=GOAL_TIME, target=10), [((70, 50), 4 * MIN), ((50, 70), 4 * MIN), ((40, 80), 2 * MIN)], True, 1, "time"),
    ("002", dict(goal=GOAL_TIME, target=10), [((70, 50), 5 * MIN), ((50, 70), 5 * MIN)], False, None, None),
    ("002", dict(goal=GOAL_TIME, target=10), [((70, 50), 5 * MIN), ((50, 70), 5 * MIN), ((62, 58), MIN)], True, 0, "time"),
    # 002 reverse brisca: fewest wins hands and the points/time goals
    ("002", dict(goal=GOAL_WINS, target=1, reverse=True), [(30, 90)], True, 0, "goal"),
    ("002", dict(goal=GOAL_POINTS, target=100, reverse=True), [(30, 90), (10, 110)], True, 0, "points"),
    ("002", dict(goal=GOAL_POINTS, target=100, reverse=True), [(90, 30), (30, 90)], False, None, None),
    # capote wins outright (option), not in reverse
    ("000", dict(goal=GOAL_WINS, target=5, capote=True), [(120, 0)], True, 0, "capote"),
    ("000", dict(goal=GOAL_WINS, target=5, capote=False), [(120, 0)], False, None, None),
    ("002", dict(goal=GOAL_WINS, target=5, capote=True, reverse=True), [(120, 0)], False, None, None),
])
def test_goal_table(seed, kw, hands, over, winner, reason):
    m = play(MatchOptions(**kw), hands)
    assert (m.over, m.winner, m.end_reason) == (over, winner, reason), seed
    if over:
        with pytest.raises(RulesError) as e:
            m.record(0, (60, 60))
        assert e.value.code == "over"


def test_tie_split_counts_void_points_002():
    # 60-60 counts 60 each toward points with TIE_SPLIT; with TIE_VOID it counts nothing.
    void = play(MatchOptions(goal=GOAL_POINTS, target=500), [(60, 60), (70, 50)])
    split = play(MatchOptions(goal=GOAL_POINTS, target=500, tie=TIE_SPLIT), [(60, 60), (70, 50)])
    assert void.totals == [70, 50] and split.totals == [130, 110]
    assert void.won == split.won == [1, 0]
    assert void.hands[0].winner is None and split.hands[0].winner is None


def test_points_goal_split_equal_totals_play_on_004():
    m = play(MatchOptions(goal=GOAL_POINTS, target=180, tie=TIE_SPLIT), [(100, 20), (20, 100), (60, 60)])
    assert m.totals == [180, 180] and not m.over
    m.record(0, (62, 58))
    assert m.over and m.winner == 0 and m.end_reason == "points"


def test_more_sides_tie_for_the_top_is_void_002():
    m = play(MatchOptions(players=3, goal=GOAL_WINS, target=1), [(50, 50, 20)])
    assert not m.over and m.hands[0].winner is None
    m.record(1, (50, 20, 50))
    assert not m.over
    m.record(2, (20, 30, 70))
    assert m.over and m.winner == 2


def test_bestof_with_more_sides_most_points_take_the_round_003():
    m = play(MatchOptions(players=3, goal=GOAL_BESTOF, target=1), [(50, 40, 30)])
    assert m.over and m.winner == 0


def test_hands_goal_three_sides_sudden_death_002():
    o = MatchOptions(players=3, goal=GOAL_HANDS, target=2)
    m = play(o, [(50, 40, 30), (30, 50, 40)])
    assert not m.over
    m.record(0, (30, 40, 50))      # side 2 joins the tie
    assert not m.over
    m.record(0, (40, 50, 30))
    assert m.over and m.winner == 1 and m.won == [1, 2, 1]


def test_progress_and_time_left():
    m = play(MatchOptions(goal=GOAL_BESTOF, target=5), [(70, 50)])
    assert m.progress() == ([1, 0], 3)
    m = play(MatchOptions(goal=GOAL_TIME, target=30), [((70, 50), 10 * MIN)])
    assert m.progress() == ([70, 50], 30)
    assert m.time_left_ms() == 20 * MIN
    assert m.time_left_ms(5 * MIN) == 15 * MIN
    assert m.time_left_ms(50 * MIN) == 0
    assert play(MatchOptions(), []).time_left_ms() is None
    m = play(MatchOptions(players=4, sides=PAIRS, goal=GOAL_POINTS, target=500), [(70, 50)])
    assert m.progress() == ([70, 50], 500)


@pytest.mark.parametrize("kw", [
    dict(goal=5), dict(goal=GOAL_BESTOF, target=2), dict(goal=GOAL_WINS, target=0),
    dict(goal=GOAL_POINTS, target=10000), dict(goal=GOAL_TIME, target=0), dict(tie=3),
])
def test_bad_goals_are_refused(kw):
    with pytest.raises(RulesError) as e:
        MatchOptions(**kw).validate()
    assert e.value.code == "goal"


def test_tie_void_is_the_default_000():
    assert MatchOptions().tie == TIE_VOID
