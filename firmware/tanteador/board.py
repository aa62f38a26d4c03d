"""The Pico shell: pins, I2C, the OLED, the buzzer, the watchdog and the flash.

This is the only module that touches ``machine`` or the ``ssd1306`` driver;
everything above it gets plain values (button levels, milliseconds) and a
FrameBuffer-compatible display. It is wired as config.py says, or as the
device's board file says over that (``WIRING``, see tanteador.wiring).

The board contract: what the app, its screens and the boot frame use of a
board. The Pico's Board below keeps it, and so do the PC's boards, the
simulator's HostBoard and the web page's WebBoard (their shared part is
host_tools/device/pcboard.py); a test holds every board to this list.

Every board has:

    name                a short word for the About screen: "pico", "host", "web"
    fs                  the flash folder the store writes (tanteador.flashfs.DirFS or alike);
                        a file's flush() puts what was written on flash, as its close()
                        does: the store keeps the journal open and flushes each line
    display             a framebuf.FrameBuffer the Painter draws on
    buffer              the 1024 MONO_VLSB bytes behind display; the boot frame keeps them
    buttons()           levels of UP, DOWN, OK, BACK now; True = pressed
    take_edges(sink)    sink(button, pressed, t_ms) per edge since the last call, oldest
                        first, stamped on the ticks_ms clock
    edge_overflows      edges lost because the ring was full
    ticks_ms()          milliseconds since boot, never wrapping
    show()              send what changed in buffer to the glass
    contrast(v)         brightness 0..255
    power(on)           light (True) or blank (False) the panel
    tone(freq)          a square wave of freq Hz on the buzzer; 0 = silent
    feed()              feed the watchdog: once per pass of the app's loop
    mem_free()          free heap in bytes, or None where the port cannot tell

A board may have (the app looks with getattr and does without):

    rand_below(n)       a random int in 0..n-1 for the draws, else a generator
                        seeded from the boot time
    edge_flag(every_ms)  an asyncio ThreadSafeFlag set at every button edge and
                        every every_ms: the loop waits on it, so a press is taken at once
    nap(ms)             light-sleep while the panel is blank; True if it slept
    close()             the loop has ended: silence, free the interrupts, stop the watchdog
    problems            why the device's board file was refused (the default wiring runs
                        instead): the app says so on screen; empty or None when it was not
"""

from machine import I2C, PWM, WDT, Pin, lightsleep, mem32

import gc
import time

import micropython
from micropython import const

from tanteador.buttons import DEBOUNCE_MS, EdgeRing
from tanteador.flashfs import DirFS
from tanteador.pages import PageDiff, runs
from tanteador.wiring import WIRING

# The RP2040/RP2350 watchdog can be started but MicroPython cannot stop it.
# Clearing the ENABLE bit of its CTRL register is the documented way in the
# datasheets; close() uses it so an interrupted app leaves a usable REPL
# (mpremote interrupts main.py before copying files).
_WDT_CTRL_RP2040 = const(0x40058000)
_WDT_CTRL_RP2350 = const(0x400D8000)
_WDT_ENABLE = const(0x40000000)
# The RP2040 watchdog counts to about 8.3 s at most.
_WDT_MAX_MS = const(8300)
_TONE_MIN = const(20)
_TONE_MAX = const(20000)
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_DISP_ON = const(0xAF)
# The control byte before a stream of commands, and before display data.
_CMDS = const(0x00)
_DATA = memoryview(b"\x40")
_EMERGENCY_BUF = const(100)
_BOTH_EDGES = Pin.IRQ_FALLING | Pin.IRQ_RISING


def open_display(i2c):
    """The OLED named by ``WIRING.DISPLAY`` on ``i2c``, or None with the reason printed."""
    c = WIRING
    w = c.OLED_WIDTH
    h = c.OLED_HEIGHT
    try:
        if c.DISPLAY == "sh1106":
            from tanteador.sh1106 import SH1106_I2C
            return SH1106_I2C(w, h, i2c, c.OLED_ADDR, col_offset=c.SH1106_COL_OFFSET)
        from ssd1306 import SSD1306_I2C  # pyright: ignore[reportMissingImports]
        starting = _Starting(i2c)
        d = SSD1306_I2C(w, h, starting, c.OLED_ADDR)
        starting.send(c.OLED_ADDR)
        d.i2c = i2c
        return d
    except ImportError as e:
        print("display: driver missing (mpremote mip install ssd1306):", e)
    except OSError as e:
        try:
            found = [hex(a) for a in i2c.scan()]
        except OSError:
            found = "bus error"
        print("display: no answer at", hex(c.OLED_ADDR), "on I2C", c.I2C_ID,
              "SDA GP%d SCL GP%d" % (c.I2C_SDA, c.I2C_SCL), "found:", found, "error:", e)
    return None


class _Starting:
    """The I2C bus as the SSD1306 driver sees it while it starts: its setup
    commands are gathered and go out in one write (``send``); its clear of
    the panel's memory (1 KB, 23 ms at 400 kHz) and the command that lights
    the panel, its last, do not. The panel stays dark, its memory as it was,
    until the board's first frame is on it (Board.show), sent whole.

    micropython-lib's driver writes each command alone, after its own
    control byte: some thirty writes, 5 ms of every boot on a Pico, where
    one write of them all after one control byte takes 1 ms."""

    def __init__(self, i2c):
        self.i2c = i2c
        self.cmds = bytearray((_CMDS,))

    def writeto(self, addr, buf):
        if buf[-1] == _DISP_ON:
            # Alone after its control byte (micropython-lib's driver), or
            # at the end of the commands written with it.
            buf = buf[:-1]
        self.cmds.extend(buf[1:])

    def writevto(self, addr, bufs):
        pass

    def send(self, addr):
        """Write the gathered setup commands to the display at ``addr``."""
        if len(self.cmds) > 1:
            self.i2c.writeto(addr, self.cmds)


def _ssd1306_windows(d, windows, cmd):
    """Send the rectangles ``windows`` (c0, c1, p0, p1) of micropython-lib's SSD1306 frame.

    Each is a column and page window set in one command write, then its
    bytes, page by page, in one data write (horizontal addressing wraps
    inside the window). ``cmd`` is a 7-byte scratch buffer.
    """
    w = d.width
    buf = memoryview(d.buffer)
    i2c = d.i2c
    addr = d.addr
    for c0, c1, p0, p1 in windows:
        cmd[2] = c0
        cmd[3] = c1
        cmd[5] = p0
        cmd[6] = p1
        i2c.writeto(addr, cmd)
        if c1 - c0 + 1 == w:
            # Whole pages lie end to end in the frame: one slice, not one a page.
            parts = [_DATA, buf[p0 * w:(p1 + 1) * w]]
        else:
            parts = [_DATA]
            for p in range(p0, p1 + 1):
                parts.append(buf[p * w + c0:p * w + c1 + 1])
        i2c.writevto(addr, parts)


class ButtonIrq:
    """The hard interrupt handler of one button: it allocates nothing and raises nothing.

    A hard interrupt runs with the heap locked. Its handler is a bound
    method of an object made at boot: a closure over more than a few names
    would allocate at every call (MicroPython builds its arguments on the
    heap then), raise MemoryError and be switched off by the firmware.
    """

    def __init__(self, ring, pin, button):
        self.ring = ring
        self.pin = pin
        self.button = button
        # The app loop's flag (an asyncio ThreadSafeFlag), set at every edge
        # so that a press is taken at once, not at the loop's next tick.
        self.wake = None

    def on_edge(self, pin):
        """Push the level the button now has, stamped with ``time.ticks_ms``.

        Interrupts are off while the flash is written; a tap that starts and
        ends in that time arrives as one call with both edges flagged and
        the button already up. The press is then put a debounce time before
        the release, so the tap still counts (a bounce flags both edges too,
        but its first level is the one last pushed, which the ring drops).
        """
        t = time.ticks_ms()
        down = not pin.value()
        if pin.irq().flags() & _BOTH_EDGES == _BOTH_EDGES:
            self.ring.push(self.button, not down, time.ticks_add(t, -DEBOUNCE_MS))
        self.ring.push(self.button, down, t)
        wake = self.wake
        if wake is not None:
            wake.set()


async def _tick(flag, every_ms):
    # With no edge, the loop still looks at its timers (notices, sleep, sound) this often.
    import asyncio

    while True:
        await asyncio.sleep_ms(every_ms)
        flag.set()


def _i2c():
    c = WIRING
    return I2C(c.I2C_ID, sda=Pin(c.I2C_SDA), scl=Pin(c.I2C_SCL), freq=c.I2C_FREQ)


def _wdt_ctrl_address():
    import os

    try:
        machine_name = os.uname().machine
    except AttributeError:
        machine_name = ""
    return _WDT_CTRL_RP2350 if "RP2350" in machine_name else _WDT_CTRL_RP2040


class Board:
    """The Board protocol on a Raspberry Pi Pico (see the hardware docs for the wiring)."""

    name = "pico"

    def __init__(self, fs_root="/tt"):
        c = WIRING
        problems = getattr(c, "problems", None)
        if problems:
            from tanteador.boardfile import report

            report(problems)
        # A refused board file leaves config's wiring (tanteador.wiring): the app says so on screen.
        self.problems = problems
        self._i2c = _i2c()
        display = open_display(self._i2c)
        self.display_ok = display is not None
        if display is None:
            # The app draws all the same; the stand-in is loaded only on a board whose OLED is silent.
            from tanteador.nodisplay import NoDisplay

            display = NoDisplay(c.OLED_WIDTH, c.OLED_HEIGHT)
        self.display = display
        self._show_failed = False
        self._pins = [Pin(n, Pin.IN, Pin.PULL_UP) for n in c.BUTTON_PINS]
        self.buffer = self.display.buffer
        self._diff = PageDiff(self.buffer, c.OLED_WIDTH)
        # Both drivers leave the panel dark as they start, its memory unknown
        # (as a new PageDiff takes it): the first frame goes whole, then the
        # panel is lit (show).
        self._dark = self.display_ok
        self._win = bytearray((_CMDS, _SET_COL_ADDR, 0, 0, _SET_PAGE_ADDR, 0, 0))
        # Every button edge is timestamped by a pin interrupt into a ring
        # allocated here, so a press made while the app draws or saves is kept.
        self._ring = EdgeRing()
        # An interrupt that ever fails must print its real cause: on a port
        # without a static buffer the report itself would need the locked
        # heap (the unix port has no such call, and needs none).
        reserve = getattr(micropython, "alloc_emergency_exception_buf", None)
        if reserve is not None:
            reserve(_EMERGENCY_BUF)
        self._irqs = [ButtonIrq(self._ring, self._pins[i], i) for i in range(len(self._pins))]
        for irq in self._irqs:
            irq.pin.irq(irq.on_edge, _BOTH_EDGES, hard=True)
        self._pwm = None
        if c.BUZZER_PIN is not None:
            self._pwm = PWM(Pin(c.BUZZER_PIN))
            self._pwm.duty_u16(0)
        self._vbus = None
        if c.VBUS_SENSE_PIN is not None:
            self._vbus = Pin(c.VBUS_SENSE_PIN, Pin.IN)
        self._lit = True
        self._wdt = None
        self._last_ticks = time.ticks_ms()
        self._ms = 0
        self.fs = DirFS(fs_root)

    def buttons(self):
        """Levels of UP, DOWN, OK, BACK; True = pressed (the pins read 0 when pressed)."""
        p = self._pins
        return (not p[0].value(), not p[1].value(), not p[2].value(), not p[3].value())

    def take_edges(self, sink):
        """Call ``sink(button, pressed, t_ms)`` for each edge captured since the last call, in order.

        The interrupt stamps edges with ``time.ticks_ms``; they are put on
        the clock of ``ticks_ms`` here.
        """
        raw = time.ticks_ms()
        now = self._advance(raw)
        diff = time.ticks_diff

        def on_clock(b, pressed, t):
            d = diff(raw, t)
            sink(b, pressed, now - d if d > 0 else now)

        self._ring.take(on_clock)

    def edge_flag(self, every_ms):
        """An asyncio ThreadSafeFlag the button interrupts set (allocation-free) at every
        edge, and a task of the running loop every ``every_ms``, for the timers."""
        import asyncio

        flag = asyncio.ThreadSafeFlag()
        for irq in self._irqs:
            # None until now (no annotations on the device): the checker took it for None's type.
            irq.wake = flag  # pyright: ignore[reportAttributeAccessIssue]
        asyncio.create_task(_tick(flag, every_ms))
        return flag

    @property
    def edge_overflows(self):
        """Button edges lost because the ring was full."""
        return self._ring.overflows

    def ticks_ms(self):
        """Monotonic milliseconds since boot.

        ``time.ticks_ms`` wraps; summing ``ticks_diff`` steps keeps counting
        as long as this is called at least once every few days.
        """
        return self._advance(time.ticks_ms())

    def _advance(self, raw):
        self._ms += time.ticks_diff(raw, self._last_ticks)
        self._last_ticks = raw
        return self._ms

    def show(self):
        """Send what changed to the OLED; an I2C error is reported once, not raised.

        The SSD1306 gets the changed columns of the changed pages (see
        tanteador.pages); the SH1106 has no column window: whole pages.
        """
        if not self.display_ok:
            return
        d = self.display
        mask = self._diff.changed()
        if not mask:
            return
        try:
            if WIRING.DISPLAY == "sh1106":
                for first, last in runs(mask):
                    # The SH1106 driver's: display_ok rules the stand-in out.
                    d.show_pages(first, last)  # pyright: ignore[reportAttributeAccessIssue]
            else:
                _ssd1306_windows(d, self._diff.windows, self._win)
            self._show_failed = False
            if self._dark:
                self._dark = False
                if self._lit:
                    d.poweron()
        except OSError as e:
            self._diff.forget()
            if not self._show_failed:
                print("display: write failed:", e)
            self._show_failed = True

    def contrast(self, v):
        """OLED brightness 0..255."""
        try:
            self.display.contrast(max(0, min(255, v)))
        except OSError:
            self._show_failed = True

    def power(self, on):
        """Light (True) or blank (False) the OLED panel."""
        self._lit = bool(on)
        if self._dark:
            # Lit by its first frame (show): its memory is not that frame yet.
            return
        try:
            if on:
                self.display.poweron()
            else:
                self.display.poweroff()
        except OSError:
            self._show_failed = True

    def tone(self, freq):
        """Square wave of ``freq`` Hz on the buzzer; 0 = silent. No-op without a buzzer."""
        pwm = self._pwm
        if pwm is None:
            return
        if freq <= 0:
            pwm.duty_u16(0)
            return
        pwm.freq(max(_TONE_MIN, min(_TONE_MAX, int(freq))))
        pwm.duty_u16(32768)

    def feed(self):
        """Feed the watchdog, starting it on the first call.

        Starting late means a boot that ends in the REPL (an error before the
        loop, or an interrupted main.py) is never reset behind the user's back.
        """
        wdt = self._wdt
        if wdt is None:
            timeout = WIRING.WDT_TIMEOUT_MS
            if timeout <= 0:
                return
            wdt = self._wdt = WDT(timeout=min(timeout, _WDT_MAX_MS))
        wdt.feed()

    def rand_below(self, n):
        """A random int in 0..n-1 for the first-dealer draw.

        MicroPython seeds ``random`` from the chip's ring oscillator at boot,
        so every power-on draws differently; the app's own generator, seeded
        from the boot time, would repeat the same draw.
        """
        from random import getrandbits

        return getrandbits(24) % n

    def mem_free(self):
        """Free heap in bytes, after a collection."""
        gc.collect()
        return gc.mem_free()

    def usb_powered(self):
        """True when USB power is present (or cannot be told), False on battery."""
        return self._vbus is None or bool(self._vbus.value())

    def nap(self, ms):
        """Light-sleep the chip for ``ms`` while the panel is blank and on battery.

        Returns True if it slept. Light sleep stops USB, so it is skipped when
        USB power is present; ``ms`` must stay well under the watchdog timeout.
        """
        if self._lit or self.usb_powered():
            return False
        lightsleep(ms)
        return True

    def close(self):
        """Silence the buzzer, free the button interrupts and stop the watchdog: the app loop has ended."""
        self.tone(0)
        for p in self._pins:
            p.irq(handler=None)
        if self._wdt is not None:
            addr = _wdt_ctrl_address()
            mem32[addr] = mem32[addr] & ~_WDT_ENABLE
            self._wdt = None
