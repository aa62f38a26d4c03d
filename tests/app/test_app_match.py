"""Full matches played by button events through the host board."""

import sys

from app_helpers import COUNT, TRUMP_AND_ENTRY, SaveCounter, boot, hand, play, saved

from tanteador import iconids
from tanteador.matchoptions import PAIRS


def test_two_player_match_to_three_from_power_on(tmp_path):
    board, app = boot(tmp_path)
    assert app.stage.screen.NAME == "setup"
    assert app.stage.match is None
    assert saved(tmp_path) is None
    saves = SaveCounter(app)
    play(app, board, "OK")                     # Start with the defaults
    assert app.stage.screen.NAME == "draw"
    assert saves.n == 0                        # the draw is not committed yet
    play(app, board, "OK")
    assert app.stage.screen.NAME == "table"
    assert saves.n == 1
    m = app.stage.match
    assert m.options.players == 2 and m.options.target == 3
    assert "Hand 1" in app.stage.texts
    # P1 wins three hands by 70-50 (UP x10 from 60), P2 wins one by 45-75.
    hand(app, board, ups=10)
    assert m.won == [1, 0]
    # The trump is saved once the buttons rest; here the points followed at once.
    assert saves.n == 2
    hand(app, board, downs=15)
    assert m.won == [1, 1]
    assert m.hands[1].points == (45, 75)
    hand(app, board, hold="hold UP 900")       # a long press: 70, however long it is held
    assert m.hands[2].points == (70, 50)
    assert not m.over
    play(app, board, TRUMP_AND_ENTRY + "; UP x20; " + COUNT)
    assert m.over and m.winner == 0
    assert app.stage.screen.NAME == "matchend"
    assert "P1 wins!" in app.stage.texts
    assert "3-1" in app.stage.texts
    assert saves.n == 5                        # setup + 4 hands, nothing on navigation
    doc = saved(tmp_path)
    assert len(doc["m"]["a"]) == 4
    assert doc["scr"] == "matchend"
    # The end tune played on the buzzer and stopped.
    play(app, board, "wait 1s")
    assert len(board.tones) >= 5 and board.tones[-1][1] == 0
    # Rematch: a new match, the old one archived.
    play(app, board, "OK")
    assert app.stage.screen.NAME == "table"
    assert app.stage.match is not m and not app.stage.match.hands
    assert (tmp_path / "h" / "h0001.json").exists()
    assert saves.n == 6


def test_navigation_writes_nothing(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    saves = SaveCounter(app)
    play(app, board, "OK; DOWN; BACK; long OK; DOWN; DOWN; OK; BACK; BACK; OK; UP; BACK; BACK")
    assert app.stage.screen.NAME == "table"
    assert saves.n == 0


def test_four_players_in_pairs_with_virtual_draw(tmp_path):
    board, app = boot(tmp_path)
    # Players 4, then pairs, then back up to Start.
    play(app, board, "DOWN; OK; UP; UP; OK; DOWN; OK; UP; OK; UP x2")
    s = app.stage.screen
    assert s.o.players == 4 and s.o.sides == PAIRS
    play(app, board, "OK")
    d = app.stage.screen
    assert d.NAME == "draw"
    # Every player drew; seats and teams as the draw says; the dealer sits at seat 1.
    assert all(c is not None for c in d.cards)
    seated = d.opts.names
    assert sorted(seated) == ["P1", "P2", "P3", "P4"]
    assert seated == ["P%d" % (p + 1) for p in d.seats]
    assert d.opts.first_dealer == 0
    # The title says who partners whom; the dealer's row carries the dealer's mark.
    assert "Pairs: 1+3 vs 2+4" in app.stage.texts and seated[0] in app.stage.texts
    assert app.stage.p.icons.count(iconids.DEALER) == 1
    play(app, board, "OK")
    m = app.stage.match
    assert m.options.sides == PAIRS and m.nsides == 2
    assert m.dealer == 0
    assert app.stage.side_name(0) == seated[0] + "/" + seated[2]
    assert app.stage.side_name(0) in app.stage.texts
    hand(app, board, ups=20)                    # 80-40 for the dealer's team
    assert m.won == [1, 0]
    assert m.dealer == 1                        # the deal passed to the right


def test_draw_is_exact_for_an_injected_source(tmp_path):
    from host_tools.device.hostboard import HostBoard

    board = HostBoard(str(tmp_path))
    seq = [0, 5, 0, 0, 0, 0]
    board.rand_below = lambda n: seq.pop(0) % n if seq else 0
    board, app = boot(board=board)
    play(app, board, "OK")
    # First card: pack[0] (ace of oros) to P1, then pack[1 + 5] to P2.
    assert app.stage.screen.cards[0] == (0, 0)
    assert app.stage.screen.opts.first_dealer == 0


def test_three_sides_with_a_refused_entry(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "DOWN; OK; UP; OK; UP; OK; OK")   # 3 players, start, draw
    assert "Remove one 2" in app.stage.texts         # how to prepare the deck
    play(app, board, "OK")
    m = app.stage.match
    assert m.nsides == 3
    saves = SaveCounter(app)
    play(app, board, TRUMP_AND_ENTRY)
    e = app.stage.screen
    assert e.NAME == "entry" and e.vals == [40, 40, 40]
    # 1 point is no set of cards: refused, nothing recorded, nothing saved.
    play(app, board, "long DOWN; long DOWN; long DOWN; long DOWN; UP; OK")
    # On the last field the last line says the refusal before OK is pressed, not a winner.
    assert "P1: 1 is impossible" in app.stage.texts and e.err is None
    play(app, board, "OK")
    assert e.vals[0] == 1
    # The side at fault is named and the cursor goes back to it.
    assert app.stage.screen is e and e.err.code == "one" and e.i == 0
    assert "P1: 1 is impossible" in app.stage.texts
    assert not m.hands and saves.n == 0
    # Too many points for the first two: the third would be negative.
    play(app, board, "long UP; " * 7 + "DOWN; OK; " + "long UP; " * 3 + "UP x5; OK")
    assert e.vals[:2] == [70, 75]
    assert e.err.code == "above" and not m.hands
    assert "Total 145 is over 120" in app.stage.texts
    # A good entry: 50, 40 and the derived 30; the entry tells the result, OK records it.
    play(app, board, "BACK; long DOWN; long DOWN; OK; " + "long DOWN; " * 3 + "DOWN x5")
    assert e.err is None and "P1 wins" in app.stage.texts
    play(app, board, "OK")
    assert app.stage.screen.NAME == "table"
    assert m.hands[0].points == (50, 40, 30) and m.won == [1, 0, 0]
    assert saves.n == 1


def test_one_set_of_texts_kept(tmp_path):
    """The app holds its language's texts alone: the module they came from is let go."""
    board, app = boot(tmp_path)
    langs = [k for k in sys.modules if k.startswith("tanteador.lang.")]
    assert langs == []
    assert "New match" in app.stage.texts


def test_the_trump_picked_survives_a_reboot(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    saves = SaveCounter(app)
    play(app, board, "DOWN x3")                  # espadas for hand 1, on the table
    assert app.stage.trump == 2 and saves.n == 0       # not saved at every step...
    play(app, board, "wait 2s")
    assert saves.n == 1 and saves.docs[-1]["tr"] == 2   # ...but once they rest
    board2, app2 = boot(tmp_path)
    assert app2.stage.trump == 2
    play(app2, board2, "wait 3s; OK")            # straight to the points
    assert app2.stage.screen.NAME == "entry"
    play(app2, board2, "OK")
    assert app2.stage.match.hands[0].trump == 2
    assert app2.stage.trump is None and saved(tmp_path)["tr"] is None


def test_direction_is_fixed_once_a_hand_is_recorded(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    m = app.stage.match
    before = (m.dealer, m.cutter, m.leader)
    # Before the first hand the direction can change; the first dealer stays.
    play(app, board, "long OK; DOWN x3; OK; DOWN; OK; DOWN; OK")
    assert m.options.direction == 1 and m.dealer == before[0]
    assert (m.cutter, m.leader) == (before[2], before[1]) or m.cutter == m.leader
    play(app, board, "BACK; BACK")
    hand(app, board, ups=10)
    assert app.stage.screen.NAME == "table"
    dealers = [h.dealer for h in m.hands] + [m.dealer]
    saves = SaveCounter(app)
    play(app, board, "long OK; DOWN x3; OK; DOWN; OK")
    assert app.stage.screen.NAME == "notice"
    assert " ".join(app.stage.texts) == "The direction is fixed once a hand is counted"
    play(app, board, "BACK; DOWN; OK")
    assert m.options.direction == 1 and saves.n == 0
    assert [h.dealer for h in m.hands] + [m.dealer] == dealers


def test_three_players_with_a_card_undrawn_hear_the_real_reason(tmp_path):
    board, app = boot(tmp_path)
    # 3 players, 40 cards, the last card left undrawn: every side is typed.
    play(app, board, "DOWN; OK; UP; OK; DOWN x4; OK; UP; OK; UP x5; OK; OK; OK")
    assert app.stage.match.options.undrawn_cards == 1
    play(app, board, TRUMP_AND_ENTRY + "; UP; OK; OK")
    e = app.stage.screen
    cases = (("OK", [41, 40, 40], "Total 121 is over 120"),
             ("DOWN x20; OK", [41, 40, 20], "19 missing, 11 at most"),
             ("UP x18; OK", [41, 40, 38], "1 missing: impossible"))
    for keys, vals, said in cases:
        play(app, board, keys)
        assert e.vals == vals and app.stage.texts[-1] == said and not app.stage.match.hands
    play(app, board, "DOWN; OK")                 # 41/40/37: a three stayed undrawn
    assert app.stage.screen.NAME == "table" and app.stage.match.hands[0].points == (41, 40, 37)
