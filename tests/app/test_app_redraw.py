"""A press redraws only what it changes: the pixels and the text model are those of a full redraw."""

from app_helpers import boot, hand, play


def _full_redraw(app, board):
    """The same screen drawn from scratch, nothing kept."""
    app.stage.p.begin(0, object())
    app.render()
    board.show()
    return board.frame, list(app.stage.texts)


def test_entry_and_table_draw_after_a_press_as_from_scratch(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=10)
    for script, screen in (("DOWN x3", "table"), ("OK; UP x3", "entry"), ("DOWN x9", "entry"),
                           ("BACK; UP", "table")):
        play(app, board, script)
        assert app.stage.screen.NAME == screen
        shown, texts = board.frame, list(app.stage.texts)
        assert (shown, texts) == _full_redraw(app, board), script
    assert "P1" in texts and "Hand 2" in texts          # the kept parts stay in the text model
