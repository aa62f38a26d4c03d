"""HostBoard: the board contract without hardware, for the simulator, tests and the gallery.

Runs unchanged on CPython (with the framebuf stand-in) and on MicroPython
(real framebuf). Buttons are levels set by a script or the keyboard, each
change also kept as a timestamped edge in the same ring the Pico's pin
interrupts fill; the clock is whatever the driver says it is, and the
display is a plain 128x64 MONO_VLSB buffer that can be rendered to PNG or
text art.

With a ``DeviceTime`` (``board.timing``) the board charges its clock for
what takes time on the Pico: the pages each frame sends, the drawing, each
file written to the flash. A driver that keeps its presses on its own
clock then sees the app fall behind and catch up, as on the device.
"""

import gc

try:
    from .pcboard import PCBoard
except ImportError:  # MicroPython: this folder is on MICROPYPATH, a module is top-level
    from pcboard import PCBoard


class HostBoard(PCBoard):
    """The board contract of tanteador.app, played by a PC (or the unix port)."""

    name = "host"

    def __init__(self, folder=None, fs=None):
        if fs is None:
            from tanteador.flashfs import DirFS

            fs = DirFS(folder if folder is not None else "flash")
        PCBoard.__init__(self, fs)
        self._fs = fs
        self.timing = None
        self._us = 0
        self.pages_sent = 0
        self.last_mask = 0       # pages the last frame sent
        self.last_windows = []   # and the rectangles of them an SSD1306 gets (tanteador.pages)
        self.frames = 0
        self.tones = []
        self.feeds = 0

    def set_timing(self, timing):
        """Charge the Pico's times (a DeviceTime) from now on; None: everything is free."""
        self.timing = timing
        self.fs = self._fs if timing is None else TimedFS(self._fs, self)

    def press(self, button, down=True, t=None):
        """Set the level of one button (index as in tanteador.buttons), as an edge at ``t`` (default now)."""
        self.levels[button] = bool(down)
        self.ring.push(button, down, self.now if t is None else t)

    def release_all(self):
        for i in range(4):
            if self.levels[i]:
                self.press(i, False)

    def advance(self, ms):
        """Move the fake clock on; returns the new time."""
        self.now += ms
        return self.now

    def charge(self, us):
        """The device is busy for ``us`` microseconds: the clock moves on."""
        us += self._us
        self.now += us // 1000
        self._us = us % 1000

    def show(self):
        """Count the frame and keep a copy of it (what the OLED would show now)."""
        self.frames += 1
        mask = self._diff.changed()
        self.last_mask = mask
        self.last_windows = self._diff.windows if mask else []
        m = mask
        while m:
            self.pages_sent += m & 1
            m >>= 1
        if self.timing is not None:
            self.charge(self.timing.frame_us(self.last_windows))

    def contrast(self, v):
        """Keep the brightness the app set, for the pictures."""
        self.contrast_level = v

    def power(self, on):
        """Keep whether the panel is lit, for the pictures."""
        self.powered = bool(on)

    def tone(self, freq):
        """Record buzzer changes as (time, freq) so tests can hear the tunes."""
        if freq != self.freq:
            self.freq = freq
            self.tones.append((self.now, freq))
            if len(self.tones) > 64:
                self.tones.pop(0)

    def feed(self):
        """Count the watchdog feeds: one per pass of the app's loop."""
        self.feeds += 1

    def mem_free(self):
        """Free heap on MicroPython; None on CPython, which has no such figure."""
        f = getattr(gc, "mem_free", None)
        return f() if f else None

    def pixel(self, x, y):
        """Pixel of the last shown frame (0/1)."""
        page = self._diff.sent[y >> 3]
        return 0 if not page else (page[x] >> (y & 7)) & 1


class TimedFS:
    """The board's flash folder, charging the board's clock for each file written."""

    def __init__(self, fs, board):
        self.fs = fs
        self.board = board

    def open(self, name, mode="r"):
        f = self.fs.open(name, mode)
        if "w" in mode or "a" in mode:
            return _TimedFile(f, self.board)
        return f

    def __getattr__(self, name):
        return getattr(self.fs, name)


class _TimedFile:
    """A file written to the flash: each sync (a flush, or the close) is
    charged for the bytes written since the last, as littlefs programs them then."""

    def __init__(self, f, board):
        self.f = f
        self.board = board
        self.n = 0
        self.synced = False

    def write(self, data):
        self.n += len(data)
        return self.f.write(data)

    def flush(self):
        self.f.flush()
        if self.n:
            self._charge()

    def close(self):
        self.f.close()
        if self.n or not self.synced:
            self._charge()

    def _charge(self):
        self.board.charge(self.board.timing.file_us(self.n))
        self.n = 0
        self.synced = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
