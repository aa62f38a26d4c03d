"""The list screens go round from their last row to their first, and show it.

A press past an end goes round, and the view keeps the row it came from
across a dashed seam; a held button stops at the ends.
"""

import pytest

from app_helpers import boot, hand, play


def _seam_rows(board):
    """The rows of the screen below the title drawn as the seam: two pixels lit, two dark."""
    return [y for y in range(13, 64) if all(board.pixel(x, y) == (x % 4 < 2) for x in range(120))]


def _setup(tmp_path):
    return boot(tmp_path)


def _menu(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "long OK")
    return board, app


def _settings(tmp_path):
    board, app = _menu(tmp_path)
    play(app, board, "OK")
    return board, app


def _names(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "UP x3; OK")
    return board, app


def _history(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    for ups in (10, 0, 20):
        hand(app, board, ups=ups)
    play(app, board, "long OK; DOWN x2; OK")
    return board, app


def _handedit(tmp_path):
    board, app = _history(tmp_path)
    play(app, board, "OK")
    return board, app


_SCREENS = [("setup", _setup), ("menu", _menu), ("settings", _settings), ("names", _names),
            ("history", _history), ("handedit", _handedit)]


def _last(app, board):
    """The index of the screen's last row, found by pressing DOWN until the
    cursor goes round; the cursor is left there, gone round by UP."""
    s = app.stage.screen
    while True:
        k = s.sel
        play(app, board, "DOWN")
        if s.sel <= k:
            play(app, board, "UP")
            return k


@pytest.mark.parametrize("name, reach", _SCREENS)
def test_a_press_past_the_last_row_goes_round_across_a_seam(tmp_path, name, reach):
    board, app = reach(tmp_path)
    s = app.stage.screen
    assert s.NAME == name
    last = _last(app, board)
    assert last >= 1 and s.sel == last
    assert len(_seam_rows(board)) == 1
    play(app, board, "DOWN")
    assert s.sel == 0 and len(_seam_rows(board)) == 1
    play(app, board, "DOWN")
    assert s.sel == 1 and _seam_rows(board) == []
    play(app, board, "UP x2")
    assert s.sel == last and len(_seam_rows(board)) == 1


def test_the_setup_keeps_the_row_it_came_from_in_view_across_the_seam(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "UP")                       # from Start round to Defaults
    assert app.stage.texts.index("Defaults") < app.stage.texts.index("Start")
    (y,) = _seam_rows(board)
    play(app, board, "DOWN")                     # back round to Start
    assert app.stage.screen.sel == 0
    assert app.stage.texts.index("Defaults") < app.stage.texts.index("Start") < app.stage.texts.index("Players")
    assert _seam_rows(board) != [y]              # the blank row is on the selected row's side


@pytest.mark.parametrize("name, reach", [c for c in _SCREENS if c[0] != "handedit"])
def test_a_held_button_stops_at_the_ends(tmp_path, name, reach):
    board, app = reach(tmp_path)
    s = app.stage.screen
    last = _last(app, board)
    play(app, board, "DOWN; hold DOWN 9000")      # from the first row: far more repeats than rows
    assert s.sel == last and _seam_rows(board) == []
    play(app, board, "hold UP 9000")
    assert s.sel == 0 and _seam_rows(board) == []
    play(app, board, "UP")                        # a press goes round
    assert s.sel == last and len(_seam_rows(board)) == 1
