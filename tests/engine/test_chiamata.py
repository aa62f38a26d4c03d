"""Briscola chiamata: the setup, the check of a call, the scores, and the match around them."""

import json

import pytest
from hypothesis import given, strategies as st

from host_tools.support.matchstats import match_stats
from tanteador import matchdoc, matchload
from tanteador import chiamata
from tanteador.match import Match, VERSION
from tanteador.matchdoc import dumps
from tanteador.matchload import StateError, loads
from tanteador.matchoptions import (CALL_DEFAULT, CHIAMATA, GOAL_HANDS, GOAL_POINTS, GOAL_TIME, GOAL_WINS,
                               PAIRS, MatchOptions)
from tanteador.rules import RulesError


def opts(players=5, goal=GOAL_HANDS, target=5, **kw):
    return MatchOptions(players=players, sides=CHIAMATA, goal=goal, target=target, **kw).validate()


def test_the_setup_takes_five_or_six_players_the_forty_cards_and_fitting_goals():
    for n in (5, 6):
        o = opts(n)
        assert o.chiamata and o.nsides == n and o.tricks_per_hand == 8 and o.undrawn_cards == 0
        assert o.prep_hint is None and o.side_seats(2) == (2,) and o.side_seats(4) == (4,)
    for bad, code in ((dict(players=4), "sides"), (dict(deck=48), "deck"), (dict(goal=GOAL_WINS), "goal"),
                      (dict(tie=1), "goal"), (dict(reverse=True), "goal"), (dict(capote=True), "goal"),
                      (dict(trump_cycle=True), "goal"), (dict(call=[1, 2, 1, 2]), "goal"),
                      (dict(call=[0, 0, 1, 2]), "goal"), (dict(call=[1, 1, 1, 5]), "goal"),
                      (dict(call=[1, 1]), "goal")):
        kw = dict(players=5, sides=CHIAMATA, goal=GOAL_HANDS, target=5)
        kw.update(bad)
        with pytest.raises(RulesError) as e:
            MatchOptions(**kw).validate()
        assert e.value.code == code, bad
    assert opts(goal=GOAL_POINTS, target=10).goal == GOAL_POINTS
    assert opts(goal=GOAL_TIME, target=30).goal == GOAL_TIME


def test_options_keep_the_scores_and_old_lists_still_load():
    o = opts(call=[2, 3, 1, 1])
    assert MatchOptions.from_list(json.loads(json.dumps(o.to_list()))) == o
    assert MatchOptions.from_list(o.to_list()).call == [2, 3, 1, 1]
    plain = MatchOptions(players=4)
    assert len(plain.to_list()) == 14          # what version 3 wrote
    assert MatchOptions.from_list(plain.to_list()).call == list(CALL_DEFAULT)
    with pytest.raises(ValueError):
        MatchOptions.from_list(o.to_list()[:-1] + [5])


# (caller, partner, bid, points) -> scores of seats 0..4, default table.
SCORES_5 = [
    ((0, 2, 61, 61), (2, -1, 1, -1, -1)),       # the pair makes the bid
    ((0, 2, 61, 60), (-2, 1, -1, 1, 1)),        # and fails by a point
    ((3, 3, 61, 75), (-1, -1, -1, 4, -1)),      # alone, made
    ((3, 3, 80, 79), (1, 1, 1, -4, 1)),         # alone, short of a higher bid
    ((1, 4, 90, 120), (-2, 4, -2, -2, 2)),      # cappotto doubles
    ((1, 4, 70, 0), (2, -4, 2, 2, -2)),         # the defenders take everything
    ((2, 2, 61, 120), (-2, -2, 8, -2, -2)),     # alone and cappotto
]


@pytest.mark.parametrize("entry,want", SCORES_5)
def test_each_outcome_scores_by_the_common_table(entry, want):
    assert chiamata.scores(entry, 5, 0, list(CALL_DEFAULT)) == want
    assert sum(want) == 0


def test_six_players_the_dealer_sits_out_and_scores_nothing():
    assert chiamata.sitting_out(6, 2) == 2 and chiamata.sitting_out(5, 2) is None
    assert chiamata.scores((0, 3, 61, 70), 6, 2, list(CALL_DEFAULT)) == (2, -1, 0, 1, -1, -1)
    assert chiamata.scores((5, 5, 61, 50), 6, 1, list(CALL_DEFAULT)) == (1, 0, 1, 1, 1, -4)
    for seat, code in ((0, "caller"), (1, "partner")):
        e = [4, 1, 61, 70]
        e[seat] = 2
        with pytest.raises(RulesError) as err:
            chiamata.check(e, 6, 2)
        assert err.value.code == code and err.value.nums == (2,)


@given(st.integers(0, 4), st.integers(0, 4), st.integers(61, 120), st.integers(0, 120),
       st.integers(1, 9), st.integers(0, 13), st.integers(1, 9), st.integers(1, 4), st.integers(5, 6),
       st.integers(0, 5))
def test_every_hand_adds_up_to_zero(caller, partner, bid, pts, d, p, a, x, players, dealer):
    if 2 * p > 3 * d or pts in (1, 119) or dealer >= players:
        return
    if players == 6:
        caller, partner = (caller + dealer + 1) % 6, (partner + dealer + 1) % 6
    e = chiamata.check((caller, partner, bid, pts), players, dealer)
    s = chiamata.scores(e, players, dealer, [d, p, a, x])
    assert sum(s) == 0
    assert (s[caller] > 0) == (pts >= bid)
    if players == 6:
        assert s[dealer] == 0
    others = [s[i] for i in range(players) if i not in (caller, partner) and i != chiamata.sitting_out(players, dealer)]
    assert len(set(others)) == 1 and others[0] * s[caller] < 0


@pytest.mark.parametrize("entry,code,nums", [
    ((0, 1, 60, 70), "bid", (60,)), ((0, 1, 121, 70), "bid", (121,)), ((5, 1, 61, 70), "caller", ()),
    ((0, -1, 61, 70), "partner", ()), ((0, 1, 61, 121), "range", ()), ((0, 1, 61, 119), "one", (119,)),
    ((0, 1, 61), "count", ()), ((0, 1, 61, "70"), "range", ()),
])
def test_impossible_calls_are_refused_with_their_reason(entry, code, nums):
    with pytest.raises(RulesError) as e:
        chiamata.check(entry, 5, 0)
    assert e.value.code == code and e.value.nums == nums


def test_a_match_keeps_each_players_score():
    m = Match(opts(target=3))
    h = m.record(0, (0, 2, 61, 61), 1000)
    assert h.entry == (0, 2, 61, 61) and h.points == (2, -1, 1, -1, -1) and h.winner is None
    m.record(1, (3, 3, 61, 75), 1000)
    assert m.totals == [1, -2, 0, 3, -2] and m.won == [1, 0, 1, 1, 0] and not m.over
    with pytest.raises(RulesError):
        m.record(2, (0, 1, 50, 70))
    assert len(m.hands) == 2 and m.totals == [1, -2, 0, 3, -2]
    m.record(2, (4, 1, 61, 0), 1000)
    assert m.over and m.winner == 3 and m.end_reason == "hands"
    assert match_stats(m)["won"] == m.won and match_stats(m)["voids"] == 0


def test_a_tied_score_after_the_hands_plays_another():
    m = Match(opts(target=1))
    m.record(0, (0, 1, 61, 70))                  # caller 2, partner 1: a winner
    assert m.over and m.winner == 0
    m = Match(opts(target=1, call=[1, 0, 1, 2]))
    m.record(0, (0, 0, 61, 70))                  # alone: 4, others -1
    assert m.over
    m = Match(opts(target=1, call=[2, 3, 1, 2]))
    m.record(0, (0, 1, 61, 70))                  # caller 3, partner 3: tied at the top
    assert not m.over and m.totals == [3, 3, -2, -2, -2]
    m.record(0, (2, 2, 61, 80))                  # alone, made: still three at 2
    assert not m.over and m.totals == [2, 2, 2, -3, -3]
    m.record(0, (0, 0, 61, 80))
    assert m.over and m.winner == 0 and m.totals == [6, 1, 1, -4, -4]


def test_a_points_target_ends_on_the_first_to_reach_it():
    m = Match(opts(goal=GOAL_POINTS, target=4))
    m.record(0, (1, 1, 61, 70))
    assert m.over and m.winner == 1 and m.end_reason == "points"


def test_six_players_the_sitting_out_seat_rotates_with_the_deal():
    m = Match(opts(6, first_dealer=4))
    assert m.dealer == 4 and m.sitting_out == 4
    with pytest.raises(RulesError) as e:
        m.record(0, (4, 1, 61, 70))
    assert e.value.code == "caller"
    m.record(0, (0, 1, 61, 70))
    assert m.sitting_out == 5 and m.hands[0].points[4] == 0
    m.record(0, (4, 1, 61, 70))                  # seat 4 plays this one
    assert m.hands[1].points == (-1, 1, -1, -1, 2, 0)
    assert Match(opts(5)).sitting_out is None


def test_edit_undo_redo_and_the_saved_document():
    m = Match(opts(6, target=9, first_dealer=5))
    m.record(0, (0, 2, 61, 61), 1000)
    m.record(2, (1, 1, 70, 69), 2000)
    # Seat 0 dealt hand 2 and sat it out: an edit checks that hand's seats.
    with pytest.raises(RulesError) as e:
        m.edit(1, points=(0, 0, 70, 69))
    assert e.value.code == "caller" and e.value.nums == (0,)
    m.edit(1, points=(2, 2, 70, 69))
    assert m.hands[1].entry == (2, 2, 70, 69) and m.hands[1].points == (0, 1, -4, 1, 1, 1)
    tot = list(m.totals)
    d = matchdoc.to_dict(m)
    assert d["v"] == VERSION == 4
    assert d["a"][0] == [0, 0, 2, 61, 61, 1000] and d["a"][2] == ["e", 1, 2, 2, 2, 70, 69]
    back = loads(dumps(m))
    assert matchdoc.to_dict(back) == matchdoc.to_dict(m) and back.totals == tot
    m.undo()
    assert m.hands[1].entry == (1, 1, 70, 69)
    m.redo()
    assert m.totals == tot
    bad = json.loads(dumps(m))
    bad["a"][0][3] = 50
    with pytest.raises(StateError) as e:
        matchload.from_dict(bad)
    assert e.value.code == "history"


def test_a_brisca_table_of_pairs_is_unchanged():
    m = Match(MatchOptions(players=4, sides=PAIRS).validate())
    assert not m.chiamata and m.sitting_out is None
    h = m.record(0, (70, 50))
    assert h.entry == h.points == (70, 50) and h.winner == 0
