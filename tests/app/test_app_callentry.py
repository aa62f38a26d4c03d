"""Briscola chiamata by the buttons: a hand's call from the table back to the table,
its refusals, editing it, undo and redo, and a power cut in the middle of it."""

import json
import os

from app_helpers import SaveCounter, boot, play, reboot, saved

from host_tools import cli
from host_tools.harness import matchplan
from tanteador import matchdoc, matchload, textids
from tanteador.matchoptions import CHIAMATA, GOAL_HANDS, GOAL_POINTS

NAMES = ["Ana", "Bea", "Carla", "Dani", "Eva", "Fede"]
EXAMPLE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "host_tools", "examples", "chiamata")


def _table(tmp_path, players=5, goal=GOAL_HANDS, target=9, **kw):
    """A new chiamata match saved on the table; the app booted on it, the notice closed."""
    opts = dict(players=players, sides=CHIAMATA, goal=goal, target=target, names=NAMES[:players], **kw)
    matchplan.write_doc(str(tmp_path), matchplan.start_doc(opts))
    board, app = boot(tmp_path)
    play(app, board, "BACK")
    assert app.stage.screen.NAME == "table"
    return board, app


def _with_typed(tmp_path, en, players=5, tr=2):
    """Boot on a call typed before a power cut (``en`` as the document keeps it)."""
    opts = dict(players=players, sides=CHIAMATA, goal=GOAL_HANDS, target=9, names=NAMES[:players])
    doc = matchplan.start_doc(opts)
    doc.update(scr="entry", tr=tr, en=en)
    matchplan.write_doc(str(tmp_path), doc)
    board, app = boot(tmp_path)
    play(app, board, "BACK")                    # "Match resumed"
    return board, app


def test_a_hand_from_the_table_back_to_the_table(tmp_path):
    board, app = _table(tmp_path)
    m = app.stage.match
    play(app, board, "DOWN x2; OK")             # copas on the table, the call opens
    e = app.stage.screen
    assert e.NAME == "entry" and "Hand 1" in app.stage.texts
    # The caller starts on the player who opens the auction (the leader).
    assert m.leader == 1 and "Bea" in app.stage.texts and "Who won the auction?" in app.stage.texts
    play(app, board, "DOWN; OK")                # caller Carla
    assert "Points to make" in app.stage.texts and "61" in app.stage.texts
    play(app, board, "UP x4; OK")               # bid 65
    assert "Who had the called card?" in app.stage.texts and "Dani" in app.stage.texts   # the seat after the caller
    play(app, board, "DOWN; OK")                # partner Eva
    # The points start on the bid; the last line tells what the call gives.
    assert app.stage.screen.vals == [2, 4, 65, 65] and "Made: Carla +2" in app.stage.texts
    play(app, board, "DOWN")
    assert "Down: Carla -2" in app.stage.texts
    play(app, board, "UP x6")
    assert not m.hands
    play(app, board, "OK")
    assert app.stage.screen.NAME == "table" and "Made: Carla +2" in app.stage.texts
    h = m.hands[0]
    assert (h.trump, h.entry, h.points) == (1, (2, 4, 65, 70), (-1, -1, 2, -1, 1))
    assert m.totals == [-1, -1, 2, -1, 1]
    assert saved(tmp_path)["m"] == matchdoc.to_dict(m)
    # The next hand's call starts on its own leader.
    play(app, board, "UP; OK")
    assert app.stage.screen.vals[0] == m.leader == 2


def test_a_caller_alone_and_a_cappotto(tmp_path):
    board, app = _table(tmp_path)
    m = app.stage.match
    play(app, board, "UP; OK; OK; OK")          # bastos; caller Bea; bid 61
    play(app, board, "UP")                      # from Carla up to "alone"
    assert app.stage.screen.vals[:2] == [1, 1] and "alone" in app.stage.texts
    play(app, board, "OK" + "; long UP" * 6)     # every point, by tens (61 .. 111, then 120)
    assert app.stage.screen.vals[3] == 120 and "Cappotto: Bea +8" in app.stage.texts
    play(app, board, "OK")
    assert m.hands[0].points == (-2, 8, -2, -2, -2) and m.hands[0].entry == (1, 1, 61, 120)
    # The defenders take everything from a caller alone: doubled the other way.
    play(app, board, "UP; OK; OK; OK; UP; OK" + "; long DOWN" * 6)
    assert app.stage.screen.vals == [2, 2, 61, 0] and "Cappotto: Carla -8" in app.stage.texts
    play(app, board, "OK")
    assert m.totals == [0, 10, -10, 0, 0]
    # The hand editor sums a call up: caller (alone), points over the bid, the result.
    play(app, board, "long OK; DOWN x2; OK; UP; OK")
    assert app.stage.screen.NAME == "handedit"
    assert "Bea alone" in app.stage.texts and "120/61" in app.stage.texts and "Cappotto: Bea +8" in app.stage.texts


def test_six_players_the_dealer_sits_out_of_every_list(tmp_path):
    board, app = _table(tmp_path, players=6)
    m = app.stage.match
    assert m.dealer == m.sitting_out == 0
    play(app, board, "DOWN; OK")
    callers = []
    for _ in range(6):
        callers.append(app.stage.screen.vals[0])
        play(app, board, "DOWN")
    # Round the table from the leader, past the seat sitting out.
    assert callers == [1, 2, 3, 4, 5, 1]
    play(app, board, "UP x2")                   # 1 -> Ana is skipped -> Fede
    assert app.stage.screen.vals[0] == 5 and "Fede" in app.stage.texts
    play(app, board, "OK; OK")
    partners = []
    for _ in range(5):
        partners.append(app.stage.screen.vals[1])
        play(app, board, "DOWN")
    assert partners == [1, 2, 3, 4, 5]          # Fede himself is "alone"; never Ana
    play(app, board, "DOWN; OK; UP x2; OK")     # partner Carla, 63 points
    h = m.hands[0]
    assert h.entry == (5, 2, 61, 63) and h.points == (0, -1, 1, -1, -1, 2)
    # Hand 2: Bea deals and sits out.
    assert m.sitting_out == 1
    play(app, board, "DOWN; OK; UP")
    assert app.stage.screen.vals[0] == 0              # from Carla (the leader) up past Bea to Ana


def test_back_steps_through_the_fields_and_leaves_on_the_first(tmp_path):
    board, app = _table(tmp_path)
    saves = SaveCounter(app)
    play(app, board, "DOWN; OK; OK; OK")
    assert app.stage.screen.i == 2
    play(app, board, "BACK; BACK")
    assert app.stage.screen.NAME == "entry" and app.stage.screen.i == 0
    play(app, board, "BACK; wait 2s")
    assert app.stage.screen.NAME == "table" and not app.stage.match.hands
    assert saves.n == 1 and "en" not in saved(tmp_path)     # only the trump was saved


def test_the_points_follow_the_bid_until_they_are_changed(tmp_path):
    board, app = _table(tmp_path)
    play(app, board, "DOWN; OK; OK; UP x9")
    assert app.stage.screen.vals[2:] == [70, 70]
    play(app, board, "OK; OK; DOWN x3; BACK; BACK")
    assert app.stage.screen.vals[2:] == [70, 67] and app.stage.screen.i == 1
    play(app, board, "UP")                      # the points typed stay
    assert app.stage.screen.vals[2:] == [71, 67]
    # A partner not moved yet follows the caller; one chosen stays.
    play(app, board, "BACK; DOWN")
    assert app.stage.screen.vals[:2] == [2, 3]
    play(app, board, "OK; OK; DOWN; BACK; BACK; DOWN")
    assert app.stage.screen.vals[:2] == [3, 4]


def test_the_trump_picked_after_ok_opens_the_call(tmp_path):
    board, app = _table(tmp_path)
    play(app, board, "OK")                      # no trump yet: the picker first
    assert app.stage.screen.NAME == "trump"
    play(app, board, "DOWN x2; OK")
    assert app.stage.screen.NAME == "entry" and app.stage.trump == 2 and "Caller" in app.stage.texts
    play(app, board, "OK; OK; OK; OK")
    assert app.stage.match.hands[0].trump == 2 and app.stage.match.hands[0].entry == (1, 2, 61, 61)


def test_each_refusal_says_why_and_records_nothing(tmp_path):
    # A call typed before a power cut that no longer fits: OK says why, on
    # the field at fault, and nothing is recorded.
    cases = (
        (5, [-1, 3, 1, 2, 50, 70], "Bid 50: 61 to 120", 1),
        (6, [-1, 3, 0, 2, 61, 70], "Caller not in play", 0),
        (6, [-1, 3, 2, 0, 61, 70], "Partner not in play", 2),
        (5, [-1, 1, 1, 2, 61, -4], "Points must be 0 to 120", 3),
        (5, [-1, 3, 1, 2, 61, 119], "119 is impossible", 3),
    )
    for k, (players, en, why, field) in enumerate(cases):
        folder = tmp_path / ("f%d" % k)
        board, app = _with_typed(folder, en, players)
        e = app.stage.screen
        assert e.NAME == "entry" and e.vals == en[2:] and e.i == en[1]
        before = saved(folder)["m"]
        saves = SaveCounter(app)
        play(app, board, "OK" if e.i == 3 else "OK; OK; OK")
        assert app.stage.screen is e and why in app.stage.texts, (en, app.stage.texts)
        assert e.i == field, en
        assert not app.stage.match.hands and saves.n == 0 and saved(folder)["m"] == before
    # A change clears the refusal; the call then goes through.
    play(app, board, "DOWN")
    assert why not in app.stage.texts
    play(app, board, "OK")
    assert app.stage.match.hands[0].entry == (1, 2, 61, 118)


def test_an_edit_that_would_end_the_match_earlier_is_refused(tmp_path):
    board, app = _table(tmp_path, goal=GOAL_POINTS, target=5)
    m = app.stage.match
    play(app, board, "DOWN; OK; OK; OK; OK; UP x9; OK")     # Bea with Carla, 70: Bea +2
    play(app, board, "DOWN; OK; OK; OK; OK; UP x9; OK")     # Carla with Dani: Carla +2
    assert not m.over and m.totals == [-2, 1, 3, 0, -2]
    before = matchdoc.to_dict(m)
    play(app, board, "long OK; DOWN x2; OK; UP; OK")
    assert app.stage.screen.NAME == "handedit" and "Bea/Carla" in app.stage.texts and "70/61" in app.stage.texts
    assert "Made: Bea +2" in app.stage.texts
    # Bea alone with 120 would have won the match at hand 1.
    play(app, board, "OK; OK; OK; UP; OK" + "; long UP" * 6 + "; OK")
    assert app.stage.screen.NAME == "notice" and app.stage.screen.sid == textids.E_ENDS_AT and app.stage.screen.arg == 1
    assert "It would end the match" in app.stage.texts
    play(app, board, "BACK")
    assert app.stage.screen.NAME == "entry" and app.stage.screen.err is None
    assert matchdoc.to_dict(m) == before


def test_edit_a_past_call_from_the_history(tmp_path):
    board, app = _table(tmp_path, players=6)
    m = app.stage.match
    play(app, board, "DOWN; OK; OK; OK; OK; UP x9; OK")     # Bea with Carla, Ana sits out
    play(app, board, "DOWN; OK; OK; OK; OK; DOWN x9; OK")   # Carla with Dani, 52, Bea sits out
    assert m.totals == [1, 2, -1, -2, 0, 0] and m.dealer == 2
    saves = SaveCounter(app)
    play(app, board, "long OK; DOWN x2; OK; UP; OK")
    assert app.stage.screen.NAME == "handedit" and "Edit hand 1" in app.stage.texts
    play(app, board, "OK")
    e = app.stage.screen
    assert e.NAME == "entry" and e.edit == 0 and e.vals == [1, 2, 61, 70] and "Edit hand 1" in app.stage.texts
    # Hand 1's dealer (Ana) sits out of its lists, not the dealer in play now.
    play(app, board, "UP")
    assert e.vals[0] == 5
    play(app, board, "DOWN; OK; OK; DOWN x3")
    assert e.vals[1] == 5
    play(app, board, "OK; DOWN x20")
    assert "Down: Bea -2" in app.stage.texts and saves.n == 0
    play(app, board, "OK")
    assert app.stage.screen.NAME == "handedit" and "Bea/Fede" in app.stage.texts and "50/61" in app.stage.texts
    h = m.hands[0]
    assert h.entry == (1, 5, 61, 50) and h.points == (0, -2, 1, 1, 1, -1)
    assert m.totals == [1, -2, -1, 0, 2, 0] and len(m.hands) == 2
    assert saves.n == 1 and saved(tmp_path)["m"] == matchdoc.to_dict(m)


def test_undo_and_redo_a_call_from_the_menu(tmp_path):
    board, app = _table(tmp_path)
    m = app.stage.match
    play(app, board, "DOWN; OK; OK; OK; OK; UP x9; OK")
    play(app, board, "UP; OK; DOWN; OK; OK; UP; OK; OK")    # Dani alone at 61 with 61
    assert m.totals == [-2, 1, 0, 3, -2]
    play(app, board, "long OK; OK")                         # Undo
    assert len(m.hands) == 1 and m.totals == [-1, 2, 1, -1, -1] and app.stage.trump == 3
    play(app, board, "wait 3s; OK")
    assert app.stage.screen.vals[0] == m.leader == 2              # hand 2 is in play again
    play(app, board, "BACK; long OK; DOWN; OK")             # Redo
    assert len(m.hands) == 2 and m.hands[1].entry == (3, 3, 61, 61) and m.totals == [-2, 1, 0, 3, -2]
    assert saved(tmp_path)["m"] == matchdoc.to_dict(m)


def test_a_power_cut_in_the_middle_of_the_call(tmp_path):
    board, app = _table(tmp_path)
    play(app, board, "DOWN; OK; DOWN; OK; UP x4; OK; UP; wait 2s")
    assert app.stage.screen.vals == [2, 2, 65, 65] and app.stage.screen.i == 2
    assert saved(tmp_path)["en"] == [-1, 2, 2, 2, 65, 65] and saved(tmp_path)["tr"] == 0
    board, app = reboot(board)
    assert app.stage.screen.NAME == "notice" and "Match resumed" in app.stage.texts
    play(app, board, "BACK")
    e = app.stage.screen
    assert e.NAME == "entry" and e.vals == [2, 2, 65, 65] and e.i == 2 and app.stage.trump == 0
    assert "alone" in app.stage.texts
    play(app, board, "OK; UP x5; OK")
    h = app.stage.match.hands[0]
    assert app.stage.screen.NAME == "table" and h.entry == (2, 2, 65, 70) and h.trump == 0
    assert "en" not in saved(tmp_path)


def test_a_call_being_edited_comes_back_under_the_history(tmp_path):
    board, app = _table(tmp_path)
    play(app, board, "DOWN; OK; OK; OK; OK; UP x9; OK")
    play(app, board, "long OK; DOWN x2; OK; OK; OK; OK; UP x3; wait 2s")
    assert saved(tmp_path)["en"] == [0, 1, 1, 2, 64, 70]
    board, app = reboot(board)
    play(app, board, "BACK")
    assert [s.NAME for s in app.stage.stack] == ["table", "history", "handedit", "entry"]
    assert app.stage.screen.edit == 0 and app.stage.screen.vals == [1, 2, 64, 70]
    play(app, board, "OK; OK; OK")
    assert app.stage.screen.NAME == "handedit" and app.stage.match.hands[0].entry == (1, 2, 64, 70)


def test_a_saved_call_that_does_not_fit_resumes_on_the_table(tmp_path):
    for k, en in enumerate(([-1, 0, 70, 50], [-1, 4, 1, 2, 61, 70], [-1, 0, 7, 2, 61, 70],
                            [3, 0, 1, 2, 61, 70], [-1, 0, 1, 2, 61, 121])):
        folder = tmp_path / ("f%d" % k)
        board, app = _with_typed(folder, en)
        assert [s.NAME for s in app.stage.stack] == ["table"], en


def test_the_example_script_plays_a_whole_match(tmp_path, capsys):
    # From an empty flash: the setup, then three hands.
    rc = cli.main(["sim", "--flash", str(tmp_path / "flash"), "--script", os.path.join(EXAMPLE, "match.txt"),
                   "--json"])
    out = capsys.readouterr().out
    assert rc == 0
    doc = json.loads(out.strip().splitlines()[-1])
    assert doc["scr"] == "matchend"
    m = matchload.from_dict(doc["m"])
    assert m.chiamata and m.options.players == 5 and m.options.first_dealer == 0
    assert [h.entry for h in m.hands] == [(1, 2, 61, 70), (4, 4, 65, 60), (3, 0, 61, 120)]
    assert [h.trump for h in m.hands] == [0, 3, 1]
    assert m.over and m.winner == 3 and m.totals == [2, 1, 0, 4, -7]
