"""One truth: random matches of every setup, and every surface a person reads agrees with the engine.

Hypothesis plays a match through the engine (2 to 6 players, solo, pairs,
trios and chiamata, every goal, 60-60 rule, reverse, capote and trump cycle,
with undo, redo and edits of past hands), then reads it everywhere:

- the device: the app boots on the saved match, in a random language, and
  its table (the figures per side and the goal) or its match end (hands,
  points and time; in chiamata every player's score by name) must show the
  engine's figures, and its side names must be pull's labels;
- `tanteador pull`'s record (matches.json), its CSV rows (points per hand,
  hands won and totals so far) and its chart's series and legend must hold
  the engine's figures, hand after hand: the standing after hand k must be
  what the engine gives when the later hands are undone;
- the summary must count a named player over matches and an unnamed seat
  only in its own match.
"""

import csv
import io
import json
import os
import re
import tempfile

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from host_tools.commands import pull
from host_tools.harness.matchplan import Lcg, deal_points
from host_tools.support import charts
from host_tools.support.seats import unnamed_format
from tanteador import i18n, matchdoc, matchload, textids
from tanteador.match import Match
from tanteador.matchoptions import (CHIAMATA, GOAL_BESTOF, GOAL_HANDS, GOAL_POINTS, GOAL_TIME, GOAL_WINS, PAIRS,
                                    PREP_REMOVE, PREP_UNDRAWN, SOLO, TIE_LAST, TIE_SPLIT, TIE_VOID, TRIOS,
                                    MatchOptions)
from tanteador.rules import RulesError
from tanteador.screens.matchend import duration

NUMBER = re.compile(r"^-?\d+$")
# Long enough for the app's "match resumed" notice to close by itself.
NOTICE_MS = 3000


@st.composite
def setups(draw):
    """MatchOptions of any setup the device offers (small targets: matches end)."""
    # The way of play first, then the players it allows: every way comes as often.
    sides = draw(st.sampled_from((SOLO, PAIRS, TRIOS, CHIAMATA)))
    players = draw({SOLO: st.integers(2, 6), PAIRS: st.sampled_from((4, 6)), TRIOS: st.just(6),
                    CHIAMATA: st.sampled_from((5, 6))}[sides])
    names = draw(st.none() | st.lists(st.sampled_from(["", "Ana", "Bea", "Ciro", "Dina", "Elio", "Fa"]),
                                      min_size=players, max_size=players))
    kw = {"players": players, "sides": sides, "names": names, "first_dealer": draw(st.integers(0, players - 1)),
          "direction": draw(st.integers(0, 1))}
    if sides == CHIAMATA:
        goal = draw(st.sampled_from((GOAL_HANDS, GOAL_POINTS, GOAL_TIME)))
        kw["call"] = draw(st.sampled_from(((1, 1, 1, 2), (2, 0, 2, 1), (2, 3, 1, 3))))
    else:
        goal = draw(st.sampled_from((GOAL_WINS, GOAL_BESTOF, GOAL_HANDS, GOAL_POINTS, GOAL_TIME)))
        kw.update(deck=draw(st.sampled_from((40, 48))), prep=draw(st.sampled_from((PREP_REMOVE, PREP_UNDRAWN))),
                  tie=draw(st.sampled_from((TIE_VOID, TIE_SPLIT, TIE_LAST))), reverse=draw(st.booleans()),
                  capote=draw(st.booleans()), trump_cycle=draw(st.booleans()))
    kw["goal"] = goal
    kw["target"] = draw({GOAL_WINS: st.integers(1, 4), GOAL_BESTOF: st.sampled_from((1, 3, 5)),
                         GOAL_HANDS: st.integers(1, 6),
                         GOAL_POINTS: st.integers(1, 8) if sides == CHIAMATA else st.integers(1, 400),
                         GOAL_TIME: st.integers(1, 4)}[goal])
    return MatchOptions(**kw).validate()


# A hand (random cards, or a tie for the top: void, split or settled by the
# last trick), undo, redo, an edit of a past hand into other points.
ACTIONS = st.lists(st.one_of(
    st.tuples(st.sampled_from(("hand", "hand", "tie")), st.integers(0, 2 ** 30), st.integers(0, 90000)),
    st.tuples(st.just("undo")), st.tuples(st.just("redo")),
    st.tuples(st.sampled_from(("edit", "edit tie")), st.integers(0, 2 ** 30), st.integers(0, 2 ** 30))),
    max_size=30)
# Hands played after the actions when the example asks for the match to end.
MOST_HANDS = 60


def last_side(m, pts, seed):
    """The side that took the last trick when these points ask for it, else None."""
    return seed % m.nsides if m.needs_last(pts) else None


def points_for(m, seed, tie):
    """Points of a hand the match takes: the sides level (when the setup allows
    it, else random cards) or the value cards dealt at random."""
    if tie and not m.chiamata:
        try:
            return m.check(tuple([120 // m.nsides] * m.nsides))
        except RulesError:
            pass
    return deal_points(Lcg(seed), m)


def record(m, seed, ms, tie):
    pts = points_for(m, seed, tie)
    m.record(None if m.options.trump_cycle else seed % 4, pts, ms, last_side(m, pts, seed))


def play(o, actions, finish):
    """The engine plays ``actions`` on a new match of setup ``o``; with
    ``finish``, then hands until the match is over."""
    m = Match(o)
    for act in actions:
        if act[0] in ("hand", "tie") and not m.over:
            record(m, act[1], act[2], act[0] == "tie")
        elif act[0] == "undo":
            m.undo()
        elif act[0] == "redo":
            m.redo()
        elif act[0].startswith("edit") and len(m.hands):
            pts = points_for(m, act[2], act[0] == "edit tie")
            try:
                m.edit(act[1] % len(m.hands), points=pts, last=last_side(m, pts, act[2]))
            except RulesError:
                pass   # a call its hand's dealer cannot take, or an edit that would end the match early
    seed = len(actions)
    while finish and not m.over and len(m.hands) < MOST_HANDS:
        seed += 1
        record(m, seed * 7919, 45000, seed % 3 == 0)
    return m


def undo_path(m):
    """{hands: (won, totals)} as the engine gives them when the later hands are
    undone, for every hand count whose hands are then those of ``m``."""
    hands = list(m.hands)
    c = matchload.from_dict(matchdoc.to_dict(m))
    seen = {}
    while True:
        k = len(c.hands)
        if list(c.hands) == hands[:k]:
            seen.setdefault(k, (list(c.won), list(c.totals)))
        if not c.undo():
            return seen


def device_screen(m, lang, folder):
    """(screen name, texts drawn, app) of a device booting on match ``m`` in ``lang``
    (its flash in ``folder``)."""
    from host_tools.device.hostboard import HostBoard
    from tanteador.app import App

    with open(os.path.join(folder, "state.json"), "w") as f:
        json.dump({"v": 1, "cfg": {"lang": lang}, "m": matchdoc.to_dict(m), "scr": "matchend" if m.over else "table"}, f)
    board = HostBoard(folder)
    app = App(board, board.now)
    app.poll(board.now)
    board.advance(NOTICE_MS)
    app.poll(board.now)
    return app.stage.screen.NAME, list(app.stage.texts), app


def check_device(m, lang, record):
    with tempfile.TemporaryDirectory() as folder:
        name, texts, app = device_screen(m, lang, folder)
    assert [app.stage.side_name(i) for i in range(m.nsides)] == record["sides"]
    if not m.over:
        assert name == "table", texts
        vals, target = m.progress()
        want = ["%d" % v for v in vals] + ([] if m.options.goal == GOAL_TIME else ["%d" % target])
        assert [t for t in texts if NUMBER.match(t)] == want, texts
        return
    assert name == "matchend", texts
    if m.chiamata:
        order = sorted(range(m.nsides), key=lambda i: (-m.totals[i], i))
        scores = texts[texts.index(duration(m.play_ms)) + 1:-1]
        assert scores == [x for i in order for x in ("%d" % m.totals[i], app.stage.seat_name(i))]
    else:
        S = i18n.load(lang)
        assert texts[texts.index(S[textids.HANDS]) + 1] == "-".join("%d" % v for v in m.won)
        assert texts[texts.index(S[textids.POINTS]) + 1] == "-".join("%d" % v for v in m.totals)
        assert texts[texts.index(S[textids.TIME]) + 1] == duration(m.play_ms)
    if m.winner is not None:
        assert any(record["winner"] in t for t in texts)


def check_pull(m, record, chart):
    assert record["won"] == list(m.won) and record["totals"] == list(m.totals)
    assert record["winner_side"] == m.winner
    assert record["winner"] == (None if m.winner is None else record["sides"][m.winner])
    assert record["stats"]["won"] == list(m.won) and record["stats"]["totals"] == list(m.totals)
    record = json.loads(json.dumps(record))   # as matches.json holds it
    points, won = charts.running(record)
    n = m.nsides
    assert [p[-1] for p in points] == list(m.totals) and [w[-1] for w in won] == list(m.won)
    for k, (w, t) in undo_path(m).items():
        assert ([won[i][k] for i in range(n)], [points[i][k] for i in range(n)]) == (w, t), k
    rows = list(csv.DictReader(io.StringIO(pull.csv_text([record]))))
    assert len(rows) == len(m.hands)
    for k, (row, h) in enumerate(zip(rows, m.hands)):
        assert [int(row["points%d" % (i + 1)]) for i in range(n)] == list(h.points)
        assert [int(row["won%d" % (i + 1)]) for i in range(n)] == [won[i][k + 1] for i in range(n)]
        assert [int(row["total%d" % (i + 1)]) for i in range(n)] == [points[i][k + 1] for i in range(n)]
    if chart and len(m.hands):
        fig = charts.match_figure(record)
        try:
            for ax, want in zip(fig.axes, (points, won)):
                drawn = [[int(y) for y in line.get_ydata()] for line in ax.lines if line.get_marker() != "None"]
                assert drawn == want
            legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
            assert legend[:n] == ["%s: %d" % (record["sides"][i], m.totals[i]) for i in range(n)]
        finally:
            import matplotlib.pyplot as plt

            plt.close(fig)


def check_summary(record):
    twice = [dict(record, number=1, file="h0001.json"), dict(record, number=2, file="h0002.json")]
    wins = charts.wins_per_player(twice)
    won_by = record["winner_side"] if record["finished"] else None
    winners = set() if won_by is None else {p for p, named in zip(record["players"][won_by], record["named"][won_by])
                                            if named}
    for side, players in enumerate(record["players"]):
        for k, label in enumerate(players):
            if record["named"][side][k]:
                # A name is one player over both matches.
                assert wins[label] == (2 if label in winners else 0)
            else:
                got = 1 if side == won_by else 0
                assert wins["%s (match 1)" % label] == wins["%s (match 2)" % label] == got


def truth(o, actions, finish, lang, chart):
    m = play(o, actions, finish)
    event("%s, %s" % (("solo", "pairs", "trios", "chiamata")[o.sides], "over" if m.over else "in play"))
    event("void hands" if any(h.winner is None for h in m.hands) and not m.chiamata else "no void hand")
    event("edited" if matchdoc.to_dict(m)["a"] and any(a[0] == "e" for a in matchdoc.to_dict(m)["a"]) else "not edited")
    record = pull.match_record("h0001.json", m, True, unnamed_format(lang))
    check_pull(m, record, chart)
    check_device(m, lang, record)
    check_summary(record)


LANG = st.sampled_from(i18n.LANGS)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups(), ACTIONS, st.booleans(), LANG)
def test_every_surface_shows_the_engines_figures(o, actions, finish, lang):
    truth(o, actions, finish, lang, chart=False)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups(), ACTIONS, st.booleans(), LANG)
def test_every_chart_draws_the_engines_figures(o, actions, finish, lang):
    truth(o, actions, finish, lang, chart=True)


@pytest.mark.slow
@settings(max_examples=int(os.environ.get("TANTEADOR_TRUTH_MATCHES", "300")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(setups(), ACTIONS, st.booleans(), LANG, st.booleans())
def test_many_matches_on_every_surface_show_the_engines_figures(o, actions, finish, lang, chart):
    truth(o, actions, finish, lang, chart)


# Matches played on the device's buttons (host_tools/harness/matchplan.py):
# a hand undone, redone, undone and played again, then hands to the end; the match end's
# screen is read, Rematch archives the match, and pull takes the flash.
BUTTON_MATCHES = [
    ({"players": 2, "goal": GOAL_POINTS, "target": 200}, "it"),
    ({"players": 4, "sides": PAIRS, "goal": GOAL_WINS, "target": 2, "names": ["Ana", "", "Ciro", ""]}, "es"),
    ({"players": 6, "sides": TRIOS, "goal": GOAL_HANDS, "target": 3}, "fr"),
    ({"players": 5, "sides": CHIAMATA, "goal": GOAL_POINTS, "target": 4}, "pt"),
    ({"players": 3, "goal": GOAL_BESTOF, "target": 3, "tie": TIE_SPLIT, "reverse": True}, "en"),
]


@pytest.mark.parametrize("opts, lang", [
    BUTTON_MATCHES[0]] + [pytest.param(*case, marks=pytest.mark.slow) for case in BUTTON_MATCHES[1:]])
def test_a_match_played_on_the_buttons_pulls_as_the_device_showed_it(tmp_path, opts, lang):
    from host_tools import cli
    from host_tools.harness import matchplan

    flash = str(tmp_path / "flash")
    g = matchplan.Generator(flash, matchplan.start_doc(opts, lang), seed=len(opts) * 31 + opts["players"])
    g.session(["hand", "undo", "redo", "undo", "hand"])
    if not g.app.stage.match.over:
        g.match(max_hands=40)
    app = g.app
    m = app.stage.match
    assert m.over and app.stage.screen.NAME == "matchend"
    shown = list(app.stage.texts)
    sides = [app.stage.side_name(i) for i in range(m.nsides)]
    g.do("OK")   # Rematch: the match goes to the history as h0001.json
    g.close_notice()   # the deck's preparation, told as a new match begins
    assert app.stage.screen.NAME == "table" and os.path.exists(os.path.join(flash, "h", "h0001.json"))
    out = tmp_path / "out"
    assert cli.main(["pull", "--from-dir", flash, "--out", str(out)]) == 0
    record = json.loads((out / "matches.json").read_text("utf-8"))[0]
    assert record["file"] == "h0001.json" and record["sides"] == sides
    check_pull(m, record, chart=True)
    if not m.chiamata:
        S = i18n.load(lang)
        assert shown[shown.index(S[textids.POINTS]) + 1] == "-".join("%d" % v for v in record["totals"])
        assert shown[shown.index(S[textids.HANDS]) + 1] == "-".join("%d" % v for v in record["won"])
    else:
        assert [t for t in shown if NUMBER.match(t)] == sorted(("%d" % v for v in record["totals"]),
                                                               key=lambda t: -int(t))
    assert any(record["winner"] in t for t in shown)
