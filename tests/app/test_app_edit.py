"""Undo, redo and editing past hands from the menu and the history."""

from app_helpers import SaveCounter, boot, hand, play, saved


def _two_hands(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=10)      # 70-50
    hand(app, board, downs=20)    # 40-80
    return board, app


def test_undo_and_redo_from_the_menu(tmp_path):
    board, app = _two_hands(tmp_path)
    m = app.stage.match
    play(app, board, "DOWN x2; wait 2s")        # copas set for hand 3, saved
    assert app.stage.trump == 1 and saved(tmp_path)["tr"] == 1
    saves = SaveCounter(app)
    play(app, board, "long OK")
    assert app.stage.screen.NAME == "menu"
    assert "Undo" in app.stage.texts
    dealer = m.hands[1].dealer
    play(app, board, "OK")                      # Undo
    assert len(m.hands) == 1 and m.won == [1, 0]
    assert "Undone: hand 2" in app.stage.texts
    # Hand 2 is in play again: its trump and its dealer are back.
    assert app.stage.trump == 0 and m.dealer == dealer
    assert saves.n == 1
    assert len(saved(tmp_path)["m"]["a"]) == 2  # the undone hand stays redoable
    assert saved(tmp_path)["m"]["c"] == 1
    play(app, board, "wait 3s")
    assert app.stage.screen.NAME == "table"
    assert "Hand 2" in app.stage.texts
    play(app, board, "long OK; DOWN; OK")       # Redo
    assert len(m.hands) == 2 and m.won == [1, 1]
    assert saves.n == 2
    assert "c" not in saved(tmp_path)["m"]
    # Nothing to redo: a notice, no save.
    play(app, board, "wait 3s; long OK; DOWN; OK")
    assert "Nothing to do" in app.stage.texts
    assert saves.n == 2


def test_edit_a_hand_from_the_history(tmp_path):
    board, app = _two_hands(tmp_path)
    m = app.stage.match
    saves = SaveCounter(app)
    play(app, board, "long OK; DOWN x2; OK")
    assert app.stage.screen.NAME == "history"
    assert "70-50" in app.stage.texts and "40-80" in app.stage.texts
    # Open hand 1 (the newest is selected first), edit its points to 50-70.
    play(app, board, "UP; OK")
    assert app.stage.screen.NAME == "handedit" and "Edit hand 1" in app.stage.texts
    play(app, board, "OK")
    assert app.stage.screen.NAME == "entry"
    assert app.stage.screen.vals == [70, 50]
    play(app, board, "DOWN x20")
    assert "P2 wins" in app.stage.texts               # the entry tells the result first
    assert saves.n == 0
    play(app, board, "OK")
    assert app.stage.screen.NAME == "handedit"
    assert m.hands[0].points == (50, 70)
    assert m.won == [0, 2]                      # recomputed
    assert saves.n == 1
    # Its trump: from oros to copas.
    assert m.hands[0].trump == 0
    play(app, board, "DOWN; OK")
    assert app.stage.screen.NAME == "trump"
    play(app, board, "DOWN; OK")
    assert m.hands[0].trump == 1
    assert saves.n == 2
    assert saved(tmp_path)["m"]["a"][-1][:3] == ["e", 0, 1]
    # BACK all the way to the table.
    play(app, board, "BACK; BACK")
    assert app.stage.screen.NAME == "table"
    # The edit is undoable like any action.
    play(app, board, "long OK; OK")
    assert m.hands[0].trump == 0
    assert saves.n == 3


def test_end_match_needs_a_confirmation(tmp_path):
    board, app = _two_hands(tmp_path)
    saves = SaveCounter(app)
    play(app, board, "long OK; DOWN x4")
    assert "End match" in app.stage.texts
    play(app, board, "OK")
    assert app.stage.screen.NAME == "ask"
    # A sentence says what OK does, not a bare title.
    assert " ".join(app.stage.texts[1:-1]) == "End this match now? The hands played are kept."
    play(app, board, "BACK")
    assert app.stage.screen.NAME == "menu" and app.stage.match is not None
    assert saves.n == 0
    play(app, board, "OK; OK")
    assert app.stage.match is None
    assert saves.n == 1
    assert saved(tmp_path)["m"] is None
    assert (tmp_path / "h" / "h0001.json").exists()


def test_under_the_trump_cycle_a_hands_trump_stays_the_cycles(tmp_path):
    from host_tools.harness import matchplan

    matchplan.write_doc(str(tmp_path), matchplan.start_doc({"players": 2, "trump_cycle": True}))
    board, app = boot(tmp_path)
    play(app, board, "wait 3s; DOWN; OK; UP x10; OK")   # the table's UP/DOWN leave the cycle's trump
    m = app.stage.match
    assert m.hands[0].trump == 0 and m.hands[0].points == (70, 50)
    saves = SaveCounter(app)
    play(app, board, "long OK; DOWN x2; OK; OK; DOWN; OK")  # history, hand 1, its trump
    play(app, board, "DOWN; OK")
    assert app.stage.screen.NAME != "error", app.stage.texts
    assert m.hands[0].trump == 0 and saves.n == 0
    assert "Not possible" in app.stage.texts                    # said, and nothing changed
