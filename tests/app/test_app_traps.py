"""What a new user met on the device and got wrong: the number of the last
hand, the standing of a match ended from the menu, words cut short, an
edit refused without saying what allows it, a notice that waited."""

from app_helpers import SaveCounter, boot, hand, play, saved
from tanteador import matchdoc, textids
from tanteador.match import Match
from tanteador.matchoptions import PAIRS, MatchOptions
from tanteador.store import Store

# From the table: the menu, End match, and yes.
END_MATCH = "long OK; DOWN x4; OK; OK"


def _boot_on(tmp_path, match):
    """The app booted on ``match`` (saved on the table, English)."""
    from host_tools.device.hostboard import HostBoard

    board = HostBoard(str(tmp_path))
    cfg = {"lang": "en", "contrast": 255, "timeout": 180, "sound": 1}
    Store(board.fs).save({"v": 1, "cfg": cfg, "m": matchdoc.to_dict(match), "scr": "table"})
    board, app = boot(board=board)
    while app.stage.screen.NAME == "notice":
        play(app, board, "BACK")
    return board, app


def _over():
    """Ana and Beto, first to 3 hands, over after 4 (Ana 3-1)."""
    m = Match(MatchOptions(names=["Ana", "Beto"]))
    for t, pts in ((0, (70, 50)), (3, (45, 75)), (2, (90, 30)), (1, (64, 56))):
        m.record(t, pts, 300000)
    assert m.over
    return m


def test_after_the_match_the_table_numbers_the_last_hand_played(tmp_path):
    board, app = _boot_on(tmp_path, _over())
    if app.stage.screen.NAME == "matchend":
        play(app, board, "BACK")
    assert app.stage.screen.NAME == "table"
    assert "Hand 4" in app.stage.texts and "Hand 5" not in app.stage.texts


def test_end_match_shows_the_final_standing_before_the_setup(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=10)      # 70-50
    hand(app, board, downs=20)    # 40-80
    saves = SaveCounter(app)
    play(app, board, END_MATCH)
    # Ended and kept at once; the standing is what the match left.
    assert app.stage.match is None and saves.n == 1 and saved(tmp_path)["m"] is None
    assert (tmp_path / "h" / "h0001.json").exists()
    assert app.stage.screen.NAME == "matchend"
    assert app.stage.t(textids.NO_WINNER) in app.stage.texts
    assert "1-1" in app.stage.texts and "110-130" in app.stage.texts
    # UP/DOWN do nothing here; OK (or BACK) goes on to the setup.
    play(app, board, "DOWN")
    assert app.stage.screen.NAME == "matchend"
    play(app, board, "OK; wait 2s")
    assert app.stage.screen.NAME == "setup" and saved(tmp_path)["scr"] == "setup"


def test_a_restart_on_the_standing_of_an_ended_match_opens_the_setup(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=10)
    play(app, board, END_MATCH)
    assert app.stage.screen.NAME == "matchend"
    board, app = boot(board=board)
    assert app.stage.match is None and app.stage.screen.NAME == "setup"


def test_the_history_names_a_void_hand_whole(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board)              # 60-60: void
    play(app, board, "long OK; DOWN x2; OK")
    assert app.stage.screen.NAME == "history"
    assert app.stage.t(textids.VOID) in app.stage.texts


def test_an_edit_that_would_end_the_match_says_at_which_hand_and_what_allows_it(tmp_path):
    board, app = _boot_on(tmp_path, _over())
    if app.stage.screen.NAME == "matchend":
        play(app, board, "BACK")
    # Hand 2 (45-75) made 75-45 would give Ana her third win at hand 3.
    play(app, board, "long OK; DOWN x2; OK; UP x2; OK; OK; long UP; long UP; long UP")
    entry = app.stage.screen
    assert entry.NAME == "entry" and entry.vals[0] == 75
    play(app, board, "OK")
    assert app.stage.screen.NAME == "notice" and app.stage.screen.sid == textids.E_ENDS_AT
    assert " ".join(app.stage.texts) == "It would end the match at hand 3: undo the later hands first"
    # Closed, the entry is as it was, its digits clear of any refusal bar.
    play(app, board, "BACK")
    assert app.stage.screen is entry and entry.err is None and entry.vals[0] == 75
    assert app.stage.t(textids.E_OVER) not in app.stage.texts
    assert [h.points for h in app.stage.match.hands][1] == (45, 75)


def test_the_notice_of_how_to_prepare_the_deck_closes_by_itself(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "DOWN; OK; UP; OK; UP; OK; OK")   # 3 players, start, the draw's OK
    assert app.stage.screen.NAME == "notice" and "Remove one 2" in app.stage.texts
    play(app, board, "wait 10s")
    assert app.stage.screen.NAME == "table"


def test_pairs_with_names_of_five_letters_name_who_cuts_and_leads_whole(tmp_path):
    m = Match(MatchOptions(players=4, sides=PAIRS, names=["Paula", "Marta", "Luis", "Jorge"]))
    m.record(1, (75, 45), 300000)
    board, app = _boot_on(tmp_path, m)
    assert app.stage.screen.NAME == "table"
    seats = app.stage.match.options.side_seats
    marked = [s for s in (0, 1) if app.stage.match.cutter in seats(s)]
    assert marked and app.stage.match.leader in seats(marked[0])
    names = [app.stage.seat_name(s) for s in seats(marked[0])]
    drawn = "".join(app.stage.texts)
    for n in names:
        assert n in drawn, (n, app.stage.texts)


def test_leaving_settings_saves_the_screen_a_restart_opens(tmp_path):
    board, app = boot(tmp_path)
    # A setting changed is saved while Settings is open, and names it.
    play(app, board, "OK; OK; long OK; DOWN x3; OK; OK; DOWN; OK")
    assert saved(tmp_path)["scr"] == "settings"
    play(app, board, "BACK; BACK; wait 2s")
    assert app.stage.screen.NAME == "table"
    assert saved(tmp_path)["scr"] == "table"
    board, app = boot(board=board)
    while app.stage.screen.NAME == "notice":
        play(app, board, "BACK")
    assert [s.NAME for s in app.stage.stack] == ["table"]


def test_a_trump_saved_while_settings_is_open_does_not_bring_settings_back(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK; DOWN; long OK; DOWN x3; OK; wait 2s")
    assert saved(tmp_path)["scr"] == "settings"
    play(app, board, "BACK; BACK; wait 2s")
    assert saved(tmp_path)["scr"] == "table" and saved(tmp_path)["tr"] == 0


def test_leaving_the_history_after_an_edit_saves_the_table(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board)
    play(app, board, "long OK; DOWN x2; OK; OK; OK; UP; OK")
    assert saved(tmp_path)["scr"] == "history"
    play(app, board, "BACK; BACK; wait 2s")
    assert app.stage.screen.NAME == "table" and saved(tmp_path)["scr"] == "table"
