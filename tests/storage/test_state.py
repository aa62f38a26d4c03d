"""The match as a small versioned JSON document: round trips, size, validation, migration."""

import json

import pytest

from tanteador import matchdoc, matchload
from tanteador.match import Match, VERSION
from tanteador.matchdoc import dumps
from tanteador.matchload import StateError, loads
from tanteador.matchoptions import GOAL_HANDS, GOAL_POINTS, MatchOptions, PAIRS, PREP_UNDRAWN
from tanteador.rules import RulesError


def compact(d):
    return json.dumps(d, separators=(",", ":"))


def thirty_hands(players, sides=0, **kw):
    m = Match(MatchOptions(players=players, sides=sides, goal=GOAL_HANDS, target=99,
                           names=["Abcdefghijkl"] * players, **kw))
    deals = {2: [(70, 50), (31, 89), (60, 60)], 3: [(40, 40, 40), (77, 33, 10)],
             4: [(30, 30, 30, 30), (11, 0, 4, 105)], 5: [(24, 24, 24, 24, 24)],
             6: [(20, 20, 20, 20, 20, 20), (0, 0, 0, 0, 11, 109)]}[m.nsides]
    for i in range(30):
        m.record(i % 4, deals[i % len(deals)], 612345 + i)
    return m


@pytest.mark.parametrize("players,sides", [(2, 0), (4, PAIRS), (3, 0), (6, 0), (5, 0)])
def test_thirty_hands_well_under_2kb(players, sides):
    m = thirty_hands(players, sides)
    text = compact(matchdoc.to_dict(m))
    assert len(text) < 1500, len(text)
    assert dumps(m) == text


def test_round_trip_identity_with_undo_log():
    m = thirty_hands(4, PAIRS)
    m.edit(3, points=(80, 40))
    m.edit(5, trump=3)
    for _ in range(4):
        m.undo()
    d = matchdoc.to_dict(m)
    assert d["v"] == VERSION == 4 and d["c"] == len(d["a"]) - 4
    m2 = matchload.from_dict(json.loads(compact(d)))
    assert matchdoc.to_dict(m2) == d == matchdoc.to_dict(m)
    assert [h.points for h in m2.hands] == [h.points for h in m.hands]
    assert m2.can_redo and m2.redo() and m.redo() and matchdoc.to_dict(m2) == matchdoc.to_dict(m)
    for _ in range(40):
        m2.undo()
    assert m2.hands == [] and not m2.cursor


def test_loads_and_dumps():
    m = thirty_hands(2)
    assert matchdoc.to_dict(loads(dumps(m))) == matchdoc.to_dict(m)


@pytest.mark.parametrize("doc,code", [
    ("not a dict", "shape"),
    ({}, "shape"),
    ({"v": "2"}, "shape"),
    ({"v": 0, "o": [], "a": []}, "shape"),
    ({"v": VERSION + 1, "o": [], "a": []}, "newer"),
    ({"v": 2, "o": [2], "a": []}, "shape"),
    ({"v": 2, "o": [7, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], "a": []}, "shape"),
    ({"v": 2, "o": [2, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], "a": {}}, "shape"),
    ({"v": 2, "o": [2, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], "a": [[0, 70, 50]]}, "shape"),
    ({"v": 2, "o": [2, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], "a": [[0, 70, 50, "1"]]}, "shape"),
    ({"v": 2, "o": [2, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], "a": [[0, 70.0, 50, 1]]}, "shape"),
    ({"v": 2, "o": [2, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], "a": [], "c": 1}, "shape"),
    ({"v": 2, "o": [2, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], "a": [[0, 1, 119, 0]]}, "history"),
    ({"v": 2, "o": [2, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], "a": [[5, 70, 50, 0]]}, "history"),
    ({"v": 2, "o": [2, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], "a": [[0, 70, 50, -1]]}, "history"),
    ({"v": 2, "o": [2, None, 0, 40, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], "a": [[0, 70, 50, 0], [0, 70, 50, 0]]},
     "history"),                                   # a hand after the match was won
    ({"v": 2, "o": [2, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], "a": [["e", 0, 0, 70, 50]]}, "history"),
    ({"v": 2, "o": [2, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0],
      "a": [[0, 70, 50, 0], ["e", 0, 0, 70, 50]]}, "history"),          # an edit that changes nothing
    ({"v": 2, "o": [2, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], "a": [["x", 0, 0, 70, 50]]}, "shape"),
    ({"v": 2, "o": [3, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], "a": [[0, 40, 40, 39, 0]]}, "history"),
    ({"v": 2, "o": [2, ["a"], 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], "a": []}, "shape"),
    ({"v": 1, "o": [2, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], "h": []}, "shape"),
])
def test_bad_documents(doc, code):
    with pytest.raises(StateError) as e:
        matchload.from_dict(doc)
    assert e.value.code == code


@pytest.mark.parametrize("text", ["", "{", "[1,", "nul", "[" * 100000])
def test_bad_json(text):
    with pytest.raises(StateError) as e:
        loads(text)
    assert e.value.code == "json"


def test_version_1_is_migrated():
    old = {"v": 1, "o": [3, ["Ana", "Bea", "Cai"], 0, 40, PREP_UNDRAWN, 0, 0, GOAL_POINTS, 300, 0, 0, 0, 2],
           "h": [[0, 40, 40, 40, 1000], [1, 40, 40, 29, 2000]]}
    m = matchload.from_dict(old)
    assert m.options.first_dealer == 2 and m.options.trump_cycle is False
    assert m.options.names == ["Ana", "Bea", "Cai"] and m.options.undrawn_cards == 1
    assert [h.points for h in m.hands] == [(40, 40, 40), (40, 40, 29)]
    assert m.dealer == 1 and m.play_ms == 3000
    d = matchdoc.to_dict(m)
    assert d["v"] == 2 and d["a"] == old["h"] and d["o"][12] == 0
    assert m.undo() and m.undo() and not m.undo()


def test_options_round_trip():
    o = MatchOptions(players=6, names=["a", "b", "c", "d", "e", "f"], sides=2, deck=48, prep=1,
                     direction=1, signals=True, goal=3, target=750, tie=1, reverse=True,
                     capote=True, trump_cycle=True, first_dealer=5).validate()
    assert MatchOptions.from_list(json.loads(json.dumps(o.to_list()))) == o



def test_dump_writes_the_document_piece_by_piece():
    m = thirty_hands(4, PAIRS)
    m.edit(3, points=(80, 40))
    for _ in range(3):
        m.undo()
    pieces = []
    matchdoc.dump(m, pieces.append)
    # a few actions at a time, never the whole log
    assert len(pieces) > 30 // 8 and max(len(p) for p in pieces[3:]) < 8 * 40
    text = "".join(pieces)
    assert json.loads(text) == json.loads(dumps(m)) == matchdoc.to_dict(m) and matchdoc.to_dict(loads(text)) == matchdoc.to_dict(m)
    assert '"c":%d' % (len(matchdoc.to_dict(m)["a"]) - 3) in text
    empty = []
    matchdoc.dump(Match(MatchOptions()), empty.append)
    assert json.loads("".join(empty)) == matchdoc.to_dict(Match(MatchOptions()))


@pytest.mark.parametrize("field,value,code", [
    ("deck", 40.0, "deck"), ("prep", True, "deck"), ("direction", True, "direction"),
    ("sides", True, "sides"), ("tie", True, "goal"), ("tie", 0.0, "goal"),
])
def test_setup_that_could_not_be_loaded_back_is_refused(field, value, code):
    # from_list takes ints only: a setup validate() let through would save a
    # match that then fails to load with 'shape'.
    o = MatchOptions(players=4)
    setattr(o, field, value)
    with pytest.raises(RulesError) as e:
        Match(o)
    assert e.value.code == code


def test_dump_stays_true_as_the_log_is_undone_cut_and_edited():
    # dump() keeps the text of full batches of the log: every change must show in it.
    m = Match(MatchOptions(goal=GOAL_HANDS, target=99))

    def same():
        pieces = []
        matchdoc.dump(m, pieces.append)
        assert json.loads("".join(pieces)) == matchdoc.to_dict(m)

    for i in range(20):
        m.record(i % 4, (60 + i % 7, 60 - i % 7), 1000 + i)
        same()
    for _ in range(6):
        m.undo()
        same()
    m.redo()
    same()
    m.record(1, (90, 30), 5)          # cuts the log inside a batch already written
    same()
    m.edit(2, points=(0, 120))
    same()
    for _ in range(3):
        m.undo()
    m.record(3, (2, 118), 7)
    same()
    assert matchdoc.to_dict(loads(dumps(m))) == matchdoc.to_dict(m)
