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


def test_the_entry_draws_its_results_ahead_only_once_its_first_frame_is_out(tmp_path):
    from tanteador.buttons import OK
    from tanteador.screens import ui
    from tanteador.screens.outcome import outcome

    board, app = boot(tmp_path)
    play(app, board, "OK; OK; DOWN")
    s = app.stage
    ahead = [ui.fit(outcome(s, w, None), ui.WIDTH) for w in (0, 1, None)]
    s.p._lines.clear()
    board.press(OK)
    app.poll(board.advance(30))
    board.press(OK, False)
    # The poll that takes OK shows the entry without drawing what a step may need.
    assert app.poll(board.advance(30)) and s.screen.NAME == "entry"
    later = [t for t in ahead if t not in s.texts]
    assert later and not [t for t in later if t in s.p._lines]
    # The next one draws them, and a step then finds them drawn.
    app.poll(board.advance(10))
    assert all(t in s.p._lines for t in ahead)


def _drawn(app):
    """The texts the Painter draws from now on (a kept background's are not drawn again)."""
    p = app.stage.p
    out = []
    text = p.text

    def recorded(s, *args, **kw):
        out.append(s)
        return text(s, *args, **kw)

    p.text = recorded
    return out


def _taken(app, board, button):
    """A press of ``button`` taken by the app's polls alone (no tidy), its frame out."""
    board.press(button)
    app.poll(board.advance(30))
    board.press(button, False)
    app.poll(board.advance(30))
    board.show()


def _on_a_result(tmp_path, drawn=False):
    """A two-player match whose second hand OK has just recorded, its frame out
    and the loop's tidy not run yet -> (board, app, the texts drawn for that frame if ``drawn``)."""
    from tanteador.buttons import OK

    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=10)
    play(app, board, "DOWN; OK; UP x5")
    texts = _drawn(app) if drawn else None
    _taken(app, board, OK)
    assert app.stage.screen.NAME == "table" and app.stage.screen.banner is not None
    return board, app, texts


def test_the_names_under_a_hands_result_are_drawn_once_its_frame_is_out(tmp_path):
    board, app, drawn = _on_a_result(tmp_path, drawn=True)
    shown = bytes(board.buffer)
    # The frame that answers OK draws no names row (P2 is the dealer's name
    # in the band): the result's label covers it.
    assert "P1" not in drawn and drawn.count("P2") == 1 and "P1 wins" in drawn
    app.tidy(board.now)
    # The tick that follows the frame draws them into the table's
    # background; the frame is as it is on the glass.
    assert "P1" in drawn and drawn.count("P2") == 2
    assert bytes(board.buffer) == shown
    play(app, board, "DOWN")
    assert "P1" in app.stage.texts
    assert (board.frame, list(app.stage.texts)) == _full_redraw(app, board)


def test_a_press_before_the_names_under_the_result_are_drawn_draws_them(tmp_path):
    from tanteador.buttons import DOWN

    board, app, _ = _on_a_result(tmp_path)
    # DOWN taken by the polls, the loop's tidy not run between (a driver of
    # the app that only polls): its press comes before the tick.
    _taken(app, board, DOWN)
    assert app.stage.trump is not None and "P1" in app.stage.texts
    assert (board.frame, list(app.stage.texts)) == _full_redraw(app, board)


def test_a_notice_over_the_result_leaves_the_table_whole_when_it_closes(tmp_path):
    from tanteador import textids
    from tanteador.buttons import BACK

    board, app, _ = _on_a_result(tmp_path)
    # A notice over the table before its names are drawn (a save that failed
    # says so this way), closed by a press: the table comes back whole.
    app.stage.notice(textids.DAMAGED, ms=0)
    app.poll(board.advance(10))
    board.show()
    assert app.stage.screen.NAME == "notice"
    _taken(app, board, BACK)
    app.tidy(board.now)
    assert app.stage.screen.NAME == "table"
    # (The text model then holds the names under the label too.)
    assert board.frame == _full_redraw(app, board)[0]
    play(app, board, "DOWN")
    assert "P1" in app.stage.texts
    assert (board.frame, list(app.stage.texts)) == _full_redraw(app, board)


def test_a_trump_step_keeps_the_hands_number_where_the_scores_go_in_columns(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    drawn = _drawn(app)
    play(app, board, "DOWN")
    assert app.stage.trump is not None and "Hand 1" in app.stage.texts
    # Only the band's goal is drawn: the trump is an icon, the rest is kept.
    assert drawn == [app.stage.texts[-1]] and "Hand 1" not in drawn
    assert (board.frame, list(app.stage.texts)) == _full_redraw(app, board)


def test_a_trump_step_draws_the_goal_worked_out_with_the_scores(tmp_path, monkeypatch):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    m = app.stage.match
    asked = []
    progress = m.progress
    monkeypatch.setattr(m, "progress", lambda: asked.append(1) or progress())
    play(app, board, "DOWN; DOWN")
    # The target shown is the one the scores' redraw worked out: a step asks the match nothing.
    assert app.stage.trump is not None and asked == []
    assert (board.frame, list(app.stage.texts)) == _full_redraw(app, board)
    assert asked == [1]


def test_in_the_grid_the_hands_number_comes_back_in_place_of_the_result(tmp_path):
    from tanteador.matchoptions import GOAL_POINTS, MatchOptions
    from tanteador.screens.table import Table

    board, app = boot(tmp_path)
    s = app.stage
    s.begin(MatchOptions(players=4, goal=GOAL_POINTS, target=500))
    s.match.record(0, (40, 30, 30, 20))
    s.match.record(0, (40, 30, 30, 20))    # too wide for columns: the grid
    s.stack[-1] = Table(banner=1)
    s.dirty = True
    app.poll(board.advance(10))
    assert "Hand 3" not in s.texts
    for step in range(2):
        drawn = _drawn(app)
        play(app, board, "DOWN")
        # The result went at the first press; the number, drawn in its place, is never kept.
        assert "Hand 3" in drawn
        assert (board.frame, list(s.texts)) == _full_redraw(app, board), step


def test_the_entrys_first_frame_measures_its_texts_as_it_draws_them(tmp_path, monkeypatch):
    from tanteador import draw
    from tanteador.textids import HOLD_TEN

    board, app = boot(tmp_path)
    play(app, board, "OK; OK; DOWN")
    s = app.stage
    s.p._lines.clear()
    walks = []
    glyphs = draw._glyphs

    def walked(t, font):
        walks.append(t)
        return glyphs(t, font)

    monkeypatch.setattr(draw, "_glyphs", walked)
    play(app, board, "OK")
    hint = s.t(HOLD_TEN)
    assert s.screen.NAME == "entry" and "Hand 1" in s.texts and hint in s.texts
    # Each walked twice, to measure it and to draw it once kept: never again for the layout.
    assert walks.count("Hand 1") == 2 and walks.count(hint) == 2
    # So is every small-font text of the entry's first frame (the names, the
    # last line), and the results drawn ahead after it find theirs drawn.
    small = [t for t in s.texts if not t.isdigit()]
    assert [t for t in small if walks.count(t) > 2] == []


def test_the_tables_full_redraw_measures_its_texts_as_it_draws_them(tmp_path, monkeypatch):
    from tanteador import draw

    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=10)
    play(app, board, "long OK")
    s = app.stage
    assert s.screen.NAME == "menu"
    s.p._lines.clear()
    walks = []
    glyphs = draw._glyphs

    def walked(t, font):
        if font is draw.SMALL:    # the dealer's name is also drawn in capitals
            walks.append(t)
        return glyphs(t, font)

    monkeypatch.setattr(draw, "_glyphs", walked)
    play(app, board, "BACK")
    assert s.screen.NAME == "table" and "P1" in s.texts and "?" in s.texts
    # The names, the hand's number and the "?": measured and drawn once each.
    assert [t for t in ("P1", "P2", "Hand 2", "?") if walks.count(t) > 2] == []
