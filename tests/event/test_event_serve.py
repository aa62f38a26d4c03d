"""`tanteador event serve`: results posted by phones, the wall screen, a server killed mid-evening,
and the whole evening in a headless Chromium whose camera films the devices' real frames."""

import http.client
import socket
import threading
import time

import pytest

from app_helpers import boot, hand, play
from event_helpers import PAIRS, dump, event_of, run
from qrkit import decode, frame_image, show_code
from servekit import Server, device_code, get, post


def evening(tmp_path, capsys, pairs=PAIRS):
    ev = tmp_path / "fiesta.db"
    assert run(capsys, "event", "create", ev, "--name", "Fiesta", "--players", 4, "--target", 2)[0] == 0
    assert run(capsys, "event", "add", ev, *pairs)[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    return ev


def played(capsys, ev, tbl, dev, hands):
    """Push table ``tbl`` to a simulated device, play ``hands`` ('a' side A takes a hand 70-50,
    'b' side B) and open its result code; the host board, showing it."""
    assert run(capsys, "event", "push", ev, "--table", tbl, "--flash", dev)[0] == 0
    board, app = boot(dev)
    play(app, board, "OK")
    for h in hands:
        hand(app, board, **({"ups": 10} if h == "a" else {"downs": 10}))
    show_code(app, board)
    return board


def test_a_scanned_code_is_recorded_once_and_a_forged_one_changes_nothing(tmp_path, capsys):
    ev = evening(tmp_path, capsys)
    [text] = decode(frame_image(played(capsys, ev, 2, tmp_path / "dev", "bab")))
    server = Server(ev)
    try:
        assert server.lines[0] == "Fiesta: listening on 127.0.0.1 port %d\n" % server.port
        assert "scan" in get(server.url).lower() and "jsQR" in get(server.url + "jsQR.js")
        status, answer = post(server.url, text)
        assert status == 200 and answer == {"line": "recorded: table 2, round 1: Eva/Pau 1-2 Lía/Sam"}
        before = dump(ev)
        status, answer = post(server.url, text)
        assert status == 200 and answer["line"].startswith("known: table 2, round 1")
        forged = text[:-1] + ("A" if text[-1] != "A" else "B")
        status, answer = post(server.url, forged)
        assert status == 422 and "signature" in answer["error"]
        status, answer = post(server.url, 42)
        assert status == 400
        assert dump(ev) == before
        wall = get(server.url + "standings")
        assert 'http-equiv="refresh"' in wall and "1 results in" in wall and "Lía/Sam" in wall
    finally:
        server.stop()
    rc, out, _ = run(capsys, "event", "show", ev)
    assert "round 1, table 2: Eva/Pau 1-2 Lía/Sam, Lía/Sam wins, points 170-190 (code scanned)" in out


def test_a_server_that_cannot_start_says_why_in_one_line(tmp_path, capsys):
    ev = evening(tmp_path, capsys)
    before = dump(ev)
    rc, _, err = run(capsys, "event", "serve", ev, "--port", 70000)
    assert rc == 2 and "--port 70000" in err and err.count("\n") == 1
    rc, _, err = run(capsys, "event", "serve", ev, "--cert", tmp_path / "c.pem")
    assert rc == 2 and "--cert and --key together" in err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        rc, out, err = run(capsys, "event", "serve", ev, "--host", "127.0.0.1", "--port", taken.getsockname()[1])
    assert rc == 1 and "cannot listen on 127.0.0.1 port" in err and out == ""
    assert dump(ev)["results"] == before["results"]


def test_a_knockout_code_without_a_winner_is_refused(tmp_path, capsys):
    ev = tmp_path / "cup.db"
    assert run(capsys, "event", "create", ev, "--name", "Copa", "--format", "knockout", "--players", 4,
               "--goal", "hands", "--target", 2)[0] == 0
    assert run(capsys, "event", "add", ev, *PAIRS[:4])[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    before = dump(ev)
    rc, _, err = run(capsys, "event", "enter", ev, device_code(ev, 1, 1, (1, 1), (120, 120)))
    assert rc == 1 and "a knockout table needs one" in err
    assert dump(ev)["results"] == before["results"]
    rc, out, _ = run(capsys, "event", "enter", ev, device_code(ev, 1, 1, (2, 0), (150, 90)))
    assert rc == 0 and out.startswith("recorded: table 1, round 1")


@pytest.mark.slow
def test_forty_tables_post_at_once_through_a_server_killed_mid_run(tmp_path, capsys):
    pairs = ["%s/%s" % ("Ana" + "abcdefghij"[k // 10] + "abcdefghij"[k % 10],
                        "Luis" + "abcdefghij"[k // 10] + "abcdefghij"[k % 10]) for k in range(80)]
    ev = evening(tmp_path, capsys, pairs)
    codes = [device_code(ev, 1, t, (2, t % 2), (140 + t % 2 * 50, 100 + t % 2 * 70)) for t in range(1, 41)]
    server = Server(ev)
    url, port = server.url, server.port
    answers = {}
    refused = []

    def phone(t):
        # A phone posts until it has an answer, as the page does.
        while True:
            try:
                status, answer = post(url, codes[t - 1], timeout=20)
            except (OSError, http.client.HTTPException, ValueError):
                # No answer, or half of one (the server died writing it): post again.
                time.sleep(0.2)
                continue
            if status != 200:
                refused.append((t, answer))
            answers[t] = answer.get("line")
            return

    phones = [threading.Thread(target=phone, args=(t,)) for t in range(1, 41)]
    for p in phones:
        p.start()
    while not answers:
        time.sleep(0.005)
    server.kill()
    at_kill = len(answers)
    server = Server(ev, port)
    try:
        for p in phones:
            p.join(120)
        assert not refused and len(answers) == 40
        print("answered before the kill: %d of 40" % at_kill)
        assert at_kill < 40
        for t, line in answers.items():
            assert line.startswith(("recorded: table %d, round 1" % t, "known: table %d, round 1" % t)), line
        e = event_of(ev)
        try:
            results = e.results()
            assert sorted(r.pairing for r in results) == sorted(p.id for p in e.pairings(1))
        finally:
            e.close()
        assert len(dump(ev)["results"]) == 40
        for code in codes:
            assert post(url, code)[1]["line"].startswith("known: ")
    finally:
        server.stop()
