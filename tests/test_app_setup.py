"""A new match starts from the table's last setup; one row brings back the defaults."""

import json

from app_helpers import boot, hand, play, reboot, saved

from tanteador.options import GOAL_POINTS, MatchOptions

NAMES = ["Ana", "Mª José", "Luis"]


def _third_match_setup():
    return MatchOptions(players=3, names=list(NAMES), goal=GOAL_POINTS, target=300,
                        prep=1, reverse=True, first_dealer=2).validate()


def _end_match(app, board):
    play(app, board, "long OK; DOWN x4; OK; OK")
    assert app.match is None and app.screen.NAME == "setup"


def test_end_match_then_new_match_keeps_the_setup_and_names(tmp_path):
    board, app = boot(tmp_path)
    app.begin(_third_match_setup())
    play(app, board, "BACK")                   # the deck hint
    _end_match(app, board)
    s = app.screen
    assert s.names == NAMES and s.first == -1  # the first dealer is drawn again
    assert "300" in app.texts and "Players" in app.texts and "3" in app.texts
    o = s.options(app)
    want = _third_match_setup()
    want.first_dealer = 0
    assert o == want
    # After a reboot with no match in play, the same.
    board, app = reboot(board)
    assert app.screen.NAME == "setup" and app.screen.options(app) == want


def test_the_defaults_row_brings_back_two_players_without_names(tmp_path):
    board, app = boot(tmp_path)
    app.begin(_third_match_setup())
    play(app, board, "BACK")
    _end_match(app, board)
    play(app, board, "UP")                     # the last row
    assert "Defaults" in app.texts
    play(app, board, "OK")
    s = app.screen
    assert s.sel == 0 and s.names == ["", ""]
    assert s.options(app) == MatchOptions()
    play(app, board, "OK; OK")                 # start, draw: the defaults are now the last setup
    assert app.match.options.players == 2
    assert saved(tmp_path)["cfg"]["last"] == app.match.options.to_list()


def test_rematch_and_new_match_after_a_finished_match(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "DOWN; OK; UP; OK; DOWN x2; OK; UP; OK; UP x3; OK; OK; OK")  # 3 players, 4 hands won
    o = app.match.options
    assert o.players == 3 and o.target == 4
    for _ in range(4):
        play(app, board, "DOWN; OK; UP x30; OK; OK")   # 70-25-25
    assert app.screen.NAME == "matchend"
    play(app, board, "DOWN; OK")               # New match
    assert app.screen.NAME == "setup"
    assert app.screen.o.players == 3 and app.screen.o.target == 4


def test_a_last_setup_that_cannot_be_used_is_dropped(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=10)
    _end_match(app, board)
    doc = saved(tmp_path)
    doc["cfg"]["last"] = [9, None, 0]
    (tmp_path / "state.json").write_text(json.dumps(doc))
    board, app = reboot(board)
    assert app.screen.NAME == "setup" and app.screen.options(app) == MatchOptions()
    assert "last" not in app.cfg
