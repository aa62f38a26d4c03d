"""Briscola chiamata on the screens: the setup reaches it by buttons and
starts a valid match; the table, the history and the match end show each
player's score."""

from host_tools.device import gallery
import pytest
from app_helpers import boot, play
from host_tools.device.hostboard import HostBoard

from host_tools.harness import layout
from tanteador import draw, i18n, iconids, textids
from tanteador.matchoptions import (CALL_DEFAULT, CALL_MAX, CHIAMATA, GOAL_HANDS, GOAL_POINTS, GOAL_TIME,
                               GOAL_WINS, PAIRS, SOLO, TIE_LAST, TIE_SPLIT, TIE_VOID, TRIOS, MatchOptions)
from tanteador.screens import setup as setup_screen
from tanteador.screens import ui

# From a fresh setup: five players, then onto the Play row and into chiamata.
FIVE = "DOWN; OK; UP x3; OK"
CHIAMATA_ROW = "DOWN; OK; UP; OK"


def _setup(tmp_path):
    board, app = boot(tmp_path)
    assert app.stage.screen.NAME == "setup"
    return board, app, app.stage.screen


def _row(s, r):
    """Move the setup's cursor onto row ``r`` (a setup row constant)."""
    s.sel = s.rows().index(r)


def _labels(app, s):
    return [app.stage.t(setup_screen._LABELS[r]) for r in s.rows()]


def test_five_players_reach_chiamata_by_buttons_and_start_a_valid_match(tmp_path):
    board, app, s = _setup(tmp_path)
    play(app, board, FIVE)
    assert s.o.players == 5 and "Play" in _labels(app, s)
    play(app, board, CHIAMATA_ROW)
    assert s.o.sides == CHIAMATA and "chiamata" in app.stage.texts
    labels = _labels(app, s)
    for gone in ("Deck", "Extra cards", "60-60", "Reverse", "Capote", "Trump cycle", "Signals"):
        assert gone not in labels
    for row in ("Defenders", "Partner", "Alone", "Cappotto", "Suits", "Direction", "Names"):
        assert row in labels
    assert (s.o.goal, s.o.target) == (GOAL_HANDS, 10)
    play(app, board, "DOWN x4")                  # the Partner row
    assert "Partner" in app.stage.texts and "1 (caller 2)" in app.stage.texts
    play(app, board, "UP x6; OK; OK")             # Start, then the draw
    m = app.stage.match
    assert app.stage.screen.NAME == "table" and m.chiamata
    o = m.options
    assert (o.players, o.deck, o.goal, o.target, o.call) == (5, 40, GOAL_HANDS, 10, list(CALL_DEFAULT))
    assert (o.tie, o.reverse, o.capote, o.trump_cycle, o.signals) == (TIE_VOID, False, False, False, False)
    assert app.stage.cfg["last"] == o.to_list()
    # Every player's score on the table, from zero.
    assert app.stage.texts.count("0") == 5


def _plays(app, board, s):
    """The values the Play row goes through from solo, by UP presses."""
    _row(s, setup_screen._SIDES)
    play(app, board, "OK")
    seen = [s.o.sides]
    while True:
        play(app, board, "UP")
        if s.o.sides == seen[0]:
            break
        seen.append(s.o.sides)
    play(app, board, "OK")
    return seen


@pytest.mark.parametrize("players,values", [(4, [SOLO, PAIRS]), (5, [SOLO, CHIAMATA]),
                                            (6, [SOLO, PAIRS, TRIOS, CHIAMATA])])
def test_the_play_row_offers_what_the_players_can_play(tmp_path, players, values):
    board, app, s = _setup(tmp_path)
    play(app, board, "DOWN; OK; UP x%d; OK" % (players - 2))
    assert _plays(app, board, s) == values


def test_no_play_row_for_two_or_three(tmp_path):
    board, app, s = _setup(tmp_path)
    assert setup_screen._SIDES not in s.rows()
    play(app, board, "DOWN; OK; UP; OK")
    assert s.o.players == 3 and setup_screen._SIDES not in s.rows()


def test_chiamata_goals_are_hands_points_and_time_with_their_own_targets(tmp_path):
    board, app, s = _setup(tmp_path)
    play(app, board, FIVE + "; " + CHIAMATA_ROW + "; DOWN; OK")
    goals = [s.o.goal]
    targets = {s.o.goal: s.o.target}
    for _ in range(3):
        play(app, board, "UP")
        goals.append(s.o.goal)
        targets[s.o.goal] = s.o.target
    assert goals == [GOAL_HANDS, GOAL_POINTS, GOAL_TIME, GOAL_HANDS]
    assert targets == {GOAL_HANDS: 10, GOAL_POINTS: 10, GOAL_TIME: 30}
    play(app, board, "UP; OK; DOWN; OK; UP x3; OK")   # points, 13: a step of one
    assert (s.o.goal, s.o.target) == (GOAL_POINTS, 13)
    play(app, board, "OK; DOWN x20; OK")             # below 1 it wraps to the highest
    assert s.o.target == 99 - 7
    assert s.options(app.stage).validate().target == 92


def test_the_brisca_choices_come_back_after_trying_chiamata(tmp_path):
    board, app, s = _setup(tmp_path)
    play(app, board, "DOWN; OK; UP x4; OK")           # six players
    o = s.o
    o.deck, o.reverse, o.tie, o.goal, o.target = 48, True, TIE_SPLIT, GOAL_POINTS, 700
    _row(s, setup_screen._SIDES)
    play(app, board, "OK; DOWN; OK")                  # solo -> chiamata (DOWN goes back)
    assert o.sides == CHIAMATA
    assert (o.deck, o.reverse, o.tie, o.goal, o.target) == (40, False, TIE_VOID, GOAL_HANDS, 10)
    chosen = s.options(app.stage)
    assert chosen.chiamata and chosen.deck == 40
    play(app, board, "OK; UP; OK")                    # chiamata -> solo
    assert o.sides == SOLO
    assert (o.deck, o.reverse, o.tie, o.goal, o.target) == (48, True, TIE_SPLIT, GOAL_POINTS, 700)
    # Back into chiamata, its own goal is where it was left.
    s.play(CHIAMATA)
    o.target = 25
    s.play(SOLO)
    s.play(CHIAMATA)
    assert (o.goal, o.target) == (GOAL_HANDS, 25)


def test_leaving_five_or_six_players_ends_chiamata(tmp_path):
    board, app, s = _setup(tmp_path)
    play(app, board, FIVE + "; " + CHIAMATA_ROW)
    play(app, board, "UP; OK; UP; OK")                # six: still chiamata
    assert (s.o.players, s.o.sides) == (6, CHIAMATA)
    play(app, board, "OK; UP; OK")                    # wraps to two
    assert (s.o.players, s.o.sides, s.o.goal, s.o.target) == (2, SOLO, GOAL_WINS, 3)
    assert "Deck" in _labels(app, s)
    play(app, board, "OK; DOWN x2; OK")               # back to five: solo
    assert (s.o.players, s.o.sides) == (5, SOLO)
    s.options(app.stage)


def test_the_partner_never_gets_more_than_the_caller(tmp_path):
    board, app, s = _setup(tmp_path)
    play(app, board, FIVE + "; " + CHIAMATA_ROW)
    _row(s, setup_screen._PARTNER)
    play(app, board, "OK; UP")
    assert s.o.call[1] == 0                           # 1 is the most with defenders 1
    play(app, board, "UP")
    assert s.o.call[1] == 1
    play(app, board, "OK; UP; OK; UP x2; OK")         # defenders 3
    assert s.o.call[0] == 3 and "3 (caller 8)" in app.stage.texts
    play(app, board, "DOWN; OK; UP x3; OK")           # partner 4: caller 5
    assert s.o.call[:2] == [3, 4] and "4 (caller 5)" in app.stage.texts
    play(app, board, "OK; UP; OK")
    assert s.o.call[1] == 0                           # past 4 (3 * 3 // 2) it wraps
    play(app, board, "OK; DOWN; OK; UP; OK; DOWN x2; OK")    # partner 4, defenders 1
    assert s.o.call[:2] == [1, 1]                     # the partner came down with them
    _row(s, setup_screen._ALONE)
    play(app, board, "OK; UP x2; OK")
    assert s.o.call[2] == 3 and "3 (caller 12)" in app.stage.texts
    _row(s, setup_screen._CAPPOTTO)
    play(app, board, "OK; UP x3; OK")
    assert s.o.call[3] == 1 and "x1" in app.stage.texts    # 2, 3, 4, then back to 1
    o = s.options(app.stage)
    assert o.call == [1, 1, 3, 1]


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_score_row_reads_whole(tmp_path, lang):
    """Label and value of each score row fit their row without an ellipsis, at every legal score."""
    board, app, s = _setup(tmp_path)
    app.stage.set_lang(lang)
    room = 125 - 8                                    # ui.rows with a scroll bar
    bad = []
    for d in range(1, CALL_MAX[0] + 1):
        for p in range(0, min(CALL_MAX[1], 3 * d // 2) + 1):
            for a in (1, CALL_MAX[2]):
                s.o.call = [d, p, a, CALL_MAX[3]]
                for r in (setup_screen._DEFEND, setup_screen._PARTNER, setup_screen._ALONE,
                          setup_screen._CAPPOTTO):
                    label = app.stage.t(setup_screen._LABELS[r])
                    value = s.value(app.stage, r)
                    if ui.width(label) + ui.width(value) > room:
                        bad.append((label, value))
    assert not bad


def test_the_60_60_row_reaches_the_last_trick(tmp_path):
    board, app, s = _setup(tmp_path)
    _row(s, setup_screen._TIE)
    play(app, board, "OK")
    seen = []
    for _ in range(3):
        play(app, board, "UP")
        seen.append((s.o.tie, app.stage.part(textids.TIE_VALS, s.o.tie) in app.stage.texts))
    assert seen == [(TIE_SPLIT, True), (TIE_LAST, True), (TIE_VOID, True)]
    play(app, board, "DOWN; OK")
    assert s.options(app.stage).tie == TIE_LAST
    assert "last trick" in app.stage.texts


# ------------------------------------------------------------------ the table
def _items(app):
    return layout.Recorder.items(layout.Recorder(app.stage.p, app.render).frame())


def test_five_players_show_every_score_negative_too(tmp_path):
    app = gallery.reach(HostBoard(str(tmp_path)), "table-call")
    m = app.stage.match
    assert m.totals == [2, 1, -7, 0, 4]
    items = _items(app)
    for name, v in zip(["Ana", "Beto", "Carla", "Dani", "Eva"], m.totals):
        label = [it for it in items if it.kind == "text" and it.what == name][0]
        score = [it for it in items if it.kind == "text" and it.what == "%d" % v][0]
        # Each score on its player's row, in the 13 px digits.
        assert abs(label.given[1] - score.given[1]) <= 2 and score.height >= 13
    assert iconids.OUT not in app.stage.p.icons and m.sitting_out is None
    assert iconids.FLAG in app.stage.p.icons and "10" in app.stage.texts   # the points to reach


def test_six_players_mark_who_sits_out(tmp_path):
    app = gallery.reach(HostBoard(str(tmp_path)), "table-call6")
    m = app.stage.match
    out = m.sitting_out
    assert out == m.dealer == 2
    items = _items(app)
    mark = [it for it in items if it.kind == "icon" and it.what == iconids.OUT]
    name = [it for it in items if it.kind == "text" and it.what == "Carla" and it.font is not draw.LABEL]
    assert len(mark) == 1 and name
    # The mark stands just before the name, on its row.
    assert 0 < name[0].given[0] - mark[0].ink[2] <= 3 and abs(mark[0].ink[1] - name[0].given[1]) <= 6
    assert iconids.CLOCK in app.stage.p.icons                  # the time goal's clock


def test_six_players_of_brisca_sit_nobody_out(tmp_path):
    app = gallery.reach(HostBoard(str(tmp_path)), "table-six")
    assert app.stage.match.sitting_out is None and iconids.OUT not in app.stage.p.icons


# ---------------------------------------------------------------- the history
def test_history_rows_show_the_call_and_the_callers_score(tmp_path):
    app = gallery.reach(HostBoard(str(tmp_path)), "history-call")
    t = app.stage.texts
    assert "Beto/Dani" in t and "75/70" in t and "+2" in t
    assert "Carla alone" in t and "60/80" in t and "-4" in t
    assert "Eva/Ana" in t and "120/61" in t and "+4" in t


def test_history_keeps_the_callers_name_before_the_partners(tmp_path):
    wide = ["WWWWWWWWWWWW", "WWWWWWWWWWWM", "Carla", "Dani", "Eva"]
    app = gallery.reach(HostBoard(str(tmp_path)), "history-call", "en", wide)
    rows = [x for x in app.stage.texts if "/" in x and not x[0].isdigit()]
    # Hand 1: caller WWW...M, partner Dani: both there, the caller's name first and longer.
    first = [x for x in rows if x.startswith("W")][0]
    caller, partner = first.split("/")
    assert caller.endswith("…") and partner.startswith("D") and ui.width(caller) > ui.width(partner)
    assert "Carla alone" in app.stage.texts


# ---------------------------------------------------------------- the match end
def test_match_end_ranks_the_final_scores(tmp_path):
    app = gallery.reach(HostBoard(str(tmp_path)), "matchend-call")
    m = app.stage.match
    assert m.over and m.winner == 4
    t = app.stage.texts
    assert t[0] == "Eva wins!" and "20:00" in t      # the title: winner and play time
    order = [t.index(n) for n in ("Eva", "Ana", "Beto", "Dani", "Carla")]
    assert order == sorted(order)
    assert "-7" in t

