"""Briscola chiamata's figures: what the table shows and what the statistics count."""

from host_tools.support.matchstats import match_stats
from tanteador.match import Match
from tanteador.matchoptions import CHIAMATA, GOAL_HANDS, GOAL_POINTS, GOAL_TIME, SOLO, MatchOptions


def call(players=5, **kw):
    return Match(MatchOptions(players=players, sides=CHIAMATA, **kw))


def test_the_table_shows_the_scores_whatever_the_goal():
    for goal, target in ((GOAL_HANDS, 10), (GOAL_POINTS, 12), (GOAL_TIME, 30)):
        m = call(goal=goal, target=target)
        m.record(0, (0, 1, 70, 80), 1000)
        m.record(0, (2, 2, 70, 40), 1000)
        assert m.progress() == ([3, 2, -5, 0, 0], target), goal
    # Brisca's hands goal still shows the hands won.
    m = Match(MatchOptions(players=5, sides=SOLO, goal=GOAL_HANDS, target=10))
    m.record(0, (40, 30, 20, 20, 10), 1000)
    assert m.progress() == ([1, 0, 0, 0, 0], 10)


def test_a_cappotto_counts_for_the_side_that_took_every_point():
    m = call(goal=GOAL_HANDS, target=10)
    m.record(0, (0, 1, 61, 120))                # the caller's side took all
    m.record(0, (2, 2, 90, 0))                  # the defenders took all from one alone
    m.record(0, (3, 4, 61, 100))
    s = match_stats(m)
    assert s["capotes"] == [2, 2, 0, 1, 1]
    assert s["voids"] == 0 and s["totals"] == m.totals


def test_six_players_sitting_out_neither_ends_nor_lengthens_a_run():
    m = call(players=6, goal=GOAL_HANDS, target=12)
    # Dealers 0, 1, 2, 3 sit out in turn.
    m.record(0, (1, 2, 61, 70))                 # 1 and 2 gain
    m.record(0, (2, 3, 61, 70))                 # 1 sits out; 2 and 3 gain
    m.record(0, (1, 4, 61, 70))                 # 2 sits out; 1 and 4 gain
    m.record(0, (0, 0, 61, 30))                 # 3 sits out; 0 alone goes down: 1, 2, 4, 5 gain
    s = match_stats(m)
    assert [h.dealer for h in m.hands] == [0, 1, 2, 3]
    assert s["streak"] == [0, 3, 3, 1, 2, 1]
    assert s["won"] == [0, 3, 3, 1, 2, 1]
    # Average scores, in tenths, may be below zero.
    assert sum(s["totals"]) == 0 and min(s["avg10"]) < 0
    assert s["avg10"][0] == (m.totals[0] * 10 + 2) // 4
