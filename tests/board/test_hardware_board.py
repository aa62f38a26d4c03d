"""The Pico board shell on CPython, with ``machine`` and ``ssd1306`` replaced by fakes."""

import importlib
import os
import sys

from host_tools.device import devicetime
import pytest

from picofakes import FakeI2C, FakePin, FakeSSD1306, FakeWDT, load_board, unload
from tanteador import config


@pytest.fixture
def board_mod(monkeypatch):
    yield load_board(monkeypatch)
    unload()


def test_pins_and_bus_follow_the_config(board_mod, tmp_path):
    b = board_mod.Board(str(tmp_path / "tt"))
    assert b.name == "pico"
    assert b._i2c.args == (
        config.I2C_ID, config.I2C_SDA, config.I2C_SCL, config.I2C_FREQ)
    buttons = [p for p in FakePin.made if p.n in config.BUTTON_PINS]
    assert [p.n for p in buttons] == list(config.BUTTON_PINS)
    assert all(p.mode == FakePin.IN and p.pull == FakePin.PULL_UP for p in buttons)
    assert b._pwm.pin.n == config.BUZZER_PIN
    assert b.display_ok
    assert (tmp_path / "tt").is_dir()
    assert b.mem_free() == 123456


def test_a_board_whose_display_answers_keeps_no_stand_in_loaded(board_mod, tmp_path):
    # The stand-in for a silent OLED would be heap that a working board carries for nothing.
    sys.modules.pop("tanteador.nodisplay", None)
    b = board_mod.Board(str(tmp_path))
    assert b.display_ok
    assert [n for n, m in sys.modules.items() if n.startswith("tanteador") and hasattr(m, "NoDisplay")] == []


def test_buttons_read_low_as_pressed(board_mod, tmp_path):
    b = board_mod.Board(str(tmp_path))
    assert b.buttons() == (False, False, False, False)
    FakePin.levels = {config.BUTTON_PINS[2]: 0}
    assert b.buttons() == (False, False, True, False)
    FakePin.levels = {n: 0 for n in config.BUTTON_PINS}
    assert b.buttons() == (True, True, True, True)


def test_edges_are_caught_by_interrupt_with_their_own_times(board_mod, tmp_path):
    clock = board_mod.clock
    clock["t"] = (1 << 30) - 100          # the edges straddle the ticks wrap
    b = board_mod.Board(str(tmp_path))
    ok = next(p for p in FakePin.made if p.n == config.BUTTON_PINS[2])
    up = next(p for p in FakePin.made if p.n == config.BUTTON_PINS[0])
    assert ok.irq_args == (FakePin.IRQ_FALLING | FakePin.IRQ_RISING, True)
    # A tap of OK and one of UP, all while the app is busy drawing.
    for t, pin, level in ((20, ok, 0), (80, ok, 1), (140, up, 0), (200, up, 1)):
        clock["t"] = ((1 << 30) - 100 + t) & ((1 << 30) - 1)
        pin.set(level)
    clock["t"] = 300                       # the app looks again, after the wrap
    got = []
    b.take_edges(lambda *e: got.append(e))
    assert got == [(2, True, 20), (2, False, 80), (0, True, 140), (0, False, 200)]
    b.take_edges(lambda *e: got.append(e))
    assert len(got) == 4                   # taken once
    assert b.edge_overflows == 0
    b.close()
    assert ok.handler is None


def test_a_tap_hidden_by_a_flash_write_still_counts(board_mod, tmp_path):
    clock = board_mod.clock
    b = board_mod.Board(str(tmp_path))
    ok = next(p for p in FakePin.made if p.n == config.BUTTON_PINS[2])
    both = FakePin.IRQ_FALLING | FakePin.IRQ_RISING
    # Interrupts were off while the flash was written: the tap's two edges come as one call.
    clock["t"] = 500
    ok.set(1, flags=both)
    # A bounce seen the same way, on a press: its first level is the one already pushed.
    clock["t"] = 900
    ok.set(0, flags=both)
    clock["t"] = 1000
    got = []
    b.take_edges(lambda *e: got.append(e))
    from tanteador.buttons import DEBOUNCE_MS, OK, PRESS, Buttons

    assert got == [(2, True, 500 - DEBOUNCE_MS), (2, False, 500), (2, True, 900)]
    keys = Buttons()
    for e in got[:2]:
        keys.edge(*e)
    assert keys.update((False,) * 4, 600) == [(OK, PRESS, 0)]


def _panel(writes, ram):
    """Play the SSD1306 writes into ``ram`` (horizontal addressing, column and page windows);
    return the bytes they took on the bus (without the address byte of each write)."""
    n = 0
    win = [0, 127, 0, 7]
    col = page = 0
    for _, w in writes:
        n += len(w)
        if w[0] == 0x00:
            assert w[1] == 0x21 and w[4] == 0x22 and len(w) == 7
            win = [w[2], w[3], w[5], w[6]]
            col, page = win[0], win[2]
            continue
        assert w[0] == 0x40
        for v in w[1:]:
            ram[page * 128 + col] = v
            col += 1
            if col > win[1]:
                col = win[0]
                page = win[2] if page == win[3] else page + 1
    return n


def test_the_panel_is_lit_once_the_first_frame_is_on_it_whole(board_mod, tmp_path):
    """The driver's start sends no cleared frame (1 KB, 23 ms on the bus) and
    does not light the panel, whose memory is then unknown: the first frame
    goes whole, then the panel is lit."""
    b = board_mod.Board(str(tmp_path))
    d = b.display
    # The driver's setup commands, one write each, go out in one write
    # after one control byte: without the panel lit or its memory cleared.
    assert [w for _, w in b._i2c.writes] == [bytes((0x00, 0xAE, 0x20, 0x00, 0x81, 0xFF, 0x8D, 0x14))]
    b.power(True)
    assert "on" not in d.calls
    d.pixel(3, 3, 1)
    ram = bytearray(b"\xff" * 1024)
    sent = len(b._i2c.writes)
    b.show()
    assert _panel(b._i2c.writes[sent:], ram) == 7 + 1 + 1024 and ram == d.buffer
    assert d.calls == ["on"]
    b.show()
    assert d.calls == ["on"]


class _BatchedSSD1306(FakeSSD1306):
    """A driver that writes its setup commands in one go, the display-on last."""

    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        super().__init__(width, height, _Silent(), addr)
        self.i2c = i2c
        i2c.writeto(addr, bytes((0x00, 0xAE, 0x20, 0x00, 0x8D, 0x14, 0xAF)))
        i2c.writevto(addr, (b"\x40", self.buffer))


class _Silent:
    def writeto(self, addr, buf):
        pass

    def writevto(self, addr, bufs):
        pass


def test_a_driver_that_writes_its_setup_at_once_still_sets_the_panel_up_dark(board_mod, tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules["ssd1306"], "SSD1306_I2C", _BatchedSSD1306)
    b = board_mod.Board(str(tmp_path))
    assert [w for _, w in b._i2c.writes] == [bytes((0x00, 0xAE, 0x20, 0x00, 0x8D, 0x14))]
    b.show()
    assert b.display.calls == ["on"]


def test_a_panel_blanked_before_its_first_frame_stays_dark_after_it(board_mod, tmp_path):
    b = board_mod.Board(str(tmp_path))
    b.power(False)
    b.show()
    assert "on" not in b.display.calls and b._i2c.writes[-1][1][0] == 0x40
    b.power(True)
    assert b.display.calls == ["on"]


def test_show_sends_only_the_columns_that_changed(board_mod, tmp_path):
    b = board_mod.Board(str(tmp_path))
    d = b.display
    b.show()                                 # the first frame, whole (see above)
    ram = bytearray(1024)
    sent = len(b._i2c.writes)
    b.show()
    assert len(b._i2c.writes) == sent        # nothing changed, nothing sent
    for x, y in ((5, 3 * 8 + 2), (5, 4 * 8 + 2), (5, 7 * 8), (100, 3 * 8 + 1), (101, 3 * 8 + 1)):
        d.pixel(x, y, 1)
    b.show()
    writes = b._i2c.writes[sent:]
    assert [w[1][:7] for w in writes if w[1][0] == 0x00] == [
        bytes((0, 0x21, 100, 101, 0x22, 3, 3)), bytes((0, 0x21, 5, 5, 0x22, 3, 4)),
        bytes((0, 0x21, 5, 5, 0x22, 7, 7))]
    assert _panel(writes, ram) == 3 * 8 + 2 + 2 + 1 == devicetime.window_bytes(b._diff.windows)
    assert ram == d.buffer


def test_a_new_screen_goes_in_one_write(board_mod, tmp_path):
    b = board_mod.Board(str(tmp_path))
    b.show()
    for p in range(8):
        b.display.pixel(p * 16, p * 8, 1)
    sent = len(b._i2c.writes)
    b.show()
    writes = b._i2c.writes[sent:]
    assert [w[1] for w in writes[:1]] == [bytes((0, 0x21, 0, 127, 0x22, 0, 7))]
    assert len(writes) == 2 and writes[1][1][1:] == bytes(b.display.buffer)


def test_whole_pages_go_out_as_one_piece_of_the_frame(board_mod, tmp_path):
    b = board_mod.Board(str(tmp_path))
    b.show()
    pieces = []
    write = b.display.i2c.writevto

    def counted(addr, vector, stop=True):
        pieces.append(len(vector))
        write(addr, vector, stop)

    b.display.i2c.writevto = counted
    for p in range(8):
        b.display.pixel(p * 16, p * 8, 1)
    b.show()
    b.display.pixel(3, 9, 1)
    b.show()
    # The control byte and the eight pages as one slice of the frame; a
    # narrower window, a part for each page (here one).
    assert pieces == [2, 2]


def test_ticks_stay_monotonic_across_the_wrap(board_mod, tmp_path):
    clock = board_mod.clock
    clock["t"] = (1 << 30) - 50
    b = board_mod.Board(str(tmp_path))
    assert b.ticks_ms() == 0
    clock["t"] = (1 << 30) - 10
    assert b.ticks_ms() == 40
    clock["t"] = 30                      # wrapped
    assert b.ticks_ms() == 80
    clock["t"] = 1030
    assert b.ticks_ms() == 1080


def test_missing_display_gives_a_stand_in_and_says_why(board_mod, tmp_path, capsys):
    FakeI2C.present = {0x27}
    b = board_mod.Board(str(tmp_path))
    assert not b.display_ok
    # Loaded only now: a board whose display answers never loads it.
    from tanteador.nodisplay import NoDisplay

    assert isinstance(b.display, NoDisplay)
    out = capsys.readouterr().out
    assert hex(config.OLED_ADDR) in out and "0x27" in out
    b.display.fill_rect(0, 0, 10, 10, 1)
    b.show()
    b.contrast(10)
    b.power(False)
    assert b.display.buffer[0] == 0xFF


def test_show_survives_a_display_that_drops_off_the_bus(board_mod, tmp_path, capsys):
    b = board_mod.Board(str(tmp_path))
    FakeI2C.present = set()
    b.display.pixel(0, 0, 1)
    b.show()
    b.show()
    assert capsys.readouterr().out.count("write failed") == 1


def test_sh1106_is_chosen_by_config(board_mod, tmp_path, monkeypatch):
    monkeypatch.setattr(config, "DISPLAY", "sh1106")
    b = board_mod.Board(str(tmp_path))
    from tanteador.sh1106 import SH1106_I2C
    assert isinstance(b.display, SH1106_I2C)
    assert b.display.col_offset == config.SH1106_COL_OFFSET


def _with_board_file(monkeypatch, tmp_path, src):
    """The board module as a device with board file ``src`` imports it."""
    f = tmp_path / "tanteador_board.py"
    f.write_text(src)
    monkeypatch.setattr(config, "BOARD_FILE", str(f))
    sys.modules.pop("tanteador.board", None)
    sys.modules.pop("tanteador.wiring", None)
    return importlib.import_module("tanteador.board")


def test_without_a_board_file_the_wiring_is_config(board_mod):
    assert board_mod.WIRING is config


def test_a_board_file_moves_the_pins_and_the_bus(board_mod, tmp_path, monkeypatch):
    from host_tools import ROOT
    from tanteador import boardfile

    with open(os.path.join(ROOT, "hardware", "boards", "right_side.py"), encoding="utf-8") as f:
        src = f.read()
    want = boardfile.read(src)
    assert want.BUTTON_PINS != config.BUTTON_PINS and want.I2C_ID != config.I2C_ID
    mod = _with_board_file(monkeypatch, tmp_path, src)
    b = mod.Board(str(tmp_path / "tt"))
    assert b._i2c.args == (want.I2C_ID, want.I2C_SDA, want.I2C_SCL, want.I2C_FREQ)
    assert [p.n for p in FakePin.made if p.handler is not None] == list(want.BUTTON_PINS)
    assert b._pwm.pin.n == want.BUZZER_PIN
    assert b.display_ok


def test_an_sh1106_board_file_needs_no_ssd1306_driver(board_mod, tmp_path, monkeypatch):
    monkeypatch.delitem(sys.modules, "ssd1306")
    mod = _with_board_file(monkeypatch, tmp_path, 'DISPLAY = "sh1106"\n')
    b = mod.Board(str(tmp_path / "tt"))
    from tanteador.sh1106 import SH1106_I2C
    assert isinstance(b.display, SH1106_I2C) and b.display_ok


def _with_board_bytes(monkeypatch, tmp_path, data):
    f = tmp_path / "tanteador_board.py"
    f.write_bytes(data)
    monkeypatch.setattr(config, "BOARD_FILE", str(f))
    sys.modules.pop("tanteador.board", None)
    sys.modules.pop("tanteador.wiring", None)
    return importlib.import_module("tanteador.board")


@pytest.mark.parametrize("data, problem", [
    (b"BUZER_PIN = 16\n", "BUZER_PIN: no such setting"),
    (b'DISPLAY = "sh1106"\n# \xff\xfe\n', "not UTF-8 text"),
    (b"#" * 5000, "longer than 4096 bytes"),
])
def test_a_bad_board_file_is_said_and_the_board_starts_on_the_default_wiring(
        board_mod, tmp_path, monkeypatch, capsys, data, problem):
    mod = _with_board_bytes(monkeypatch, tmp_path, data)
    b = mod.Board(str(tmp_path / "tt"))
    out = capsys.readouterr().out
    assert problem in out and "BUZZER_PIN" in out and "default wiring" in out
    # The default pins and display, the buttons set up: the app starts and says so.
    assert b.problems == [problem]
    assert b._i2c.args == (config.I2C_ID, config.I2C_SDA, config.I2C_SCL, config.I2C_FREQ)
    assert [p.n for p in FakePin.made if p.handler is not None] == list(config.BUTTON_PINS)
    assert b.display_ok


def test_a_board_with_a_refused_file_starts_the_app_on_its_notice(tmp_path):
    from host_tools.device.hostboard import HostBoard
    from tanteador.app import App

    board = HostBoard(str(tmp_path))
    board.problems = ["BUZER_PIN: no such setting"]
    app = App(board, 0)
    app.poll(0)
    assert app.stage.screen.NAME == "notice"
    assert " ".join(app.stage.texts) == "Board file refused: default wiring"
    board.press(3)
    board.advance(100)
    app.poll(board.now)
    board.press(3, False)
    board.advance(100)
    app.poll(board.now)
    assert app.stage.screen.NAME == "setup"


def test_display_controls(board_mod, tmp_path):
    b = board_mod.Board(str(tmp_path))
    b.show()
    b.contrast(999)
    b.power(False)
    b.power(True)
    b.display.pixel(0, 0, 1)
    sent = len(b._i2c.writes)
    b.show()
    assert b.display.calls[-3:] == [("contrast", 255), "off", "on"]
    assert len(b._i2c.writes) == sent + 2    # the frame, lit again


def test_tone_drives_the_pwm_and_zero_silences(board_mod, tmp_path):
    b = board_mod.Board(str(tmp_path))
    assert b._pwm.duty == 0
    b.tone(440)
    assert (b._pwm.f, b._pwm.duty) == (440, 32768)
    b.tone(1)
    assert b._pwm.f == 20
    b.tone(0)
    assert b._pwm.duty == 0


def test_no_buzzer_means_tone_is_a_no_op(board_mod, tmp_path, monkeypatch):
    monkeypatch.setattr(config, "BUZZER_PIN", None)
    b = board_mod.Board(str(tmp_path))
    b.tone(440)
    assert b._pwm is None


def test_watchdog_starts_on_first_feed_and_close_stops_it(board_mod, tmp_path):
    b = board_mod.Board(str(tmp_path))
    assert FakeWDT.made == []
    b.feed()
    b.feed()
    (wdt,) = FakeWDT.made
    assert wdt.timeout == config.WDT_TIMEOUT_MS and wdt.fed == 2
    b.close()
    assert board_mod.machine.mem32[0x40058000] == 0x1234
    b.feed()
    assert len(FakeWDT.made) == 2


def test_watchdog_can_be_disabled(board_mod, tmp_path, monkeypatch):
    monkeypatch.setattr(config, "WDT_TIMEOUT_MS", 0)
    b = board_mod.Board(str(tmp_path))
    b.feed()
    assert FakeWDT.made == []


def test_nap_only_when_blank_and_on_battery(board_mod, tmp_path):
    b = board_mod.Board(str(tmp_path))
    slept = board_mod.machine.slept
    FakePin.levels = {config.VBUS_SENSE_PIN: 0}
    assert not b.nap(100)               # panel lit
    b.power(False)
    assert b.nap(100)
    FakePin.levels = {config.VBUS_SENSE_PIN: 1}
    assert b.usb_powered()
    assert not b.nap(100)               # USB attached
    assert slept == [100]


MP_FAKE_MACHINE = '''
class Pin:
    IN = 0
    PULL_UP = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8
    levels = {}
    def __init__(self, n, mode=None, pull=None):
        self.n = n
        self.handler = None
    def value(self):
        return Pin.levels.get(self.n, 1)
    def flags(self):
        return 0
    def irq(self, *a, **k):
        if not a and not k:
            return self
        self.handler = k.get("handler", a[0] if a else None)
class I2C:
    def __init__(self, id, sda=None, scl=None, freq=None):
        pass
    def scan(self):
        return []
    def writeto(self, addr, buf, stop=True):
        raise OSError(19)
    def writevto(self, addr, vec, stop=True):
        raise OSError(19)
class PWM:
    def __init__(self, pin):
        self.f = self.d = None
    def freq(self, f):
        self.f = f
    def duty_u16(self, d):
        self.d = d
class WDT:
    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
    def feed(self):
        pass
slept = []
def lightsleep(ms):
    slept.append(ms)
mem32 = {0x40058000: 0x40001234}
'''

MP_BOARD_RUN = '''
import machine
from tanteador.board import Board
from tanteador.nodisplay import NoDisplay
b = Board(%r)
machine.Pin.levels = {12: 0}
levels = b.buttons()
t0 = b.ticks_ms()
b.tone(440)
tone = (b._pwm.f, b._pwm.d)
b.feed()
b.close()
b.power(False)
machine.Pin.levels = {24: 0}
print("RESULT", isinstance(b.display, NoDisplay), levels, tone, b._pwm.d,
      hex(machine.mem32[0x40058000]), b.nap(40), machine.slept, b.ticks_ms() >= t0)
'''


@pytest.mark.micropython
def test_board_runs_on_micropython(tmp_path):
    from host_tools import FIRMWARE
    from host_tools.harness import mplane

    fake = tmp_path / "fake"
    fake.mkdir()
    (fake / "machine.py").write_text(MP_FAKE_MACHINE)
    (fake / "ssd1306.py").write_text(
        "class SSD1306_I2C:\n"
        "    def __init__(self, w, h, i2c, addr=0x3C):\n"
        "        i2c.writeto(addr, b'\\x80\\xae')\n")
    code = MP_BOARD_RUN % str(tmp_path / "tt")
    rc, out, err = mplane.run_code(code, pythonpath=[str(fake), FIRMWARE])
    assert rc == 0, err + out
    assert "no answer at %s" % hex(config.OLED_ADDR) in out
    assert ("RESULT True (False, False, True, False) (440, 32768) 0 0x1234 True [40] True"
            in out), out


def test_rand_below_stays_in_range_and_varies(board_mod, tmp_path):
    b = board_mod.Board(str(tmp_path))
    draws = [b.rand_below(6) for _ in range(200)]
    assert all(0 <= d < 6 for d in draws)
    assert len(set(draws)) == 6


@pytest.mark.micropython
def test_every_hard_interrupt_handler_runs_with_the_heap_locked(tmp_path):
    """On the Pico a hard interrupt runs with the heap locked: the handlers the
    board registers are called there, on the MicroPython unix port, on every
    path (press, bounce, release, a tap hidden by a flash write, a full ring),
    the app loop's wake flag set from them too."""
    import json
    import os
    import subprocess

    from host_tools.harness import mplane
    from tanteador.buttons import RING_SIZE as SIZE

    prog = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "mp_irq_lock.py")
    argv = [mplane.require_micropython(), "-X", "heapsize=190K", prog, str(tmp_path / "tt")]
    proc = subprocess.run(argv, env=mplane.mp_env([mplane.FIRMWARE]), capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    r = json.loads(proc.stdout.strip().splitlines()[-1])
    assert r["hard"] == [True] * len(config.BUTTON_PINS)
    assert r["calls"] == 6 * len(config.BUTTON_PINS) + SIZE + 8
    assert r["errors"] == []
    # Every edge wakes the app loop, a bounce and an overflow too (the loop then finds nothing new).
    assert r["wakes"] == r["calls"]
    # Each button: press, release, the hidden tap's two edges, then a press and its release.
    assert r["edges"] == [[b, lv] for b in range(len(config.BUTTON_PINS)) for lv in (1, 0, 1, 0, 1, 0)]
    assert r["waiting"] == SIZE - 1
    assert r["overflows"] > 0


MP_REFUSED_RUN = '''
from tanteador import config
config.BOARD_FILE = %r
from tanteador.board import Board
b = Board(%r)
print("STARTED", b.problems, b._pins[0].n)
'''


@pytest.mark.micropython
@pytest.mark.parametrize("data, problem", [
    (b"DISPLAY = 'ssd1306'\nBUTTON_PINS = (10, 11, 12)\n", "BUTTON_PINS must be four GPIO numbers"),
    (b"DISPLAY = 'sh1106'\n# \xff\xfe\n", "not UTF-8 text"),
])
def test_a_bad_board_file_is_said_and_the_board_starts_on_micropython(tmp_path, data, problem):
    """The refusal path as the device runs it: MicroPython's exec, decoding and exceptions."""
    from host_tools import FIRMWARE
    from host_tools.harness import mplane

    fake = tmp_path / "fake"
    fake.mkdir()
    (fake / "machine.py").write_text(MP_FAKE_MACHINE)
    (fake / "ssd1306.py").write_text(
        "import framebuf\n"
        "class SSD1306_I2C(framebuf.FrameBuffer):\n"
        "    def __init__(self, w, h, i2c, addr=0x3C):\n"
        "        self.buffer = bytearray(w * h // 8)\n"
        "        super().__init__(self.buffer, w, h, framebuf.MONO_VLSB)\n")
    src = tmp_path / "tanteador_board.py"
    src.write_bytes(data)
    code = MP_REFUSED_RUN % (str(src), str(tmp_path / "tt"))
    rc, out, err = mplane.run_code(code, pythonpath=[str(fake), FIRMWARE])
    assert rc == 0, err + out
    assert "refused, the default wiring is used" in out and problem in out
    started = [line for line in out.splitlines() if line.startswith("STARTED")]
    assert started and problem in started[0] and started[0].endswith(" 10"), out
