"""`tanteador sim` end to end: a scripted match through main(), PNGs, text art, JSON, restarts."""

import io
import json

import pytest

import host_tools
from host_tools import cli
from host_tools.commands import sim

# setup with the defaults (2 players, first to 3 hands), then the draw for the first dealer
START = "OK\nOK\n"
# one hand: oros set on the table, points entry, +10 for side 1, OK records it
HAND_WON_BY_1 = "DOWN\nOK\nUP x10\nOK\n"


def play(capsys, flash, text, *extra):
    rc = cli.main(["sim", "--flash", str(flash), "-e", text, "--json", *extra])
    out = capsys.readouterr().out
    assert rc == 0
    return out, json.loads(out.strip().splitlines()[-1])


def test_scripted_match_writes_pngs_text_and_json(tmp_path, capsys):
    script_file = tmp_path / "match.txt"
    script_file.write_text("# a whole match\n" + START + HAND_WON_BY_1 * 3)
    pngs = tmp_path / "png"
    rc = cli.main(["sim", "--flash", str(tmp_path / "flash"), "--script", str(script_file),
                   "--png", str(pngs), "--text", "--json", "--seed", "3"])
    out = capsys.readouterr().out
    assert rc == 0
    steps = 2 + 4 * 3
    files = sorted(p.name for p in pngs.iterdir())
    assert len(files) == steps + 1
    assert files[0] == "000-boot.png" and files[1] == "001-ok.png" and files[5] == "005-up-x10.png"
    from PIL import Image

    assert Image.open(pngs / files[-1]).size == (128 * 4 + 16, 64 * 4 + 16)
    blocks = out.split("--- ")[1:]
    assert len(blocks) == steps + 1
    assert blocks[5].startswith("5: UP x10  [")
    art = blocks[1].split("\n")[1:33]
    assert all(len(line) == 128 for line in art)
    assert any(c in "\u2580\u2584\u2588" for c in "".join(art))
    doc = json.loads(out.strip().splitlines()[-1])
    acts = doc["m"]["a"]
    assert [a[1:3] for a in acts] == [[70, 50]] * 3
    assert len({(png.read_bytes()) for png in pngs.iterdir()}) > 5  # the screens changed


def test_match_survives_a_restart_with_the_same_flash(tmp_path, capsys):
    flash = tmp_path / "flash"
    _, doc1 = play(capsys, flash, START + HAND_WON_BY_1)
    assert len(doc1["m"]["a"]) == 1
    _, doc2 = play(capsys, flash, "wait 500")
    assert doc2["m"] == doc1["m"]
    _, doc3 = play(capsys, flash, "wait 3s\n" + HAND_WON_BY_1)
    assert len(doc3["m"]["a"]) == 2
    assert (flash / "state.json").exists()
    _, other = play(capsys, tmp_path / "other", "wait 100")
    assert other is None  # a fresh flash: the device has saved nothing yet


def test_text_art_shows_the_display_state(tmp_path):
    out = io.StringIO()
    sim.run_script("OK", str(tmp_path / "f"), text_art=True, out=out)
    text = out.getvalue()
    assert text.startswith("--- 0: boot  [")
    assert "--- 1: OK  [" in text


def test_script_errors_are_reported_with_the_line(tmp_path, capsys):
    f = tmp_path / "bad.txt"
    f.write_text("OK\nOK\nhold OK soon\n")
    assert cli.main(["sim", "--flash", str(tmp_path / "flash"), "--script", str(f)]) == 2
    err = capsys.readouterr().err
    assert "script line 3" in err and "'soon' is not a duration" in err
    assert not (tmp_path / "flash" / "state.json").exists()


def test_missing_script_file(tmp_path, capsys):
    assert cli.main(["sim", "--script", str(tmp_path / "nope.txt"), "--flash", str(tmp_path)]) == 1
    assert "cannot read script" in capsys.readouterr().err


def test_capture_options_need_a_script(tmp_path, capsys):
    assert cli.main(["sim", "--text", "--flash", str(tmp_path)]) == 2
    assert "need a script" in capsys.readouterr().err


def test_the_p_key_saves_the_screen_as_png(tmp_path):
    from PIL import Image

    board, app = sim.make_app(str(tmp_path / "flash"), seed=1)
    out = io.StringIO()
    term = sim.Terminal(board, app, "x", out=out, png_dir=str(tmp_path / "shots"))
    assert term.step(0, "p")
    first = tmp_path / "shots" / "screen-001.png"
    for t in range(10, 200, 10):                # once the device has booted
        term.step(t)
    assert Image.open(first).size == (128 * 4 + 16, 64 * 4 + 16)
    assert "saved " + str(first) in out.getvalue()
    for t in range(200, 600, 10):
        term.step(t, "\r" if t == 200 else "")
    assert app.stage.screen.NAME != "setup"
    assert term.step(600, "P")                  # Caps Lock changes nothing
    term.step(610)
    second = tmp_path / "shots" / "screen-002.png"
    assert second.exists() and second.read_bytes() != first.read_bytes()
    assert not term.keys.busy()                 # no button was pressed by it


def test_a_png_typed_after_keys_saves_the_screen_they_lead_to(tmp_path):
    board, app = sim.make_app(str(tmp_path / "flash"), seed=1)
    term = sim.Terminal(board, app, "x", out=io.StringIO(), png_dir=str(tmp_path / "shots"))
    for t in range(0, 200, 10):
        term.step(t)
    # Three DOWNs and the PNG key typed at once: the keys take a few hundred ms to press.
    term.step(200, "sssp")
    shot = tmp_path / "shots" / "screen-001.png"
    assert not shot.exists()                    # not before the keys were pressed
    t = 210
    while term.keys.busy() or not shot.exists():
        term.step(t)
        t += 10
        assert t < 3000
    from host_tools.support import render

    want = tmp_path / "want.png"
    render.save_png(board.frame, str(want), scale=4, powered=board.powered, contrast=board.contrast_level)
    assert shot.read_bytes() == want.read_bytes()
    # The screen the keys led to: the cursor moved from where it was at boot.
    assert app.stage.screen.NAME == "setup" and app.stage.screen.sel == 3


def test_a_png_that_cannot_be_saved_says_why_and_play_goes_on(tmp_path):
    (tmp_path / "file").write_text("")
    board, app = sim.make_app(str(tmp_path / "flash"), seed=1)
    out = io.StringIO()
    term = sim.Terminal(board, app, "x", out=out, png_dir=str(tmp_path / "file" / "shots"))
    assert term.step(0, "p")
    assert "PNG not saved" in out.getvalue()
    assert term.step(10, "\r")


def test_version_matches_the_firmware():
    import tanteador

    assert host_tools.VERSION == tanteador.VERSION


# --- the interactive view, without a terminal -----------------------------------


class Levels:
    def __init__(self):
        self.levels = [False] * 4
        self.log = []

    def press(self, b, down=True, t=None):
        self.levels[b] = down
        self.log.append((self.now if t is None else t, b, down))


def run_keys(presser, board, events, until):
    """events: {time: [(button, ms)]}; tick every 10 ms until `until`."""
    for t in range(0, until, 10):
        board.now = t
        for b, ms in events.get(t, ()):
            presser.press(b, ms, t)
        presser.tick(t)


def test_keypresser_short_long_and_queued_presses():
    board = Levels()
    kp = sim.KeyPresser(board)
    run_keys(kp, board, {0: [(sim.OK, sim.SHORT_MS), (sim.OK, sim.SHORT_MS)], 100: [(sim.BACK, sim.LONG_MS)]}, 1300)
    # One press at a time, in the order typed, each GAP_MS after the last one ended.
    s, g = sim.SHORT_MS, sim.GAP_MS
    assert [(t, b, d) for t, b, d in board.log] == [
        (0, sim.OK, True), (s, sim.OK, False), (s + g, sim.OK, True), (2 * s + g, sim.OK, False),
        (2 * s + 2 * g, sim.BACK, True), (2 * s + 2 * g + sim.LONG_MS, sim.BACK, False)]
    assert not kp.busy()


def test_keypresser_a_terminals_key_repeat_is_a_press_per_key():
    board = Levels()
    kp = sim.KeyPresser(board)
    # A held key: typed once, then the terminal repeats it after its delay, every 30 ms.
    repeats = {t: [(sim.UP, sim.SHORT_MS)] for t in [0] + list(range(500, 1100, 30))}
    run_keys(kp, board, repeats, 4000)
    assert sum(1 for t, b, d in board.log if d) == len(repeats)
    assert not kp.busy()


@pytest.mark.parametrize("apart", [30, 50, 100, 120, 300])
def test_keypresser_every_tap_is_a_press_whatever_the_speed(apart):
    board = Levels()
    kp = sim.KeyPresser(board)
    taps = {i * apart: [(sim.UP, sim.SHORT_MS)] for i in range(10)}
    run_keys(kp, board, taps, 10 * apart + 1500)
    downs = [t for t, b, d in board.log if d]
    assert len(downs) == 10
    # each press is a whole one: released, and GAP_MS up before the next
    edges = [(t, d) for t, b, d in board.log]
    assert all(edges[i][1] != edges[i + 1][1] for i in range(len(edges) - 1))
    ups = [t for t, b, d in board.log if not d]
    assert all(nxt - up >= sim.GAP_MS for up, nxt in zip(ups, downs[1:]))
    assert not kp.busy()


def test_terminal_ten_fast_taps_step_the_points_ten_times(tmp_path):
    board, app = sim.make_app(str(tmp_path / "flash"), seed=1)
    term = sim.Terminal(board, app, "x", out=io.StringIO())
    t = 0
    for keys in ("\r", "\r", "s", "\r"):   # start, the draw, oros, the points
        term.step(t, keys)
        for k in range(10, 1000, 10):
            term.step(t + k)
        t += 1000
    assert app.stage.screen.NAME == "entry"
    start = app.stage.screen.vals[0]
    for i in range(10):
        term.step(t + 50 * i, "w")
        for k in range(10, 50, 10):
            term.step(t + 50 * i + k)
    for k in range(500, 3000, 10):
        term.step(t + k)
    assert app.stage.screen.vals[0] == start + 10


def test_quitting_keeps_the_points_just_typed(tmp_path):
    flash = str(tmp_path / "flash")
    board, app = sim.make_app(flash, seed=1)
    term = sim.Terminal(board, app, flash, out=io.StringIO())
    t = 0
    for keys in ("\r", "\r", "s", "\r", "w", "w", "w"):   # start, draw, oros, the points, 63
        term.step(t, keys)
        for k in range(10, 400, 10):
            term.step(t + k)
        t += 400
    assert app.stage.screen.vals == [63, 57]
    assert not term.step(t, "q")                  # at once: the save was still waiting
    board, app = sim.make_app(flash, seed=1)
    app.poll(board.now + 3000)
    app.poll(board.now + 6000)
    assert app.stage.screen.NAME == "entry" and app.stage.screen.vals == [63, 57]


def test_caps_lock_does_not_make_long_presses(tmp_path):
    board, app = sim.make_app(str(tmp_path / "flash"), seed=1)
    term = sim.Terminal(board, app, "x", out=io.StringIO())
    for key in "WSOBKJ":
        term.handle(key, 0)
    assert [ms for _, ms in term.keys.queue] == [sim.SHORT_MS] * 6
    assert [b for b, _ in term.keys.queue] == [sim.UP, sim.DOWN, sim.OK, sim.BACK, sim.UP, sim.DOWN]
    term.handle("*", 0)
    term.handle("l", 0)
    term.handle("B", 0)
    assert term.keys.queue[-2:] == [(sim.OK, sim.LONG_MS), (sim.BACK, sim.LONG_MS)]
    assert not term.handle("Q", 0)


def test_split_keys_arrows_escape_and_text():
    assert sim.split_keys("\x1b[A\x1b[Bw\r\x1b\x7fq") == ["UP", "DOWN", "w", "\r", "ESC", "\x7f", "q"]
    assert sim.split_keys("\x1bOA\x1b[C\x1b[15~O") == ["UP", "O"]


def test_terminal_plays_the_device(tmp_path):
    board, app = sim.make_app(str(tmp_path / "flash"), seed=1)
    out = io.StringIO()
    term = sim.Terminal(board, app, str(tmp_path / "flash"), out=out)
    assert term.step(0, "")
    first = app.stage.screen.NAME
    assert term.step(10, "\r")
    for t in range(20, 400, 10):
        assert term.step(t, "")
    assert app.stage.screen.NAME != first
    frame = out.getvalue()
    assert "\u2502" in frame and "screen: " in frame and "q quit" in frame
    assert term.step(410, "L")
    assert term.long_next
    assert not term.step(420, "q")


def test_terminal_keys_typed_while_the_device_is_busy_all_count(tmp_path):
    from host_tools.device.devicetime import DeviceTime

    board, app = sim.make_app(str(tmp_path / "flash"), seed=1, timing=DeviceTime(draw_ms=300))
    term = sim.Terminal(board, app, "x", out=io.StringIO())

    def typed(keys, at, ms):
        term.step(at, keys)
        for k in range(10, ms, 10):
            term.step(at + k)

    for i, keys in enumerate(("\r", "\r", "s", "\r")):   # start, the draw, oros, the points
        typed(keys, i * 1000, 1000)
    assert app.stage.screen.NAME == "entry"
    # Seven keys in one burst, while every frame takes the device 300 ms.
    typed("wwwwwww", 4000, 6000)
    assert app.stage.screen.vals[0] == 67


@pytest.mark.parametrize("braille, width", [(False, 128), (True, 64)])
def test_terminal_frame_sizes(tmp_path, braille, width):
    board, app = sim.make_app(str(tmp_path / "flash"))
    term = sim.Terminal(board, app, "x", braille=braille, out=io.StringIO())
    lines = term.frame_text().replace("\x1b[K", "").split("\n")
    assert len(lines[0]) == width + 2
    assert len(lines) == (16 if braille else 32) + 2 + 4


def test_bench_subcommand_is_passed_through(monkeypatch):
    from host_tools.commands import bench

    seen = []
    monkeypatch.setattr(bench, "main", lambda argv: seen.append(argv) or 0)
    assert cli.main(["bench", "--quick", "--json", "x.json"]) == 0
    assert seen == [["--quick", "--json", "x.json"]]


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    for cmd in ("sim", "screens", "flash", "pull", "names", "bench"):
        assert cmd in out


def test_boot_frame_is_captured(tmp_path):
    from PIL import Image

    sim.run_script("", str(tmp_path / "flash"), png_dir=str(tmp_path / "png"))
    img = Image.open(tmp_path / "png" / "000-boot.png")
    assert len(img.getcolors(16)) == 2  # something is lit on the first frame


def test_sim_pays_the_devices_time_and_loses_no_press(tmp_path, capsys):
    text = START + HAND_WON_BY_1 * 3
    _, instant = play(capsys, tmp_path / "instant", text, "--instant")
    # Every redraw costing 300 ms: the taps come faster than the screen follows.
    _, slow = play(capsys, tmp_path / "slow", text, "--draw-ms", "300")
    assert [a[:3] for a in slow["m"]["a"]] == [a[:3] for a in instant["m"]["a"]] == [[0, 70, 50]] * 3
    # The device's clock paid for the drawing: each hand took it longer.
    assert all(s[3] > i[3] for s, i in zip(slow["m"]["a"], instant["m"]["a"]))


def test_sim_refuses_a_negative_draw_time(tmp_path, capsys):
    assert cli.main(["sim", "--flash", str(tmp_path), "-e", "OK", "--draw-ms", "-5"]) == 2
    assert "--draw-ms" in capsys.readouterr().err


def test_sim_taps_at_a_fast_players_pace(tmp_path, capsys):
    text = START + HAND_WON_BY_1 * 2
    _, usual = play(capsys, tmp_path / "usual", text, "--instant")
    _, fast = play(capsys, tmp_path / "fast", text, "--instant", "--press-ms", "60", "--gap-ms", "60")
    assert [a[:3] for a in fast["m"]["a"]] == [a[:3] for a in usual["m"]["a"]] == [[0, 70, 50]] * 2
    # A hand of thirteen short presses is over sooner at 120 ms a press than at 200.
    assert all(f[3] < u[3] for f, u in zip(fast["m"]["a"], usual["m"]["a"]))


@pytest.mark.parametrize("extra", [["--press-ms", "0"], ["--gap-ms", "20000"]])
def test_sim_refuses_a_pace_out_of_range(tmp_path, capsys, extra):
    assert cli.main(["sim", "--flash", str(tmp_path), "-e", "OK", *extra]) == 2
    assert extra[0] in capsys.readouterr().err


def test_sim_pace_needs_a_script(tmp_path, capsys):
    assert cli.main(["sim", "--flash", str(tmp_path), "--gap-ms", "60"]) == 2
    assert "needs a script" in capsys.readouterr().err


def _typed(term, keys, at, ms):
    """``keys`` typed at ``at`` (ms), then ``ms`` of the terminal's loop."""
    term.step(at, keys)
    for k in range(10, ms, 10):
        term.step(at + k)


def _to_entry(term):
    for i, keys in enumerate(("\r", "\r", "s", "\r")):   # start, the draw, oros, the points
        _typed(term, keys, i * 1000, 1000)
    return 4000


def test_terminal_a_burst_of_one_key_is_a_press_per_key(tmp_path):
    board, app = sim.make_app(str(tmp_path / "flash"), seed=1)
    term = sim.Terminal(board, app, "x", out=io.StringIO())
    t = _to_entry(term)
    assert app.stage.screen.NAME == "entry"
    start = app.stage.screen.vals[0]
    # 39 DOWNs: one, then after a pause a stream 20 ms apart, as a terminal's repeat or a quick hand sends.
    _typed(term, "s", t, 300)
    for i in range(38):
        _typed(term, "s", t + 300 + 20 * i, 20)
    _typed(term, "", t + 1100, 6000)
    assert app.stage.screen.vals[0] == start - 39


def test_terminal_keys_typed_during_a_long_ok_act_on_the_menu_it_opens(tmp_path):
    board, app = sim.make_app(str(tmp_path / "flash"), seed=1)
    term = sim.Terminal(board, app, "x", out=io.StringIO())
    for i, keys in enumerate(("\r", "\r")):   # start, the draw: the table
        _typed(term, keys, i * 1000, 1000)
    assert app.stage.screen.NAME == "table" and app.stage.trump is None
    _typed(term, "*ss", 2000, 3000)
    assert app.stage.screen.NAME == "menu" and app.stage.screen.sel == 2
    assert app.stage.trump is None                       # the table under the menu saw no DOWN
