"""The Italian 60-60: a tie settled by the side that took the last trick (options.TIE_LAST)."""

import json

import pytest

from tanteador import matchdoc, matchload
from tanteador.match import Match
from tanteador.matchdoc import dumps
from tanteador.matchload import StateError, loads
from tanteador.matchoptions import GOAL_POINTS, PAIRS, TIE_LAST, TIE_VOID, MatchOptions
from tanteador.rules import RulesError, hand_winner


def test_the_last_trick_settles_a_tie_and_nothing_else():
    assert hand_winner((60, 60), False, 1) == 1 and hand_winner((60, 60), False, 0) == 0
    assert hand_winner((60, 60)) is None
    # Reversed, taking the last trick makes it the bigger pile.
    assert hand_winner((60, 60), True, 1) == 0
    # A tie it has no part in stays one; a lead it cannot change stays.
    assert hand_winner((50, 50, 20), False, 2) is None
    assert hand_winner((50, 50, 20), False, 1) == 1
    assert hand_winner((70, 50), False, 1) == 0


def test_a_match_asks_for_the_last_trick_exactly_at_a_tie():
    m = Match(MatchOptions(tie=TIE_LAST).validate())
    assert m.needs_last((60, 60)) and not m.needs_last((61, 59))
    with pytest.raises(RulesError) as e:
        m.record(0, (60, 60))
    assert e.value.code == "last" and len(m.hands) == 0
    with pytest.raises(RulesError) as e:
        m.record(0, (70, 50), last=1)
    assert e.value.code == "last"
    with pytest.raises(RulesError):
        m.record(0, (60, 60), last=2)
    h = m.record(0, (60, 60), 5000, last=1)
    assert h.winner == 1 and h.last == 1 and m.won == [0, 1] and m.totals == [60, 60]
    assert m.hands[0].entry == (60, 60)
    assert not Match(MatchOptions().validate()).needs_last((60, 60))


def test_undo_edit_and_the_document_keep_who_took_it():
    m = Match(MatchOptions(tie=TIE_LAST, players=4, sides=PAIRS, goal=GOAL_POINTS, target=1000).validate())
    m.record(2, (60, 60), 1000, last=0)
    m.record(3, (80, 40), 1000)
    d = matchdoc.to_dict(m)
    assert d["a"][0] == [2 + 4 * 1, 60, 60, 1000] and d["a"][1] == [3, 80, 40, 1000]
    m.edit(0, points=(60, 60), last=1)
    assert m.hands[0].last == 1 and m.hands[0].trump == 2 and m.won == [1, 1]
    assert matchdoc.to_dict(m)["a"][2] == ["e", 0, 2 + 4 * 2, 60, 60]
    m.edit(0, points=(70, 50))
    assert m.hands[0].last is None and m.won == [2, 0]
    m.undo()
    assert m.hands[0].last == 1 and m.won == [1, 1]
    back = loads(dumps(m))
    assert matchdoc.to_dict(back) == matchdoc.to_dict(m) and back.hands[0].last == 1 and back.won == [1, 1]
    # An edit of the trump alone keeps who took the last trick.
    m.edit(0, trump=0)
    assert m.hands[0].last == 1 and m.hands[0].trump == 0


def test_a_document_with_a_last_trick_where_none_was_asked_is_refused():
    m = Match(MatchOptions(tie=TIE_LAST).validate())
    m.record(0, (70, 50))
    bad = json.loads(dumps(m))
    bad["a"][0][0] = 4 * 2
    with pytest.raises(StateError) as e:
        matchload.from_dict(bad)
    assert e.value.code == "history"
    bad["a"][0][0] = 99
    with pytest.raises(StateError) as e:
        matchload.from_dict(bad)
    assert e.value.code == "shape"


def test_void_tables_still_void_and_split_tables_still_split():
    m = Match(MatchOptions(tie=TIE_VOID, goal=GOAL_POINTS, target=1000).validate())
    m.record(0, (60, 60))
    assert m.totals == [0, 0] and m.hands[0].winner is None and m.hands[0].last is None
