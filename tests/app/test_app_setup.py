"""A new match starts from the table's last setup; one row brings back the defaults."""

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app_helpers import boot, hand, play, reboot, saved

from tanteador.matchoptions import GOAL_POINTS, MatchOptions

NAMES = ["Ana", "Mª José", "Luis"]


def _third_match_setup():
    return MatchOptions(players=3, names=list(NAMES), goal=GOAL_POINTS, target=300,
                        prep=1, reverse=True, first_dealer=2).validate()


def _end_match(app, board):
    hands = len(app.stage.match.hands)
    play(app, board, "long OK; DOWN x4; OK; OK")
    if hands:
        # A match with hands shows its final standing first.
        assert app.stage.screen.NAME == "matchend"
        play(app, board, "OK")
    assert app.stage.match is None and app.stage.screen.NAME == "setup"


def test_end_match_then_new_match_keeps_the_setup_and_names(tmp_path):
    board, app = boot(tmp_path)
    app.stage.begin(_third_match_setup())
    play(app, board, "BACK")                   # the deck hint
    _end_match(app, board)
    s = app.stage.screen
    assert s.names == NAMES and s.first == -1  # the first dealer is drawn again
    assert "300" in app.stage.texts and "Players" in app.stage.texts and "3" in app.stage.texts
    o = s.options(app.stage)
    want = _third_match_setup()
    want.first_dealer = 0
    assert o == want
    # After a reboot with no match in play, the same.
    board, app = reboot(board)
    assert app.stage.screen.NAME == "setup" and app.stage.screen.options(app.stage) == want


def test_the_defaults_row_brings_back_two_players_without_names(tmp_path):
    board, app = boot(tmp_path)
    app.stage.begin(_third_match_setup())
    play(app, board, "BACK")
    _end_match(app, board)
    play(app, board, "UP")                     # the last row
    assert "Defaults" in app.stage.texts
    play(app, board, "OK")
    s = app.stage.screen
    assert s.sel == 0 and s.names == ["", ""]
    assert s.options(app.stage) == MatchOptions()
    play(app, board, "OK; OK")                 # start, draw: the defaults are now the last setup
    assert app.stage.match.options.players == 2
    assert saved(tmp_path)["cfg"]["last"] == app.stage.match.options.to_list()


def test_rematch_and_new_match_after_a_finished_match(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "DOWN; OK; UP; OK; DOWN x2; OK; UP; OK; UP x3; OK; OK; OK")  # 3 players, 4 hands won
    o = app.stage.match.options
    assert o.players == 3 and o.target == 4
    for _ in range(4):
        play(app, board, "DOWN; OK; UP x30; OK; OK")   # 70-25-25
    assert app.stage.screen.NAME == "matchend"
    play(app, board, "DOWN; OK")               # New match
    assert app.stage.screen.NAME == "setup"
    assert app.stage.screen.o.players == 3 and app.stage.screen.o.target == 4


def test_a_last_setup_that_cannot_be_used_is_dropped(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=10)
    _end_match(app, board)
    doc = saved(tmp_path)
    doc["cfg"]["last"] = [9, None, 0]
    (tmp_path / "state.json").write_text(json.dumps(doc))
    board, app = reboot(board)
    assert app.stage.screen.NAME == "setup" and app.stage.screen.options(app.stage) == MatchOptions()
    assert "last" not in app.stage.cfg


def _named_setup(app, board, players, names, sides=0):
    """A match with names, ended: the setup screen opens on its options."""
    app.stage.begin(MatchOptions(players=players, names=list(names), sides=sides).validate())
    play(app, board, "wait 3s")
    while app.stage.screen.NAME != "table":
        play(app, board, "BACK")             # hints
    _end_match(app, board)
    return app.stage.screen


@pytest.mark.parametrize("players, names, sides, steps", [
    (4, ["P2", "P1", "P4", "P3"], 1, -1),    # four in pairs (the draw's labels), then three
    (4, ["P2", "P1", "P4", "P3"], 1, 1),     # then five
    (2, ["Ana", "Luis"], 0, 1),              # a named two-player match, then three
])
def test_changing_players_after_a_named_match_still_starts(tmp_path, players, names, sides, steps):
    board, app = boot(tmp_path)
    s = _named_setup(app, board, players, names, sides)
    key = "DOWN" if steps < 0 else "UP"
    play(app, board, "DOWN; OK; %s x%d; OK; UP" % (key, abs(steps)))
    assert s.o.players == players + steps and s.sel == 0
    play(app, board, "OK")
    assert s.err is None and app.stage.screen.NAME == "draw"
    kept = min(players, players + steps)
    assert len(s.names) == players + steps and s.names[:kept] == names[:kept]


_WALK_KEYS = ("UP", "DOWN", "OK", "BACK")


@pytest.mark.slow
@settings(max_examples=int(os.environ.get("TANTEADOR_SETUP_WALKS", "60")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(_WALK_KEYS), min_size=1, max_size=80), st.integers(0, 2))
def test_any_walk_through_the_setup_leaves_a_setup_that_starts(tmp_path_factory, keys, start):
    """Random presses on the setup (every row, every value, names kept from
    the last match, player counts changed back and forth, Defaults): after
    every press the setup as shown makes a valid match, and Start starts it."""
    board, app = boot(tmp_path_factory.mktemp("walk"))
    last = ((4, ["P2", "P1", "P4", "P3"], 1), (2, ["Ana", "Luis"], 0), (6, list("ABCDEF"), 2))[start]
    s = _named_setup(app, board, *last)
    for k in keys:
        if app.stage.screen is not s:
            play(app, board, "BACK")          # the names screen, the draw: back to the setup
            continue
        if k == "OK" and s.rows()[s.sel] == 0:
            first = s.first
            play(app, board, "OK")
            assert s.err is None, s.err
            if first >= 0:
                # A first dealer chosen: the match starts at once.
                assert app.stage.screen.NAME == "table" and app.stage.match.options.players == s.o.players
                return
            assert app.stage.screen.NAME == "draw"
            continue
        play(app, board, k)
        if app.stage.screen is s:
            o = s.options(app.stage)
            assert o.players == s.o.players and (o.names is None or len(o.names) == o.players)


def test_a_refused_setup_puts_the_cursor_on_the_row_at_fault(tmp_path):
    board, app = boot(tmp_path)
    s = app.stage.screen
    s.o.target = 999                          # no row can set this: a damaged last setup
    play(app, board, "OK")
    assert s.err == "goal" and s.rows()[s.sel] == 3 and app.stage.screen is s      # the Goal row
    assert "Check the setup" in app.stage.texts


@pytest.mark.parametrize("players, deck, prep, code", [
    (3, 40, 0, "rm2"), (3, 40, 1, "undrawn1"), (5, 48, 0, "rm89"), (5, 48, 1, "undrawn3"), (6, 40, 0, "rm2s"),
])
def test_a_match_that_needs_the_deck_prepared_opens_on_its_own_hint(tmp_path, players, deck, prep, code):
    from tanteador import textids
    from tanteador.match import Match

    board, app = boot(tmp_path)
    o = MatchOptions(players=players, deck=deck, prep=prep).validate()
    assert o.prep_hint == code
    app.stage.start(Match(o))
    top = app.stage.screen
    assert top.NAME == "notice" and top.sid == getattr(textids, "H_" + code.upper())
