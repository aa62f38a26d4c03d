"""The Pico's ``machine`` and ``ssd1306`` as fakes, to run firmware/tanteador/board.py on CPython.

A pin keeps its level and calls its interrupt handler when ``set``; the I2C
bus records its writes; time.ticks_ms follows a dict the test moves.
"""

import importlib
import sys
import time
import types

import framebuf

from tanteador import config


class FakePin:
    IN = 0
    OUT = 1
    PULL_UP = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8
    levels = {}

    def __init__(self, n, mode=None, pull=None):
        self.n = n
        self.mode = mode
        self.pull = pull
        self.handler = None
        self.irq_args = None
        self._flags = 0
        FakePin.made.append(self)

    def value(self):
        return FakePin.levels.get(self.n, 1)

    def irq(self, *args, **kw):
        """Set the handler; with no arguments, the irq object (its flags)."""
        if not args and not kw:
            return self
        handler = kw.get("handler", args[0] if args else None)
        trigger = kw.get("trigger", args[1] if len(args) > 1 else None)
        self.handler = handler
        self.irq_args = (trigger, kw.get("hard", False))
        return self

    def flags(self):
        return self._flags

    def set(self, level, flags=None):
        """The contact changes: the level, then the edge interrupt (flags: the edges it saw)."""
        FakePin.levels[self.n] = level
        self._flags = flags if flags is not None else (self.IRQ_RISING if level else self.IRQ_FALLING)
        if self.handler is not None:
            self.handler(self)


class FakeI2C:
    present = {config.OLED_ADDR}

    def __init__(self, id, sda=None, scl=None, freq=None):
        self.args = (id, sda.n, scl.n, freq)
        self.writes = []

    def scan(self):
        return sorted(self.present)

    def writeto(self, addr, buf, stop=True):
        if addr not in self.present:
            raise OSError(5)
        self.writes.append((addr, bytes(buf)))

    def writevto(self, addr, vector, stop=True):
        self.writeto(addr, b"".join(bytes(v) for v in vector))


class FakePWM:
    def __init__(self, pin):
        self.pin = pin
        self.f = None
        self.duty = None

    def freq(self, f):
        self.f = f

    def duty_u16(self, d):
        self.duty = d


class FakeWDT:
    made = []

    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.fed = 0
        FakeWDT.made.append(self)

    def feed(self):
        self.fed += 1


class FakeSSD1306(framebuf.FrameBuffer):
    made = []

    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        FakeSSD1306.made.append(self)
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.calls = []
        # As micropython-lib's driver starts: each command alone, the panel
        # off while it is set up and lit at the end, then its memory cleared.
        for cmd in (0xAE, 0x20, 0x00, 0x81, 0xFF, 0x8D, 0x14, 0xAF):
            i2c.writeto(addr, bytes((0x80, cmd)))
        i2c.writevto(addr, (b"\x40", self.buffer))

    def contrast(self, v):
        self.calls.append(("contrast", v))

    def poweroff(self):
        self.calls.append("off")

    def poweron(self):
        self.calls.append("on")

    def show(self):
        self.calls.append(("show", bytes(self.buffer)))


def load_board(monkeypatch):
    """Import tanteador.board afresh over the fakes; the module, with ``clock`` and ``machine`` on it.

    ``clock["t"]`` is what ``time.ticks_ms`` answers (it wraps at 2**30 as
    on an RP2040); ``unload`` drops the module again afterwards.
    """
    FakePin.levels = {}
    FakePin.made = []
    FakeI2C.present = {config.OLED_ADDR}
    FakeWDT.made = []
    machine = types.ModuleType("machine")
    machine.Pin = FakePin
    machine.I2C = FakeI2C
    machine.PWM = FakePWM
    machine.WDT = FakeWDT
    machine.slept = []
    machine.lightsleep = machine.slept.append
    machine.mem32 = {0x40058000: 0x40000000 | 0x1234}
    ssd1306 = types.ModuleType("ssd1306")
    ssd1306.SSD1306_I2C = FakeSSD1306
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "ssd1306", ssd1306)
    clock = {"t": 0}
    monkeypatch.setattr(time, "ticks_ms", lambda: clock["t"], raising=False)
    monkeypatch.setattr(time, "ticks_add", lambda a, b: (a + b) & ((1 << 30) - 1), raising=False)
    # The RP2040 ticks_ms wraps at 2**30.
    monkeypatch.setattr(time, "ticks_diff",
                        lambda a, b: ((a - b + (1 << 29)) & ((1 << 30) - 1)) - (1 << 29),
                        raising=False)
    import gc
    monkeypatch.setattr(gc, "mem_free", lambda: 123456, raising=False)
    # A fresh import reads the wiring again, as a boot does.
    monkeypatch.delitem(sys.modules, "tanteador.board", raising=False)
    monkeypatch.delitem(sys.modules, "tanteador.wiring", raising=False)
    mod = importlib.import_module("tanteador.board")
    mod.clock = clock
    mod.machine = machine
    return mod


def unload():
    """Forget the board module imported over the fakes, and the wiring it read."""
    sys.modules.pop("tanteador.board", None)
    sys.modules.pop("tanteador.wiring", None)


