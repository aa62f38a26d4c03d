"""The Italian 60-60 by buttons: tied points ask who took the last trick, and that side wins."""

from app_helpers import TRUMP_AND_ENTRY, boot, play, saved

from host_tools.harness import matchplan
from tanteador.matchoptions import GOAL_POINTS, TIE_LAST


def _start(tmp_path, **opts):
    o = {"players": 2, "tie": TIE_LAST, "names": ["Ana", "Bea"]}
    o.update(opts)
    matchplan.write_doc(str(tmp_path), matchplan.start_doc(o))
    board, app = boot(tmp_path)
    play(app, board, "BACK")                   # past "Match resumed"
    assert app.stage.screen.NAME == "table"
    return board, app


def test_sixty_all_asks_for_the_last_trick_and_its_side_wins(tmp_path):
    board, app = _start(tmp_path)
    play(app, board, TRUMP_AND_ENTRY)
    e = app.stage.screen
    assert e.NAME == "entry" and e.vals == [60, 60]
    assert "Who took the last trick?" in app.stage.texts
    play(app, board, "OK")
    assert app.stage.screen is e and not app.stage.match.hands
    assert "<Last trick: Ana>" in app.stage.texts
    play(app, board, "DOWN")
    assert "<Last trick: Bea>" in app.stage.texts
    play(app, board, "OK")
    h = app.stage.match.hands[0]
    assert app.stage.screen.NAME == "table" and h.points == (60, 60) and h.last == 1 and h.winner == 1
    assert "Bea wins" in app.stage.texts and app.stage.match.won == [0, 1]
    assert saved(tmp_path)["m"]["a"][0][0] == 0 + 4 * 2


def test_back_from_the_question_changes_the_points(tmp_path):
    board, app = _start(tmp_path)
    play(app, board, TRUMP_AND_ENTRY + "; OK")
    assert "<Last trick: Ana>" in app.stage.texts
    play(app, board, "BACK; UP; OK")
    h = app.stage.match.hands[0]
    assert h.points == (61, 59) and h.last is None and h.winner == 0


def test_other_scores_and_other_tie_rules_ask_nothing(tmp_path):
    board, app = _start(tmp_path)
    play(app, board, TRUMP_AND_ENTRY + "; UP x2; OK")
    assert app.stage.match.hands[0].points == (62, 58) and app.stage.screen.NAME == "table"
    board, app = _start(tmp_path / "void", tie=0)
    play(app, board, TRUMP_AND_ENTRY)
    assert "Void hand" in app.stage.texts
    play(app, board, "OK")
    assert app.stage.match.hands[0].winner is None and app.stage.screen.NAME == "table"


def test_three_sides_tied_at_the_top_ask_among_all(tmp_path):
    board, app = _start(tmp_path, players=3, names=None, goal=GOAL_POINTS, target=500)
    play(app, board, TRUMP_AND_ENTRY)
    e = app.stage.screen
    e.vals = [50, 50, 20]
    e.i = e.fields - 1
    play(app, board, "OK")
    assert e.last == 0                          # the first side tied for the top
    play(app, board, "UP")                      # the third side took it: still a tie
    assert e.last == 2
    play(app, board, "OK")
    h = app.stage.match.hands[0]
    assert h.last == 2 and h.winner is None and app.stage.match.totals == [0, 0, 0]


def test_editing_a_settled_tie_asks_again(tmp_path):
    board, app = _start(tmp_path)
    play(app, board, TRUMP_AND_ENTRY + "; OK; OK")     # 60-60, Ana took the last trick
    assert app.stage.match.hands[0].winner == 0
    play(app, board, "long OK; DOWN x2; OK; OK; OK")  # menu, history, hand 1, points
    assert app.stage.screen.NAME == "entry" and app.stage.screen.edit == 0
    play(app, board, "OK; DOWN; OK")
    assert app.stage.match.hands[0].last == 1 and app.stage.match.won == [0, 1]


def test_the_question_fits_one_line_in_every_language():
    from tanteador import draw, i18n, textids

    for code in i18n.LANGS:
        t = i18n.load(code)
        assert draw.text_width(t[textids.E_LAST]) <= 128, code
        assert draw.text_width("<%s: %s>" % (t[textids.LAST_TRICK], "Ana")) <= 118, code
