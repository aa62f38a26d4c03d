"""Whole tricks and every point in play: the match refuses points no deal in
tricks gives, counts a capote with cards undrawn, keeps older saves' rules,
and the points entry says why."""

import json
import random

import pytest

from app_helpers import TRUMP_AND_ENTRY, boot, play
from host_tools.harness import matchplan, mplane
from host_tools.support.matchstats import match_stats

from tanteador import matchdoc, matchload
from tanteador import draw, i18n, textids
from tanteador.match import VERSION, Match
from tanteador.matchdoc import dumps
from tanteador.matchload import StateError, loads
from tanteador.matchoptions import GOAL_HANDS, GOAL_WINS, MatchOptions, PAIRS, PREP_UNDRAWN, TRIOS
from tanteador.rules import OROS, RulesError

SIX_40 = [6, None, 0, 40, 0, 0, 0, 2, 9, 0, 0, 0, 0, 0]   # six players, 40 cards, 9 hands


def test_six_players_forty_cards_play_six_tricks():
    m = Match(MatchOptions(players=6, goal=GOAL_HANDS, target=9))
    with pytest.raises(RulesError) as e:
        m.record(OROS, (112, 2, 2, 2, 2, 0))
    assert (e.value.code, e.value.side, e.value.nums) == ("tricks", None, (6,))
    assert not m.hands
    assert m.record(OROS, (114, 2, 2, 2, 0, 0)).points == (114, 2, 2, 2, 0, 0)
    # 48 cards make eight tricks: enough for the same points.
    assert Match(MatchOptions(players=6, deck=48)).check((112, 2, 2, 2, 2, 0)) == (112, 2, 2, 2, 2, 0)
    # In pairs or trios the sides are fewer: each side's tricks fit.
    assert Match(MatchOptions(players=6, sides=PAIRS)).check((112, 4, 4)) == (112, 4, 4)
    assert Match(MatchOptions(players=6, sides=TRIOS)).check((118, 2)) == (118, 2)


@pytest.mark.parametrize("players,deck,points,side", [
    (3, 40, (109, 0, 0), 0),           # one card undrawn: an ace out of play
    (3, 40, (0, 120, 0), 1),
    (3, 40, (100, 9, 0), None),
    (5, 48, (0, 0, 87, 0, 0), 2),      # three aces undrawn
])
def test_capote_with_cards_undrawn_ends_the_match(players, deck, points, side):
    m = Match(MatchOptions(players=players, deck=deck, prep=PREP_UNDRAWN, goal=GOAL_WINS, target=5,
                           capote=True))
    h = m.record(OROS, points)
    assert h.capote == side and m.capote(points) == side
    assert m.over == (side is not None)
    if side is not None:
        assert (m.winner, m.end_reason) == (side, "capote")
        assert match_stats(m)["capotes"][side] == 1
    assert loads(dumps(m)).hands == m.hands


def test_whole_deck_capote_is_still_all_120():
    m = Match(MatchOptions(players=3, capote=True, goal=GOAL_WINS, target=5))
    assert m.capote((109, 11, 0)) is None and m.capote((120, 0, 0)) == 0


def test_a_version_2_save_keeps_its_rules():
    # Saved before whole tricks: a hand no deal gives, then (three players, a
    # card undrawn, capote on) an ace out of play and every other point to one
    # side, which was no capote then, with a hand after it.
    old = {"v": 2, "o": SIX_40, "a": [[0, 112, 2, 2, 2, 2, 0, 1000], [1, 20, 20, 20, 20, 20, 20, 1000]]}
    m = matchload.from_dict(old)
    assert [h.points for h in m.hands] == [(112, 2, 2, 2, 2, 0), (20,) * 6]
    assert matchdoc.to_dict(m)["v"] == 2 and json.loads(dumps(m))["v"] == 2
    m.record(OROS, (112, 2, 2, 2, 2, 0))       # still the rules it began with
    assert matchdoc.to_dict(loads(dumps(m))) == matchdoc.to_dict(m)
    assert matchdoc.to_dict(m.rematch())["v"] == VERSION == 4
    with pytest.raises(RulesError):
        m.rematch().check((112, 2, 2, 2, 2, 0))
    o3 = [3, None, 0, 40, 1, 0, 0, 0, 5, 0, 0, 1, 0, 0]
    old = {"v": 2, "o": o3, "a": [[0, 109, 0, 0, 1000], [1, 40, 40, 40, 1000]]}
    m = matchload.from_dict(old)
    assert m.options.capote and m.options.undrawn_cards == 1
    assert m.hands[0].capote is None and not m.over and len(m.hands) == 2
    # The same match under version 3 ended with that capote.
    with pytest.raises(StateError) as e:
        matchload.from_dict(dict(old, v=3))
    assert e.value.code == "history"
    # Version 1 migrates to the same rules.
    v1 = {"v": 1, "o": o3[:12] + o3[13:], "h": old["a"]}
    assert matchdoc.to_dict(matchload.from_dict(v1)) == dict(old, o=o3)


def test_a_version_3_save_refuses_what_no_deal_gives():
    with pytest.raises(StateError) as e:
        matchload.from_dict({"v": 3, "o": SIX_40, "a": [[0, 112, 2, 2, 2, 2, 0, 1000]]})
    assert e.value.code == "history"


def test_every_language_says_it_in_one_line():
    for code in i18n.LANGS:
        s = i18n.load(code)[textids.E_TRICKS] % 6
        assert "6" in s and draw.text_width(s) <= 126, (code, s)
    assert len(i18n.load("en")) == textids.COUNT


def test_the_entry_names_the_tricks(tmp_path):
    matchplan.write_doc(str(tmp_path), matchplan.start_doc({"players": 6, "goal": GOAL_HANDS, "target": 9}))
    board, app = boot(tmp_path)
    play(app, board, "BACK")                   # past "Match resumed"
    assert app.stage.screen.NAME == "table"
    play(app, board, TRUMP_AND_ENTRY)
    e = app.stage.screen
    assert e.NAME == "entry" and app.stage.match.nsides == 6
    e.vals = [112, 2, 2, 2, 2, 0]
    e.i = e.fields - 1
    play(app, board, "OK")
    assert app.stage.screen is e and e.err.code == "tricks" and not app.stage.match.hands
    assert "Needs over 6 tricks" in app.stage.texts


def _cases(seed=5, per=40):
    # Every table, with real deals in whole tricks, the same nudged by a few
    # points, near even splits nudged, and one side holding nearly everything.
    from test_rules import VALUE_CARDS, _legal

    rnd = random.Random(seed)
    out = []
    seen = set()
    for players in range(2, 7):
        for deck in (40, 48):
            for prep in (0, 1):
                for sides in (0, 1, 2):
                    cfg = {"players": players, "deck": deck, "prep": prep, "sides": sides}
                    try:
                        o = MatchOptions(**cfg).validate()
                    except RulesError:
                        continue
                    key = (o.nsides, players, o.tricks_per_hand, o.undrawn_cards)
                    if key in seen:
                        continue
                    seen.add(key)
                    n, tricks, undrawn = o.nsides, o.tricks_per_hand, o.undrawn_cards
                    hands = []
                    for i in range(per):
                        cards = VALUE_CARDS + [0] * (players * tricks + undrawn - 20)
                        rnd.shuffle(cards)
                        pts = [0] * n
                        for t in range(tricks):
                            pts[rnd.randrange(n)] += sum(cards[t * players:(t + 1) * players])
                        if i % 4 == 1:
                            a, b = rnd.randrange(n), rnd.randrange(n)
                            d = min(pts[a], rnd.randint(1, 6))
                            pts[a] -= d
                            pts[b] += d
                        elif i % 4 == 3:
                            total = 120 - rnd.randint(0, 11 * undrawn)
                            pts = [total // n] * n
                            pts[0] += total - sum(pts)
                            for _ in range(3):
                                a, b = rnd.randrange(n), rnd.randrange(n)
                                d = min(pts[a], rnd.randint(1, 3))
                                pts[a] -= d
                                pts[b] += d
                        elif i % 4 == 2:
                            pts = [rnd.choice((0, 0, 2, 3, 4, 5, 7, 10, 11, 13)) for _ in range(n)]
                            pts[rnd.randrange(n)] = 0
                            j = pts.index(0)
                            pts[j] = max(0, 120 - rnd.choice((0, 11 * undrawn)) - sum(pts))
                        hands.append(pts)
                    legal = [_legal(tuple(p), players, tricks, undrawn) for p in hands]
                    out.append((cfg, hands, legal))
    return out


@pytest.mark.micropython
def test_micropython_checks_as_a_deal_in_tricks_does():
    mplane.require_micropython()
    cases = _cases()
    assert any(not all(legal) for _, _, legal in cases)
    res = mplane.drive("verdicts", {"cases": [{"cfg": c, "hands": h} for c, h, _ in cases]})
    assert len(res) == len(cases)
    for (cfg, hands, legal), r in zip(cases, res):
        for pts, ok, code, cap in zip(hands, legal, r["codes"], r["capote"]):
            assert (code == ".") == ok, (cfg, pts, code)
            if ok:
                only = [i for i in range(len(pts)) if pts[i]]
                assert cap == (only[0] if len(only) == 1 else None), (cfg, pts, cap)
    # The tricks refusal and a capote with a card undrawn, on MicroPython.
    r = mplane.drive("verdicts", {"cases": [
        {"cfg": {"players": 6}, "hands": [[112, 2, 2, 2, 2, 0], [3, 3, 3, 3, 3, 105], [114, 2, 2, 2, 0, 0]]},
        {"cfg": {"players": 6, "deck": 48}, "hands": [[112, 2, 2, 2, 2, 0], [3, 3, 3, 3, 3, 105]]},
        {"cfg": {"players": 5, "deck": 48, "prep": 1}, "hands": [[12, 12, 31, 23, 12], [0, 0, 87, 0, 0]]},
        {"cfg": {"players": 3, "prep": 1}, "hands": [[109, 0, 0], [0, 110, 0], [100, 9, 0]]}]})
    assert [x["codes"] for x in r] == ["xc.", ".c", "c.", "..."]
    assert r[2]["capote"][1] == 2 and r[3]["capote"] == [0, 1, None]
