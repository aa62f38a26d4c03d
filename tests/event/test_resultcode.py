"""Results without cables: the device's QR code and typed code, and `event enter`.

The QR code is read off the device's real frame (the host board's frame
buffer as a picture) by zxing; a typed code is checked with the event's key
and recorded as `event pull` records the same match.
"""

import hashlib
import hmac
import json
import shutil

import pytest

from app_helpers import boot, hand, play, reboot
from event_helpers import PAIRS, dump, event_of, run
from host_tools.commands.event import codes
from host_tools.harness import mplane
from PIL import Image
from qrkit import decode, frame_image, show_code
from tanteador import qrcode, resultcode

TEXT = "TT:943BEAE6:200G00820008R034QC13VZQ2"


def symbol(grid, scale=4, quiet=4):
    """A QR matrix as a black-on-white picture with a quiet zone."""
    n = qrcode.SIZE
    img = Image.new("L", (n + 2 * quiet, n + 2 * quiet), 255)
    for y in range(n):
        for x in range(n):
            if grid[y * n + x]:
                img.putpixel((x + quiet, y + quiet), 0)
    return img.resize((img.width * scale, img.height * scale), Image.NEAREST)


@pytest.mark.parametrize("mask", range(8))
def test_every_mask_reads_back(mask):
    for text in (TEXT, "A", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $", "%*+-./:"):
        assert decode(symbol(qrcode.matrix(text, mask))) == [text]


def test_the_chosen_mask_has_the_lowest_penalty():
    grid = qrcode.matrix(TEXT)
    assert decode(symbol(grid)) == [TEXT]
    assert qrcode.penalty(grid) == min(qrcode.penalty(qrcode.matrix(TEXT, m)) for m in range(8))


def test_a_scratch_across_the_symbol_still_reads():
    # Level M: a smudge over a few codewords (a glare on the glass) is corrected.
    grid = qrcode.matrix(TEXT)
    n = qrcode.SIZE
    for y in range(12, 15):
        for x in range(9, 17):
            grid[y * n + x] ^= 1
    assert decode(symbol(grid)) == [TEXT]


def test_text_that_does_not_fit_is_refused():
    with pytest.raises(ValueError):
        qrcode.matrix("x")  # lower case is not in the alphanumeric set
    with pytest.raises(ValueError):
        qrcode.matrix("A" * 39)


@pytest.mark.parametrize("key", [b"", b"k", bytes(range(16)), bytes(range(64))])
def test_the_devices_hmac_is_hmac_sha256(key):
    for msg in (b"", b"abc", bytes(range(200))):
        assert resultcode.hmac_sha256(key, msg) == hmac.new(key, msg, hashlib.sha256).digest()


def test_base32_reads_back():
    for data in (bytes(15), bytes(range(15)), b"\xff" * 15):
        text = resultcode.base32(data)
        assert len(text) == 24 and codes.parse(text)[1] == data


def test_the_tables_key_is_saved_with_the_match_and_a_bad_one_is_refused():
    from tanteador import matchdoc
    from tanteador.matchdoc import StateError
    from tanteador.matchoptions import PAIRS as TEAMS, MatchOptions

    o = MatchOptions(players=4, sides=TEAMS, names=["Ana", "Eva", "Luis", "Pau"], target=2)
    push = {"v": 1, "o": o.to_list(), "ev": [3, 2, "fiesta24"], "sk": "0f" * 16}
    m = matchdoc.from_push(push)
    assert m.sign == "0f" * 16
    m.record(0, (70, 50), 1000)
    d = matchdoc.to_dict(m)
    out = []
    matchdoc.dump(m, out.append)
    assert json.loads("".join(out)) == d and d["sk"] == "0f" * 16
    assert matchdoc.from_dict(d).sign == "0f" * 16
    assert "sk" not in matchdoc.to_dict(m.rematch())
    for bad in ("0f" * 15, "0F" * 16, "zz" * 16, 16, ["0f"]):
        with pytest.raises(StateError):
            matchdoc.from_dict(dict(d, sk=bad))
        with pytest.raises(StateError):
            matchdoc.from_push(dict(push, sk=bad))


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
    raw = codes.parse(code)[1]
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
pl.play(parse("OK; DOWN; OK; UP x10; OK; DOWN; OK; UP x10; OK"))
gc.collect()
free = gc.mem_free()
pl.play(parse("DOWN; DOWN; OK"))
gc.collect()
shown = {"scr": app.stage.screen.NAME, "frame": hexlify(b.frame).decode(), "free_before": free,
         "free_after": gc.mem_free()}
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
    rc, out, err = mplane.run_code(MP_CODE % str(dev), "mp", heapsize="190K", pythonpath=[mpy_tree, mplane.DEVICE])
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


def test_a_table_of_three_sides_offers_no_code_its_two_numbers_could_not_carry(tmp_path):
    # The code carries two sides' hands and points: a table of three players alone has none to show.
    from tanteador.matchoptions import MatchOptions

    o = MatchOptions(players=3, target=1)
    push = {"v": 1, "o": o.to_list(), "ev": [1, 1, "fiesta24"], "sk": "00" * 16}
    (tmp_path / "event.json").write_text(json.dumps(push))
    board, app = boot(tmp_path)
    play(app, board, "OK")
    assert app.stage.match.sign
    play(app, board, "DOWN; OK; UP x30")
    for _ in range(4):                           # one field a player, then the count
        if app.stage.screen.NAME != "entry":
            break
        play(app, board, "OK")
    assert app.stage.screen.NAME == "matchend" and app.stage.match.over
    play(app, board, "DOWN; DOWN")
    assert app.stage.screen.sel == 0             # two choices round: Rematch, New match
