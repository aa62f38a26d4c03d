"""The button test screen: through the app on the host board, and on a bare FrameBuffer."""

import framebuf
import pytest
from host_tools.device.hostboard import HostBoard

from host_tools.harness import mplane
from tanteador.app import App
from tanteador.buttons import BACK, DOWN, OK, UP
from tanteador.draw import Painter
from tanteador.screens.hwtest import HwTest

# A pixel inside each button box, clear of its label and outlines.
INSIDE = {UP: (5, 17), DOWN: (5, 35), OK: (83, 17), BACK: (83, 35)}


def start(tmp_path):
    board = HostBoard(str(tmp_path))
    app = App(board, board.now)
    app.poll(board.now)
    app.stage.push(HwTest())
    run(app, board, 20)
    return board, app


def run(app, board, ms):
    for _ in range(ms // 10):
        app.poll(board.advance(10))


def test_draws_on_a_plain_framebuffer():
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)

    class Stub:
        p = Painter(fb)

        def t(self, sid):
            return "Button test"

    screen = HwTest()
    screen.last = (DOWN, 2, 3)
    screen.levels = (False, True, False, False)
    screen.draw(Stub())
    texts = Stub.p.texts
    for name in ("UP", "DOWN", "OK", "BACK"):
        assert name in texts
    assert "DOWN x3  #0" in texts

    def px(x, y):
        return (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1

    assert px(0, 63) and px(127, 63) and px(0, 30) and px(127, 30)   # frame at the edges
    assert px(*INSIDE[DOWN]) == 1 and px(*INSIDE[UP]) == 0


def test_held_button_is_lit_and_the_event_named(tmp_path):
    board, app = start(tmp_path)
    assert app.stage.screen.NAME == "hwtest"
    assert all(board.pixel(*INSIDE[b]) == 0 for b in INSIDE)
    board.press(OK)
    run(app, board, 100)
    assert board.pixel(*INSIDE[OK]) == 1
    assert [board.pixel(*INSIDE[b]) for b in (UP, DOWN, BACK)] == [0, 0, 0]
    board.press(OK, False)
    run(app, board, 100)
    assert board.pixel(*INSIDE[OK]) == 0
    assert "OK  #1" in app.stage.texts


def test_each_event_beeps_its_own_tone_then_stops(tmp_path):
    board, app = start(tmp_path)
    board.press(UP)
    run(app, board, 40)
    board.press(UP, False)
    run(app, board, 200)
    board.press(DOWN)
    run(app, board, 40)
    board.press(DOWN, False)
    run(app, board, 200)
    freqs = [f for _, f in board.tones]
    assert freqs == [880, 0, 660, 0]
    (t0, _), (t1, _) = board.tones[:2]
    assert 40 <= t1 - t0 <= 100


def test_repeat_and_long_events_are_named(tmp_path):
    board, app = start(tmp_path)
    board.press(DOWN)
    run(app, board, 700)
    board.press(DOWN, False)
    run(app, board, 50)
    assert any(t.startswith("DOWN x") for t in app.stage.texts), app.stage.texts
    board.press(OK)
    run(app, board, 800)
    board.press(OK, False)
    run(app, board, 50)
    assert any(t.startswith("OK LONG") for t in app.stage.texts), app.stage.texts
    assert app.stage.screen.NAME == "hwtest"


def test_short_back_stays_long_back_leaves(tmp_path):
    board, app = start(tmp_path)
    board.press(BACK)
    run(app, board, 100)
    board.press(BACK, False)
    run(app, board, 50)
    assert app.stage.screen.NAME == "hwtest"
    assert any(t.startswith("BACK  #") for t in app.stage.texts)
    board.press(BACK)
    run(app, board, 300)
    assert app.stage.screen.NAME == "hwtest"
    bar = board.pixel(51, 39)                 # the hold bar has started filling
    assert bar == 1
    run(app, board, 400)
    assert app.stage.screen.NAME != "hwtest"
    assert board.freq == 0
    board.press(BACK, False)
    run(app, board, 50)


@pytest.mark.micropython
def test_runs_on_micropython():
    code = """
import framebuf
from tanteador.draw import Painter
from tanteador.screens.hwtest import HwTest
buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
class Stage:
    def __init__(self):
        self.p = Painter(fb); self.f = []; self.popped = 0
    def levels(self): return (False, False, True, False)
    def tone(self, f): self.f.append(f)
    def redraw(self): pass
    def t(self, sid): return 'Button test'
    def pop(self): self.popped += 1
app = Stage()
s = HwTest()
s.tick(app, 0)
s.handle((2, 0, 0), app)
s.tick(app, 100)
s.handle((3, 1, 0), app)
fb.fill(0)
s.draw(app)
print('RESULT', app.f, app.popped, 'OK  #1' in app.p.texts, (buf[2 * 128 + 83] >> 1) & 1)
"""
    rc, out, err = mplane.run_code(code)
    assert rc == 0, err
    assert "RESULT [1320, 0, 0] 1 True 1" in out, out
