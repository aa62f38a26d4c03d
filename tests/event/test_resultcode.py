"""Results without cables: the device's QR code and typed code, and `event enter`.

The QR code is read off the device's real frame (the host board's frame
buffer as a picture) by zxing; a typed code is checked with the event's key
and recorded as `event pull` records the same match: two sides (format 1),
a table of three and a chiamata table (format 2).
"""

import hashlib
import hmac
import json
import shutil

import pytest

from app_helpers import boot, hand, play, reboot
from event_helpers import PAIRS, call_hand, dump, event_of, run
from host_tools.commands.event import codes
from host_tools.harness import mplane
from PIL import Image
from qrkit import decode, frame_image, show_code
from tanteador import qrcode, resultcode

TEXT = "TT:943BEAE6:200G00820008R034QC13VZQ2"
# A chiamata table's code with big scores: 61 characters, version 3.
LONG = "TT:943BEAE6:45314GSK0J7Y1K7W1RR1TS1GP4521124382207Z5ZG7S0JH1A"


def symbol(grid, scale=4, quiet=4):
    """A QR matrix as a black-on-white picture with a quiet zone."""
    n = qrcode.side(grid)
    img = Image.new("L", (n + 2 * quiet, n + 2 * quiet), 255)
    for y in range(n):
        for x in range(n):
            if grid[y][x]:
                img.putpixel((x + quiet, y + quiet), 0)
    return img.resize((img.width * scale, img.height * scale), Image.NEAREST)


@pytest.mark.parametrize("mask", range(8))
def test_every_mask_reads_back(mask):
    for text in (TEXT, LONG, "A", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $", "%*+-./:", "A" * 39):
        assert decode(symbol(qrcode.matrix(text, mask))) == [text]
    # The device's quiet zone round a version 3 symbol: a module and a half.
    assert decode(symbol(qrcode.matrix(LONG, mask), scale=2, quiet=1)) == [LONG]


@pytest.mark.parametrize("text", [TEXT, LONG])
def test_the_chosen_mask_has_the_lowest_penalty(text):
    grid = qrcode.matrix(text)
    assert decode(symbol(grid)) == [text]
    assert qrcode.penalty(grid) == min(qrcode.penalty(qrcode.matrix(text, m)) for m in range(8))


def test_a_scratch_across_the_symbol_still_reads():
    # Level M: a smudge over a few codewords (a glare on the glass) is corrected.
    grid = qrcode.matrix(TEXT)
    n = qrcode.side(grid)
    for y in range(12, 15):
        for x in range(9, 17):
            grid[y][x] ^= 1
    assert decode(symbol(grid)) == [TEXT]


def test_text_that_does_not_fit_is_refused_and_the_smallest_version_is_taken():
    with pytest.raises(ValueError):
        qrcode.matrix("x")  # lower case is not in the alphanumeric set
    with pytest.raises(ValueError):
        qrcode.matrix("A" * 62)
    assert [qrcode.side(qrcode.matrix("A" * k)) for k in (1, 38, 39, 61)] == [25, 25, 29, 29]


@pytest.mark.parametrize("key", [b"", b"k", bytes(range(16)), bytes(range(64))])
def test_the_devices_hmac_is_hmac_sha256(key):
    for msg in (b"", b"abc", bytes(range(200))):
        assert resultcode.hmac_sha256(key, msg) == hmac.new(key, msg, hashlib.sha256).digest()


def test_base32_reads_back():
    for data in (bytes(15), bytes(range(15)), b"\xff" * 15):
        text = resultcode.base32(data)
        assert len(text) == 24 and codes.unbase32(codes.parse(text)[1]) == data


def test_the_tables_key_is_saved_with_the_match_and_a_bad_one_is_refused():
    from tanteador import matchdoc, matchload
    from tanteador.matchload import StateError
    from tanteador.matchoptions import PAIRS as TEAMS, MatchOptions

    o = MatchOptions(players=4, sides=TEAMS, names=["Ana", "Eva", "Luis", "Pau"], target=2)
    push = {"v": 1, "o": o.to_list(), "ev": [3, 2, "fiesta24"], "sk": "0f" * 16}
    m = matchload.from_push(push)
    assert m.sign == "0f" * 16
    m.record(0, (70, 50), 1000)
    d = matchdoc.to_dict(m)
    out = []
    matchdoc.dump(m, out.append)
    assert json.loads("".join(out)) == d and d["sk"] == "0f" * 16
    assert matchload.from_dict(d).sign == "0f" * 16
    assert "sk" not in matchdoc.to_dict(m.rematch())
    for bad in ("0f" * 15, "0F" * 16, "zz" * 16, 16, ["0f"]):
        with pytest.raises(StateError):
            matchload.from_dict(dict(d, sk=bad))
        with pytest.raises(StateError):
            matchload.from_push(dict(push, sk=bad))


# -- the whole path on a simulated device -----------------------------------------------


def evening(tmp_path, capsys, name="fiesta.db"):
    ev = tmp_path / name
    assert run(capsys, "event", "create", ev, "--name", "Fiesta", "--players", 4, "--target", 2)[0] == 0
    assert run(capsys, "event", "add", ev, *PAIRS)[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    return ev


def finish(capsys, ev, tbl, dev, hands="ab a"):
    """Push table ``tbl`` to the device of folder ``dev``, play it ('a': side A takes a hand
    70-50, 'b' side B), and open the result code; (board, app)."""
    rc, _, err = run(capsys, "event", "push", ev, "--table", tbl, "--flash", dev)
    assert rc == 0, err
    board, app = boot(dev)
    play(app, board, "OK")
    for h in hands.replace(" ", ""):
        hand(app, board, **({"ups": 10} if h == "a" else {"downs": 10}))
    show_code(app, board)
    return board, app


def scanned(board):
    texts = decode(frame_image(board, scale=3))
    assert len(texts) == 1 and texts[0].startswith("TT:")
    return texts[0]


def test_the_devices_frame_holds_the_signed_result_and_enter_records_it_as_pull_would(tmp_path, capsys):
    ev = evening(tmp_path, capsys)
    board, app = finish(capsys, ev, 1, tmp_path / "dev", "aba")
    text = scanned(board)
    key = event_of(ev).key
    assert text == "TT:%s:%s" % (key.upper(), resultcode.base32(resultcode.payload(app.stage.match)))
    code = text.split(":")[2]
    # The six groups of four on the glass are the code in the QR symbol.
    shown = " ".join(app.stage.texts)
    assert all(code[i:i + 4] in shown for i in range(0, 24, 4))

    pulled = tmp_path / "pulled.db"
    shutil.copy(ev, pulled)
    assert run(capsys, "event", "pull", pulled, "--from-dir", tmp_path / "dev")[0] == 0
    rc, out, err = run(capsys, "event", "enter", ev, code)
    assert rc == 0 and out == "recorded: table 1, round 1: Ana/Luis 2-1 Carla/Dani\n", err
    a, b = dump(ev), dump(pulled)
    assert a["result_sides"] == b["result_sides"] == [(1, 0, 0, 2, 190), (1, 1, 1, 1, 170)]
    assert a["result_players"] == b["result_players"]
    # The same code again is refused and changes nothing; so is the scanned text, in lower case, with O for 0.
    before = dump(ev)
    for again in (code, text, "-".join(code[i:i + 4] for i in range(0, 24, 4)).lower().replace("0", "o")):
        rc, out, err = run(capsys, "event", "enter", ev, again)
        assert rc == 1 and out == "" and err == ("tanteador event enter: table 1, round 1: Ana/Luis 2-1 Carla/Dani, "
                                                 "recorded before from this code; nothing changed\n"), err
    assert dump(ev) == before
    # The device pulled later by cable brings the same match: known, not a second result.
    rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", tmp_path / "dev")
    assert rc == 0 and "0 results recorded" in out and "1 recorded before" in out, out
    assert dump(ev)["results"] == before["results"]


def test_a_pulled_match_that_differs_from_the_entered_code_is_named(tmp_path, capsys):
    ev = evening(tmp_path, capsys)
    board, app = finish(capsys, ev, 1, tmp_path / "dev", "aa")
    assert run(capsys, "event", "enter", ev, scanned(board))[0] == 0
    # The same table played again on another device, the other way round: not the result entered.
    finish(capsys, ev, 1, tmp_path / "dev2", "bb")
    rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", tmp_path / "dev2")
    assert rc == 1 and "duplicated: table 1, round 1" in out, out


def test_a_forged_edited_mistyped_or_foreign_code_is_refused_and_changes_nothing(tmp_path, capsys):
    ev = evening(tmp_path, capsys)
    other = evening(tmp_path, capsys, "other.db")
    board, app = finish(capsys, ev, 2, tmp_path / "dev", "bb")
    text = scanned(board)
    code = text.split(":")[2]
    raw = codes.unbase32(codes.parse(code)[1])
    # Side A's 2 hands for side B's: the right layout, no signature to go with it.
    edited = resultcode.base32(bytes([raw[0] & 0xF0]) + raw[1:4] + bytes([2, 0]) + raw[6:])
    flipped = code[:-1] + ("A" if code[-1] != "A" else "B")
    before = dump(ev)
    for bad, says in ((edited, "does not carry this event's signature"),
                      (flipped, "does not carry this event's signature"),
                      (code[:20], "it has 20 characters"),
                      (code[:23] + "U", "U is not one of its characters"),
                      ("TT:0BAD0BAD:" + code, "another event")):
        rc, out, err = run(capsys, "event", "enter", ev, bad)
        assert rc != 0 and out == "" and says in err and err.count("\n") == 1, (bad, err)
    assert dump(ev) == before
    # A real code of another event (its own key, a table it also has) is not this event's.
    assert run(capsys, "event", "push", other, "--table", 2, "--flash", tmp_path / "dev-other")[0] == 0
    rc, _, err = run(capsys, "event", "enter", other, code)
    assert rc == 1 and "signature" in err
    rc, _, err = run(capsys, "event", "enter", other, text)
    assert rc == 1 and "another event" in err


def test_the_press_is_answered_with_the_typed_code_before_the_encoder_runs(tmp_path, capsys):
    ev = evening(tmp_path, capsys)
    assert run(capsys, "event", "push", ev, "--table", 1, "--flash", tmp_path / "dev")[0] == 0
    board, app = boot(tmp_path / "dev")
    play(app, board, "OK")
    hand(app, board, ups=10)
    hand(app, board, ups=10)
    frames = []
    show = board.show

    def shown():
        frames.append((app.stage.screen.NAME, getattr(app.stage.screen, "grid", None) is not None, " ".join(app.stage.texts)))
        show()

    board.show = shown
    play(app, board, "DOWN; DOWN; OK")
    codes_frames = [f for f in frames if f[0] == "resultqr"]
    # The first frame of the screen has the code to type and no symbol yet; the next one has both.
    assert codes_frames[0][1] is False and codes_frames[-1][1] is True
    code = resultcode.base32(resultcode.payload(app.stage.match))
    assert code[:4] in codes_frames[0][2]
    assert decode(frame_image(board)) == [resultcode.qr_text(app.stage.match)]
    # The app keeps its journal open: closed here, not left to the collector (a warning in a later test).
    app.stage.store.close()


def test_a_code_for_an_event_that_pushed_no_key_changes_nothing(tmp_path, capsys):
    ev = evening(tmp_path, capsys)
    other = evening(tmp_path, capsys, "other.db")
    board, _ = finish(capsys, other, 1, tmp_path / "dev", "aa")
    before = dump(ev)
    rc, _, err = run(capsys, "event", "enter", ev, scanned(board).split(":")[2])
    assert rc == 1 and "pushed no table its key yet" in err
    assert dump(ev) == before


def test_a_table_with_a_result_keeps_it(tmp_path, capsys):
    ev = evening(tmp_path, capsys)
    assert run(capsys, "event", "correct", ev, "--round", 1, "--table", 1, "--winner", "Ana/Luis",
               "--hands", "2-0", "--points", "140-100")[0] == 0
    board, _ = finish(capsys, ev, 1, tmp_path / "dev", "bb")
    before = dump(ev)
    rc, out, err = run(capsys, "event", "enter", ev, scanned(board))
    assert rc == 1 and "has a result already (by hand)" in err
    assert dump(ev) == before


def test_the_code_survives_a_restart_and_a_match_without_a_key_offers_none(tmp_path, capsys):
    ev = evening(tmp_path, capsys)
    board, app = finish(capsys, ev, 3, tmp_path / "dev", "aa")
    first = scanned(board)
    board, app = reboot(board)
    assert app.stage.screen.NAME == "matchend"
    show_code(app, board)
    assert scanned(board) == first
    # A push of an earlier version (no key): the match end goes round two choices.
    doc = json.loads((tmp_path / "dev" / "state.json").read_text())["m"]
    push = {"v": 1, "o": doc["o"], "ev": doc["ev"]}
    (tmp_path / "dev" / "event.json").write_text(json.dumps(push))
    board, app = boot(tmp_path / "dev")
    play(app, board, "OK")
    hand(app, board, ups=10)
    hand(app, board, ups=10)
    assert app.stage.screen.NAME == "matchend"
    play(app, board, "DOWN; DOWN")
    assert app.stage.screen.sel == 0


# From the pushed notice: two hands to side A, the match over.
PAIRS_MATCH = "OK; DOWN; OK; UP x10; OK; DOWN; OK; UP x10; OK"
MP_CODE = """
import gc, json
from binascii import hexlify
from hostboard import HostBoard
from script import Player, parse
from tanteador.app import App
b = HostBoard(%r)
app = App(b, 0)
app.poll(0)
pl = Player(app, b)
pl.play(parse(%r))
gc.collect()
free = gc.mem_free()
pl.play(parse("DOWN; DOWN; OK"))
gc.collect()
m = app.stage.match
shown = {"scr": app.stage.screen.NAME, "frame": hexlify(b.frame).decode(), "free_before": free,
         "free_after": gc.mem_free(), "figures": [m.winner, m.won, m.totals]}
pl.play(parse("BACK; DOWN; OK"))
import sys
shown["rematch"] = [app.stage.match.event, app.stage.match.sign, "tanteador.qrcode" in sys.modules]
print(json.dumps(shown))
print(json.dumps({"k": "end"}))
"""


@pytest.mark.micropython
def test_the_code_is_made_on_micropython_at_a_picos_heap(tmp_path, capsys, mpy_tree):
    ev = evening(tmp_path, capsys)
    dev = tmp_path / "dev"
    assert run(capsys, "event", "push", ev, "--table", 4, "--flash", dev)[0] == 0
    rc, out, err = mplane.run_code(MP_CODE % (str(dev), PAIRS_MATCH), "mp", heapsize="190K",
                                   pythonpath=[mpy_tree, mplane.DEVICE])
    res, noise = mplane.parse(out)
    assert rc == 0 and res and res[-1] == {"k": "end"}, err + "\n".join(noise)
    r = res[0]
    assert r["scr"] == "resultqr"
    # A rematch is not the event's, and the encoder has left the heap.
    assert r["rematch"] == [[], "", False]
    from host_tools.support import render

    texts = decode(render.to_image(bytes.fromhex(r["frame"]), scale=3))
    assert len(texts) == 1
    rc, out, err = run(capsys, "event", "enter", ev, texts[0])
    assert rc == 0 and out == "recorded: table 4, round 1: Tom/Rita 2-0 Marta/Raúl\n", err
    print("heap free at the match end: %d bytes; with the code shown: %d" % (r["free_before"], r["free_after"]))


def test_a_code_from_a_table_whose_names_were_shortened_is_recorded(tmp_path, capsys):
    # Full names longer than the device's: the device shows, and the code carries, the short forms.
    ev = tmp_path / "long.db"
    assert run(capsys, "event", "create", ev, "--name", "Fiesta", "--players", 4, "--target", 2)[0] == 0
    assert run(capsys, "event", "add", ev, "María José Fernández/Luis Pérez", "Eva Martí/Pau Soler")[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    board, app = finish(capsys, ev, 1, tmp_path / "dev", "aa")
    assert "María F." in app.stage.match.options.names
    rc, out, err = run(capsys, "event", "enter", ev, scanned(board).split(":")[2])
    assert rc == 0 and out.startswith("recorded: table 1, round 1: "), err
    players = {p for _, _, _, p in dump(ev)["result_players"]}
    assert len(players) == 4


def test_a_code_entered_after_its_device_was_pulled_is_known_in_either_order(tmp_path, capsys):
    ev = evening(tmp_path, capsys)
    board, _ = finish(capsys, ev, 1, tmp_path / "dev", "aba")
    assert run(capsys, "event", "pull", ev, "--from-dir", tmp_path / "dev")[0] == 0
    before = dump(ev)
    rc, out, err = run(capsys, "event", "enter", ev, scanned(board))
    assert rc == 1 and "recorded before (" in err and "has a result already" not in err, err
    assert dump(ev) == before



# -- tables of three and of chiamata: format 2 ---------------------------------------------

FIVE = ["Ana", "Eva", "Jo", "Tom", "Lía"]


def seats_evening(tmp_path, capsys, players, target):
    """An event of one table of ``players`` alone (three, or five at chiamata), round 1 paired."""
    ev = tmp_path / "seats.db"
    goal = ["--goal", "hands"] if players == 5 else []
    assert run(capsys, "event", "create", ev, "--name", "Fiesta", "--players", players, "--target", target,
               *goal)[0] == 0
    assert run(capsys, "event", "add", ev, *FIVE[:players])[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    return ev


def pushed_and_booted(capsys, ev, dev):
    assert run(capsys, "event", "push", ev, "--table", 1, "--flash", dev)[0] == 0
    board, app = boot(dev)
    play(app, board, "OK")
    return board, app


def entered_as_pulled(capsys, tmp_path, ev, dev, text):
    """Enter ``text`` into the event, and pull the device into a copy of the event as it was:
    the two record the same result (sides, places, hands, points, players); the rows."""
    pulled = tmp_path / "pulled.db"
    shutil.copy(ev, pulled)
    rc, out, err = run(capsys, "event", "pull", pulled, "--from-dir", dev)
    assert rc == 0 and "1 result recorded" in out, out + err
    rc, out, err = run(capsys, "event", "enter", ev, text)
    assert rc == 0 and out.startswith("recorded: table 1, round 1: "), err
    a, b = dump(ev), dump(pulled)
    assert a["result_sides"] == b["result_sides"] and a["result_players"] == b["result_players"]
    return a


def on_glass(app, code):
    """Whether the groups of four of ``code`` are on the screen, in order."""
    return " ".join(code[i:i + 4] for i in range(0, len(code), 4)) in " ".join(app.stage.texts)


def test_a_table_of_three_offers_its_signed_result_and_enter_records_it_as_pull_would(tmp_path, capsys):
    ev = seats_evening(tmp_path, capsys, 3, 2)
    dev = tmp_path / "dev"
    board, app = pushed_and_booted(capsys, ev, dev)
    for ups in (30, 25):
        play(app, board, "DOWN; OK; UP x%d" % ups)
        for _ in range(3):                       # one field a player, then the count
            if app.stage.screen.NAME != "entry":
                break
            play(app, board, "OK")
    m = app.stage.match
    assert m.over and m.nsides == 3
    show_code(app, board)
    text = scanned(board)
    code = text.split(":")[2]
    assert code[0] == "4" and text == resultcode.qr_text(m) and on_glass(app, code)
    rows = entered_as_pulled(capsys, tmp_path, ev, dev, text)
    assert [r[3:] for r in rows["result_sides"]] == [(m.won[k], m.totals[k]) for k in range(3)]


def test_a_chiamata_table_signs_every_players_score_and_enter_records_it_as_pull_would(tmp_path, capsys):
    ev = seats_evening(tmp_path, capsys, 5, 3)
    dev = tmp_path / "dev"
    board, app = pushed_and_booted(capsys, ev, dev)
    for caller, made in ((1, True), (3, False), (1, True)):
        call_hand(app, board, caller, made)
    m = app.stage.match
    assert m.over and m.winner == 1 and min(m.totals) < 0
    show_code(app, board)
    text = scanned(board)
    code = text.split(":")[2]
    assert text == resultcode.qr_text(m) and on_glass(app, code)
    rows = entered_as_pulled(capsys, tmp_path, ev, dev, code.lower())
    # The scores as the device counted them, negative ones too, and the winner first.
    places = sorted(set(m.totals), reverse=True)
    assert [r[2:] for r in rows["result_sides"]] == [(places.index(t), w, t) for w, t in zip(m.won, m.totals)]
    # The device pulled by cable later brings the same match: recorded before, not a second result.
    rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", dev)
    assert rc == 0 and "0 results recorded" in out and "1 recorded before" in out, out


def test_an_edited_cut_or_misplaced_table_code_is_refused_and_changes_nothing(tmp_path, capsys):
    ev = seats_evening(tmp_path, capsys, 5, 1)
    board, app = pushed_and_booted(capsys, ev, tmp_path / "dev")
    call_hand(app, board, 2)
    show_code(app, board)
    code = scanned(board).split(":")[2]
    _, winner, _, _, hands, points, data, _ = codes.read_seats(code)
    assert winner == 2 and list(hands) == app.stage.match.won and list(points) == app.stage.match.totals
    # One character a number (the format, 4 of the table's, 2 a player's): the winner's +2 made +3,
    # a figure of the same length, no signature to go with it.
    assert len(data) == 1 + 4 + 2 * 5
    k = 1 + 4 + 2 * 2 + 1
    edited = code[:k] + resultcode.ALPHABET[resultcode.ALPHABET.index(code[k]) + 2] + code[k + 1:]
    assert codes.read_seats(edited)[5][2] == 3
    # Two sides' figures where the event has a table of five: a code of its format 1 shape.
    pairs = resultcode.base32(bytes([0x10, 1, 0, 1, 2, 0, 0, 140, 0, 100]) + bytes(5))
    before = dump(ev)
    for bad, says in ((edited, "does not carry this event's signature"),
                      (code[:-1], "it has %d characters, and a code of its figures %d" % (len(code) - 1, len(code))),
                      (code + "0", "one left out or one too many"),
                      ("4" + code[2:], "one left out or one too many"),
                      (pairs, "names 2 sides at table 1, round 1, which has 5"),
                      ("6" + code[1:], "not a result code this version reads (format 3)")):
        rc, out, err = run(capsys, "event", "enter", ev, bad)
        assert rc != 0 and out == "" and says in err and err.count("\n") == 1, (bad, err)
    assert dump(ev) == before


def test_a_long_chiamata_code_takes_a_version_3_symbol_and_five_rows(tmp_path):
    # The highest scores a setup allows, cappotto every hand: three characters a score.
    from tanteador.matchoptions import CALL_MAX, CHIAMATA, GOAL_HANDS, MatchOptions

    o = MatchOptions(players=5, sides=CHIAMATA, goal=GOAL_HANDS, target=5, names=FIVE, call=list(CALL_MAX))
    push = {"v": 1, "o": o.to_list(), "ev": [12, 7, "fiesta24"], "sk": "5a" * 16}
    (tmp_path / "event.json").write_text(json.dumps(push))
    board, app = boot(tmp_path)
    play(app, board, "OK")
    for _ in range(5):
        call_hand(app, board, 0, cappotto=True)
    m = app.stage.match
    assert m.over and min(abs(t) for t in m.totals) > 127
    show_code(app, board)
    code = resultcode.typed(m)
    assert len(code) > 32 and len(resultcode.qr_text(m)) > 38
    assert scanned(board) == resultcode.qr_text(m)
    # Five rows of two groups: no room for the table's label, every group on the glass.
    assert on_glass(app, code) and "T12 R7" not in app.stage.texts
    assert codes.read_seats(code)[:6] == (5, m.winner, 7, 12, tuple(m.won), tuple(m.totals))


@pytest.mark.micropython
def test_a_chiamata_code_in_a_version_3_symbol_is_made_on_micropython_at_a_picos_heap(tmp_path, mpy_tree):
    # The highest scores of a setup in one hand of cappotto: two characters a score, a version 3 symbol.
    from tanteador.matchoptions import CALL_MAX, CHIAMATA, GOAL_HANDS, MatchOptions

    o = MatchOptions(players=5, sides=CHIAMATA, goal=GOAL_HANDS, target=1, names=FIVE, call=list(CALL_MAX))
    key = "5a" * 16
    (tmp_path / "event.json").write_text(json.dumps({"v": 1, "o": o.to_list(), "ev": [3, 2, "fiesta24"], "sk": key}))
    # From the notice: oros, the caller who opens the auction, bid 61, the partner after them, all 120 points.
    script = "OK; DOWN; OK; OK; OK; OK; long UP x6; OK"
    rc, out, err = mplane.run_code(MP_CODE % (str(tmp_path), script), "mp", heapsize="190K",
                                   pythonpath=[mpy_tree, mplane.DEVICE])
    res, noise = mplane.parse(out)
    assert rc == 0 and res and res[-1] == {"k": "end"}, err + "\n".join(noise)
    r = res[0]
    assert r["scr"] == "resultqr" and r["rematch"] == [[], "", False]
    from host_tools.support import render

    [text] = decode(render.to_image(bytes.fromhex(r["frame"]), scale=3))
    assert len(text) > 38 and text.startswith("TT:FIESTA24:")
    code = text.split(":")[2]
    n, winner, rnd, tbl, won, totals, data, tag = codes.read_seats(code)
    assert (n, rnd, tbl) == (5, 2, 3) and [winner, list(won), list(totals)] == r["figures"]
    assert sorted(totals) == [-36, -36, -36, 52, 56]
    assert tag == hmac.new(bytes.fromhex(key), b"fiesta24" + data.encode(), hashlib.sha256).digest()[:5]
    print("heap free at the match end: %d bytes; with the version 3 code shown: %d"
          % (r["free_before"], r["free_after"]))
