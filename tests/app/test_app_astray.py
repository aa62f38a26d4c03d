"""Presses that never go astray: a notice, the result after a hand, the
entry's last line and its rows, each played by the buttons."""

from app_helpers import boot, play

from tanteador.matchoptions import MatchOptions


def _begin(tmp_path, **opts):
    board, app = boot(tmp_path)
    app.stage.begin(MatchOptions(**opts).validate())
    app.poll(board.now + 10)
    return board, app


def _frame(board, app):
    app.stage.dirty = True
    app.poll(board.now + 10)
    return bytes(board.frame)


def _rows(board, y0, y1, x1=128):
    """The lit pixels of rows y0..y1-1 (columns 0..x1-1)."""
    return [[board.pixel(x, y) for x in range(x1)] for y in range(y0, y1)]


def test_the_down_that_closes_a_notice_sets_the_trump(tmp_path):
    board, app = _begin(tmp_path, players=6)
    assert app.stage.screen.NAME == "notice" and "Remove the four 2s" in app.stage.texts
    play(app, board, "DOWN")
    assert app.stage.screen.NAME == "table" and app.stage.trump == 0
    play(app, board, "DOWN")
    assert app.stage.trump == 1


def test_the_ok_that_closes_a_notice_only_closes_it(tmp_path):
    board, app = _begin(tmp_path, players=3, prep=1)
    assert app.stage.screen.NAME == "notice" and "Last card undrawn" in app.stage.texts
    play(app, board, "OK")
    # Nobody confirms what the notice hid: the table, nothing opened.
    assert [s.NAME for s in app.stage.stack] == ["table"] and app.stage.trump is None


def _record(app, board):
    """Record the first hand of a six-player match by the buttons (20 each but 25, 15)."""
    play(app, board, "DOWN; OK; UP x5; OK; DOWN x5; OK; OK; OK; OK")
    assert app.stage.screen.NAME == "table" and len(app.stage.match.hands) == 1


def test_the_result_in_the_grid_hides_no_score_and_not_the_dealer(tmp_path):
    board, app = _begin(tmp_path, players=6)
    play(app, board, "BACK")
    _record(app, board)
    assert app.stage.stack[0].banner == 0 and "P1 wins" in app.stage.texts
    scores = _rows(board, 0, 41)
    dealer = _rows(board, 41, 64, 60)
    # The press after it: the trump set, the result gone; the scores and the
    # dealer were already all in sight.
    play(app, board, "DOWN")
    assert app.stage.stack[0].banner is None and app.stage.trump == 0 and "P1 wins" not in app.stage.texts
    assert _rows(board, 0, 41) == scores
    assert _rows(board, 41, 64, 60) == dealer


def test_the_result_in_columns_hides_no_score(tmp_path):
    board, app = _begin(tmp_path, players=2)
    play(app, board, "DOWN; OK; long UP; OK")
    assert app.stage.stack[0].banner == 0 and "P1 wins" in app.stage.texts
    digits = _rows(board, 14, 41)
    play(app, board, "DOWN")
    assert app.stage.stack[0].banner is None and _rows(board, 14, 41) == digits


def _after_a_hand(folder, result):
    board, app = _begin(folder, players=6)
    play(app, board, "BACK")
    _record(app, board)
    if not result:
        # The same table without the result: the device started again on it.
        app.stage.stack[0].banner = None
        app.stage.dirty = True
        app.poll(board.now + 10)
    return board, app


def test_the_press_after_a_result_does_what_it_does_on_the_table(tmp_path):
    for n, script in enumerate(("OK", "DOWN", "UP; OK", "long OK", "BACK")):
        got = []
        for result in (True, False):
            board, app = _after_a_hand(tmp_path / ("%d%d" % (n, result)), result)
            play(app, board, script)
            got.append(([s.NAME for s in app.stage.stack], app.stage.trump, len(app.stage.match.hands), app.stage.stack[0].banner))
        assert got[0] == got[1], script
    # OK before the trump is set picks the trump, then the points; no press is spent on the result.
    board, app = _after_a_hand(tmp_path / "ok", True)
    play(app, board, "OK")
    assert app.stage.screen.NAME == "trump"
    play(app, board, "OK")
    assert app.stage.screen.NAME == "entry" and app.stage.trump == 0


def test_a_refused_total_is_said_on_the_last_line_before_ok(tmp_path):
    board, app = _begin(tmp_path, players=3)
    play(app, board, "OK; DOWN; OK")                  # the notice, the trump, the entry
    e = app.stage.screen
    assert e.NAME == "entry" and e.vals == [40, 40, 40]
    play(app, board, "long UP; long UP; long UP; OK; long UP")
    # 70 and 50: the third would be -0, then -10: no winner is announced.
    assert e.vals[:2] == [70, 50] and e.err is None
    assert "Total 120 is over 120" not in app.stage.texts
    play(app, board, "UP")
    assert "Total 121 is over 120" in app.stage.texts
    assert not any(t.endswith("wins") for t in app.stage.texts) and "Void hand" not in app.stage.texts
    # The side worked out from 120 never shows below zero.
    assert "-1" not in app.stage.texts and "-" in app.stage.texts
    play(app, board, "OK")
    assert e.err.code == "above" and not app.stage.match.hands


def test_an_impossible_side_is_said_on_the_last_line_before_ok(tmp_path):
    board, app = _begin(tmp_path, players=3)
    play(app, board, "OK; DOWN; OK; long DOWN; long DOWN; long DOWN; long DOWN; UP; OK")
    assert app.stage.screen.vals[0] == 1 and app.stage.screen.err is None
    assert "P1: 1 is impossible" in app.stage.texts and not any(t.endswith("wins") for t in app.stage.texts)


def _entry_rows(tmp_path, players, field):
    board, app = _begin(tmp_path, players=players)
    while app.stage.screen.NAME == "notice":
        play(app, board, "BACK")
    play(app, board, "DOWN; OK" + "; OK" * field)
    assert app.stage.screen.NAME == "entry" and app.stage.screen.i == field
    return board, app


def test_with_five_and_six_sides_the_last_line_has_a_row_of_its_own(tmp_path):
    for players in (5, 6):
        for field in range(players - 1):
            board, app = _entry_rows(tmp_path / ("%d-%d" % (players, field)), players, field)
            names = [t for t in app.stage.texts if t in ["P%d" % (k + 1) for k in range(players)]]
            assert len(names) == 3 and "P%d" % (field + 1) in names, (players, field)
            # The rows end above the last line, a blank row between them.
            assert not any(any(r[:125]) for r in _rows(board, 50, 52)), (players, field)
            assert any(any(r) for r in _rows(board, 52, 64)), (players, field)
