"""The whole evening in a headless Chromium: its camera (Chromium's fake capture device)
films the devices' real frames, the phone page reads them and posts them to `event serve`,
and the standings match a hand count; a code typed into the same page where there is no camera."""

import csv

import pytest

from event_helpers import PAIRS, run, tables
from PIL import Image
from qrkit import decode, frame_image
from servekit import Server, get
from test_event_serve import played
from test_event_tournament import outcome, tally
from webdrive import chromium

pytestmark = [pytest.mark.web, pytest.mark.slow]

# The camera's picture: a phone held over the device, the glass in the middle.
W, H = 640, 480
FPS = 5


def y4m(frames, path, seconds=2):
    """A Y4M video (4:2:0) that shows each picture for ``seconds`` in turn: what Chromium's fake camera plays."""
    with open(path, "wb") as f:
        f.write(b"YUV4MPEG2 W%d H%d F%d:1 Ip A1:1 C420jpeg\n" % (W, H, FPS))
        for img in frames:
            shot = Image.new("RGB", (W, H), (40, 40, 40))
            shot.paste(img, ((W - img.width) // 2, (H - img.height) // 2))
            y, cb, cr = shot.convert("YCbCr").split()
            planes = y.tobytes() + cb.resize((W // 2, H // 2)).tobytes() + cr.resize((W // 2, H // 2)).tobytes()
            for _ in range(seconds * FPS):
                f.write(b"FRAME\n" + planes)
    return path


def scan(url, video, want):
    """Open the phone page in a Chromium whose camera plays ``video``; the page's log
    lines once ``want`` of them are there."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), args=[
            "--no-sandbox", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
            "--use-file-for-fake-video-capture=%s" % video])
        try:
            page = b.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            page.wait_for_function("(n) => document.querySelectorAll('#log li').length >= n", arg=want,
                                   timeout=60000)
            assert not errors, errors
            return page.eval_on_selector_all("#log li", "(li) => li.map((x) => x.textContent)")
        finally:
            b.close()


def test_an_evening_entered_only_by_scanning_the_devices(tmp_path, capsys):
    ev = tmp_path / "fiesta.db"
    assert run(capsys, "event", "create", ev, "--name", "Fiesta", "--players", 4, "--target", 2)[0] == 0
    assert run(capsys, "event", "add", ev, *PAIRS)[0] == 0
    server = Server(ev)
    games = []
    try:
        for rnd in (1, 2, 3):
            assert run(capsys, "event", "pair", ev)[0] == 0
            frames = []
            for tbl, (a, b) in sorted(tables(ev, rnd).items()):
                hands = outcome(rnd, tbl, a, b)
                board = played(capsys, ev, tbl, tmp_path / ("dev%d" % tbl), hands)
                frames.append(frame_image(board, scale=4))
                games.append((a, b, hands))
            lines = scan(server.url, y4m(frames, tmp_path / ("round%d.y4m" % rnd)), 4)
            assert sorted(line.split(":")[0] for line in lines) == ["recorded"] * 4, lines
            assert sorted(line.split(",")[0] for line in lines) == ["recorded: table %d" % t for t in (1, 2, 3, 4)]
        wall = get(server.url + "standings")
        assert "12 results in" in wall
    finally:
        server.stop()
    assert run(capsys, "event", "standings", ev, "--out", tmp_path / "web")[0] == 0
    t = tally(games)
    rows = list(csv.DictReader((tmp_path / "web" / "standings.csv").open(encoding="utf-8")))
    assert len(rows) == 8
    # The tie-breaks' columns are named with their rank: "tie-break 1: buchholz".
    col = {k.split(": ")[-1]: k for k in rows[0]}
    for r in rows:
        wins, diff, opps = t[r["name"]]
        assert float(r["wins"]) == wins and int(r[col["points"]]) == diff and int(r["played"]) == 3
        assert float(r[col["buchholz"]]) == sum(t[o][0] for o in opps)
        assert r["name"] in wall


def test_a_code_typed_into_the_phone_page_is_recorded_and_a_wrong_one_named(tmp_path, capsys):
    from playwright.sync_api import sync_playwright

    ev = tmp_path / "fiesta.db"
    assert run(capsys, "event", "create", ev, "--name", "Fiesta", "--players", 4, "--target", 2)[0] == 0
    assert run(capsys, "event", "add", ev, *PAIRS)[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    board = played(capsys, ev, 3, tmp_path / "dev", "aa")
    code = decode(frame_image(board))[0].split(":")[2]
    typed = "-".join(code[i:i + 4] for i in range(0, 24, 4)).lower()
    server = Server(ev)
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
            try:
                page = b.new_page()
                page.goto(server.url)
                for text in (typed[:-1] + ("x" if typed[-1] != "x" else "y"), typed):
                    page.fill("#code", text)
                    page.click("#typed button")
                    page.wait_for_function("(t) => document.querySelector('#log li') && "
                                           "document.querySelector('#code').value === ''", arg=text)
                lines = page.eval_on_selector_all("#log li", "(li) => li.map((x) => [x.textContent, x.className])")
            finally:
                b.close()
    finally:
        server.stop()
    assert lines[0] == ["recorded: table 3, round 1: Jo/Bea 2-0 Noa/Iker", "ok"]
    assert "signature" in lines[1][0] and lines[1][1] == "bad"
