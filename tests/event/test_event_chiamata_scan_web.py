"""A Briscola chiamata evening of ten players entered only by scanning: two tables of five a
round, each match played on the firmware (the real app, button by button), its result code's
frame filmed by Chromium's fake camera, read by the phone page and posted to `event serve`;
the standings checked against a count of the calls played, made here from the rules."""

import csv

import pytest

from app_helpers import boot, play
from event_helpers import call_hand, event_of, run
from qrkit import frame_image, show_code
from servekit import Server, get
from tanteador import resultcode
from test_event_scan_web import scan, y4m

pytestmark = [pytest.mark.web, pytest.mark.slow]

TEN = ["Ana", "Eva", "Jo", "Tom", "Lía", "Noa", "Sam", "Iker", "Rosa", "Pau"]
HANDS = 6
ROUNDS = 3


def calls(rnd, tbl):
    """The hands table ``tbl`` plays in round ``rnd``, each (caller's seat, made, cappotto):
    table 1 small scores, table 2 cappotti, whose code needs a version 3 symbol."""
    c = (rnd + tbl) % 5

    def seat(k):
        return (c + k) % 5

    if tbl == 1:
        return [(c, True, False), (seat(2), False, False), (c, True, False), (seat(2), True, False),
                (seat(3), False, False), (c, True, False)]
    return [(c, True, True)] * 5 + [(seat(2), False, True)]


def count(names, played):
    """{name: (score, hands won)} of a table from its calls ``played`` ((caller, partner, made,
    cappotto) by seat): the caller's side makes the bid, caller +2, partner +1, each defender -1;
    it falls short, the other way round; a cappotto doubles it. A hand is won with a gain."""
    score = dict.fromkeys(names, 0)
    won = dict.fromkeys(names, 0)
    for caller, partner, made, cappotto in played:
        sign = (1 if made else -1) * (2 if cappotto else 1)
        for seat, name in enumerate(names):
            v = sign * (2 if seat == caller else 1 if seat == partner else -1)
            score[name] += v
            won[name] += v > 0
    return {n: (score[n], won[n]) for n in names}


def played_table(capsys, ev, rnd, tbl, dev):
    """Push the table to its device, play its calls, open its result code: (the frame as a picture,
    the seats' names, the calls as played, the QR text's length)."""
    assert run(capsys, "event", "push", ev, "--table", tbl, "--flash", dev)[0] == 0
    board, app = boot(dev)
    names = list(app.stage.match.options.names)
    play(app, board, "OK")
    done = []
    for caller, made, cappotto in calls(rnd, tbl):
        c, partner = call_hand(app, board, caller, made, cappotto)
        # The entry's partner is the seat after the caller.
        assert partner == (c + 1) % 5
        done.append((c, partner, made, cappotto))
    assert app.stage.screen.NAME == "matchend"
    show_code(app, board)
    return frame_image(board, scale=4), names, done, len(resultcode.qr_text(app.stage.match))


def test_a_chiamata_evening_of_ten_entered_only_by_scanning_the_devices(tmp_path, capsys):
    ev = tmp_path / "chiamata.db"
    assert run(capsys, "event", "create", ev, "--name", "Chiamata", "--players", 5, "--goal", "hands",
               "--target", HANDS, "--rounds", ROUNDS)[0] == 0
    assert run(capsys, "event", "add", ev, *TEN)[0] == 0
    server = Server(ev)
    tables = []
    lengths = []
    try:
        for rnd in range(1, ROUNDS + 1):
            assert run(capsys, "event", "pair", ev)[0] == 0
            e = event_of(ev)
            want = [[e.entry_label(x) for x in p.sides] for p in e.pairings(rnd)]
            e.close()
            assert sorted(len(t) for t in want) == [5, 5]
            frames = []
            for tbl in (1, 2):
                img, names, done, n = played_table(capsys, ev, rnd, tbl, tmp_path / ("dev%d" % tbl))
                assert names == want[tbl - 1]
                frames.append(img)
                tables.append(count(names, done))
                lengths.append(n)
            lines = scan(server.url, y4m(frames, tmp_path / ("round%d.y4m" % rnd)), 2)
            assert sorted(line.split(",")[0] for line in lines) == ["recorded: table 1", "recorded: table 2"], lines
        wall = get(server.url + "standings")
        assert "%d results in" % (2 * ROUNDS) in wall
    finally:
        server.stop()
    # Both shapes of symbol were filmed: version 2 (38 characters at most) and version 3.
    assert min(lengths) <= 38 < max(lengths)
    # The count: a table's winner has the one highest score; points +/- is the score against
    # the other four's, hands +/- the hands won against theirs; Buchholz the mean win of the
    # four met, round by round.
    wins = dict.fromkeys(TEN, 0)
    diff = dict.fromkeys(TEN, 0)
    hands = dict.fromkeys(TEN, 0)
    for t in tables:
        top = max(s for s, _ in t.values())
        assert [s for s, _ in t.values()].count(top) == 1
        for name, (s, w) in t.items():
            wins[name] += s == top
            diff[name] += 4 * s - sum(o for n, (o, _) in t.items() if n != name)
            hands[name] += 4 * w - sum(o for n, (_, o) in t.items() if n != name)
    buchholz = dict.fromkeys(TEN, 0.0)
    for t in tables:
        for name in t:
            buchholz[name] += sum(wins[o] for o in t if o != name) / 4
    assert run(capsys, "event", "standings", ev, "--out", tmp_path / "web")[0] == 0
    rows = list(csv.DictReader((tmp_path / "web" / "standings.csv").open(encoding="utf-8")))
    col = {k.split(": ")[-1]: k for k in rows[0]}
    assert sorted(r["name"] for r in rows) == sorted(TEN)
    for r in rows:
        name = r["name"]
        assert int(r["played"]) == ROUNDS and float(r["wins"]) == wins[name], r
        assert int(r[col["points"]]) == diff[name] and int(r[col["hands"]]) == hands[name], r
        assert float(r[col["buchholz"]]) == pytest.approx(buchholz[name]), r
        assert name in wall
