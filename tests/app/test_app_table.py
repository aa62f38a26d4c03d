"""The table screen: scores readable across the table."""

from app_helpers import boot, play


def lit_rows(board, x0, x1, y0=14, y1=39):
    """How many pixel rows between y0 and y1 have a lit pixel in columns x0..x1-1."""
    return sum(1 for y in range(y0, y1) if any(board.pixel(x, y) for x in range(x0, x1)))


def test_four_solo_players_get_big_digits(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "DOWN; OK; UP; UP; OK; UP; OK; OK")   # 4 players, solo, start, draw
    assert app.stage.screen.NAME == "table" and app.stage.match.nsides == 4
    for side in range(4):
        assert lit_rows(board, side * 32 + 4, side * 32 + 28) >= 24


def test_wide_point_totals_fall_back_to_the_grid(tmp_path):
    from tanteador.matchoptions import GOAL_POINTS, MatchOptions

    board, app = boot(tmp_path)
    app.stage.begin(MatchOptions(players=4, goal=GOAL_POINTS, target=500))
    app.stage.match.record(0, (40, 30, 30, 20))
    app.stage.match.record(0, (40, 30, 30, 20))    # 80, 60, 60, 40: too wide for 32 px columns
    app.stage.dirty = True
    app.poll(board.now + 10)
    assert app.stage.screen.NAME == "table"
    assert "80" in app.stage.texts and "40" in app.stage.texts
    for side in range(4):
        assert lit_rows(board, side * 32 + 4, side * 32 + 28) < 24
