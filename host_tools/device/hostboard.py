"""HostBoard: the board protocol without hardware, for the simulator, tests and the gallery.

Runs unchanged on CPython (with the framebuf stand-in) and on MicroPython
(real framebuf). Buttons are levels set by a script or the keyboard, the
clock is whatever the driver says it is, and the display is a plain
128x64 MONO_VLSB buffer that can be rendered to PNG or text art.
"""

import gc

import framebuf

WIDTH = 128
HEIGHT = 64


class HostBoard:
    """The board protocol of tanteador.app, played by a PC (or the unix port)."""

    name = "host"

    def __init__(self, folder=None, fs=None):
        if fs is None:
            from tanteador.flashfs import DirFS

            fs = DirFS(folder if folder is not None else "flash")
        self.fs = fs
        self.buffer = bytearray(WIDTH * HEIGHT // 8)
        self.display = framebuf.FrameBuffer(self.buffer, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.levels = [False, False, False, False]
        self.now = 0
        self.frames = 0
        self.frame = bytes(len(self.buffer))
        self.contrast_level = 255
        self.powered = True
        self.freq = 0
        self.tones = []
        self.feeds = 0

    def seed(self, n):
        """Make the app's random draws (first dealer, seats) repeat for the same n."""
        from tanteador.app import seeded_rand

        self.rand_below = seeded_rand(n)

    def buttons(self):
        """Levels of UP, DOWN, OK, BACK; True = pressed."""
        return tuple(self.levels)

    def press(self, button, down=True):
        """Set the level of one button (index as in tanteador.buttons)."""
        self.levels[button] = bool(down)

    def release_all(self):
        for i in range(4):
            self.levels[i] = False

    def ticks_ms(self):
        return self.now

    def advance(self, ms):
        """Move the fake clock on; returns the new time."""
        self.now += ms
        return self.now

    def show(self):
        """Count the frame and keep a copy of it (what the OLED would show now)."""
        self.frames += 1
        self.frame = bytes(self.buffer)

    def contrast(self, v):
        self.contrast_level = v

    def power(self, on):
        self.powered = bool(on)

    def tone(self, freq):
        """Record buzzer changes as (time, freq) so tests can hear the tunes."""
        if freq != self.freq:
            self.freq = freq
            self.tones.append((self.now, freq))
            if len(self.tones) > 64:
                self.tones.pop(0)

    def feed(self):
        self.feeds += 1

    def mem_free(self):
        f = getattr(gc, "mem_free", None)
        return f() if f else None

    def pixel(self, x, y):
        """Pixel of the last shown frame (0/1)."""
        return (self.frame[(y >> 3) * WIDTH + x] >> (y & 7)) & 1
